#!/usr/bin/env bash
# The two cliffs of the layering pass, as figures (Docs/performance.md):
#  1. creating definitions: one append of N new actions (N = 1k, 2k, 4k, 8k)
#     and one `haru action add` on top of each (the unique-name check);
#  2. writing output: `haru log --json` over a ledger, and its write calls.
#
#   Benchmarks/cliffs.sh [LEDGER]     LEDGER: a ledger to list (default: the M
#                                      ledger of Benchmarks/run.sh, if there)
# Environment: HARU (a haru binary; default: build .build/release/haru).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${HARU:-}" ]; then scripts/build-release.sh --product haru 2>&1 | tail -n 1; HARU=$PWD/.build/release/haru; fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ms() { local t0 t1; t0=$(date +%s%N); "$@" > /dev/null; t1=$(date +%s%N); echo $(( (t1 - t0) / 1000000 )); }
echo "| actions | one append of all | one more \`action add\` |"
echo "|---|---|---|"
for n in 1000 2000 4000 8000; do
    python3 -c "
import json
for i in range($n):
    print(json.dumps({'type':'action.created','at':'2026-01-01T00:00:00Z','data':{'action_id':f'a{i}','name':f'Action {i}','tracking':'time'}}))" > "$tmp/a.jsonl"
    l=$tmp/l$n
    "$HARU" --ledger "$l" init --time-zone UTC --now 2025-01-01T00:00:00Z > /dev/null
    bulk=$(ms "$HARU" --ledger "$l" append "$tmp/a.jsonl")
    one=$(ms "$HARU" --ledger "$l" action add "One more" --tracking count --now 2026-01-02T00:00:00Z)
    echo "| $n | $bulk ms | $one ms |"
done
ledger=${1:-${OUT:-/tmp/haru-bench}/ledger-M}
if [ -d "$ledger" ]; then
    events=$("$HARU" --ledger "$ledger" log --json | wc -l)
    echo
    echo "log --json over $events events: $(ms "$HARU" --ledger "$ledger" log --json) ms (median of 1; run again for another)"
    if command -v strace > /dev/null; then
        echo "write calls: $(strace -f -c -e trace=write "$HARU" --ledger "$ledger" log --json 2>&1 >/dev/null | awk '$NF == "write" {print $4}')"
    fi
fi
