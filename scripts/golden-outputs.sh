#!/usr/bin/env bash
# Runs one `haru` binary through a fixed battery of commands (the demo
# history, every fixture, the read side in text and JSON, exports, audits and
# the errors people type) and writes each command's output and exit status to
# DIR, one file per command. Two binaries' DIRs compared with `diff -r` show
# whether a refactor changed anything a user sees:
#   scripts/golden-outputs.sh /tmp/before/haru /tmp/before-out
#   scripts/golden-outputs.sh .build/release/haru /tmp/after-out
#   diff -r /tmp/before-out /tmp/after-out && echo identical
# The clock is fixed (--now) and the demo's events get fixed ids, so the
# ledger (its hashes too) is the same on every run.
set -uo pipefail
haru=$(realpath "$1"); out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$out"; mkdir -p "$out"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
export HARU_LEDGER=ledger TZ=UTC LANG=C.UTF-8
unset NO_COLOR
now=2026-03-09T08:00:00+09:00
n=0
run() { # run NAME ARGS…: output, errors and exit status of one command
    n=$((n + 1))
    local name; name=$(printf '%03d-%s' "$n" "$1"); shift
    (cd "$work" && "$haru" "$@" >"$out/$name.out" 2>"$out/$name.err" </dev/null; echo "exit $?" >>"$out/$name.err")
}
run init --ledger scratch init --time-zone Asia/Seoul --day-start 06:00 --now 2026-03-01T00:00:00+09:00
run append --ledger scratch append "$root/Fixtures/demo/demo.jsonl" --now 2026-03-01T00:00:00+09:00
python3 - "$root/Fixtures/demo/demo.jsonl" >"$work/demo.jsonl" <<'PY'
import sys
print('{"id":"00000000-0000-4000-8000-000000000000","type":"settings.changed","at":"2026-03-01T00:00:00+09:00","source":"cli","data":{"time_zone":"Asia/Seoul","day_start":"06:00"}}')
n = 0
for line in open(sys.argv[1]):
    if line.startswith("{"):
        n += 1
        print('{"id":"00000000-0000-4000-8000-%012d",' % n + line[1:], end="")
PY
run import import jsonl "$work/demo.jsonl" --now 2026-03-01T00:00:00+09:00
for q in "" --json; do
    run progress progress --now $now $q
    run progress-asof progress --as-of 2026-03-04 --now $now $q
    run progress-goal progress --goal spring --now $now $q
    run day day 2026-03-08 --now $now $q
    run day-start day 2026-03-02 --now $now $q
    run report report --from 2026-03-01 --to 2026-03-08 --now $now $q
    run report-tag report --from 2026-03-01 --to 2026-03-08 --by tag --every week --now $now $q
    run records records --from 2026-03-01 --to 2026-03-08 --now $now $q
    run running running --now $now $q
    run actions actions --now $now $q
    run tags tags --now $now $q
    run goals goals --now $now $q
    run quests quests --now $now $q
    run settings settings --now $now $q
    run history history read --now $now $q
    run history-goal history spring --now $now $q
    run explain explain read-mwf --now $now $q
    run explain-coffee explain coffee-max --now $now $q
    run log log --type session.recorded $q
    run diff diff --known-at 40 --now $now $q
    run verify verify $q
done
run export-jsonl export jsonl
run export-timeclock export timeclock
run export-csv export csv csv
for f in "$work"/csv/*; do cp "$f" "$out/csv-$(basename "$f")"; done
run report-html report --from 2026-03-01 --to 2026-03-08 --html r.html --now $now
cp "$work/r.html" "$out/report.html"
run completion-bash completion bash
run completion-zsh completion zsh
run help help
for c in init start stop count records edit report progress explain history import export diff check; do
    run "help-$c" help "$c"
done
# Errors a person types.
run err-unknown frobnicate
run err-day day 2026-02-30
run err-action action edit nosuch --name X
run err-append append /nonexistent.jsonl
run err-flag report --every fortnight
run err-progress progress --goal nosuch
# Every fixture, checked.
for f in "$root"/Fixtures/*/*.jsonl; do
    run "check-$(basename "$(dirname "$f")")-$(basename "$f" .jsonl)" check "$f"
done
run check-all-json check --json "$root"/Fixtures/progress/*.jsonl
echo "$n commands; outputs in $out"
