#!/usr/bin/env bash
# Fresh machine to a running demo: install what is missing, build in release
# mode, replay the demo history into a scratch ledger and show what it says.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build-release.sh 2>&1 | tail -n 1
haru=.build/release/haru
# Shell completion, where this machine keeps bash's (and may be written to).
if [ -d /usr/share/bash-completion/completions ] && [ -w /usr/share/bash-completion/completions ]; then
    $haru completion bash > /usr/share/bash-completion/completions/haru && echo "(bash completion installed)"
fi
ledger=$(mktemp -d)/ledger
trap 'rm -rf "$(dirname "$ledger")"' EXIT
export HARU_LEDGER=$ledger
$haru init --time-zone Asia/Seoul --day-start 06:00 --now 2026-03-01T00:00:00+09:00 >/dev/null
echo "== haru append Fixtures/demo/demo.jsonl"
$haru append Fixtures/demo/demo.jsonl | tail -n 1 | sed 's/^/head: seq /'
echo "== haru progress --now 2026-03-09T08:00:00+09:00"
$haru progress --now 2026-03-09T08:00:00+09:00
echo "== haru day 2026-03-08"
$haru day 2026-03-08
echo "== haru running --now 2026-03-09T08:00:00+09:00"
$haru running --now 2026-03-09T08:00:00+09:00
echo "== haru verify"
$haru verify
