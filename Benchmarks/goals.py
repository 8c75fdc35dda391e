#!/usr/bin/env python3
"""20 goals with 60 quests of every period, schedule and direction, for the
benchmark workload's actions and tags (see workload_to_events.py).

  goals.py START_DATE > goals.jsonl      (goals start on START_DATE, no end date)
"""
import json
import sys

start = sys.argv[1]
at = start + "T00:00:00+09:00"
time_actions = ["deep-work", "email", "reading", "exercise", "side-project"]
count_actions = ["water", "flashcards", "stretch-break"]
tags = ["work", "learning", "health"]
schedules = [
    None,
    {"mode": "weekdays", "weekdays": ["monday", "wednesday", "friday"]},
    {"mode": "month_days", "month_days": [1, 15, 31]},
    {"mode": "ordinal_weekday", "ordinal": 3, "weekday": "tuesday"},
]
n = 0
for g in range(20):
    gid = f"g{g:02d}"
    print(json.dumps({"type": "goal.created", "at": at, "data": {"goal_id": gid, "title": f"Goal {g}", "start_date": start}}))
    for k in range(3):
        n += 1
        period = ["daily", "weekly", "monthly", "custom"][n % 4]
        data = {"quest_id": f"q{n:02d}", "goal_id": gid, "period": period,
                "direction": "at_most" if n % 5 == 0 else "at_least"}
        if n % 3 == 0:
            data["target"] = {"tag_id": tags[n % 3], "measure": "time" if n % 2 else "count"}
            is_time = n % 2 == 1
        elif n % 3 == 1:
            data["target"] = {"action_id": time_actions[n % 5]}
            is_time = True
        else:
            data["target"] = {"action_id": count_actions[n % 3]}
            is_time = False
        scale = {"daily": 1, "weekly": 7, "monthly": 30, "custom": 60}[period]
        if is_time:
            data["target_seconds"] = 1800 * scale
        else:
            data["target_count"] = 3 * scale
        if period == "daily":
            if schedules[n % 4]:
                data["schedule"] = schedules[n % 4]
            if n % 7 == 0:
                data["deadline"] = "21:00"
        if period == "custom":
            y = int(start[:4])
            data["custom_start"] = f"{y + 9}-01-01"
            data["custom_end"] = f"{y + 9}-02-28"
        print(json.dumps({"type": "quest.created", "at": at, "data": data}))
