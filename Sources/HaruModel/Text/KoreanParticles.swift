/// Korean particles after a name, chosen by how the name ends (받침): a
/// phrase is written with both forms, `%1을(를)`, `%1은(는)`, `%1이(가)`,
/// `%1과(와)`, `%1(으)로`, `%1(이)라는`, and `resolve` keeps the one the word before takes
/// — `독서를`, `러닝을`, `물로`, `달리기로`, `산책으로`, `3회를`. A name ending in
/// something with no Korean reading (kana, an emoji) keeps both forms, as
/// Korean software writes when it cannot know.
package enum KoreanParticles {
    /// `text` with each two-form particle replaced by the form its word takes.
    package static func resolve(_ text: String) -> String {
        guard text.contains("(") else { return text }
        var out = ""
        var rest = Substring(text)
        while let (range, forms) = nextParticle(in: rest) {
            out += rest[..<range.lowerBound]
            switch ending(of: out) {
            case .vowel?: out += forms.vowel
            case .rieul?: out += forms.rieul
            case .consonant?: out += forms.consonant
            case nil: out += rest[range]
            }
            rest = rest[range.upperBound...]
        }
        return out + rest
    }

    private struct Forms {
        var consonant: String, vowel: String, rieul: String
    }

    /// Each particle as written in a phrase, and its forms after a consonant, a vowel and ㄹ.
    private static let particles: [(String, Forms)] = [
        ("을(를)", Forms(consonant: "을", vowel: "를", rieul: "을")),
        ("은(는)", Forms(consonant: "은", vowel: "는", rieul: "은")),
        ("이(가)", Forms(consonant: "이", vowel: "가", rieul: "이")),
        ("과(와)", Forms(consonant: "과", vowel: "와", rieul: "과")),
        ("(으)로", Forms(consonant: "으로", vowel: "로", rieul: "로")),
        ("(이)라", Forms(consonant: "이라", vowel: "라", rieul: "이라")),
    ]

    private static func nextParticle(in s: Substring) -> (Range<Substring.Index>, Forms)? {
        var best: (Range<Substring.Index>, Forms)?
        for (written, forms) in particles {
            if let r = s.firstRange(of: written), best == nil || r.lowerBound < best!.0.lowerBound { best = (r, forms) }
        }
        return best
    }

    private enum Ending { case vowel, consonant, rieul }

    /// How the last word of `text` ends when read aloud in Korean; quotes
    /// and closing brackets around a name are looked through.
    private static func ending(of text: String) -> Ending? {
        let closing: Set<Character> = ["'", "\"", "’", "”", ")", "]", "」", "』", "`", "*"]
        var word = Substring(text)
        while let c = word.last, closing.contains(c) { word = word.dropLast() }
        guard let last = word.last, let u = last.unicodeScalars.first?.value else { return nil }
        switch u {
        case 0xAC00...0xD7A3:
            let final = (u - 0xAC00) % 28
            return final == 0 ? .vowel : final == 8 ? .rieul : .consonant
        case 0x3131...0x314E: return last == "ㄹ" ? .rieul : .consonant
        case 0x30...0x39: return numberEnding(word.reversed().prefix { $0.isASCII && $0.isNumber })
        case 0x41...0x5A, 0x61...0x7A:
            // A unit after a number is read by its Korean name: `5 km` is
            // 5 킬로미터 (를), `3 kg` 3 킬로그램 (을), `2 L` 2 리터 (를).
            let letters = String(word.reversed().prefix { $0.isASCII && $0.isLetter }.reversed())
            let before = word.dropLast(letters.count)
            let afterNumber = before.last?.isNumber == true || (before.last == " " && before.dropLast().last?.isNumber == true)
            if afterNumber, let read = unitEndings[letters.lowercased()] { return read }
            // As English is read in Korean: -l as ㄹ, -m, -n, -ng a final consonant, the rest open.
            let lower = word.lowercased()
            if lower.hasSuffix("l") { return .rieul }
            return lower.hasSuffix("m") || lower.hasSuffix("n") || lower.hasSuffix("ng") ? .consonant : .vowel
        default: return nil
        }
    }

    /// Units people write after a number, as their Korean names end:
    /// 킬로미터, 미터, 리터, 초, 칼로리 open; 킬로그램, 그램, 시간, 분 closed; 마일 ㄹ.
    private static let unitEndings: [String: Ending] = [
        "km": .vowel, "m": .vowel, "cm": .vowel, "mm": .vowel, "l": .vowel, "ml": .vowel, "s": .vowel, "sec": .vowel,
        "kcal": .vowel, "cal": .vowel, "ft": .vowel, "lb": .vowel, "lbs": .vowel, "oz": .vowel, "kg": .consonant, "g": .consonant,
        "mg": .consonant, "h": .consonant, "hr": .consonant, "hrs": .consonant, "min": .consonant, "mi": .rieul,
    ]

    /// A number read in Korean ends as its last digit does (일, 이, 삼 …);
    /// a round number as its unit (십, 백, 천, 만: all end in a consonant).
    private static func numberEnding(_ reversedDigits: some Collection<Character>) -> Ending {
        switch reversedDigits.first {
        case "1", "7", "8": return .rieul
        case "0", "3", "6": return .consonant
        default: return .vowel
        }
    }
}
