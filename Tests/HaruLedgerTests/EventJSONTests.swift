import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import HaruEngine
@_spi(Layers) @testable import HaruModel
@_spi(Layers) @testable import HaruStorage
@_spi(Layers) @testable import HaruSystem
@_spi(Layers) @testable import HaruViews

/// `haru log --json` writes events straight into bytes (`Event.writeJSON`);
/// the `JSONValue` form (`Event.json`) is the reference it must equal, byte
/// for byte, for every event of the Fixtures histories and for payloads
/// that need escaping.
struct EventJSONWriting {
    @Test func writtenBytesEqualTheValueFormForEveryFixtureEvent() throws {
        var files = ["demo/demo.jsonl"]
        for sub in ["days", "progress", "records"] {
            files += try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Fixtures/" + sub).sorted().map { sub + "/" + $0 }
        }
        let zones: [(Instant) -> Int] = [{ _ in 0 }, { _ in 9 * 3600 }, { _ in -(3 * 3600 + 30 * 60) }]
        var checked = 0
        for file in files {
            // One ledger per file; an event a fixture expects to be refused is left out.
            let dir = TempDir()
            let l = try Ledger.create(path: dir.ledgerPath)
            var rng = SeededRNG(seed: 7)
            let text = try String(contentsOfFile: packageRoot + "/Fixtures/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("{\"type\"") {
                _ = try? l.append(try events(String(line)), now: 1_000_000, rng: &rng)
            }
            try l.forEachEvent { e in
                for hide in [true, false] {
                    for offset in zones {
                        var bytes = JSONBytes()
                        e.writeJSON(prev: e.hash, to: &bytes, offset: offset, hideNotes: hide)
                        let reference = e.json(prev: e.hash, instant: { $0.format(offsetSeconds: offset($0)) }, hideNotes: hide)
                        #expect(bytes.text == reference.compactText, "\(file) seq \(e.seq)")
                    }
                }
                checked += 1
                return true
            }
        }
        #expect(checked > 250, "\(checked) events")
    }

    @Test func textThatNeedsEscapingAndEveryKindOfFieldAreWrittenAlike() throws {
        let note = "quote \" backslash \\ newline \n tab \t bell \u{07} é 😀"
        let cases: [(EventType, Payload)] = [
            (
                .sessionRecorded,
                Payload([
                    (.sessionID, .string("s\"1")), (.actionID, .string("a")), (.start, .int(-86_401)), (.end, .int(1_772_625_600)),
                    (.note, .string(note)),
                ])
            ),
            (
                .questCreated,
                Payload([
                    (.questID, .string("q")), (.goalID, .string("g")), (.period, .int(0)), (.direction, .int(1)),
                    (.targetTagID, .string("t")), (.targetMeasure, .int(1)), (.scheduleMode, .int(1)),
                    (.scheduleWeekdays, .ints([0, 2, 4])),
                    (.targetCount, .int(3)), (.deadline, .int(750)), (.customStart, .int(20_000)),
                ])
            ),
            (.settingsChanged, Payload([(.timeZone, .string("Asia/Seoul")), (.weekStart, .int(6)), (.representative, .int(1))])),
            (.actionEdited, Payload([(.actionID, .string("a")), (.symbol, .null), (.tagIDs, .strings(["x", "y\\"]))])),
        ]
        for (type, payload) in cases {
            for hide in [true, false] {
                var bytes = JSONBytes()
                payload.writeJSON(type: type, to: &bytes, offset: { _ in 5 * 3600 + 45 * 60 }, hideNotes: hide)
                let reference = payload.json(type: type, instant: { $0.format(offsetSeconds: 5 * 3600 + 45 * 60) }, hideNotes: hide)
                #expect(bytes.text == reference.compactText)
            }
        }
    }

    /// The byte writer opens a nested object once per run of its members:
    /// every schema must keep a nested object's members together.
    @Test func everySchemaKeepsANestedObjectsMembersTogether() {
        for type in EventType.allCases {
            let parents = type.schema.map { $0.field.parentName }
            var closed: Set<String> = []
            for (k, p) in parents.enumerated() {
                if k > 0, let before = parents[k - 1], before != p { closed.insert(before) }
                if let p { #expect(!closed.contains(p), "\(type.name): \(p) members apart") }
            }
        }
    }
}

/// `Payload.typed` holds typed values to the rules `Payload.parse` holds JSON to.
struct TypedPayloads {
    @Test func typedValuesGiveTheParsedPayloadAndBreakTheSameRules() throws {
        let json: JSONValue = .object([
            ("session_id", .string("s1")), ("action_id", .string("a1")), ("start", .string("2026-03-03T00:00:00Z")),
            ("end", .string("2026-03-03T01:00:00Z")), ("note", .string("n")),
        ])
        let parsed = try Payload.parse(json, type: .sessionRecorded, zones: .system)
        let typed = try Payload.typed(
            .sessionRecorded,
            [
                (.note, .string("n")), (.end, .int(1_772_499_600)), (.start, .int(1_772_496_000)), (.actionID, .string("a1")),
                (.sessionID, .string("s1")),
            ],
            zones: .system)
        #expect(typed == parsed)
        let cases: [([(Field, FieldValue)], String)] = [
            ([(.sessionID, .string("s 1")), (.actionID, .string("a")), (.start, .int(0)), (.end, .int(1))], "data.session_id"),
            ([(.sessionID, .string("s")), (.actionID, .string("a")), (.start, .int(0)), (.end, .int(253_402_300_800))], "data.end"),
            ([(.sessionID, .string("s")), (.actionID, .string("a")), (.start, .int(0))], "data.end"),
            (
                [(.sessionID, .string("s")), (.actionID, .string("a")), (.start, .int(0)), (.end, .int(1)), (.note, .string("a\u{1}b"))],
                "data.note"
            ),
            (
                [(.sessionID, .string("s")), (.actionID, .string("a")), (.start, .int(0)), (.end, .int(1)), (.name, .string("x"))],
                "data.name"
            ),
        ]
        for (values, field) in cases {
            #expect(throws: InputError.self) { try Payload.typed(.sessionRecorded, values, zones: .system) }
            do { _ = try Payload.typed(.sessionRecorded, values, zones: .system) } catch { #expect(error.field == field, "\(error)") }
        }
    }
}

/// An app writes the diary and its device's preferences with the typed
/// vocabulary: a page naming a photo goes in with the photo's bytes in the
/// same commit, and without them is refused naming the field.
struct TypedDiaryAndPreferences {
    @Test func aPageWithAPhotoAndADevicesListsGoInTyped() throws {
        let dir = TempDir()
        let ledger = try Ledger.create(path: dir.ledgerPath)
        var rng = SeededRNG(seed: 1)
        let at = Instant(seconds: 1_772_496_000)
        let now: Int64 = 1_772_496_000_000_000
        let photo = [UInt8](repeating: 7, count: 1000)
        let digest = photo.withUnsafeBytes { SHA256Context().hash($0) }.description
        let page = DiaryWritten(
            date: LocalDate(year: 2026, month: 3, day: 3)!, mood: "😊", text: "t", moodPhoto: digest, calendarEventIDs: ["E1:X"])
        #expect(throws: LedgerError.self) { _ = try ledger.append([try page.input(at: at)], now: now, rng: &rng) }
        do { _ = try ledger.append([try page.input(at: at)], now: now, rng: &rng) } catch let LedgerError.invalid(e) {
            #expect(e.field == "data.mood_photo", "\(e)")
        }
        let r = try ledger.append([try page.input(at: at)], blobs: [photo], now: now, rng: &rng)
        #expect(r.appended == 1)
        #expect(try ledger.blob(digest) == photo)
        let stored = try ledger.withStoredState { try $0.definition(.diary, "2026-03-03") }?.fields()
        #expect(stored?.string(.moodPhoto) == digest && stored?.strings(.calendarEventIDs) == ["E1:X"])
        // A device's lists name what exists: a goal that is not there is refused, naming the list.
        let prefs = DevicePreferencesChanged(deviceID: "phone", pinnedGoalIDs: .set(["nope"]), memoActionIDs: .clear)
        do {
            _ = try ledger.append([try prefs.input(at: at)], now: now, rng: &rng)
            Issue.record("a pinned goal that does not exist was taken")
        } catch let LedgerError.invalid(e) {
            #expect(e.field == "data.pinned_goal_ids", "\(e)")
        }
        let cleared = DevicePreferencesChanged(deviceID: "phone", watchGoalIDs: .set([]), memoActionIDs: .clear)
        #expect(try ledger.append([try cleared.input(at: at)], now: now, rng: &rng).appended == 1)
        let device = try ledger.withStoredState { try $0.definition(.device, "phone") }?.fields()
        #expect(device?.strings(.watchGoalIDs) == [] && device?.has(.memoActionIDs) == false)
    }
}
