#!/usr/bin/env python3
"""Several haru writers and readers on one ledger at once, for a bounded time.

    scripts/contention.py [--haru PATH] [--seconds T] [--writers W] [--readers R] [--races N]

For T seconds (default 20), W writer threads (default 4) each run haru
processes in a loop — a batch of 50 events, or a single `count` — while R
reader threads (default 2) read the log and check that no batch is ever
half there; now and then a batch writer is killed with SIGKILL mid-run
(possibly holding the write lock). Then N `--expect-head` races (default 20)
of three appends each, with nothing else writing. Checks:
- every acknowledged event is in the ledger exactly once; seqs are dense;
  `verify` passes;
- readers never saw part of a batch;
- writers kept committing after each kill (a killed lock holder blocks nobody);
- exactly one winner per race.
Exit 1 on any failure. Short form in the suite (KilledWritersTests).
"""
import argparse, json, os, random, signal, subprocess, sys, tempfile, threading, time, uuid

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ap = argparse.ArgumentParser()
ap.add_argument("--haru", default=os.path.join(root, ".build/release/haru"))
ap.add_argument("--seconds", type=float, default=20)
ap.add_argument("--writers", type=int, default=4)
ap.add_argument("--readers", type=int, default=2)
ap.add_argument("--races", type=int, default=20)
args = ap.parse_args()
env = {**os.environ, "SWIFT_BACKTRACE": "enable=no", "TZ": "UTC"}
work = tempfile.mkdtemp()
ledger = os.path.join(work, "ledger")
lock = threading.Lock()
failures, acknowledged, kill_times, commit_times, counted = [], [], [], [], []
stats = {"batches": 0, "counts": 0, "kills": 0, "reads": 0}


def haru(cmd, stdin=None):
    return subprocess.run([args.haru, "--ledger", ledger] + cmd, input=stdin, capture_output=True, env=env, timeout=120)


def new_id():
    return str(uuid.uuid4())


def batch(tag, n=50):
    ids, lines = [], []
    for k in range(n):
        i = new_id()
        ids.append(i)
        lines.append(json.dumps({"id": i, "type": "count.added", "at": "2026-03-05T00:00:00Z",
                                 "data": {"entry_id": f"{tag}-{k}", "action_id": "water", "amount": 1}}))
    return ids, ("\n".join(lines) + "\n").encode()


def log():
    return [json.loads(l) for l in haru(["log", "--json"]).stdout.splitlines()]


assert haru(["init", "--time-zone", "UTC"]).returncode == 0
assert haru(["action", "add", "Water", "--tracking", "count", "--id", "water"]).returncode == 0
stop = time.time() + args.seconds


def writer(w):
    n = 0
    while time.time() < stop:
        n += 1
        tag = f"w{w}b{n}"
        if random.random() < 0.7:
            ids, text = batch(tag)
            if random.random() < 0.1:
                p = subprocess.Popen([args.haru, "--ledger", ledger, "append", "-"], stdin=subprocess.PIPE,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
                p.stdin.write(text)
                p.stdin.close()
                time.sleep(random.uniform(0, 0.03))
                p.send_signal(signal.SIGKILL)
                code = p.wait()
                with lock:
                    stats["kills"] += 1
                    kill_times.append(time.time())
                if code == 0:
                    with lock:
                        acknowledged.extend(ids)
                continue
            r = haru(["append", "-"], stdin=text)
            if r.returncode == 0:
                with lock:
                    acknowledged.extend(ids)
                    stats["batches"] += 1
                    commit_times.append(time.time())
            else:
                with lock:
                    failures.append(("batch", r.returncode, r.stderr[-200:]))
        else:
            r = haru(["count", "Water", "--id", tag])
            with lock:
                if r.returncode == 0:
                    stats["counts"] += 1
                    counted.append(tag)
                    commit_times.append(time.time())
                else:
                    failures.append(("count", r.returncode, r.stderr[-200:]))


def reader():
    while time.time() < stop:
        events = log()
        per = {}
        for e in events:
            entry = e.get("data", {}).get("entry_id", "")
            if "b" in entry and "-" in entry:
                per[entry.split("-")[0]] = per.get(entry.split("-")[0], 0) + 1
        with lock:
            stats["reads"] += 1
            for tag, n in per.items():
                if n != 50:
                    failures.append(("reader saw part of a batch", tag, n))


threads = [threading.Thread(target=writer, args=(w,)) for w in range(args.writers)] + [threading.Thread(target=reader) for _ in range(args.readers)]
for t in threads:
    t.start()
for t in threads:
    t.join()

# After each kill, a later commit: nobody stayed blocked behind a killed holder.
for k in kill_times:
    if k < stop - 3 and not any(c > k for c in commit_times):
        failures.append(("no commit after a kill", k))

# Races: three appends with the same --expect-head, nothing else writing.
wins = []
for race in range(args.races):
    head = log()[-1]["seq"]
    procs = []
    for r in range(3):
        _, text = batch(f"race{race}r{r}", 1)
        p = subprocess.Popen([args.haru, "--ledger", ledger, "append", "-", "--expect-head", str(head)], stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        procs.append((p, text))
    for p, text in procs:
        p.stdin.write(text)
        p.stdin.close()
    codes = [p.wait() for p, _ in procs]
    wins.append(codes.count(0))
    if codes.count(0) != 1:
        failures.append(("race", race, codes))

events = log()
seqs = [e["seq"] for e in events]
if seqs != list(range(1, len(seqs) + 1)):
    failures.append(("seqs not dense",))
ids = [e["id"] for e in events]
if len(ids) != len(set(ids)):
    failures.append(("an event twice",))
entries = [e.get("data", {}).get("entry_id") for e in events if e["type"] == "count.added"]
if set(counted) - set(entries) or len(entries) != len(set(entries)):
    failures.append(("acknowledged counts missing or twice", len(set(counted) - set(entries))))
missing = set(acknowledged) - set(ids)
if missing:
    failures.append(("acknowledged events missing", len(missing)))
v = haru(["verify"])
if v.returncode != 0:
    failures.append(("verify", v.returncode, v.stdout[-200:], v.stderr[-200:]))
subprocess.run(["rm", "-rf", work])
print(f"{args.seconds:.0f} s, {args.writers} writers, {args.readers} readers: {stats['batches']} batches of 50 and {stats['counts']} single counts committed, "
      f"{stats['kills']} writers killed mid-batch, {stats['reads']} full reads of the log; {len(events)} events, dense seqs, each once")
print(f"{args.races} --expect-head races of 3: winners per race {sorted(set(wins))}")
print(f"failures: {len(failures)}")
for f in failures[:20]:
    print("  ", f)
sys.exit(1 if failures else 0)
