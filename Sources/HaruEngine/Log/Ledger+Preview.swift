/// What an append would do, without doing it: the batch runs in a write
/// transaction exactly as `append` runs it — every event checked against the
/// state the ones before it make, ids the ledger holds already recognised —
/// and the transaction is then aborted. An import's plan is made this way
/// (`ImportPlan`), so what it says it will write is what a commit at the same
/// head writes.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage

extension Ledger {
    /// The result `append` would give, nothing written; the same errors
    /// (`LedgerError.invalid` naming the line, field and rule, `.conflict`).
    /// Events without an id get ids drawn for the preview only.
    @_spi(Layers) public func preview<G: RandomNumberGenerator>(
        _ inputs: [EventInput], lines: [Int]? = nil, blobs: [[UInt8]] = [], now: Int64, rng: inout G
    ) throws -> AppendResult {
        do {
            _ = try environment.write { txn -> Void in
                for b in blobs { _ = try self.putBlob(b, in: txn) }
                let (result, _) = try append(
                    in: txn, from: { ArrayEventSource(inputs: inputs, lines: lines) }, expectHead: nil, now: now, rng: &rng)
                throw Aborted(result: result)
            }
        } catch let done as Aborted {
            return done.result
        }
        preconditionFailure("the preview's transaction is always aborted")
    }
}

/// Carries a preview's result out of the transaction it aborts.
private struct Aborted: Error {
    var result: AppendResult
}
