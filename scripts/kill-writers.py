#!/usr/bin/env python3
"""SIGKILL haru's writers at random moments, then check the ledger.

    scripts/kill-writers.py [--haru PATH] [--kills N] [--seed S]

N times (default 400): start one writer — a batch append of 300 events, a
single `count` call, an `import jsonl` of 300 events, or a `rebuild` — kill
it with SIGKILL after a random 0-60 ms (or let it finish), then check:
- the ledger opens and `verify` passes (exit 0);
- every acknowledged write (the writer exited 0 before the kill) is there;
- no batch is half there: all of its event ids, or none;
- a killed batch retried with the same ids is taken once (idempotent), and
  a finished one retried adds nothing.
Prints the figures; exit 1 on any failure. The suite runs a short form
(Tests/HaruCLITests/KilledWritersTests.swift); the long form's figures are in
Docs/reliability.md.
"""
import argparse, json, os, random, signal, subprocess, sys, tempfile, time, uuid

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ap = argparse.ArgumentParser()
ap.add_argument("--haru", default=os.path.join(root, ".build/release/haru"))
ap.add_argument("--kills", type=int, default=400)
ap.add_argument("--seed", type=int, default=1)
args = ap.parse_args()
random.seed(args.seed)
env = {**os.environ, "SWIFT_BACKTRACE": "enable=no", "TZ": "UTC"}
work = tempfile.mkdtemp()
ledger = os.path.join(work, "ledger")


def haru(cmd, stdin=None, check=True):
    r = subprocess.run([args.haru, "--ledger", ledger] + cmd, input=stdin, capture_output=True, env=env, timeout=60)
    if check and r.returncode != 0:
        sys.exit(f"haru {' '.join(cmd)} failed ({r.returncode}): {r.stderr.decode()[-300:]}")
    return r


def ids_in_ledger():
    return {json.loads(l)["id"] for l in haru(["log", "--json"]).stdout.splitlines()}


haru(["init", "--time-zone", "UTC", "--now", "2026-03-01T00:00:00Z"])
haru(["action", "add", "Water", "--tracking", "count", "--id", "water", "--now", "2026-03-01T00:00:00Z"])
minute = [0]


def batch_file(n):
    lines, ids = [], []
    for _ in range(n):
        minute[0] += 1
        i = str(uuid.UUID(int=random.getrandbits(128), version=4))
        t = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(1772323200 + 60 * minute[0]))
        lines.append(json.dumps({"id": i, "type": "count.added", "at": t, "data": {"entry_id": "e" + i[:13], "action_id": "water", "amount": 1}}))
        ids.append(i)
    path = os.path.join(work, f"batch{minute[0]}.jsonl")
    open(path, "w").write("\n".join(lines) + "\n")
    return path, set(ids)


acknowledged, pending = set(), []  # pending: (path, ids) of killed batches, retried later
figures = {"batch": 0, "count": 0, "import": 0, "rebuild": 0, "killed": 0, "finished": 0, "retries": 0}
failures = []
for k in range(args.kills):
    kind = random.choice(["batch", "batch", "count", "import", "rebuild"])
    figures[kind] += 1
    path, ids = (None, set())
    if kind in ("batch", "import"):
        path, ids = batch_file(300)
        cmd = ["append", path] if kind == "batch" else ["import", "jsonl", path]
    elif kind == "count":
        i = str(uuid.UUID(int=random.getrandbits(128), version=4))
        cmd = ["count", "Water", "--id", "c" + i[:12], "--now", "2026-03-05T00:00:00Z"]
        ids = set()  # an entry id, not an event id: checked through the log below
    else:
        cmd = ["rebuild"]
    p = subprocess.Popen([args.haru, "--ledger", ledger] + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    time.sleep(random.uniform(0, 0.06))
    killed = p.poll() is None
    if killed:
        p.send_signal(signal.SIGKILL)
    code = p.wait()
    figures["killed" if killed else "finished"] += 1
    if not killed and code != 0:
        failures.append((k, kind, "exit", code, p.stderr.read()[-200:]))
    v = haru(["verify"], check=False)
    if v.returncode != 0:
        failures.append((k, kind, "verify", v.returncode, v.stderr[-300:]))
        break
    present = ids_in_ledger()
    if ids:
        there = len(ids & present)
        if there not in (0, len(ids)):
            failures.append((k, kind, "half a batch", there, len(ids)))
        if not killed and code == 0:
            acknowledged |= ids
        elif there == 0:
            pending.append((path, ids))
        else:
            acknowledged |= ids  # committed before the kill took it
    if not acknowledged <= present:
        failures.append((k, kind, "lost acknowledged events", len(acknowledged - present)))
    # Now and then, retry what was killed: taken once, whole.
    if pending and random.random() < 0.3:
        path, ids = pending.pop()
        figures["retries"] += 1
        haru(["append", path])
        present = ids_in_ledger()
        if not ids <= present:
            failures.append((k, "retry", "not taken whole", len(ids - present)))
        haru(["append", path])  # a second retry adds nothing
        if len(ids_in_ledger()) != len(present):
            failures.append((k, "retry", "a second retry added events"))
        acknowledged |= ids

events = len(ids_in_ledger())
print(f"{args.kills} writers: {figures['batch']} batch appends, {figures['import']} imports, {figures['count']} single counts, {figures['rebuild']} rebuilds; "
      f"{figures['killed']} killed mid-run, {figures['finished']} finished; {figures['retries']} killed batches retried")
print(f"ledger at the end: {events} events, verify ok after every kill; acknowledged events: {len(acknowledged)}")
print(f"failures: {len(failures)}")
for f in failures[:20]:
    print("  ", f)
subprocess.run(["rm", "-rf", work])
sys.exit(1 if failures else 0)
