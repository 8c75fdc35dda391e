/// The names in a directory: what the Loop importer reads of an export's
/// folder, and what the ledger's placement looks through for leftovers.

#if canImport(Glibc)
    import Glibc
#endif

package enum DirectoryNames {
    /// The names in `path` (not `.` and `..`), sorted; empty when it cannot be read.
    package static func list(_ path: String) -> [String] {
        guard let d = opendir(path) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
