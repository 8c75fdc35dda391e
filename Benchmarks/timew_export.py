#!/usr/bin/env python3
"""A generated `timew export` for the import benchmark, and its twin as JSON Lines.

    timew_export.py N export.json twin.jsonl

export.json: N closed intervals of 25-34 minutes every 40 minutes from
2000-01-01, six tags in turn (every third interval has a second tag, every
fifth an annotation), as timewarrior writes them. twin.jsonl: the same
sessions as `haru append` lines (six actions, then one session.recorded per
interval, with ids), to compare the import with a plain append of the same
records.
"""
import datetime
import sys

n, export_path, twin_path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
tags = ["Work", "Reading", "Exercise", "Study", "Chores", "Music"]
t0 = datetime.datetime(2000, 1, 1)
with open(export_path, "w") as ex, open(twin_path, "w") as tw:
    ex.write("[\n")
    for k, tag in enumerate(tags):
        tw.write('{"type":"action.created","at":"1999-12-30T00:00:00Z","data":{"action_id":"a%d","name":"%s","tracking":"time"}}\n' % (k, tag))
    for i in range(n):
        s = t0 + datetime.timedelta(minutes=40 * i)
        e = s + datetime.timedelta(minutes=25 + i % 10)
        extra = ',"home"' if i % 3 == 0 else ""
        ann = ',"annotation":"note %d"' % i if i % 5 == 0 else ""
        sep = "," if i < n - 1 else ""
        ex.write('{"id":%d,"start":"%s","end":"%s","tags":["%s"%s]%s}%s\n'
                 % (n - i, s.strftime("%Y%m%dT%H%M%SZ"), e.strftime("%Y%m%dT%H%M%SZ"), tags[i % 6], extra, ann, sep))
        note = ',"note":"note %d"' % i if i % 5 == 0 else ""
        tw.write('{"id":"00000000-0000-4000-8000-%012d","type":"session.recorded","at":"%sZ","data":{"session_id":"s%d","action_id":"a%d","start":"%sZ","end":"%sZ"%s}}\n'
                 % (i, e.isoformat(), i, i % 6, s.isoformat(), e.isoformat(), note))
    ex.write("]\n")
