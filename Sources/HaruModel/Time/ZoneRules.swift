/// The UTC offsets of one IANA time zone over all time, read from its TZif
/// file: the recorded transitions, then the POSIX rule in the file's footer
/// for instants after the last one (so 2160 is as exact as 2026).
///
/// Read by hand rather than through Foundation/ICU: process start stays
/// lean, and the answer depends only on the zone file, not on the machine's
/// ICU version or locale.
@_spi(Layers) import HaruSystem

public struct ZoneRules: Sendable {
    public let name: String
    /// Transition instants (UTC seconds), ascending.
    let transitions: [Int64]
    /// The offset in force from each transition on.
    let offsets: [Int32]
    /// The offset before the first transition.
    let initialOffset: Int32
    /// The rule after the last transition.
    let footer: PosixRule?

    /// A zone with one fixed offset (UTC, tests).
    public init(fixed name: String, offsetSeconds: Int) {
        self.name = name
        transitions = []
        offsets = []
        initialOffset = Int32(offsetSeconds)
        footer = nil
    }

    init(name: String, transitions: [Int64], offsets: [Int32], initialOffset: Int32, footer: PosixRule?) {
        self.name = name
        self.transitions = transitions
        self.offsets = offsets
        self.initialOffset = initialOffset
        self.footer = footer
    }

    /// Seconds east of UTC at instant `t`.
    public func offset(at t: Int64) -> Int {
        if let last = transitions.last, t >= last, let footer { return footer.offset(at: t) }
        if transitions.isEmpty { return footer?.offset(at: t) ?? Int(initialOffset) }
        // Last transition ≤ t.
        var lo = 0, hi = transitions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if transitions[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? Int(initialOffset) : Int(offsets[lo - 1])
    }

    /// The instant of a local wall-clock time (seconds since 1970-01-01T00:00
    /// local). A time skipped by a forward jump maps to the instant of the jump;
    /// a time that occurs twice maps to its first occurrence (RULES §1).
    public func instant(local: Int64) -> Int64 {
        // A zone without transitions: one offset for all time.
        if transitions.isEmpty, footer?.daylight == nil { return local - Int64(footer?.standard ?? Int(initialOffset)) }
        // The earliest instant whose offset maps back to `local` (no array:
        // this runs for every day boundary a query computes).
        var first: Int64?
        for probe in [local - 86_400, local, local + 86_400] {
            let o = Int64(offset(at: probe))
            let t = local - o
            if Int64(offset(at: t)) == o, first.map({ t < $0 }) ?? true { first = t }
        }
        if let first { return first }
        // In a gap: the jump lies between the two readings; find its instant.
        let o1 = Int64(offset(at: local - 86_400)), o2 = Int64(offset(at: local + 86_400))
        var lo = min(local - o1, local - o2), hi = max(local - o1, local - o2)
        let before = offset(at: lo)
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if offset(at: mid) == before { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// A POSIX TZ rule such as `EST5EDT,M3.2.0,M11.1.0` or `JST-9` (the TZif footer).
struct PosixRule: Sendable {
    /// Standard offset, seconds east of UTC.
    let standard: Int
    /// Daylight offset and the two yearly switch rules, when the zone has DST.
    let daylight: (offset: Int, start: Switch, end: Switch)?

    /// When in the year a switch happens, and at what local time.
    struct Switch: Sendable {
        enum Day: Sendable {
            /// `Jn`: day 1…365, February 29 never counted.
            case julianNoLeap(Int)
            /// `n`: day 0…365, February 29 counted.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday d (0 = Sunday) of week w (5 = last) of month m.
            case monthWeekDay(Int, Int, Int)
        }
        let day: Day
        /// Local time of day in seconds (may be negative or beyond 24 h).
        let time: Int

        /// The local date of the switch in `year`.
        func date(in year: Int) -> LocalDate {
            switch day {
            case .julianNoLeap(let n):
                let base = LocalDate(year: year, month: 1, day: 1)!.adding(days: n - 1)
                return LocalDate.isLeap(year) && n >= 60 ? base.adding(days: 1) : base
            case .zeroBased(let n):
                return LocalDate(year: year, month: 1, day: 1)!.adding(days: n)
            case .monthWeekDay(let m, let w, let d):
                let first = LocalDate(year: year, month: m, day: 1)!
                // Weekday index with Sunday = 0.
                let firstDow = (first.weekday.rawValue + 1) % 7
                var day = 1 + (d - firstDow + 7) % 7 + (w - 1) * 7
                let len = LocalDate.daysIn(year: year, month: m)
                while day > len { day -= 7 }
                return LocalDate(year: year, month: m, day: day)!
            }
        }
    }

    func offset(at t: Int64) -> Int {
        guard let dst = daylight else { return standard }
        let year = LocalDate(
            daysSinceEpoch: Int(
                (t + Int64(standard)) >= 0
                    ? (t + Int64(standard)) / 86_400 : ((t + Int64(standard)) - 86_399) / 86_400)
        ).year
        func isDST(_ y: Int) -> Bool? {
            guard y >= 1, y <= 9999 else { return nil }
            // Start is given in standard local time, end in daylight local time.
            let start = Int64(dst.start.date(in: y).daysSinceEpoch) * 86_400 + Int64(dst.start.time) - Int64(standard)
            let end = Int64(dst.end.date(in: y).daysSinceEpoch) * 86_400 + Int64(dst.end.time) - Int64(dst.offset)
            if start < end { return t >= start && t < end }
            return !(t >= end && t < start)  // southern hemisphere: DST spans the new year
        }
        return (isDST(year) ?? false) ? dst.offset : standard
    }

    /// Parses the footer text; nil when it is empty or not understood.
    init?(_ text: String) {
        var s = Substring(text)
        func name() -> Bool {
            if s.first == "<" {
                guard let close = s.firstIndex(of: ">") else { return false }
                s = s[s.index(after: close)...]
                return true
            }
            let n = s.prefix { $0.isLetter }
            guard n.count >= 3 else { return false }
            s = s.dropFirst(n.count)
            return true
        }
        /// `[+-]hh[:mm[:ss]]` in seconds.
        func hms() -> Int? {
            var sign = 1
            if s.first == "+" { s = s.dropFirst() } else if s.first == "-" { sign = -1; s = s.dropFirst() }
            var parts: [Int] = []
            while parts.count < 3 {
                let digits = s.prefix { $0.isNumber }
                // POSIX: hours 0…24 (TZif footers: up to 167), minutes and seconds 0…59.
                guard !digits.isEmpty, digits.count <= 3, let v = Int(digits), v <= (parts.isEmpty ? 167 : 59) else { break }
                parts.append(v)
                s = s.dropFirst(digits.count)
                if s.first == ":" { s = s.dropFirst() } else { break }
            }
            guard let h = parts.first else { return nil }
            return sign * (h * 3600 + (parts.count > 1 ? parts[1] * 60 : 0) + (parts.count > 2 ? parts[2] : 0))
        }
        func rule() -> Switch? {
            let day: Switch.Day
            if s.first == "M" {
                s = s.dropFirst()
                let f = s.prefix { $0 != "/" && $0 != "," }.split(separator: ".").compactMap { Int($0) }
                guard f.count == 3, (1...12).contains(f[0]), (1...5).contains(f[1]), (0...6).contains(f[2]) else { return nil }
                s = s.dropFirst(s.prefix { $0 != "/" && $0 != "," }.count)
                day = .monthWeekDay(f[0], f[1], f[2])
            } else if s.first == "J" {
                s = s.dropFirst()
                let digits = s.prefix { $0.isNumber }
                guard let n = Int(digits), (1...365).contains(n) else { return nil }
                s = s.dropFirst(digits.count)
                day = .julianNoLeap(n)
            } else {
                let digits = s.prefix { $0.isNumber }
                guard let n = Int(digits), (0...365).contains(n) else { return nil }
                s = s.dropFirst(digits.count)
                day = .zeroBased(n)
            }
            var time = 7200
            if s.first == "/" {
                s = s.dropFirst()
                guard let t = hms() else { return nil }
                time = t
            }
            return Switch(day: day, time: time)
        }
        guard name(), let std = hms() else { return nil }
        standard = -std  // POSIX offsets are west of UTC
        if s.isEmpty {
            daylight = nil
            return
        }
        guard name() else { return nil }
        var dstOffset = standard + 3600
        if let c = s.first, c != "," {
            guard let d = hms() else { return nil }
            dstOffset = -d
        }
        guard s.first == "," else { return nil }
        s = s.dropFirst()
        guard let start = rule(), s.first == "," else { return nil }
        s = s.dropFirst()
        guard let end = rule(), s.isEmpty else { return nil }
        daylight = (dstOffset, start, end)
    }
}

extension ZoneDirectory {
    /// Reads a zone's rules; nil when the name is unknown or the file is not TZif.
    public func rules(_ name: String) -> ZoneRules? {
        if name == "UTC" || name == "Etc/UTC" { return ZoneRules(fixed: name, offsetSeconds: 0) }
        // What `knows` checks, with the file read once: the parse checks the TZif magic.
        guard shaped(name), inside(name), let bytes = FileBytes.read(path + "/" + name, limit: 1 << 20) else { return nil }
        return TZif.parse(bytes, name: name)
    }
}

/// The TZif format (RFC 8536), versions 1 to 4.
enum TZif {
    static func parse(_ b: [UInt8], name: String) -> ZoneRules? {
        func u32(_ at: Int) -> Int? {
            guard at + 4 <= b.count else { return nil }
            return Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
        }
        func i64(_ at: Int) -> Int64 {
            var v: UInt64 = 0
            for k in 0..<8 { v = v << 8 | UInt64(b[at + k]) }
            return Int64(bitPattern: v)
        }
        func i32(_ at: Int) -> Int32 { Int32(bitPattern: UInt32(u32(at) ?? 0)) }
        guard b.count >= 44, b[0...3] == [0x54, 0x5A, 0x69, 0x66] else { return nil }
        let version = b[4]
        // Counts: isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt.
        func counts(_ at: Int) -> [Int]? {
            var c: [Int] = []
            for k in 0..<6 { guard let v = u32(at + 20 + 4 * k) else { return nil }; c.append(v) }
            return c
        }
        guard var c = counts(0) else { return nil }
        var at = 44
        var timeSize = 4
        if version >= 0x32 {  // '2': skip the 32-bit block, read the 64-bit one
            at += c[3] * 4 + c[3] + c[4] * 6 + c[5] + c[2] * 8 + c[1] + c[0]
            guard let c2 = counts(at) else { return nil }
            c = c2
            at += 44
            timeSize = 8
        }
        let (timecnt, typecnt, charcnt, leapcnt) = (c[3], c[4], c[5], c[2])
        let need = at + timecnt * timeSize + timecnt + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + c[1] + c[0]
        guard typecnt > 0, need <= b.count else { return nil }
        var transitions: [Int64] = []
        transitions.reserveCapacity(timecnt)
        for k in 0..<timecnt { transitions.append(timeSize == 8 ? i64(at + 8 * k) : Int64(i32(at + 4 * k))) }
        let idxAt = at + timecnt * timeSize
        let typesAt = idxAt + timecnt
        var typeOffsets: [Int32] = []
        var typeIsDST: [Bool] = []
        for k in 0..<typecnt {
            typeOffsets.append(i32(typesAt + 6 * k))
            typeIsDST.append(b[typesAt + 6 * k + 4] != 0)
        }
        var offsets: [Int32] = []
        for k in 0..<timecnt {
            let t = Int(b[idxAt + k])
            guard t < typecnt else { return nil }
            offsets.append(typeOffsets[t])
        }
        // Before the first transition: the first standard-time type (RFC 8536 §3.2), else type 0.
        let initial = typeOffsets[typeIsDST.firstIndex(of: false) ?? 0]
        var footer: PosixRule?
        if timeSize == 8, need < b.count, b[need] == 0x0A, let end = b[(need + 1)...].firstIndex(of: 0x0A) {
            let text = String(decoding: b[(need + 1)..<end], as: UTF8.self)
            footer = PosixRule(text)
            // A rule that is there but cannot be read (out of range, garbled): the file is refused, not half used.
            if footer == nil, !text.isEmpty { return nil }
        }
        return ZoneRules(name: name, transitions: transitions, offsets: offsets, initialOffset: initial, footer: footer)
    }
}
