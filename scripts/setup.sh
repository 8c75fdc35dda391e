#!/usr/bin/env bash
# Installs the Debian packages HaruLedger builds against, if any is missing.
# As root it runs apt-get; otherwise it prints the exact command and fails.
# Why each package: Docs/design.md, "Dependencies".
set -euo pipefail
packages=(liblmdb-dev libssl-dev pkg-config tzdata)
# `haru web` serves through GNU libmicrohttpd: its header to build, its library (libmicrohttpd12) to run.
packages+=(libmicrohttpd-dev)
# For the test suite only: Tests/Web/browser_test.py drives Debian's Chromium with PyPI's playwright
# (no browser download); the CJK and emoji fonts let it draw the Korean and Japanese pages (and
# the actions' symbols) it checks and scripts/web-screenshots.py takes.
packages+=(chromium fonts-noto-cjk fonts-noto-color-emoji python3-pip)
# For the test suite only: hledger reads `haru export timeclock` and its daily totals are compared with haru's.
packages+=(hledger)
# For the test suite only: the short fault-injection run (scripts/fault-inject.py --quick) traces haru with strace.
packages+=(strace)
# For the test suite only: real `timew` databases are imported and compared per day and tag.
packages+=(timewarrior)
# `haru sync postgresql://…` loads PostgreSQL's client library when it runs (libpq5); the suite
# starts a server of its own (postgresql: initdb, pg_ctl) and reads it with psql.
packages+=(libpq5 postgresql)
# For the test suite only: CompactRace builds an LD_PRELOAD shim (Tests/Shims/hold-lock-open.c) with cc.
packages+=(gcc libc6-dev)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    if [ "$(id -u)" = 0 ]; then
        echo "setup: installing ${missing[*]}" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        echo "setup: missing packages; run:  sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
fi
# playwright from PyPI, the version the browser test was written against.
if ! python3 -c "import playwright" 2>/dev/null; then
    echo "setup: installing playwright (PyPI) for the browser test" >&2
    # Debian's own python3 refuses pip outside a venv (PEP 668) unless told it may.
    python3 -m pip install --quiet --disable-pip-version-check playwright==1.65.3 2>/dev/null \
        || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages playwright==1.65.3 >&2 || true
    python3 -c "import playwright" || { echo "setup: could not install playwright: python3 -m pip install playwright==1.65.3" >&2; exit 1; }
fi
command -v swift >/dev/null || { echo "setup: swift is not on PATH (Swift 6 toolchain needed)" >&2; exit 1; }
