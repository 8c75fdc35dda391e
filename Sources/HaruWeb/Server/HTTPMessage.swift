/// A request as the pages' code sees it, and what it answers: plain values,
/// so the routes can be tested without a socket.

/// One HTTP request, read whole (its body at most `HTTPServer.maxBody` bytes).
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path without the query (`/api/today`).
    public var path: String
    /// The query's arguments the routes read, decoded (`day=2026-03-04`).
    public var query: [String: String]
    /// The headers the routes read, by lower-case name.
    public var headers: [String: String]
    public var body: [UInt8]

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: [UInt8] = []) {
        (self.method, self.path, self.query, self.headers, self.body) = (method, path, query, headers, body)
    }

    /// The query's names and headers read from every request (the server asks
    /// libmicrohttpd for these and no others).
    static let queryNames = ["day", "from", "to", "by", "every", "only", "lang", "token", "week"]
    static let headerNames = ["host", "origin", "sec-fetch-site", "x-haru-token", "content-type"]
}

/// An answer: a whole body, or a stream of server-sent events.
public enum HTTPReply: Sendable {
    case whole(status: Int, type: String, body: [UInt8], headers: [(String, String)] = [])
    /// `text/event-stream`: the lines `feed` gives, until it ends or the client goes.
    case events(EventFeed)

    static func text(_ status: Int, _ text: String, type: String = "text/plain; charset=utf-8") -> HTTPReply {
        .whole(status: status, type: type, body: Array(text.utf8))
    }

    var status: Int {
        if case .whole(let s, _, _, _) = self { return s }
        return 200
    }
}
