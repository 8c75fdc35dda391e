/// The pull of `haru sync DIR`: every device's files read past what was
/// read of them, each file taken only as far as it is whole, what was read
/// remembered in the merge's commit (Docs/design.md, "The folder is
/// untrusted, flaky input").

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruSystem

extension FolderSync {
    /// What a pull gathers from the folder for its next part (merged in one commit).
    struct Pull {
        var inputs: [EventInput] = []
        var blobs: [[UInt8]] = []
        /// Written with the merge: how far each device was read, and the files read past that.
        var state: [(key: String, value: [UInt8])] = []
        /// Records of files the run of whole files has passed: removed after the merge.
        var passed: [String] = []
        /// The digests of the blobs read so far.
        var known: Set<String> = []
        /// Events naming a blob not read yet: merged if a later file brings it.
        var waitingForBlob: [(file: String, Admission.Refusal)] = []
        /// The bytes of `blobs`.
        var blobBytes = 0
    }

    /// What a sync remembers of a file read past a device's run of whole files.
    enum FileState: UInt8 {
        /// Not whole yet: read again when its stamp moves.
        case notWhole = 0
        /// Whole and merged.
        case whole = 1
        /// Whole, with lines that were left out (named) or held for later (an
        /// origin too far ahead): read again at every sync.
        case readAgain = 2
    }

    /// One device's files past what was read of it, read one at a time as
    /// the pull needs that device's next events (`FolderSync.pullAll`).
    struct DeviceFiles {
        let device: String
        let dir: String
        /// In this device's own folder: the end of the last file it wrote (files up to it are its own).
        let ownWrote: UInt64?
        /// The files to read, in order of their runs.
        var files: [(name: String, seqs: ClosedRange<UInt64>)] = []
        var next = 0
        /// What a sync remembered of files read past the mark.
        var records: [String: (stamp: FileStamp, state: FileState)] = [:]
        /// How far the run of whole files goes, as read so far; as stored;
        /// and as far as every file read so far has been merged.
        var mark: UInt64
        var storedMark: UInt64
        var mergedMark: UInt64
        var inRun = true
        /// The events of the file being merged (in its order: a device's
        /// own events come in the merged order), from `head` on.
        var queue: [EventInput] = []
        var head = 0
        /// What to remember once the file's events are all merged: its
        /// record, and the mark past it.
        var pending: [(key: String, value: [UInt8])] = []
        var pendingMark: UInt64 = 0

        var nextEvent: EventInput? { head < queue.count ? queue[head] : nil }
    }

    /// The files of `device` to read.
    func files(of device: String, in dir: String, me: String) throws -> DeviceFiles {
        let mark = try ledger.syncState(markKey(device)).flatMap(Self.seq(from:)) ?? 0
        let ownWrote = device == me ? try ledger.syncSeq(.wrote(folder: folder)) : nil
        var d = DeviceFiles(device: device, dir: dir, ownWrote: ownWrote, mark: mark, storedMark: mark, mergedMark: mark)
        let prefix = fileKey(device, "")
        for (key, value) in try ledger.syncStates(prefix: prefix) {
            if let r = Self.record(from: value) { d.records[String(key.dropFirst(prefix.count))] = r }
        }
        d.files = DirectoryNames.list(dir).compactMap { n in Segment.seqs(ofName: n).map { (n, $0) } }.sorted {
            ($0.1.lowerBound, $0.1.upperBound) < ($1.1.lowerBound, $1.1.upperBound)
        }.filter { $0.1.upperBound > mark }
        return d
    }

    /// Reads `d`'s files until one brings events to merge (its queue), or
    /// none is left. Files are taken in order; the run of whole files from
    /// the mark on moves it, and every other file read is remembered by its
    /// stamp, once its events are merged.
    func load(
        _ d: inout DeviceFiles, me: String, now: Int64, pull: inout Pull, report: inout SyncReport, progress: ((String) throws -> Void)?
    ) throws {
        while d.nextEvent == nil, d.next < d.files.count {
            let (name, seqs) = d.files[d.next]
            d.next += 1
            let shown = d.device + "/" + name
            let path = d.dir + "/" + name
            var events: [EventInput] = []
            var remember: [(key: String, value: [UInt8])] = []
            func passOrRemember(state: FileState, stamp: FileStamp) {
                if state == .whole, d.inRun, seqs.lowerBound <= d.mark + 1 {
                    d.mark = seqs.upperBound
                    if d.records[name] != nil { pull.passed.append(fileKey(d.device, name)) }
                    return
                }
                if d.inRun, state == .whole { report.waiting.append(d.device) }  // a gap before this file: an earlier one is late
                d.inRun = false
                if d.records[name].map({ $0.stamp != stamp || $0.state != state }) ?? true {
                    remember.append((fileKey(d.device, name), Self.record(stamp, state)))
                }
                if state == .notWhole { report.incomplete.append(shown) }
            }
            defer {
                // Remembered once what the file brings is merged: a sync cut
                // off before that reads the file again.
                if events.isEmpty {
                    pull.state += remember
                    d.mergedMark = d.mark
                } else {
                    (d.queue, d.head, d.pending, d.pendingMark) = (events, 0, remember, d.mark)
                }
            }
            guard let stamp = FileStamp.of(path) else { continue }  // gone meanwhile
            guard stamp.regular else {
                report.unreadable.append((shown, "is not a regular file (a link or a special file): not read"))
                d.inRun = false
                continue
            }
            if let r = d.records[name], r.stamp == stamp, r.state != .readAgain {
                passOrRemember(state: r.state, stamp: stamp)  // read already, unchanged since
                continue
            }
            guard stamp.size <= Self.fileLimit else {
                report.unreadable.append(
                    (shown, "is \(stamp.size) bytes, more than a segment can be (\(Self.fileLimit >> 20) MiB): not read"))
                d.inRun = false
                continue
            }
            guard let bytes = FileBytes.read(path, limit: Int(Self.fileLimit) + 1, followLinks: false) else {
                report.unreadable.append((shown, "cannot be read"))
                d.inRun = false
                continue
            }
            var split = Segment.split(bytes)
            let (contents, bad) = Segment.readLines(split.body, zones: zones)
            // An own file an older haru wrote whole, without a trailer: given one now.
            if d.device == me, !split.hasTrailer, bad.isEmpty, bytes.last == 0x0A, !contents.events.isEmpty,
                d.ownWrote.map({ seqs.upperBound <= $0 }) ?? false
            {
                let upgraded = bytes + Segment.trailer(for: bytes, blobs: contents.blobs.count, events: contents.events.count)
                if WholeFile.write(upgraded, to: path) == nil, let now = FileStamp.of(path) {
                    split = Segment.split(upgraded)
                    passOrRemember(state: split.whole ? .whole : .notWhole, stamp: now)
                    continue
                }
            }
            // Lines of a whole file that cannot be read are named; those of a
            // file still arriving may be unwritten yet (read again later).
            if split.whole { for b in bad { report.unreadable.append((shown, b.why)) } }  // "line N: …"
            if !contents.events.isEmpty || !contents.blobs.isEmpty {
                try progress?("reading \(contents.events.count) events of device \(d.device) (\(name))")
            }
            pull.known.formUnion(Admission.digests(of: contents.blobs))
            let admitted = try Admission.sort(contents, known: pull.known, ledger: ledger, now: now)
            for r in admitted.refused {
                if r.blob != nil {
                    pull.waitingForBlob.append((shown, r))
                } else {
                    report.unreadable.append((shown, "line \(r.line): \(r.why)"))
                }
            }
            report.future += admitted.held.count
            events = admitted.merge
            // Stored with the part the file is read in, before any event that names them.
            pull.blobs += contents.blobs
            pull.blobBytes += contents.blobs.reduce(0) { $0 + $1.count }
            // A whole file with lines left out or held is read (and they are
            // named) at every sync until it changes or the clock reaches them.
            let state: FileState =
                !split.whole ? .notWhole : !admitted.held.isEmpty || !bad.isEmpty || !admitted.refused.isEmpty ? .readAgain : .whole
            passOrRemember(state: state, stamp: stamp)
        }
    }

    /// Takes `d`'s next event into the pull; once the file's are all taken,
    /// what to remember of it goes with them.
    func take(_ d: inout DeviceFiles, into pull: inout Pull) {
        pull.inputs.append(d.queue[d.head])
        d.head += 1
        guard d.head == d.queue.count else { return }
        pull.state += d.pending
        d.mergedMark = d.pendingMark
        (d.queue, d.head, d.pending) = ([], 0, [])
    }

    /// A file's record: its stamp (size, modification time) and what was found in it.
    static func record(_ stamp: FileStamp, _ state: FileState) -> [UInt8] {
        bytes(UInt64(bitPattern: stamp.size)) + bytes(UInt64(bitPattern: stamp.modified)) + [state.rawValue]
    }

    static func record(from b: [UInt8]) -> (stamp: FileStamp, state: FileState)? {
        guard b.count == 17, let size = seq(from: Array(b[0..<8])), let modified = seq(from: Array(b[8..<16])),
            let state = FileState(rawValue: b[16])
        else { return nil }
        return (FileStamp(size: Int64(bitPattern: size), modified: Int64(bitPattern: modified), regular: true), state)
    }
}
