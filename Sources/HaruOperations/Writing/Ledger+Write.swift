/// Defining: tags, actions, goals, quests, settings, to-dos and a device's
/// preferences are written as their typed events (`TypedEvents.swift`); the
/// fold holds every rule they meet (unique names, a quest's goal, dates in
/// order), so an operation adds nothing to them but the clock and the source.

@_spi(Layers) import HaruEngine
import HaruModel

extension Ledger {
    /// Appends typed events as one atomic batch, effective at `at`.
    /// - Parameters:
    ///   - at: the effective time (nil: now, to the second).
    ///   - blobs: attachments the events name, stored in the same commit.
    /// - Throws: `LedgerError.invalid` naming the field and the rule an event breaks; nothing is written.
    @discardableResult
    public func write<G: RandomNumberGenerator>(
        _ events: [any TypedEvent], at: Instant? = nil, blobs: [[UInt8]] = [], source: String = "app", now: Int64, rng: inout G
    ) throws -> AppendResult {
        let when = at ?? Instant(micros: now)
        let inputs = try events.map { e in
            do { return try e.input(at: when, source: source, zones: zones) } catch let error as InputError {
                throw LedgerError.invalid(error)
            }
        }
        return try append(inputs, blobs: blobs, now: now, rng: &rng)
    }
}
