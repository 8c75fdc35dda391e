/// `haru diff --json`, written straight into bytes: a diff of states far
/// apart lists every event between (100,000 make 15 MB), and building the
/// whole answer as one value first took a fifth of the time.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel

extension StateDiff {
    /// Writes `{"from":{…},"to":{…},"changes":[…],"events":[…]}` to `write`,
    /// a megabyte at a time (the whole text held at once, 40 MB, cost more
    /// in page faults and copies than it took to write). `from`/`to` carry
    /// each state's provenance: its seq and that event's hash. The events
    /// are written on the second core while this one writes the changes
    /// (each about half of the text); `write` is called on this thread only.
    public func writeJSON(fromHash: Digest?, toHash: Digest?, _ write: ([UInt8]) -> Void) throws {
        func state(_ s: UInt64, _ h: Digest?) -> JSONValue {
            .object([("known_at", .int(Int64(s))), ("known_at_hash", h.map { .string($0.description) } ?? .null)])
        }
        let (events, calendar) = (self.events, self.calendar)
        let (eventsJSON, _) = try Parallel.both(
            { Self.eventsJSON(events, calendar: calendar) },
            {
                var out = JSONBytes(capacity: 1 << 20)
                func flush() {
                    guard out.bytes.count >= 1 << 20 else { return }
                    write(out.bytes)
                    out.bytes.removeAll(keepingCapacity: true)
                }
                out.raw("{\"from\":")
                state(from, fromHash).write(to: &out)
                out.raw(",\"to\":")
                state(to, toHash).write(to: &out)
                out.raw(",\"changes\":[")
                var first = true
                for c in changes {
                    out.separator(&first)
                    Self.changeJSON(c, to: &out)
                    flush()
                }
                // Each causing event once, with what it changed (items name them by seq).
                out.raw("],\"events\":[")
                write(out.bytes)
            })
        write(eventsJSON)
        write(Array("]}\n".utf8))
    }

    /// One changed item: `{"kind":…,"id":…,"changed":[…],"caused_by":[…]}`.
    static func changeJSON(_ c: Change, to out: inout JSONBytes) {
        out.raw("{\"kind\":")
        out.string(c.kind)
        out.raw(",\"id\":")
        out.string(c.id)
        // A side where the value is absent has no member (null is a value).
        out.raw(",\"changed\":")
        JSONValue.array(
            c.leaves.map { leaf in
                .object(
                    [("path", .string(leaf.path))] + (leaf.before.map { [("before", $0)] } ?? [])
                        + (leaf.after.map { [("after", $0)] } ?? []))
            }
        ).write(to: &out)
        out.raw(",\"caused_by\":")
        out.array(c.causes)
        out.byte(0x7D)
    }

    /// The causing events, comma-separated: `{"seq":…,"type":…,"data":{…}}`, instants in `calendar`'s zone.
    static func eventsJSON(_ events: [Cause], calendar: LedgerCalendar) -> [UInt8] {
        var out = JSONBytes(capacity: events.count * 160)
        var first = true
        for e in events {
            out.separator(&first)
            out.raw("{\"seq\":")
            out.int(Int64(e.seq))
            out.raw(",\"type\":")
            out.string(e.type.name)
            out.raw(",\"data\":")
            e.payload.writeJSON(type: e.type, to: &out, offset: calendar.offset(at:))
            out.byte(0x7D)
        }
        return out.bytes
    }
}
