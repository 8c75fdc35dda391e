#!/usr/bin/env python3
"""Fault injection at every write-path system call of haru's writing commands.

For each command (init; count and start with and without --no-sync; append of
a small and a large batch, with and without --no-sync; compact DEST) the
script counts the write-path system calls of a clean run (strace), then runs
the command again once per call and fault: that call fails with EIO or
ENOSPC, or the process is killed there (SIGKILL). After each run it checks:

- the ledger opens and answers (`haru verify` exits 0); for init and compact,
  a failed run leaves nothing at the path (a kill may leave a `.partial-PID`
  directory beside it, never a ledger without its events);
- exit 0 only when the command's events are in the ledger;
- a failure after the commit says "committed" (exit 4; a kill cannot speak);
- compact in place: the old ledger or the new one is at the path, holding
  the same events, whatever the fault;
- a retry of the same command (its records carry ids) ends with each event
  in the ledger exactly once: it appends what is missing, or is refused
  because the record is there already, writing nothing.

For init the rename into place is the commit: before it a failure leaves
nothing at the path; after it (a kill, a failed fsync of the parent
directory, an output that cannot be written) the ledger is there whole, and
a message, if the process can still speak, says it was created (exit 4).

Usage: scripts/fault-inject.py [--haru BIN] [--quick] [--max-per-call N]
  --quick: init and count only, EIO and SIGKILL, at most 12 occurrences per
  call (the short form that scripts/test.sh runs, about 20 seconds).
Needs strace (Debian: strace) and a haru binary (default .build/debug/haru).
Prints one line per finding and a summary; exits 1 when a check failed, 2
when strace cannot trace here.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

WRITE_CALLS = ["pwrite64", "pwritev", "pwritev2", "write", "writev", "fdatasync", "fsync", "msync", "rename", "renameat2", "ftruncate"]
NOW = "2026-03-02T09:00:00+09:00"
AT = "2026-03-02T08:00:00+09:00"


def run(cmd, env=None, stdin=None):
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, input=stdin)
    return p.returncode, p.stdout, p.stderr


class Injector:
    def __init__(self, haru, work):
        self.haru = haru
        self.work = work
        self.findings = []
        self.runs = 0

    def haru_cmd(self, ledger, args):
        return [self.haru, "--ledger", ledger] + args + ["--now", NOW]

    def traced_counts(self, cmd):
        """How many times each write-path call happens in a clean run."""
        log = os.path.join(self.work, "trace.log")
        subprocess.run(["strace", "-f", "-qq", "-o", log, "-e", "trace=" + ",".join(WRITE_CALLS)] + cmd,
                       capture_output=True, text=True)
        counts = {}
        with open(log) as f:
            for line in f:
                parts = line.split(None, 1)
                if len(parts) < 2:
                    continue
                name = parts[1].split("(", 1)[0]
                if name in WRITE_CALLS:
                    counts[name] = counts.get(name, 0) + 1
        return counts

    def inject(self, cmd, call, n, fault, stdin=None):
        self.runs += 1
        spec = f"inject={call}:{fault}:when={n}"
        return run(["strace", "-f", "-qq", "-o", "/dev/null", "-e", spec] + cmd, stdin=stdin)

    def events(self, ledger):
        code, out, _ = run([self.haru, "--ledger", ledger, "log", "--json"])
        if code != 0:
            return None
        ids = []
        for line in out.splitlines():
            if line.strip():
                ids.append(json.loads(line)["id"])
        return ids

    def verify(self, ledger):
        code, out, err = run([self.haru, "--ledger", ledger, "verify"])
        return code == 0, (out + err).strip().splitlines()[:1]

    def finding(self, what):
        self.findings.append(what)
        print("FINDING:", what)


def occurrences(count, cap):
    """The occurrences to hit: all of them, or the first cap-4 and the last 4."""
    if count <= cap:
        return list(range(1, count + 1))
    return list(range(1, cap - 3)) + list(range(count - 3, count + 1))


def event_lines(n, action_id, prefix):
    lines = []
    for k in range(n):
        lines.append(json.dumps({"id": "00000000-0000-4000-8000-%012d" % (k + 1) if prefix == "a" else
                                 "00000000-0000-4000-9000-%012d" % (k + 1),
                                 "type": "count.added", "at": AT,
                                 "data": {"entry_id": f"{prefix}{k}", "action_id": action_id, "amount": 1}}))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--haru", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build", "debug", "haru"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--max-per-call", type=int, default=40)
    a = ap.parse_args()
    haru = os.path.abspath(a.haru)
    if shutil.which("strace") is None or subprocess.run(["strace", "-o", "/dev/null", "true"], capture_output=True).returncode != 0:
        print("fault-inject: strace is missing or cannot trace here; nothing checked", file=sys.stderr)
        return 2
    faults = ["error=EIO", "signal=SIGKILL"] if a.quick else ["error=EIO", "error=ENOSPC", "signal=SIGKILL"]
    cap = 12 if a.quick else a.max_per_call
    work = tempfile.mkdtemp(prefix="haru-faults-")
    inj = Injector(haru, work)
    try:
        base = os.path.join(work, "base")
        code, _, err = run(inj.haru_cmd(base, ["init", "--time-zone", "Asia/Seoul"]))
        assert code == 0, err
        run(inj.haru_cmd(base, ["action", "add", "Water", "--tracking", "count", "--id", "water"]))
        run(inj.haru_cmd(base, ["action", "add", "Reading", "--tracking", "time", "--id", "read"]))

        # Each scenario: (name, args after --ledger L, stdin, the ids it writes or None for init/compact)
        scenarios = [("init", None, None, None)]
        for sync in ([[]] if a.quick else [[], ["--no-sync"]]):
            tag = " --no-sync" if sync else ""
            scenarios.append(("count" + tag, ["count", "water", "--id", "c1"] + sync, None, ["count"]))
            if not a.quick:
                scenarios.append(("start" + tag, ["start", "read", "--id", "s1"] + sync, None, ["start"]))
                scenarios.append(("append 3" + tag, ["append", "-"] + sync, event_lines(3, "water", "a"), ["append"]))
                scenarios.append(("append 2000" + tag, ["append", "-"] + sync, event_lines(2000, "water", "b"), ["append"]))
        if not a.quick:
            scenarios.append(("compact", None, None, None))
        scenarios.append(("compact in place", None, None, None))

        for name, args, stdin, _ in scenarios:
            ledger = os.path.join(work, "l")
            dest = os.path.join(work, "copy")

            def fresh():
                for p in os.listdir(work):
                    if p.startswith("l") or p.startswith("copy"):
                        shutil.rmtree(os.path.join(work, p), ignore_errors=True)
                if name != "init":
                    shutil.copytree(base, ledger)

            if name == "init":
                cmd = inj.haru_cmd(ledger, ["init", "--time-zone", "Asia/Seoul"])
            elif name == "compact":
                cmd = inj.haru_cmd(ledger, ["compact", dest])
            elif name == "compact in place":
                cmd = inj.haru_cmd(ledger, ["compact"])
            else:
                cmd = inj.haru_cmd(ledger, args)
            fresh()
            before = inj.events(ledger) if name != "init" else []
            counts = inj.traced_counts(cmd if stdin is None else ["sh", "-c", " ".join(cmd) + " < " + write_stdin(work, stdin)])
            fresh()
            print(f"{name}: write-path calls of a clean run: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())), flush=True)
            for call, count in sorted(counts.items()):
                for n in occurrences(count, cap):
                    for fault in faults:
                        fresh()
                        code, out, err = inj.inject(cmd, call, n, fault, stdin=stdin)
                        where = f"{name}: {call} #{n} {fault}: exit {code}"
                        killed = code < 0 or code == 137 or "SIGKILL" in fault and code not in (0, 2, 3, 4)
                        if name == "init":
                            exists = os.path.exists(os.path.join(ledger, "data.mdb"))
                            whole = exists and inj.verify(ledger)[0] and len(inj.events(ledger) or []) == 1
                            if code in (0, 4) and not whole:
                                inj.finding(where + ": init said it made a ledger that is not whole")
                            if code == 4 and "created" not in err and "committed" not in err:
                                inj.finding(where + f": exit 4 without saying the ledger was made: {err.strip()[:160]}")
                            if exists and not whole:
                                inj.finding(where + ": a ledger without its first event is at the path")
                            if code not in (0, 4) and not killed and exists:
                                inj.finding(where + f": init failed ({err.strip()[:120]}) but left a ledger at the path")
                            continue
                        if name == "compact":
                            # As for init, the rename is the commit: after it the copy is there whole.
                            exists = os.path.exists(os.path.join(dest, "data.mdb"))
                            whole = exists and inj.verify(dest)[0]
                            if code in (0, 4) and not whole:
                                inj.finding(where + ": compact said it wrote a copy that is not whole")
                            if exists and not whole:
                                inj.finding(where + ": a copy that does not verify is at DEST")
                            if code not in (0, 4) and not killed and exists:
                                inj.finding(where + f": compact failed ({err.strip()[:120]}) but left a copy at DEST")
                            if not inj.verify(ledger)[0]:
                                inj.finding(where + ": the ledger compacted from no longer verifies")
                            continue
                        ok, line = inj.verify(ledger)
                        if not ok:
                            inj.finding(where + f": the ledger does not verify afterwards ({line})")
                            continue
                        if name == "compact in place":
                            # The old ledger or the new one at the path, never neither: the same events either way.
                            if (inj.events(ledger) or []) != before:
                                inj.finding(where + ": the ledger at the path does not hold the same events")
                            continue
                        after = inj.events(ledger) or []
                        committed = len(after) > len(before)
                        if code == 0 and not committed:
                            inj.finding(where + ": exit 0 but nothing was committed")
                        if committed and code not in (0,) and not killed and "committed" not in err:
                            inj.finding(where + f": the events were committed but the message does not say so: {err.strip()[:160]}")
                        if code == 4 and not committed:
                            inj.finding(where + ": exit 4 (committed) but nothing is in the ledger")
                        # A retry without the fault: each event exactly once.
                        rcode, _, rerr = run(cmd, stdin=stdin)
                        final = inj.events(ledger) or []
                        there = "already exists" in rerr or "already running" in rerr
                        if rcode != 0 and not (there and committed and final == after):
                            inj.finding(where + f": the retry failed: {rerr.strip()[:160]}")
                        if len(final) != len(set(final)):
                            inj.finding(where + ": the retry appended an event twice")
                        if committed and len(final) != len(after):
                            inj.finding(where + f": the retry appended again ({len(after)} → {len(final)} events)")
        print(f"fault-inject: {inj.runs} faulted runs, {len(inj.findings)} findings")
        return 1 if inj.findings else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


def write_stdin(work, text):
    path = os.path.join(work, "stdin.jsonl")
    with open(path, "w") as f:
        f.write(text)
    return path


if __name__ == "__main__":
    sys.exit(main())
