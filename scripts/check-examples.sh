#!/usr/bin/env bash
# The packages in Examples/ are what an app developer writes: each depends on
# HaruLedger and is built and run here, twice over:
#   1. by path, as it is committed (`.package(path: "../..")`);
#   2. as a versioned dependency: the repository cloned, the clone tagged
#      1.0.0 and each example's dependency replaced by
#      `.package(url: "file://CLONE", from: "1.0.0")` — what SwiftPM refuses
#      when a target of the dependency carries unsafe flags.
# Usage: scripts/check-examples.sh [--path-only]
# Each run leaves nothing behind (scratch builds in a temporary directory).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
demo_ledger=$work/demo-ledger
.build/debug/haru --ledger "$demo_ledger" init --time-zone Asia/Seoul --day-start 06:00 --now 2026-03-01T00:00:00+09:00 >/dev/null
.build/debug/haru --ledger "$demo_ledger" append Fixtures/demo/demo.jsonl >/dev/null

live_run() { # live_run BIN LABEL: the model follows a count by another process, then a sync's merge
    local bin=$1 d="$work/live-$2" t=2026-03-02T08:00:00+09:00 h=.build/debug/haru
    mkdir -p "$d/shared"
    "$h" --ledger "$d/a" init --time-zone Asia/Seoul --now $t >/dev/null
    "$h" --ledger "$d/a" action add Water --tracking count --id water --now $t >/dev/null
    "$h" --ledger "$d/a" sync "$d/shared" --now $t >/dev/null
    "$h" --ledger "$d/b" init --from "$d/shared" --now $t >/dev/null
    "$bin" "$d/a" water 2026-03-02 2026-03-02T20:00:00+09:00 3 >"$d/out.txt" &
    local pid=$!
    lines() { for _ in $(seq 100); do [ "$(wc -l <"$d/out.txt")" -ge "$1" ] && return 0; sleep 0.1; done; return 1; }
    lines 1 || { kill $pid; echo "examples: live-model printed no first value" >&2; exit 1; }
    "$h" --ledger "$d/a" count water 2 --now 2026-03-02T09:00:00+09:00 >/dev/null
    lines 2 || { kill $pid; echo "examples: live-model did not see haru count" >&2; exit 1; }
    # Another device counts and syncs; this device's `haru sync` merges it.
    "$h" --ledger "$d/b" count water 3 --now 2026-03-02T10:00:00+09:00 >/dev/null
    "$h" --ledger "$d/b" sync --now 2026-03-02T10:01:00+09:00 >/dev/null
    "$h" --ledger "$d/a" sync --now 2026-03-02T10:02:00+09:00 >/dev/null
    for _ in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
    if kill -0 $pid 2>/dev/null; then kill $pid; echo "examples: live-model did not see the sync's merge" >&2; exit 1; fi
    sed "s/^/  /" "$d/out.txt"
    [ "$(cat "$d/out.txt")" = "$(printf 'count: 0\ncount: 2\ncount: 5')" ] || { echo "examples: live-model printed other values" >&2; exit 1; }
}

run_examples() { # run_examples DIR LABEL: build and run every example under DIR
    local dir=$1 label=$2
    for ex in "$dir"/*/; do
        local name; name=$(basename "$ex")
        if ! swift build --package-path "$ex" --scratch-path "$work/build-$label-$name" >"$work/log" 2>&1; then
            { grep -E "error" "$work/log" | head -n 30 >&2; } || true; tail -n 5 "$work/log" >&2
            echo "examples: $name ($label) does not build" >&2; exit 1
        fi
        echo "examples ($label) $name: $(tail -n 1 "$work/log")"
        local bin; bin=$(swift build --package-path "$ex" --scratch-path "$work/build-$label-$name" --show-bin-path)
        case $name in
            WidgetValues) "$bin/widget-values" "$demo_ledger" 2026-03-09T08:00:00+09:00 | tee "$work/widget-$label.txt" | sed "s/^/  /"
                grep -q "streak" "$work/widget-$label.txt" || { echo "examples: widget-values printed no streak" >&2; exit 1; } ;;
            LiveModel) live_run "$bin/live-model" "$label" ;;
            RuleCheck) "$bin/rule-check" | sed "s/^/  /"; [ "${PIPESTATUS[0]}" = 0 ] || { echo "examples: rule-check failed" >&2; exit 1; } ;;
            FirstProgram) (cd "$work" && "$bin/first-program") | tee "$work/first-$label.txt" | sed "s/^/  /"
                # One session of 40 minutes on a Monday, 30 asked daily: met, a streak of one day.
                grep -qx "streak: 1" "$work/first-$label.txt" || { echo "examples: first-program did not print streak: 1" >&2; exit 1; } ;;
            *) echo "examples: $name has no run line in scripts/check-examples.sh" >&2; exit 1 ;;
        esac
    done
}

run_examples "$root/Examples" path
[ "${1:-}" = --path-only ] && exit 0

# A tagged clone of what is committed (a clean clone in CI).
git clone --quiet "$root" "$work/HaruLedger"
git -C "$work/HaruLedger" tag 1.0.0
mkdir "$work/versioned"
for ex in "$root"/Examples/*/; do
    name=$(basename "$ex")
    cp -r "$ex" "$work/versioned/$name"
    rm -rf "$work/versioned/$name/.build"
    sed -i "s|.package(name: \"HaruLedger\", path: \"../..\")|.package(url: \"file://$work/HaruLedger\", from: \"1.0.0\")|" "$work/versioned/$name/Package.swift"
    grep -q 'from: "1.0.0"' "$work/versioned/$name/Package.swift" || { echo "examples: $name does not depend on HaruLedger by path ../.." >&2; exit 1; }
done
run_examples "$work/versioned" versioned
echo "check-examples: every example builds and runs, by path and as a versioned dependency"
