/// GNU libmicrohttpd, the HTTP server library `haru web` stands on (Debian:
/// libmicrohttpd12; its header from libmicrohttpd-dev). It is loaded when
/// the server starts (`dlopen("libmicrohttpd.so.12")`) rather than linked:
/// linked, every `haru` call would load it and the TLS libraries it depends
/// on (GnuTLS, nettle, p11-kit) at start, as libpq would for sync
/// (Docs/design.md, "Dependencies"). Only the functions the server calls
/// are looked up; the types and constants come from the header.

import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#endif

struct LibMicroHTTPD: @unchecked Sendable {
    // @unchecked: C function pointers, set once and only read.
    typealias Connection = OpaquePointer
    typealias Response = OpaquePointer
    typealias Daemon = OpaquePointer

    /// MHD_start_daemon_va; its `va_list` is passed as the pointer it is on
    /// x86_64 and arm64 Linux (`CVaListPointer` cannot be a C function's parameter in Swift).
    let startDaemonVA:
        @convention(c) (
            UInt32, UInt16, MHD_AcceptPolicyCallback?, UnsafeMutableRawPointer?, MHD_AccessHandlerCallback?, UnsafeMutableRawPointer?,
            UnsafeMutableRawPointer
        ) -> Daemon?
    let stopDaemon: @convention(c) (Daemon?) -> Void
    let responseFromBuffer: @convention(c) (Int, UnsafeMutableRawPointer?, MHD_ResponseMemoryMode) -> Response?
    let responseFromCallback:
        @convention(c) (UInt64, Int, MHD_ContentReaderCallback?, UnsafeMutableRawPointer?, MHD_ContentReaderFreeCallback?) -> Response?
    let addHeader: @convention(c) (Response?, UnsafePointer<CChar>, UnsafePointer<CChar>) -> MHD_Result
    let queueResponse: @convention(c) (Connection?, UInt32, Response?) -> MHD_Result
    let destroyResponse: @convention(c) (Response?) -> Void
    let lookupValue: @convention(c) (Connection?, MHD_ValueKind, UnsafePointer<CChar>) -> UnsafePointer<CChar>?

    /// Loads the library, or says why it cannot.
    static func load() -> Result<LibMicroHTTPD, WebError> {
        guard let h = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL) else {
            return .failure(.cannotServe("GNU libmicrohttpd is not installed (Debian: apt-get install libmicrohttpd12)"))
        }
        guard let l = LibMicroHTTPD(h) else {
            return .failure(.cannotServe("libmicrohttpd.so.12 lacks a function haru needs; it is too old"))
        }
        return .success(l)
    }

    private init?(_ h: UnsafeMutableRawPointer) {
        func f<T>(_ name: String) -> T? { dlsym(h, name).map { unsafeBitCast($0, to: T.self) } }
        guard
            let startDaemonVA:
                @convention(c) (
                    UInt32, UInt16, MHD_AcceptPolicyCallback?, UnsafeMutableRawPointer?, MHD_AccessHandlerCallback?,
                    UnsafeMutableRawPointer?,
                    UnsafeMutableRawPointer
                ) -> Daemon? = f("MHD_start_daemon_va"),
            let stopDaemon: @convention(c) (Daemon?) -> Void = f("MHD_stop_daemon"),
            let responseFromBuffer: @convention(c) (Int, UnsafeMutableRawPointer?, MHD_ResponseMemoryMode) -> Response? = f(
                "MHD_create_response_from_buffer"),
            let responseFromCallback:
                @convention(c) (
                    UInt64, Int, MHD_ContentReaderCallback?, UnsafeMutableRawPointer?, MHD_ContentReaderFreeCallback?
                ) -> Response? = f("MHD_create_response_from_callback"),
            let addHeader: @convention(c) (Response?, UnsafePointer<CChar>, UnsafePointer<CChar>) -> MHD_Result = f(
                "MHD_add_response_header"),
            let queueResponse: @convention(c) (Connection?, UInt32, Response?) -> MHD_Result = f("MHD_queue_response"),
            let destroyResponse: @convention(c) (Response?) -> Void = f("MHD_destroy_response"),
            let lookupValue: @convention(c) (Connection?, MHD_ValueKind, UnsafePointer<CChar>) -> UnsafePointer<CChar>? = f(
                "MHD_lookup_connection_value")
        else { return nil }
        (self.startDaemonVA, self.stopDaemon, self.responseFromBuffer, self.responseFromCallback) = (
            startDaemonVA, stopDaemon, responseFromBuffer, responseFromCallback
        )
        (self.addHeader, self.queueResponse, self.destroyResponse, self.lookupValue) = (
            addHeader, queueResponse, destroyResponse, lookupValue
        )
    }
}
