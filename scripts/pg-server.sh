#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests and benchmarks of `haru sync
# postgresql://…` (Debian's postgresql package; scripts/setup.sh installs it).
#   scripts/pg-server.sh start DIR PORT   makes a cluster in DIR (trust auth, 127.0.0.1:PORT), starts it, prints its URL
#   scripts/pg-server.sh stop DIR         stops it and removes DIR
# PG_NOSYNC=1: no fsync (tests); benchmarks leave the server durable.
# As root (CI) the server runs as the `postgres` user, which initdb requires.
set -euo pipefail
bindir=$(pg_config --bindir 2>/dev/null || ls -d /usr/lib/postgresql/*/bin | tail -1)
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
# The server's tools run from / : the postgres user may not enter the
# directory this was started from (a checkout of mode 0700), and their
# "could not change directory" warnings must not mix with the URL printed.
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
[ $# -ge 2 ] && set -- "$1" "$(abs "$2")" "${@:3}"
cd /
case ${1:-} in
start)
    dir=$2 port=$3
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_pg "$bindir/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1${PG_NOSYNC:+ -c fsync=off -c synchronous_commit=off}" start >/dev/null
    echo "postgresql://postgres@127.0.0.1:$port/postgres"
    ;;
stop)
    dir=$2
    [ -d "$dir/data" ] && as_pg "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
*) echo "usage: $0 start DIR PORT | stop DIR" >&2; exit 2 ;;
esac
