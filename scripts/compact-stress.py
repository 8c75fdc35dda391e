#!/usr/bin/env python3
"""`haru compact` in place, over and over, while other processes write and read.

    scripts/compact-stress.py [--haru PATH] [--compacts N] [--writers W] [--readers R] [--seconds T]

One thread runs `haru compact` (in place) in a loop until N compacts have
succeeded (default 10,000) or T seconds have passed (default 1,800); W writer
threads (default 3) run `haru count water 1 --id ID` in a loop, each with a
fresh id; R reader threads (default 1) run `haru day` and `haru log --type
count --json`. Every command's outcome is kept. Checks, at the end:
- every acknowledged count (exit 0, "Counted 1 Water.") is in the ledger
  exactly once (0 lost);
- no command said the ledger was damaged (0 false damage reports: nothing
  damages it here);
- every failed command is listed with its message (a writer refused while a
  compact held the ledger is not a failure of the ledger, but is counted);
- `haru verify` passes.
Exit 1 on any loss, damage report or verify failure. The deterministic form
of the race is in the suite (CompactRaceTests). Figures: Docs/reliability.md.
"""
import argparse, collections, json, os, subprocess, sys, tempfile, threading, time, uuid

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ap = argparse.ArgumentParser()
ap.add_argument("--haru", default=os.path.join(root, ".build/release/haru"))
ap.add_argument("--compacts", type=int, default=10_000)
ap.add_argument("--writers", type=int, default=3)
ap.add_argument("--readers", type=int, default=1)
ap.add_argument("--seconds", type=float, default=1800)
args = ap.parse_args()
env = {**os.environ, "SWIFT_BACKTRACE": "enable=no", "TZ": "UTC"}
work = tempfile.mkdtemp(prefix="haru-compact-stress-")
ledger = os.path.join(work, "ledger")
lock = threading.Lock()
acknowledged, damage, failures = [], [], collections.Counter()
stats = collections.Counter()
stop = threading.Event()


def haru(cmd):
    return subprocess.run([args.haru, "--ledger", ledger] + cmd, capture_output=True, env=env, timeout=300)


def note(kind, r):
    err = r.stderr.decode(errors="replace").strip()
    with lock:
        stats[kind + (" ok" if r.returncode == 0 else " failed")] += 1
        if "damaged" in err:
            damage.append(f"{kind}: {err}")
        elif r.returncode != 0:
            failures[f"{kind} (exit {r.returncode}): {err[:200]}"] += 1


def compactor():
    done = 0
    while not stop.is_set() and done < args.compacts:
        r = haru(["compact"])
        note("compact", r)
        if r.returncode == 0:
            done += 1
    stop.set()


def writer():
    while not stop.is_set():
        i = str(uuid.uuid4())
        r = haru(["count", "water", "1", "--id", i])
        note("count", r)
        if r.returncode == 0 and r.stdout.startswith(b"Counted 1 Water."):
            with lock:
                acknowledged.append(i)


def reader():
    while not stop.is_set():
        note("day", haru(["day"]))
        note("log", haru(["log", "--type", "count", "--json"]))


assert haru(["init", "--time-zone", "UTC"]).returncode == 0
assert haru(["action", "add", "Water", "--tracking", "count", "--id", "water"]).returncode == 0
start = time.monotonic()
threads = [threading.Thread(target=compactor)]
threads += [threading.Thread(target=writer) for _ in range(args.writers)]
threads += [threading.Thread(target=reader) for _ in range(args.readers)]
for t in threads:
    t.start()
deadline = start + args.seconds
while not stop.is_set() and time.monotonic() < deadline:
    time.sleep(0.5)
stop.set()
for t in threads:
    t.join()
elapsed = time.monotonic() - start

entries = collections.Counter()
for line in haru(["log", "--type", "count", "--json"]).stdout.splitlines():
    entries[json.loads(line)["data"]["entry_id"]] += 1
lost = [i for i in acknowledged if entries[i] == 0]
twice = [i for i in acknowledged if entries[i] > 1]
verify = haru(["verify"])

print(f"compact stress: {elapsed:.0f} s, {args.writers} writers, {args.readers} readers, ledger {ledger}")
for kind in sorted(stats):
    print(f"  {kind}: {stats[kind]}")
print(f"  acknowledged counts: {len(acknowledged)}; in the ledger: {sum(1 for i in acknowledged if entries[i])}")
print(f"  lost: {len(lost)}; twice: {len(twice)}; false damage reports: {len(damage)}")
print(f"  verify: exit {verify.returncode}: {verify.stdout.decode().splitlines()[0] if verify.stdout else verify.stderr.decode().strip()}")
for message, n in failures.most_common(10):
    print(f"  failed ×{n}: {message}")
for d in damage[:5]:
    print(f"  damage report: {d}")
bad = lost or twice or damage or verify.returncode != 0
print("compact stress: " + ("FAILED" if bad else "ok"))
sys.exit(1 if bad else 0)
