/// `haru web`: the app's main screens as a local web page, a second client
/// of the HaruLedger library beside the command line (Docs/web.md).
///
/// The clock and the randomness (the page's token, event ids) are passed
/// in, as everywhere in the library; the server keeps no state of its own
/// but the token: every answer is read from the ledger when asked.

import HaruLedger

public final class WebServer: Sendable {
    /// Where to listen, and the page's first language.
    public struct Options: Sendable {
        public var address: String
        public var port: UInt16
        public var language: PageLanguage
        public init(address: String = "127.0.0.1", port: UInt16 = WebServer.defaultPort, language: PageLanguage = .en) {
            (self.address, self.port, self.language) = (address, port, language)
        }
    }

    public static let defaultPort: UInt16 = 5178

    /// The address to open, with the token when the server is not on loopback.
    public let url: String
    private let http: HTTPServer
    private let hub: CommitHub
    private let watch: Task<Void, Never>

    /// Whether `address` is this machine's loopback (no token needed to read).
    public static func isLoopback(_ address: String) -> Bool { address.hasPrefix("127.") }

    /// Starts serving `ledger`.
    /// - Parameters:
    ///   - clock: µs since the epoch, read for every answer.
    ///   - random: 64 random bits per call (the token, new ids).
    /// - Throws: `WebError.cannotServe` (no libmicrohttpd, the port taken, not an address); `WatchError` when the ledger cannot be watched.
    public init(
        ledger: Ledger, options: Options, clock: @escaping @Sendable () -> Int64, random: @escaping @Sendable () -> UInt64
    ) throws {
        let token = (0..<2).map { _ in Self.hex(random()) }.joined()
        let hub = CommitHub(seq: try ledger.head().seq)
        // The library's observation: one watch on the ledger for every open page.
        let commits = try ledger.commits()
        watch = Task.detached {
            for await c in commits { hub.publish(c.seq) }
        }
        let loopback = Self.isLoopback(options.address)
        // The port is known once bound (0: any free one), and the Host a request must name follows from it.
        let box = AppBox()
        http = try HTTPServer(address: options.address, port: options.port) { request in box.app!.handle(request) }
        let hosts: Set<String>? =
            loopback ? ["127.0.0.1:\(http.port)", "localhost:\(http.port)", "\(options.address):\(http.port)"] : nil
        box.app = WebApp(
            ledger: ledger, language: options.language, token: token, loopbackHosts: hosts, clock: clock, random: random, hub: hub)
        self.hub = hub
        url = "http://\(options.address):\(http.port)/" + (loopback ? "" : "?token=\(token)")
        do { try http.start() } catch {
            watch.cancel()
            throw error
        }
    }

    /// Stops: open event streams end, the watch ends, the socket closes.
    public func stop() {
        hub.close()
        http.stop()
        watch.cancel()
    }

    private static func hex(_ n: UInt64) -> String {
        let s = String(n, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}

/// The app, set once before the server answers anything.
private final class AppBox: @unchecked Sendable {
    // @unchecked: written in `WebServer.init` before `start`, only read afterwards.
    var app: WebApp?
}
