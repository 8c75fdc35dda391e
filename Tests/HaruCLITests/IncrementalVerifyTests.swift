import Foundation
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruModel

/// `haru verify` prints the head's seq and hash; `verify --from SEQ --hash H`
/// checks only what came after an audit that kept them (Docs/cli.md).
struct IncrementalVerify {
    /// The `head: seq N hash H` line of a verify.
    func head(_ out: String) -> (seq: String, hash: String)? {
        guard let line = out.split(separator: "\n").first(where: { $0.hasPrefix("head: seq ") }) else { return nil }
        let parts = line.split(separator: " ")
        return parts.count == 5 ? (String(parts[2]), String(parts[4])) : nil
    }

    @Test func anAuditChecksWhatCameSinceTheHeadItKept() throws {
        let dir = cliLedger()
        let p = dir.ledgerPath
        let full = haru(["verify"], ledger: p)
        let audited = try #require(head(full.out), "\(full.out)")
        #expect(audited.seq == "4" && audited.hash.count == 64)
        let json = haru(["verify", "--json"], ledger: p).out
        #expect(json.contains(#""head":{"seq":4,"hash":"\#(audited.hash)"}"#), "\(json)")
        for k in 0..<3 { #expect(haru(["count", "water", "--note", "n\(k)"], ledger: p).code == 0) }

        let since = haru(["verify", "--from", audited.seq, "--hash", audited.hash], ledger: p)
        #expect(since.code == 0, "\(since.err)")
        #expect(since.out.hasPrefix("ok: 3 events after seq 4 intact and chained from its hash"), "\(since.out)")
        let next = try #require(head(since.out))
        #expect(next.seq == "7" && next.hash == head(haru(["verify"], ledger: p).out)?.hash, "the same head as a full verify")
        // Nothing since: nothing to check, and the same head back.
        let none = haru(["verify", "--from", next.seq, "--hash", next.hash], ledger: p)
        #expect(none.code == 0 && none.out.hasPrefix("ok: 0 events after seq 7"), "\(none.out)")
        #expect(head(none.out)?.hash == next.hash)
    }

    @Test func aWrongHashOrADamagedLaterEventFails() throws {
        let dir = cliLedger()
        let p = dir.ledgerPath
        let audited = try #require(head(haru(["verify"], ledger: p).out))
        var wrong = Array(audited.hash)
        wrong[0] = wrong[0] == "0" ? "1" : "0"
        let r = haru(["verify", "--from", audited.seq, "--hash", String(wrong)], ledger: p)
        #expect(r.code == 1)
        #expect(r.err.contains("FAILED at seq 4: its hash is \(audited.hash), not \(String(wrong)) as given"), "\(r.err)")
        // An event after the audit with a changed byte: found, named.
        #expect(haru(["count", "water", "--note", "audit-marker"], ledger: p).code == 0)
        let file = p + "/data.mdb"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        let at = try #require(bytes.range(of: Data("audit-marker".utf8))?.lowerBound)
        bytes[at] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: file))
        let later = haru(["verify", "--from", audited.seq, "--hash", audited.hash], ledger: p)
        #expect(later.code == 1 && later.err.contains("FAILED at seq 5: the hash does not match"), "\(later.err)")
    }

    /// Every query's JSON carries the seq it is known at and that event's
    /// hash: the head's (as `verify` prints it), or with --known-at the
    /// hash `log --json` shows for that seq.
    @Test func everyViewCarriesTheSeqAndHashItWasComputedFrom() throws {
        let dir = cliLedger()
        let p = dir.ledgerPath
        #expect(haru(["goal", "add", "Drink", "--id", "g", "--start", "2026-03-01"], ledger: p).code == 0)
        #expect(haru(["quest", "add", "--goal", "g", "--action", "Water", "--period", "daily", "--target", "2", "--id", "q"], ledger: p).code == 0)
        #expect(haru(["count", "water", "--now", "2026-03-02T09:00:00+09:00"], ledger: p).code == 0)
        let top = try #require(head(haru(["verify"], ledger: p).out))
        let log = haru(["log", "--json"], ledger: p).out.split(separator: "\n")
        let hashOf2 = try #require(log[1].range(of: #""hash":"[0-9a-f]{64}""#, options: .regularExpression).map { String(log[1][$0].dropFirst(8).dropLast()) })
        let views: [[String]] = [
            ["day"], ["report"], ["progress"], ["records"], ["actions"], ["tags"], ["goals"], ["quests"], ["settings"], ["history", "water"],
            ["explain", "q"],
        ]
        var earlier = 0
        for view in views {
            let now = haru(view + ["--json", "--now", "2026-03-03T00:00:00+09:00"], ledger: p)
            #expect(now.code == 0, "\(view): \(now.err)")
            #expect(now.out.contains(#""known_at":\#(top.seq),"known_at_hash":"\#(top.hash)""#), "\(view): \(now.out.suffix(200))")
            let then = haru(view + ["--json", "--now", "2026-03-03T00:00:00+09:00", "--known-at", "2"], ledger: p)
            // (A view of what did not exist yet at seq 2, the quest or the action's history, is refused.)
            if then.code == 0 {
                earlier += 1
                #expect(then.out.contains(#""known_at":2,"known_at_hash":"\#(hashOf2)""#), "\(view) --known-at 2: \(then.out.suffix(200))")
            }
        }
        #expect(earlier >= 8, "most views answer as known at seq 2")
    }

    @Test(arguments: [
        (["--from", "4"], "--from and --hash go together"),
        (["--hash", String(repeating: "a", count: 64)], "--from and --hash go together"),
        (["--from", "0", "--hash", String(repeating: "a", count: 64)], #"--from: "0" is not a seq"#),
        (["--from", "99", "--hash", String(repeating: "a", count: 64)], "--from: seq 99 is not in the ledger (its seqs are 1 … 4)"),
        (["--from", "4", "--hash", "abc"], #"--hash: "abc" is not a hash (64 hex digits"#),
    ])
    func badAuditOptionsAreRefused(_ args: [String], _ message: String) {
        let dir = cliLedger()
        let r = haru(["verify"] + args, ledger: dir.ledgerPath)
        #expect(r.code == 2)
        #expect(r.err.contains(message), "\(r.err)")
    }
}
