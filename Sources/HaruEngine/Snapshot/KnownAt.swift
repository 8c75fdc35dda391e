/// The transaction time of a read: which of the ledger's past states a
/// snapshot sees (the valid time, what "now" is for the answer, is the
/// views' `Reference`).

@_spi(Layers) import HaruModel

/// Which transaction time a query sees.
public enum KnownAt: Sendable, Equatable {
    /// The ledger as it stood after this seq.
    case seq(UInt64)
    /// The ledger as it stood at this instant (the last event recorded at or before it).
    case instant(Instant)
}
