/// hledger's timeclock format (`haru export timeclock`): one `i`/`o` pair
/// per finished session, for `hledger -f FILE balance --daily`.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem
@_spi(Layers) import HaruViews

public enum Timeclock {
    /// The finished sessions of live actions touching `span` (seconds; nil:
    /// all), oldest first, as timeclock lines handed to `line` one at a time:
    /// `i 2026/03/04 07:30:00 TAG:ACTION  note` and `o 2026/03/04 08:10:00`,
    /// in the ledger's zone (timeclock times carry none). The account is the
    /// action's first tag and its name, or its name alone.
    public static func write(_ snap: Snapshot, span: Range<Int64>?, line: (String) -> Void) throws {
        let cal = try snap.calendar()
        var names: [String: String] = [:], accounts: [String: String] = [:]
        for d in try snap.definitions(.tag) { names[d.id] = d.fields().name }
        for d in try snap.definitions(.action) where d.isLive {
            let name = d.fields().name ?? d.id
            let tag = (d.fields().tagIDs ?? []).compactMap { names[$0] }.first
            accounts[d.id] = account(tag.map { [$0, name] } ?? [name])
        }
        for r in try RecordList.allLive(snap) where r.kind == .session && r.state == .recorded {
            guard let account = accounts[r.actionID], let end = r.end else { continue }
            if let span, !(r.start.seconds < span.upperBound && end.seconds > span.lowerBound) { continue }
            line("i \(time(r.start, cal)) \(account)" + (r.note.map { "  " + description($0) } ?? ""))
            line("o \(time(end, cal))")
        }
    }

    /// `2026/03/04 07:30:00` in the ledger's zone.
    static func time(_ t: Instant, _ cal: LedgerCalendar) -> String {
        var b: [UInt8] = []
        t.write(offsetSeconds: cal.offset(at: t), to: &b)
        let s = String(decoding: b.prefix(19), as: UTF8.self)  // 2026-03-04T07:30:00
        return String(s.prefix(10).map { $0 == "-" ? "/" : $0 }) + " " + s.dropFirst(11)
    }

    /// An account name: parts joined by ':', each without what hledger reads
    /// as a separator (two spaces, a tab, ';').
    static func account(_ parts: [String]) -> String {
        parts.map { p in
            var s = String(p.map { $0 == ":" || $0 == ";" || $0 == "\t" ? "-" : $0 })
            while s.contains("  ") { s = s.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            return s.isEmpty ? "-" : s
        }.joined(separator: ":")
    }

    /// A note as a description: on one line (a newline would end the
    /// entry), at most 60 characters.
    static func description(_ s: String) -> String {
        let flat = String(s.map { $0 == "\n" || $0 == "\t" || $0 == "\r" ? " " : $0 })
        return flat.count > 60 ? String(flat.prefix(59)) + "…" : flat
    }
}
