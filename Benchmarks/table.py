#!/usr/bin/env python3
"""Prints the benchmark table: each haru figure beside the comparable peers',
with the ratio (how many times faster haru is), and the issue 5 targets.

  table.py RESULTS.jsonl CHECKS.txt
"""
import json
import sys

rows = [json.loads(l) for l in open(sys.argv[1])]
by = {(r["peer"], r["task"], r["size"]): r for r in rows}
sizes = [s for s in ["S", "M", "L"] if any(r["size"] == s for r in rows)]

def fmt_s(x):
    return f"{x * 1000:.1f} ms" if x < 1 else f"{x:.2f} s"

def fig(r, per=None):
    if r is None:
        return "–"
    if any(c != 0 for c in r.get("exit_codes", [0])):
        return "FAILED"
    t = r["wall_median"] / (per or 1)
    s = fmt_s(t)
    if per is None and r.get("records") and r["task"] not in ("day", "report-year", "progress", "progress-as-of", "progress-known-at"):
        rate = r["records"] / r["wall_median"]
        s += f" · {rate / 1e6:.2f} M/s" if rate >= 1e6 else f" · {rate / 1e3:.0f} k/s"
    if r.get("peak_mib"):
        s += f" · {r['peak_mib']:.0f} MiB"
    return s

# haru task, per-call divisor, target (seconds per unit, or events/s), peers [(peer, task, divisor)]
tasks = [
    ("ingest", None, ("rate", 500_000), [("sqlite", "ingest", None), ("timew", "ingest", None), ("hledger", "ingest", None), ("lmdb-c", "append_1txn", None)]),
    ("count-call", 20, ("time", 0.015), [("timew", "track-cli", 20), ("swift-hello-static", "start", 20)]),
    ("start-call", 20, ("time", 0.015), [("timew", "track-cli", 20)]),
    ("rebuild", None, ("rate", 1_000_000), [("lmdb-c", "scan", None)]),
    ("day", None, ("time", 0.030), [("swift-hello-static", "start", 20)]),
    ("report-year", None, ("time", 0.030), []),
    ("report-all", None, None, [("sqlite", "report-split", None), ("timew", "report", None), ("hledger", "report-daily", None)]),
    ("progress", None, ("time", 0.030), []),
    ("progress-as-of", None, ("time", 0.100), []),
    ("progress-known-at", None, ("time", 0.100), []),
    ("verify", None, ("rate", 1_000_000), [("lmdb-c", "scan", None)]),
    ("verify-from", None, ("time", 0.100), []),
    ("diff", None, ("time", 1.0), []),
    ("compact", None, None, []),
    ("records-day", None, ("time", 0.030), []),
    ("history-action", None, ("time", 0.030), []),
    ("history-record", None, ("time", 0.030), []),
    ("export-jsonl", None, ("rate", 1_000_000), []),
    ("import-jsonl", None, ("rate", 500_000), []),
    ("export-csv", None, ("time", 3.0), []),
]
print("| task | size | haru | target | peers (haru is N× faster) |")
print("|---|---|---|---|---|")
for task, per, target, peers in tasks:
    for size in sizes:
        r = by.get(("haru", task, size))
        if r is None:
            continue
        ok = ""
        if target and not any(c != 0 for c in r.get("exit_codes", [0])):
            kind, v = target
            if kind == "rate":
                got = r["records"] / r["wall_median"]
                ok = f"≥ {v / 1e3:.0f} k/s: " + ("holds" if got >= v else "no")
            else:
                got = r["wall_median"] / (per or 1)
                ok = f"≤ {v * 1000:.0f} ms: " + ("holds" if got <= v else "no")
        cells = []
        for p, t, d in peers:
            pr = by.get((p, t, size))
            if pr is None:
                continue
            ratio = (pr["wall_median"] / (d or 1)) / (r["wall_median"] / (per or 1))
            if p == "lmdb-c" or task in ("rebuild", "verify", "ingest"):
                # Compare rates when the record counts differ (timew has no counts; lmdb-c is in-process).
                ratio = (r["records"] / r["wall_median"]) / (pr["records"] / pr["wall_median"])
            cells.append(f"{p} {t}: {fig(pr, d)} ({ratio:.2g}×)")
        print(f"| {task}{' (per call)' if per else ''} | {size} | {fig(r, per)} | {ok} | {'; '.join(cells) or '–'} |")
print()


def side_table(header, tasks, row):
    """A small table of haru's rows for `tasks` at every size: `row(size, r, task)` gives its cells."""
    found = [(size, by.get(("haru", t, size)), t) for size in sizes for t in tasks]
    if not any(r for _, r, _ in found):
        return
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for size, r, t in found:
        if r is not None:
            print("| " + " | ".join(row(size, r, t)) + " |")
    print()


def anon_row(size, r, t):
    what = "import jsonl into a new ledger (parts)" if t == "import-anon" else "append into an empty ledger (one commit)"
    target = ("≤ 160 MiB: " + ("holds" if r["peak_anon_mib"] <= 160 else "no")) if t == "import-anon" else "–"
    return [what, size, f"{r['peak_anon_mib']:.0f} MiB ({r['records']} events, {fmt_s(r['wall_median'])})", target]


def floor_row(size, r, t):
    hello = by[("haru", "floor-hello", size)]
    what = "count (durable)" if t == "floor-count" else "day"
    return [f"{what}, {r['runs']} rounds", size,
            f"{r['wall_median'] * 1000:.2f} ms ({r['wall_p10'] * 1000:.2f} ms); hello-world {hello['wall_median'] * 1000:.2f} ms",
            f"{r['ratio']:.2f}×", "≤ 2×: " + ("holds" if r["ratio"] <= 2 else "no")]


# Peak anonymous memory (RssAnon sampled every 2 ms): what a bulk load keeps, not the file it maps.
side_table(["bulk load", "size", "peak anonymous memory", "target"], ("import-anon", "ingest-anon"), anon_row)
# One call against the static hello-world, alternated round by round (Benchmarks/alternate.py).
side_table(["one call, alternated with the static hello-world", "size", "median (p10)", "× hello-world", "target"],
           ("floor-count", "floor-day"), floor_row)
for line in open(sys.argv[2]):
    if line.strip():
        print("check:", line.strip())
