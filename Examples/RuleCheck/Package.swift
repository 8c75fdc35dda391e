// swift-tools-version:6.0
// A progress rule checked as an app's test suite would: a history built from
// typed events, the answer asked of the library as of a date.
import PackageDescription

let package = Package(
    name: "RuleCheck",
    dependencies: [.package(name: "HaruLedger", path: "../..")],
    targets: [
        .executableTarget(name: "rule-check", dependencies: [.product(name: "HaruLedger", package: "HaruLedger")])
    ],
    swiftLanguageModes: [.v6]
)
