/// Keeping the day buckets (`DayBuckets`) in step with the pages, in the
/// append's transaction.
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

extension Ledger {
    /// Cuts again the buckets of the days that the pages changed in a write
    /// touch, in the write's transaction; all of them when the calendar is
    /// not the one that cut the stored ones. A calendar that cannot be
    /// built (a zone file missing on this machine) empties the buckets, and
    /// every query reads the records until an append or `rebuild` with the
    /// zone files cuts them again.
    func updateBuckets(_ txn: WriteTransaction, _ set: ProjectionSet, changedPages: [Int64], settingsChanged: Bool) throws {
        guard let buckets = set.buckets, !changedPages.isEmpty || settingsChanged else { return }
        let settings = try StoredEntities(txn: txn, db: set.state).settings()
        guard let calendar = try? LedgerCalendar(settings: settings, zones: zones) else {
            try txn.clear(buckets)
            return
        }
        let fingerprint = calendar.dayRulesFingerprint
        let stored = try txn.get(buckets.raw, BucketKey.calendar) { v in v.withUnsafeBytes { Array($0) } }
        let reader: DayBuckets.PageReader = { p, body in
            _ = try txn.get(set.pages, p) { v in try v.withUnsafeBytes { try body($0) } }
        }
        if stored != DayBuckets.fingerprintBytes(fingerprint) {
            // Another calendar cut them: every day again, from every page.
            try txn.clear(buckets)
            var pages: [Int64] = []
            try txn.reading.scan(set.pages) { k, _ in
                k.withUnsafeBytes { k in if k.count == 4 { pages.append(PageKey.page(fromKey: k)) } }
                return true
            }
            let all = try DayBuckets.cut(DayBuckets.days(touching: pages, calendar), pages: reader)
            try txn.putInKeyOrder(buckets.raw) { puts in
                for (k, v) in DayBuckets.stored(all, fingerprint: fingerprint, pages: pages.count) {
                    try k.withUnsafeBytes { k in try v.withUnsafeBytes { v in try puts.put(key: k, value: v) } }
                }
            }
            return
        }
        for day in DayBuckets.days(touching: changedPages, calendar) {
            if let bytes = try DayBuckets.bucket(day, pages: reader) {
                try txn.put(buckets, day.day, bytes)
            } else {
                _ = try txn.delete(buckets, day.day)
            }
        }
    }
}
