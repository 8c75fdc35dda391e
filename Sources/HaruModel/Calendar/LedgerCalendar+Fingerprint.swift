@_spi(Layers) import HaruSystem

/// What a calendar's day boundaries depend on, as one digest: the stored day
/// buckets (Docs/design.md, "Day buckets") were cut by one calendar, and an
/// append that finds another (a settings change, or the machine's zone files
/// updated) cuts them all again.

extension LedgerCalendar {
    /// SHA-256 of the day-start steps and the zone steps with their rules
    /// (transitions, offsets and the rule after the last transition). The
    /// week start is left out: no day boundary depends on it.
    @_spi(Layers) public var dayRulesFingerprint: Digest {
        var w = ByteWriter(capacity: 256)
        func date(_ d: LocalDate?) { w.u64(UInt64(bitPattern: Int64(d?.daysSinceEpoch ?? Int.min))) }
        w.varint(UInt64(dayStartSteps.count))
        for s in dayStartSteps {
            date(s.from)
            w.varint(UInt64(s.value.minutes))
        }
        w.varint(UInt64(zoneSteps.count))
        for s in zoneSteps {
            date(s.from)
            let z = s.value
            w.varint(UInt64(z.name.utf8.count))
            w.raw(Array(z.name.utf8))
            w.u32(UInt32(bitPattern: z.initialOffset))
            w.varint(UInt64(z.transitions.count))
            for (t, o) in zip(z.transitions, z.offsets) {
                w.u64(UInt64(bitPattern: t))
                w.u32(UInt32(bitPattern: o))
            }
            // The rule after the last transition, field by field (printing it
            // with `String(describing:)` took reflection: a third of a `count`).
            if let f = z.footer {
                w.u8(1)
                f.write(to: &w)
            } else {
                w.u8(0)
            }
        }
        return Digest.sha256(w.bytes)
    }
}

extension PosixRule {
    fileprivate func write(to w: inout ByteWriter) {
        w.u64(UInt64(bitPattern: Int64(standard)))
        guard let d = daylight else { return w.u8(0) }
        w.u8(1)
        w.u64(UInt64(bitPattern: Int64(d.offset)))
        for s in [d.start, d.end] {
            switch s.day {
            case .julianNoLeap(let n): w.raw([1] + Self.int(n))
            case .zeroBased(let n): w.raw([2] + Self.int(n))
            case .monthWeekDay(let m, let k, let day): w.raw([3] + Self.int(m) + Self.int(k) + Self.int(day))
            }
            w.raw(Self.int(s.time))
        }
    }

    private static func int(_ n: Int) -> [UInt8] { withUnsafeBytes(of: Int64(n).bigEndian, Array.init) }
}
