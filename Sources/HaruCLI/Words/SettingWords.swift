import HaruLedger

/// A setting's name and value as people read them: the JSON key and value
/// in English (`day_start`, `monday`, `true`), the app's words in Korean and
/// Japanese (하루 시작 시간, 월요일, 켜짐).
enum SettingWords {
    static func name(_ key: String, _ w: Words) -> String {
        let names: [String: ViewWords] = [
            "time_zone": .timeZone, "day_start": .dayStart, "week_start": .weekStart, "min_session_seconds": .minSessionSeconds,
            "representative": .representative, "long_session_hours": .longSessionHours, "long_session_alert": .longSessionAlert,
            "from": .fromDay,
        ]
        return names[key].map { w($0) } ?? key
    }

    static func value(_ key: String, _ value: JSONValue, _ w: Words) -> String {
        let text = value.stringValue ?? value.compactText
        guard w.language != .en else { return text }
        switch (key, text) {
        case ("week_start", _): return Weekday(name: text).map { w.weekday($0) + (w.language == .ko ? "요일" : "曜日") } ?? text
        case ("representative", "earliest"): return w(ViewWords.earliest)
        case ("representative", "latest"): return w(ViewWords.latest)
        case ("long_session_alert", "true"), ("long_session_alert", "on"): return w(ViewWords.yes)
        case ("long_session_alert", "false"), ("long_session_alert", "off"): return w(ViewWords.no)
        default: return text
        }
    }
}
