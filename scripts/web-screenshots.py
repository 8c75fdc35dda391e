#!/usr/bin/env python3
"""Regenerates the screenshots of `haru web` in Docs/ (light, dark in Korean,
a phone's width) from a demo ledger written with `haru` commands: a morning
of reading, a run, water counted, a goal with three quests, a diary page.

Usage: scripts/web-screenshots.py [HARU]   (default .build/debug/haru)
Needs Debian's chromium and fonts-noto-cjk, and PyPI's playwright (scripts/setup.sh).
"""
import os
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
haru = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build/debug/haru"))
work = tempfile.mkdtemp(prefix="haru-shots-")
env = dict(os.environ, HARU_LEDGER=os.path.join(work, "ledger"), TZ="Asia/Seoul", LANG="C.UTF-8")


def run(*args):
    subprocess.run([haru, *args], env=env, check=True, capture_output=True)


run("init", "--time-zone", "Asia/Seoul")
run("tag", "add", "공부", "--color", "#4C7BD9")
run("tag", "add", "건강", "--color", "#3FA45B")
run("action", "add", "독서", "--tracking", "time", "--tag", "공부", "--symbol", "📚")
run("action", "add", "러닝", "--tracking", "time", "--tag", "건강", "--symbol", "🏃")
run("action", "add", "물", "--tracking", "count", "--tag", "건강", "--symbol", "💧")
run("action", "add", "커피", "--tracking", "count", "--symbol", "☕")
run("goal", "add", "책과 운동", "--start", "2026-01-01", "--symbol", "🎯")
run("quest", "add", "--goal", "책과 운동", "--action", "독서", "--period", "daily", "--target", "30m")
run("quest", "add", "--goal", "책과 운동", "--action", "러닝", "--period", "weekly", "--target", "2h")
run("quest", "add", "--goal", "책과 운동", "--action", "커피", "--period", "daily", "--target", "2", "--at-most")
for days in range(1, 4):
    run("count", "물", "3", "--at", f"-{days * 24 - 2}h")
    start = days * 24 * 60 - 60  # minutes ago
    run("start", "러닝", "--at", f"-{start}m", "--yes")
    run("stop", "--at", f"-{start - 35}m")
run("start", "독서", "--at", "-2h")
run("stop", "--at", "-80m")
run("count", "물", "2", "--at", "-1h")
run("count", "커피", "--at", "-3h")
run("start", "독서", "--at", "-12m")
run("diary", "write", "--mood", "🙂", "--text", "창가에서 40쪽 읽었다.")

server = subprocess.Popen([haru, "web", "--port", "0"], env=env, stdout=subprocess.PIPE, text=True)
url = server.stdout.readline().split()[-1]
docs = os.path.join(root, "Docs")
try:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("HARU_CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
        shots = [
            ("web-today-light.png", {"width": 1000, "height": 760}, "light", "en", "today"),
            ("web-today-dark-ko.png", {"width": 390, "height": 844}, "dark", "ko", "today"),
            ("web-records-phone.png", {"width": 390, "height": 844}, "light", "ko", "records"),
        ]
        for name, size, theme, lang, tab in shots:
            page = browser.new_page(viewport=size, color_scheme=theme)
            page.goto(url)
            page.evaluate(f"localStorage.setItem('haru.lang', '{lang}'); localStorage.setItem('haru.theme', '{theme}')")
            page.goto(url + "#" + tab)
            page.reload()
            page.wait_for_selector("#main > *")
            page.wait_for_timeout(500)
            page.screenshot(path=os.path.join(docs, name))
            print("wrote Docs/" + name)
            page.close()
        browser.close()
finally:
    server.terminate()
    server.wait(timeout=10)
