/// Blobs: the bytes of attachments, kept once per content in the `blobs`
/// database under their SHA-256 (Docs/design.md, "Blobs"). They are not
/// events: the events that name them carry the digest, which the chain
/// covers; the bytes can be erased (`redact`) and the chain still verifies.

@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

extension Ledger {
    /// Stores `bytes` (once: a blob already there is left as it is) and
    /// returns its digest, in a commit of its own. To name it in an event
    /// in the same commit, pass it to `append(_:blobs:…)` instead.
    public func putBlob(_ bytes: [UInt8]) throws -> String {
        try environment.write { txn in try putBlob(bytes, in: txn) }
    }

    /// The bytes of the blob `digest` (64 hex digits); nil when the ledger has no such blob.
    /// - Throws: `LedgerError.damagedBlob` when the stored bytes no longer hash to `digest`.
    public func blob(_ digest: String) throws -> [UInt8]? {
        guard let blobs, let key = Ledger.blobKey(digest), let d = Digest(hex: digest) else { return nil }
        guard let bytes = try environment.read({ txn in try txn.copy(blobs, key) }) else { return nil }
        guard bytes.withUnsafeBytes({ Ledger.holds($0, digest: d) }) else { throw LedgerError.damagedBlob(digest: digest) }
        return bytes
    }

    /// The size of the blob `digest` in bytes; nil when the ledger has none.
    public func blobSize(_ digest: String) throws -> Int? {
        guard let blobs, let key = Ledger.blobKey(digest) else { return nil }
        return try environment.read { txn in try txn.get(blobs, key) { $0.byteCount } }
    }

    func putBlob(_ bytes: [UInt8], in txn: WriteTransaction) throws -> String {
        guard let blobs else {
            throw LedgerError.invalid(InputError(field: "blob", rule: "this ledger cannot hold blobs (opened read-only)"))
        }
        let digest = bytes.withUnsafeBytes { SHA256Context().hash($0) }
        let key = Ledger.blobKey(digest)
        // Stored already: kept, unless its stored bytes were damaged — then
        // the file attached again (or a blob line pulled again) mends it.
        let intact = try txn.reading.get(blobs, key) { v in v.withUnsafeBytes { Ledger.holds($0, digest: digest) } }
        if intact != true { try txn.put(blobs, key, bytes) }
        return digest.description
    }

    /// Whether the ledger holds the blob `digest`.
    func hasBlob(_ digest: String, _ txn: ReadTransaction) throws -> Bool {
        guard let blobs, let key = Ledger.blobKey(digest) else { return false }
        return try txn.get(blobs, key) { _ in true } ?? false
    }

    /// Erases a blob's bytes (`redact`); false when it was not there.
    func deleteBlob(_ digest: String, in txn: WriteTransaction) throws -> Bool {
        guard let blobs, let key = Ledger.blobKey(digest) else { return false }
        return try txn.delete(blobs, key)
    }

    /// Every blob, in digest order, until `body` returns false.
    func forEachBlob(_ txn: ReadTransaction, _ body: (_ digest: Digest, _ bytes: RawSpan) throws -> Bool) throws {
        guard let blobs else { return }
        try txn.scan(blobs) { k, v in
            let digest = try k.withUnsafeBytes { k in
                var r = ByteReader(k)
                return try Digest(reading: &r)
            }
            return try body(digest, v)
        }
    }

    /// Every blob's digest and bytes, for `export jsonl` (the bytes copied one blob at a time).
    /// - Throws: `LedgerError.damagedBlob` at a blob whose bytes no longer
    ///   hash to its digest: an export holding it would not import.
    public func forEachBlob(_ body: (_ digest: String, _ bytes: [UInt8]) throws -> Void) throws {
        try environment.read { txn in
            try forEachBlob(txn) { d, v in
                guard v.withUnsafeBytes({ Ledger.holds($0, digest: d) }) else { throw LedgerError.damagedBlob(digest: d.description) }
                try body(d.description, v.withUnsafeBytes { Array($0) })
                return true
            }
        }
    }

    static func blobKey(_ d: Digest) -> [UInt8] {
        var w = ByteWriter(capacity: 32)
        d.write(to: &w)
        return w.bytes
    }

    static func blobKey(_ hex: String) -> [UInt8]? { Digest(hex: hex).map(blobKey) }

    /// The blobs the events of a batch name that the ledger does not hold,
    /// as the rule an append breaks.
    func checkBlobs(_ payload: Payload, _ txn: ReadTransaction) throws {
        for d in Blob.digests(in: payload) where try !hasBlob(d, txn) {
            throw InputError(
                field: "data.\(payload.has(.moodPhoto) && payload.string(.moodPhoto) == d ? "mood_photo" : "attachments")",
                rule: "the ledger holds no blob \(d) (attach the file, or put its blob line before the event)")
        }
    }
}

extension Ledger {
    /// Every blob's digest, in order (the bytes are not read).
    public func forEachBlobDigest(_ body: (String) throws -> Void) throws {
        try environment.read { txn in
            try forEachBlob(txn) { d, _ in
                try body(d.description)
                return true
            }
        }
    }
}

extension Ledger {
    /// The blobs the diary pages name, in any version (a view as of an
    /// earlier instant, or a restored page, shows it), with the page that
    /// names each: what `verify` requires the ledger to hold.
    func namedBlobs<S: EntityReader>(_ state: S) throws -> [String: String] {
        var named: [String: String] = [:]
        for page in try state.definitions(.diary) {
            for p in [page.base] + page.edits.map(\.payload) {
                for d in Blob.digests(in: p) where named[d] == nil { named[d] = page.id }
            }
        }
        return named
    }

    /// Every blob hashes to its key, and every blob a page names is there.
    /// - Returns: what is wrong, nil when all is well.
    func checkBlobs(named: [String: String], _ txn: ReadTransaction) throws -> (digest: String, why: String)? {
        let sha = SHA256Context()
        var problem: (digest: String, why: String)?
        try forEachBlob(txn) { digest, bytes in
            let actual = bytes.withUnsafeBytes { sha.hash($0) }
            if actual != digest {
                let page = named[digest.description].map { " (named by the diary page of \($0))" } ?? ""
                problem = (digest.description, "the blob \(digest)\(page) does not hash to its digest (its bytes were changed)")
            }
            return problem == nil
        }
        if let problem { return problem }
        for (d, page) in named.sorted(by: { $0.key < $1.key }) where try !hasBlob(d, txn) {
            return (d, "the blob \(d) that the diary page of \(page) names is missing")
        }
        return nil
    }

    /// Whether `bytes` are the blob `digest` names (a stored blob is checked
    /// each time it is read: a changed byte must not be served, exported or sent).
    static func holds(_ bytes: UnsafeRawBufferPointer, digest: Digest) -> Bool { SHA256Context().hash(bytes) == digest }
}
