/// The HTTP side of `haru web`: libmicrohttpd parses requests and writes
/// answers (no hand-written HTTP parser here); this hands each whole request
/// to `handle` and sends back what it answers.
///
/// A thread per connection (libmicrohttpd's MHD_USE_THREAD_PER_CONNECTION):
/// an event stream's thread blocks on the `CommitHub` between events, and a
/// slow client holds only its own thread until the 30-second idle timeout
/// drops it. At most `concurrentReads` requests are answered at once, so the
/// ledger's read transactions stay well under LMDB's 126 reader slots
/// however many clients connect; the others wait their turn.

import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#endif

final class HTTPServer: @unchecked Sendable {
    // @unchecked: `daemon` is set in `start` before any request and read in
    // `stop`; the rest is immutable.
    private let lib: LibMicroHTTPD
    private let handle: @Sendable (HTTPRequest) -> HTTPReply
    private var daemon: LibMicroHTTPD.Daemon?
    private let turns = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
    let port: UInt16
    private let socket: Int32

    /// A request's body above this is refused (413) unread.
    static let maxBody = 1 << 20
    static let concurrentReads: UInt32 = 16

    /// Binds `address:port` (port 0: any free port) and loads libmicrohttpd.
    init(address: String, port: UInt16, handle: @escaping @Sendable (HTTPRequest) -> HTTPReply) throws(WebError) {
        lib = try LibMicroHTTPD.load().get()
        self.handle = handle
        (socket, self.port) = try Self.listen(address: address, port: port)
        sem_init(turns, 0, Self.concurrentReads)
    }

    deinit {
        sem_destroy(turns)
        turns.deallocate()
    }

    /// Starts answering on threads of libmicrohttpd's own.
    func start() throws(WebError) {
        let flags =
            UInt32(MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_POLL.rawValue)
            | UInt32(MHD_USE_ITC.rawValue)
        let me = Unmanaged.passUnretained(self).toOpaque()
        let completed: MHD_RequestCompletedCallback = { _, _, state, _ in
            guard let state, let box = state.pointee else { return }
            Unmanaged<Upload>.fromOpaque(box).release()
            state.pointee = nil
        }
        let options: [CVarArg] = [
            MHD_OPTION.LISTEN_SOCKET.rawValue, socket,
            MHD_OPTION.CONNECTION_TIMEOUT.rawValue, UInt32(30),
            MHD_OPTION.CONNECTION_LIMIT.rawValue, UInt32(1000),
            MHD_OPTION.NOTIFY_COMPLETED.rawValue, OpaquePointer(unsafeBitCast(completed, to: UnsafeMutableRawPointer.self)),
            OpaquePointer(me),
            MHD_OPTION.END.rawValue,
        ]
        daemon = withVaList(options) { args in
            lib.startDaemonVA(flags, 0, nil, nil, Self.access, me, unsafeBitCast(args, to: UnsafeMutableRawPointer.self))
        }
        guard daemon != nil else { throw .cannotServe("libmicrohttpd could not start on port \(port)") }
    }

    /// Stops answering: open streams end, connection threads are joined.
    func stop() {
        if let d = daemon { lib.stopDaemon(d) }
        daemon = nil
        close(socket)
    }

    /// A request's body as it arrives, kept between libmicrohttpd's calls.
    private final class Upload {
        var body: [UInt8] = []
        var tooLarge = false
    }

    /// libmicrohttpd calls this once when the headers are in, once per piece
    /// of the body, and once more when the body is complete: the answer goes then.
    private static let access: MHD_AccessHandlerCallback = { cls, connection, url, method, _, data, size, state in
        guard let cls, let state, let size else { return MHD_Result.NO }
        let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        guard let box = state.pointee else {
            state.pointee = Unmanaged.passRetained(Upload()).toOpaque()
            return MHD_Result.YES
        }
        let upload = Unmanaged<Upload>.fromOpaque(box).takeUnretainedValue()
        if size.pointee > 0 {
            if upload.body.count + size.pointee > maxBody {
                upload.tooLarge = true
            } else if let data {
                upload.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: size.pointee))
            }
            size.pointee = 0
            return MHD_Result.YES
        }
        let request = server.request(connection, url: url, method: method, body: upload.body)
        let reply: HTTPReply
        if upload.tooLarge {
            reply = .text(413, "request body over \(maxBody) bytes\n")
        } else {
            sem_wait(server.turns)
            reply = server.handle(request)
            sem_post(server.turns)
        }
        return server.send(reply, on: connection)
    }

    private func request(_ c: OpaquePointer?, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?, body: [UInt8]) -> HTTPRequest {
        var query: [String: String] = [:]
        for name in HTTPRequest.queryNames {
            if let v = lib.lookupValue(c, MHD_ValueKind.GET_ARGUMENT_KIND, name) { query[name] = String(cString: v) }
        }
        var headers: [String: String] = [:]
        for name in HTTPRequest.headerNames {
            if let v = lib.lookupValue(c, MHD_ValueKind.HEADER_KIND, name) { headers[name] = String(cString: v) }
        }
        return HTTPRequest(
            method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "/", query: query,
            headers: headers, body: body)
    }

    /// Headers every answer carries: nothing cached, nothing sniffed, never in another site's frame.
    private static let common: [(String, String)] = [
        ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
    ]

    private func send(_ reply: HTTPReply, on connection: OpaquePointer?) -> MHD_Result {
        let response: LibMicroHTTPD.Response?
        var headers = Self.common
        switch reply {
        case .whole(_, let type, let body, let extra):
            var body = body
            response = body.withUnsafeMutableBytes {
                lib.responseFromBuffer($0.count, $0.baseAddress, MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
            }
            headers += [("Content-Type", type)] + extra
        case .events(let feed):
            let reader: MHD_ContentReaderCallback = { cls, _, buffer, max in
                guard let cls, let buffer else { return -1 }
                return Unmanaged<EventFeed>.fromOpaque(cls).takeUnretainedValue().read(into: buffer, max: max)
            }
            let free: MHD_ContentReaderFreeCallback = { cls in
                if let cls { Unmanaged<EventFeed>.fromOpaque(cls).release() }
            }
            response = lib.responseFromCallback(UInt64.max, 1024, reader, Unmanaged.passRetained(feed).toOpaque(), free)
            headers += [("Content-Type", "text/event-stream; charset=utf-8")]
        }
        guard let response else { return MHD_Result.NO }
        for (name, value) in headers { _ = lib.addHeader(response, name, value) }
        let queued = lib.queueResponse(connection, UInt32(reply.status), response)
        lib.destroyResponse(response)
        return queued
    }

    /// A listening TCP socket on `address:port`, and the port it got.
    private static func listen(address: String, port: UInt16) throws(WebError) -> (Int32, UInt16) {
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        guard inet_pton(AF_INET, address, &addr.sin_addr) == 1 else {
            throw .cannotServe("\(address) is not an IPv4 address (write it as 127.0.0.1 or 0.0.0.0)")
        }
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .cannotServe("cannot open a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(fd, 512) == 0 else {
            let e = errno
            close(fd)
            let why = e == EADDRINUSE ? "is in use (another `haru web`? pick one with --port)" : String(cString: strerror(e))
            throw .cannotServe("cannot listen on \(address):\(port): \(why)")
        }
        var got = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &got) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: got.sin_port))
    }
}
