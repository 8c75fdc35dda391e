/// `haru sync DIR`: many devices, one history, through a folder that a sync
/// tool keeps in step (Docs/sync.md).
///
/// Each device writes only under `DIR/devices/<its id>/`: segments of its
/// own events (`Segment`), each written whole under a temporary name and
/// renamed into place, ending in a trailer that proves it whole. It reads
/// every device's segments in order and merges what it lacks
/// (`Ledger.merge`), remembering in the same commit how far it read each
/// device's run of whole files and, past that, the stamp of every file it
/// read (`FileStamp`), so that a file is read again when it changes. The
/// folder is untrusted and flaky input: a file that is not whole yet (a
/// sync tool, `cp` or SMB still writing it), late, repeated, out of order,
/// stray, linked out of the folder or unreadable changes nothing but when
/// its events arrive, and never stops other files, devices or this
/// device's pushes. No locks: two devices never write the same file.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A sync that could not run (a missing folder, a file that cannot be written); nothing was lost.
public struct SyncError: HaruError, Sendable {
    public var message: String
    public var exitStatus: ExitStatus { .cannotOpen }
    public var description: String { message }
    /// The sync folder that is not there (typed, for a program to say in its own words).
    public var missingFolder: String?
    public init(_ message: String) { self.message = message }

    /// The shared folder is not there (not made, or not mounted).
    public static func noFolder(_ folder: String) -> SyncError {
        var e = SyncError("no folder at \(folder) (make it, or mount the shared folder first)")
        e.missingFolder = folder
        return e
    }

    /// Refused before anything was exchanged: the ledger is a copy of another
    /// ledger's folder and would send as that device (`Ledger.confirmDeviceHome`).
    public static func copied(device: String) -> SyncError {
        SyncError(
            "this ledger was copied from another ledger's folder (a copy, a restored backup, a move to another disk): it has that ledger's device id (\(device)), and two ledgers sending as one device lose each other's events. Nothing was sent or received; make this ledger a device of its own (`Ledger.becomeNewDevice`) and sync again"
        )
    }
}

/// What one sync did.
public struct SyncReport: Sendable {
    /// This device's events written to the folder, and in how many files.
    public var pushed = 0
    public var files = 0
    /// What merging the other devices' events did.
    public var merge = MergeReport()
    /// The other devices whose files are in the folder.
    public var devices: [String] = []
    /// Devices whose next file has not arrived while a later one has (a
    /// sync tool delivering out of order): read from there next time.
    public var waiting: [String] = []
    /// Files that could not be read, and why (left for the next sync).
    public var unreadable: [(file: String, why: String)] = []
    /// Files that are not whole yet (`device/name`): their complete lines
    /// were read; the file is read again once it changes.
    public var incomplete: [String] = []
    /// This device's files written again without text it erased (`haru redact`).
    public var rewritten = 0
    /// Events this ledger erased because the device that made them did.
    public var erased = 0
    /// Events held for later: their origin is more than a day after this
    /// device's clock (`Admission.maxSkew`); read again at every sync.
    public var future = 0
    /// The commits the pull was merged in (`mergePart`).
    public var parts = 0

    public init() {}

    /// Names the attachments of `run` left out because their stored bytes are damaged.
    mutating func noteDamagedBlobs(of run: OwnEvents) {
        for d in run.damagedBlobs {
            unreadable.append(("this ledger's attachment \(d)", "is damaged (`haru verify`): not sent; attach the file again to mend it"))
        }
    }
}

public struct FolderSync {
    /// Own events per file at most: a file a sync tool copies in one piece.
    public static let segmentLimit = 50_000
    /// A file larger than this is not read (a segment of 50,000 events with
    /// its attachments is far smaller): a sparse or growing file claiming
    /// terabytes must not end the sync.
    public static let fileLimit: Int64 = 512 << 20
    /// A run ending past this is no device's (10^15 events): a stray name,
    /// left out when this device names its next file.
    static let plausibleEnd: UInt64 = 1_000_000_000_000_000

    public let ledger: Ledger
    public let folder: String
    public let zones: ZoneDirectory
    /// Events merged per commit by a pull (the last part may be larger by
    /// the pages that waited for their blobs); at least 1.
    public var partEvents = FolderSync.partEvents

    public init(ledger: Ledger, folder: String, zones: ZoneDirectory) {
        (self.ledger, self.folder, self.zones) = (ledger, folder, zones)
    }

    /// The folder in the keys of this ledger's sync state (a digest: a path can be longer than a key).
    var folderTag: String {
        var hex: [UInt8] = []
        Digest.sha256(Array(folder.utf8)).writeHex(to: &hex)
        return String(decoding: hex.prefix(16), as: UTF8.self)
    }
    /// How far the run of whole files of `device` in this folder was read.
    func markKey(_ device: String) -> String { SyncCursor.read(folderTag: folderTag, device: device).key }
    /// A file read past that run: its stamp and whether it was whole.
    func fileKey(_ device: String, _ name: String) -> String { SyncCursor.file(folderTag: folderTag, device: device, name: name).key }

    /// Pushes this device's new events, then reads every device's files.
    /// - Parameters:
    ///   - now: the clock (µs), for the merge's transaction time.
    ///   - offset: the UTC offset instants print with in the files.
    ///   - progress: told what is being done, for a long sync; what it
    ///     throws stops the sync there (the files written and the parts
    ///     merged so far stay, and the next sync goes on from them).
    public func run(now: Int64, offset: @escaping (Instant) -> Int, progress: ((String) throws -> Void)? = nil) throws -> SyncReport {
        guard WholeFile.isDirectory(folder) else { throw SyncError.noFolder(folder) }
        guard let me = try ledger.deviceID() else { throw SyncError("this ledger has no device id yet") }
        guard try ledger.confirmDeviceHome() else { throw SyncError.copied(device: me) }
        let devices = folder + "/devices"
        let mine = devices + "/" + me
        // A device folder (or `devices` itself) that is a link would have this
        // device write outside DIR: looked at before anything is made in it.
        for dir in [devices, mine] {
            if let why = WholeFile.makeDirectory(dir) { throw SyncError(why) }
            guard WholeFile.isRealDirectory(dir) else {
                throw SyncError("\(dir) is not a folder of its own (a link or a file): haru writes nothing outside \(folder)")
            }
        }
        var report = SyncReport()
        let pushed = try push(into: mine, me: me, offset: offset, progress: progress, report: &report)
        // Leftovers of a write this device was killed in: a temporary file
        // whose process is gone (another sync of this ledger running now is
        // writing its own; removing it failed that sync).
        for name in DirectoryNames.list(mine) where name.hasPrefix(".") && name.contains(".tmp-") {
            guard let last = name.split(separator: "-").last, let pid = Int32(last), pid > 0,
                pid != getpid(), kill(pid, 0) == -1, errno == ESRCH
            else { continue }
            WholeFile.remove(mine + "/" + name)
        }

        // Pull: every device's files past what was read of it — this one's
        // too: a file there that this ledger did not write holds this
        // device's events from before the ledger was restored from an
        // older copy, which the other devices have.
        var readers: [DeviceFiles] = []
        for device in DirectoryNames.list(devices) where !device.hasPrefix(".") && EntityID.isValid(device) {
            if device != me { report.devices.append(device) }
            let dir = devices + "/" + device
            // A device folder that is a link leads out of DIR: not read.
            guard WholeFile.isRealDirectory(dir) else {
                report.unreadable.append((device, "is not a folder (a link or a file): not read; haru reads nothing outside \(folder)"))
                continue
            }
            readers.append(try files(of: device, in: dir, me: me))
        }
        // The devices' events interleaved in the merged order (each device's
        // files hold its own events in that order), merged in parts of
        // `partEvents`: a pull of a whole history holds one part and one file
        // per device, and each part comes after what the ledger holds (a
        // merge at the top, Docs/design.md).
        var pull = Pull()
        var through = pushed
        func key(_ e: EventInput) -> (Int64, UInt64, UInt64, UInt64) {
            (e.origin?.recorded ?? .min, e.origin?.seq ?? 0, e.id?.high ?? 0, e.id?.low ?? 0)
        }
        for i in readers.indices { try load(&readers[i], me: me, now: now, pull: &pull, report: &report, progress: progress) }
        while true {
            var next: Int?
            for i in readers.indices {
                guard let e = readers[i].nextEvent else { continue }
                if next.map({ key(e) < key(readers[$0].nextEvent!) }) ?? true { next = i }
            }
            guard let i = next else { break }
            take(&readers[i], into: &pull)
            if readers[i].nextEvent == nil { try load(&readers[i], me: me, now: now, pull: &pull, report: &report, progress: progress) }
            if pull.inputs.count >= max(1, partEvents) || pull.blobBytes >= Self.partBlobBytes {
                try mergePart(&pull, readers: &readers, report: &report, now: now, pushed: &through, progress: progress)
            }
        }
        // A page whose blob came in a later file of this pull (its device
        // wrote the page again with the file attached) is merged now; one
        // whose blob no file brought is named. Its file is read again at the
        // next sync either way.
        for (file, r) in pull.waitingForBlob {
            if let d = r.blob, pull.known.contains(d) {
                pull.inputs.append(r.event)
            } else {
                report.unreadable.append((file, "line \(r.line): \(r.why)"))
            }
        }
        try mergePart(&pull, readers: &readers, report: &report, now: now, pushed: &through, progress: progress)
        try report.keepNewConflictsInEffect(ledger)
        if !pull.passed.isEmpty { try ledger.setSyncState([], removing: pull.passed) }
        return report
    }

    /// Events merged per commit by a pull (`partEvents` by default), and the
    /// attachments' bytes gathered before a part is merged (a file's blobs
    /// come whole).
    public static let partEvents = 50_000
    public static let partBlobBytes = 64 << 20

    /// Merges what the pull gathered, with what to remember of the files
    /// and the devices' marks, in one commit; then gathers anew.
    /// - Parameter pushed: the seq through which this device's own events
    ///   were looked through: a merge that appends right after it holds
    ///   only pulled events, which the next push need not look through.
    private func mergePart(
        _ pull: inout Pull, readers: inout [DeviceFiles], report: inout SyncReport, now: Int64, pushed: inout UInt64,
        progress: ((String) throws -> Void)?
    ) throws {
        for i in readers.indices where readers[i].mergedMark != readers[i].storedMark {
            pull.state.append((markKey(readers[i].device), FolderSync.bytes(readers[i].mergedMark)))
            readers[i].storedMark = readers[i].mergedMark
        }
        guard !pull.state.isEmpty || !pull.inputs.isEmpty || !pull.blobs.isEmpty else { return }
        try progress?("merging \(pull.inputs.count) events")
        try report.mergePart(
            pull.inputs, blobs: pull.blobs, state: pull.state, ledger: ledger, now: now, zones: zones, through: &pushed,
            scannedKey: SyncCursor.scanned(folder: folder).key)
        (pull.inputs, pull.blobs, pull.state, pull.blobBytes) = ([], [], [], 0)
    }

    /// Writes this device's own events after what was sent to this folder,
    /// in files named after every file there.
    /// - Returns: the seq through which the own events were looked through.
    private func push(
        into mine: String, me: String, offset: @escaping (Instant) -> Int, progress: ((String) throws -> Void)?, report: inout SyncReport
    ) throws -> UInt64 {
        let head = try ledger.head().seq
        let names = DirectoryNames.list(mine).compactMap(Segment.seqs(ofName:)).filter { $0.upperBound < Self.plausibleEnd }
        let scannedKey = SyncCursor.scanned(folder: folder).key, sentKey = SyncCursor.sent(folder: folder).key
        let wroteKey = SyncCursor.wrote(folder: folder).key
        // The own seqs looked through and sent: more than the head only as an
        // older haru stored it from a stray file's name; everything again then.
        var scanned = try ledger.syncState(scannedKey).flatMap(Self.seq(from:)) ?? 0
        if scanned > head { scanned = 0 }
        let sentBefore = try ledger.syncState(sentKey).flatMap(Self.seq(from:)) ?? 0
        // The end of the last file this ledger wrote (an older haru kept none: the folder's last).
        let maxEnd = names.map(\.upperBound).max() ?? 0
        let wroteStored = try ledger.syncState(wroteKey).flatMap(Self.seq(from:))
        let wrote = wroteStored ?? maxEnd
        // The folder lost this device's files (emptied, or another folder at
        // the path): everything is sent again (held events are skipped by id).
        // A device that never wrote a file (only pulled events so far) lost nothing.
        let lost = wroteStored.map { w in w > 0 && !names.contains { $0.upperBound == w } } ?? (sentBefore > 0 && names.isEmpty)
        if lost { scanned = 0 }
        var pushed = scanned
        // Each file's run starts where the last one there ended (a reader
        // waits for a gap to fill), after every file in the folder: a ledger
        // restored from an older copy, or a stray file, never reuses a name.
        var fileEnd = max(wrote, maxEnd)
        var records: [(key: String, value: [UInt8])] = []
        var erased: [(seq: UInt64, id: EventID)] = []
        while let run = try ledger.ownEvents(after: pushed, limit: Self.segmentLimit, offset: offset) {
            report.noteDamagedBlobs(of: run)
            erased += run.erased
            if run.count > 0 {
                let end = max(fileEnd + 1, run.seqs.upperBound)
                let name = Segment.name((fileEnd + 1)...end)
                try progress?("writing \(run.count) events to \(name)")
                let bytes = run.lines + Segment.trailer(for: run.lines, blobs: run.blobs, events: run.count)
                if let why = WholeFile.write(bytes, to: mine + "/" + name) { throw SyncError(why) }
                if let stamp = FileStamp.of(mine + "/" + name) { records.append((fileKey(me, name), Self.record(stamp, .whole))) }
                fileEnd = end
                report.pushed += run.count
                report.files += 1
            }
            pushed = run.seqs.upperBound
            if run.count == 0 { break }
        }
        // Own events erased since the last sync: the files that sent them are
        // written again without the text (a device that joins later never
        // sees it), and the erased lines go out once more in a file of their
        // own after the others, which the devices that read the old files
        // read, and erase their copies by (`Admission.applyErasures`).
        if !erased.isEmpty {
            let (rewritten, lines) = try rewriteErased(erased, in: mine, me: me, offset: offset, report: &report)
            records += rewritten
            if !lines.isEmpty {
                let name = Segment.name((fileEnd + 1)...(fileEnd + 1))
                let events = lines.reduce(0) { n, b in b == 0x0A ? n + 1 : n }
                if let why = WholeFile.write(lines + Segment.trailer(for: lines, blobs: 0, events: events), to: mine + "/" + name) {
                    throw SyncError(why)
                }
                if let stamp = FileStamp.of(mine + "/" + name) { records.append((fileKey(me, name), Self.record(stamp, .whole))) }
                fileEnd += 1
            }
        }
        if pushed != scanned || report.pushed > 0 || records.count > 0 {
            try ledger.setSyncState(
                [
                    (scannedKey, FolderSync.bytes(pushed)), (sentKey, FolderSync.bytes(sentBefore + UInt64(report.pushed))),
                    (wroteKey, FolderSync.bytes(fileEnd)),
                ] + records)
        }
        return pushed
    }

    /// A number as a sync keeps it in `meta` (8 bytes, big-endian), and back.
    static func bytes(_ n: UInt64) -> [UInt8] { withUnsafeBytes(of: n.bigEndian) { Array($0) } }

    static func seq(from bytes: [UInt8]) -> UInt64? {
        guard bytes.count == 8 else { return nil }
        return bytes.withUnsafeBytes { UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)) }
    }
}
