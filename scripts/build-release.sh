#!/usr/bin/env bash
# The release build of this package's own tools (haru, haru-bench), with
# cross-module optimization: the optimizer inlines and specializes across the
# layers' modules (the fold, the byte codecs, the LMDB calls) as if they were
# one. The flag is passed here, not in Package.swift, because SwiftPM refuses
# a versioned dependency whose targets carry unsafe flags (Docs/design.md,
# "Layers"). The Swift standard library is linked in statically: the binary
# runs where no Swift toolchain is, and starts without loading and relocating
# the toolchain's shared libraries (Docs/performance.md, "One call").
# The C libraries are linked in from their static archives too, where Debian
# ships them (libssl-dev's libcrypto.a, liblmdb-dev's liblmdb.a): Debian's
# libcrypto.so is linked with BIND_NOW, and binding its 4,200 symbols at
# every start cost half of a `haru day`'s instructions (7.7 M → 4.9 M,
# Docs/performance.md, "One call"). SwiftPM takes a library's flags from
# pkg-config; a .pc file here points it at a directory whose libNAME.so is a
# linker script naming the archive.
# Concrete generic types' metadata is asked for through their accessor
# functions, not by mangled name (-disable-concrete-type-metadata-mangled-name-accessors):
# by name, the runtime demangles each type on first use and scans the
# binary's conformance records for its generic requirements — 1.4 M of a
# `haru count`'s 5.2 M instructions (Docs/performance.md, "One call").
# Extra arguments go to `swift build` (e.g. --product haru).
#
# The command line and the executable are recompiled every time: with
# cross-module optimization they hold inlined and specialized copies of the
# library's code, and SwiftPM's incremental build does not notice when that
# code changes (a stale copy read a struct of the old layout and crashed;
# Docs/design.md, "Incremental builds across the re-export").
set -euo pipefail
cd "$(dirname "$0")/.."
find Sources/HaruCLI Sources/haru -name '*.swift' -exec touch {} +
static=$PWD/.build/static-c-libraries
rm -rf "$static" && mkdir -p "$static"
for pair in crypto:libcrypto lmdb:lmdb; do
    lib=${pair%%:*} pc=${pair##*:}
    archive=
    for dir in "/usr/lib/$(uname -m)-linux-gnu" /usr/lib64 /usr/lib; do
        if [ -f "$dir/lib$lib.a" ]; then archive=$dir/lib$lib.a; break; fi
    done
    [ -n "$archive" ] || continue  # no archive: the shared library, as in a debug build
    printf 'INPUT(%s)\n' "$archive" > "$static/lib$lib.so"
    printf 'Name: %s\nDescription: lib%s from its static archive\nVersion: 0\nLibs: -L%s -l%s\nCflags:\n' "$pc" "$lib" "$static" "$lib" > "$static/$pc.pc"
done
PKG_CONFIG_PATH=$static${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH} swift build -c release --static-swift-stdlib -Xswiftc -cross-module-optimization -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors "$@"
