#!/usr/bin/env bash
# Compile checks (Docs/design.md, "Threads" and "Public API"): each file in
# Tests/CompileChecks/ is compiled against the debug build's modules. Those
# whose first line says "Must NOT compile" must fail with the diagnostic its
# `// expect: REGEX` line names (a data-race or Sendable one by default), the
# others must compile; a file whose first line says
# "OUTSIDE the package" is compiled without the package's name, so that only
# the public API is visible to it.
# Needs a debug build (`swift build`) first; scripts/test.sh runs it after one.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=.build/debug/Modules
[ -d "$modules" ] || { echo "check-compile: no $modules; run swift build first" >&2; exit 2; }
flags=(-swift-version 6 -parse-as-library -I "$modules" -I Sources/CLMDB -I Sources/CCrypto -I Sources/CPrefetch -I Sources/CFiles)
failed=0
for f in Tests/CompileChecks/*.swift; do
    # Region-based isolation is checked on SIL: -typecheck alone does not run it.
    extra=(-package-name "$(basename "$PWD" | tr "[:upper:]" "[:lower:]")")
    head -n 1 "$f" | grep -q "OUTSIDE the package" && extra=()
    if out=$(swiftc -emit-sil "${flags[@]}" "${extra[@]}" "$f" -o /dev/null 2>&1); then compiled=1; else compiled=0; fi
    if head -n 1 "$f" | grep -q "Must NOT compile"; then
        if [ $compiled = 1 ]; then
            echo "check-compile: $f compiled, but must not" >&2; failed=1
        elif ! grep -qE "$(sed -n 's|^// expect: ||p' "$f" | head -n 1 | grep . || echo 'data race|Sendable')" <<<"$out"; then
            echo "check-compile: $f failed for another reason:" >&2; echo "$out" | head -n 5 >&2; failed=1
        fi
    elif [ $compiled = 0 ]; then
        echo "check-compile: $f must compile:" >&2; echo "$out" | head -n 5 >&2; failed=1
    fi
done
[ $failed = 0 ] && echo "check-compile: $(ls Tests/CompileChecks/*.swift | wc -l) compile checks hold"
exit $failed
