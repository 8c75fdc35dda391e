/// hledger's timeclock format (`haru export timeclock`): one `i`/`o` pair
/// per finished session, for `hledger -f FILE balance --daily`.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem
@_spi(Layers) import HaruViews

public enum Timeclock {
    /// The finished sessions of live actions within `span` (seconds; nil:
    /// all; a session across its edges is cut at them, as `haru report`
    /// counts it), oldest first, as timeclock lines handed to `line` one at a time:
    /// `i 2026/03/04 07:30:00 TAG:ACTION  note` and `o 2026/03/04 08:10:00`,
    /// in the ledger's zone (timeclock times carry none). The account is the
    /// action's first tag and its name, or its name alone.
    ///
    /// hledger reads the times as naive local times (an offset would be
    /// ignored) and takes a session's length as their difference, which is
    /// wrong across a change of the UTC offset: 22:00–04:00 over the spring
    /// jump is 5 hours, not 6. So a session is written as one `i`/`o` pair
    /// per stretch of one offset, cut where the offset changes: each pair's
    /// naive length is its true length, and hledger's daily and total
    /// balances equal haru's (with a midnight day start; otherwise hledger's
    /// calendar days differ from haru's logical days, and the file's total
    /// still equals haru's over the exported range).
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
            // Cut at the range's edges: hledger's total of the file is then haru's over the range.
            var (start, stop) = (r.start.seconds, end.seconds)
            if let span {
                (start, stop) = (max(start, span.lowerBound), min(stop, span.upperBound))
                guard start < stop else { continue }
            }
            let cuts = offsetChanges(start, stop, cal)
            var from = start
            for to in cuts + [stop] {
                line(
                    "i \(time(Instant(seconds: from), offset: cal.offset(at: Instant(seconds: from)))) \(account)"
                        + (r.note.map { "  " + description($0) } ?? ""))
                // The end in the offset in force just before it (at a cut: the one that is ending).
                line("o \(time(Instant(seconds: to), offset: cal.offset(at: Instant(seconds: to - 1))))")
                from = to
            }
        }
    }

    /// The instants in (a, b) where the ledger's UTC offset changes, in
    /// order. Found by halving: offsets change a few times a year at most,
    /// so a stretch shorter than two weeks with one offset at both ends has
    /// none (two changes that close — a DST pause of a few weeks — are
    /// found in any stretch that holds both).
    static func offsetChanges(_ a: Int64, _ b: Int64, _ cal: LedgerCalendar) -> [Int64] {
        guard b - a > 1 else { return [] }
        func offset(_ t: Int64) -> Int { cal.offset(at: Instant(seconds: t)) }
        let first = offset(a)
        if first == offset(b - 1) {
            guard b - a > 14 * 86_400 else { return [] }
            let mid = a + (b - a) / 2
            return offsetChanges(a, mid, cal) + (offset(mid - 1) != offset(mid) ? [mid] : []) + offsetChanges(mid, b, cal)
        }
        // The first second of another offset: offset(lo) is the first's, offset(hi) not.
        var (lo, hi) = (a, b - 1)
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if offset(mid) == first { lo = mid } else { hi = mid }
        }
        return offsetChanges(a, hi, cal) + [hi] + offsetChanges(hi, b, cal)
    }

    /// `2026/03/04 07:30:00` at a UTC offset.
    static func time(_ t: Instant, offset: Int) -> String {
        var b: [UInt8] = []
        t.write(offsetSeconds: offset, to: &b)
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
    /// entry), at most 60 characters, and read by hledger as text: its
    /// grammar starts a comment at `;` (and reads `tag:` after it as a tag),
    /// so a `;` is written as the fullwidth `；`.
    static func description(_ s: String) -> String {
        let flat = String(s.map { $0 == "\n" || $0 == "\t" || $0 == "\r" ? " " : $0 == ";" ? "；" : $0 })
        return flat.count > 60 ? String(flat.prefix(59)) + "…" : flat
    }
}
