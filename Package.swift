// swift-tools-version:6.0
import PackageDescription

// HaruLedger: an event-sourced habit and time ledger on LMDB.
// The library and the CLI use only the Swift standard library and Glibc
// (no Foundation): process start stays lean and nothing reads the locale.

// The layers are separate modules. Release builds of this package's own
// tools pass `-Xswiftc -cross-module-optimization` (scripts/build-release.sh):
// the optimizer then sees across them (inlining and generic specialization
// of the fold, the byte codecs and the LMDB calls), as it did when they were
// one module. The flag is not in this manifest because SwiftPM refuses a
// versioned dependency whose targets carry unsafe flags (Docs/design.md,
// "Layers"); the hottest small functions are `@inlinable` either way.
let package = Package(
    name: "HaruLedger",
    products: [
        .library(name: "HaruLedger", targets: ["HaruLedger"]),
        .executable(name: "haru", targets: ["haru"]),
    ],
    targets: [
        // LMDB, the storage engine (Debian: liblmdb-dev).
        .systemLibrary(
            name: "CLMDB", path: "Sources/CLMDB", pkgConfig: "lmdb",
            providers: [.apt(["liblmdb-dev"])]),
        // OpenSSL's libcrypto, for SHA-256 of the hash chain (Debian: libssl-dev).
        .systemLibrary(
            name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]),
        // GNU libmicrohttpd's header, for `haru web` (Debian: libmicrohttpd-dev); loaded at run time, not linked.
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
        // The compiler's prefetch builtin (a header; no library).
        .systemLibrary(name: "CPrefetch", path: "Sources/CPrefetch"),
        // renameat2's atomic exchange of two directories (a header; no library).
        .systemLibrary(name: "CFiles", path: "Sources/CFiles"),
        // The layers, bottom up; each sees only those below it (Docs/design.md, "Layers").
        // System: exit statuses and the error protocol, files, mapped input, byte order, pages.
        .target(name: "HaruSystem", dependencies: ["CFiles"], path: "Sources/HaruSystem"),
        // Storage kit: the LMDB environment, typed transactions and databases.
        .target(name: "HaruStorage", dependencies: ["HaruSystem", "CLMDB", "CPrefetch"], path: "Sources/HaruStorage"),
        // Model: time, calendar, events and their encodings, JSON, entity state and the fold (no LMDB).
        .target(
            name: "HaruModel", dependencies: ["HaruSystem", "CCrypto", "CPrefetch"],
            path: "Sources/HaruModel"),
        // Engine: the log (append, bulk ingest, replay, rebuild, verify), projections, threads.
        .target(name: "HaruEngine", dependencies: ["HaruModel", "HaruStorage", "HaruSystem"], path: "Sources/HaruEngine"),
        // Views: queries, progress, explanations, listings, audits, the HTML report.
        .target(name: "HaruViews", dependencies: ["HaruEngine", "HaruModel", "HaruStorage", "HaruSystem"], path: "Sources/HaruViews"),
        // Interchange: other tools' files in and out (timewarrior, Loop, the app's CSV, timeclock).
        .target(name: "HaruInterchange", dependencies: ["HaruViews", "HaruEngine", "HaruModel", "HaruStorage", "HaruSystem"], path: "Sources/HaruInterchange"),
        // Operations: the app's intents with their rules (record, correct, undo, define, the diary), typed outcomes.
        .target(name: "HaruOperations", dependencies: ["HaruInterchange", "HaruViews", "HaruEngine", "HaruModel", "HaruStorage", "HaruSystem"], path: "Sources/HaruOperations"),
        // The library product: re-exports the layers' public API.
        .target(
            name: "HaruLedger", dependencies: ["HaruSystem", "HaruStorage", "HaruModel", "HaruEngine", "HaruViews", "HaruInterchange", "HaruOperations"],
            path: "Sources/HaruLedger"),
        // `haru web`: the app's screens as a local web page, a second client of the library.
        .target(name: "HaruWeb", dependencies: ["HaruLedger", "CMicroHTTPD"], path: "Sources/HaruWeb"),
        .target(
            name: "HaruCLI", dependencies: ["HaruLedger", "HaruWeb"],
            path: "Sources/HaruCLI"),
        .executableTarget(name: "haru", dependencies: ["HaruCLI", "HaruLedger"], path: "Sources/haru"),
        // In-process timings of the read paths (Docs/performance.md).
        .executableTarget(name: "haru-bench", dependencies: ["HaruSystem", "HaruStorage", "HaruModel", "HaruEngine", "HaruViews"], path: "Benchmarks/HaruBench"),
        .target(name: "TestSupport", dependencies: ["HaruSystem", "HaruStorage", "HaruModel", "HaruEngine", "HaruViews", "HaruInterchange", "HaruCLI"], path: "Tests/TestSupport"),
        .testTarget(
            name: "HaruLedgerTests", dependencies: ["HaruSystem", "HaruStorage", "HaruModel", "HaruEngine", "HaruViews", "HaruInterchange", "HaruOperations", "TestSupport"],
            path: "Tests/HaruLedgerTests"),
        .testTarget(
            name: "HaruCLITests", dependencies: ["HaruCLI", "HaruLedger", "HaruSystem", "HaruStorage", "HaruModel", "HaruEngine", "HaruViews", "HaruInterchange", "TestSupport"],
            path: "Tests/HaruCLITests"),
    ],
    swiftLanguageModes: [.v6]
)
