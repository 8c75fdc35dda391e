/// `haru sync DIR`: many devices, one history, through a folder that a sync
/// tool keeps in step (Docs/sync.md).
///
/// Each device writes only under `DIR/devices/<its id>/`: segments of its
/// own events (`Segment`), each written whole under a temporary name and
/// renamed into place, so a sync tool never copies half of one. It reads
/// every other device's segments in seq order and merges what it lacks
/// (`Ledger.merge`), remembering per device how far it read, in the same
/// commit. No locks: two devices never write the same file, and a file
/// that is late, repeated or out of order changes nothing but when its
/// events arrive.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruSystem

/// A sync that could not run (a missing folder, a file that cannot be written); nothing was lost.
public struct SyncError: HaruError, Sendable {
    public var message: String
    public var exitStatus: ExitStatus { .cannotOpen }
    public var description: String { message }
    public init(_ message: String) { self.message = message }
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

    public init() {}
}

public struct FolderSync {
    /// Own events per file at most: a file a sync tool copies in one piece.
    public static let segmentLimit = 50_000

    public let ledger: Ledger
    public let folder: String
    public let zones: ZoneDirectory

    public init(ledger: Ledger, folder: String, zones: ZoneDirectory) {
        (self.ledger, self.folder, self.zones) = (ledger, folder, zones)
    }

    static func pulledKey(_ device: String) -> String { "sync.pulled." + device }

    /// Pushes this device's new events, then pulls the others'.
    /// - Parameters:
    ///   - now: the clock (µs), for the merge's transaction time.
    ///   - offset: the UTC offset instants print with in the files.
    ///   - progress: told what is being done, for a long sync.
    public func run(now: Int64, offset: @escaping (Instant) -> Int, progress: ((String) -> Void)? = nil) throws -> SyncReport {
        guard WholeFile.isDirectory(folder) else { throw SyncError("no folder at \(folder) (make it, or mount the shared folder first)") }
        guard let me = try ledger.deviceID() else { throw SyncError("this ledger has no device id yet") }
        let devices = folder + "/devices"
        let mine = devices + "/" + me
        if let why = WholeFile.makeDirectory(mine) { throw SyncError(why) }
        var report = SyncReport()

        // Push: the own events after the last file this device wrote.
        // Past the last file, the seqs already looked through and found to hold
        // only pulled events (so an idle sync does not read them again); all
        // of them when the folder lost this device's files.
        let written = DirectoryNames.list(mine).compactMap(Segment.seqs(ofName:)).map(\.upperBound).max() ?? 0
        let scannedKey = "sync.scanned." + folder
        let scanned = try ledger.syncState(scannedKey).flatMap(Self.seq(from:)) ?? 0
        let sentKey = "sync.sent." + folder
        let sentBefore = try ledger.syncState(sentKey).flatMap(Self.seq(from:)) ?? 0
        var pushed = written > 0 || sentBefore == 0 ? max(written, scanned) : 0
        // Each file's run starts where the last file's ended (a reader waits for
        // a gap to fill), even when the seqs between hold only pulled events.
        var fileEnd = written
        while let run = try ledger.ownEvents(after: pushed, limit: Self.segmentLimit, offset: offset) {
            if run.count > 0 {
                let name = Segment.name((fileEnd + 1)...run.seqs.upperBound)
                progress?("writing \(run.count) events to \(name)")
                if let why = WholeFile.write(run.lines, to: mine + "/" + name) { throw SyncError(why) }
                fileEnd = run.seqs.upperBound
                report.pushed += run.count
                report.files += 1
            }
            pushed = run.seqs.upperBound
            if run.count == 0 { break }
        }
        if pushed != scanned || report.pushed > 0 {
            try ledger.setSyncState([
                (scannedKey, FolderSync.bytes(pushed)),
                (sentKey, FolderSync.bytes(sentBefore + UInt64(report.pushed))),
            ])
        }
        // Leftovers of a write this device was killed in.
        for name in DirectoryNames.list(mine) where name.hasPrefix(".") && name.contains(".tmp-") { WholeFile.remove(mine + "/" + name) }

        // Pull: every other device's files after what was read of it, in order.
        var inputs: [EventInput] = []
        var blobs: [[UInt8]] = []
        var state: [(key: String, value: [UInt8])] = []
        for device in DirectoryNames.list(devices) where device != me && !device.hasPrefix(".") && EntityID.isValid(device) {
            report.devices.append(device)
            let dir = devices + "/" + device
            var read = try ledger.syncState(Self.pulledKey(device)).flatMap(Self.seq(from:)) ?? 0
            let before = read
            let files = DirectoryNames.list(dir).compactMap { n in Segment.seqs(ofName: n).map { (n, $0) } }.sorted {
                $0.1.lowerBound < $1.1.lowerBound
            }
            for (name, seqs) in files where seqs.upperBound > read {
                guard seqs.lowerBound <= read + 1 else {
                    report.waiting.append(device)
                    break
                }
                guard let bytes = FileBytes.read(dir + "/" + name) else {
                    report.unreadable.append((device + "/" + name, "cannot be read"))
                    break
                }
                do {
                    let c = try Segment.read(bytes, zones: zones)
                    progress?("reading \(c.events.count) events of device \(device) (\(name))")
                    inputs += c.events
                    blobs += c.blobs
                    read = seqs.upperBound
                } catch {
                    report.unreadable.append((device + "/" + name, error.description))
                    break
                }
            }
            if read != before { state.append((Self.pulledKey(device), FolderSync.bytes(read))) }
        }
        guard !state.isEmpty else { return report }
        progress?("merging \(inputs.count) events")
        report.merge = try ledger.merge(inputs, blobs: blobs, state: state, now: now)
        // What the merge appended right after what was looked through holds
        // only pulled events: the next sync need not look through it again.
        if report.merge.appended > 0, report.merge.head - UInt64(report.merge.appended) == pushed {
            try ledger.setSyncState([(scannedKey, FolderSync.bytes(report.merge.head))])
        }
        return report
    }

    /// A number as a sync keeps it in `meta` (8 bytes, big-endian), and back.
    static func bytes(_ n: UInt64) -> [UInt8] { withUnsafeBytes(of: n.bigEndian) { Array($0) } }

    static func seq(from bytes: [UInt8]) -> UInt64? {
        guard bytes.count == 8 else { return nil }
        return bytes.withUnsafeBytes { UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)) }
    }
}
