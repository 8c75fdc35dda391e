#!/usr/bin/env bash
# Ledger-core benchmark: whole-process timings of the real `haru` binary on
# the shared workload (../shared/bench), plus in-process read-path rates.
#
#   Benchmarks/run.sh [S|M|L]…      (default: M)
#
# Needs python3; builds haru in release mode. Writes raw results to
# $OUT (default /tmp/haru-bench) and prints a table. Not part of the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
shared=${SHARED:-$root/../shared}
out=${OUT:-/tmp/haru-bench}
sizes=("${@:-M}")
scripts/setup.sh
swift build -c release --product haru 2>&1 | tail -n 1
swift build -c release --product haru-bench 2>&1 | tail -n 1
haru=$root/.build/release/haru
mkdir -p "$out"
timeit() { python3 "$shared/bench/timeit.py" --out "$out/results.jsonl" "$@" >/dev/null; }
days() { case $1 in S) echo 500;; M) echo 5000;; L) echo 50000;; *) echo "size S, M or L" >&2; exit 2;; esac; }
runs() { case $1 in L) echo 3;; *) echo 5;; esac; }
: > "$out/results.jsonl"
for size in "${sizes[@]}"; do
    w=$out/workload-$size
    [ -f "$w/sessions.jsonl" ] || python3 "$shared/bench/gen_workload.py" --days "$(days "$size")" --seed 42 "$w" >/dev/null
    [ -f "$w/events.jsonl" ] || python3 Benchmarks/workload_to_events.py "$w" "$w/events.jsonl" 2>/dev/null
    n=$(wc -l < "$w/events.jsonl")
    l=$out/ledger-$size
    r=$(runs "$size")
    # Batch ingest: one `haru append` of the whole history into a fresh ledger, durable (one fsync).
    timeit --peer haru --task ingest --size "$size" --records "$n" --runs "$r" --warmup 1 -- \
        "rm -rf $l && $haru --ledger $l init --time-zone Asia/Tokyo --now 2024-01-01T00:00:00Z && $haru --ledger $l append $w/events.jsonl"
    # One event per process call, on a ledger of this size (20 calls, each durable).
    cp -r "$l" "$l.count"
    timeit --peer haru --task count-x20 --size "$size" --records 20 --runs "$r" --warmup 1 -- \
        "for i in \$(seq 20); do $haru --ledger $l.count count water; done"
    rm -rf "$l.count"
    timeit --peer haru --task verify --size "$size" --records "$n" --runs "$r" --warmup 1 -- "$haru --ledger $l verify"
    timeit --peer haru --task log-json --size "$size" --records "$n" --runs "$r" --warmup 1 -- "$haru --ledger $l log --json"
    # Queries (issue 3): one day, a year of days, every day of the workload (what the peers' daily reports do).
    last=$(python3 -c "import datetime;print(datetime.date(2024,1,1)+datetime.timedelta(days=$(days "$size")-1))")
    now="--now 2200-01-01T00:00:00Z"
    timeit --peer haru --task day --size "$size" --records 1 --runs "$r" --warmup 1 -- "$haru --ledger $l day 2030-06-15 $now"
    timeit --peer haru --task report-year --size "$size" --records 365 --runs "$r" --warmup 1 -- \
        "$haru --ledger $l report --from 2030-01-01 --to 2030-12-31 --every day $now"
    timeit --peer haru --task report-all --size "$size" --records "$n" --runs "$r" --warmup 1 -- \
        "$haru --ledger $l report --from 2024-01-01 --to $last --every day --json $now"
    timeit --peer haru --task report-as-of --size "$size" --records 365 --runs "$r" --warmup 1 -- \
        "$haru --ledger $l report --from 2030-01-01 --to 2030-12-31 --every day --as-of 2030-07-01T12:00:00+09:00"
    timeit --peer haru --task report-known-at --size "$size" --records 365 --runs "$r" --warmup 1 -- \
        "$haru --ledger $l report --from 2030-01-01 --to 2030-12-31 --every day --known-at $((n / 2)) $now"
    echo "in-process ($size, $n events):"
    "$root/.build/release/haru-bench" "$l" scan replay verify | sed 's/^/  /'
done
python3 - "$out/results.jsonl" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
print(f"{'task':<16} {'size':<4} {'median s':>9} {'min–max s':>15} {'per s':>12} {'peak MiB':>9}")
for r in rows:
    per = r["records"] / r["wall_median"]
    unit = "calls/s" if r["task"].startswith("count") else "days/s" if r["task"] in ("day", "report-year", "report-as-of", "report-known-at") else "events/s"
    if any(c != 0 for c in r["exit_codes"]):
        print(f"{r['task']:<16} {r['size']:<4} FAILED: exit codes {r['exit_codes']} ({r['cmd']})")
        continue
    print(f"{r['task']:<16} {r['size']:<4} {r['wall_median']:>9.3f} {r['wall_min']:>7.3f}–{r['wall_max']:<7.3f} {per:>10.0f} {unit:<8} {r.get('peak_mib', 0):>5.0f}")
PY
