#!/usr/bin/env python3
"""Compares `haru report --every day --json` with the workload's exact per-day
totals (expected_daily.csv): every day, every action, seconds and counts.

  check_daily.py REPORT.json EXPECTED.csv SIZE     prints one OK/FAIL line
"""
import csv
import json
import sys

report, expected, size = sys.argv[1:]
got = {}
for p in json.load(open(report))["periods"]:
    for it in p["items"]:
        got[(p["start"], it["action_id"])] = (it["seconds"], it["count"])
want = {}
for row in csv.DictReader(open(expected)):
    want[(row["day"], row["action"])] = (int(row["seconds"] or 0), int(row["count"] or 0))
bad = [k for k in set(got) | set(want) if got.get(k, (0, 0)) != want.get(k, (0, 0))]
status = "OK" if not bad else "FAIL"
print(f"{status} haru-daily-totals-{size}: {len(want)} (day, action) totals compared with expected_daily.csv, {len(bad)} differ"
      + (f", e.g. {sorted(bad)[0]}: haru {got.get(sorted(bad)[0])} vs {want.get(sorted(bad)[0])}" if bad else ""))
