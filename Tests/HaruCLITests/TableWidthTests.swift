import Foundation
import TestSupport
import Testing

@testable import HaruCLI

/// Tables line up by terminal columns, not characters: the reference app's
/// people name their actions in Korean.
struct TableWidthTests {
    @Test(arguments: [
        ("Reading", 7),
        ("독서", 4),  // Hangul syllables: two columns each
        ("집안일 30분", 11),
        ("日本語", 6),
        ("ｆｕｌｌ", 8),  // fullwidth Latin
        ("cafe\u{301}", 4),  // e + combining acute: one column
        ("📚 books", 8),
        ("", 0),
    ])
    func columnsAreWhatATerminalGives(_ text: String, _ columns: Int) {
        #expect(Cell.columns(text) == columns, "\(text)")
        #expect(Cell.columns(Cell.pad(text, 12)) == max(12, columns))
    }

    @Test func aColumnAfterKoreanNamesStartsAtTheSameColumnOnEveryLine() {
        let dir = TempDir()
        let p = dir.ledgerPath
        _ = haru(["init", "--time-zone", "Asia/Seoul"], ledger: p)
        for name in ["독서", "Running", "집안일"] {
            #expect(haru(["action", "add", name, "--tracking", "time", "--now", "2026-03-04T09:00:00+09:00"], ledger: p).code == 0)
        }
        let lines = haru(["actions", "--now", "2026-03-04T09:00:00+09:00"], ledger: p).out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines)")
        // Where `time` (the TRACKING column) begins, in terminal columns.
        let starts = lines.dropFirst().map { line -> Int in
            let prefix = line.range(of: "time").map { String(line[..<$0.lowerBound]) } ?? ""
            return Cell.columns(prefix)
        }
        let header = lines[0].range(of: "TRACKING").map { Cell.columns(String(lines[0][..<$0.lowerBound])) }
        #expect(Set(starts).count == 1 && starts.first == header, "\(lines)")
    }
}
