// swift-tools-version:6.0
// An app's widget, as a program: today's ratios and streaks of every goal,
// read from a ledger through the HaruLedger library.
import PackageDescription

let package = Package(
    name: "WidgetValues",
    dependencies: [.package(name: "HaruLedger", path: "../..")],
    targets: [
        .executableTarget(name: "widget-values", dependencies: [.product(name: "HaruLedger", package: "HaruLedger")])
    ],
    swiftLanguageModes: [.v6]
)
