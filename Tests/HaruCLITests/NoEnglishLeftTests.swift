import Foundation
import TestSupport
import Testing

@testable import HaruCLI

/// A Korean or Japanese user reads no English but names, ids, option names,
/// placeholders and a few proper names: every command's help, and a
/// fortnight of everyday commands with their confirmations, views and
/// thirty common mistakes, checked word by word (`englishWords`) and pinned
/// by golden transcripts (Tests/HaruCLITests/Golden/everyday-*.txt,
/// written anew with HARU_UPDATE_GOLDEN=1 and read before they are kept).
struct NoEnglishLeft {
    /// Latin words a Korean or Japanese screen may show: proper names,
    /// formats, units of code, and the words of commands typed as they are.
    static let properNames: Set<String> = [
        "haru", "JSON", "JSONL", "CSV", "HTML", "PostgreSQL", "LMDB", "SHA", "UTC", "ID", "id", "Loop", "timewarrior", "timew",
        "hledger", "timeclock", "Ctrl", "URL", "IANA", "KB", "MB", "GB", "ok", "on", "off", "none", "auto", "always", "never", "take",
        "earliest", "latest", "daily", "weekly", "monthly", "custom", "time", "count", "action", "tag", "user", "name", "day", "week",
        "month", "year", "lastweek", "lastmonth", "lastyear", "today", "yesterday", "monday", "sunday", "mon", "wed", "fri", "en", "ko",
        "ja", "seq", "Asia", "Seoul", "Tokyo", "Europe", "Berlin", "America", "New_York", "NO_COLOR", "LANG", "LC_ALL", "LC_MESSAGES",
        "HARU_LEDGER", "XDG_DATA_HOME", "local", "share", "cli", "web", "import", "sync", "fsync", "PATH", "pg", "libpq", "EDITOR",
        "jsonl", "csv", "loop", "Habit", "Tracker", "HaruDanim", "GNU", "Debian", "libmicrohttpd", "IPv", "SF", "Symbol", "Symbols", "Syncthing",
        "Dropbox", "bash", "zsh", "fish", "completion", "completions", "config", "fpath", "achieved", "not_achieved", "hash",
    ]

    /// The Latin words of `line` that are not names, ids, options,
    /// placeholders (`DATE`), commands (`haru stop`), paths, times or proper names.
    static func englishWords(_ line: String, names: Set<String>) -> [String] {
        var words: [String] = []
        var previous = ""
        // What is in backquotes is typed as it is (`haru sync`, `{"expect": …}`), and what is
        // quoted after a name is the person's own input echoed ("someday", 'dai').
        var line = line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            .joined(separator: " ")
        for q in ["\"", "'"] {
            line = line.split(separator: Character(q), omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }
                .map(\.element).joined(separator: " ")
        }
        for raw in line.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            var token = String(raw)
            defer { previous = token }
            // An option (`--at`), a path, a URL, a quoted command, an instant or a short ref are typed, not read.
            if token.contains("--") || token.contains("/") || token.contains("=") || token.contains("<") || token.contains("|")
                || token.contains("[")
            {
                continue
            }
            if token.range(of: #"\d{4}-\d{2}-\d{2}"#, options: .regularExpression) != nil { continue }
            // An event type (`session.stopped`), as `haru log --type` takes it.
            if token.trimmingCharacters(in: .punctuationCharacters).range(of: #"^[a-z_]+(\.[a-z_]+)+$"#, options: .regularExpression) != nil
            {
                continue
            }
            // An id or a name of the ledger, as given.
            if names.contains(token.trimmingCharacters(in: CharacterSet.alphanumerics.union(.init(charactersIn: "_-")).inverted)) {
                continue
            }
            // A command named after `haru` (`haru stop`, `'haru help'`).
            if previous.hasSuffix("haru") || previous.hasSuffix("help") { continue }
            token = token.trimmingCharacters(
                in: CharacterSet.letters.inverted.union(.init(charactersIn: "_")).subtracting(.init(charactersIn: "_")))
            for w in token.components(separatedBy: CharacterSet.letters.union(.init(charactersIn: "_")).inverted)
            where w.unicodeScalars.contains(where: { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }) {
                let latin = w.unicodeScalars.filter { $0.isASCII }.map(String.init).joined()
                guard latin.count >= 2, latin.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "_" }) else { continue }
                if properNames.contains(latin) || names.contains(latin) || names.contains(w) { continue }
                // A placeholder (`DATE`, `ACTION`) or an id in hex.
                if latin == latin.uppercased() || latin.allSatisfy(\.isHexDigit) { continue }
                words.append(latin)
            }
        }
        return words
    }

    /// Every line of `text` with English in it, and the words.
    static func englishLines(_ text: String, names: Set<String> = []) -> [String] {
        text.split(separator: "\n").compactMap { line in
            // The command typed, and the usage line (the options as they are typed).
            if line.hasPrefix("$ haru") || line.hasPrefix("사용법: haru") || line.hasPrefix("使い方: haru") { return nil }
            let w = englishWords(String(line), names: names)
            return w.isEmpty ? nil : "\(w.joined(separator: ",")): \(line)"
        }
    }

    @Test func theCheckerFindsEnglishAndPassesWhatIsTyped() {
        #expect(Self.englishWords("Edited 독서 session 8bca52b.", names: []) == ["Edited", "session"])
        #expect(Self.englishWords("오류: `haru stop 독서`로 끝내세요 --at TIME", names: []).isEmpty)
        #expect(Self.englishWords("'haru help' 참고, JSON, id 3f2a9c1b, 2026-03-04T07:30:00+09:00", names: []).isEmpty)
        #expect(Self.englishWords("Gym을 시작했습니다", names: ["Gym"]).isEmpty)
        #expect(Self.englishWords("required 30m 00s, done", names: []) == ["required", "done"])
    }

    /// Every command's help in Korean and Japanese: overview, arguments, options, subcommands.
    @Test(arguments: [Language.ko, .ja])
    func everyHelpIsInTheLanguage(_ lang: Language) throws {
        var found: [String] = []
        var pages = ""
        func visit(_ c: Command, _ path: [String]) {
            let r = haru(["help"] + path + ["--lang", lang.rawValue])
            #expect(r.code == 0, "\(path)")
            pages += "$ haru help \((path + ["--lang", lang.rawValue]).joined(separator: " "))\n" + r.out + "\n"
            // The usage line and a row's left column (a subcommand's name) are typed as they are.
            let subcommands = Set(c.subcommands.map(\.name))
            let read = r.out.split(separator: "\n").map { line -> String in
                if line.hasPrefix(HelpWords.label(.usage, lang) + ":") { return "" }
                let words = line.split(separator: " ")
                if line.hasPrefix("  "), let first = words.first, subcommands.contains(String(first)) {
                    return words.dropFirst().joined(separator: " ")
                }
                return String(line)
            }
            found += Self.englishLines(read.joined(separator: "\n")).map { "haru help \(path.joined(separator: " ")): \($0)" }
            for sub in c.subcommands where !sub.name.hasPrefix("__") { visit(sub, path + [sub.name]) }
        }
        visit(HaruCLI.root, [])
        #expect(found.isEmpty, "\(found.count) lines in English:\n\(found.joined(separator: "\n"))")
        try expectGolden(pages, "help-\(lang.rawValue).txt")
    }

    /// Every help text of every command has its Korean and Japanese, and
    /// every translation belongs to a text some command still carries.
    @Test func everyHelpTextHasItsTranslations() {
        var carried: Set<String> = []
        func visit(_ c: Command) {
            carried.insert(c.abstract)
            if let d = c.discussion { carried.insert(d) }
            for (_, h) in c.arguments { carried.insert(h) }
            for o in c.options { carried.insert(o.help) }
            for s in c.subcommands where !s.name.hasPrefix("__") { visit(s) }
        }
        visit(HaruCLI.root)
        for o in globalOptions { carried.insert(o.help) }
        let missing = carried.filter { !HelpWords.has($0) }.sorted()
        #expect(missing.isEmpty, "no translation for:\n\(missing.joined(separator: "\n"))")
        let orphans = HelpWords.entries.map(\.en).filter { !carried.contains($0) }
        #expect(orphans.isEmpty, "translations of texts no command carries:\n\(orphans.joined(separator: "\n"))")
        #expect(Set(HelpWords.entries.map(\.en)).count == HelpWords.entries.count, "an English text has two entries")
        for e in HelpWords.entries { #expect(e.ko != e.en && e.ja != e.en && !e.ko.isEmpty && !e.ja.isEmpty, "\(e.en)") }
    }

    /// `text` equals the golden file `name` (HARU_UPDATE_GOLDEN=1 writes it anew: read the difference before keeping it).
    func expectGolden(_ text: String, _ name: String) throws {
        let golden = packageRoot + "/Tests/HaruCLITests/Golden/" + name
        if ProcessInfo.processInfo.environment["HARU_UPDATE_GOLDEN"] == "1" {
            try text.write(toFile: golden, atomically: true, encoding: .utf8)
        }
        let want = try String(contentsOfFile: golden, encoding: .utf8)
        #expect(text == want, "differs from \(golden) (HARU_UPDATE_GOLDEN=1 writes it anew; read the difference first)")
    }

    /// A fortnight's commands on the week of `LanguageTests.ledger`, in the
    /// order a person would type them: views, writes with their
    /// confirmations, exports, a sync, and the mistakes people make.
    static func everyday(_ dir: String) -> [[String]] {
        [
            // Reading.
            ["day"], ["day", "어제"], ["day", "2026.03.04"], ["report"], ["report", "--by", "tag"],
            ["report", "--every", "day", "--from", "지난주"],
            ["progress"], ["progress", "--goal", "매일 읽기"], ["explain", "q1"], ["records"], ["records", "어제"], ["running"], ["diary"],
            ["actions"], ["tags"], ["goals"], ["quests"], ["settings"], ["prefs"], ["history", "독서"], ["log", "--from", "40"], ["verify"],
            ["timetable"], ["timetable", "이번 주"], ["conflicts"], ["undo", "--list"],
            // Writing.
            ["tag", "add", "건강", "--color", "#33aa55", "--id", "health"], ["action", "edit", "물", "--tag", "건강"],
            ["count", "물", "2", "--at", "오후 3시"], ["count", "커피", "--at", "30분 전"], ["stop", "독서"], ["start", "독서", "--at", "8시 30분"],
            ["cancel", "독서"], ["start", "독서", "--at", "1시간 전"], ["stop", "--at", "지금"], ["edit", "@1", "--note", "좋은 책"],
            ["edit", "@1", "--start", "08:10"], ["delete", "@2"], ["undo"], ["restore", "@2"],
            ["goal", "add", "운동", "--start", "2026.03.01", "--id", "g3"],
            ["quest", "add", "--goal", "운동", "--action", "물", "--period", "weekly", "--target", "10", "--id", "q9"],
            ["quest", "edit", "q9", "--target", "12"], ["goal", "add", "책 읽기", "--start", "2026-03-01", "--id", "g4"],
            ["goal", "finish", "책 읽기"], ["goal", "confirm", "책 읽기", "achieved"], ["goal", "edit", "운동", "--title", "운동하기"],
            ["settings", "set", "--day-start", "오전 4시", "--from", "2026.03.08"], ["settings", "set", "--long-session-hours", "6"],
            ["prefs", "set", "--pin", "매일 읽기"], ["todo", "add", "빨래"], ["todo", "done", "1"], ["todo", "edit", "1", "--text", "빨래 개기"],
            ["todo", "delete", "1"], ["diary", "write", "--mood", "🙂", "--text", "좋은 하루"],
            ["export", "csv", dir + "/csv"], ["export", "timeclock", "--output", dir + "/t.timeclock"],
            ["export", "jsonl", "--output", dir + "/all.jsonl"], ["report", "--html", dir + "/report.html"],
            ["import", "jsonl", dir + "/all.jsonl"], ["import", "jsonl", dir + "/all.jsonl", "--ledger", dir + "/copy"],
            ["diff", "--known-at", "40"], ["sync", dir + "/shared"], ["rebuild"], ["quest", "delete", "q9"],
            ["tag", "delete", "건강", "--yes"],
            // Mistakes.
            ["dai"], ["start"], ["day", "someday"], ["stop", "물"], ["start", "--bogus"], ["count", "뭏"], ["count", "물", "0"],
            ["count", "물", "abc"], ["start", "독서", "--at", "25시"],
            ["quest", "add", "--goal", "매일 읽기", "--action", "독서", "--period", "daily", "--target", "삼십분"], ["edit", "zzzzzzz"],
            ["delete", "@99"], ["goal", "add", "새 목표"], ["tag", "add", "건강2", "--color", "빨강"],
            ["action", "add", "물", "--tracking", "count"],
            ["report", "--by", "행동"], ["report", "--from", "2026-03-09", "--to", "2026-03-01"], ["settings", "set"], ["stop"], ["cancel"],
            ["restore", "없는것"], ["export", "csv"], ["import", "timew", "/nonexistent/export.json"], ["verify", "--from", "5"],
            ["day", "--color", "가끔"], ["history", "없는것"], ["explain", "zzzz"], ["web", "--port", "99999"], ["start", "물"],
            ["goal", "confirm", "매일 읽기", "achieved"], ["todo", "done", "9"], ["day", "--as-of", "언젠가"], ["start", "독서", "독서"],
        ]
    }

    @Test(arguments: [Language.ko, .ja])
    func aFortnightIsInTheLanguage(_ lang: Language) throws {
        let dir = TempDir()
        let p = LanguageTests().ledger(dir)
        var text = ""
        for (k, args) in Self.everyday(dir.path).enumerated() {
            let r = haru(args + ["--lang", lang.rawValue, "--now", "2026-03-07T09:00:00+09:00"], ledger: p, seed: UInt64(200 + k))
            text += "$ haru \(args.joined(separator: " "))\n" + r.out + r.err + "[exit \(r.code)]\n\n"
        }
        let shown = text.replacingOccurrences(of: dir.path, with: "DIR")
        // The ids the ledger was made with (`--id read`): typed by the person, shown as given.
        let names: Set<String> = [
            "read", "water", "coffee", "run1", "run2", "health", "g1", "g2", "g3", "g4", "q1", "q2", "q3", "q9", "t1", "t2",
        ]
        let found = Self.englishLines(shown, names: names)
        #expect(found.isEmpty, "\(found.count) lines in English:\n\(found.joined(separator: "\n"))")
        try expectGolden(shown, "everyday-\(lang.rawValue).txt")
    }

    /// The page's words: the text between its tags and its labels, without the style sheet.
    static func pageText(_ html: String) -> String {
        var text = html
        if let a = text.range(of: "<style>"), let b = text.range(of: "</style>") { text.removeSubrange(a.lowerBound..<b.upperBound) }
        var out = ""
        var inTag = false
        var tag = ""
        for c in text {
            if c == "<" {
                inTag = true
                tag = ""
                out += "\n"
            } else if c == ">" {
                inTag = false
                // What a screen reader says is read too.
                if let r = tag.range(of: "aria-label=\"") {
                    out += tag[r.upperBound...].prefix { $0 != "\"" } + "\n"
                }
            } else if inTag {
                tag.append(c)
            } else {
                out.append(c)
            }
        }
        return out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
    }

    /// `report --html` and `timetable --html` in Korean and Japanese: the page's
    /// `lang`, every label, and durations as the terminal writes them.
    @Test(arguments: [Language.ko, .ja])
    func theHTMLPagesAreInTheLanguage(_ lang: Language) throws {
        let dir = TempDir()
        let p = LanguageTests().ledger(dir)
        let args = ["--lang", lang.rawValue, "--now", "2026-03-07T09:00:00+09:00"]
        let r = haru(["report", "--from", "2026-03-01", "--to", "2026-03-07", "--html", dir.path + "/r.html"] + args, ledger: p)
        #expect(r.code == 0, "\(r.err)")
        let t = haru(["timetable", "2026-03-06", "--html", dir.path + "/t.html"] + args, ledger: p)
        #expect(t.code == 0, "\(t.err)")
        var shown = ""
        for name in ["r.html", "t.html"] {
            let html = try String(contentsOfFile: dir.path + "/" + name, encoding: .utf8)
            #expect(html.contains("<html lang=\"\(lang.rawValue)\">"), "\(name)")
            shown += "== \(name)\n" + Self.pageText(html) + "\n"
        }
        let found = Self.englishLines(shown, names: ["read", "water", "coffee", "run1", "g1", "g2", "q1", "q2", "q3", "haru"])
        #expect(found.isEmpty, "\(found.count) lines in English:\n\(found.joined(separator: "\n"))")
        // The week's reading as the terminal's table writes it.
        let total = lang == .ko ? "4시간 20분" : "4時間20分"
        #expect(r.out.contains(total) && shown.contains(total), "\(total)")
        try expectGolden(shown, "report-\(lang.rawValue).txt")
    }
}
