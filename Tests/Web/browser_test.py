#!/usr/bin/env python3
"""`haru web` in a real browser: Debian's Chromium driven by PyPI's playwright
(no browser download), against a ledger that `haru` commands write beside it.

Usage: Tests/Web/browser_test.py HARU   (HARU: the built haru binary)

Each check prints one line; the first failure ends the run with exit 1.
Checked: start and stop by clicking, and `haru running` agrees; a count from
another process shows without a reload; edit and undo a record; a diary page
written and read back by `haru diary`; the languages; a phone-sized window
without horizontal scrolling on every screen, light and dark; statistics
equal to `haru report --json`; no console errors; writes from another origin,
without the token, or naming another host refused with nothing written; the
server alive after malformed, cut-off and slow requests.
"""
import http.server
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from playwright.sync_api import sync_playwright

HARU = os.path.abspath(sys.argv[1])
CHROMIUM = os.environ.get("HARU_CHROMIUM", "/usr/bin/chromium")
work = tempfile.mkdtemp(prefix="haru-web-")
ledger = os.path.join(work, "ledger")
env = dict(os.environ, HARU_LEDGER=ledger, TZ="UTC", LANG="C.UTF-8")
env.pop("LC_ALL", None)


def haru(*args, check=True):
    r = subprocess.run([HARU, *args], env=env, capture_output=True, text=True)
    if check and r.returncode != 0:
        raise SystemExit(f"haru {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r.stdout


def haru_json(*args):
    return json.loads(haru(*args, "--json"))


def wait_until(page, expression, seconds=5):
    """Polls `expression` in the page until it is true (playwright's wait_for_function
    compiles its predicate with eval, which the page's Content-Security-Policy forbids)."""
    deadline = time.time() + seconds
    while not page.evaluate(expression):
        if time.time() > deadline:
            raise AssertionError(f"not true within {seconds} s: {expression}")
        time.sleep(0.1)


def ok(what):
    print(f"ok: {what}", flush=True)


def seq():
    return int(haru("verify").split()[1])


# A ledger as a person has it: two timed actions, one counted, a goal with two quests.
haru("init")
haru("action", "add", "Reading", "--tracking", "time")
haru("action", "add", "Running", "--tracking", "time")
haru("action", "add", "Water", "--tracking", "count")
haru("goal", "add", "Books and health", "--start", "2026-01-01")
haru("quest", "add", "--goal", "Books and health", "--action", "Reading", "--period", "daily", "--target", "30m")
haru("quest", "add", "--goal", "Books and health", "--action", "Water", "--period", "daily", "--target", "3", "--at-most")
haru("count", "Water")
actions = {a["name"]: a["action_id"] for a in haru_json("actions")["actions"]}

server = subprocess.Popen([HARU, "web", "--port", "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
line = server.stdout.readline()
if not line.startswith("haru web: http://127.0.0.1:"):
    raise SystemExit(f"haru web did not start: {line!r} {server.stderr.read()}")
url = line.split()[-1]
port = int(url.rsplit(":", 1)[1].strip("/"))
ok(f"haru web serves {url}")

errors = []
failed = False
try:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        page.wait_for_selector("button.action")

        # Start Reading by its button, and another process sees it running.
        page.get_by_role("button", name="Start: Reading").click()
        page.wait_for_selector('button.action[aria-pressed="true"]')
        assert page.inner_text("#toast") == "Started Reading.", page.inner_text("#toast")
        running = haru_json("running")
        assert [s["action_id"] for s in running["sessions"]] == [actions["Reading"]], running
        ok("a click starts Reading; `haru running` agrees")
        time.sleep(1.2)  # a session shorter than a second would be discarded
        page.get_by_role("button", name="Stop: Reading").first.click()
        page.wait_for_selector('button.action[aria-pressed="true"]', state="detached")
        assert haru_json("running")["sessions"] == [], haru_json("running")
        ok("a click stops it; `haru running` shows nothing running")

        # Another process counts: the open page changes without a reload.
        water = page.locator("button.action", has_text="Water")
        assert "×1" in water.inner_text(), water.inner_text()
        page.evaluate("window.__marker = 1")
        haru("count", "Water")
        water.filter(has_text="×2").wait_for(timeout=5000)
        assert page.evaluate("window.__marker") == 1  # the same document: no reload
        ok("`haru count` in another process shows on the open page within seconds, no reload")

        # Another device counts; this ledger's `haru sync` merges it: the open page follows.
        folder = os.path.join(work, "shared")
        os.mkdir(folder)
        haru("sync", folder)
        phone = dict(env, HARU_LEDGER=os.path.join(work, "phone"))
        subprocess.run([HARU, "init", "--from", folder], env=phone, check=True, capture_output=True)
        subprocess.run([HARU, "count", "Water", "3"], env=phone, check=True, capture_output=True)
        subprocess.run([HARU, "sync", folder], env=phone, check=True, capture_output=True)
        haru("sync", folder)
        water.filter(has_text="×5").wait_for(timeout=5000)
        assert page.evaluate("window.__marker") == 1
        ok("another device's count, merged by `haru sync`, shows on the open page without a reload")

        # Records: edit the count's amount, then undo the edit.
        page.get_by_role("link", name="Records").click()
        page.wait_for_selector("ul.rows li")
        page.get_by_role("button", name="Edit: Water").first.click()
        page.locator('input[name="amount"]').fill("5")
        page.get_by_role("button", name="Save").click()
        page.locator("ul.rows li", has_text="×5").wait_for(timeout=5000)
        counts = [r for r in haru_json("records")["records"] if r.get("kind") == "count" and r.get("state") == "recorded"]
        assert sorted(r["amount"] for r in counts) == [1, 3, 5], counts
        ok("an edit of a count from the page is in the ledger (amounts 1, 3 and 5)")
        page.get_by_role("button", name="Undo").click()
        page.locator("ul.rows li", has_text="×5").wait_for(state="detached", timeout=5000)
        counts = [r for r in haru_json("records")["records"] if r.get("kind") == "count" and r.get("state") == "recorded"]
        assert sorted(r["amount"] for r in counts) == [1, 1, 3], counts
        ok("Undo takes the edit back (amounts 1, 1 and 3 again)")

        # An action with decimals: its button adds one hour; the editor takes 7.7 (a step of 0.1).
        haru("action", "add", "Sleep", "--tracking", "count", "--unit", "h", "--decimals", "1", "--id", "sleep")
        page.get_by_role("link", name="Today").click()
        sleep = page.locator("button.action", has_text="Sleep")
        sleep.filter(has_text="0 h").wait_for(timeout=5000)
        sleep.click()
        sleep.filter(has_text="1 h").wait_for(timeout=5000)
        page.get_by_role("link", name="Records").click()
        page.get_by_role("button", name="Edit: Sleep").first.click()
        assert page.locator('input[name="amount"]').get_attribute("step") == "0.1"
        page.locator('input[name="amount"]').fill("7.7")
        page.get_by_role("button", name="Save").click()
        page.locator("ul.rows li", has_text="7.7 h").wait_for(timeout=5000)
        slept = [r["amount"] for r in haru_json("records")["records"] if r.get("action") == "Sleep" and r.get("state") == "recorded"]
        assert slept == [7.7], slept
        ok("an action with decimals: its button adds 1 h, the page's editor (step 0.1) makes it 7.7 h in the ledger")

        # Diary: write a page; `haru diary` reads it back.
        page.get_by_role("link", name="Diary").click()
        page.wait_for_selector("#diary-text")
        page.fill("#mood", "🙂")
        page.fill("#diary-text", "Read 40 pages by the window.")
        page.get_by_role("button", name="Save").click()
        page.wait_for_selector("#toast.show")
        diary = haru_json("diary")
        text = json.dumps(diary, ensure_ascii=False)
        assert "Read 40 pages by the window." in text and "🙂" in text, text
        ok("a diary page written on the page; `haru diary --json` has its mood and text")
        # An attached picture is shown on the page; another file is offered as a download.
        png = os.path.join(work, "dot.png")
        with open(png, "wb") as f:  # a 1×1 PNG
            f.write(bytes.fromhex(
                "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                "1f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2b1d6"
                "f40000000049454e44ae426082"))
        notes = os.path.join(work, "notes.html")
        with open(notes, "w") as f:
            f.write("<script>alert(1)</script>")
        haru("diary", "write", "--attach", png, "--attach", notes)
        page.reload()
        wait_until(page, "!!document.querySelector('img.picture') && document.querySelector('img.picture').naturalWidth === 1")
        assert page.locator("img.picture").count() == 1
        href = page.locator("ul.rows a").nth(1).get_attribute("href")
        status, kind = page.evaluate(f"fetch('{href}').then(r => [r.status, r.headers.get('content-type') + ' ' + r.headers.get('content-disposition')])")
        assert status == 200 and kind.startswith("application/octet-stream attachment"), kind
        ok("an attached PNG is shown on the diary page; an HTML file is only a download (octet-stream, attachment)")

        # Statistics: the same figures as `haru report --json`.
        page.get_by_role("link", name="Statistics").click()
        page.wait_for_selector("table")
        stats = page.evaluate(
            "async () => (await fetch('/api/stats?lang=en', {headers: {'X-Haru-Token': document.querySelector('meta[name=haru-token]').content}})).json()")
        report = haru_json("report")
        mine = {c["id"]: (t["seconds"], t["count"]) for c, t in zip(stats["columns"], stats["total"])}
        theirs = {t["action_id"]: (t["seconds"], t["count"]) for t in report["totals"]}
        assert mine == theirs, (mine, theirs)
        ok(f"statistics equal `haru report --json` ({len(mine)} actions)")
        page.select_option('select[name="only"]', label="Reading")
        page.get_by_role("button", name="Show").click()
        wait_until(page, "location.hash.includes('only=action')")
        page.wait_for_selector("table")
        heads = page.locator("thead th").all_inner_texts()
        assert heads == ["", "Reading"], heads
        filtered = haru_json("report", "--action", "Reading")
        cell = page.locator("tbody tr").last.locator("td").inner_text()
        only = page.evaluate(
            "async (id) => (await fetch('/api/stats?only=action:' + id, {headers: {'X-Haru-Token': document.querySelector('meta[name=haru-token]').content}})).json()",
            actions["Reading"])
        assert [(t["seconds"], t["count"]) for t in only["total"]] == [(t["seconds"], t["count"]) for t in filtered["totals"]], (only, filtered)
        ok(f"the statistics filter (only Reading) shows one column, as `haru report --action Reading` ({cell})")

        # Languages: Korean and Japanese tabs, buttons and durations; back to English.
        page.select_option("#lang", "ko")
        page.get_by_role("link", name="모음").wait_for()
        page.get_by_role("link", name="모음").click()
        page.locator("button.action", has_text="회").first.wait_for()
        assert page.get_attribute("html", "lang") == "ko"
        page.select_option("#lang", "ja")
        page.get_by_role("link", name="まとめ").wait_for()
        page.locator("button.action", has_text="回").first.wait_for()
        ok("the page in Korean (모음, 회) and Japanese (まとめ, 回), html lang follows")
        page.select_option("#lang", "en")

        # A phone's width: nothing scrolls sideways, on any screen, light and dark.
        for theme in ["light", "dark"]:
            page.evaluate(f"localStorage.setItem('haru.theme', '{theme}')")
            for tab in ["today", "records", "statistics", "diary", "timetable"]:
                page.goto(url + "#" + tab)
                page.wait_for_selector("#main > *")
                page.wait_for_timeout(200)
                wide = page.evaluate("document.documentElement.scrollWidth")
                assert wide <= 390, f"{tab} ({theme}) is {wide} px wide at 390"
        page.evaluate("localStorage.removeItem('haru.theme')")
        ok("every screen fits 390 px without horizontal scrolling, light and dark")

        # Every icon-like button has a name a screen reader says.
        page.goto(url)
        page.wait_for_selector("button.action")
        unnamed = page.evaluate(
            "[...document.querySelectorAll('button')].filter(b => !(b.getAttribute('aria-label') || b.textContent.trim())).length")
        assert unnamed == 0, f"{unnamed} buttons without a name"
        ok("every button has a name (aria-label or text)")

        # Another origin: a page elsewhere posts to haru web; refused, nothing written.
        before = seq()
        evil_dir = tempfile.mkdtemp(prefix="haru-evil-")
        with open(os.path.join(evil_dir, "index.html"), "w") as f:
            f.write(f"""<!doctype html><html><body>
<form id="f" method="POST" action="http://127.0.0.1:{port}/api/count" enctype="text/plain">
<input name='{{"action":"Water","x":"' value='"}}'></form>
<script>
fetch("http://127.0.0.1:{port}/api/count", {{method: "POST", mode: "no-cors", headers: {{"Content-Type": "text/plain"}}, body: '{{"action":"Water"}}'}}).catch(() => {{}});
fetch("http://127.0.0.1:{port}/api/count", {{method: "POST", headers: {{"Content-Type": "application/json", "X-Haru-Token": "guess"}}, body: '{{"action":"Water"}}'}}).catch(() => {{}});
setTimeout(() => document.getElementById("f").submit(), 300);
</script></body></html>""")
        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

        handler = lambda *a, **k: Quiet(*a, directory=evil_dir, **k)
        evil = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=evil.serve_forever, daemon=True).start()
        other = browser.new_page()
        other.goto(f"http://127.0.0.1:{evil.server_address[1]}/index.html")
        other.wait_for_timeout(1500)
        evil.shutdown()
        assert seq() == before, "another origin's POST wrote"
        ok("POSTs from another origin (a form, no-cors and CORS fetches) are refused; nothing written")
        browser.close()
except AssertionError as e:
    failed = True
    print(f"FAIL: {e}", flush=True)

# Below the browser: what a request that names another host, or carries no token, gets.
def request(path, method="GET", headers=None, body=None):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method, headers=headers or {}, data=body)
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


try:
    before = seq()
    status, _ = request("/api/today", headers={"Host": f"evil.example:{port}"})
    assert status == 421, status
    ok("a request naming another host (DNS rebinding) is refused: 421")
    status, body = request("/api/count", "POST", {"Content-Type": "application/json"}, b'{"action":"Water"}')
    assert status == 403 and b"token" in body, (status, body)
    token = urllib.request.urlopen(url).read().decode().split('name="haru-token" content="')[1].split('"')[0]
    good = {"Content-Type": "application/json", "X-Haru-Token": token}
    status, body = request("/api/count", "POST", good, b'{"action":')
    assert status == 400 and b"invalid JSON" in body, (status, body)
    status, body = request("/api/count", "POST", good, b'{"action":"Water","amount":"two"}')
    assert status == 400 and b"amount" in body, (status, body)
    status, body = request("/api/count", "POST", good, b'{"action":"Nope"}')
    assert status == 400 and b"no such action (Nope)" in body, (status, body)
    status, body = request("/api/count?lang=ko", "POST", good, b'{"action":"Water","amount":0}')
    assert status == 400 and "1부터 999까지의 정수".encode() in body, (status, body)
    # An action with decimals: the page's amounts are in its unit (7.6 h), stored in tenths, never rounded.
    before = seq()
    status, body = request("/api/count?lang=ko", "POST", good, b'{"action":"sleep","amount":7.65}')
    assert status == 400 and "소수 자릿수(1자리)".encode() in body, (status, body)
    status, body = request("/api/count", "POST", good, b'{"action":"sleep","amount":1000}')
    assert status == 400 and b"from 0.1 to 999" in body, (status, body)
    status, body = request("/api/count", "POST", good, b'{"action":"sleep","amount":-2.5}')
    assert status == 400 and b"from 0.1 to 999 (got -2.5)" in body, (status, body)
    assert seq() == before, "a refused amount wrote"
    status, body = request("/api/count", "POST", good, b'{"action":"sleep","amount":7.6}')
    assert status == 200 and b"Sleep +7.6." in body, (status, body)
    status, body = request("/api/count", "POST", good, b'{"action":"sleep"}')
    assert status == 200 and b"Sleep +1." in body, (status, body)
    sleep = [r["amount"] for r in haru_json("records")["records"] if r.get("action") == "Sleep"]
    assert sorted(sleep) == [1, 7.6, 7.7], sleep
    today = json.loads(request("/api/today", headers={"X-Haru-Token": token})[1])
    button = next(b for b in today["buttons"] if b["name"] == "Sleep")
    assert button["count"] == 16.3 and button["total_text"] == "16.3 h", button
    ok("an action with decimals: 7.6 and a button's 1 counted in hours, 7.65, 1000 and -2.5 refused (ko), the button says 16.3 h")
    before = seq()
    status, body = request("/api/stop?lang=ja", "POST", good, b'{}')
    assert status == 409 and "計測中の行動はありません".encode() in body, (status, body)
    status, body = request("/api/records?day=2026-13-01")
    assert status == 400 and b"2026-13-01" in body, (status, body)
    assert seq() == before, "a refused request wrote"
    ok("no token: 403; bad JSON, a bad field, an unknown action, amount 0, nothing running, a bad day: clear errors (en, ko, ja), nothing written")

    # Malformed, cut off, slow: the server answers the next request.
    for junk in [b"GARBAGE\r\n\r\n", b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n", b"POST /api/count HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{\"ac"]:
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(junk)
        s.close()
    slow = socket.create_connection(("127.0.0.1", port))
    slow.sendall(b"GET /api/today HTTP/1.1\r\nHo")  # and never more
    status, body = request("/api/today")
    assert status == 200 and json.loads(body)["buttons"], status
    slow.close()
    assert seq() == before
    ok("after garbage, a 70 KB request line, a body cut off and a client that stalls, the server still answers")
    assert server.poll() is None, "haru web exited"
except AssertionError as e:
    failed = True
    print(f"FAIL: {e}", flush=True)

server.terminate()
try:
    out, err = server.communicate(timeout=10)
except subprocess.TimeoutExpired:
    server.kill()
    print("FAIL: haru web did not stop within 10 s of SIGTERM", flush=True)
    sys.exit(1)
if server.returncode != 0 or "Stopped." not in out:
    print(f"FAIL: haru web ended with {server.returncode}: {out!r} {err!r}", flush=True)
    sys.exit(1)
ok("SIGTERM stops it cleanly (exit 0, 'Stopped.')")

# Bound beyond loopback (--listen 0.0.0.0): every request needs the token; the printed URL carries it.
lan = subprocess.Popen([HARU, "web", "--listen", "0.0.0.0", "--port", "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
lan_url = lan.stdout.readline().split()[-1]
assert "?token=" in lan_url, lan_url
lan_port = int(lan_url.split(":")[2].split("/")[0])
try:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        bare = page.goto(f"http://127.0.0.1:{lan_port}/")
        assert bare.status == 403, bare.status
        page.wait_for_timeout(500)  # the console reports the 403 a moment later
        errors[:] = [e for e in errors if "403" not in e]  # that 403 is expected
        page.goto(lan_url.replace("0.0.0.0", "127.0.0.1"))
        before = seq()
        page.get_by_role("button", name="Add: Water").click()
        page.wait_for_selector("#toast.show")
        assert page.inner_text("#toast") == "Water +1.", page.inner_text("#toast")
        assert seq() == before + 1
        browser.close()
    ok("with --listen 0.0.0.0: the page without the token is 403; with the printed URL's token it reads and writes")
except AssertionError as e:
    failed = True
    print(f"FAIL: {e}", flush=True)
lan.terminate()
lan.wait(timeout=10)
if errors:
    print("FAIL: console errors: " + "; ".join(errors), flush=True)
    sys.exit(1)
ok("no console errors")
haru("verify")
ok("haru verify passes")
sys.exit(1 if failed else 0)
