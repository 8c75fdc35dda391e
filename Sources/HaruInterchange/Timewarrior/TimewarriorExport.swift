/// Reading `timew export`: a JSON array of intervals
/// `{"id", "start", "end"?, "tags"?, "annotation"?}` with instants like
/// `20221210T000000Z`.
///
/// Two readers give the same intervals. A plain export (what timewarrior
/// writes: those keys, strings without escapes, the compact instants) is
/// scanned in place; anything else — an escape, another key, a key twice, an
/// instant in ISO 8601, a bad value — sends the whole text to the full JSON
/// parser, which accepts it or names the interval and the rule. The scan is
/// what makes a decade of intervals import at the speed of `haru append`:
/// the JSON value tree of a million intervals cost more than appending them.

@_spi(Layers) import HaruEngine
@_spi(Layers) import HaruModel
@_spi(Layers) import HaruStorage
@_spi(Layers) import HaruSystem
@_spi(Layers) import HaruViews

extension TimewarriorImport {
    struct Interval: Sendable {
        var index: Int
        var start: Instant
        var end: Instant?
        var tags: [String]
        var annotation: String?
    }

    /// The intervals of an export, in the order of the array.
    static func intervals(_ bytes: [UInt8]) throws -> [Interval] {
        if let fast = bytes.withUnsafeBufferPointer({ b in
            var scan = PlainScan(bytes: b)
            return scan.intervals()
        }) {
            return fast
        }
        return try parsedIntervals(bytes)
    }

    /// The full parser's reading: every rule named with its interval.
    static func parsedIntervals(_ bytes: [UInt8]) throws -> [Interval] {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes: bytes) } catch {
            throw Refusal(interval: nil, reason: "not the JSON of `timew export` (\(error))")
        }
        guard case .array(let items) = json else {
            throw Refusal(interval: nil, reason: "`timew export` writes a JSON array of intervals (got \(json.typeName))")
        }
        var intervals: [Interval] = []
        intervals.reserveCapacity(items.count)
        for (k, item) in items.enumerated() {
            let n = k + 1
            guard case .object = item else { throw Refusal(interval: n, reason: "must be an object") }
            guard case .string(let s)? = item["start"], let start = instant(s) else {
                throw Refusal(
                    interval: n,
                    reason:
                        "start: must be a timewarrior time such as 20221210T070000Z (got \(Echo.plain(item["start"]?.compactText ?? "nothing")))"
                )
            }
            var end: Instant?
            if let e = item["end"] {
                guard case .string(let t) = e, let i = instant(t) else {
                    throw Refusal(interval: n, reason: "end: must be a timewarrior time such as 20221210T080000Z")
                }
                guard i > start else { throw Refusal(interval: n, reason: "end: must be after start") }
                end = i
            }
            var tags: [String] = []
            if let t = item["tags"] {
                guard case .array(let ts) = t else { throw Refusal(interval: n, reason: "tags: must be an array of strings") }
                for x in ts {
                    guard case .string(let s) = x, !s.isEmpty else {
                        throw Refusal(interval: n, reason: "tags: must be an array of strings")
                    }
                    tags.append(s)
                }
            }
            var annotation: String?
            if let a = item["annotation"] {
                guard case .string(let s) = a else { throw Refusal(interval: n, reason: "annotation: must be a string") }
                annotation = s.isEmpty ? nil : s
            }
            intervals.append(Interval(index: n, start: start, end: end, tags: tags, annotation: annotation))
        }
        return intervals
    }

    /// `20221210T070000Z` (timewarrior's form), or any ISO 8601 instant.
    static func instant(_ s: String) -> Instant? {
        var s = s
        if let compact = s.withUTF8({ compactInstant($0) }) { return compact }
        if case .success(let i) = Instant.parse(s) { return i }
        return nil
    }

    /// Timewarrior's own form, `20221210T070000Z`, read in place; nil for anything else.
    static func compactInstant(_ b: UnsafeBufferPointer<UInt8>) -> Instant? {
        guard b.count == 16, b[8] == UInt8(ascii: "T"), b[15] == UInt8(ascii: "Z") else { return nil }
        func n(_ at: Int, _ count: Int) -> Int? {
            var v = 0
            for k in at..<(at + count) {
                guard b[k] >= 0x30, b[k] <= 0x39 else { return nil }
                v = v * 10 + Int(b[k] - 0x30)
            }
            return v
        }
        guard let y = n(0, 4), let mo = n(4, 2), let d = n(6, 2), let h = n(9, 2), let mi = n(11, 2), let se = n(13, 2),
            let date = LocalDate(year: y, month: mo, day: d), h < 24, mi < 60, se < 60
        else { return nil }
        return Instant(seconds: Int64(date.daysSinceEpoch) * 86_400 + Int64(h * 3600 + mi * 60 + se))
    }

    /// The scan of a plain export; nil as soon as something is not plain
    /// (it never refuses: the full parser decides what is wrong). It reads
    /// one interval at a time (`next`), so a stream can scan as it goes.
    struct PlainScan {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        init(bytes: UnsafeBufferPointer<UInt8>, at offset: Int = 0) {
            self.bytes = bytes
            i = offset
        }

        enum Item { case interval(Interval), end, notPlain }

        /// The next interval of the array (`index` is its place, 1-based),
        /// its end, or that the text is not plain from here on.
        mutating func next(index: Int) -> Item {
            if index == 1 {
                guard take(UInt8(ascii: "[")) else { return .notPlain }
                if take(UInt8(ascii: "]")) { return atEnd() ? .end : .notPlain }
            } else {
                if take(UInt8(ascii: "]")) { return atEnd() ? .end : .notPlain }
                guard take(UInt8(ascii: ",")) else { return .notPlain }
            }
            guard let iv = interval(index: index) else { return .notPlain }
            return .interval(iv)
        }

        mutating func intervals() -> [Interval]? {
            var out: [Interval] = []
            // About one interval per 90 bytes: one growth at most.
            out.reserveCapacity(bytes.count / 80 + 1)
            while true {
                switch next(index: out.count + 1) {
                case .interval(let iv): out.append(iv)
                case .end: return out
                case .notPlain: return nil
                }
            }
        }

        mutating func atEnd() -> Bool {
            skipSpace()
            return i == bytes.count
        }

        mutating func interval(index: Int) -> Interval? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var start: Instant?, end: Instant?, tags: [String]?, annotation: String??, id = false
            if take(UInt8(ascii: "}")) { return nil }
            while true {
                guard let key = plain(), take(UInt8(ascii: ":")) else { return nil }
                switch (key.count, key.first) {
                case (2, UInt8(ascii: "i")) where !id && same(key, "id"):
                    guard number() else { return nil }
                    id = true
                case (5, UInt8(ascii: "s")) where start == nil && same(key, "start"):
                    guard let s = plain(), let t = compactInstant(s) else { return nil }
                    start = t
                case (3, UInt8(ascii: "e")) where end == nil && same(key, "end"):
                    guard let s = plain(), let t = compactInstant(s) else { return nil }
                    end = t
                case (4, UInt8(ascii: "t")) where tags == nil && same(key, "tags"):
                    guard take(UInt8(ascii: "[")) else { return nil }
                    var list: [String] = []
                    if !take(UInt8(ascii: "]")) {
                        while true {
                            guard let s = plain(), s.count > 0, let tag = text(s) else { return nil }
                            list.append(tag)
                            if take(UInt8(ascii: "]")) { break }
                            guard take(UInt8(ascii: ",")) else { return nil }
                        }
                    }
                    tags = list
                case (10, UInt8(ascii: "a")) where annotation == nil && same(key, "annotation"):
                    guard let s = plain(), let text = text(s) else { return nil }
                    annotation = .some(text.isEmpty ? nil : text)
                default:
                    return nil
                }
                if take(UInt8(ascii: "}")) { break }
                guard take(UInt8(ascii: ",")) else { return nil }
            }
            guard let start else { return nil }
            if let end, end <= start { return nil }
            return Interval(index: index, start: start, end: end, tags: tags ?? [], annotation: annotation ?? nil)
        }

        /// The string of a plain string's bytes; nil when they are not UTF-8.
        /// ASCII (nearly every tag) skips the general validation, which
        /// looked up generic metadata for every string.
        func text(_ s: UnsafeBufferPointer<UInt8>) -> String? {
            if s.allSatisfy({ $0 < 0x80 }) { return String(decoding: s, as: UTF8.self) }
            return String(validating: s, as: UTF8.self)
        }

        func same(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
            key.count == name.utf8CodeUnitCount
                && zip(key, UnsafeBufferPointer(start: name.utf8Start, count: key.count)).allSatisfy { $0 == $1 }
        }

        mutating func skipSpace() {
            while i < bytes.count {
                let c = bytes[i]
                guard c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D else { return }
                i += 1
            }
        }

        mutating func take(_ c: UInt8) -> Bool {
            skipSpace()
            guard i < bytes.count, bytes[i] == c else { return false }
            i += 1
            return true
        }

        /// A string without escapes or control bytes, as its bytes (UTF-8 checked by the caller).
        mutating func plain() -> UnsafeBufferPointer<UInt8>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = i
            while i < bytes.count {
                let c = bytes[i]
                if c == UInt8(ascii: "\"") {
                    defer { i += 1 }
                    return UnsafeBufferPointer(rebasing: bytes[start..<i])
                }
                if c == UInt8(ascii: "\\") || c < 0x20 { return nil }
                i += 1
            }
            return nil
        }

        /// A whole number (timewarrior's interval ids), skipped.
        mutating func number() -> Bool {
            skipSpace()
            let start = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i > start && i - start < 19
        }
    }
}
