#!/usr/bin/env python3
"""Load on `haru web`: 200 concurrent readers of the today screen (wrk, from
Debian) and 20 writers counting through the page's API, for a minute, on a
release build. Prints the readers' and writers' rates and latency
percentiles, then checks that nothing was lost: every count the server
acknowledged is in the ledger (and no other), every answer a reader got was
whole and its count never went backwards, and `haru verify` passes.

Usage: Benchmarks/web-load.py [--seconds N] [--readers N] [--writers N] [HARU]
       (HARU: a haru binary; default: builds a release one with scripts/build-release.sh)
Figures are kept in Docs/performance.md ("haru web under load").
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ap = argparse.ArgumentParser()
ap.add_argument("--seconds", type=int, default=60)
ap.add_argument("--readers", type=int, default=200)
ap.add_argument("--writers", type=int, default=20)
ap.add_argument("haru", nargs="?")
a = ap.parse_args()
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
if not shutil.which("wrk"):
    sys.exit("web-load: wrk is missing (Debian: apt-get install wrk)")
haru = a.haru
if not haru:
    subprocess.run([os.path.join(root, "scripts/build-release.sh"), "--product", "haru"], check=True, cwd=root)
    haru = os.path.join(root, ".build/release/haru")
work = tempfile.mkdtemp(prefix="haru-load-")
env = dict(os.environ, HARU_LEDGER=os.path.join(work, "ledger"), TZ="UTC", LANG="C.UTF-8")


def run(*args):
    return subprocess.run([haru, *args], env=env, check=True, capture_output=True, text=True).stdout


run("init")
for name in ["Reading", "Running", "Piano", "Writing"]:
    run("action", "add", name, "--tracking", "time")
run("action", "add", "Water", "--tracking", "count")
run("goal", "add", "Health", "--start", "2026-01-01")
run("quest", "add", "--goal", "Health", "--action", "Reading", "--period", "daily", "--target", "30m")
run("quest", "add", "--goal", "Health", "--action", "Water", "--period", "daily", "--target", "8")
run("start", "Reading")
water = next(x["action_id"] for x in json.loads(run("actions", "--json"))["actions"] if x["name"] == "Water")

server = subprocess.Popen([haru, "web", "--port", "0"], env=env, stdout=subprocess.PIPE, text=True)
url = server.stdout.readline().split()[-1].rstrip("/")
token = urllib.request.urlopen(url + "/").read().decode().split('name="haru-token" content="')[1].split('"')[0]

stop = threading.Event()
acknowledged = [0] * a.writers
refused = [0] * a.writers
write_latency = [[] for _ in range(a.writers)]
problems = []


def writer(k):
    body = json.dumps({"action": water, "amount": 1}).encode()
    headers = {"Content-Type": "application/json", "X-Haru-Token": token}
    while not stop.is_set():
        t = time.perf_counter()
        try:
            with urllib.request.urlopen(urllib.request.Request(url + "/api/count", body, headers), timeout=30) as r:
                ok = r.status == 200 and json.loads(r.read())["ok"]
        except Exception as e:  # a refusal or a dropped connection: said, and not counted as written
            ok = False
            problems.append(f"writer {k}: {e}")
        write_latency[k].append(time.perf_counter() - t)
        if ok:
            acknowledged[k] += 1
        else:
            refused[k] += 1


def watcher():
    """A reader that checks each answer: whole JSON, the count never going backwards."""
    last = -1
    while not stop.is_set():
        with urllib.request.urlopen(url + "/api/today", timeout=30) as r:
            j = json.loads(r.read())
        n = next(b["count"] for b in j["buttons"] if b["id"] == water)
        if n < last:
            problems.append(f"the count went back from {last} to {n}")
        last = n
        time.sleep(0.05)


threads = [threading.Thread(target=writer, args=(k,)) for k in range(a.writers)] + [threading.Thread(target=watcher)]
for t in threads:
    t.start()
wrk = subprocess.run(
    ["wrk", "-t", "2", "-c", str(a.readers), "-d", f"{a.seconds}s", "--timeout", "30s", "--latency", url + "/api/today"],
    capture_output=True, text=True)
stop.set()
for t in threads:
    t.join()

print(wrk.stdout)
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", wrk.stdout)
socket_errors = re.search(r"Socket errors: (.*)", wrk.stdout)
lat = sorted(x for w in write_latency for x in w)
acks = sum(acknowledged)
print(f"writers: {a.writers}, {acks} counts acknowledged, {sum(refused)} not, {acks / a.seconds:.1f}/s")
if lat:
    q = statistics.quantiles(lat, n=100)
    print(f"write latency: p50 {q[49] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms, max {lat[-1] * 1000:.1f} ms")
day = json.loads(run("day", "--json"))
in_ledger = next((x["count"] for x in day["actions"] if x.get("action_id") == water), 0)
print(f"in the ledger: {in_ledger} counts of Water")
server.terminate()
server.wait(timeout=30)
verify = subprocess.run([haru, "verify"], env=env, capture_output=True, text=True)
print(verify.stdout.strip())
failures = []
if in_ledger != acks:
    failures.append(f"{acks} counts acknowledged but {in_ledger} in the ledger")
if non2xx:
    failures.append(f"{non2xx.group(1)} readers' answers were not 200")
if socket_errors:
    failures.append(f"socket errors: {socket_errors.group(1)}")
if verify.returncode != 0:
    failures.append("haru verify failed")
failures += problems[:5]
for f in failures:
    print("FAIL:", f)
print("nothing lost" if not failures else "")
sys.exit(1 if failures else 0)
