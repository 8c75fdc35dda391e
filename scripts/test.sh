#!/usr/bin/env bash
# The whole test suite: set-up, a debug build (the CLI tests run the built
# binary too), then every unit, property and scenario test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/check-layers.py
swift build 2>&1 | tail -n 1
scripts/check-compile.sh
swift test 2>&1 | grep -vP '^(◇|✔) (Test|Suite) (?!run with).*(started\.|passed after .*)$'
exit "${PIPESTATUS[0]}"
