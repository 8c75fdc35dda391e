#!/usr/bin/env python3
"""Single-byte changes of a small ledger's data file, and what haru makes of them.

    scripts/byte-flips.py [--haru PATH] [--flips N] [--seed S]

Builds a ledger from Fixtures/demo/demo.jsonl (about 90 events), then N times
(default 2000) changes one byte of a copy of its data.mdb to another value
and runs verify, log --json, day, progress, running and rebuild on it. Where
verify found damage and the log reads as before, it counts what the rebuild
mended (`rebuild --fresh` when the plain one failed), by verify's status after.
Prints the exit statuses, and fails (exit 1) on any of:
- a signal death (a negative status) or an exit status other than 0-3;
- a command running past 10 s (a hang);
- a silent change: `log --json` prints something else than for the
  undamaged ledger, yet `verify` exits 0 (damage nobody was told of).
The suite runs a short form (Tests/HaruCLITests/DamagedFileTests.swift);
this is the long one, with its figures in Docs/reliability.md.
"""
import argparse, collections, os, random, shutil, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ap = argparse.ArgumentParser()
ap.add_argument("--haru", default=os.path.join(root, ".build/release/haru"))
ap.add_argument("--flips", type=int, default=2000)
ap.add_argument("--seed", type=int, default=1)
args = ap.parse_args()
env = {**os.environ, "SWIFT_BACKTRACE": "enable=no", "TZ": "UTC"}
now = ["--now", "2026-03-10T00:00:00+09:00"]
work = tempfile.mkdtemp()
base = os.path.join(work, "base")


def run(ledger, cmd, stdin=None):
    try:
        r = subprocess.run([args.haru, "--ledger", ledger] + cmd, input=stdin, capture_output=True, timeout=10, env=env)
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return "hang", b"", b""


assert run(base, ["init", "--time-zone", "Asia/Seoul"] + now)[0] == 0
demo = b"".join(l for l in open(os.path.join(root, "Fixtures/demo/demo.jsonl"), "rb") if b'"expect"' not in l)
assert run(base, ["append", "-"] + now, demo)[0] == 0
clean_log = run(base, ["log", "--json"])[1]
data = open(os.path.join(base, "data.mdb"), "rb").read()
commands = [["verify"], ["log", "--json"], ["day", "2026-03-04"] + now, ["progress", "--json"] + now, ["running"] + now, ["rebuild"]]

random.seed(args.seed)
stats = collections.Counter()
mended = collections.Counter()
unmended = collections.Counter()
bad = []
tried = 0
while tried < args.flips:
    pos, val = random.randrange(len(data)), random.randrange(256)
    if data[pos] == val:
        continue
    tried += 1
    copy = os.path.join(work, "copy")
    shutil.rmtree(copy, ignore_errors=True)
    os.mkdir(copy, 0o700)
    changed = bytearray(data)
    changed[pos] = val
    open(os.path.join(copy, "data.mdb"), "wb").write(changed)
    # The ledger's second record of its head goes with it, as in a real ledger.
    shutil.copy(os.path.join(base, "head"), os.path.join(copy, "head"))
    results = {}
    for cmd in commands:
        code, out, err = run(copy, cmd)
        results[cmd[0]] = (code, out)
        stats[(cmd[0], code)] += 1
        if code == "hang" or code < 0 or code > 3:
            bad.append((pos, val, cmd[0], code, err[-200:]))
    log_code, log_out = results["log"]
    if results["verify"][0] == 0 and log_code == 0 and log_out != clean_log:
        bad.append((pos, val, "silent change", 0, b"log --json differs, verify says ok"))
    # Damage `verify` found while the log reads as before: what a rebuild
    # (or, when reading the old projections fails, `rebuild --fresh`) mends.
    if results["verify"][0] == 1 and log_code == 0 and log_out == clean_log:
        rebuilt = results["rebuild"][0]
        if rebuilt != 0:
            rebuilt = run(copy, ["rebuild", "--fresh"])[0]
            stats[("rebuild --fresh", rebuilt)] += 1
        after, _, err = run(copy, ["verify"]) if rebuilt == 0 else ("not rebuilt", b"", b"")
        mended[after] += 1
        if after == 1:
            # What a rebuild cannot mend, by kind; damage of the file's pages
            # (`verify` says so) is what `compact` writes anew: tried, and counted.
            what = err.decode(errors="replace").splitlines()[0].split(":", 2)[-1].strip()[:60] if err else ""
            if b"haru compact` writes the ledger anew" in err:
                compacted = run(copy, ["compact"])[0]
                what = "the file's pages; after compact, verify exit " + str(run(copy, ["verify"])[0] if compacted == 0 else "not compacted")
            unmended[what] += 1
        if after not in (0, 1, "not rebuilt"):
            bad.append((pos, val, "verify after rebuild", after, b""))
shutil.rmtree(work)

print(f"{tried} single-byte changes of a {len(data)}-byte data file, {len(commands)} commands each")
for (cmd, code), n in sorted(stats.items(), key=lambda kv: (kv[0][0], str(kv[0][1]))):
    print(f"  {cmd:9} exit {code}: {n}")
print(f"found by verify with the log intact: {sum(mended.values())}; verify after rebuild: "
      + ", ".join(f"{k}: {n}" for k, n in sorted(mended.items(), key=lambda kv: str(kv[0]))))
for what, n in unmended.most_common(8):
    print(f"    still failing after rebuild ({n}): {what}")
print(f"signal deaths, hangs, other statuses and silent changes: {len(bad)}")
for b in bad[:20]:
    print("  ", b)
sys.exit(1 if bad else 0)
