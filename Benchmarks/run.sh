#!/usr/bin/env bash
# The HaruLedger benchmark: every figure of issue 5, measured on the shared
# workload (../shared/bench) beside the peer tools, in one run.
#
#   Benchmarks/run.sh [S|M|L]…          default: S M (under 10 minutes here); L is opt-in
#
# Environment: HARU (a haru binary to time; default: build .build/release/haru), OUT (default /tmp/haru-bench), PEERS (default "sqlite timew
# hledger lmdb_c"; empty: no peers), RUNS (default 5 at S/M, 3 at L).
# Whole-process timings through ../shared/bench/timeit.py (median of RUNS after
# one warm-up, peak RSS); results in $OUT/results.jsonl; the table on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
shared=${SHARED:-$root/../shared}
out=${OUT:-/tmp/haru-bench}
peers=${PEERS-sqlite timew hledger lmdb_c}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(S M)
scripts/setup.sh
for p in $peers; do
    case $p in
        sqlite) need=sqlite3 ;; timew) need=timewarrior ;; hledger) need=hledger ;; *) need= ;;
    esac
    if [ -n "$need" ] && ! command -v "${need/timewarrior/timew}" >/dev/null; then
        if [ "$(id -u)" = 0 ]; then apt-get install -y -qq "$need" >/dev/null; else echo "peer $p needs $need" >&2; exit 1; fi
    fi
done
if [ -n "${HARU:-}" ]; then
    haru=$HARU  # a given binary (e.g. a copy, so the tree can be rebuilt while this runs)
else
    scripts/build-release.sh --product haru 2>&1 | tail -n 1
    haru=$root/.build/release/haru
fi
mkdir -p "$out"
# The floor of one call: a statically linked Swift hello-world, built here.
printf 'print("hello")\n' > "$out/hello.swift"
swiftc -O -static-stdlib "$out/hello.swift" -o "$out/hello-static"
results=$out/results.jsonl
: > "$results"
: > "$out/checks.txt"
timer="python3 $root/Benchmarks/timer.py"
timeit() { $timer --out "$results" "$@" >/dev/null; }
days() { case $1 in S) echo 500;; M) echo 5000;; L) echo 50000;; *) echo "size S, M or L" >&2; exit 2;; esac; }
for size in "${sizes[@]}"; do
    n_days=$(days "$size")
    runs=${RUNS:-$([ "$size" = L ] && echo 3 || echo 5)}
    w=$(Benchmarks/workload.sh "$size" "$out")
    last=$(cat "$w/last-day")
    n=$(wc -l < "$w/events.jsonl")
    l=$out/ledger-$size
    now="--now ${last}T12:00:00+09:00"
    echo "== $size: $n events, $n_days days, up to $last" >&2

    # Batch ingest: the whole history in one `haru append`, durable (one fsync).
    timeit --peer haru --task ingest --size "$size" --records "$n" --runs "$runs" --warmup 1 -- \
        "rm -rf $l && $haru --ledger $l init --time-zone Asia/Tokyo --now 2024-01-01T00:00:00Z && $haru --ledger $l append $w/events.jsonl"
    [ -f "$l/data.mdb" ] || { rm -rf "$l"; $haru --ledger "$l" init --time-zone Asia/Tokyo --now 2024-01-01T00:00:00Z >/dev/null; $haru --ledger "$l" append "$w/events.jsonl" >/dev/null; }
    # Correctness: every day's totals equal the generator's exact figures.
    [ -f "$w/report-to" ] || python3 -c "import datetime;print(datetime.date.fromisoformat('$last')+datetime.timedelta(days=1))" > "$w/report-to"
    $haru --ledger "$l" report --from 2024-01-01 --to "$(cat "$w/report-to")" --every day --json $now > "$out/report-$size.json"
    python3 Benchmarks/check_daily.py "$out/report-$size.json" "$w/expected_daily.csv" "$size" >> "$out/checks.txt"
    tail -n 1 "$out/checks.txt" >&2

    # One append per process on a ledger of this size (each durable): 20 counts; 10 start/stop pairs.
    # The copy is written back before the timing (`sync`): its dirty pages (28 MB at M, 290 MB
    # at L) would otherwise be flushed during the calls, each of which waits for its own
    # fdatasync behind them, and the copy's cost would be charged to haru.
    rm -rf "$l.calls" && cp -r "$l" "$l.calls" && sync
    timeit --peer haru --task count-call --size "$size" --records 20 --runs "$runs" --warmup 1 -- \
        "for i in \$(seq 20); do $haru --ledger $l.calls count water; done"
    timeit --peer haru --task start-call --size "$size" --records 20 --runs "$runs" --warmup 1 -- \
        "for i in \$(seq 10); do $haru --ledger $l.calls start reading && $haru --ledger $l.calls stop reading; done"
    rm -rf "$l.calls"
    timeit --peer swift-hello-static --task start --size "$size" --records 20 --runs "$runs" --warmup 1 -- \
        "for i in \$(seq 20); do $out/hello-static; done"

    # Full replay of the log into every projection.
    rm -rf "$l.rebuild" && cp -r "$l" "$l.rebuild" && sync
    timeit --peer haru --task rebuild --size "$size" --records "$n" --runs "$runs" --warmup 1 -- "$haru --ledger $l.rebuild rebuild"
    rm -rf "$l.rebuild"

    # Queries, each a whole process: a day, a year by day, progress live / as of a random instant / known at a random seq.
    year=$(( ${last:0:4} - 1 ))
    read -r as_of known_at < <(python3 -c "
import random, datetime
r = random.Random(7)
d = datetime.date(2024,1,1) + datetime.timedelta(days=r.randrange(max(1,$n_days-3650), $n_days))
print(f'{d}T{r.randrange(24):02d}:{r.randrange(60):02d}:00+09:00', r.randrange(1, $n + 1))")
    timeit --peer haru --task day --size "$size" --records 1 --runs "$runs" --warmup 1 -- "$haru --ledger $l day ${year}-06-15 $now"
    # The one-call floor, alternated (Benchmarks/alternate.py): each round runs the hello-world, a
    # count and a day once, so the machine's slow moments fall on all three; the timings above
    # are taken at different moments and move by more than the 2× the issue sets.
    rm -rf "$l.floor" && cp -r "$l" "$l.floor" && sync
    python3 Benchmarks/alternate.py --results "$results" --size "$size" --tasks floor-hello,floor-count,floor-day 100 \
        "$out/hello-static" "$haru --ledger $l.floor count water" "$haru --ledger $l day ${year}-06-15 $now" >/dev/null
    rm -rf "$l.floor"
    timeit --peer haru --task report-year --size "$size" --records 365 --runs "$runs" --warmup 1 -- \
        "$haru --ledger $l report --from ${year}-01-01 --to ${year}-12-31 --every day $now"
    timeit --peer haru --task report-all --size "$size" --records "$n" --runs "$runs" --warmup 1 -- \
        "$haru --ledger $l report --from 2024-01-01 --to $last --every day --json $now"
    timeit --peer haru --task progress --size "$size" --records 60 --runs "$runs" --warmup 1 -- "$haru --ledger $l progress --json $now"
    timeit --peer haru --task progress-as-of --size "$size" --records 60 --runs "$runs" --warmup 1 -- \
        "$haru --ledger $l progress --json --as-of $as_of"
    timeit --peer haru --task progress-known-at --size "$size" --records 60 --runs "$runs" --warmup 1 -- \
        "$haru --ledger $l progress --json --known-at $known_at $now"
    timeit --peer haru --task verify --size "$size" --records "$n" --runs "$runs" --warmup 1 -- "$haru --ledger $l verify"

    # Audit: an incremental verify of the last 10,000 events (from the hash `log` shows for the
    # seq before them), the diff of two states 100,000 events apart (a tenth of the log when it is
    # smaller), and a compact copy of the whole ledger.
    head_seq=$($haru --ledger "$l" verify --json | python3 -c "import json,sys;print(json.load(sys.stdin)['events'])")
    from_seq=$(( head_seq > 10000 ? head_seq - 10000 : 1 ))
    # (The rest of the log is read too: a reader that stops early would end `log` by SIGPIPE, and pipefail the run.)
    from_hash=$($haru --ledger "$l" log --json --from "$from_seq" | python3 -c "import json,sys;print(json.loads(sys.stdin.readline())['hash']);sys.stdin.read()")
    timeit --peer haru --task verify-from --size "$size" --records $(( head_seq - from_seq )) --runs "$runs" --warmup 1 -- \
        "$haru --ledger $l verify --from $from_seq --hash $from_hash"
    apart=$(( head_seq >= 1000000 ? 100000 : head_seq / 10 ))
    timeit --peer haru --task diff --size "$size" --records "$apart" --runs "$runs" --warmup 1 -- \
        "$haru --ledger $l diff --known-at $(( head_seq - apart )) --json $now > /dev/null"
    timeit --peer haru --task compact --size "$size" --records "$head_seq" --runs "$runs" --warmup 1 -- \
        "rm -rf $l.compact && $haru --ledger $l compact $l.compact"
    rm -rf "$l.compact"

    # The read side: one day's records; the history of an action (a definition) and of one record;
    # the whole ledger out as JSON Lines and back into a new ledger (the path `append` takes).
    timeit --peer haru --task records-day --size "$size" --records 1 --runs "$runs" --warmup 1 -- "$haru --ledger $l records ${year}-06-15 $now"
    timeit --peer haru --task history-action --size "$size" --records 1 --runs "$runs" --warmup 1 -- "$haru --ledger $l history reading $now"
    record=$($haru --ledger "$l" records "${year}-06-15" --json $now | python3 -c "import json,sys;print(json.load(sys.stdin)['records'][0]['id'])")
    timeit --peer haru --task history-record --size "$size" --records 1 --runs "$runs" --warmup 1 -- "$haru --ledger $l history $record $now"
    timeit --peer haru --task export-jsonl --size "$size" --records "$n" --runs "$runs" --warmup 1 -- \
        "$haru --ledger $l export jsonl --output $out/export-$size.jsonl.new && mv $out/export-$size.jsonl.new $out/export-$size.jsonl"
    timeit --peer haru --task import-jsonl --size "$size" --records "$n" --runs "$runs" --warmup 1 -- \
        "rm -rf $l.import && $haru --ledger $l.import import jsonl $out/export-$size.jsonl"
    rm -rf "$l.import"
    # Peak anonymous memory (heap and LMDB's dirty pages, not the mapped file) of the import into a new
    # ledger (committed in parts) and of the batch append (one commit), sampled by Benchmarks/peak_anon.py.
    anon() { python3 Benchmarks/peak_anon.py --results "$results" --task "$1" --size "$size" --records "$n" -- "${@:2}" >/dev/null; }
    rm -rf "$l.import"
    anon import-anon $haru --ledger "$l.import" import jsonl "$out/export-$size.jsonl"
    rm -rf "$l.import"
    $haru --ledger "$l.import" init --time-zone Asia/Tokyo --now 2024-01-01T00:00:00Z >/dev/null
    anon ingest-anon $haru --ledger "$l.import" append "$w/events.jsonl"
    rm -rf "$l.import"
    timeit --peer haru --task export-csv --size "$size" --records "$n" --runs "$runs" --warmup 1 -- \
        "rm -rf $out/csv-$size && $haru --ledger $l export csv $out/csv-$size $now"

    # The peers, on the same workload, into the same results file.
    for p in $peers; do
        skip='^(timew:(startup|export)|hledger:(startup|parse|report-weekly|print)|sqlite:(startup|report-simple|scan-raw))$'
        [ "$size" = L ] && skip='^(timew:(startup|export|report)|hledger:.*|sqlite:(startup|report-simple|scan-raw))$'
        BENCH_TIMER=$timer RESULTS=$results SIZE=$size RUNS=$runs WARMUP=1 SKIP=$skip "$shared/bench/peer_$p.sh" "$w" "$out/peers-$size" \
            > "$out/peer-$p-$size.log" 2>&1 || echo "peer $p failed at $size (see $out/peer-$p-$size.log)" >&2
    done
    [ -f "$out/peers-$size/checks.txt" ] && cat "$out/peers-$size/checks.txt" >> "$out/checks.txt"
done
python3 Benchmarks/table.py "$results" "$out/checks.txt"
