// Must compile from OUTSIDE the package: the snippets of Docs/library.md, as
// an app developer writes them (keep the two in step).
import HaruLedger

func librarySnippets(first: EventInput, someEventID: EventID, lastSeenHead: UInt64, t: Instant, now: Int64) throws {
    var rng = SystemRandomNumberGenerator()
    let made = try Ledger.createBeside("reading-ledger") { partial in
        let l = try Ledger.create(path: partial)
        return try l.append([first], now: now, rng: &rng)
    }
    print(made.head)
    let fresh = try Ledger.create(path: "reading-ledger") { new in
        try new.write([SettingsChanged(timeZone: "Asia/Seoul")], now: now, rng: &rng)
    }
    print(try fresh.head().seq)
    let ledger = try Ledger(path: "reading-ledger")
    _ = try Ledger(path: "reading-ledger", readOnly: true)

    let e = try CountAdded(entryID: "c1", actionID: "water", amount: 2).input(at: t, id: someEventID, source: "app")
    let r = try ledger.append([e], expectHead: lastSeenHead, now: now, rng: &rng)
    print(r.seqs, r.appended)
    _ = try ledger.appendJSONLines(InputBytes([]), zones: .system, now: now, rng: &rng) { p in
        print(p.events, p.fraction ?? 0, p.doneReading)
    }
    _ = try QuestCreated(
        questID: "q", goalID: "g", target: .tag("study", .time), period: .daily, direction: .atLeast,
        schedule: .ordinalWeekday(3, .tuesday), targetSeconds: 1800, deadline: ClockTime(parsing: "21:00")
    ).input(at: t)
    _ = try GoalEdited(goalID: "g", endDate: .clear, color: .set("#3366CC")).input(at: t)

    let report = try ledger.progress(.asOf(t), knownAt: .seq(1200))
    let day = try ledger.dayTotals(LocalDate(year: 2026, month: 3, day: 4)!, .live(now: Instant(seconds: now / 1_000_000)))
    let calendar = try ledger.calendar()
    let rows = try ledger.records(
        LocalDate(year: 2026, month: 3, day: 2)!...LocalDate(year: 2026, month: 3, day: 8)!, .live(now: Instant(seconds: now / 1_000_000)))
    let diary = try ledger.diaryPage(LocalDate(year: 2026, month: 3, day: 4)!, .live(now: Instant(seconds: now / 1_000_000)))
    print(rows.count, diary.written?.mood ?? "")
    print(report.goals.count, day.actions, calendar.day(of: t))

    let first = LocalDate(year: 2026, month: 3, day: 1)!, last = LocalDate(year: 2026, month: 3, day: 8)!
    try ledger.snapshot(knownAt: nil, zones: .system) { snap in
        let cal = try snap.calendar()
        let ref = Reference.live(now: Instant(seconds: now / 1_000_000))
        let book = try DayBook(snap, calendar: cal, from: first, through: last, reference: ref)
        let table = ReportTable(book: book, calendar: cal, byTag: false, every: "week", reference: ref)
        let rows = try RecordList.read(
            snap, span: cal.range(of: first).lowerBound.seconds..<cal.range(of: last).upperBound.seconds,
            reference: ref, actions: nil, all: false)
        let actions = try DefinitionList.rows(snap, .action, reference: ref, all: false)
        let settings = try SettingsView(snap, calendar: cal, reference: ref)
        let progress = try ProgressEngine(snap, calendar: cal, reference: ref).run(goal: nil)
        let why = try QuestExplanation(snap, calendar: cal, reference: ref, quest: "q", count: 7)
        let quest = try Resolver.definition(.quest, "read-m", in: snap)
        let history = try EntityHistory.entries(snap, try Resolver.subject("@1", in: snap, reference: ref), records: false)
        print(table, rows.count, actions.count, settings, progress.goals.count, why, quest.id, history.count)
    }
    let head = try ledger.head().seq
    let diff = try StateDiff.run(
        ledger, from: 1200, to: head, zones: .system, reference: { _ in .live(now: Instant(seconds: now / 1_000_000)) })
    print(diff.changes.count)
    print(try ledger.verify().ok, try ledger.rebuild().changed)
    _ = try ledger.redact(seq: 42, fields: nil, reason: "asked to forget", now: now, zones: .system, rng: &rng)
    _ = try ledger.exportJSONL(from: 1, offset: { _ in 32_400 }) { bytes in print(bytes.count) }
    _ = try TimewarriorImport.run([], into: ledger, options: TimewarriorImport.Options(), zones: .system, now: now, rng: &rng)
    if try !ledger.confirmDeviceHome() { try ledger.becomeNewDevice("laptop-2") }
    let change = PageChange(mood: .set("🙂"))
    _ = try ledger.writePage(first, change, now: now, rng: &rng)
    for c in try ledger.openConflicts() { print(c.id, c.kind, c.subject.kind) }
    do {
        _ = try ledger.append([e], now: now, rng: &rng)
    } catch let error as LedgerError {
        print(error.description, error.exitStatus)
    } catch let error as InputError {
        print(error.field, error.rule)
    } catch let error as any HaruError {
        print(error, error.exitStatus.rawValue)
    }
}

struct WaterModel { var water: Int64 = 0 }

func watchingSnippets(ledger: Ledger, day: LocalDate, evening: Instant) async throws {
    var model = WaterModel()
    let water = try ledger.observe { l in try l.dayTotals(day, .asOf(evening)).actions["water"]?.count ?? 0 }
    for try await count in water { model.water = count }
    for await commit in try ledger.commits() { print("now at seq", commit.seq) }
    print(model)
}

/// Docs/library.md, "Operations: what the app does, with its rules".
func operationSnippets(ledger: Ledger, now: Int64) throws {
    var rng = SystemRandomNumberGenerator()
    let started = try ledger.start(actionID: "read", note: "소설", now: now, rng: &rng)
    do {
        let stopped = try ledger.stop(actionID: "read", now: now + 1_800_000_000, rng: &rng)
        if let why = stopped.discarded { print("not counted:", why) } else { print(stopped.seconds) }
    } catch OperationError.longSession(_, let start, let end, let hours) {
        print("over \(hours) h: \(start) – \(end); ask, then stop(allowLong: true)")
    }
    let c = try ledger.count(actionID: "water", amount: 2, now: now, rng: &rng)
    try ledger.edit(recordID: c.entryID, .count(amount: 3), now: now, rng: &rng)
    let undone = try ledger.undo(now: now, rng: &rng)  // the amount is 2 again
    print(started.sessionID, undone.compensation)
    try ledger.writePage(LocalDate(year: 2026, month: 3, day: 4)!, PageChange(mood: .set("😊"), text: .set("…")), now: now, rng: &rng)
    try ledger.write([ActionCreated(actionID: "read", name: "독서", tracking: .time)], now: now, rng: &rng)
}

/// Docs/library.md, "Audits, repairs and formats": an import as a plan, then a commit.
func importPlanSnippet(ledger: Ledger, events: [EventInput], now: Int64) throws {
    var rng = SystemRandomNumberGenerator()
    let plan = try ledger.plan(events, notes: ["Piano: a frequency of 3/10 has no quest here"], now: now, rng: &rng)
    print(plan.preview.appended, plan.preview.written[.countAdded], plan.alreadyThere, plan.changesWhatIsThere, plan.notes)
    if !plan.isEmpty { try ledger.commit(plan, now: now, rng: &rng) }
}

/// Docs/library.md, "What you get back" and "The app's surfaces, one call each".
func surfaceSnippets(ledger: Ledger, t: Instant, snap: Snapshot, cal: LedgerCalendar) throws {
    let running = try ledger.runningNow(now: t)
    if let r = running.representative { print(r.name, r.seconds, running.others.isEmpty ? "" : "+\(running.others.count)") }
    for button in try ledger.actionButtons(.live(now: t), span: .week) { print(button.action.name, button.value) }
    for card in try ledger.goalCards(.live(now: t)) where card.status == .inProgress {
        let ring = card.quests.first?.rings.day
        print(card.title, card.bars.day ?? 0, ring?.scheduled == false ? "not a scheduled day" : ring?.limit?.rawValue ?? "")
    }
    if let lists = try ledger.deviceLists(nil, .live(now: t)) {
        let watch = try ledger.goalCards(.live(now: t)).filter { lists.watchGoalIDs.contains($0.id) && $0.status == .inProgress }
        print(watch.count, lists.memoActionIDs)
    }
    // Typed reads: no payload to pick fields from.
    let day = try ledger.dayTotals(cal.day(of: t), .live(now: t))
    for line in day.actionLines { print(line.name, line.totals.seconds) }
    for g in try ledger.progress(.live(now: t)).goals {
        print(
            g.spanRatios.week ?? 0,
            g.quests.map { ($0.definition.targetSeconds ?? 0, $0.streakUnit.rawValue, $0.spans[.month].actual ?? 0) })
    }
    for r in try DefinitionList.rows(snap, .action, reference: .live(now: t), all: false) {
        print(r.action?.tracking == .time, r.action?.tagIDs ?? [])
    }
    let page = try DiaryPage(snap, calendar: cal, date: cal.day(of: t), reference: .live(now: t))
    print(page.written?.mood ?? "", page.written?.attachments.count ?? 0, page.todos.map(\.done))
}

/// Docs/library.md, "Sync between devices" (no Foundation: the clock is the caller's).
func syncSnippet(path: String, myDeviceID: String, now: Int64) throws {
    let ledger = try Ledger(path: path)
    _ = try ledger.deviceID() ?? ledger.assignDeviceID(myDeviceID)
    let viaFolder = try ledger.sync(with: "/shared/haru", now: now)
    let viaDatabase = try ledger.sync(with: "postgresql://me@server/haru", now: now)
    print(viaFolder.pushed, viaFolder.merge.appended, viaFolder.merge.newConflicts.map(\.kind), viaDatabase.pushed)
    let session = SyncSession(ledger: ledger, target: "postgresql://me@server/haru")
    print(session.transport.shown, try session.transport.resolvedTarget())
}
