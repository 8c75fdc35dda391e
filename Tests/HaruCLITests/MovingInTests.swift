import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruInterchange

/// Files of other tools and the app, read back as they were written (issue 27).
struct MovingIn {
    /// A tag named with the list separator (`a:b;c tag`) or a backslash comes
    /// back whole from the app's CSV files (it came back as `a:b`).
    @Test func everyTagNameRoundTripsThroughTheAppsCSV() throws {
        let dir = TempDir()
        let now = ["--now", "2026-03-01T00:00:00Z"]
        let a = dir.path + "/a", b = dir.path + "/b", files = dir.path + "/csv"
        for args in [
            ["init", "--time-zone", "UTC"], ["tag", "add", "a:b;c tag", "--id", "t1"], ["tag", "add", #"back\slash"#, "--id", "t2"],
            ["tag", "add", "plain", "--id", "t3"], ["action", "add", "Reading", "--tracking", "time", "--tag", "t1", "--tag", "t2", "--tag", "t3"],
        ] {
            #expect(haru(args + now, ledger: a).code == 0, "\(args)")
        }
        #expect(haru(["export", "csv", files] + now, ledger: a).code == 0)
        #expect(haru(["init", "--time-zone", "UTC"] + now, ledger: b).code == 0)
        let imported = haru(["import", "csv", files] + now, ledger: b)
        #expect(imported.code == 0 && imported.out.contains("3 tags"), "\(imported)")
        let tags = haru(["tags", "--json"] + now, ledger: b).out
        for name in [#""name":"a:b;c tag""#, #""name":"back\\slash""#, #""name":"plain""#] { #expect(tags.contains(name), "\(name): \(tags)") }
    }

    @Test(arguments: [
        (["a", "b"], "a;b"), (["a:b;c tag"], #"a:b\;c tag"#), ([#"x\y"#, ";"], #"x\\y;\;"#), ([String](), ""),
    ])
    func aListCellEscapesItsSeparator(items: [String], cell: String) {
        #expect(CSV.listCell(items) == cell)
        #expect(CSV.listItems(cell) == items.filter { !$0.isEmpty })
    }

    @Test func aCellWrittenBeforeTheEscapesReadsAsItDid() {
        #expect(CSV.listItems(" Study ; Health;;") == ["Study", "Health"])
    }
}
