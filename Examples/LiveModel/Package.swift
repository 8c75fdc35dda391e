// swift-tools-version:6.0
// An app's screen kept current: a view model over the ledger's observation,
// updated when another process writes (`haru count`, `haru sync` merging
// another device's events), through the HaruLedger library.
import PackageDescription

let package = Package(
    name: "LiveModel",
    dependencies: [.package(name: "HaruLedger", path: "../..")],
    targets: [
        .executableTarget(name: "live-model", dependencies: [.product(name: "HaruLedger", package: "HaruLedger")])
    ],
    swiftLanguageModes: [.v6]
)
