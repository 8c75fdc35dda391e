// swift-tools-version:6.0
import PackageDescription

// HaruLedger: an event-sourced habit and time ledger on LMDB.
// The library and the CLI use only the Swift standard library and Glibc
// (no Foundation): process start stays lean and nothing reads the locale.
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
        // The compiler's prefetch builtin (a header; no library).
        .systemLibrary(name: "CPrefetch", path: "Sources/CPrefetch"),
        .target(
            name: "HaruLedger", dependencies: ["CLMDB", "CCrypto", "CPrefetch"],
            path: "Sources/HaruLedger"),
        .target(name: "HaruCLI", dependencies: ["HaruLedger"], path: "Sources/HaruCLI"),
        .executableTarget(name: "haru", dependencies: ["HaruCLI"], path: "Sources/haru"),
        // In-process timings of the read paths (Docs/performance.md).
        .executableTarget(name: "haru-bench", dependencies: ["HaruLedger"], path: "Benchmarks/HaruBench"),
        .target(name: "TestSupport", dependencies: ["HaruLedger", "HaruCLI"], path: "Tests/TestSupport"),
        .testTarget(
            name: "HaruLedgerTests", dependencies: ["HaruLedger", "TestSupport"],
            path: "Tests/HaruLedgerTests"),
        .testTarget(
            name: "HaruCLITests", dependencies: ["HaruCLI", "HaruLedger", "TestSupport"],
            path: "Tests/HaruCLITests"),
    ],
    swiftLanguageModes: [.v6]
)
