@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem

/// A second record of the head, outside LMDB: `head` in the ledger's
/// directory, the last commit's seq and hash, written after each commit.
///
/// LMDB keeps two meta pages and opens the one with the higher transaction
/// id; they carry no checksum, so one changed byte (or an older copy of
/// `data.mdb` put in place) can make it open an older snapshot without a
/// word, and the next append would reuse seqs for other events. On open, a
/// data file whose head is behind this record (or at its seq with another
/// hash) is refused, naming both; nothing is read or written.
///
/// The window: the record is written after the commit, and an append does
/// not sync it, so a crash can leave it behind by the commits of the last
/// seconds (those the OS had not written back), which is accepted (the data
/// file is ahead, never behind; the next commit brings the record up). No
/// acknowledged event can be lost by it: the commit is durable before the
/// record is written, and a record never runs ahead of a commit. What the
/// window does not catch is a rollback to one of those commits, in the
/// instant after a crash. Syncing the record after every append cost a
/// fourth `fdatasync` wait per `count` (0.25 ms of 5, Docs/performance.md)
/// and would narrow that window to one commit, not close it.
#if canImport(Glibc)
    import Glibc
#endif

enum HeadRecord {
    static func path(_ dir: String) -> String { dir + "/head" }

    /// `seq 00000000000000000042 hash <64 hex>\n`: one length always, written
    /// in one `pwrite` at offset 0 (no rename, no truncation: a record is
    /// one sector, written whole or not at all).
    static func text(_ head: Head) -> [UInt8] {
        var out = Array("seq ".utf8)
        let digits = String(head.seq)
        out += Array(repeating: UInt8(ascii: "0"), count: 20 - digits.utf8.count) + Array(digits.utf8)
        out += Array(" hash ".utf8)
        head.hash.writeHex(to: &out)
        out.append(0x0A)
        return out
    }

    /// Writes the record after a commit, not synced (see the window above).
    /// A record that cannot be written is skipped: the commit happened, and
    /// the next one writes it again.
    static func write(_ head: Head, in dir: String) {
        try? writeChecked(head, in: dir, sync: false)
    }

    /// The recorded head; nil when there is none (a ledger made before the
    /// record existed, or one that never committed).
    /// - Throws: `LMDBError.damaged` for a record that is not one.
    static func read(in dir: String) throws(LMDBError) -> (seq: UInt64, hash: String)? {
        var st = stat()
        guard lstat(path(dir), &st) == 0 else { return nil }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw LMDBError.damaged("\(path(dir)) is not a regular file; remove it (the next commit writes it again)")
        }
        // An empty or torn record (a kill or a failed write between a commit
        // and its record) says nothing about the log: it is no damage, reads
        // go on from the log, and the next commit writes the record whole
        // again. Only a whole record that contradicts the log is damage
        // (`checkHeadRecord`).
        guard let bytes = FileBytes.read(path(dir), limit: 256) else { return nil }
        // Split as bytes: splitting the text as a String walked it by
        // grapheme (1 % of a `haru count`, which opens a ledger once). A
        // record that is not ASCII is not one haru wrote, and is read as
        // before, as text.
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return parse(String(decoding: bytes, as: UTF8.self)) }
        let parts = bytes.split(separator: 0x20)
        guard parts.count == 4, parts[0].elementsEqual("seq".utf8), parts[2].elementsEqual("hash".utf8),
            let seq = UInt64(String(decoding: parts[1], as: UTF8.self)), parts[3].count == 65, parts[3].last == 0x0A,
            parts[3][parts[3].endIndex - 2] != 0x0D  // "\r\n" is one character of the text, not a "\n"
        else { return nil }
        return (seq, String(decoding: parts[3].dropLast(), as: UTF8.self))
    }

    /// The record's fields read from its text.
    private static func parse(_ text: String) -> (seq: UInt64, hash: String)? {
        let parts = text.split(separator: " ")
        guard parts.count == 4, parts[0] == "seq", let seq = UInt64(parts[1]), parts[2] == "hash",
            parts[3].utf8.count == 65, parts[3].hasSuffix("\n")
        else { return nil }
        return (seq, String(parts[3].dropLast()))
    }

    /// Writes the record and syncs it, saying why when it cannot: for a new
    /// ledger, which must be whole before it is put in place (`init`, an
    /// import into a new ledger, `compact`).
    static func writeChecked(_ head: Head, in dir: String, sync: Bool = true) throws {
        // Never through a link: a `head` symlinked elsewhere must not get written.
        let fd = open(path(dir), O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw LMDBError(code: errno, call: "open head") }
        defer { close(fd) }
        // Created through the umask: the ledger's files are 0600 whatever it is.
        fchmod(fd, 0o600)
        let bytes = text(head)
        let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        guard n == bytes.count else { throw LMDBError(code: n < 0 ? errno : EIO, call: "pwrite head") }
        guard !sync || fdatasync(fd) == 0 else { throw LMDBError(code: errno, call: "fdatasync head") }
    }
}

extension Ledger {
    /// Records the head a commit made, once the commit is on disk: at once
    /// for a durable ledger; for a `.relaxed` one in `sync()`, after the
    /// flush — written before it, the record could reach the disk ahead of
    /// the commit, and a crash then would leave a ledger its own record
    /// calls rolled back.
    func recordHead(afterCommit head: Head?) {
        guard let head, environment.durability == .durable else { return }
        HeadRecord.write(head, in: environment.files)
    }

    /// Writes the head record now and syncs it, failing when it cannot: a new
    /// ledger is whole only with it (`Ledger.createBeside` callers write it
    /// before the rename). Appends write it after each commit without failing.
    public func writeHeadRecord() throws {
        try HeadRecord.writeChecked(try head(), in: environment.files)
    }

    /// The files of a ledger's directory: LMDB's two and the head record.
    static let fileNames = ["data.mdb", "lock.mdb", "head"]

    /// Refuses a data file rolled back behind the head record (`HeadRecord`).
    func checkHeadRecord() throws {
        guard let recorded = try HeadRecord.read(in: environment.files) else { return }
        let head = try self.head()
        let hash = head.hash.description
        if head.seq > recorded.seq || (head.seq == recorded.seq && hash == recorded.hash) { return }
        throw LMDBError.damaged(
            "its last commit is seq \(head.seq), but the ledger recorded seq \(recorded.seq) (hash \(recorded.hash.prefix(12))…) after its last commit: "
                + "the data file was rolled back (a damaged meta page, or an older copy of data.mdb put in place). Nothing was read or written. "
                + "Restore the ledger from a copy or an export; if you put an older copy there on purpose, remove \(HeadRecord.path(environment.path)) to accept it"
        )
    }
}
