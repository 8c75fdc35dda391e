import Foundation
import HaruLedger
import TestSupport
import Testing

@testable import HaruCLI
@_spi(Layers) @testable import HaruModel

/// `--lang en|ko|ja` (else LC_ALL, LC_MESSAGES, LANG): the human output of
/// day, report, progress, records, running and diary, and the common
/// errors, in the app's own terms; JSON the same in every language. The
/// outputs are pinned by golden files (Tests/HaruCLITests/Golden/), written
/// anew with HARU_UPDATE_GOLDEN=1 and read by a person before they are kept.
struct LanguageTests {
    /// Every phrase has all three languages, none empty, none left in
    /// English, each with the same placeholders.
    @Test func theCatalogueHasEveryPhraseInEveryLanguage() {
        func placeholders(_ s: String) -> [String] {
            var out: [String] = []
            var chars = Array(s)[...]
            while let k = chars.firstIndex(of: "%") {
                chars = chars[(k + 1)...]
                if let d = chars.first, d.isNumber { out.append("%\(d)") }
            }
            return out.sorted()
        }
        func check(_ name: String, _ text: (Language) -> String, same: Bool = false) {
            let en = text(.en)
            #expect(!en.isEmpty, "\(name)")
            for l in [Language.ko, .ja] {
                let t = text(l)
                #expect(!t.isEmpty, "\(name) \(l)")
                #expect(t != en || same, "\(name) is not translated into \(l)")
                #expect(placeholders(t) == placeholders(en), "\(name) \(l): \(placeholders(t)) vs \(placeholders(en))")
            }
        }
        // `ID` is the app's word in every language.
        for p in Phrase.allCases { check("\(p)", p.text, same: p == .colID) }
        for p in Done.allCases { check("Done.\(p)", p.text) }
        for p in Refusal.allCases { check("Refusal.\(p)", p.text) }
        // A page's `%1 → %2` is the same in every language.
        for p in ViewWords.allCases { check("ViewWords.\(p)", p.text) }
        for p in ReportPhrase.allCases {
            check(
                "ReportPhrase.\(p)", { l in l == .en ? p.english : l == .ko ? Words.korean(p) : Words.japanese(p) },
                same: [.runs, .periodTitle, .periodRangeTitle].contains(p))
        }
    }

    /// Units and words people read: durations, counts, weekdays, schedules, streaks.
    @Test func unitsAreWrittenAsTheAppWritesThem() {
        let ko = Words(language: .ko), ja = Words(language: .ja), en = Words.english
        for (s, e, k, j) in [
            (5400 as Int64, "1h 30m", "1시간 30분", "1時間30分"), (3600, "1h 00m", "1시간", "1時間"), (2710, "45m 10s", "45분 10초", "45分10秒"),
            (45, "45s", "45초", "45秒"), (0, "0s", "0초", "0秒"),
        ] {
            #expect(en.duration(s) == e)
            #expect(ko.duration(s) == k)
            #expect(ja.duration(s) == j)
        }
        #expect([en.times(3), ko.times(3), ja.times(3)] == ["×3", "3회", "3回"])
        #expect(
            [en.streak(4, unit: "days"), ko.streak(4, unit: "days"), ja.streak(4, unit: "weeks")] == ["streak 4 days", "연속 4일", "連続4週"])
        #expect(ko.weekday(.wednesday) == "수" && ja.weekday(.sunday) == "日")
        #expect(ko.day(LocalDate(year: 2026, month: 3, day: 4)!, english: "") == "2026-03-04 (수)")
    }

    /// Which language: `--lang`, else LC_ALL, LC_MESSAGES, LANG (the first set), else English.
    @Test func theLanguageComesFromTheOptionElseTheLocale() {
        func chosen(_ args: [String], _ env: [String: String]) -> Language? { Language.chosen(arguments: args, environment: env) }
        #expect(chosen([], [:]) == .en)
        #expect(chosen([], ["LANG": "ko_KR.UTF-8"]) == .ko)
        #expect(chosen([], ["LANG": "ko_KR.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"]) == .ja)
        #expect(chosen([], ["LANG": "ja_JP.UTF-8", "LC_ALL": "C.UTF-8"]) == .en)
        #expect(chosen(["day", "--lang", "ko"], ["LC_ALL": "ja_JP"]) == .ko)
        #expect(chosen(["day", "--lang=ja"], [:]) == .ja)
        #expect(chosen(["day", "--lang", "fr"], [:]) == nil)
        let r = haru(["day", "--lang", "fr"])
        #expect(r.code == 2)
        #expect(r.err == "Error: --lang takes en, ko or ja (got \"fr\")\n")
        let ko = haru(["dai"], adjust: { $0.environment["LANG"] = "ko_KR.UTF-8" })
        #expect(ko.err.hasPrefix("오류: 알 수 없는 명령 'dai'; 'day'를 뜻하셨나요?\n사용법: haru"), "\(ko.err)")
    }

    /// A week in Seoul with days from 05:00: reading sessions (one running),
    /// water counts, a daily quest with a streak, a weekly limit, a goal that
    /// ended, a diary page and to-dos.
    func ledger(_ dir: TempDir) -> String {
        let p = dir.ledgerPath
        let setup = "2026-03-01T06:00:00+09:00"
        var calls: [[String]] = [
            ["init", "--time-zone", "Asia/Seoul", "--day-start", "05:00", "--now", setup],
            ["action", "add", "독서", "--tracking", "time", "--id", "read", "--now", setup],
            ["action", "add", "물", "--tracking", "count", "--id", "water", "--now", setup],
            ["action", "add", "커피", "--tracking", "count", "--id", "coffee", "--now", setup],
            ["goal", "add", "매일 읽기", "--start", "2026-03-01", "--id", "g1", "--now", setup],
            ["quest", "add", "--goal", "g1", "--action", "독서", "--period", "daily", "--target", "30m", "--id", "q1", "--now", setup],
            [
                "quest", "add", "--goal", "g1", "--action", "물", "--period", "daily", "--target", "3", "--weekdays", "mon,wed,fri", "--id",
                "q2", "--now", setup,
            ],
            ["goal", "add", "커피 줄이기", "--start", "2026-03-01", "--end", "2026-03-04", "--id", "g2", "--now", setup],
            [
                "quest", "add", "--goal", "g2", "--action", "커피", "--period", "weekly", "--target", "5", "--at-most", "--id", "q3", "--now",
                setup,
            ],
        ]
        for k in 0..<5 {
            let day = String(format: "2026-03-%02d", 2 + k)
            calls += [
                ["start", "독서", "--at", "\(day) 20:00", "--now", "\(day)T21:00:00+09:00"],
                ["stop", "독서", "--at", "\(day) 20:40", "--now", "\(day)T21:00:00+09:00"],
                ["count", "물", "\(k % 2 == 0 ? 3 : 1)", "--now", "\(day)T10:00:00+09:00"],
                ["count", "커피", "2", "--now", "\(day)T09:00:00+09:00"],
            ]
        }
        calls += [
            ["start", "독서", "--id", "run1", "--now", "2026-03-07T08:00:00+09:00"],
            ["todo", "add", "장보기", "--date", "2026-03-07", "--id", "t1", "--now", "2026-03-07T08:00:00+09:00"],
            ["todo", "add", "엄마께 전화", "--date", "2026-03-07", "--id", "t2", "--now", "2026-03-07T08:00:00+09:00"],
            ["todo", "done", "t1", "--now", "2026-03-07T08:30:00+09:00"],
            ["diary", "write", "2026-03-07", "--mood", "😊", "--text", "아침에 책을 읽었다.", "--now", "2026-03-07T08:40:00+09:00"],
        ]
        // Pinned seeds: the same ids (and short refs) on every run.
        for (k, args) in calls.enumerated() {
            let r = haru(args, ledger: p, seed: UInt64(k + 1))
            #expect(r.code == 0, "\(args): \(r.err)")
        }
        return p
    }

    static let commands: [[String]] = [
        ["day", "2026-03-04"], ["report", "--from", "2026-03-02", "--to", "2026-03-06", "--every", "day"], ["progress"],
        ["records", "2026-03-06"], ["running"], ["diary", "2026-03-07"], ["actions"], ["goals", "--all"], ["quests"], ["tags"],
    ]

    /// Ten common mistakes, each said in the language.
    static let mistakes: [[String]] = [
        ["dai"], ["start"], ["day", "someday"], ["stop", "물"], ["start", "--bogus"], ["start", "독서"], ["diary", "write"],
        ["todo", "done", "1", "--date", "2026-03-01"], ["--ledger", "/nonexistent/ledger", "day"], ["records", "yesterdayy"],
    ]

    /// A day's writes at a terminal, what each says it did.
    static let writes: [[String]] = [
        ["todo", "add", "빨래", "--id", "t9"], ["todo", "done", "t9"], ["todo", "undo", "1"], ["count", "물", "2"], ["stop", "독서"],
        ["start", "독서", "--id", "run2"], ["diary", "write", "--mood", "🙂"], ["todo", "delete", "t9"],
        ["todo", "done", "5"],
    ]

    func transcript(_ p: String, _ lang: Language) -> String {
        var out = ""
        for (k, args) in (Self.commands + Self.mistakes + Self.writes).enumerated() {
            let r = haru(args + ["--lang", lang.rawValue, "--now", "2026-03-07T09:00:00+09:00"], ledger: p, seed: UInt64(100 + k))
            out += "$ haru \(args.joined(separator: " ")) --lang \(lang.rawValue)\n" + r.out + r.err + "[exit \(r.code)]\n\n"
        }
        return out
    }

    @Test(arguments: [Language.ko, .ja, .en])
    func outputsAndMistakesArePinned(_ lang: Language) throws {
        let dir = TempDir()
        let p = ledger(dir)
        let text = transcript(p, lang)
        let golden = packageRoot + "/Tests/HaruCLITests/Golden/lang-\(lang.rawValue).txt"
        if ProcessInfo.processInfo.environment["HARU_UPDATE_GOLDEN"] == "1" {
            try text.write(toFile: golden, atomically: true, encoding: .utf8)
        }
        let want = try String(contentsOfFile: golden, encoding: .utf8)
        #expect(text == want, "differs from \(golden) (HARU_UPDATE_GOLDEN=1 writes it anew; read the difference first)")
        // The errors are said in the language, never in English (but for English).
        if lang != .en { #expect(!text.contains("Error:") && !text.contains("Usage:")) }
    }

    /// JSON never changes with the language.
    @Test func jsonIsTheSameInEveryLanguage() throws {
        let dir = TempDir()
        let p = ledger(dir)
        for args in Self.commands {
            let en = haru(args + ["--json", "--now", "2026-03-07T09:00:00+09:00"], ledger: p)
            for l in ["ko", "ja"] {
                let other = haru(args + ["--json", "--lang", l, "--now", "2026-03-07T09:00:00+09:00"], ledger: p)
                #expect(other.out == en.out, "\(args) --lang \(l)")
            }
        }
    }
}
