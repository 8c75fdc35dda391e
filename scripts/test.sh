#!/usr/bin/env bash
# The whole test suite: set-up, the layering and format checks, a debug build
# (the CLI tests run the built binary too), the compile checks, every unit,
# property and scenario test, the short fault-injection run, the browser
# test of `haru web`, then the
# packages in Examples/ built and run as an app would (by path and as a
# versioned dependency).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/check-layers.py
# Formatting: .swift-format (Docs/design.md, "Style"); --strict fails on any finding.
swift format lint --strict -r Sources Examples
echo "swift format lint: Sources and Examples clean"
swift build 2>&1 | tail -n 1
scripts/check-compile.sh
set +e
swift test 2>&1 | grep -vP '^(◇|✔) (Test|Suite) (?!run with).*(started\.|passed after .*)$'
status=${PIPESTATUS[0]}
set -e
[ "$status" = 0 ] || exit "$status"
# Faults at every write-path call of init and count (the long form: scripts/fault-inject.py).
# Exit 2: strace cannot trace on this machine (ptrace refused); said, not failed.
set +e
scripts/fault-inject.py --quick 2>&1 | tail -n 1
status=${PIPESTATUS[0]}
set -e
[ "$status" = 0 ] || [ "$status" = 2 ] || exit "$status"
# `haru web` in Debian's Chromium: clicks, live updates, languages, a phone's width, refusals.
python3 Tests/Web/browser_test.py .build/debug/haru
scripts/check-examples.sh
