/// `haru sync postgresql://…`: many devices, one history, through one table
/// of a PostgreSQL database (Docs/sync.md, "PostgreSQL").
///
/// `haru_events` holds every device's own events, one row each, keyed by
/// (history, event id), with a position the server gives per history
/// (`haru_histories.next_pos`, taken under the history's row lock, so
/// positions commit in order: a reader that pulls "after position P" never
/// skips a push that commits later). A device pushes its own events (a
/// retry after a kill adds nothing: the key is the event id) and pulls the
/// other devices' rows after the last position it merged, recording that
/// position in the merge's own commit. Histories never see each other's rows.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

public struct PostgresSync {
    /// Rows per push and per pull query.
    public static let batch = 50_000

    public let ledger: Ledger
    /// The connection URL without haru's own `history` parameter.
    public let url: String
    /// The history this ledger syncs as (`?history=ID`; else its first event's id).
    public let history: String?
    public let zones: ZoneDirectory
    /// Positions read and merged per commit by a pull; at least 1.
    public var pullPart = PostgresSync.batch

    /// - Parameter target: `postgresql://…[?…&history=ID]`.
    public init(ledger: Ledger, target: String, zones: ZoneDirectory) {
        (self.ledger, self.zones) = (ledger, zones)
        (url, history) = PostgresSync.split(target)
    }

    /// Whether `target` names a PostgreSQL database.
    public static func isURL(_ target: String) -> Bool { target.hasPrefix("postgresql://") || target.hasPrefix("postgres://") }

    /// The URL without `history=…`, and that history.
    static func split(_ target: String) -> (String, String?) {
        guard let q = target.firstIndex(of: "?") else { return (target, nil) }
        var history: String?
        var kept: [Substring] = []
        for p in target[target.index(after: q)...].split(separator: "&") {
            if p.hasPrefix("history=") { history = String(p.dropFirst("history=".count)) } else { kept.append(p) }
        }
        return (String(target[..<q]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&")), history)
    }

    /// The target with its history made explicit, as the next `haru sync` should use it.
    public func target(history h: String) -> String { Self.target(url, history: h) }

    /// `url` naming the history `h`.
    public static func target(_ url: String, history h: String) -> String {
        let bare = split(url).0
        return bare + (bare.contains("?") ? "&" : "?") + "history=" + h
    }

    /// A target as a ledger keeps it for the next `haru sync`: a database
    /// URL without its password (which then comes from PGPASSWORD or
    /// ~/.pgpass): no secret is stored in the ledger.
    public static func storable(_ target: String) -> String {
        isURL(target) ? PGConnection.withoutSecrets(target, mark: nil) : target
    }

    /// A target as messages show it: a database URL without its password.
    public static func shown(_ target: String) -> String { isURL(target) ? PGConnection.redacted(target) : target }

    /// The history a target names (`?history=ID`), if it names one.
    public static func history(of target: String) -> String? { split(target).1 }

    /// Makes haru's tables if they are not there, and returns the
    /// database's own id (`haru_database`, made once, server-side): what a
    /// ledger's sync state is keyed by, so that one database spelled two
    /// ways (`localhost` and `127.0.0.1`, a password in the URL or from
    /// `PGPASSWORD`) is one target, and no key holds a URL or a secret.
    @discardableResult
    static func schema(_ c: PGConnection) throws -> String {
        try c.exec("BEGIN")
        try c.exec("SELECT pg_advisory_xact_lock(727172)")  // two devices creating the tables at once
        try c.exec("CREATE TABLE IF NOT EXISTS haru_histories (history text PRIMARY KEY, next_pos bigint NOT NULL DEFAULT 1)")
        try c.exec(
            "CREATE TABLE IF NOT EXISTS haru_events (history text NOT NULL, pos bigint NOT NULL, device text NOT NULL, "
                + "key text NOT NULL, line text NOT NULL, PRIMARY KEY (history, key))")
        try c.exec("CREATE UNIQUE INDEX IF NOT EXISTS haru_events_order ON haru_events (history, pos)")
        try c.exec("CREATE TABLE IF NOT EXISTS haru_database (id text NOT NULL)")
        try c.exec(
            "INSERT INTO haru_database SELECT md5(random()::text || clock_timestamp()::text) "
                + "WHERE NOT EXISTS (SELECT 1 FROM haru_database)")
        let id = try c.exec("SELECT id FROM haru_database LIMIT 1").first?[0] ?? nil
        try c.exec("COMMIT")
        guard let id, !id.isEmpty, id.utf8.count <= 64 else { throw SyncError("PostgreSQL: haru_database holds no id haru wrote") }
        return id
    }

    /// A history name as haru makes them (an event id): checked before it
    /// becomes part of a key or a query.
    static func checkHistory(_ h: String) throws {
        guard EntityID.isValid(h) else {
            throw SyncError(
                "history=\(Echo.quoted(h)) is not a history's name (the id of its first event: letters, digits, '-', '_', at most 64)")
        }
    }

    /// The histories the database holds (for `haru init --from URL`).
    public static func histories(_ target: String) throws -> [String] {
        let c = try PGConnection(split(target).0)
        try schema(c)
        return try c.exec("SELECT history FROM haru_histories ORDER BY history").compactMap { $0[0] }
    }

    /// The history to use: the one given, else the id of the ledger's first event in the merged order.
    public func resolvedHistory() throws -> String {
        if let history {
            try Self.checkHistory(history)
            return history
        }
        guard let first = try ledger.firstInMergedOrder() else {
            throw SyncError("this ledger is empty: give the history to join (`…?history=ID`, `haru init --from URL`)")
        }
        return first.description
    }

    /// Pushes this device's new events, then pulls the others'.
    /// - Parameter progress: told what is being done; what it throws stops
    ///   the sync there (what was sent and merged so far stays).
    public func run(now: Int64, offset: @escaping (Instant) -> Int, progress: ((String) throws -> Void)? = nil) throws -> SyncReport {
        guard let me = try ledger.deviceID() else { throw SyncError("this ledger has no device id yet") }
        guard try ledger.confirmDeviceHome() else { throw SyncError.copied(device: me) }
        let h = try resolvedHistory()
        let c = try PGConnection(url)
        let database = try Self.schema(c)
        var report = SyncReport()
        let pushedKey = SyncCursor.pushed(database: database, history: h).key
        let pulledKey = SyncCursor.pulled(database: database, history: h).key
        // An older haru keyed the state by the URL as given (password and
        // all): taken over once, and every such key removed.
        let old = try ledger.syncStates(prefix: "sync.pg.").filter {
            $0.key.hasPrefix("sync.pg.pushed.postgres") || $0.key.hasPrefix("sync.pg.pulled.postgres")
        }
        if !old.isEmpty {
            var moved: [(key: String, value: [UInt8])] = []
            for (key, value) in old where key == "sync.pg.pushed." + url + "#" + h || key == "sync.pg.pulled." + url + "#" + h {
                let isPushed = key.hasPrefix("sync.pg.pushed.")
                if try ledger.syncState(isPushed ? pushedKey : pulledKey) == nil { moved.append((isPushed ? pushedKey : pulledKey, value)) }
            }
            try ledger.setSyncState(moved, removing: old.map(\.key))
        }

        // Push.
        var pushed = try ledger.syncState(pushedKey).flatMap(FolderSync.seq(from:)) ?? 0
        while let run = try ledger.ownEvents(after: pushed, limit: Self.batch, offset: offset) {
            report.noteDamagedBlobs(of: run)
            // Own events erased since the last push: their rows written again
            // without the text (a device that joins later never sees it), and
            // the erased line pushed once more under `ID#erased` at a new
            // position, which the devices that pulled the row already read and
            // erase their copies by (`Admission.applyErasures`).
            var erasedLines: [UInt8] = []
            for (seq, id) in run.erased {
                guard let line = try ledger.exportLine(of: seq, offset: offset) else { continue }
                try c.exec(
                    "UPDATE haru_events SET line = $1 WHERE history = $2 AND key = $3",
                    [String(decoding: line, as: UTF8.self), h, id.description])
                erasedLines += line + [0x0A]
                report.rewritten += 1
            }
            if !erasedLines.isEmpty { try push(erasedLines, history: h, device: me, keySuffix: "#erased", c) }
            if run.count > 0 {
                try progress?("sending \(run.count) events")
                try push(run.lines, history: h, device: me, c)
                report.pushed += run.count
            }
            pushed = run.seqs.upperBound
            try ledger.setSyncState([(pushedKey, FolderSync.bytes(pushed))])
            if run.count == 0 { break }
        }

        // Pull.
        let before = try ledger.syncState(pulledKey).flatMap(FolderSync.seq(from:)) ?? 0
        var pulled = before
        // Where the mark stops for good in this pull: before a page waiting
        // for its blob, or an event held for later (both read again next time).
        var stop: UInt64?
        var through = pushed
        // Every position below the counter is committed (a push holds the
        // counter's row until it commits): read up to there, past this
        // device's own rows too, so that they are never looked at again.
        let counter = try c.exec("SELECT next_pos - 1 FROM haru_histories WHERE history = $1", [h])
        let top = counter.first?[0].flatMap { UInt64($0) } ?? 0
        // In runs of positions (not LIMIT: with a fresh table's statistics the
        // server sorted every row after P for each page), each run a range
        // of the (history, pos) index, and each merged as it comes (a part:
        // one commit with the mark past it), so a pull holds one run.
        while pulled < top {
            var contents = Segment.Contents()
            let end = min(top, pulled + UInt64(max(1, pullPart)))
            let rows = try c.exec(
                "SELECT pos, device, line FROM haru_events WHERE history = $1 AND pos > $2 AND pos <= $3 AND device <> $4 ORDER BY pos",
                [h, String(pulled), String(end), me])
            for r in rows {
                // A row that cannot be read is named and passed over: one row
                // must not stop the history for every device.
                guard let p = r[0].flatMap({ UInt64($0) }), let device = r[1], let line = r[2] else {
                    report.unreadable.append(("haru_events, a row between positions \(pulled + 1) and \(end)", "is not one haru wrote"))
                    continue
                }
                do throws(InputError) {
                    try Segment.add(line: ArraySlice(line.utf8), number: Int(p), to: &contents, zones: zones)
                } catch {
                    report.unreadable.append(("haru_events position \(p)", error.description))
                    continue
                }
                if !report.devices.contains(device) { report.devices.append(device) }
            }
            pulled = end  // the positions in between are this device's own, or skipped retries
            if !rows.isEmpty { try progress?("received \(contents.events.count) events") }
            // A blob stored by an earlier part is known to the ledger itself.
            let admitted = try Admission.sort(contents, known: Admission.digests(of: contents.blobs), ledger: ledger, now: now)
            for r in admitted.refused { report.unreadable.append(("haru_events position \(r.line)", r.why)) }
            // A page waiting for its blob is read again (the mark stops before
            // it) until a row brings the blob; other refused rows never change.
            // Held events (dated too far ahead) are read again next time too.
            let waits = (admitted.refused.filter { $0.blob != nil }.map(\.line) + admitted.held).min()
            if let first = waits { stop = min(stop ?? .max, UInt64(first) - 1) }
            report.future += admitted.held.count
            try progress?("merging \(admitted.merge.count) events")
            let state = [(key: pulledKey, value: FolderSync.bytes(min(pulled, stop ?? .max)))]
            try report.mergePart(
                admitted.merge, blobs: contents.blobs, state: state, ledger: ledger, now: now, zones: zones, through: &through,
                scannedKey: pushedKey)
        }
        try report.keepNewConflictsInEffect(ledger)
        return report
    }

    /// One push: the lines into a temporary table (COPY), then into
    /// `haru_events` at the positions the history's counter gives, in one
    /// transaction; a row already there (a retry) is skipped.
    private func push(_ lines: [UInt8], history: String, device: String, keySuffix: String = "", _ c: PGConnection) throws {
        // COPY's text format: key TAB line NEWLINE, backslashes doubled (a JSON
        // line has no raw tab or newline).
        var data: [UInt8] = []
        data.reserveCapacity(lines.count + lines.count / 4)
        var count = 0
        for (_, line) in JSONLines.split(lines) {
            guard let key = Self.key(of: line) else { throw SyncError("an export line without an id (\(line.count) bytes)") }
            data += (key + keySuffix).utf8
            data.append(0x09)
            for b in line {
                if b == 0x5C { data.append(0x5C) }
                data.append(b)
            }
            data.append(0x0A)
            count += 1
        }
        try c.exec("BEGIN")
        do {
            try c.exec("CREATE TEMP TABLE haru_push (ord bigserial, key text, line text) ON COMMIT DROP")
            try c.copyIn("COPY haru_push (key, line) FROM STDIN", data)
            try c.exec("INSERT INTO haru_histories (history) VALUES ($1) ON CONFLICT DO NOTHING", [history])
            let next = try c.exec("SELECT next_pos FROM haru_histories WHERE history = $1 FOR UPDATE", [history])
            guard let first = next.first?[0].flatMap({ Int64($0) }) else { throw SyncError("PostgreSQL: haru_histories lost the history") }
            try c.exec(
                "INSERT INTO haru_events (history, pos, device, key, line) SELECT $1, $2::bigint + ord - 1, $3, key, line FROM haru_push "
                    + "ON CONFLICT (history, key) DO NOTHING", [history, String(first), device])
            try c.exec("UPDATE haru_histories SET next_pos = $2 WHERE history = $1", [history, String(first + Int64(count))])
            try c.exec("COMMIT")
        } catch {
            _ = try? c.exec("ROLLBACK")
            throw error
        }
    }

    /// A line's key: its event id, or `blob:` and the digest.
    static func key(of line: ArraySlice<UInt8>) -> String? {
        let blob = Array(#"{"blob":""#.utf8), event = Array(#"{"id":""#.utf8)
        for (prefix, length, tag) in [(blob, 64, "blob:"), (event, 36, "")] where line.starts(with: prefix) {
            let start = line.startIndex + prefix.count
            guard line.count >= prefix.count + length else { return nil }
            return tag + String(decoding: line[start..<start + length], as: UTF8.self)
        }
        return nil
    }
}
