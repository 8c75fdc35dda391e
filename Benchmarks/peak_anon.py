#!/usr/bin/env python3
"""Runs one command and prints its peak anonymous memory in MiB.

Peak RSS (`/usr/bin/time -f %M`) counts the pages of the ledger file a
process has mapped and read, which the OS can drop at any time; what a bulk
load must keep bounded is its own memory: RssAnon in /proc/PID/status, the
heap and LMDB's dirty pages. Linux keeps no high-water mark of it, so it is
sampled every 2 ms until the command exits (a peak shorter than that can be
missed; an import's peak lasts seconds).

  peak_anon.py [--results FILE --task T --size S --records N] -- COMMAND ARG…
      (no shell: the sampled process is the command itself; with --results,
      the figure is also appended there as a row of Benchmarks/run.sh's results)
"""
import json
import os
import sys
import time


def rss_anon_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("RssAnon:"):
                    return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError):
        return None
    return None


def main():
    args = sys.argv[1:]
    row = {}
    while args and args[0] in ("--results", "--task", "--size", "--records"):
        row[args[0][2:]], args = args[1], args[2:]
    if args[:1] == ["--"]:
        args = args[1:]
    if not args:
        sys.exit(__doc__)
    devnull = os.open(os.devnull, os.O_RDWR)
    t0 = time.perf_counter()
    pid = os.posix_spawnp(args[0], args, os.environ,
                          file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, devnull, 1)])
    peak = 0
    samples = 0
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        kib = rss_anon_kib(pid)
        if kib is not None:
            peak = max(peak, kib)
            samples += 1
        time.sleep(0.002)
    wall = time.perf_counter() - t0
    code = os.waitstatus_to_exitcode(status)
    result = {"peak_anon_mib": round(peak / 1024, 1), "wall": round(wall, 3), "samples": samples, "exit": code}
    print(json.dumps(result))
    if "results" in row:
        with open(row["results"], "a") as f:
            f.write(json.dumps({"peer": "haru", "task": row["task"], "size": row["size"], "records": int(row["records"]),
                                "peak_anon_mib": result["peak_anon_mib"], "wall_median": result["wall"],
                                "exit_codes": [code]}) + "\n")
    sys.exit(0 if code == 0 else 1)


if __name__ == "__main__":
    main()
