import HaruLedger

extension OptionKey {
    static let date = OptionKey("--date")
    static let move = OptionKey("--move")
}

extension Subcommands {
    /// `--date DAY`: the day whose to-dos a TODO number counts in.
    static let todoDateOption = OptionSpec(.date, value: "DAY", help: "The day whose list TODO's number counts in (default: today).")

    static let todo = Command(
        name: "todo", abstract: "A day's to-dos: add, done, undo, edit, delete.", usage: "todo <add|done|undo|edit|delete> …",
        subcommands: [
            Command(
                name: "add", abstract: "Add a to-do to a day's page.",
                usage: "todo add TEXT [--date] [--order] [--id] [--at]",
                arguments: [("TEXT", "What to do.")],
                options: [
                    OptionSpec(.date, value: "DAY", help: "The day's page it goes on (default: today)."), orderOption, idOption("to-do"),
                    atOption,
                ],
                minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    let ledger = try ctx.openLedger()
                    let day = try ctx.todoDay(p, ledger)
                    let id = p.value(.id) ?? ctx.newID()
                    let todo = TodoAdded(todoID: id, date: day, text: p.positionals[0], order: try p.order())
                    return try ctx.write(todo, id: id, human: ctx.words(.todoAdded, day.description, id))
                }),
            Command(
                name: "done", abstract: "Tick a to-do off.", usage: "todo done TODO [--date] [--at]",
                arguments: [todoArgument], options: [todoDateOption, atOption], minArgs: 1, maxArgs: 1,
                run: { ctx, p in try ctx.writeTodo({ TodoDone(todoID: $0) }, p, said: .todoDone) }),
            Command(
                name: "undo", abstract: "Untick a to-do.", usage: "todo undo TODO [--date] [--at]",
                arguments: [todoArgument], options: [todoDateOption, atOption], minArgs: 1, maxArgs: 1,
                run: { ctx, p in try ctx.writeTodo({ TodoUndone(todoID: $0) }, p, said: .todoUndone) }),
            Command(
                name: "edit", abstract: "Change a to-do's text or place, or move it to another day.",
                usage: "todo edit TODO [--text] [--order] [--move] [--date] [--at]",
                arguments: [todoArgument],
                options: [
                    OptionSpec(.text, value: "TEXT", help: "New text."), orderOption,
                    OptionSpec(.move, value: "DAY", help: "Put it on this day's page instead."), todoDateOption, atOption,
                ],
                minArgs: 1, maxArgs: 1,
                run: { ctx, p in
                    let ledger = try ctx.openLedger()
                    let todo = try ctx.resolveTodo(p, ledger)
                    let edit = TodoEdited(
                        todoID: todo.id, date: try p.value(.move).map { try ctx.date($0, "--move", calendar: try ctx.calendar(ledger)) },
                        text: p.value(.text), order: try p.order())
                    guard edit.date != nil || edit.text != nil || edit.order != nil else {
                        throw UsageError(Refusal.nothingToChangeTodo)
                    }
                    return try ctx.write(edit, id: todo.id, human: ctx.words(.todoEdited, edit.text ?? todo.text))
                }),
            Command(
                name: "delete", abstract: "Take a to-do off its page (`haru restore ID` brings it back).",
                usage: "todo delete TODO [--date] [--at]", arguments: [todoArgument], options: [todoDateOption, atOption],
                minArgs: 1, maxArgs: 1,
                run: { ctx, p in try ctx.writeTodo({ TodoDeleted(todoID: $0) }, p, said: .todoDeleted) }),
        ])

    static let todoArgument = ("TODO", "Its number on the day's list (1, 2 … as `haru diary` shows it), or its id (a unique start of it).")
}

extension Context {
    /// `--date`, else today's logical day.
    func todoDay(_ p: Parsed, _ ledger: Ledger) throws -> LocalDate {
        let cal = try calendar(ledger)
        guard let d = p.value(.date) else { return cal.day(of: try clockNow()) }
        return try date(d, "--date", calendar: cal)
    }

    /// The to-do TODO names: its number on `--date`'s list (default today),
    /// else its id (any day's).
    func resolveTodo(_ p: Parsed, _ ledger: Ledger) throws -> DiaryPage.Todo {
        let text = p.positionals[0]
        let day = try todoDay(p, ledger)
        let now = try clockNow()
        return try ledger.snapshot(zones: zones) { snap in
            let list = try DiaryPage.todoList(snap, on: day, at: now)
            if let n = Int(text), text.allSatisfy(\.isNumber) {
                guard n >= 1, n <= list.count else {
                    throw list.isEmpty
                        ? UsageError(.noTodos, day.description)
                        : UsageError(
                            words.said(
                                "\(day) has \(list.count) to-do\(list.count == 1 ? "" : "s"): give 1 to \(list.count), or an id",
                                .todoNumber,
                                day.description, String(list.count)))
                }
                return list[n - 1]
            }
            // An id, or the start of one (`haru diary` prints eight characters).
            var found = try snap.definition(.todo, text)
            if found == nil, text.count >= 4 {
                let starting = try snap.definitions(.todo).filter { $0.id.hasPrefix(text) }
                if starting.count > 1 {
                    throw UsageError(Refusal.ambiguousTodo, String(starting.count), Echo.quoted(text))
                }
                found = starting.first
            }
            guard let d = found else {
                throw UsageError(Refusal.noTodoHere, Echo.quoted(text), "\(day)")
            }
            guard d.isLive else { throw UsageError(Refusal.todoDeleted, Echo.quoted(text), text) }
            return DiaryPage.Todo(d, at: now)
        }
    }

    /// Appends a to-do's one-field event (done, undone, deleted).
    mutating func writeTodo(_ event: (String) -> any TypedEvent, _ p: Parsed, said: Phrase) throws -> Int32 {
        let todo = try resolveTodo(p, try openLedger())
        // %2 is the id (`todo delete` says how to bring it back: `haru restore ID`).
        return try write(event(todo.id), id: todo.id, human: words(said, RecordText.oneLine(todo.text), todo.id))
    }
}
