#!/usr/bin/env python3
"""A dense history for the progress target of issue 4: about 1,000,000 records
over 10 years (274 a day) on the benchmark workload's 8 actions and 3 tags,
as HaruLedger JSONL (deterministic, seed 42).

  dense_workload.py OUT.jsonl [YEARS]
"""
import json
import random
import sys
from datetime import datetime, timedelta, timezone

out = sys.argv[1]
years = int(sys.argv[2]) if len(sys.argv) > 2 else 10
rng = random.Random(42)
tz = timezone(timedelta(hours=9))
first = datetime(2024, 1, 1, tzinfo=tz)
time_actions = {"deep-work": ["work"], "email": ["work"], "reading": ["learning"], "exercise": ["health"], "side-project": ["work", "learning"]}
count_actions = {"water": ["health"], "flashcards": ["learning"], "stretch-break": ["health", "work"]}
days = int(365.25 * years)
n = 0
with open(out, "w") as f:
    def w(e):
        f.write(json.dumps(e, separators=(",", ":")) + "\n")
    at = first.isoformat()
    w({"type": "settings.changed", "at": at, "data": {"time_zone": "Asia/Seoul"}})
    for t in ["work", "learning", "health"]:
        w({"type": "tag.created", "at": at, "data": {"tag_id": t, "name": t}})
    for a, ts in time_actions.items():
        w({"type": "action.created", "at": at, "data": {"action_id": a, "name": a, "tracking": "time", "tag_ids": ts}})
    for a, ts in count_actions.items():
        w({"type": "action.created", "at": at, "data": {"action_id": a, "name": a, "tracking": "count", "tag_ids": ts}})
    for d in range(days):
        day = first + timedelta(days=d)
        for a in time_actions:  # 25 short sessions per action, back to back with gaps
            t = day + timedelta(hours=6)
            for _ in range(25):
                t += timedelta(minutes=rng.randint(5, 25))
                end = t + timedelta(minutes=rng.randint(1, 15))
                n += 1
                w({"type": "session.recorded", "at": end.isoformat(),
                   "data": {"session_id": f"s{n}", "action_id": a, "start": t.isoformat(), "end": end.isoformat()}})
                t = end
        for _ in range(149):
            a = rng.choice(list(count_actions))
            t = day + timedelta(minutes=rng.randint(0, 1439))
            n += 1
            w({"type": "count.added", "at": t.isoformat(), "data": {"entry_id": f"c{n}", "action_id": a, "amount": rng.randint(1, 3)}})
print(f"{n} records over {days} days -> {out}", file=sys.stderr)
