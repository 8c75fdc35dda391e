#!/usr/bin/env bash
# The release build of this package's own tools (haru, haru-bench), with
# cross-module optimization: the optimizer inlines and specializes across the
# layers' modules (the fold, the byte codecs, the LMDB calls) as if they were
# one. The flag is passed here, not in Package.swift, because SwiftPM refuses
# a versioned dependency whose targets carry unsafe flags (Docs/design.md,
# "Layers"). Extra arguments go to `swift build` (e.g. --product haru).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release -Xswiftc -cross-module-optimization "$@"
