import Testing

@testable import HaruModel
@testable import HaruViews

/// A ratio as people read it: short of 1 never reads as done (issue 44: a goal
/// showed a full bar for a quest at 29m 50s of 30m).
struct ShownPercentTests {
    @Test(arguments: [
        (0.0, 0, 0), (0.04, 4, 0), (0.05, 5, 1), (0.5, 50, 5), (0.94, 94, 9), (0.95, 95, 9),
        (1790.0 / 1800.0, 99, 9), (0.995, 99, 9), (0.999_999, 99, 9), (1.0, 100, 10), (1.0 - 1e-12, 100, 10), (5.0 / 3.0, 167, 10),
    ])
    func aRatioShortOfOneNeverReadsAsDone(ratio: Double, percent: Int, cells: Int) {
        #expect(ShownPercent.of(ratio) == percent, "\(ratio)")
        #expect(ShownPercent.cells(ratio, of: 10) == cells, "\(ratio)")
    }
}

/// "Did you mean": a part of one name means it (Korean names are short words).
struct SuggestNameTests {
    @Test(arguments: [
        ("책", ["책과 운동", "물"], "책과 운동"), ("Read", ["Reading", "Water"], "Reading"), ("Watr", ["Reading", "Water"], "Water"),
        ("R", ["Reading", "Running"], nil), ("운", ["운동", "운전"], nil), ("xyz", ["Reading"], nil),
    ])
    func aPartOfOneNameMeansIt(typed: String, names: [String], meant: String?) {
        #expect(Suggest.nearestName(typed, among: names) == meant)
    }
}
