#!/usr/bin/env bash
# The release build of this package's own tools (haru, haru-bench), with
# cross-module optimization: the optimizer inlines and specializes across the
# layers' modules (the fold, the byte codecs, the LMDB calls) as if they were
# one. The flag is passed here, not in Package.swift, because SwiftPM refuses
# a versioned dependency whose targets carry unsafe flags (Docs/design.md,
# "Layers"). Extra arguments go to `swift build` (e.g. --product haru).
#
# The command line and the executable are recompiled every time: with
# cross-module optimization they hold inlined and specialized copies of the
# library's code, and SwiftPM's incremental build does not notice when that
# code changes (a stale copy read a struct of the old layout and crashed;
# Docs/design.md, "Incremental builds across the re-export").
set -euo pipefail
cd "$(dirname "$0")/.."
find Sources/HaruCLI Sources/haru -name '*.swift' -exec touch {} +
swift build -c release -Xswiftc -cross-module-optimization "$@"
