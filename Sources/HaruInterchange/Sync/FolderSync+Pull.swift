/// The pull of `haru sync DIR`: every device's files read past what was
/// read of them, each file taken only as far as it is whole, what was read
/// remembered in the merge's commit (Docs/design.md, "The folder is
/// untrusted, flaky input").

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruSystem

extension FolderSync {
    /// What a pull gathers from the folder, merged in one commit.
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

    /// Reads one device's files past what was read of it.
    func read(
        device: String, in dir: String, me: String, now: Int64, pull: inout Pull, report: inout SyncReport,
        progress: ((String) -> Void)?
    ) throws {
        // A device folder that is a link leads out of DIR: not read.
        guard WholeFile.isRealDirectory(dir) else {
            report.unreadable.append((device, "is not a folder (a link or a file): not read; haru reads nothing outside \(folder)"))
            return
        }
        var mark = try ledger.syncState(markKey(device)).flatMap(Self.seq(from:)) ?? 0
        // In this device's own folder: the end of the last file it wrote (files up to it are its own).
        let ownWrote = device == me ? try ledger.syncState("sync.wrote." + folder).flatMap(Self.seq(from:)) : nil
        let before = mark
        let prefix = fileKey(device, "")
        var records: [String: (stamp: FileStamp, state: FileState)] = [:]
        for (key, value) in try ledger.syncStates(prefix: prefix) {
            if let r = Self.record(from: value) { records[String(key.dropFirst(prefix.count))] = r }
        }
        let files = DirectoryNames.list(dir).compactMap { n in Segment.seqs(ofName: n).map { (n, $0) } }.sorted {
            ($0.1.lowerBound, $0.1.upperBound) < ($1.1.lowerBound, $1.1.upperBound)
        }
        // Files are taken in order; the run of whole files from the mark on
        // moves it, and every other file read is remembered by its stamp.
        var inRun = true
        for (name, seqs) in files where seqs.upperBound > mark {
            let shown = device + "/" + name
            let path = dir + "/" + name
            func passOrRemember(state: FileState, stamp: FileStamp) {
                if state == .whole, inRun, seqs.lowerBound <= mark + 1 {
                    mark = seqs.upperBound
                    if records[name] != nil { pull.passed.append(fileKey(device, name)) }
                    return
                }
                if inRun, state == .whole { report.waiting.append(device) }  // a gap before this file: an earlier one is late
                inRun = false
                if records[name].map({ $0.stamp != stamp || $0.state != state }) ?? true {
                    pull.state.append((fileKey(device, name), Self.record(stamp, state)))
                }
                if state == .notWhole { report.incomplete.append(shown) }
            }
            guard let stamp = FileStamp.of(path) else { continue }  // gone meanwhile
            guard stamp.regular else {
                report.unreadable.append((shown, "is not a regular file (a link or a special file): not read"))
                inRun = false
                continue
            }
            if let r = records[name], r.stamp == stamp, r.state != .readAgain {
                passOrRemember(state: r.state, stamp: stamp)  // read already, unchanged since
                continue
            }
            guard stamp.size <= Self.fileLimit else {
                report.unreadable.append(
                    (shown, "is \(stamp.size) bytes, more than a segment can be (\(Self.fileLimit >> 20) MiB): not read"))
                inRun = false
                continue
            }
            guard let bytes = FileBytes.read(path, limit: Int(Self.fileLimit) + 1, followLinks: false) else {
                report.unreadable.append((shown, "cannot be read"))
                inRun = false
                continue
            }
            var split = Segment.split(bytes)
            let (contents, bad) = Segment.readLines(split.body, zones: zones)
            // An own file an older haru wrote whole, without a trailer: given one now.
            if device == me, !split.hasTrailer, bad.isEmpty, bytes.last == 0x0A, !contents.events.isEmpty,
                ownWrote.map({ seqs.upperBound <= $0 }) ?? false
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
                progress?("reading \(contents.events.count) events of device \(device) (\(name))")
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
            pull.inputs += admitted.merge
            pull.blobs += contents.blobs
            // A whole file with lines left out or held is read (and they are
            // named) at every sync until it changes or the clock reaches them.
            let state: FileState =
                !split.whole ? .notWhole : !admitted.held.isEmpty || !bad.isEmpty || !admitted.refused.isEmpty ? .readAgain : .whole
            passOrRemember(state: state, stamp: stamp)
        }
        if mark != before { pull.state.append((markKey(device), FolderSync.bytes(mark))) }
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
