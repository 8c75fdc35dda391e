#!/usr/bin/env bash
# The benchmark's workload of one size (S, M, L: 500, 5,000, 50,000 days),
# made once under OUT (../shared/bench/gen_workload.py, seed 42, then turned
# into events with goals): prints its directory, which holds events.jsonl,
# expected_daily.csv, last-day and report-to. Used by run.sh and instructions.sh.
#   Benchmarks/workload.sh SIZE [OUT]     (OUT default /tmp/haru-bench)
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${SHARED:-$PWD/../shared}
size=$1
out=${2:-/tmp/haru-bench}
case $size in S) n_days=500;; M) n_days=5000;; L) n_days=50000;; *) echo "size S, M or L" >&2; exit 2;; esac
mkdir -p "$out"
w=$out/workload-$size
if ! grep -qs "\"days\": $n_days," "$w/meta.json"; then
    python3 "$shared/bench/gen_workload.py" --days "$n_days" --seed 42 "$w" >/dev/null
    rm -f "$w/events.jsonl"
fi
# Events made by an older run.sh may lack the goals: make them again.
grep -qs goal.created "$w/events.jsonl" || rm -f "$w/events.jsonl"
if [ ! -f "$w/events.jsonl" ]; then
    python3 Benchmarks/workload_to_events.py "$w" "$w/records.jsonl" 2>/dev/null
    last=$(python3 -c "import datetime;print(datetime.date(2024,1,1)+datetime.timedelta(days=$n_days-1))")
    goals_from=$(python3 -c "import datetime;d=datetime.date(2024,1,1)+datetime.timedelta(days=max(0,$n_days-3653));print(d)")
    # Goals after the tags and actions, before the records: 20 goals, 60 quests of every kind, 10 years back from the end.
    { head -n 12 "$w/records.jsonl"; python3 Benchmarks/goals.py "$goals_from"; tail -n +13 "$w/records.jsonl"; } > "$w/events.jsonl"
    echo "$last" > "$w/last-day"
    # Sessions of the last day may run past its midnight: the report covers one more day.
    python3 -c "import datetime;print(datetime.date.fromisoformat('$last')+datetime.timedelta(days=1))" > "$w/report-to"
fi
# A workload made by an older run.sh may lack last-day: it is the workload's last date.
[ -f "$w/last-day" ] || python3 -c "import datetime;print(datetime.date(2024,1,1)+datetime.timedelta(days=$n_days-1))" > "$w/last-day"
echo "$w"
