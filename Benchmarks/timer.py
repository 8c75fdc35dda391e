#!/usr/bin/env python3
"""Times one whole shell command: median of N runs, peak memory.

A drop-in for ../shared/bench/timeit.py (same arguments, same JSON), with one
difference that matters for millisecond figures: timeit.py waits for the
child with a timeout, which Python implements by polling with growing sleeps,
so short runs come out in steps of about 8 ms. This timer blocks in wait4()
instead. The peak resident set comes from one more run under
`/usr/bin/time -f %M` (the largest process the command waited for), as
timeit.py does; a spawned child's own accounting would include this
interpreter's pages until it execs.

  timer.py --peer P --task T --size S --records N [--runs 5] [--warmup 1]
           [--timeout SECONDS] [--out results.jsonl] -- 'SHELL COMMAND'
"""
import argparse
import json
import os
import resource
import signal
import statistics
import sys
import time


def one_run(cmd, timeout):
    devnull = os.open(os.devnull, os.O_RDWR)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    pid = os.posix_spawn("/bin/sh", ["sh", "-c", cmd], os.environ,
                         file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, devnull, 1),
                                       (os.POSIX_SPAWN_DUP2, devnull, 2)])
    signal.alarm(int(timeout) + 1)
    _, status = os.waitpid(pid, 0)
    signal.alarm(0)
    wall = time.perf_counter() - t0
    os.close(devnull)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"wall": wall,
            "cpu": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime),
            "exit": os.waitstatus_to_exitcode(status)}


def peak_kib(cmd, timeout):
    """One more run under /usr/bin/time for the peak resident set (KiB)."""
    import subprocess
    import tempfile
    with tempfile.NamedTemporaryFile("r", suffix=".time") as tf:
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", tf.name, "sh", "-c", cmd], stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=timeout)
        try:
            return float(tf.read().strip().splitlines()[-1])
        except (ValueError, IndexError):
            return float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for k in ("peer", "task", "size"):
        ap.add_argument("--" + k, required=True)
    ap.add_argument("--records", type=int, required=True)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=3600)
    ap.add_argument("--out")
    ap.add_argument("cmd", nargs="+")
    a = ap.parse_args()
    cmd = " ".join(a.cmd)
    for _ in range(a.warmup):
        one_run(cmd, a.timeout)
    runs = [one_run(cmd, a.timeout) for _ in range(a.runs)]
    walls = [r["wall"] for r in runs]
    med = statistics.median(walls)
    res = {
        "peer": a.peer, "task": a.task, "size": a.size, "records": a.records,
        "runs": a.runs, "warmup": a.warmup, "timer": "timer.py",
        "wall_min": round(min(walls), 5), "wall_median": round(med, 5), "wall_max": round(max(walls), 5),
        "cpu_median": round(statistics.median(r["cpu"] for r in runs), 4),
        "peak_mib": round(peak_kib(cmd, a.timeout) / 1024, 1),
        "records_per_s": round(a.records / med) if med > 0 else None,
        "exit_codes": sorted({r["exit"] for r in runs}),
        "cmd": cmd,
    }
    line = json.dumps(res)
    print(line)
    if a.out:
        with open(a.out, "a") as f:
            f.write(line + "\n")
    if any(r["exit"] != 0 for r in runs):
        print(f"warning: {a.peer}/{a.task} exited non-zero", file=sys.stderr)


if __name__ == "__main__":
    main()
