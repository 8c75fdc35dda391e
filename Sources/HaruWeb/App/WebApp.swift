/// The routes of `haru web`: the page and its assets, the screens' reads
/// (`/api/today`, `/api/records`, `/api/stats`, `/api/diary`,
/// `/api/timetable`), the live stream (`/api/events`) and the writes
/// (`POST /api/…`), each a call of the HaruLedger library.
///
/// Who may ask (Docs/web.md, "Safety"): on the loopback address a request
/// must name this server as its Host (a site that rebinds its DNS name to
/// 127.0.0.1 cannot read the page); a write must be a same-origin POST of
/// JSON carrying the page's token in `X-Haru-Token` — a custom header, which
/// a page of another origin cannot send without a CORS preflight this server
/// never answers. Bound to another address, every request needs the token.

import HaruLedger

struct WebApp: Sendable {
    let ledger: Ledger
    let language: PageLanguage
    let token: String
    /// The `host:port` a request must name (loopback), nil when bound elsewhere.
    let loopbackHosts: Set<String>?
    let clock: @Sendable () -> Int64
    let random: @Sendable () -> UInt64
    let hub: CommitHub

    func handle(_ r: HTTPRequest) -> HTTPReply {
        let lang = r.query["lang"].flatMap(PageLanguage.init(rawValue:)) ?? language
        if let hosts = loopbackHosts, !hosts.contains(r.headers["host"] ?? "") {
            return refuse(421, .forbidden, lang)
        }
        if loopbackHosts == nil, !hasToken(r) {
            return refuse(403, .forbidden, lang)
        }
        switch (r.method, r.path) {
        case ("GET", "/"), ("HEAD", "/"):
            return .whole(
                status: 200, type: "text/html; charset=utf-8", body: Array(Assets.page(token: token, language: lang).utf8),
                headers: [("Content-Security-Policy", Assets.contentSecurityPolicy)])
        case ("GET", "/app.js"): return .text(200, Assets.script, type: "text/javascript; charset=utf-8")
        case ("GET", "/app.css"): return .text(200, Assets.style, type: "text/css; charset=utf-8")
        case ("GET", "/favicon.ico"): return .whole(status: 204, type: "image/x-icon", body: [])
        case ("GET", "/api/words"): return json(200, Assets.words)
        case ("GET", "/api/events"): return .events(EventFeed(hub: hub))
        case ("GET", let p) where p.hasPrefix("/api/"): return read(String(p.dropFirst(5)), r, lang)
        case ("POST", let p) where p.hasPrefix("/api/"):
            guard writeAllowed(r) else { return refuse(403, .forbidden, lang) }
            return write(String(p.dropFirst(5)), r, lang)
        case (_, let p) where p.hasPrefix("/api/"):
            return refuse(405, .badRequest, lang, ["\(r.method): GET or POST only"], headers: [("Allow", "GET, POST")])
        default: return refuse(404, .notFound, lang)
        }
    }

    private func hasToken(_ r: HTTPRequest) -> Bool { r.headers["x-haru-token"] == token || r.query["token"] == token }

    /// A same-origin POST of JSON with the page's token.
    private func writeAllowed(_ r: HTTPRequest) -> Bool {
        guard r.headers["x-haru-token"] == token else { return false }
        if let origin = r.headers["origin"], origin != "http://" + (r.headers["host"] ?? "") { return false }
        if let site = r.headers["sec-fetch-site"], site != "same-origin" { return false }
        return r.headers["content-type"]?.hasPrefix("application/json") == true
    }

    func refuse(_ status: Int, _ why: RefusalWord, _ lang: PageLanguage, _ values: String...) -> HTTPReply {
        refuse(status, why, lang, values)
    }

    /// `{"error": {"code": …, "message": …}}`: what the page shows as a refusal.
    func refuse(_ status: Int, _ why: RefusalWord, _ lang: PageLanguage, _ values: [String], headers: [(String, String)] = [])
        -> HTTPReply
    {
        error(status, code: "\(why)", message: why.text(lang, values), headers: headers)
    }

    /// A failure the page cannot help (the ledger unreadable, a full disk): said as the library says it.
    func failure(_ e: any Error) -> HTTPReply { error(500, code: "ledger", message: "\(e)") }

    private func error(_ status: Int, code: String, message: String, headers: [(String, String)] = []) -> HTTPReply {
        json(status, .object([("error", .object([("code", .string(code)), ("message", .string(message))]))]), headers: headers)
    }

    func json(_ status: Int, _ value: JSONValue, headers: [(String, String)] = []) -> HTTPReply {
        var out = JSONBytes()
        value.write(to: &out)
        return .whole(status: status, type: "application/json; charset=utf-8", body: out.bytes, headers: headers)
    }

    /// The clock now, as the library takes it.
    var now: Instant { Instant(micros: clock()) }
}

/// The caller's randomness as a generator (event ids): the library draws none of its own.
struct PassedRandom: RandomNumberGenerator {
    let draw: @Sendable () -> UInt64
    mutating func next() -> UInt64 { draw() }
}
