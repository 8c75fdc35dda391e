import HaruLedger

/// `haru explain` in Korean and Japanese: period by period, what the quest
/// required and what was done, the records by their action's name, and why
/// a record was left out, in the app's words (English prints as it always has).
enum ExplainText {
    static func words(
        _ x: QuestExplanation, unit countUnit: String? = nil, quest: String, asked: String, names: [String: String], _ cal: LedgerCalendar,
        _ ref: Reference, _ w: Words,
        _ out: OutputStream
    ) {
        let unit: (Double) -> String = {
            x.spec.unitIsTime ? w.duration(Int64($0.rounded())) : w.times(JSONValue.formatNumber($0), unit: countUnit)
        }
        out.line(w(ViewWords.explainHeading, quest, asked, cal.format(ref.instant)))
        for pr in x.periods {
            let name = pr.first == pr.last ? w.day(pr.first, english: "") : "\(pr.first) … \(pr.last)"
            guard let req = pr.required else {
                out.line(
                    "\(name)  " + w(pr.skipped ? ViewWords.skippedPeriod : .notScheduled)
                        + (pr.entries.isEmpty ? "" : w(ViewWords.leftOutRecords, String(pr.entries.count))))
                continue
            }
            let verdict: ViewWords = x.spec.atLeast ? (pr.met ? .met : (pr.inProgress ? .notYet : .notMet)) : (pr.met ? .within : .over)
            out.line(
                "\(name)  " + w(x.spec.atLeast ? ViewWords.required : .limit, unit(req), unit(pr.done), w(verdict))
                    + (pr.inProgress ? w(ViewWords.inProgress) : ""))
            for e in pr.entries {
                let when =
                    e.isSession ? "\(cal.format(e.start)) → \(e.end.map { cal.format($0) } ?? w(ViewWords.running))" : cal.format(e.start)
                var line = "    \(e.recordID)  \(names[e.actionID] ?? e.actionID)  \(when)  " + w(ViewWords.counted, unit(e.counted))
                for l in e.leftOut {
                    let amount =
                        e.isSession ? w.duration(Int64(l.amount.rounded())) : w.times(JSONValue.formatNumber(l.amount), unit: countUnit)
                    line += w(ViewWords.leftOut, amount, reason(l.reason, w))
                }
                out.line(line)
            }
        }
    }

    /// The library's reason (`after the deadline 21:00`) in `w`'s words.
    static func reason(_ r: String, _ w: Words) -> String {
        if r == "after the reference" { return w(ViewWords.afterReference) }
        if r == "not a scheduled day" { return w(ViewWords.notScheduled) }
        if r == "a skipped day" { return w(ViewWords.skippedDay) }
        if r.hasPrefix("after the deadline") { return w(ViewWords.afterDeadline, String(r.dropFirst("after the deadline ".count))) }
        if r.hasPrefix("other measure (the action tracks counts") { return w(ViewWords.otherMeasureCounts) }
        if r.hasPrefix("other measure (the action tracks time") { return w(ViewWords.otherMeasureTime) }
        return r
    }
}
