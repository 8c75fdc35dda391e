#!/usr/bin/env bash
# Renders `haru report --html` of the demo history with headless Chromium
# (Debian package `chromium`) into Docs/report-demo.png (and its dark form
# into Docs/report-demo-dark.png), and checks the page: it loads without
# console errors, its heatmaps hold one cell per day, and each daily quest's
# calendar a cell per day since its goal started (1 March: the whole range).
#
#   scripts/render-report.sh            (HARU: a haru binary; default: build .build/release/haru)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v chromium >/dev/null || { echo "needs chromium (apt-get install chromium)" >&2; exit 2; }
if [ -z "${HARU:-}" ]; then scripts/build-release.sh --product haru 2>&1 | tail -n 1; HARU=$PWD/.build/release/haru; fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export HARU_LEDGER=$tmp/ledger
"$HARU" init --time-zone Asia/Seoul --day-start 06:00 --now 2026-03-01T00:00:00+09:00 >/dev/null
"$HARU" append Fixtures/demo/demo.jsonl >/dev/null
"$HARU" report --from 2026-03-01 --to 2026-03-09 --html "$tmp/report.html" --now 2026-03-09T08:00:00+09:00 >/dev/null 2>&1
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars)
chromium "${flags[@]}" --enable-logging=stderr --v=0 --dump-dom "file://$tmp/report.html" > "$tmp/dom.html" 2> "$tmp/console.log"
if grep -q "CONSOLE" "$tmp/console.log"; then echo "console messages:" >&2; grep "CONSOLE" "$tmp/console.log" >&2; exit 1; fi
actions=$(grep -c '<svg class="heatmap"' "$tmp/dom.html")
cells=$(grep -o '<rect class="day ' "$tmp/dom.html" | wc -l)
[ "$cells" -eq $((actions * 9)) ] || { echo "expected $((actions * 9)) day cells ($actions heatmaps × 9 days), found $cells" >&2; exit 1; }
for quest in read-mwf coffee-max; do
    n=$(sed -n "/data-quest=\"$quest\"/,/<\/svg>/p" "$tmp/dom.html" | grep -o '<rect class="period ' | wc -l)
    [ "$n" -eq 9 ] || { echo "expected 9 day cells in the calendar of $quest, found $n" >&2; exit 1; }
done
chromium "${flags[@]}" --screenshot="$PWD/Docs/report-demo.png" --window-size=900,1500 "file://$tmp/report.html" 2>/dev/null
chromium "${flags[@]}" --force-dark-mode --blink-settings=preferredColorScheme=0 --screenshot="$PWD/Docs/report-demo-dark.png" \
    --window-size=900,1500 "file://$tmp/report.html" 2>/dev/null
echo "ok: $actions heatmaps × 9 days, quest calendars of 9 days, no console messages; Docs/report-demo.png and Docs/report-demo-dark.png written"
