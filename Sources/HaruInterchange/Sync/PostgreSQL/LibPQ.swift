/// libpq, PostgreSQL's client library, loaded when a sync first needs it
/// (`dlopen("libpq.so.5")`) rather than linked: linked, every `haru` call
/// would load it and the libraries it depends on (Kerberos, LDAP, TLS) at
/// start, for the few calls that sync (Docs/sync.md, "PostgreSQL").
/// Only the functions a sync calls are looked up.

#if canImport(Glibc)
    import Glibc
#endif

struct LibPQ: @unchecked Sendable {
    // @unchecked: C function pointers, set once and only read.
    typealias Conn = OpaquePointer
    typealias Result = OpaquePointer
    typealias ExecParams =
        @convention(c) (
            Conn?, UnsafePointer<CChar>, Int32, UnsafePointer<UInt32>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
            UnsafePointer<Int32>?, Int32
        ) -> Result?

    let connectdb: @convention(c) (UnsafePointer<CChar>) -> Conn?
    let status: @convention(c) (Conn?) -> Int32
    let errorMessage: @convention(c) (Conn?) -> UnsafePointer<CChar>?
    let finish: @convention(c) (Conn?) -> Void
    let execParams: ExecParams
    let resultStatus: @convention(c) (Result?) -> Int32
    let resultErrorMessage: @convention(c) (Result?) -> UnsafePointer<CChar>?
    let ntuples: @convention(c) (Result?) -> Int32
    let nfields: @convention(c) (Result?) -> Int32
    let getvalue: @convention(c) (Result?, Int32, Int32) -> UnsafePointer<CChar>?
    let getlength: @convention(c) (Result?, Int32, Int32) -> Int32
    let getisnull: @convention(c) (Result?, Int32, Int32) -> Int32
    let clear: @convention(c) (Result?) -> Void
    let putCopyData: @convention(c) (Conn?, UnsafePointer<CChar>, Int32) -> Int32
    let putCopyEnd: @convention(c) (Conn?, UnsafePointer<CChar>?) -> Int32
    let getResult: @convention(c) (Conn?) -> Result?
    typealias NoticeProcessor = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void
    /// PQsetNoticeProcessor (optional: without it notices go to stderr, as libpq does by default).
    let setNoticeProcessor: (@convention(c) (Conn?, NoticeProcessor?, UnsafeMutableRawPointer?) -> NoticeProcessor?)?

    /// PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_COPY_IN; CONNECTION_OK.
    static let commandOK: Int32 = 1, tuplesOK: Int32 = 2, copyIn: Int32 = 4, connectionOK: Int32 = 0

    /// Loads libpq, or says why it cannot.
    static func load() -> Swift.Result<LibPQ, SyncError> {
        guard let h = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL) else {
            return .failure(SyncError("PostgreSQL's client library is not installed (Debian: apt-get install libpq5)"))
        }
        guard let l = LibPQ(h) else { return .failure(SyncError("libpq.so.5 lacks a function haru needs; it is too old")) }
        return .success(l)
    }

    private init?(_ h: UnsafeMutableRawPointer) {
        func f<T>(_ name: String) -> T? { dlsym(h, name).map { unsafeBitCast($0, to: T.self) } }
        guard let connectdb: @convention(c) (UnsafePointer<CChar>) -> Conn? = f("PQconnectdb"),
            let status: @convention(c) (Conn?) -> Int32 = f("PQstatus"),
            let errorMessage: @convention(c) (Conn?) -> UnsafePointer<CChar>? = f("PQerrorMessage"),
            let finish: @convention(c) (Conn?) -> Void = f("PQfinish"),
            let execParams: ExecParams = f("PQexecParams"),
            let resultStatus: @convention(c) (Result?) -> Int32 = f("PQresultStatus"),
            let resultErrorMessage: @convention(c) (Result?) -> UnsafePointer<CChar>? = f("PQresultErrorMessage"),
            let ntuples: @convention(c) (Result?) -> Int32 = f("PQntuples"),
            let nfields: @convention(c) (Result?) -> Int32 = f("PQnfields"),
            let getvalue: @convention(c) (Result?, Int32, Int32) -> UnsafePointer<CChar>? = f("PQgetvalue"),
            let getlength: @convention(c) (Result?, Int32, Int32) -> Int32 = f("PQgetlength"),
            let getisnull: @convention(c) (Result?, Int32, Int32) -> Int32 = f("PQgetisnull"),
            let clear: @convention(c) (Result?) -> Void = f("PQclear"),
            let putCopyData: @convention(c) (Conn?, UnsafePointer<CChar>, Int32) -> Int32 = f("PQputCopyData"),
            let putCopyEnd: @convention(c) (Conn?, UnsafePointer<CChar>?) -> Int32 = f("PQputCopyEnd"),
            let getResult: @convention(c) (Conn?) -> Result? = f("PQgetResult")
        else { return nil }
        (self.connectdb, self.status, self.errorMessage, self.finish, self.execParams) = (
            connectdb, status, errorMessage, finish, execParams
        )
        (self.resultStatus, self.resultErrorMessage, self.ntuples, self.nfields) = (resultStatus, resultErrorMessage, ntuples, nfields)
        (self.getvalue, self.getlength, self.getisnull) = (getvalue, getlength, getisnull)
        (self.clear, self.putCopyData, self.putCopyEnd, self.getResult) = (clear, putCopyData, putCopyEnd, getResult)
        setNoticeProcessor = f("PQsetNoticeProcessor")
    }
}

/// One connection to a PostgreSQL server.
final class PGConnection {
    private let pq: LibPQ
    private let conn: LibPQ.Conn

    /// Connects, giving up after `connect_timeout` (the URL's, else 5 s).
    init(_ url: String) throws {
        pq = try LibPQ.load().get()
        var info = url
        if !info.contains("connect_timeout=") { info += (info.contains("?") ? "&" : "?") + "connect_timeout=5" }
        guard let c = pq.connectdb(info) else { throw SyncError("cannot connect to \(PGConnection.redacted(url)): out of memory") }
        conn = c
        pq.setNoticeProcessor.map { _ = $0(c, PGConnection.ignoreNotice, nil) }
        guard pq.status(c) == LibPQ.connectionOK else {
            // libpq may quote the connection string back (a malformed URL): never its password.
            let why = PGConnection.scrubbed(PGConnection.oneLine(pq.errorMessage(c)), of: url)
            // (`deinit` closes it: the object was whole when this throws.)
            throw SyncError("cannot connect to \(PGConnection.redacted(url)): \(why)")
        }
        // The server's notices ("relation … already exists, skipping") are not the user's business.
        try exec("SET client_min_messages TO warning")
    }

    deinit { pq.finish(conn) }

    /// The server's notices and warnings (a server shutting down says
    /// "WARNING: terminating connection …" before the error) are not printed
    /// on their own line: the error that follows says what happened.
    static let ignoreNotice: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void = { _, _ in }

    /// The URL without its password, for messages.
    static func redacted(_ url: String) -> String { withoutSecrets(url, mark: "…") }

    /// `url` with its password (in `user:password@` and in `password=`)
    /// replaced by `mark`, or left out when `mark` is nil: what is shown,
    /// and what is stored as the next `haru sync`'s target (a password then
    /// comes from PGPASSWORD or ~/.pgpass, as libpq reads them).
    static func withoutSecrets(_ url: String, mark: String?) -> String {
        var out = url
        if let scheme = out.firstRange(of: "://") {
            let rest = out[scheme.upperBound...]
            let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
            if let at = rest[..<authorityEnd].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
                out = String(out[..<colon]) + (mark.map { ":" + $0 } ?? "") + String(out[at...])
            }
        }
        guard let q = out.firstIndex(of: "?") else { return out }
        let params = out[out.index(after: q)...].split(separator: "&", omittingEmptySubsequences: false).compactMap { p -> String? in
            guard p.hasPrefix("password=") else { return String(p) }
            return mark.map { "password=" + $0 }
        }
        return String(out[..<q]) + (params.isEmpty ? "" : "?" + params.joined(separator: "&"))
    }

    /// The passwords `url` holds (as written and percent-decoded): scrubbed
    /// from anything libpq says, which may quote the URL back.
    static func secrets(of url: String) -> [String] {
        var found: [String] = []
        if let scheme = url.firstRange(of: "://") {
            let rest = url[scheme.upperBound...]
            let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
            if let at = rest[..<authorityEnd].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
                found.append(String(rest[rest.index(after: colon)..<at]))
            }
        }
        if let q = url.firstIndex(of: "?") {
            for p in url[url.index(after: q)...].split(separator: "&") where p.hasPrefix("password=") {
                found.append(String(p.dropFirst("password=".count)))
            }
        }
        return (found + found.compactMap(percentDecoded)).filter { !$0.isEmpty }
    }

    static func percentDecoded(_ s: String) -> String? {
        var bytes: [UInt8] = []
        var u = Array(s.utf8)[...]
        while let b = u.popFirst() {
            if b == UInt8(ascii: "%"), u.count >= 2, let v = UInt8(String(decoding: u.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(v)
                u = u.dropFirst(2)
            } else {
                bytes.append(b)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// `text` with every secret of `url` replaced by `…`.
    static func scrubbed(_ text: String, of url: String) -> String {
        var out = text
        for s in secrets(of: url).sorted(by: { $0.count > $1.count }) { out = out.replacing(s, with: "…") }
        return out
    }

    static func oneLine(_ p: UnsafePointer<CChar>?) -> String {
        let s = p.map { String(cString: $0) } ?? "unknown error"
        return s.split(whereSeparator: \.isNewline).map { String($0.drop { $0 == " " || $0 == "\t" }) }.filter { !$0.isEmpty }
            .joined(separator: "; ")
    }

    /// Runs one statement with text parameters; the rows as text (nil: NULL).
    @discardableResult
    func exec(_ sql: String, _ params: [String?] = []) throws -> [[String?]] {
        let cParams = params.map { $0.map { strdup($0) } ?? nil }
        defer { for p in cParams { free(p) } }
        let r = cParams.map { UnsafePointer($0) }.withUnsafeBufferPointer { ps in
            pq.execParams(conn, sql, Int32(params.count), nil, ps.baseAddress, nil, nil, 0)
        }
        defer { pq.clear(r) }
        let st = pq.resultStatus(r)
        guard st == LibPQ.commandOK || st == LibPQ.tuplesOK else {
            throw SyncError("PostgreSQL: \(PGConnection.oneLine(pq.resultErrorMessage(r) ?? pq.errorMessage(conn)))")
        }
        var rows: [[String?]] = []
        let n = pq.ntuples(r), m = pq.nfields(r)
        rows.reserveCapacity(Int(n))
        for i in 0..<n {
            rows.append(
                (0..<m).map { j in
                    pq.getisnull(r, i, j) != 0
                        ? nil
                        : String(
                            decoding: UnsafeRawBufferPointer(start: pq.getvalue(r, i, j), count: Int(pq.getlength(r, i, j))), as: UTF8.self)
                })
        }
        return rows
    }

    /// `COPY … FROM STDIN` with `data` in COPY's text format.
    func copyIn(_ sql: String, _ data: [UInt8]) throws {
        let r = pq.execParams(conn, sql, 0, nil, nil, nil, nil, 0)
        let st = pq.resultStatus(r)
        let why = pq.resultErrorMessage(r).map { String(cString: $0) }
        pq.clear(r)
        guard st == LibPQ.copyIn else { throw SyncError("PostgreSQL: \(PGConnection.oneLine(why))") }
        var offset = 0
        var failed = false
        while offset < data.count, !failed {
            let n = min(1 << 20, data.count - offset)
            failed = data.withUnsafeBytes { b in
                pq.putCopyData(conn, b.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self), Int32(n)) != 1
            }
            offset += n
        }
        guard !failed, pq.putCopyEnd(conn, nil) == 1 else { throw SyncError("PostgreSQL: \(PGConnection.oneLine(pq.errorMessage(conn)))") }
        var problem: String?
        while let res = pq.getResult(conn) {
            if pq.resultStatus(res) != LibPQ.commandOK { problem = PGConnection.oneLine(pq.resultErrorMessage(res)) }
            pq.clear(res)
        }
        if let problem { throw SyncError("PostgreSQL: \(problem)") }
    }
}
