#!/usr/bin/env python3
"""Three devices syncing through a folder that a flaky sync tool keeps in step.

    Benchmarks/jepsen-folder.py [--haru PATH] [--steps N] [--seed S] [--keep]

Each device has a ledger and its own view of the shared folder (as on three
machines). A simulated sync tool copies every device's files from its view
to the others' — in random order, late, and often the way `cp`, `scp` or SMB
do it: the file is created empty and filled in pieces, so a device may see
it empty or cut at any byte. For N steps (default 400) one of these happens
at random:
- a device counts (`haru count water 1 --id ID`): acknowledged when it exits 0;
- a device syncs with its view; sometimes the sync is killed (SIGKILL) at a
  random moment;
- the sync tool copies some files, starts some in pieces, finishes some;
- a device's view disappears (renamed away) and returns a few steps later;
- a stray or hostile file lands in a view (junk, a far-future name).
At the end the tool delivers everything whole, every device syncs until
nothing changes, and the run checks:
- every acknowledged count is in every ledger exactly once (0 lost);
- every ledger verifies;
- all three answer the same (`haru day --json` for the counts' day, and the
  sorted list of event ids).
Prints the figures and exits 1 on any failure. Figures: Docs/reliability.md.
"""
import argparse, collections, json, os, random, shutil, signal, subprocess, sys, tempfile, time, uuid

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ap = argparse.ArgumentParser()
ap.add_argument("--haru", default=os.path.join(root, ".build/release/haru"))
ap.add_argument("--steps", type=int, default=400)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--keep", action="store_true", help="keep the work directory")
args = ap.parse_args()
rng = random.Random(args.seed)
env = {**os.environ, "SWIFT_BACKTRACE": "enable=no", "TZ": "UTC"}
work = tempfile.mkdtemp(prefix="haru-jepsen-")
names = ["a", "b", "c"]
ledger = {n: os.path.join(work, n, "ledger") for n in names}
view = {n: os.path.join(work, n, "folder") for n in names}
stats = collections.Counter()
acknowledged = []
failures = []


def haru(n, cmd, timeout=120):
    return subprocess.run([args.haru, "--ledger", ledger[n]] + cmd, capture_output=True, env=env, timeout=timeout)


def sync(n, kill_after=None):
    if kill_after is None:
        r = haru(n, ["sync", view[n]])
        stats[f"sync exit {r.returncode}"] += 1
        if r.returncode not in (0, 1, 3) or b"Fatal" in r.stderr or b"damaged" in r.stderr:
            failures.append(f"sync on {n}: exit {r.returncode}: {r.stderr.decode(errors='replace')[:300]}")
        return r
    p = subprocess.Popen([args.haru, "--ledger", ledger[n], "sync", view[n]], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, env=env)
    time.sleep(kill_after)
    if p.poll() is None:
        p.send_signal(signal.SIGKILL)
        stats["sync killed"] += 1
    p.wait()
    err = p.stderr.read()
    if b"damaged" in err or b"Fatal" in err:
        failures.append(f"killed sync on {n}: {err.decode(errors='replace')[:300]}")


# The sync tool's state: files in flight to a view, as (source, target, bytes written so far).
in_flight = {}


def own_folder(n):
    """The device folder that device n writes in its own view (the one it made)."""
    return mine.get(n)


def tool_files():
    """Every (source path, target path) the tool should deliver: each device's own files to the other views."""
    out = []
    for n in names:
        d = own_folder(n)
        if not d or not os.path.isdir(os.path.join(view[n], "devices", d)):
            continue
        src_dir = os.path.join(view[n], "devices", d)
        for f in os.listdir(src_dir):
            if f.startswith("."):
                continue
            for m in names:
                if m == n or not os.path.isdir(view[m]):
                    continue
                out.append((os.path.join(src_dir, f), os.path.join(view[m], "devices", d, f)))
    return out


def tool_step(deliver_all=False):
    todo = [(s, t) for s, t in tool_files() if not os.path.exists(t) or os.path.getsize(t) != os.path.getsize(s)
            or open(t, "rb").read() != open(s, "rb").read()]
    rng.shuffle(todo)
    for s, t in todo[: None if deliver_all else rng.randint(0, 4)]:
        if not os.path.isdir(os.path.dirname(os.path.dirname(os.path.dirname(t)))):
            continue  # the view is gone for now
        os.makedirs(os.path.dirname(t), exist_ok=True)
        data = open(s, "rb").read()
        mode = "whole" if deliver_all else rng.choice(["whole", "pieces", "pieces", "empty"])
        if mode == "whole":
            tmp = os.path.join(os.path.dirname(t), ".syncthing." + os.path.basename(t) + ".tmp")
            open(tmp, "wb").write(data)
            os.replace(tmp, t)
            in_flight.pop(t, None)
            stats["tool: whole"] += 1
        elif mode == "empty":
            open(t, "wb").close()
            in_flight[t] = (s, 0)
            stats["tool: created empty"] += 1
        else:
            cut = rng.randint(0, len(data))
            with open(t, "wb") as f:
                f.write(data[:cut])
            in_flight[t] = (s, cut)
            stats["tool: cut at a byte"] += 1
    # Files in flight go on (or are finished when everything is delivered).
    for t, (s, done) in list(in_flight.items()):
        if not os.path.isdir(os.path.dirname(t)) or not os.path.exists(s):
            continue  # one of the two views is gone for now
        if deliver_all or rng.random() < 0.5:
            data = open(s, "rb").read()
            with open(t, "ab") as f:
                f.write(data[done:])
            del in_flight[t]
            stats["tool: finished in place"] += 1


for n in names:
    os.makedirs(view[n])
assert haru("a", ["init", "--time-zone", "UTC"]).returncode == 0
assert haru("a", ["action", "add", "Water", "--tracking", "count", "--id", "water"]).returncode == 0
assert haru("a", ["sync", view["a"]]).returncode == 0
mine = {}
mine["a"] = os.listdir(os.path.join(view["a"], "devices"))[0]
for n in ["b", "c"]:
    for f in os.listdir(os.path.join(view["a"], "devices", mine["a"])):
        os.makedirs(os.path.join(view[n], "devices", mine["a"]), exist_ok=True)
        shutil.copy(os.path.join(view["a"], "devices", mine["a"], f), os.path.join(view[n], "devices", mine["a"], f))
    r = haru(n, ["init", "--from", view[n]])
    assert r.returncode == 0, r.stderr
    before = set(os.listdir(os.path.join(view[n], "devices")))
    assert haru(n, ["sync", view[n]]).returncode in (0, 1)
    mine[n] = [d for d in os.listdir(os.path.join(view[n], "devices")) if d not in (mine["a"], mine.get("b"))][0]

gone = {}
start = time.monotonic()
for step in range(args.steps):
    for n, back in list(gone.items()):
        if step >= back:
            os.rename(view[n] + ".gone", view[n])
            del gone[n]
    op = rng.random()
    n = rng.choice(names)
    if op < 0.35:
        i = str(uuid.uuid4())
        r = haru(n, ["count", "water", "1", "--id", i])
        stats["count"] += 1
        if r.returncode == 0:
            acknowledged.append(i)
        else:
            failures.append(f"count on {n}: exit {r.returncode}: {r.stderr.decode(errors='replace')[:200]}")
    elif op < 0.60:
        sync(n)
    elif op < 0.68:
        sync(n, kill_after=rng.uniform(0.0, 0.08))
    elif op < 0.90:
        tool_step()
    elif op < 0.95:
        if n not in gone and os.path.isdir(view[n]):
            os.rename(view[n], view[n] + ".gone")
            gone[n] = step + rng.randint(1, 6)
            stats["view gone"] += 1
            r = haru(n, ["sync", view[n]])
            if r.returncode != 3:
                failures.append(f"sync of a missing folder on {n}: exit {r.returncode}")
    else:
        target = rng.choice(names)
        if os.path.isdir(view[target]):
            d = rng.choice(list(mine.values()))
            stray = rng.choice(["9999999999999999-9999999999999999.jsonl", "0000000000000001-9999999999999999.jsonl",
                                "0000000000000002-0000000000000002.jsonl.sync-conflict.jsonl", "notes.txt"])
            p = os.path.join(view[target], "devices", d, stray)
            if os.path.isdir(os.path.dirname(p)) and not os.path.exists(p):
                open(p, "wb").write(rng.choice([b"junk\n", b"{}\n", b"", b"\x1b[31m\n"]))
                stats["stray file"] += 1
for n, back in list(gone.items()):
    os.rename(view[n] + ".gone", view[n])
chaos = time.monotonic() - start

# Quiesce: the tool delivers everything whole; every device syncs until nothing moves.
for round in range(8):
    for n in names:
        sync(n)
    tool_step(deliver_all=True)
for n in names:
    sync(n)

ids, held = {}, {}
for n in names:
    lines = [json.loads(l) for l in haru(n, ["log", "--json"]).stdout.splitlines()]
    ids[n] = sorted(e["id"] for e in lines)
    entries = collections.Counter(e["data"]["entry_id"] for e in lines if e["type"] == "count.added")
    lost = [i for i in acknowledged if entries[i] == 0]
    held[n] = len(acknowledged) - len(lost)
    twice = [i for i in acknowledged if entries[i] > 1]
    v = haru(n, ["verify"])
    stats[f"{n}: events"] = len(lines)
    if lost:
        failures.append(f"{n}: {len(lost)} acknowledged counts missing")
    if twice:
        failures.append(f"{n}: {len(twice)} counts twice")
    if v.returncode != 0:
        failures.append(f"{n}: verify exit {v.returncode}: {v.stderr.decode(errors='replace')[:200]}")
if not (ids["a"] == ids["b"] == ids["c"]):
    failures.append("the devices hold different events")
# One instant for the three answers (`as_of` is the clock's: three calls can straddle a second).
at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 60))
days = {n: haru(n, ["day", "--json", "--now", at]).stdout for n in names}
strip = lambda s: json.loads(s) | {"known_at": None, "known_at_hash": None}
if not (strip(days["a"]) == strip(days["b"]) == strip(days["c"])):
    failures.append("the devices answer `day` differently")

print(f"jepsen-folder: seed {args.seed}, {args.steps} steps in {chaos:.0f} s, work {work}")
for k in sorted(stats):
    print(f"  {k}: {stats[k]}")
print(f"  acknowledged counts: {len(acknowledged)}; held by " + ", ".join(f"{n}: {held[n]}" for n in names))
for f in failures[:20]:
    print("  FAILED: " + f)
print("jepsen-folder: " + ("FAILED" if failures else "ok"))
if not args.keep and not failures:
    shutil.rmtree(work)
sys.exit(1 if failures else 0)
