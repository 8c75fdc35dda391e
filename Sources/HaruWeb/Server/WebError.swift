import HaruLedger

/// Why `haru web` cannot serve.
public enum WebError: HaruError, Equatable {
    /// The library is missing, the address is taken, the system refused a socket.
    case cannotServe(String)

    public var exitStatus: ExitStatus { .cannotOpen }

    public var description: String {
        switch self {
        case .cannotServe(let why): why
        }
    }
}
