/// The page's writes: each is one of the library's operations (`start`,
/// `stop`, `count`, `edit`, `deleteRecord`, `restoreRecord`, `undo`,
/// `writePage`, a to-do's event), with the same rules and refusals as
/// `haru`'s; a refusal is said in the page's language and nothing is written.
/// Writes are labelled with the source `web`: the page's Undo takes back
/// what the page wrote, as `haru undo` takes back what `haru` wrote.

import HaruLedger

extension WebApp {
    static let source = "web"

    func write(_ route: String, _ r: HTTPRequest, _ lang: PageLanguage) -> HTTPReply {
        let body: JSONValue
        do {
            body = try JSONParser.parse(bytes: r.body.isEmpty ? Array("{}".utf8) : r.body)
        } catch {
            return refuse(400, .badRequest, lang, error.description)
        }
        guard case .object = body else { return refuse(400, .badRequest, lang, "the body is not a JSON object") }
        var rng = PassedRandom(draw: random)
        let micros = clock()
        do {
            let message: String
            switch route {
            case "start":
                let s = try ledger.start(actionID: try field(body, "action"), source: Self.source, now: micros, rng: &rng)
                message = PageWord.startedIt.text(lang, try name(s.actionID))
            case "stop":
                let s = try ledger.stop(actionID: body["action"]?.stringValue, source: Self.source, now: micros, rng: &rng)
                let word: PageWord = s.discarded == nil ? .stoppedIt : .discardedIt
                message = word.text(lang, try name(s.actionID), lang.duration(s.seconds))
            case "cancel":
                let s = try ledger.cancel(actionID: body["action"]?.stringValue, source: Self.source, now: micros, rng: &rng)
                message = PageWord.cancelledIt.text(lang, try name(s.actionID))
            case "count":
                let action = try field(body, "action")
                let places = try decimals(ofAction: action)
                // In the action's unit (a button adds 1 of it: 1 glass, 1.0 km); stored in its smallest unit.
                let amount = try unitAmount(body, places: places) ?? Decimals.scale(places)
                let c = try ledger.count(actionID: action, amount: amount, source: Self.source, now: micros, rng: &rng)
                message = PageWord.countedIt.text(lang, try name(c.actionID), Decimals.text(c.amount, places))
            case "edit":
                let c = try ledger.edit(
                    recordID: try field(body, "id"), try change(body, lang), source: Self.source, now: micros, rng: &rng)
                message = PageWord.editedIt.text(lang, try name(c.actionID))
            case "delete":
                let c = try ledger.deleteRecord(try field(body, "id"), source: Self.source, now: micros, rng: &rng)
                message = PageWord.deletedIt.text(lang, try name(c.actionID))
            case "restore":
                let c = try ledger.restoreRecord(try field(body, "id"), source: Self.source, now: micros, rng: &rng)
                message = PageWord.restoredIt.text(lang, try name(c.actionID))
            case "undo":
                _ = try ledger.undo(source: Self.source, now: micros, rng: &rng)
                message = PageWord.undone.text(lang)
            case "diary":
                let day = try date(body)
                var change = PageChange()
                if let mood = body["mood"] { change.mood = mood.stringValue.map { $0.isEmpty ? .clear : .set($0) } ?? .clear }
                if let text = body["text"] { change.text = text.stringValue.map { $0.isEmpty ? .clear : .set($0) } ?? .clear }
                _ = try ledger.writePage(day, change, source: Self.source, now: micros, rng: &rng)
                message = PageWord.written.text(lang)
            case "todo":
                let id = try field(body, "id")
                let event: any TypedEvent = body["done"] == .bool(true) ? TodoDone(todoID: id) : TodoUndone(todoID: id)
                _ = try ledger.write([event], source: Self.source, now: micros, rng: &rng)
                message = PageWord.saved.text(lang)
            case "todo-add":
                let text = try field(body, "text")
                let id = EventID.random(using: &rng).description  // safe: `rng` is the executable's `random`, given to WebServer
                let todo = TodoAdded(todoID: id, date: try date(body), text: text)
                _ = try ledger.write([todo], source: Self.source, now: micros, rng: &rng)
                message = PageWord.saved.text(lang)
            default:
                return refuse(404, .notFound, lang)
            }
            return json(200, .object([("ok", .bool(true)), ("message", .string(message)), ("seq", .int(Int64(try ledger.head().seq)))]))
        } catch let e as WebRefusal {
            return refuse(400, e.word, lang, e.values)
        } catch let e as OperationError {
            let (word, values) = refusal(e, lang)
            return refuse(409, word, lang, values)
        } catch LedgerError.invalid(let e) where e.broken != nil {
            let (word, values) = refusal(e, lang)
            return refuse(400, word, lang, values)
        } catch let e as LedgerError {
            return refuse(400, .invalid, lang, e.description)
        } catch {
            return failure(error)
        }
    }

    /// A rule of the ledger the write broke, in the page's words, actions by name.
    private func refusal(_ e: InputError, _ lang: PageLanguage) -> (RefusalWord, [String]) {
        switch e.broken {
        case .wholeNumber(let from, let to, let got)?: return (.amountRange, [String(from), String(to), got])
        case .tracksOther(let a, let tracks)?: return (tracks == "count" ? .tracksCount : .tracksTime, [(try? name(a)) ?? a])
        case .todoAlready(_, let done, _)?: return (done ? .todoDone : .todoNotDone, [])
        case .noSuchID(let kind, let id)?: return (.noSuchThing, [PageWord.thing(kind, lang), id])
        case .deletedAt(let kind, let id, _)?: return (.deletedThing, [PageWord.thing(kind, lang), id])
        case .sessionNotRunning?: return (.sessionNotRunning, [])
        default: return (.invalid, [e.description])
        }
    }

    /// The refusal of an operation in the page's words, actions by name.
    private func refusal(_ e: OperationError, _ lang: PageLanguage) -> (RefusalWord, [String]) {
        let cal = try? ledger.calendar()
        func time(_ t: Instant) -> String { cal?.clockText(t) ?? t.description }
        switch e {
        case .alreadyRunning(let a, let since): return (.alreadyRunning, [(try? name(a)) ?? a, time(since)])
        case .notRunning(let a): return (.notRunning, [(try? name(a)) ?? a])
        case .nothingRunning: return (.nothingRunning, [])
        case .severalRunning(let n): return (.severalRunning, [String(n)])
        case .tooFarAhead(let at, _): return (.tooFarAhead, [time(at)])
        case .endsBeforeStart(let s, let end): return (.endsBeforeStart, [time(s), time(end)])
        case .longSession(let a, let s, let end, let hours):
            return (.longSession, [(try? name(a)) ?? a, lang.duration(end.seconds - s.seconds), String(hours)])
        case .stillRunning(let a): return (.stillRunning, [(try? name(a)) ?? a])
        case .nothingToChange: return (.nothingToChange, [])
        case .recordGone(_, let state):
            return (.recordGone, [(state == .deleted ? PageWord.deleted : state == .discarded ? .discarded : .running).text(lang)])
        case .notDeleted: return (.notDeleted, [])
        case .unknown(let id), .ambiguous(let id): return (.unknown, [id])
        case .nothingToUndo: return (.nothingToUndo, [])
        case .emptyPage: return (.emptyPage, [])
        default: return (.invalid, [e.description])
        }
    }

    /// What an edit changes: a session's start and end (`HH:MM` in the record's day), a count's amount, a note.
    private func change(_ body: JSONValue, _ lang: PageLanguage) throws -> RecordChange {
        let note: Edit<String>? = body["note"].map { $0.stringValue.map { $0.isEmpty ? .clear : .set($0) } ?? .clear }
        if body["amount"] != nil {
            let id = try field(body, "id")
            let action = try ledger.withStoredState { try $0.count(id)?.actionID }
            let amount = try unitAmount(body, places: try action.map(decimals(ofAction:)) ?? 0)
            return .count(amount: amount, note: note)
        }
        guard body["start"] != nil || body["end"] != nil else { return .session(note: note) }
        let cal = try ledger.calendar()
        let day = try date(body)
        func at(_ key: String, after: Instant?) throws -> Instant? {
            guard let text = body[key]?.stringValue, !text.isEmpty else { return nil }
            guard let t = HumanTime.instant(text, ofDay: day, after: after, now: now, calendar: cal) else {
                throw WebRefusal(.badTime, PageWord(rawValue: key == "start" ? "startTime" : "endTime")!.text(lang), text)
            }
            return t
        }
        let start = try at("start", after: nil)
        let end = try at("end", after: start ?? cal.range(of: day).lowerBound)
        return .session(start: start, end: end, note: note)
    }

    private func field(_ body: JSONValue, _ key: String) throws -> String {
        guard let v = body[key]?.stringValue, !v.isEmpty else { throw WebRefusal(.badRequest, "\"\(key)\" is missing") }
        return v
    }

    /// `amount` in the action's unit (`7.6`) as whole smallest units (76 at
    /// one decimal); a number finer than the action keeps is refused, never rounded.
    private func unitAmount(_ body: JSONValue, places: Int) throws -> Int64? {
        guard let v = body["amount"] else { return nil }
        let text: String
        switch v {
        case .int(let n): text = String(n)
        case .double(let x): text = JSONValue.formatNumber(x)
        default: throw WebRefusal(.badRequest, "\"amount\" is not a number")
        }
        let range =
            places == 0 ? WebRefusal(.amountRange, "1", "999", text) : WebRefusal(.amountRangeIn, Decimals.text(1, places), "999", text)
        guard !text.hasPrefix("-") else { throw range }
        guard let n = Decimals.parse(text, places) else { throw WebRefusal(.tooManyPlaces, text, String(places)) }
        // One count is 1 … 999 of the unit (0.1 … 999 at one decimal): said in the unit, not in tenths.
        guard n >= 1, n <= 999 * Decimals.scale(places) else { throw range }
        return n
    }

    /// An action's decimal places, by id or name as the ledger takes it (0
    /// for whole counts and unknown actions: the ledger refuses those).
    private func decimals(ofAction ref: String) throws -> Int {
        let places = try ledger.withStoredState { s in
            try (s.definition(.action, ref) ?? s.liveDefinitionID(.action, named: ref).flatMap { try s.definition(.action, $0) })?.base.int(
                .decimals)
        }
        return Int(places ?? 0)
    }

    private func date(_ body: JSONValue) throws -> LocalDate {
        let text = try field(body, "day")
        guard let d = LocalDate(parsing: text) else { throw WebRefusal(.badDay, text) }
        return d
    }

    /// An action's name as in force now (its id when it has none).
    func name(_ actionID: String) throws -> String {
        try actionNames(.live(now: now))[actionID] ?? actionID
    }
}
