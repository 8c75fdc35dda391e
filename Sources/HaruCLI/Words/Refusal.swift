import HaruLedger

/// Why a command line cannot run, in the three languages (a `Catalogue`):
/// the parser's refusals, the options' values, and what a name or a
/// reference does not find (`Resolver.Unresolved.Reason`, said by
/// `Refusal.words(_:_:)`). Each names the option, the value and what would do.
enum Refusal: Catalogue {
    // The parser.
    case takesNoValue, needsValue, givenTwice, unexpectedArgument, unknownOptionHere
    // Options and arguments.
    case noSettingGiven, notAWholeNumber, byTakes, everyTakes, fromAfterTo, colorTakes, alertTakes, countHasOneTime, startRequired
    case goalRequired, periodRequired, targetRequired, measureWithTag, tagNeedsMeasure, measureTakes, oneTarget, notAQuestAmount
    case ordinalWithWeekday, oneSchedule, moreThanADayAhead, severalRunning, nothingToChangeSession, nothingToChangeCount
    case recordWas, recordWasAlready, endsBeforeStart, notDeletedNothingToRestore, nothingDeletedCalled, fromAndHash, notASeq, notAHash
    case neitherDayNorTime, noLedgerGiven, waitSeconds, longSession, longSessionAsk, nothingWritten
    // What a name or a reference does not find.
    case sameName, ambiguousPrefix, formerNames, deletedAt, deletedRestore, noQuest, noTodo, noDiary, noDevice, noneNamed, noneNamedNear
    case makeIt, ambiguousRecordPrefix, nothingNamed, noRecord, notAReference, noRecordsYet, onlyRecords, notARecordRef
    case ruleWholeNumber, ruleColour, ruleNameTaken, ruleTracksCount, ruleTracksTime, ruleTodoDone, ruleTodoNotDone, ruleGoalHasQuests
    case ruleNoSuchID, ruleDeletedAt, ruleGoalFinished, ruleGoalConfirmed, ruleNotRunning, ruleSkipTarget, ruleSkipTooLong, noSkip,
        ruleUnitOnTime, ruleDecimalsOnTime, tooManyDecimals, wholeCountsOnly, countRange,
        toBeforeDay
    case inputLine, diffNeedsKnownAt, notAKnownAt, knownAtRefused, recordsOfActions
    case needsOffset, wholeSeconds, offsetRange, outsideLedgerTimes, notAnInstant, mustBeOneOf, reportDays, timetableDays, expectHeadSeq,
        trackingRequired, favoriteTakes, notWithFrom, fromNoFolder, fromEmpty, fileEmpty, stdinNotText, leavesPageEmpty, noBlob,
        ambiguousConflict, nothingToChangeTodo, ambiguousTodo, noTodoHere, todoDeleted, nothingToChangePrefs, notADayNumber, noSyncTarget,
        emptyPath, cwdUnreadable, csvLang, noHabitsCSV, actionFromTakes, mapNotJSON, mapValue, recordsDays, dayOrRange, notAShell,
        periodsRange, noScratch, orderTakes, sessionNoAt, sessionNoAmount, stillRunning, prefsNeverDeleted, seqArg, reasonRequired,
        compactDestExists
    case outputLost, outputLostCommitted, loopRefused
    case noSyncFolder, cannotRead, longByNow, longRunningSince, longFirstAfter
    case deleteAsk, deleteNeedsYes, nothingDeleted, impactSessions, impactCounts, impactTag, impactQuests
    case noRecordStarts, ambiguousRecord, sameNameListed, onlyOneRecord, optionBeforeSubcommand, needsSubcommand, writeIt

    func text(_ l: Language) -> String {
        func t(_ en: String, _ ko: String, _ ja: String) -> String { pick(l, en, ko, ja) }
        switch self {
        case .takesNoValue: return t("option '%1' takes no value", "'%1' 옵션은 값을 받지 않습니다", "オプション '%1' は値を取りません")
        case .needsValue: return t("option '%1' needs a value (%2)", "'%1' 옵션에 값(%2)이 필요합니다", "オプション '%1' には値 (%2) が必要です")
        case .givenTwice: return t("option '%1' given twice", "'%1' 옵션을 두 번 주었습니다", "オプション '%1' が2回指定されました")
        case .unexpectedArgument: return t("unexpected argument '%1'", "예상하지 못한 인수 '%1'", "予期しない引数 '%1'")
        case .unknownOptionHere: return t("unknown option '%1'", "알 수 없는 옵션 '%1'", "不明なオプション '%1'")
        case .noSettingGiven:
            return t(
                "give at least one setting to change (see `haru settings set --help`)", "바꿀 설정을 하나 이상 주세요 (`haru settings set --help` 참고)",
                "変更する設定を1つ以上指定してください (`haru settings set --help` 参照)")
        case .notAWholeNumber: return t("%1: %2 is not a whole number", "%1: %2은(는) 정수가 아닙니다", "%1: %2 は整数ではありません")
        case .byTakes:
            return t("--by takes action or tag", "--by에는 action(행동) 또는 tag(꼬리표)를 주세요", "--by には action (行動) または tag (タグ) を指定してください")
        case .everyTakes:
            return t(
                "--every takes day, week or month", "--every에는 day(하루), week(주), month(월) 중 하나를 주세요",
                "--every には day (日)、week (週)、month (月) のいずれかを指定してください")
        case .fromAfterTo: return t("--from %1 is after --to %2", "--from %1이(가) --to %2보다 뒤입니다", "--from %1 が --to %2 より後です")
        case .colorTakes:
            return t(
                "--color takes auto, always or never (got %1)", "--color에는 auto, always, never 중 하나를 주세요 (받은 값 %1)",
                "--color には auto、always、never のいずれかを指定してください (受け取った値 %1)")
        case .alertTakes:
            return t(
                "--long-session-alert takes on or off (got %1)", "--long-session-alert에는 on 또는 off를 주세요 (받은 값 %1)",
                "--long-session-alert には on または off を指定してください (受け取った値 %1)")
        case .countHasOneTime:
            return t(
                "a count has one time: give --at, not --start or --end", "횟수 기록의 시각은 하나입니다: --start나 --end 말고 --at을 주세요",
                "回数記録の時刻は1つです: --start や --end ではなく --at を指定してください")
        case .startRequired: return t("--start DATE is required", "--start DATE가 필요합니다", "--start DATE が必要です")
        case .goalRequired: return t("--goal GOAL is required", "--goal GOAL이 필요합니다", "--goal GOAL が必要です")
        case .periodRequired:
            return t(
                "--period daily|weekly|monthly|custom is required", "--period daily|weekly|monthly|custom이 필요합니다",
                "--period daily|weekly|monthly|custom が必要です")
        case .targetRequired: return t("--target AMOUNT is required", "--target AMOUNT가 필요합니다", "--target AMOUNT が必要です")
        case .measureWithTag:
            return t(
                "--measure goes with --tag, not --action", "--measure는 --action이 아니라 --tag와 함께 씁니다",
                "--measure は --action ではなく --tag と一緒に使います")
        case .tagNeedsMeasure:
            return t("--tag needs --measure time|count", "--tag에는 --measure time|count가 필요합니다", "--tag には --measure time|count が必要です")
        case .measureTakes:
            return t("--measure takes time or count", "--measure에는 time 또는 count를 주세요", "--measure には time または count を指定してください")
        case .oneTarget:
            return t(
                "give exactly one of --action ACTION or --tag TAG", "--action ACTION과 --tag TAG 중 정확히 하나를 주세요",
                "--action ACTION と --tag TAG のどちらか一方だけを指定してください")
        case .notAQuestAmount:
            return t(
                "--target: \"%1\" is not a whole number (the quest counts)", "--target: \"%1\"은(는) 정수가 아닙니다 (횟수를 세는 다짐입니다)",
                "--target: \"%1\" は整数ではありません (回数を数えるクエストです)")
        case .ordinalWithWeekday:
            return t("--ordinal and --weekday go together", "--ordinal과 --weekday는 함께 씁니다", "--ordinal と --weekday は一緒に使います")
        case .oneSchedule:
            return t(
                "give one schedule: --every-day, --weekdays, --month-days or --ordinal/--weekday",
                "수행일은 하나만 주세요: --every-day, --weekdays, --month-days, --ordinal/--weekday 중 하나",
                "実施日は1つだけ指定してください: --every-day、--weekdays、--month-days、--ordinal/--weekday のいずれか")
        case .moreThanADayAhead:
            return t(
                "--at %1 is more than a day ahead; add --future if that is meant", "--at %1은(는) 하루 넘게 앞선 시각입니다; 그게 맞다면 --future를 더하세요",
                "--at %1 は1日以上先の時刻です。それで正しければ --future を付けてください")
        case .severalRunning:
            return t(
                "%1 sessions are running; name the action to %2", "측정 중인 기록이 %1개입니다; %2 행동의 이름을 주세요",
                "計測中の記録が %1 件あります。%2行動を名前で指定してください")
        case .nothingToChangeSession:
            return t(
                "nothing to change: give --start, --end or --note", "바꿀 것이 없습니다: --start, --end 또는 --note를 주세요",
                "変更するものがありません: --start、--end または --note を指定してください")
        case .nothingToChangeCount:
            return t(
                "nothing to change: give --at, --amount or --note", "바꿀 것이 없습니다: --at, --amount 또는 --note를 주세요",
                "変更するものがありません: --at、--amount または --note を指定してください")
        case .recordWas: return t("that %1 was %2; it cannot be edited", "그 %1은(는) %2 상태라 고칠 수 없습니다", "その%1は%2のため編集できません")
        case .recordWasAlready: return t("that %1 was %2 already", "그 %1은(는) 이미 %2 상태입니다", "その%1はすでに%2です")
        case .endsBeforeStart:
            return t(
                "the session would end (%1) before it starts (%2); a session must end after it starts",
                "기록이 시작(%2)보다 먼저 끝나게(%1) 됩니다; 끝은 시작 뒤여야 합니다", "記録が開始 (%2) より前に終わる (%1) ことになります。終了は開始より後でなければなりません")
        case .notDeletedNothingToRestore:
            return t("%1 %2 is %3; nothing to restore", "%1 %2은(는) %3 상태라 되살릴 것이 없습니다", "%1 %2 は%3のため、復元するものはありません")
        case .nothingDeletedCalled:
            return t(
                "nothing deleted is called %1: give a deleted tag's, action's or goal's name or id, or a deleted record's ref (`haru records --all` shows them)",
                "%1(이)라는 지운 것이 없습니다: 지운 꼬리표·행동·목표의 이름이나 ID, 또는 지운 기록의 참조를 주세요 (`haru records --all`이 보여 줍니다)",
                "%1 という削除されたものはありません: 削除したタグ・行動・目標の名前か ID、または削除した記録の参照を指定してください (`haru records --all` が表示します)")
        case .fromAndHash:
            return t(
                "--from and --hash go together: the seq and hash the last audit printed", "--from과 --hash는 함께 씁니다: 지난 감사가 출력한 seq와 해시",
                "--from と --hash は一緒に使います: 前回の監査が表示した seq とハッシュ")
        case .notASeq:
            return t("--from: %1 is not a seq (1, 2, 3 …)", "--from: %1은(는) seq가 아닙니다 (1, 2, 3 …)", "--from: %1 は seq ではありません (1, 2, 3 …)")
        case .notAHash:
            return t(
                "--hash: %1 is not a hash (64 hex digits, as `haru verify` prints it)",
                "--hash: %1은(는) 해시가 아닙니다 (`haru verify`가 출력하는 16진수 64자리)",
                "--hash: %1 はハッシュではありません (`haru verify` が表示する16進数64桁)")
        case .neitherDayNorTime:
            return t(
                "%1: %2 is neither a day (2026-03-04, today, yesterday, monday) nor a time (21:00, \"yesterday 21:00\", 2026-03-04T21:00); a ledger takes the years 1900 to 2999",
                "%1: %2은(는) 날짜(2026-03-04, 오늘, 어제, 월요일)도 시각(21:00, \"어제 21:00\", 2026-03-04T21:00)도 아닙니다 (1900~2999년)",
                "%1: %2 は日付 (2026-03-04、今日、昨日、月曜日) でも時刻 (21:00、「昨日 21:00」、2026-03-04T21:00) でもありません (1900〜2999年)")
        case .noLedgerGiven:
            return t(
                "no ledger: give --ledger PATH or set HARU_LEDGER", "기록장이 없습니다: --ledger PATH를 주거나 HARU_LEDGER를 정하세요",
                "台帳がありません: --ledger PATH を指定するか HARU_LEDGER を設定してください")
        case .waitSeconds:
            return t(
                "--wait: %1 is not a number of seconds (0 … 86400)", "--wait: %1은(는) 초가 아닙니다 (0 … 86400)",
                "--wait: %1 は秒数ではありません (0 … 86400)")
        case .longSession:
            return t(
                "%1's session would be %2 long, over the long-session limit of %3 h%4", "%1 기록이 %2(으)로 장시간 기준 %3시간을 넘게 됩니다%4",
                "%1 の記録が %2 になり、長時間の上限 %3 時間を超えます%4")
        case .longSessionAsk:
            return t(
                "%1; check the times, or add --yes to write it (the limit is the long_session_hours setting)",
                "%1; 시각을 확인하거나, 그대로 쓰려면 --yes를 더하세요 (기준은 장시간 기준 설정입니다)", "%1。時刻を確認するか、そのまま書くには --yes を付けてください (上限は長時間の上限の設定です)")
        case .nothingWritten: return t("Nothing written.", "아무것도 쓰지 않았습니다.", "何も書きませんでした。")
        case .sameName:
            return t(
                "%1 %2s are called \"%3\"; give an id (%4)", "\"%3\"(이)라는 %2이(가) %1개입니다; ID를 주세요 (%4)",
                "\"%3\" という%2が %1 件あります。ID を指定してください (%4)")
        case .ruleWholeNumber:
            return t(
                "must be a whole number from %1 to %2 (got %3)", "%1부터 %2까지의 정수여야 합니다 (받은 값 %3)", "%1 から %2 までの整数でなければなりません (受け取った値 %3)")
        case .ruleColour:
            return t("must be a colour #RRGGBB (got %1)", "색은 #RRGGBB 형식이어야 합니다 (받은 값 %1)", "色は #RRGGBB の形式でなければなりません (受け取った値 %1)")
        case .ruleNameTaken:
            return t(
                "a %1 named \"%2\" already exists (id \"%3\"); names are unique", "\"%2\"(이)라는 %1이(가) 이미 있습니다 (id \"%3\"); 이름은 겹칠 수 없습니다",
                "「%2」という%1はすでにあります (id \"%3\")。名前は重複できません")
        case .ruleTracksCount:
            return t(
                "action \"%1\" tracks count, so it cannot take a timed session",
                "행동 \"%1\"은(는) 횟수를 세는 행동이라 시간을 잴 수 없습니다 (`haru count`를 쓰세요)",
                "行動「%1」は回数を記録する行動なので、時間は計測できません (`haru count` を使ってください)")
        case .ruleTracksTime:
            return t(
                "action \"%1\" tracks time, so it cannot take a count", "행동 \"%1\"은(는) 시간을 재는 행동이라 횟수를 더할 수 없습니다 (`haru start`를 쓰세요)",
                "行動「%1」は時間を記録する行動なので、回数は加えられません (`haru start` を使ってください)")
        case .ruleTodoDone: return t("to-do \"%1\" is already done at %2", "할 일 \"%1\"은(는) %2에 이미 완료입니다", "やること「%1」は %2 にすでに完了しています")
        case .ruleTodoNotDone: return t("to-do \"%1\" is not done at %2", "할 일 \"%1\"은(는) %2에 완료가 아닙니다", "やること「%1」は %2 に完了していません")
        case .ruleGoalHasQuests:
            return t(
                "goal \"%1\" has quests (\"%2\"); only a goal without quests is confirmed by hand",
                "목표 \"%1\"에는 다짐(\"%2\")이 있습니다; 직접 확인하는 것은 다짐이 없는 목표뿐입니다",
                "目標「%1」にはクエスト (\"%2\") があります。手動で確認するのはクエストのない目標だけです")
        case .ruleNoSuchID: return t("no %1 with id \"%2\"", "ID가 \"%2\"인 %1이(가) 없습니다", "ID が \"%2\" の%1はありません")
        case .ruleDeletedAt: return t("%1 \"%2\" was deleted at seq %3", "%1 \"%2\"은(는) seq %3에 지워졌습니다", "%1「%2」は seq %3 で削除されました")
        case .ruleGoalFinished:
            return t("goal \"%1\" was already finished at seq %2", "목표 \"%1\"은(는) seq %2에 이미 마쳤습니다", "目標「%1」は seq %2 ですでに終了しています")
        case .ruleGoalConfirmed:
            return t("goal \"%1\" was already confirmed at seq %2", "목표 \"%1\"은(는) seq %2에 이미 확인했습니다", "目標「%1」は seq %2 ですでに確認済みです")
        case .ruleNotRunning:
            return t("session \"%1\" is not running (it is %2)", "기록 \"%1\"은(는) 측정 중이 아닙니다 (%2)", "記録「%1」は計測中ではありません (%2)")
        case .ruleSkipTarget:
            return t(
                "a skip excuses one action, quest or goal: give exactly one of --action, --quest, --goal",
                "건너뛰기는 행동, 다짐, 목표 중 하나를 쉬게 합니다: --action, --quest, --goal 중 하나만 주세요",
                "スキップは行動・クエスト・目標のどれか一つを休みにします: --action, --quest, --goal のうち一つだけ指定してください")
        case .ruleSkipTooLong:
            return t(
                "a skip covers at most %1 days; end the goal instead (`haru goal edit --end`)",
                "건너뛰기는 최대 %1일입니다; 대신 목표를 끝내세요 (`haru goal edit --end`)",
                "スキップは最大 %1 日です。代わりに目標を終えてください (`haru goal edit --end`)")
        case .ruleDecimalsOnTime:
            return t(
                "--decimals goes with count actions only (a time action is measured in hours and minutes)",
                "--decimals는 횟수 기록 행동에만 씁니다 (시간 기록 행동은 시간과 분으로 잽니다)",
                "--decimals は回数記録の行動だけに使います (時間記録の行動は時間と分で測ります)")
        case .tooManyDecimals:
            return t(
                "%1: %2 has more decimal places than %3 keeps (%4)", "%1: %2은(는) %3의 소수 자릿수(%4자리)보다 깁니다",
                "%1: %2 は %3 の小数桁数 (%4 桁) より細かい値です")
        case .countRange:
            return t(
                "%1: %2 is outside what %3 takes at a time (%4 … 999)", "%1: %2은(는) %3이(가) 한 번에 받는 범위(%4 … 999) 밖입니다",
                "%1: %2 は %3 が一度に受け付ける範囲 (%4 … 999) の外です")
        case .wholeCountsOnly:
            return t(
                "%1: %2 is not a whole number, and %3 counts whole numbers (an action counts decimals when made with haru action add --decimals)",
                "%1: %2은(는) 정수가 아닙니다. %3은(는) 정수로 셉니다 (소수는 haru action add --decimals로 만든 행동만 셉니다)",
                "%1: %2 は整数ではありません。%3 は整数で数えます (小数は haru action add --decimals で作った行動だけが数えます)")
        case .ruleUnitOnTime:
            return t(
                "--unit goes with count actions only (a time action is measured in hours and minutes)",
                "--unit은 횟수 기록 행동에만 씁니다 (시간 기록 행동은 시간과 분으로 잽니다)",
                "--unit は回数記録の行動だけに使います (時間記録の行動は時間と分で測ります)")
        case .toBeforeDay:
            return t(
                "--to %1 is before the first day skipped, %2", "--to %1이(가) 건너뛸 첫날 %2보다 앞입니다",
                "--to %1 がスキップする最初の日 %2 より前です")
        case .noSkip:
            return t(
                "no skip with id \"%1\" (`haru skips` lists them)", "ID가 \"%1\"인 건너뛰기가 없습니다 (`haru skips`가 보여 줍니다)",
                "ID が \"%1\" のスキップはありません (`haru skips` が表示します)")
        case .longByNow: return t(" by now (it would start %1)", " (지금까지; %1에 시작)", " (現在まで。%1 に開始)")
        case .longRunningSince:
            return t(
                " (running since %1; `--at TIME` ends it when it really ended)", " (%1부터 측정 중; 실제로 끝난 시각은 `--at TIME`으로 주세요)",
                " (%1 から計測中。実際に終わった時刻は `--at TIME` で指定してください)")
        case .longFirstAfter:
            return t(
                " (%1 is taken as the first %1 after the start: %2)", " (%1은(는) 시작 뒤의 첫 %1(으)로 읽었습니다: %2)", " (%1 は開始後の最初の %1 と読みました: %2)")
        case .needsOffset:
            return t(
                "%1: %2 needs a UTC offset, as in 2026-03-04T07:30:00+09:00", "%1: %2에는 2026-03-04T07:30:00+09:00처럼 UTC 오프셋이 필요합니다",
                "%1: %2 には 2026-03-04T07:30:00+09:00 のように UTC オフセットが必要です")
        case .wholeSeconds: return t("%1: %2 must be whole seconds", "%1: %2은(는) 초 단위여야 합니다", "%1: %2 は秒単位でなければなりません")
        case .offsetRange:
            return t(
                "%1: %2 has a UTC offset outside -12:00 to +14:00", "%1: %2의 UTC 오프셋이 -12:00~+14:00 밖입니다",
                "%1: %2 の UTC オフセットが -12:00〜+14:00 の範囲外です")
        case .outsideLedgerTimes:
            return t("%1: %2 is outside the times a ledger takes (%3)", "%1: %2은(는) 기록장이 받는 시각 밖입니다 (%3)", "%1: %2 は台帳が受け付ける時刻の範囲外です (%3)")
        case .notAnInstant:
            return t(
                "%1: %2 is not an ISO 8601 instant such as 2026-03-04T07:30:00+09:00",
                "%1: %2은(는) 2026-03-04T07:30:00+09:00 같은 ISO 8601 시각이 아닙니다", "%1: %2 は 2026-03-04T07:30:00+09:00 のような ISO 8601 の時刻ではありません")
        case .mustBeOneOf: return t("%1: must be one of %2 (got %3)", "%1: %2 중 하나여야 합니다 (받은 값 %3)", "%1: %2 のいずれかでなければなりません (受け取った値 %3)")
        case .reportDays: return t("a report covers at most 100,000 days", "통계는 최대 100,000일까지입니다", "統計は最大 100,000 日までです")
        case .timetableDays: return t("a timetable covers at most 366 days", "타임테이블은 최대 366일까지입니다", "タイムテーブルは最大 366 日までです")
        case .expectHeadSeq:
            return t("--expect-head: \"%1\" is not a seq", "--expect-head: \"%1\"은(는) seq가 아닙니다", "--expect-head: \"%1\" は seq ではありません")
        case .trackingRequired:
            return t(
                "--tracking time|count is required", "--tracking time|count가 필요합니다 (시간 또는 횟수)", "--tracking time|count が必要です (時間または回数)")
        case .favoriteTakes: return t("--favorite takes yes or no", "--favorite에는 yes 또는 no를 주세요", "--favorite には yes または no を指定してください")
        case .notWithFrom:
            return t(
                "%1 does not go with --from: the history brings its settings (change them later with `haru settings`)",
                "%1은(는) --from과 함께 쓸 수 없습니다: 기록이 설정을 가져옵니다 (나중에 `haru settings`로 바꾸세요)",
                "%1 は --from と一緒に使えません: 履歴が設定を持ってきます (後で `haru settings` で変えてください)")
        case .fromNoFolder: return t("--from: no folder at %1", "--from: %1에 폴더가 없습니다", "--from: %1 にフォルダーがありません")
        case .fromEmpty:
            return t(
                "--from: %1 holds no device's events yet (`haru sync %2` on a device that has them first)",
                "--from: %1에는 아직 어느 기기의 사건도 없습니다 (먼저 사건이 있는 기기에서 `haru sync %2`)",
                "--from: %1 にはまだどのデバイスのイベントもありません (先にイベントのあるデバイスで `haru sync %2`)")
        case .fileEmpty: return t("%1: %2 is empty", "%1: %2은(는) 비어 있습니다", "%1: %2 は空です")
        case .stdinNotText:
            return t("--text -: standard input is not UTF-8 text", "--text -: 표준 입력이 UTF-8 글이 아닙니다", "--text -: 標準入力が UTF-8 のテキストではありません")
        case .leavesPageEmpty:
            return t(
                "that leaves the page of %1 empty; `haru diary delete %1` takes a page away",
                "그러면 %1 일기가 비게 됩니다; 일기를 치우려면 `haru diary delete %1`", "それでは %1 の日記が空になります。日記を片付けるには `haru diary delete %1`")
        case .noBlob:
            return t(
                "the ledger holds no blob %1 (never stored, or erased by redact)", "기록장에 블롭 %1이(가) 없습니다 (저장된 적이 없거나 `haru redact`로 지워졌습니다)",
                "台帳にブロブ %1 はありません (保存されたことがないか、`haru redact` で消されました)")
        case .ambiguousConflict:
            return t(
                "%1 is the start of more than one conflict's id; type more of it", "%1(으)로 시작하는 충돌 ID가 여럿입니다; 더 입력하세요",
                "%1 で始まる競合の ID が複数あります。続きを入力してください")
        case .nothingToChangeTodo:
            return t(
                "nothing to change: give --text, --order or --move", "바꿀 것이 없습니다: --text, --order 또는 --move를 주세요",
                "変更するものがありません: --text、--order または --move を指定してください")
        case .ambiguousTodo:
            return t(
                "%1 to-dos have ids starting %2; give more of it", "%2(으)로 시작하는 할 일 ID가 %1개입니다; 더 입력하세요",
                "%2 で始まるやることの ID が %1 件あります。続きを入力してください")
        case .noTodoHere:
            return t(
                "no to-do %1: give its number on %2's list (`haru diary %2`) or its id",
                "할 일 %1이(가) 없습니다: %2 목록의 번호(`haru diary %2`)나 ID를 주세요", "やること %1 はありません: %2 の一覧の番号 (`haru diary %2`) か ID を指定してください")
        case .todoDeleted:
            return t(
                "the to-do %1 was deleted; `haru restore %2` brings it back", "할 일 %1은(는) 지워졌습니다; `haru restore %2`로 되살립니다",
                "やること %1 は削除されました。`haru restore %2` で戻せます")
        case .nothingToChangePrefs:
            return t(
                "nothing to change: give --pin, --collapse, --watch or --memo (or their opposites)",
                "바꿀 것이 없습니다: --pin, --collapse, --watch, --memo (또는 그 반대)를 주세요",
                "変更するものがありません: --pin、--collapse、--watch、--memo (またはその逆) を指定してください")
        case .notADayNumber:
            return t(
                "--month-days: \"%1\" is not a day number", "--month-days: \"%1\"은(는) 날짜 번호가 아닙니다", "--month-days: \"%1\" は日の番号ではありません")
        case .noSyncTarget:
            return t(
                "no folder to sync with: give one (`haru sync DIR`); later `haru sync` alone uses it again",
                "동기화할 폴더가 없습니다: 하나 주세요 (`haru sync DIR`); 그다음부터는 `haru sync`만으로 그 폴더를 씁니다",
                "同期するフォルダーがありません: 1つ指定してください (`haru sync DIR`)。次からは `haru sync` だけでそのフォルダーを使います")
        case .emptyPath: return t("DIR: an empty path is not a folder", "DIR: 빈 경로는 폴더가 아닙니다", "DIR: 空のパスはフォルダーではありません")
        case .cwdUnreadable:
            return t(
                "DIR: the current directory cannot be read; give an absolute path", "DIR: 현재 폴더를 읽을 수 없습니다; 절대 경로를 주세요",
                "DIR: 現在のフォルダーを読めません。絶対パスを指定してください")
        case .csvLang: return t("--lang takes en, ko or ja", "--lang에는 en, ko, ja 중 하나를 주세요", "--lang には en、ko、ja のいずれかを指定してください")
        case .noHabitsCSV:
            return t(
                "no Habits.csv in %1: give the folder of Loop's unzipped CSV export", "%1에 Habits.csv가 없습니다: Loop의 CSV 내보내기를 압축 푼 폴더를 주세요",
                "%1 に Habits.csv がありません: Loop の CSV エクスポートを展開したフォルダーを指定してください")
        case .actionFromTakes:
            return t(
                "--action-from takes tag or annotation", "--action-from에는 tag 또는 annotation을 주세요",
                "--action-from には tag または annotation を指定してください")
        case .mapNotJSON:
            return t(
                "--map: %1 is not a readable JSON object {\"tag\": \"Action\"}",
                "--map: %1은(는) 읽을 수 있는 JSON 객체 `{\"tag\": \"Action\"}`이(가) 아닙니다",
                "--map: %1 は読める JSON オブジェクト `{\"tag\": \"Action\"}` ではありません")
        case .mapValue:
            return t("--map: the value of %1 must be an action name", "--map: %1의 값은 행동 이름이어야 합니다", "--map: %1 の値は行動の名前でなければなりません")
        case .recordsDays: return t("records covers at most 100,000 days", "기록은 최대 100,000일까지입니다", "記録は最大 100,000 日までです")
        case .dayOrRange:
            return t("give a %1 or --from/--to, not both", "%1이나 --from/--to 중 하나만 주세요", "%1 か --from/--to のどちらか一方だけを指定してください")
        case .notAShell:
            return t("SHELL: %1 is not bash, zsh or fish", "SHELL: %1은(는) bash, zsh, fish가 아닙니다", "SHELL: %1 は bash、zsh、fish ではありません")
        case .periodsRange:
            return t(
                "--periods: \"%1\" is not a number from 1 to 400", "--periods: \"%1\"은(는) 1부터 400까지의 수가 아닙니다",
                "--periods: \"%1\" は 1 から 400 までの数ではありません")
        case .noScratch: return t("cannot make a scratch directory in %1", "%1에 임시 폴더를 만들 수 없습니다", "%1 に一時フォルダーを作れません")
        case .orderTakes:
            return t("--order takes %1 (got %2)", "--order에는 %1 중 하나를 주세요 (받은 값 %2)", "--order には %1 のいずれかを指定してください (受け取った値 %2)")
        case .sessionNoAt:
            return t(
                "a session takes --start and --end; --at is a count's time", "시간 기록에는 --start와 --end를 씁니다; --at은 횟수 기록의 시각입니다",
                "時間記録には --start と --end を使います。--at は回数記録の時刻です")
        case .sessionNoAmount:
            return t(
                "a session has no amount; --amount is for counts", "시간 기록에는 횟수가 없습니다; --amount는 횟수 기록에 씁니다",
                "時間記録に回数はありません。--amount は回数記録に使います")
        case .stillRunning:
            return t(
                "%1 is still running; stop it with: haru stop %2 --at TIME", "%1은(는) 아직 측정 중입니다; 끝내려면: `haru stop %2 --at TIME`",
                "%1 はまだ計測中です。終えるには: `haru stop %2 --at TIME`")
        case .prefsNeverDeleted:
            return t(
                "a device's preferences are never deleted; change them with haru prefs set", "기기의 환경설정은 지워지지 않습니다; `haru prefs set`으로 바꾸세요",
                "デバイスの環境設定は削除されません。`haru prefs set` で変えてください")
        case .seqArg: return t("SEQ: %1 is not a seq (1, 2, 3 …)", "SEQ: %1은(는) seq가 아닙니다 (1, 2, 3 …)", "SEQ: %1 は seq ではありません (1, 2, 3 …)")
        case .reasonRequired:
            return t(
                "--reason is required: say why the text goes (it is kept with the redaction)",
                "--reason이 필요합니다: 글을 지우는 이유를 주세요 (지운 기록과 함께 남습니다)", "--reason が必要です: 文章を消す理由を書いてください (墨消しとともに残ります)")
        case .compactDestExists:
            return t(
                "%1 exists: compact writes a new ledger; give a path that is not there yet",
                "%1이(가) 이미 있습니다: 압축은 새 기록장을 씁니다; 아직 없는 경로를 주세요", "%1 はすでにあります: 圧縮は新しい台帳を書きます。まだないパスを指定してください")
        case .knownAtRefused:
            return t(
                "--known-at: %1 is neither a seq nor an ISO 8601 instant; a ledger takes the years 1900 to 2999",
                "--known-at: %1은(는) seq도 ISO 8601 시각도 아닙니다 (1900~2999년)", "--known-at: %1 は seq でも ISO 8601 の時刻でもありません (1900〜2999年)")
        case .recordsOfActions:
            return t(
                "--records applies to actions (\"%1\" is a %2)", "--records는 행동에만 씁니다 (\"%1\"은(는) %2)", "--records は行動にだけ使います (「%1」は%2)")
        case .inputLine: return t("line %1: ", "%1번째 줄: ", "%1行目: ")
        case .diffNeedsKnownAt:
            return t(
                "give --known-at A, and --known-at B for a later state than the head", "--known-at A를 주고, 머리보다 앞선 나중 상태는 --known-at B로 주세요",
                "--known-at A を指定し、先頭より前の後の状態は --known-at B で指定してください")
        case .notAKnownAt:
            return t(
                "--known-at: %1 is neither a seq nor an ISO 8601 instant", "--known-at: %1은(는) seq도 ISO 8601 시각도 아닙니다",
                "--known-at: %1 は seq でも ISO 8601 の時刻でもありません")
        case .outputLost: return t("cannot write the output: %1", "출력을 쓸 수 없습니다: %1", "出力を書けません: %1")
        case .outputLostCommitted:
            return t(
                "%1; could not write the output: %2", "%1; 출력을 쓰지 못했습니다 (다시 더하지 마세요): %2", "%1。出力を書けませんでした (もう一度追加しないでください): %2")
        case .loopRefused:
            return t("Loop import: %1%2; nothing was imported", "Loop 가져오기: %1%2; 아무것도 가져오지 않았습니다", "Loop の取り込み: %1%2。何も取り込んでいません")
        case .noSyncFolder:
            return t(
                "no folder at %1 (make it, or mount the shared folder first)", "%1에 폴더가 없습니다 (만들거나, 먼저 공유 폴더를 연결하세요)",
                "%1 にフォルダーがありません (作成するか、先に共有フォルダーをマウントしてください)")
        case .cannotRead: return t("cannot read %1: %2", "%1을(를) 읽을 수 없습니다: %2", "%1 を読めません: %2")
        case .deleteAsk: return t("%1: %2. Delete it?", "%1: %2. 지울까요?", "%1: %2。削除しますか?")
        case .deleteNeedsYes:
            return t(
                "%1: %2; add --yes to delete it (`haru restore` brings it back)", "%1: %2; 지우려면 --yes를 더하세요 (`haru restore`로 되살립니다)",
                "%1: %2。削除するには --yes を付けてください (`haru restore` で戻せます)")
        case .nothingDeleted: return t("Nothing deleted.", "아무것도 지우지 않았습니다.", "何も削除しませんでした。")
        case .impactSessions:
            return t(
                "%1 sessions (%2) over %3 days leave every total", "시간 기록 %1개(%2), %3일 치가 모든 합계에서 빠집니다", "時間記録 %1 件 (%2)、%3 日分がすべての合計から外れます"
            )
        case .impactCounts:
            return t("%1 counts over %2 days leave every total", "횟수 %1회, %2일 치가 모든 합계에서 빠집니다", "回数 %1 回、%2 日分がすべての合計から外れます")
        case .impactTag:
            return t(
                "%1 actions lose it (%2), and its totals and quests go", "행동 %1개(%2)에서 이 꼬리표가 떨어지고, 꼬리표의 합계와 다짐이 사라집니다",
                "行動 %1 件 (%2) からこのタグが外れ、タグの合計とクエストがなくなります")
        case .impactQuests: return t("its %1 quests and their progress go", "다짐 %1개와 그 진행이 사라집니다", "クエスト %1 件とその進捗がなくなります")
        case .optionBeforeSubcommand:
            return t(
                "unknown option '%1'; options follow a subcommand", "알 수 없는 옵션 '%1'; 옵션은 하위 명령 뒤에 씁니다", "不明なオプション '%1'。オプションはサブコマンドの後に書きます")
        case .needsSubcommand: return t("`%1` needs a subcommand", "`%1`에는 하위 명령이 필요합니다", "`%1` にはサブコマンドが必要です")
        case .writeIt: return t(". Write it?", ". 쓸까요?", "。書きますか?")
        case .sameNameListed:
            return t(
                "%1 %2s are called \"%3\"; give an id (`haru %4s` shows them)", "\"%3\"(이)라는 %2이(가) %1개입니다; ID를 주세요 (`haru %4s`가 보여 줍니다)",
                "\"%3\" という%2が %1 件あります。ID を指定してください (`haru %4s` が表示します)")
        case .onlyOneRecord: return t("there is only 1 record (@%1 asked)", "기록이 1개뿐입니다 (@%1을(를) 물음)", "記録は1件だけです (@%1 を指定)")
        case .ambiguousPrefix:
            return t(
                "\"%1\" is the start of more than one %2 id (%3); type more of it", "\"%1\"(으)로 시작하는 %2 ID가 여럿입니다 (%3); 더 입력하세요",
                "\"%1\" で始まる%2の ID が複数あります (%3)。続きを入力してください")
        case .formerNames:
            return t(
                "%1 %2s were called \"%3\" before (now %4); give the current name or an id",
                "\"%3\"은(는) %2 %1개의 예전 이름입니다 (지금 %4); 지금 이름이나 ID를 주세요",
                "\"%3\" は%2 %1 件の以前の名前です (現在 %4)。今の名前か ID を指定してください")
        case .deletedAt: return t("%1 \"%2\" was deleted at seq %3", "%1 \"%2\"은(는) seq %3에 지워졌습니다", "%1「%2」は seq %3 で削除されました")
        case .deletedRestore:
            return t(
                "%1 \"%2\" was deleted at seq %3; `haru restore %4` brings it back",
                "%1 \"%2\"은(는) seq %3에 지워졌습니다; `haru restore %4`로 되살립니다",
                "%1「%2」は seq %3 で削除されました。`haru restore %4` で戻せます")
        case .noQuest:
            return t(
                "no quest with id \"%1\" (`haru quests` lists them)", "ID가 \"%1\"인 다짐이 없습니다 (`haru quests`가 보여 줍니다)",
                "ID が \"%1\" のクエストはありません (`haru quests` が表示します)")
        case .noTodo:
            return t(
                "no to-do with id \"%1\" (`haru diary DATE` lists a day's)", "ID가 \"%1\"인 할 일이 없습니다 (`haru diary DATE`가 그날 것을 보여 줍니다)",
                "ID が \"%1\" のやることはありません (`haru diary DATE` がその日のものを表示します)")
        case .noDiary: return t("no diary page for %1", "%1의 일기가 없습니다", "%1 の日記はありません")
        case .noDevice:
            return t(
                "no preferences of device %1 (`haru prefs` lists this device's)", "기기 %1의 환경설정이 없습니다 (`haru prefs`가 이 기기의 것을 보여 줍니다)",
                "デバイス %1 の環境設定はありません (`haru prefs` がこのデバイスのものを表示します)")
        case .noneNamed:
            return t(
                "no %1 named \"%2\" (`haru %3s` lists them)", "\"%2\"(이)라는 %1이(가) 없습니다 (`haru %3s`가 보여 줍니다)",
                "「%2」という%1はありません (`haru %3s` が表示します)")
        case .noneNamedNear:
            return t(
                "no %1 named \"%2\"; did you mean \"%4\"? (`haru %3s` lists them)",
                "\"%2\"(이)라는 %1이(가) 없습니다; \"%4\"을(를) 뜻하셨나요? (`haru %3s`가 보여 줍니다)",
                "「%2」という%1はありません。「%4」のことですか? (`haru %3s` が表示します)")
        case .makeIt: return t("; `%1` makes it", "; `%1`(으)로 만듭니다", "。`%1` で作れます")
        case .ambiguousRecordPrefix:
            return t(
                "\"%1\" is the start of more than one record id; type more of it", "\"%1\"(으)로 시작하는 기록 ID가 여럿입니다; 더 입력하세요",
                "\"%1\" で始まる記録 ID が複数あります。続きを入力してください")
        case .nothingNamed:
            return t(
                "nothing named \"%1\": give an id, a name, a goal title or a record's ref (`haru records`)",
                "\"%1\"(이)라는 것이 없습니다: ID, 이름, 목표 제목 또는 기록의 참조를 주세요 (`haru records`)",
                "「%1」というものはありません: ID、名前、目標のタイトル、または記録の参照を指定してください (`haru records`)")
        case .noRecord: return t("no record %1", "기록 %1이(가) 없습니다", "記録 %1 はありません")
        case .notAReference:
            return t(
                "%1 is not a reference: @1 is the most recent record, @2 the one before …", "%1은(는) 참조가 아닙니다: @1은 가장 최근 기록, @2는 그 전 기록 …",
                "%1 は参照ではありません: @1 は直近の記録、@2 はその前の記録 …")
        case .noRecordsYet:
            return t(
                "there are no records yet (@%1 asked); `haru start ACTION` or `haru count ACTION` makes one",
                "아직 기록이 없습니다 (@%1을(를) 물음); `haru start ACTION`이나 `haru count ACTION`이 만듭니다",
                "まだ記録がありません (@%1 を指定)。`haru start ACTION` か `haru count ACTION` で作れます")
        case .onlyRecords: return t("there are only %1 records (@%2 asked)", "기록이 %1개뿐입니다 (@%2을(를) 물음)", "記録は %1 件だけです (@%2 を指定)")
        case .notARecordRef:
            return t(
                "%1 is not a record reference: give the start of its id (`haru records` shows them) or @1, @2 …",
                "%1은(는) 기록 참조가 아닙니다: ID의 앞부분(`haru records`가 보여 줍니다)이나 @1, @2 …를 주세요",
                "%1 は記録の参照ではありません: ID の先頭部分 (`haru records` が表示します) か @1、@2 … を指定してください")
        case .noRecordStarts:
            return t(
                "no record id starts with %1; `haru records` lists the day's records with their refs",
                "%1(으)로 시작하는 기록 ID가 없습니다; `haru records`가 그날의 기록과 참조를 보여 줍니다",
                "%1 で始まる記録 ID はありません。`haru records` がその日の記録と参照を表示します")
        case .ambiguousRecord:
            return t(
                "%1 is the start of more than one record id (%2 …); type more of it", "%1(으)로 시작하는 기록 ID가 여럿입니다 (%2 …); 더 입력하세요",
                "%1 で始まる記録 ID が複数あります (%2 …)。続きを入力してください")
        }
    }
}

extension Refusal {
    /// What a name or a reference did not find, in `w`'s words.
    static func said(_ r: NotFound, _ w: Words) -> String {
        switch r {
        case .sameName(let kind, let text, let count, let ids?):
            return w(Refusal.sameName, String(count), w.kind(kind), text, ids.joined(separator: ", "))
        case .sameName(let kind, let text, let count, nil): return w(Refusal.sameNameListed, String(count), w.kind(kind), text, kind.word)
        case .ambiguousPrefix(let kind?, let text, let ids):
            return w(Refusal.ambiguousPrefix, text, w.kind(kind), ids.joined(separator: ", "))
        case .ambiguousPrefix(nil, let text, let ids):
            return w.language == .en ? r.english : w(Refusal.ambiguousPrefix, text, w.entity("item"), ids.joined(separator: ", "))
        case .formerNames(let kind, let text, let now):
            return w(Refusal.formerNames, String(now.count), w.kind(kind), text, now.map { "\"\($0)\"" }.joined(separator: ", "))
        case .deleted(let kind, let text, let seq): return w(Refusal.deletedAt, w.kind(kind), text, String(seq))
        case .deletedName(let kind, let text, let seq):
            return w(Refusal.deletedRestore, w.kind(kind), text, String(seq), ShellWord.quoted(text))
        case .noQuest(let text): return w(Refusal.noQuest, text)
        case .noTodo(let text): return w(Refusal.noTodo, text)
        case .noDiary(let text): return w(Refusal.noDiary, text)
        case .noDevice(let text): return w(Refusal.noDevice, text)
        case .noSkip(let text): return w(Refusal.noSkip, text)
        case .noneNamed(let kind, let text, let near):
            let said =
                near.map { w(Refusal.noneNamedNear, w.kind(kind), text, kind.word, $0) }
                ?? w(Refusal.noneNamed, w.kind(kind), text, kind.word)
            return said + (near == nil ? NotFound.making(kind, text).map { w(Refusal.makeIt, $0) } ?? "" : "")
        case .ambiguousRecordPrefix(let text): return w(Refusal.ambiguousRecordPrefix, text)
        case .nothingNamed(let text): return w(Refusal.nothingNamed, text)
        case .noRecord(let text): return w(Refusal.noRecord, Echo.quoted(text))
        case .notAReference(let text): return w(Refusal.notAReference, Echo.quoted(text))
        case .noRecordsYet(let n): return w(Refusal.noRecordsYet, String(n))
        case .onlyRecords(1, let n): return w(Refusal.onlyOneRecord, String(n))
        case .onlyRecords(let count, let n): return w(Refusal.onlyRecords, String(count), String(n))
        case .notARecordRef(let text): return w(Refusal.notARecordRef, Echo.quoted(text))
        case .noRecordStarts(let text): return w(Refusal.noRecordStarts, Echo.quoted(text))
        case .ambiguousRecord(let text, let ids): return w(Refusal.ambiguousRecord, Echo.quoted(text), ids.joined(separator: ", "))
        }
    }

    /// A rule of the ledger a command's event broke (`InputError.Broken`), in `w`'s words.
    static func said(_ b: InputError.Broken, _ w: Words) -> String {
        switch b {
        case .wholeNumber(let from, let to, let got): w(Refusal.ruleWholeNumber, String(from), String(to), got)
        case .colour(let got): w(Refusal.ruleColour, got)
        case .nameTaken(let kind, let name, let id): w(Refusal.ruleNameTaken, w.entity(kind), name, id)
        case .tracksOther(let action, let tracks): w(tracks == "count" ? Refusal.ruleTracksCount : .ruleTracksTime, action)
        case .todoAlready(let todo, let done, let at): w(done ? Refusal.ruleTodoDone : .ruleTodoNotDone, todo, at)
        case .goalHasQuests(let goal, let quest): w(Refusal.ruleGoalHasQuests, goal, quest)
        case .noSuchID(let kind, let id): w(Refusal.ruleNoSuchID, w.entity(kind), id)
        case .deletedAt(let kind, let id, let seq): w(Refusal.ruleDeletedAt, w.entity(kind), id, String(seq))
        case .goalAlready(let goal, let finished, let seq): w(finished ? Refusal.ruleGoalFinished : .ruleGoalConfirmed, goal, String(seq))
        case .sessionNotRunning(let session, let status): w(Refusal.ruleNotRunning, session, w.recordState(status))
        case .skipTarget: w(Refusal.ruleSkipTarget)
        case .skipTooLong(let days): w(Refusal.ruleSkipTooLong, String(days))
        case .unitOnTime: w(Refusal.ruleUnitOnTime)
        case .decimalsOnTime: w(Refusal.ruleDecimalsOnTime)
        }
    }
}
