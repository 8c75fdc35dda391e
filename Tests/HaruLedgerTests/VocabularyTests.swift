import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruViews

/// The typed vocabulary: every event type, field and choice round-trips
/// through its name, and the stored numbers stay where they were (a stored
/// byte that moved would misread every ledger written before).
struct Vocabulary {
    @Test func everyEventTypeRoundTripsThroughItsNameAndKeepsItsCode() {
        for t in EventType.allCases {
            #expect(EventType(name: t.name) == t)
            #expect(EventType(rawValue: t.rawValue) == t)
            #expect(!t.schema.isEmpty, "\(t.name) has fields")
            #expect(t.entityField.map { f in t.schema.contains { $0.field == f && $0.required } } ?? true)
        }
        #expect(Set(EventType.allCases.map(\.name)).count == EventType.allCases.count)
        // Codes are stored and chained: pinned.
        #expect(EventType.settingsChanged.rawValue == 1 && EventType.countAdded.rawValue == 14 && EventType.questDeleted.rawValue == 24)
        #expect(EventType.allCases.map(\.rawValue) == Array(1...UInt16(EventType.allCases.count)), "dense from 1: tables index by code - 1")
    }

    @Test func everyFieldRoundTripsThroughItsNameAndNestsAsItsNameSays() {
        for f in Field.allCases {
            #expect(Field(jsonName: f.jsonName) == f)
            if let parent = f.parentName {
                #expect(f.jsonName == parent + "." + f.leafName)
            } else {
                #expect(f.leafName == f.jsonName && !f.jsonName.contains("."))
            }
        }
        #expect(Set(Field.allCases.map(\.jsonName)).count == Field.allCases.count)
        #expect(Field.timeZone.rawValue == 1 && Field.deadline.rawValue == 44, "tags are stored: pinned")
        #expect(Field.order.rawValue == 45 && Field.longSessionHours.rawValue == 46, "tags are stored: pinned")
    }

    /// Docs/events.md lists every type with its fields, exactly as the schema has them.
    @Test func theEventReferenceListsEveryTypeWithItsFields() throws {
        let doc = try String(contentsOfFile: packageRoot + "/Docs/events.md", encoding: .utf8)
        for t in EventType.allCases {
            let rules = t.schema
            func names(_ r: [FieldRule]) -> [String] { r.map { "`\($0.field.jsonName)`" } }
            let required = names(rules.filter(\.required)).joined(separator: ", ")
            let optional = names(rules.filter { !$0.required && !$0.nullable })
                + rules.filter(\.nullable).map { "`\($0.field.jsonName)` (null removes)" }
            let row = "| `\(t.name)` | \(required.isEmpty ? "–" : required) | \(optional.isEmpty ? "–" : optional.joined(separator: ", ")) |"
            #expect(doc.contains(row + "\n"), "Docs/events.md lacks or differs on: \(row)")
        }
    }

    @Test func everyChoiceRoundTripsThroughItsWordAndKeepsItsStoredNumber() {
        func check<C: Choice>(_: C.Type, _ words: [String]) {
            #expect(C.words == words, "\(C.self): stored numbers follow this order")
            for c in C.allCases {
                #expect(C(word: c.word) == c)
                #expect(C(rawValue: c.rawValue) == c)
            }
            #expect(C(word: "nonsense") == nil)
        }
        check(Tracking.self, ["time", "count"])
        check(Measure.self, ["time", "count"])
        check(Period.self, ["daily", "weekly", "monthly", "custom"])
        check(ScheduleMode.self, ["every_day", "weekdays", "month_days", "ordinal_weekday"])
        check(Direction.self, ["at_least", "at_most"])
        check(Outcome.self, ["achieved", "not_achieved"])
        check(Representative.self, ["earliest", "latest"])
        // Each choice field takes its enum's words, and parses and prints them alike.
        var seen: [ChoiceSet] = []
        for f in Field.allCases {
            guard case .choice(let set) = f.kind else { continue }
            seen.append(set)
            for (k, w) in set.words.enumerated() {
                #expect(set.stored(w) == Int64(k))
                #expect(set.word(Int64(k)) == w)
            }
            #expect(set.word(Int64(set.words.count)) == nil)
        }
        #expect(Set(seen.map { "\($0)" }) == Set(ChoiceSet.allCases.map { "\($0)" }), "every choice belongs to a field")
    }

    @Test func weekdaysAndDefinitionKindsRoundTrip() {
        for d in Weekday.allCases { #expect(Weekday(name: d.name) == d) }
        for k in DefinitionKind.allCases {
            #expect(DefinitionKind(rawValue: k.rawValue) == k)
            #expect(DefinitionKind.allCases[Int(k.rawValue) - 1] == k, "dense from 1: tables index by raw value - 1")
        }
    }
}
