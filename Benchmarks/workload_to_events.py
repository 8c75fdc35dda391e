#!/usr/bin/env python3
"""Turn a ../shared/bench workload (sessions.jsonl, counts.jsonl) into
HaruLedger JSONL events: tags, actions, then session.recorded and
count.added in time order.

  workload_to_events.py WORKLOAD_DIR OUT.jsonl
"""
import json
import sys

src, out = sys.argv[1], sys.argv[2]
sessions = [json.loads(l) for l in open(f"{src}/sessions.jsonl")]
counts = [json.loads(l) for l in open(f"{src}/counts.jsonl")]
first = "2024-01-01T00:00:00+09:00"
tags, actions = {}, {}
for kind, rows in (("time", sessions), ("count", counts)):
    for r in rows:
        for t in r["tags"]:
            tags.setdefault(t, None)
        actions.setdefault(r["action"], (kind, r["tags"]))
records = []
for n, s in enumerate(sessions):
    records.append((s["start"], {"type": "session.recorded", "at": s["end"], "data": {
        "session_id": f"s{n}", "action_id": s["action"], "start": s["start"], "end": s["end"]}}))
for n, c in enumerate(counts):
    records.append((c["at"], {"type": "count.added", "at": c["at"], "data": {
        "entry_id": f"c{n}", "action_id": c["action"], "amount": c["amount"]}}))
records.sort(key=lambda r: r[0])  # same offset everywhere, so text order is time order
with open(out, "w") as f:
    def w(e):
        f.write(json.dumps(e, separators=(",", ":")) + "\n")
    w({"type": "settings.changed", "at": first, "data": {"time_zone": "Asia/Tokyo"}})
    for t in tags:
        w({"type": "tag.created", "at": first, "data": {"tag_id": t, "name": t}})
    for a, (kind, ts) in actions.items():
        w({"type": "action.created", "at": first, "data": {"action_id": a, "name": a, "tracking": kind, "tag_ids": ts}})
    for _, e in records:
        w(e)
print(f"{len(records)} records, {len(tags)} tags, {len(actions)} actions -> {out}", file=sys.stderr)
