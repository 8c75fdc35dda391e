/// Where IANA time zone files (TZif) are read from. Passed in, never found
/// implicitly, so tests and replays do not depend on the machine's own zone.
@_spi(Layers) import HaruSystem

#if canImport(Glibc)
    import Glibc
#endif

public struct ZoneDirectory: Sendable {
    public let path: String

    /// Debian's tzdata location.
    public static let system = ZoneDirectory(path: "/usr/share/zoneinfo")

    public init(path: String) { self.path = path }

    /// Whether `name` is a zone this directory has: an IANA name such as
    /// `Asia/Seoul` or `UTC` whose file starts with the TZif magic.
    public func knows(_ name: String) -> Bool {
        guard shaped(name), inside(name), let head = FileBytes.read(path + "/" + name, limit: 4) else { return false }
        return head == Array("TZif".utf8)
    }

    /// Whether `name` has the shape of an IANA name: letters, digits and
    /// `/_-+`, relative, with no `..`.
    func shaped(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && !name.hasPrefix("/") && !name.contains("..")
            && name.utf8.allSatisfy({ c in
                (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39)
                    || c == UInt8(ascii: "/") || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
            })
    }

    /// Whether the file `name` resolves to stays in this directory: tzdata
    /// links zones to one another (`Pacific/Ponape` → `Guadalcanal`), but a
    /// link out of it (to any file of the machine) is not a zone.
    func inside(_ name: String) -> Bool {
        guard let root = realpath(path, nil) else { return false }
        defer { free(root) }
        guard let file = realpath(path + "/" + name, nil) else { return false }
        defer { free(file) }
        return String(cString: file).hasPrefix(String(cString: root) + "/")
    }
}
