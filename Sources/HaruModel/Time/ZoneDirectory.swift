/// Where IANA time zone files (TZif) are read from. Passed in, never found
/// implicitly, so tests and replays do not depend on the machine's own zone.
@_spi(Layers) import HaruStorage

public struct ZoneDirectory: Sendable {
    @_spi(Layers) public let path: String

    /// Debian's tzdata location.
    public static let system = ZoneDirectory(path: "/usr/share/zoneinfo")

    @_spi(Layers) public init(path: String) { self.path = path }

    /// Whether `name` is a zone this directory has: an IANA name such as
    /// `Asia/Seoul` or `UTC` whose file starts with the TZif magic.
    @_spi(Layers) public func knows(_ name: String) -> Bool {
        guard !name.isEmpty, name.count <= 64, !name.hasPrefix("/"), !name.contains(".."),
            name.utf8.allSatisfy({ c in
                (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39)
                    || c == UInt8(ascii: "/") || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
            })
        else { return false }
        guard let head = FileBytes.read(path + "/" + name, limit: 4) else { return false }
        return head == Array("TZif".utf8)
    }
}
