import Testing

@_spi(Layers) @testable import HaruModel

/// A particle after a name takes the form the name's last sound asks for
/// (받침): the catalogue writes `%1을(를)`, people read `독서를` / `러닝을`.
struct KoreanParticlesTests {
    @Test(arguments: [
        ("독서을(를) 시작", "독서를 시작"), ("러닝을(를) 시작", "러닝을 시작"), ("물은(는)", "물은"), ("커피은(는)", "커피는"),
        ("산책이(가)", "산책이"), ("요가이(가)", "요가가"), ("독서과(와)", "독서와"), ("운동과(와)", "운동과"),
        ("물(으)로", "물로"), ("달리기(으)로", "달리기로"), ("산책(으)로", "산책으로"),
        // Quotes and brackets around a name are looked through.
        ("'독서'을(를)", "'독서'를"), ("\"러닝\"은(는)", "\"러닝\"은"), ("「책」을(를)", "「책」을"),
        // Numbers as read: 일 이 삼 사 오 육 칠 팔 구, 십 백 …
        ("3회을(를)", "3회를"), ("1을(를)", "1을"), ("2을(를)", "2를"), ("3을(를)", "3을"), ("10을(를)", "10을"), ("5(으)로", "5로"),
        ("7(으)로", "7로"), ("6(으)로", "6으로"), ("\"없는것\"(이)라는", "\"없는것\"이라는"), ("\"물\"(이)라는", "\"물\"이라는"),
        ("\"커피\"(이)라는", "\"커피\"라는"),
        // Latin names as Koreans read them.
        ("Gym을(를)", "Gym을"), ("Yoga을(를)", "Yoga를"), ("Pool(으)로", "Pool로"), ("Running이(가)", "Running이"),
        // A unit after a number by its Korean name: 킬로미터를, 킬로그램을, 리터를, 시간을, 마일로; a name stays a name.
        ("5.3 km을(를)", "5.3 km를"), ("3 kg을(를)", "3 kg을"), ("2L을(를)", "2L를"), ("7.5 h을(를)", "7.5 h을"), ("4 mi(으)로", "4 mi로"),
        ("30 min이(가)", "30 min이"), ("Film을(를)", "Film을"), ("Boom을(를)", "Boom을"),
        // What has no Korean reading keeps both forms.
        ("読書을(를)", "読書을(를)"), ("🏃을(를)", "🏃을(를)"),
        // Several in one sentence, each by its own word.
        ("독서은(는) 러닝과(와) 물을(를)", "독서는 러닝과 물을"), ("괄호 (메모)", "괄호 (메모)"),
    ])
    func particleFollowsTheName(_ written: String, _ read: String) { #expect(KoreanParticles.resolve(written) == read) }

    /// A mistyped Korean name is a letter or two off by its jamo: `뭏` meant `물`, `독서ㅓ` meant `독서`; `책` is not `물`.
    @Test func koreanNamesAreSuggestedLetterByLetter() {
        #expect(Suggest.spelled("물") == "ㅁㅜㄹ" && Suggest.spelled("Run") == "run")
        #expect(Suggest.nearestName("뭏", among: ["물", "커피", "독서"]) == "물")
        #expect(Suggest.nearestName("독서ㅓ", among: ["물", "커피", "독서"]) == "독서")
        #expect(Suggest.nearestName("커ㅣ", among: ["물", "커피", "독서"]) == "커피")
        #expect(Suggest.nearestName("책", among: ["물", "커피"]) == nil)
        #expect(Suggest.nearestName("운둥", among: ["운동", "독서"]) == "운동")
    }
}
