#!/usr/bin/env bash
# The timewarrior import benchmark: N generated intervals (default 1,000,000)
# imported into a new ledger, then the same records appended as JSON Lines
# into another, alternately RUNS times (default 3): the import's rate and
# how it compares with a plain append of the same records on the same
# machine. Then a second import of the same export (nothing to add).
#   HARU=.build/release/haru Benchmarks/timew-import.sh [N] [RUNS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
haru=${HARU:-$here/../.build/release/haru}
n=${1:-1000000}
runs=${2:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/timew_export.py" "$n" "$work/export.json" "$work/twin.jsonl"
seconds() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null; t1=$(date +%s.%N); python3 -c "print($t1 - $t0)"; }
calc() { python3 -c "print($1)"; }
for r in $(seq 1 "$runs"); do
    rm -rf "$work/a" "$work/b"
    "$haru" --ledger "$work/a" init --time-zone UTC >/dev/null
    "$haru" --ledger "$work/b" init --time-zone UTC >/dev/null
    ti=$(seconds "$haru" --ledger "$work/a" import timew "$work/export.json")
    ta=$(seconds "$haru" --ledger "$work/b" append "$work/twin.jsonl")
    printf 'run %d: import timew %.2f s (%.0f k intervals/s) · append of the same records %.2f s · import/append %.2f\n' \
        "$r" "$ti" "$(calc "$n / $ti / 1000")" "$ta" "$(calc "$ti / $ta")"
done
tr=$(seconds "$haru" --ledger "$work/a" import timew "$work/export.json")
printf 're-import of the same export (adds nothing): %.2f s\n' "$tr"
"$haru" --ledger "$work/a" verify
