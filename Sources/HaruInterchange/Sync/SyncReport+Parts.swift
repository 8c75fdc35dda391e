/// A pull merged in parts (`FolderSync`, `PostgresSync`): each part one
/// commit, its report added to the sync's.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruSystem

extension SyncReport {
    /// Merges one part of a pull (with what the transport keeps of its
    /// progress, `state`), erases what its makers erased, and adds what it
    /// did to this report.
    /// - Parameters:
    ///   - through: the seq through which this device's own events were
    ///     looked through; a part appended right after it holds only
    ///     pulled events, so it moves (and is kept under `scannedKey`) past them.
    mutating func mergePart(
        _ inputs: [EventInput], blobs: [[UInt8]], state: [(key: String, value: [UInt8])], ledger: Ledger, now: Int64,
        zones: ZoneDirectory, through: inout UInt64, scannedKey: String
    ) throws {
        var part = SyncReport()
        part.merge = try ledger.merge(inputs, blobs: blobs, state: state, now: now)
        try Admission.applyErasures(&part, inputs: inputs, ledger: ledger, now: now, zones: zones)
        erased += part.erased
        merge.add(part.merge)
        parts += 1
        let m = part.merge
        if m.appended > 0, m.head - UInt64(m.appended) == through {
            try ledger.setSyncState([(scannedKey, FolderSync.bytes(m.head))])
            through = m.head
        }
    }

    /// After the last part: a conflict one part brought about and a later
    /// one took away is not new.
    mutating func keepNewConflictsInEffect(_ ledger: Ledger) throws {
        guard parts > 1 else { return }
        let inEffect = Set(try ledger.storedConflicts().map(\.seq))
        merge.newConflicts = merge.newConflicts.filter { inEffect.contains($0.seq) }
    }
}
