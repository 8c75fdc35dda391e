#!/usr/bin/env bash
# Sync measured (Docs/performance.md, "Sync"): push and pull of a whole
# history, an idle sync, and a small pull on top of it, through a folder and
# through a PostgreSQL server started for the run (durable: fsync on).
#   Benchmarks/sync.sh [SIZE] [OUT]      (SIZE M or L, default M; OUT default /tmp/haru-sync-bench)
# PG=0 skips PostgreSQL.
# Uses $HARU (default .build/release/haru). Prints seconds, events/s and peak RSS.
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-M}
out=${2:-/tmp/haru-sync-bench}
haru=${HARU:-$PWD/.build/release/haru}
w=$(Benchmarks/workload.sh "$size" /tmp/haru-bench | tail -1)
rm -rf "$out" && mkdir -p "$out/shared"
a=$out/a b=$out/b
export TZ=UTC
timed() {  # label, events, command…
    local label=$1 n=$2; shift 2
    local t0 t1 rss
    t0=$(date +%s.%N)
    rss=$( { /usr/bin/time -f %M "$@" >/dev/null; } 2>&1 | tail -1)
    t1=$(date +%s.%N)
    python3 -c "t=$t1-$t0; n=$n; print(f'{\"$label\":<34} {t:8.3f} s  ' + (f'{n/t:>10,.0f} events/s' if n else ' '*20) + f'  peak RSS {int(\"$rss\")/1024:.0f} MiB')"
}
"$haru" --ledger "$a" import jsonl "$w/events.jsonl" --no-sync >/dev/null
n=$("$haru" --ledger "$a" verify --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["events"])')
echo "workload $size: $n events"
timed "push (sync, first time)" "$n" "$haru" --ledger "$a" sync "$out/shared"
du -sh "$out/shared" | awk '{print "folder: " $1}'
timed "pull (init --from)" "$n" "$haru" --ledger "$b" init --from "$out/shared"
timed "idle sync (nothing new)" 0 "$haru" --ledger "$b" sync
timed "idle sync (nothing new), device A" 0 "$haru" --ledger "$a" sync
"$haru" --ledger "$a" count Water --now 2030-01-01T12:00:00Z >/dev/null 2>&1 || "$haru" --ledger "$a" append - <<<'{"type":"tag.created","at":"2030-01-01T12:00:00Z","data":{"tag_id":"bench-tag","name":"bench"}}' >/dev/null
timed "push of one event" 1 "$haru" --ledger "$a" sync
timed "pull of one event" 1 "$haru" --ledger "$b" sync
# A merge that brings an event made before this device's last one (both
# recorded while apart): B records at 13:00, A at 12:30 (by their clocks).
"$haru" --ledger "$b" append - --now 2030-01-01T13:00:00Z <<<'{"type":"tag.created","at":"2030-01-01T13:00:00Z","data":{"tag_id":"bench-b","name":"bench b"}}' >/dev/null
"$haru" --ledger "$a" append - --now 2030-01-01T12:30:00Z <<<'{"type":"tag.created","at":"2030-01-01T12:30:00Z","data":{"tag_id":"bench-a","name":"bench a"}}' >/dev/null
"$haru" --ledger "$a" sync --now 2030-01-01T13:05:00Z >/dev/null
timed "pull of one event made before (reordering)" 1 "$haru" --ledger "$b" sync --now 2030-01-01T13:06:00Z
# The same with 100 events made on A (one commit each) before B's last.
"$haru" --ledger "$b" append - --now 2030-01-01T15:00:00Z <<<'{"type":"tag.created","at":"2030-01-01T15:00:00Z","data":{"tag_id":"bench-b2","name":"bench b2"}}' >/dev/null
for i in $(seq 0 99); do
    t=$(printf '2030-01-01T14:%02d:%02dZ' $((i / 2)) $((i % 2 * 30)))
    "$haru" --ledger "$a" append - --now "$t" <<<"{\"type\":\"tag.created\",\"at\":\"$t\",\"data\":{\"tag_id\":\"bench-a$i\",\"name\":\"bench a$i\"}}" >/dev/null
done
"$haru" --ledger "$a" sync --now 2030-01-01T15:05:00Z >/dev/null
timed "pull of 100 events made before (reordering)" 100 "$haru" --ledger "$b" sync --now 2030-01-01T15:06:00Z
"$haru" --ledger "$b" verify >/dev/null && echo "device B verifies"

[ "${PG:-1}" = 0 ] && exit 0
echo "PostgreSQL (a server of its own, fsync on):"
port=$((20000 + RANDOM % 30000))
url=$(scripts/pg-server.sh start "$out/pg" "$port")
trap 'scripts/pg-server.sh stop "$out/pg"' EXIT
timed "push (sync URL, first time)" "$n" "$haru" --ledger "$a" sync "$url"
target=$("$haru" --ledger "$a" sync --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["target"])')
psql "$url" -Atc "SELECT pg_size_pretty(pg_total_relation_size('haru_events'))" | sed 's/^/table: /'
timed "pull (init --from URL)" "$n" "$haru" --ledger "$out/c" init --from "$target"
timed "idle sync (nothing new)" 0 "$haru" --ledger "$out/c" sync
"$haru" --ledger "$a" append - <<<'{"type":"tag.created","at":"2030-01-02T12:00:00Z","data":{"tag_id":"bench-tag-2","name":"bench 2"}}' >/dev/null
timed "push of one event" 1 "$haru" --ledger "$a" sync
timed "pull of one event" 1 "$haru" --ledger "$out/c" sync
"$haru" --ledger "$out/c" verify >/dev/null && echo "device C verifies"
