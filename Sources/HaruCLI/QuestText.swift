import HaruLedger

extension Context {
    /// A quest said by what it asks, for messages (a quest has no name):
    /// `물 at least ×10, weekly` / `물 10회 이상, 주` / `水 10回以上、週次`.
    /// Its id when the ledger cannot say (never expected: the quest was just read or written).
    func questText(_ questID: String, in ledger: Ledger) -> String {
        let w = words
        let said = try? ledger.snapshot(zones: zones) { snap -> String? in
            let rows = try DefinitionList.rows(snap, .quest, reference: .live(now: try clockNow()), all: true)
            guard let q = rows.first(where: { $0.id == questID })?.quest else { return nil }
            var names: [String: String] = [:]
            var timed: [String: Bool] = [:]
            var units: [String: String] = [:]
            var decimals: [String: Int] = [:]
            for d in try snap.definitions(.action) {
                decimals[d.id] = Int(d.base.int(.decimals) ?? 0)
                names[d.id] = d.fields().name
                timed[d.id] = d.base.tracking == Tracking.time
                units[d.id] = d.fields().string(.unit)
            }
            for d in try snap.definitions(.tag) { names[d.id] = d.fields().name }
            let s = QuestSpec(q, actionTracksTime: { timed[$0] })
            let target: String
            var unit: String?
            var places = 0
            switch q.target {
            case .action(let id): (target, unit, places) = (names[id] ?? id, units[id], decimals[id] ?? 0)
            case .tag(let id, _): target = (names[id] ?? id) + w(.tagMark)
            }
            let amount = s.unitIsTime ? w.duration(Int64(s.amount)) : w.times(Decimals.text(Int64(s.amount), places), unit: unit)
            let period = w.language == .en ? s.periodName : w.period(s.period)
            return "\(target) \(w(s.atLeast ? .atLeastAmount : .atMostAmount, amount))\(w.language == .ja ? "、" : ", ")\(period)"
        }
        return (said ?? nil) ?? questID
    }
}
