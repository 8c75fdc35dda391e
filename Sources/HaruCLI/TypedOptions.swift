import HaruLedger

/// Option values read into the vocabulary's types once, where they are
/// parsed: a bad value is refused naming the option and the form it takes,
/// before anything is built (events are typed from here on).
extension Parsed {
    /// A whole number, or nil when the option is not given.
    func int(_ key: OptionKey) throws -> Int64? {
        try value(key).map { text in
            guard let n = Int64(text) else { throw UsageError(Refusal.notAWholeNumber, key.name, Echo.quoted(text)) }
            return n
        }
    }

    /// A count typed in an action's decimal places (`7.6` at one decimal is 76
    /// of its smallest unit). A number finer than the action keeps is refused
    /// saying how many places it keeps, rather than rounded.
    /// - Parameters:
    ///   - label: the argument or option (`N`, `--target`); `action`: the name said.
    ///   - otherwise: the refusal for text that is no number at all.
    ///   - oneCount: a count's amount, refused outside 1 … 999 of the unit (0.1 … 999 at one decimal), said so.
    static func amount(
        _ text: String, decimals: Int, label: String, action: String, oneCount: Bool = false, otherwise: UsageError
    ) throws -> Int64 {
        if let n = Decimals.parse(text, decimals) {
            if oneCount, n < 1 || n > 999 * Decimals.scale(decimals) {
                throw UsageError(Refusal.countRange, label, Echo.quoted(text), action, Decimals.text(1, decimals))
            }
            return n
        }
        // A number still, at the finest places any action keeps or beyond.
        let t = String(text.map { $0 == "," ? "." : $0 })
        guard t.contains("."), Double(t) != nil, t.allSatisfy({ $0 == "." || ($0.isASCII && $0.isNumber) }) else { throw otherwise }
        if decimals == 0 { throw UsageError(Refusal.wholeCountsOnly, label, Echo.quoted(text), action) }
        throw UsageError(Refusal.tooManyDecimals, label, Echo.quoted(text), action, String(decimals))
    }

    /// `--order N`: where the definition goes in listings and `progress`.
    func order() throws -> Int64? { try int(.order) }

    /// A date YYYY-MM-DD.
    func date(_ key: OptionKey) throws -> LocalDate? { try value(key).map { try Parsed.date($0, key) } }

    static func date(_ text: String, _ key: OptionKey) throws -> LocalDate {
        guard let d = HumanTime.date(text) else { throw UsageError(.notADate, key.name, Echo.quoted(text)) }
        return d
    }

    /// A time of day HH:mm (an hour of one digit too).
    func clock(_ key: OptionKey) throws -> ClockTime? { try value(key).map { try Parsed.clock($0, key) } }

    /// A time of day as people type it (04:00 or 4:00, 오전 4시, 4時半), in whole minutes.
    static func clock(_ text: String, _ key: OptionKey) throws -> ClockTime {
        if let c = try? ClockTime(text) { return c }
        guard let s = HumanTime.clockAlone(text), s % 60 == 0, let c = ClockTime(minutes: s / 60) else {
            throw UsageError(.notAClockTime, key.name, Echo.quoted(text))
        }
        return c
    }

    /// A weekday by its name in any language (`monday`, `mon`, `월`, `월요일`, `月曜日`).
    static func weekday(_ text: String, _ key: OptionKey) throws -> Weekday {
        guard let w = HumanTime.weekday(text) else { throw UsageError(.notAWeekday, key.name, Echo.quoted(text)) }
        return w
    }

    /// Weekdays in a list: `mon,wed,fri`, `월,수,금`, or the one-letter Korean and Japanese days run together (`월수금`, `月水金`).
    static func weekdays(_ text: String, _ key: OptionKey) throws -> [Weekday] {
        let oneLetter = !text.contains(",") && text.count > 1 && text.allSatisfy { HumanTime.weekday(String($0)) != nil }
        let parts = oneLetter ? text.map(String.init) : text.split(separator: ",").map(String.init)
        return try parts.map { try weekday($0, key) }
    }

    /// One of a choice's words.
    func choice<C: Choice>(_ key: OptionKey, _: C.Type) throws -> C? { try value(key).map { try Parsed.choice($0, key, C.self) } }

    static func choice<C: Choice>(_ text: String, _ key: OptionKey, _: C.Type) throws -> C {
        guard let c = C(word: text) else {
            throw UsageError(Refusal.mustBeOneOf, key.name, C.words.joined(separator: ", "), Echo.quoted(text))
        }
        return c
    }

    /// A value that `none` removes: `.clear`, else the value read by `read`.
    func edit<V>(_ key: OptionKey, _ read: (String) throws -> V) throws -> Edit<V>? {
        try value(key).map { $0 == "none" ? .clear : .set(try read($0)) }
    }

    /// A text that `none` removes.
    func edit(_ key: OptionKey) -> Edit<String>? { value(key).map { $0 == "none" ? .clear : .set($0) } }
}

extension Context {
    /// Writes typed events as one batch effective at `--at` (or now) and
    /// reports them: the event type and the entity's id.
    mutating func write(_ events: [any TypedEvent], id: String, human: String) throws -> Int32 {
        try write(events, id: id) { _ in human }
    }

    /// Writes events and says what they did in words read from the ledger as written (a quest said by what it now asks).
    mutating func write(_ events: [any TypedEvent], id: String, saying human: (Context) throws -> String) throws -> Int32 {
        let at = try eventTime()
        let written = try operate { ledger, now, rng in try ledger.write(events, at: at, source: Context.source, now: now, rng: &rng) }
        let name = events.last.map { Swift.type(of: $0).eventType.name } ?? ""
        report(written, json: [("type", .string(name)), ("id", .string(id))], human: try human(self))
        return ExitCode.ok
    }

    /// Writes one typed event (`write(_:id:human:)`).
    mutating func write(_ event: any TypedEvent, id: String, human: String) throws -> Int32 {
        try write([event], id: id, human: human)
    }
}

extension Context {
    /// A typed event as the input a command appends (source `cli`), its
    /// rule broken said in the command's words.
    func input(_ event: any TypedEvent, at: Instant) throws -> EventInput {
        do { return try event.input(at: at, source: Context.source, zones: zones) } catch let e as InputError {
            throw Context.refused(e)
        }
    }

    /// The settings options of `init` and `settings set`, typed.
    static func settings(_ p: Parsed, timeZone: String?) throws -> SettingsChanged {
        let alert = try p.value(.longSessionAlert).map { a in
            guard a == "on" || a == "off" else { throw UsageError(Refusal.alertTakes, Echo.quoted(a)) }
            return a == "on"
        }
        return SettingsChanged(
            timeZone: timeZone, dayStart: try p.clock(.dayStart),
            weekStart: try p.value(.weekStart).map { try Parsed.weekday($0, .weekStart) },
            minSessionSeconds: try p.int(.minSessionSeconds), representative: try p.choice(.representative, Representative.self),
            longSessionHours: try p.int(.longSessionHours), longSessionAlert: alert, from: try p.date(.from))
    }
}
