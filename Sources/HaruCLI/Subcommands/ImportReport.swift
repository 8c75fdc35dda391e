/// What every import tells its user at the end: what it made and what it
/// skipped (`importSummary`; the line kept up to date while it reads is
/// `ProgressLine`).
import HaruLedger

extension Subcommands {
    /// `Imported 12 events from Loop: 2 actions, 8 counts, 1 goal, 1 quest;
    /// 3 already there; head seq 40.` — what every import says.
    /// - Parameters:
    ///   - createdAt: the path of a ledger the import made.
    ///   - skipped: what the source left out before the append, and why
    ///     (`3 intervals already imported as they are`).
    ///   - dryRun: `r` is a plan's preview (`--dry-run`): said of what would be written.
    static func importSummary(
        _ r: AppendResult, from source: String?, createdAt: String? = nil, skipped: [String] = [], dryRun: Bool = false,
        words w: Words = .english
    ) -> String {
        guard w.language == .en else { return saidSummary(r, from: source, createdAt: createdAt, skipped: skipped, dryRun: dryRun, w) }
        let there = r.seqs.count - r.appended
        let made = madeList(r.written)
        let leftOut = (there > 0 ? ["\(grouped(there)) already there"] : []) + skipped
        let opening = dryRun ? "Would import " : createdAt.map { "Created a ledger at \($0) and imported " } ?? "Imported "
        let end =
            dryRun
            ? "; nothing written (--dry-run; the ledger is at seq \(grouped(Int(r.head) - r.appended)))."
            : "; head seq \(grouped(Int(r.head)))."
        return opening + "\(grouped(r.appended)) event\(r.appended == 1 ? "" : "s")" + (source.map { " from " + $0 } ?? "")
            + (made.isEmpty ? "" : ": " + made.joined(separator: ", ")) + leftOut.map { "; " + $0 }.joined() + end
    }

    /// `3 intervals already imported as they are`: timewarrior's intervals an import leaves as they are.
    static func unchangedIntervals(_ n: Int) -> [String] {
        n > 0 ? ["\(grouped(n)) interval\(n == 1 ? "" : "s") already imported as \(n == 1 ? "it is" : "they are")"] : []
    }

    /// What the events written made and changed, in the words of a person
    /// reading them: `6 actions`, `1 tag`, `1,000,000 sessions (1 running)`,
    /// `2 sessions stopped`, `3 other events` (`행동 6개`, `시간 기록 1,000,000개 (측정 중 1개)` …).
    static func madeList(_ t: EventTally, _ w: Words = .english) -> [String] {
        let en = w.language == .en
        func things(_ n: Int, _ word: String) -> String {
            en ? "\(grouped(n)) \(word)\(n == 1 ? "" : "s")" : w(Done.importedThings, w.entity(word), grouped(n))
        }
        var out: [String] = []
        let named: [(EventType, String)] = [(.actionCreated, "action"), (.tagCreated, "tag")]
        for (type, word) in named where t[type] > 0 { out.append(things(t[type], word)) }
        // A session started and stopped in the same batch is a session, not
        // one running and one stop (a copy of a ledger imports both events).
        let sessions = t[.sessionRecorded] + t[.sessionStarted]
        let running = t[.sessionStarted] - t.stoppedHere - t.discardedHere
        let stoppedEarlier = t[.sessionStopped] - t.stoppedHere
        if sessions > 0 {
            let runningWords = en ? " (\(grouped(running)) running)" : w(Done.importedRunning, grouped(running))
            out.append(things(sessions, "session") + (running > 0 ? runningWords : ""))
        }
        for (type, word) in [(EventType.countAdded, "count"), (.goalCreated, "goal"), (.questCreated, "quest"), (.skipAdded, "skip")]
        where t[type] > 0 {
            out.append(things(t[type], word))
        }
        let changes: [(EventType, String, Done)] = [
            (.sessionStopped, "session stopped", .importedStopped), (.sessionEdited, "session edited", .importedSessionsEdited),
            (.sessionDeleted, "session deleted", .importedSessionsDeleted),
            (.sessionRestored, "session restored", .importedSessionsRestored),
            (.actionEdited, "action edited", .importedActionsEdited), (.actionDeleted, "action deleted", .importedActionsDeleted),
        ]
        for (type, words, phrase) in changes {
            let n = type == .sessionStopped ? stoppedEarlier : t[type]
            guard n > 0 else { continue }
            let parts = words.split(separator: " ", maxSplits: 1)
            out.append(en ? "\(grouped(n)) \(parts[0])\(n == 1 ? "" : "s") \(parts[1])" : w(phrase, grouped(n)))
        }
        let listed = Set(
            named.map(\.0) + changes.map(\.0) + [.sessionRecorded, .sessionStarted, .countAdded, .goalCreated, .questCreated, .skipAdded])
        let others = EventType.allCases.filter { !listed.contains($0) }.reduce(0) { $0 + t[$1] }
        if others > 0 { out.append(en ? things(others, "other event") : w(Done.importedOthers, grouped(others))) }
        return out
    }

    /// The summary in Korean or Japanese: the same facts, each kind of thing in the app's words.
    private static func saidSummary(
        _ r: AppendResult, from source: String?, createdAt: String?, skipped: [String], dryRun: Bool, _ w: Words
    ) -> String {
        let there = r.seqs.count - r.appended
        let made = madeList(r.written, w)
        let leftOut = (there > 0 ? [w(Done.importedAlreadyThere, grouped(there))] : []) + skipped
        let events = grouped(r.appended)
        let opening =
            dryRun
            ? w(Done.importWould, events) : createdAt.map { w(Done.importCreated, $0, events) } ?? w(Done.imported, events)
        let end = dryRun ? w(Done.importDryRunEnd, grouped(Int(r.head) - r.appended)) : w(Done.importHead, grouped(Int(r.head)))
        let (comma, semicolon) = w.language == .ja ? ("、", "。") : (", ", "; ")
        return (source.map { w(Done.importFrom, $0) } ?? "") + opening + (made.isEmpty ? "" : ": " + made.joined(separator: comma))
            + leftOut.map { semicolon + $0 }.joined() + end
    }

    /// `3 intervals already imported as they are`, in the words given.
    static func unchangedIntervals(_ n: Int, _ w: Words) -> [String] {
        guard w.language != .en else { return unchangedIntervals(n) }
        return n > 0 ? [w(Done.importedUnchanged, grouped(n))] : []
    }

    /// `from 3 files`: an import's source, in the words given.
    static func files(_ n: Int, _ w: Words) -> String {
        w.language == .en ? "\(n) file\(n == 1 ? "" : "s")" : w(Done.importFiles, String(n))
    }
}
