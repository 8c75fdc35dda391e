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
            // The footer's fields as Swift prints them: a fixed text for a
            // fixed rule, and this digest is compared only with digests the
            // same code made.
            let footer = z.footer.map { String(describing: $0) } ?? ""
            w.varint(UInt64(footer.utf8.count))
            w.raw(Array(footer.utf8))
        }
        return Digest.sha256(w.bytes)
    }
}
