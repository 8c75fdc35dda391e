// swift-tools-version:6.0
// The first program of an app developer (README, Docs/library.md): create a
// ledger, append typed events, ask progress as of a date.
import PackageDescription

let package = Package(
    name: "FirstProgram",
    dependencies: [.package(name: "HaruLedger", path: "../..")],
    targets: [
        .executableTarget(name: "first-program", dependencies: [.product(name: "HaruLedger", package: "HaruLedger")])
    ],
    swiftLanguageModes: [.v6]
)
