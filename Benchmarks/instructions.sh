#!/usr/bin/env bash
# Instruction counts (valgrind's callgrind: the same figure for the same
# binary and input whatever else the machine does) of the commands whose
# cost a refactor must not raise, for one or more haru binaries side by side:
#   Benchmarks/instructions.sh [SIZE] BIN…        (SIZE S or M; default M)
#   e.g. Benchmarks/instructions.sh M /tmp/before/haru .build/release/haru
# Prints one row per command, one column per binary (millions of
# instructions, all threads), and the change of each binary against the first.
# M takes about 3 minutes a binary.
set -euo pipefail
cd "$(dirname "$0")/.."
size=M
case ${1:-} in S|M|L) size=$1; shift ;; esac
[ $# -ge 1 ] || { echo "usage: Benchmarks/instructions.sh [S|M] BIN…" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "instructions: valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
w=$(Benchmarks/workload.sh "$size")
last=$(cat "$w/last-day")
now="--now ${last}T12:00:00+09:00"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
count() { # count CMD…: instructions of one run, all threads
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.%p" "$@" >/dev/null 2>"$work/vg.log" || { cat "$work/vg.log" >&2; return 1; }
    local total=0
    for f in "$work"/cg.*; do
        total=$((total + $(sed -n 's/^summary: \([0-9]*\).*/\1/p' "$f" | head -n 1)))
        rm -f "$f"
    done
    echo "$total"
}
tasks=(append verify rebuild report-all progress day count)
declare -A result
for bin in "$@"; do
    bin=$(realpath "$bin")
    l=$work/ledger
    rm -rf "$l"; "$bin" --ledger "$l" init --time-zone Asia/Tokyo --now 2024-01-01T00:00:00Z >/dev/null
    result[$bin,append]=$(count "$bin" --ledger "$l" append "$w/events.jsonl" --no-sync)
    result[$bin,verify]=$(count "$bin" --ledger "$l" verify)
    result[$bin,rebuild]=$(count "$bin" --ledger "$l" rebuild)
    result[$bin,report-all]=$(count "$bin" --ledger "$l" report --from 2024-01-01 --to "$last" --every day --json $now)
    result[$bin,progress]=$(count "$bin" --ledger "$l" progress --json $now)
    result[$bin,day]=$(count "$bin" --ledger "$l" day "$last" $now)
    result[$bin,count]=$(count "$bin" --ledger "$l" count water --now "${last}T12:00:00+09:00")
    echo "measured $bin" >&2
done
first=$(realpath "$1")
printf '%-12s' "($size)"; for bin in "$@"; do printf ' %22s' "$(basename "$(dirname "$(realpath "$bin")")")/$(basename "$bin")"; done; echo
for t in "${tasks[@]}"; do
    printf '%-12s' "$t"
    for bin in "$@"; do
        bin=$(realpath "$bin")
        v=${result[$bin,$t]}; base=${result[$first,$t]}
        printf ' %13.2f M %+6.1f%%' "$(echo "$v / 1000000" | bc -l)" "$(echo "($v - $base) * 100 / $base" | bc -l)"
    done
    echo
done
