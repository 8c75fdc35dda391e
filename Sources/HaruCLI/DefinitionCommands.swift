import HaruLedger

/// What the definition commands (`tag`, `action`, `goal`, `quest`) share.
extension Subcommands {
    /// `--order N`: where the definition goes in listings and `progress` (the app's reorder screens).
    static let orderOption = OptionSpec(.order, value: "N", help: "Its place in listings and progress (0, 1, 2 …; lower first).")

    /// `--yes`: delete without asking (scripts).
    static let yesOption = OptionSpec(.yes, help: "Delete without asking, whatever goes with it (for scripts).")

    static func idOption(_ what: String) -> OptionSpec {
        OptionSpec(.id, value: "ID", help: "The \(what)'s id, [A-Za-z0-9._:-]{1,64} (default: a new UUID).")
    }
}

extension Context {
    /// What deleting an action takes out of the totals, in words; nil when it has no records.
    func recordImpact(of action: String, ledger: Ledger) throws -> (@Sendable (Words) -> String)? {
        try ledger.snapshot(zones: zones) { snap in
            let cal = try snap.calendar()
            var sessions = 0, seconds: Int64 = 0, counts: Int64 = 0
            var days = Set<LocalDate>()
            try snap.forEachStoredRecord { r in
                switch r {
                case .session(let s) where s.actionID == action && s.status == .stopped:
                    sessions += 1
                    seconds += (s.end?.seconds ?? s.start.seconds) - s.start.seconds
                    days.insert(cal.day(of: s.start))
                case .count(let c) where c.actionID == action && !c.deleted:
                    counts += Int64(c.amount)
                    days.insert(cal.day(of: c.time))
                default: break
                }
                return true
            }
            guard sessions > 0 || counts > 0 else { return nil }
            return { [sessions, counts, dayCount = days.count, total = seconds] w in
                guard w.language == .en else {
                    return sessions > 0
                        ? w(Refusal.impactSessions, String(sessions), w.duration(total), String(dayCount))
                        : w(Refusal.impactCounts, String(counts), String(dayCount))
                }
                let what =
                    sessions > 0
                    ? "\(sessions) session\(sessions == 1 ? "" : "s") (\(DurationText.text(total)))"
                    : "\(counts) count\(counts == 1 ? "" : "s")"
                return "\(what) over \(dayCount) day\(dayCount == 1 ? "" : "s") leave every total"
            }
        }
    }

    /// Asks before a deletion that takes more with it (on a terminal), or
    /// refuses without `--yes` when there is no one to ask.
    /// What deleting a tag takes with it: the actions that lose it.
    static func tagImpact(_ names: [String]) -> @Sendable (Words) -> String {
        let (n, list) = (names.count, names.joined(separator: ", "))
        return { w in
            w.language == .en
                ? "\(n) action\(n == 1 ? "" : "s") lose it (\(list)), and its totals and quests go" : w(Refusal.impactTag, String(n), list)
        }
    }

    /// What deleting a goal takes with it: its quests.
    static func goalImpact(_ n: Int) -> @Sendable (Words) -> String {
        { w in w.language == .en ? "its \(n) quest\(n == 1 ? "" : "s") and their progress go" : w(Refusal.impactQuests, String(n)) }
    }

    func confirmDeletion(_ name: String, impact: (@Sendable (Words) -> String)?, yes: Bool) throws {
        guard let impact, !yes else { return }
        if let confirm = invocation.confirm {
            guard confirm(words(Refusal.deleteAsk, name, impact(words))) else { throw Declined(message: words(Refusal.nothingDeleted)) }
            return
        }
        throw UsageError { w in w(Refusal.deleteNeedsYes, name, impact(w)) }
    }
}
