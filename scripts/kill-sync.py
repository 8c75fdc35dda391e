#!/usr/bin/env python3
"""SIGKILL `haru sync` at random moments on three devices, then check them.

    scripts/kill-sync.py [--haru PATH] [--kills N] [--seed S]

Three ledgers share a folder (one made with `init`, two with `init --from`),
or a PostgreSQL database with --target URL.
N times (default 20): a random device appends a batch of 100-1500 counts
(`haru append`, ids given), then a random device runs `haru sync DIR`, killed
with SIGKILL after a random 0-250 ms (or let to finish). Checks after every
kill: the killed ledger opens and `verify` passes; the folder holds no file
that does not parse (a half-written file). At the end every device syncs
until nothing is new, and: every acknowledged event is on every device,
once (ids unique in each log); the three hold the same event ids; their
`report` answers are the same. Prints the figures; exit 1 on any failure.
The suite runs it (Tests/HaruCLITests/KilledWritersTests.swift).
"""
import argparse, json, os, random, signal, subprocess, sys, tempfile, time, uuid

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ap = argparse.ArgumentParser()
ap.add_argument("--haru", default=os.path.join(root, ".build/release/haru"))
ap.add_argument("--kills", type=int, default=20)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--target", help="a postgresql:// URL to sync through instead of a folder")
args = ap.parse_args()
random.seed(args.seed)
env = {**os.environ, "SWIFT_BACKTRACE": "enable=no", "TZ": "UTC"}
work = tempfile.mkdtemp()
shared = os.path.join(work, "shared")
os.makedirs(shared)
devices = [os.path.join(work, d) for d in "abc"]
failures = []


def haru(d, cmd, stdin=None, check=True):
    r = subprocess.run([args.haru, "--ledger", devices[d]] + cmd, input=stdin, capture_output=True, env=env, timeout=120)
    if check and r.returncode != 0:
        sys.exit(f"haru {' '.join(cmd)} on {'abc'[d]} failed ({r.returncode}): {r.stderr.decode()[-400:]}")
    return r


def ids(d):
    return [json.loads(l)["id"] for l in haru(d, ["log", "--json"]).stdout.splitlines()]


haru(0, ["init", "--time-zone", "UTC", "--now", "2026-03-01T00:00:00Z"])
haru(0, ["action", "add", "Water", "--tracking", "count", "--id", "water", "--now", "2026-03-01T00:00:00Z"])
if args.target:
    shared = args.target
haru(0, ["sync", shared])
shared = json.loads(haru(0, ["sync", "--json"]).stdout)[0]["target"]  # a database's: with its history
haru(1, ["init", "--from", shared])
haru(2, ["init", "--from", shared])
acknowledged = set(ids(0))
minute = 0
killed = finished = 0
for k in range(args.kills):
    d = random.randrange(3)
    lines = []
    for _ in range(random.randint(100, 1500)):
        minute += 1
        i = str(uuid.UUID(int=random.getrandbits(128), version=4))
        t = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(1772323200 + 60 * minute))
        lines.append(json.dumps({"id": i, "type": "count.added", "at": t, "data": {"entry_id": "e" + i[:13], "action_id": "water", "amount": 1}}))
        acknowledged.add(i)
    path = os.path.join(work, "batch.jsonl")
    open(path, "w").write("\n".join(lines) + "\n")
    haru(d, ["append", path])
    s = random.randrange(3)
    p = subprocess.Popen([args.haru, "--ledger", devices[s], "sync", shared], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    delay = random.uniform(0, 0.25)
    try:
        p.wait(timeout=delay)
        finished += 1
    except subprocess.TimeoutExpired:
        p.send_signal(signal.SIGKILL)
        p.wait()
        killed += 1
    if p.returncode not in (0, -signal.SIGKILL):
        failures.append(f"kill {k}: sync exited {p.returncode}: {p.stderr.read().decode()[-300:]}")
    v = haru(s, ["verify"], check=False)
    if v.returncode != 0:
        failures.append(f"kill {k}: verify on {'abc'[s]} failed: {v.stdout.decode()[-300:]}")
    for dev in ([] if args.target else os.listdir(os.path.join(shared, "devices"))):
        for name in os.listdir(os.path.join(shared, "devices", dev)):
            if name.startswith("."):
                continue  # a temporary file of a killed write: never read
            for n, line in enumerate(open(os.path.join(shared, "devices", dev, name)), 1):
                try:
                    json.loads(line)
                except ValueError:
                    failures.append(f"kill {k}: {dev}/{name} line {n} is not whole")
                    break

for _ in range(3):
    for d in range(3):
        haru(d, ["sync"])
sets = []
for d in range(3):
    got = ids(d)
    if len(got) != len(set(got)):
        failures.append(f"device {'abc'[d]}: an event is in the log twice")
    missing = acknowledged - set(got)
    if missing:
        failures.append(f"device {'abc'[d]}: {len(missing)} acknowledged events missing")
    sets.append(set(got))
    if haru(d, ["verify"], check=False).returncode != 0:
        failures.append(f"device {'abc'[d]}: verify failed at the end")
if not (sets[0] == sets[1] == sets[2]):
    failures.append("the devices hold different events")
reports = [haru(d, ["report", "--from", "2026-03-01", "--to", "2026-03-31", "--json", "--now", "2026-04-01T00:00:00Z"]).stdout for d in range(3)]
strip = lambda r: json.dumps({k: v for k, v in json.loads(r).items() if k not in ("known_at", "known_at_hash")})
if not (strip(reports[0]) == strip(reports[1]) == strip(reports[2])):
    failures.append("the devices answer report differently")
print(f"syncs killed: {killed}, finished: {finished}; events: {len(acknowledged)} on each of 3 devices")
for f in failures:
    print("FAIL", f)
print(f"failures: {len(failures)}")
sys.exit(1 if failures else 0)
