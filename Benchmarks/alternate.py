#!/usr/bin/env python3
"""Times a few commands in alternation, for comparisons on a noisy machine.

Each round runs every command once, in the order given, so that a slow
moment of the machine falls on all of them alike; after N rounds it prints
each command's median and 10th percentile wall time and its ratio to the
first command's median (the first is the reference: a hello-world, or the
old binary).

  alternate.py [--results FILE --size S --tasks A,B,…] N 'CMD A' 'CMD B' …
      (each command split like a shell would, not run through one; with
      --results, one row per command is also appended there as a row of
      Benchmarks/run.sh's results, named by --tasks, with its ratio)

e.g. the one-call floor, or an old binary against a new one:
  Benchmarks/alternate.py 200 /tmp/haru-bench/hello-static 'haru --ledger L count water' 'haru --ledger L day'
"""
import json
import os
import shlex
import statistics
import sys
import time


def main():
    args = sys.argv[1:]
    results = size = None
    tasks = []
    while args and args[0].startswith("--"):
        if len(args) < 2 or args[0] not in ("--results", "--size", "--tasks"):
            sys.exit(__doc__)
        if args[0] == "--results":
            results = args[1]
        elif args[0] == "--size":
            size = args[1]
        else:
            tasks = args[1].split(",")
        args = args[2:]
    if len(args) < 2 or (results and len(tasks) != len(args) - 1):
        sys.exit(__doc__)
    rounds = int(args[0])
    names = args[1:]
    commands = [shlex.split(c) for c in names]
    devnull = os.open(os.devnull, os.O_RDWR)
    walls = [[] for _ in commands]
    for _ in range(rounds):
        for k, argv in enumerate(commands):
            t0 = time.perf_counter()
            pid = os.posix_spawnp(argv[0], argv, os.environ,
                                  file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)])
            _, status = os.waitpid(pid, 0)
            walls[k].append(time.perf_counter() - t0)
            if os.waitstatus_to_exitcode(status) != 0:
                sys.exit(f"failed: {names[k]}")
    reference = statistics.median(walls[0])
    rows = []
    for k, (name, w) in enumerate(zip(names, walls)):
        m = statistics.median(w)
        p10 = sorted(w)[len(w) // 10]
        print(f"{name[:64]:64s} median {m * 1000:8.2f} ms  p10 {p10 * 1000:8.2f} ms  {m / reference:5.2f}×")
        if results:
            rows.append({"peer": "haru", "task": tasks[k], "size": size, "records": 1, "runs": rounds, "timer": "alternate.py",
                         "wall_median": round(m, 6), "wall_p10": round(p10, 6), "ratio": round(m / reference, 3), "cmd": name})
    if results:
        with open(results, "a") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
