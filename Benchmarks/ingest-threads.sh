#!/usr/bin/env bash
# Instructions per event of each thread of one bulk append, counted by
# callgrind (deterministic, unlike wall time on a shared VM): how the third
# pass on issue 5 judged each change (Docs/performance.md).
#
#   Benchmarks/ingest-threads.sh [SIZE]      SIZE: S (default) or M of the benchmark's workloads
#
# Environment: HARU (the binary; default .build/release/haru), OUT (default /tmp/haru-bench,
# where Benchmarks/run.sh leaves workload-SIZE/events.jsonl).
# Under valgrind libcrypto runs without the CPU's SHA extensions, so SHA-256
# weighs several times what it does natively.
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-S}
out=${OUT:-/tmp/haru-bench}
haru=${HARU:-.build/release/haru}
events=$out/workload-$size/events.jsonl
[ -f "$events" ] || { echo "no $events: run Benchmarks/run.sh $size first" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$haru" --ledger "$work/ledger" init --time-zone Asia/Tokyo --now 2024-01-01T00:00:00Z >/dev/null
n=$(grep -cv '^\s*\(#\|$\)' "$events")
valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$work/cg" \
    "$haru" --ledger "$work/ledger" append "$events" >/dev/null 2>"$work/valgrind.log"
echo "bulk append of $n events ($size), instructions per event:"
k=0
for f in "$work"/cg-*; do
    k=$((k + 1))
    total=$(grep -m1 '^summary:' "$f" | awk '{print $2}')
    # valgrind numbers a thread started after another ended with that one's
    # number: the final flush's encoder usually counts with the reading thread.
    case $k in 1) name="appending thread" ;; 2) name="reading thread (+ flush)" ;; *) name="thread $k (final flush)" ;; esac
    printf '  %-26s %8d  (%s in all)\n' "$name" $((total / n)) "$total"
done
