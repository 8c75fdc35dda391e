import Foundation
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruModel

/// Every importer fed mutations of a valid file (Docs/reliability.md
/// "Hostile input"): each import is taken or refused with exit 2 and nothing
/// written; none traps or hangs. The suite runs a short loop; the long form
/// is `scripts/fuzz.sh MINUTES`, which sets HARU_FUZZ_ROUNDS and a new
/// HARU_FUZZ_SEED for each round.
struct HostileImports {
    static let environment = ProcessInfo.processInfo.environment
    static let rounds = Int(environment["HARU_FUZZ_ROUNDS"] ?? "") ?? 1
    /// Added to each loop's own seed (0: the suite's fixed sequences).
    static let seedShift = UInt64(environment["HARU_FUZZ_SEED"] ?? "") ?? 0
    static let seed = 91 &+ seedShift

    /// Byte changes, insertions, deletions, truncations and repeats of up to
    /// `repeatUpTo` bytes, drawing from `alphabet` (by default bytes that
    /// matter to JSON and CSV). `HostileInput` mutates event lines with it too.
    struct Mutator {
        var rng: SeededRNG
        var alphabet = Array(#"{}[]":,;0123456789-+.eEtrufalsnTZ YESNO_"#.utf8) + [0x00, 0x0A, 0x0D, 0x5C, 0xC3, 0xEF, 0xBB, 0xBF, 0xFF]
        var repeatUpTo = 40

        mutating func r(_ n: Int) -> Int { Int(rng.next() % UInt64(max(1, n))) }

        mutating func mutate(_ text: [UInt8]) -> [UInt8] {
            var b = text
            for _ in 0...r(3) {
                guard !b.isEmpty else { break }
                let at = r(b.count)
                switch r(5) {
                case 0: b[at] = alphabet[r(alphabet.count)]
                case 1: b.insert(alphabet[r(alphabet.count)], at: at)
                case 2: b.remove(at: at)
                case 3: b = Array(b[..<at])
                default: b.insert(contentsOf: b[at..<min(b.count, at + r(repeatUpTo))], at: at)
                }
            }
            return b
        }
    }

    /// The files of a folder, by path inside it.
    func files(_ dir: String) throws -> [String: [UInt8]] {
        var all: [String: [UInt8]] = [:]
        let e = FileManager.default.enumerator(atPath: dir)
        while let p = e?.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir + "/" + p, isDirectory: &isDir), !isDir.boolValue {
                all[p] = Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/" + p)))
            }
        }
        return all
    }

    func write(_ files: [String: [UInt8]], to dir: String) {
        try? FileManager.default.removeItem(atPath: dir)
        for (p, bytes) in files {
            let full = dir + "/" + p
            try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: full, contents: Data(bytes))
        }
    }

    @Test(.timeLimit(.minutes(5))) func mutatedImportsAreTakenOrRefusedWithNothingWritten() throws {
        let work = TempDir()
        // Valid inputs of every importer: a timewarrior export, a JSON Lines
        // export and an app CSV export of the demo history, a Loop export.
        let source = work.path + "/source"
        #expect(haru(["init", "--time-zone", "Asia/Seoul"], ledger: source).code == 0)
        let demo = try String(contentsOfFile: packageRoot + "/Fixtures/demo/demo.jsonl", encoding: .utf8)
            .split(separator: "\n").filter { !$0.contains("\"expect\"") }.joined(separator: "\n")
        #expect(haru(["append", "-"], ledger: source, stdin: demo).code == 0)
        let jsonl = Array(haru(["export", "jsonl"], ledger: source).out.utf8)
        #expect(haru(["export", "csv", work.path + "/csv"], ledger: source).code == 0)
        let csv = try files(work.path + "/csv")
        let loop = LoopImportTests.sample.mapValues { Array($0.utf8) }
        let timew = Array(TimewarriorImportTests.export.utf8)
        #expect(csv.count == 5 && !jsonl.isEmpty)

        let target = work.path + "/target"
        #expect(haru(["init", "--time-zone", "Asia/Seoul"], ledger: target).code == 0)
        var m = Mutator(rng: SeededRNG(seed: Self.seed))
        var head = haru(["log", "--json"], ledger: target).out
        var outcomes: [String: [Int32: Int]] = [:]
        for k in 0..<(200 * Self.rounds) {
            let kind = ["timew", "jsonl", "csv", "loop"][k % 4]
            let r: CLIResult
            switch kind {
            case "timew": r = haru(["import", "timew", "-"], ledger: target, stdin: String(decoding: m.mutate(timew), as: UTF8.self))
            case "jsonl": r = haru(["import", "jsonl", "-"], ledger: target, stdin: String(decoding: m.mutate(jsonl), as: UTF8.self))
            default:
                var set = kind == "csv" ? csv : loop
                let keys = set.keys.sorted()
                let key = keys[m.r(keys.count)]
                set[key] = m.mutate(set[key]!)
                write(set, to: work.path + "/in")
                r = haru(["import", kind, work.path + "/in"], ledger: target)
            }
            outcomes[kind, default: [:]][r.code, default: 0] += 1
            if Self.environment["HARU_FUZZ_SHOW"] != nil { print(kind, r.code, r.err.prefix(160)) }
            let now = haru(["log", "--json"], ledger: target).out
            switch r.code {
            case 0: break
            case 2:
                #expect(now == head, "\(kind) #\(k) refused yet something was written: \(r.err.prefix(200))")
                #expect(r.err.hasPrefix("Error: ") && r.err.count > 20, "\(kind) #\(k): \(r.err.prefix(200))")
            default: Issue.record("\(kind) #\(k): exit \(r.code): \(r.err.prefix(300))")
            }
            head = now
        }
        // Both sides reached for the importers that can take a changed file.
        for kind in ["timew", "jsonl", "csv", "loop"] {
            #expect((outcomes[kind]?[2] ?? 0) > 0, "\(kind): some mutation refused: \(outcomes)")
        }
        print("import mutations (seed \(Self.seed), rounds \(Self.rounds)): \(outcomes.sorted { $0.key < $1.key })")
    }
}
