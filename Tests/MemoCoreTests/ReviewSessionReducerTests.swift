import Testing

@testable import MemoCore

/// `memo review`'s session reducer: keys, ticks and storage's answers in, the whole new state
/// and the effects out, at fixed clocks (the reducer reads none).
@Suite("memo review: the session reducer")
struct ReviewSessionReducerTests {
  static let minute: Int64 = 60_000
  /// 2026-01-01 23:55 UTC: five minutes before the day ends.
  static let lateEvening = Timestamp(millis: Timestamp.t0.millis + 23 * 60 * minute + 55 * minute)

  static func at(_ time: Timestamp, minutes: Int64) -> Timestamp {
    Timestamp(millis: time.millis + minutes * minute)
  }

  static func row(_ id: Int64, _ kind: ReviewKind = .recall) -> ReviewDueRow {
    ReviewDueRow(
      id: QuestionID(id), kind: kind, due: .t0, retrievability: nil, question: "Q\(id)?",
      postID: PostID(1), title: "Dune")
  }

  /// A session showing `rows`, its data version 5 (looked at once already).
  static func session(_ rows: [ReviewDueRow]) -> ReviewSession {
    var state = ReviewSession(items: rows, width: 80, height: 24, utcOffsetSeconds: 0)
    state.dataVersion = 5
    return state
  }

  /// Dispatches `action` and answers each effect with `answer(effect)` (data version 5 unless
  /// it says otherwise), as the store does. - Returns: the effects run, in order.
  @discardableResult
  static func run(
    _ state: inout ReviewSession, _ action: ReviewSessionAction,
    answer: (Effect) -> (Action, Int64?) = { _ in (.browse(.dataVersion(5)), nil) }
  ) -> [Effect] {
    var ran: [Effect] = []
    var pending = [action]
    while !pending.isEmpty {
      for effect in reviewSessionReducer(&state, pending.removeFirst()) {
        ran.append(effect)
        let (action, entry) = answer(effect)
        pending.append(.stored(action, entry: entry))
      }
    }
    return ran
  }

  /// The answer to a rating: due `minutes` after `time`.
  static func rated(_ id: Int64, _ rating: RecallRating, due time: Timestamp) -> Action {
    .review(
      .rated(
        ReviewOutcome(
          item: ReviewItem(questionID: QuestionID(id), kind: .recall, state: "learning", due: time),
          rating: .recall(rating))))
  }

  @Test(
    "start reads the data version, then what is due, then each highlight's place and the filter")
  func start() {
    var state = ReviewSession(items: [], width: 80, height: 24, utcOffsetSeconds: 0)
    let selection = FilterSelection(base: .current, now: .t0)
    let query = ReviewDueQuery(at: .t0, limit: nil, selection: selection, dayStart: .t0)
    #expect(
      reviewSessionReducer(&state, .start(query, saysFilter: true)) == [.lookup(.dataVersion)])
    #expect(
      reviewSessionReducer(&state, .stored(.browse(.dataVersion(9))))
        == [.review(.listDue(query))])
    let rows = [Self.row(1), Self.row(4, .highlight)]
    #expect(
      reviewSessionReducer(&state, .stored(.review(.listed(rows))))
        == [.highlights(.load(HighlightID(4))), .filters(.loadCurrent)])
    let highlight = Highlight(
      id: HighlightID(4), uuid: "h4", postID: PostID(1), postTitle: "Dune", text: "Fear",
      note: " ", chapter: "ch. 1", page: "12", createdAt: .t0, updatedAt: .t0)
    #expect(reviewSessionReducer(&state, .stored(.highlights(.loaded(highlight)))) == [])
    #expect(
      reviewSessionReducer(&state, .stored(.filters(.current(QuestionFilter(starred: true)))))
        == [])
    var expected = ReviewSession(items: rows, width: 80, height: 24, utcOffsetSeconds: 0)
    expected.dataVersion = 9
    expected.highlights = [4: HighlightPlace(place: "ch. 1, p. 12")]
    expected.message = "the current filter applies: --starred; --all reviews everything"
    expected.step = .placing(selection)
    #expect(state == expected)
  }

  @Test("a session that cannot read what is due holds the error")
  func startFails() {
    var state = ReviewSession(items: [], width: 80, height: 24, utcOffsetSeconds: 0)
    let query = ReviewDueQuery(at: .t0, limit: nil, selection: nil, dayStart: .t0)
    _ = reviewSessionReducer(&state, .start(query, saysFilter: false))
    _ = reviewSessionReducer(&state, .stored(.failed(.nothingToUndo())))
    let error = MemoError(code: .io, message: "disk I/O error")
    #expect(reviewSessionReducer(&state, .stored(.failed(error))) == [])
    #expect(state.error == error && state.items.isEmpty)
  }

  @Test("Space reads the answer, 3 rates at the key's time and keeps the journal entry")
  func revealAndRate() {
    var state = Self.session([Self.row(1), Self.row(2)])
    let time = Timestamp(millis: Timestamp.t0.millis + 12 * 60 * Self.minute)
    var question = Question.fixture(1)
    question.answer = "Arrakis"
    let revealed = Self.run(&state, .key(.char(" "), at: time)) { effect in
      effect == .questions(.load(QuestionID(1)))
        ? (.questions(.loaded(question)), nil) : (.browse(.dataVersion(5)), nil)
    }
    #expect(revealed == [.lookup(.dataVersion), .questions(.load(QuestionID(1)))])
    #expect(state.isRevealed && state.answer == "Arrakis")
    let due = Self.at(time, minutes: 10)
    let effects = Self.run(&state, .key(.char("3"), at: time)) { effect in
      effect == .review(.rate(QuestionID(1), .recall(.good), at: time))
        ? (Self.rated(1, .good, due: due), 17) : (.browse(.dataVersion(5)), nil)
    }
    #expect(effects.last == .review(.rate(QuestionID(1), .recall(.good), at: time)))
    #expect(state.index == 1 && state.reviewed == 1 && !state.isRevealed)
    #expect(state.changes == [OwnChange(entry: 17, index: 0)])
    #expect(state.message == "good: due 2026-01-01 12:10")
    var back = Self.row(1)
    back.due = due
    #expect(state.comebacks == [Comeback(row: back, due: due)])
  }

  @Test("at 23:55 a step of 10 minutes comes back at 00:05; a rating that waits days does not")
  func stepOverMidnight() {
    var state = Self.session([Self.row(1), Self.row(2)])
    state.isRevealed = true
    let time = Self.lateEvening
    Self.run(&state, .key(.char("3"), at: time)) { effect in
      if case .review(.rate(let id, _, _)) = effect {
        return (Self.rated(id.rawValue, .good, due: Self.at(time, minutes: 10)), 1)
      }
      return (.browse(.dataVersion(5)), nil)
    }
    state.isRevealed = true
    Self.run(&state, .key(.char("4"), at: time)) { effect in
      if case .review(.rate(let id, _, _)) = effect {
        return (Self.rated(id.rawValue, .easy, due: Self.at(time, minutes: 3 * 24 * 60)), 2)
      }
      return (.browse(.dataVersion(5)), nil)
    }
    #expect(state.current == nil && state.comebacks.count == 1)
    #expect(
      state.summary(now: time, nextInDatabase: nil) == "reviewed 2, next due 2026-01-02 00:05")
    Self.run(&state, .tick(at: Self.at(time, minutes: 9)))
    #expect(state.current == nil)
    Self.run(&state, .tick(at: Self.at(time, minutes: 11)))
    #expect(state.current?.id == QuestionID(1) && state.comebacks.isEmpty)
    #expect(
      state.summary(now: Self.at(time, minutes: 11), nextInDatabase: nil)
        == "reviewed 2, 1 still due now")
  }

  @Test("a change made elsewhere: the item is read again before the key, which is not taken")
  func changedElsewhere() {
    var state = Self.session([Self.row(1, .open)])
    var question = Question.fixture(1)
    question.answer = "elsewhere"
    let effects = Self.run(&state, .key(.char("s"), at: .t0)) { effect in
      effect == .lookup(.dataVersion)
        ? (.browse(.dataVersion(6)), nil) : (.questions(.loaded(question)), nil)
    }
    #expect(effects == [.lookup(.dataVersion), .questions(.load(QuestionID(1)))])
    #expect(state.current?.kind == .recall && state.reviewed == 0 && state.dataVersion == 6)
    #expect(state.message?.contains("answered outside this session ('elsewhere')") == true)
  }

  @Test("a pasted key is no command; u with nothing of the session's own says so")
  func pasteAndUndo() {
    var state = Self.session([Self.row(1)])
    #expect(reviewSessionReducer(&state, .key(.char("1"), isPasted: true, at: .t0)) == [])
    #expect(state.message == "pasted text is not taken as keys: type them")
    #expect(Self.run(&state, .key(.char("u"), at: .t0)) == [.lookup(.dataVersion)])
    #expect(state.message == "nothing to undo in this session")
  }

  @Test("u takes back the session's own entry, goes back to its item and reads it again")
  func undo() {
    var state = Self.session([Self.row(1), Self.row(2)])
    state.index = 1
    state.reviewed = 1
    state.changes = [OwnChange(entry: 17, index: 0)]
    let entry = JournalEntry(
      id: 17, createdAt: .t0, action: "rate", summary: "rate question 1 good", isUndone: true,
      changeCount: 1)
    var question = Question.fixture(1)
    question.answer = "Arrakis"
    let effects = Self.run(&state, .key(.char("u"), at: .t0)) { effect in
      switch effect {
      case .journal: (.journal(.entries([entry])), nil)
      case .questions: (.questions(.loaded(question)), nil)
      default: (.browse(.dataVersion(5)), nil)
      }
    }
    #expect(
      effects == [
        .lookup(.dataVersion), .journal(.undoEntry(17)), .questions(.load(QuestionID(1))),
      ])
    #expect(state.index == 0 && state.reviewed == 0 && state.changes.isEmpty)
    #expect(state.message == "undone: rate question 1 good")
  }

  @Test("the line at the end: the database's next due, or an earlier comeback")
  func finish() {
    var state = Self.session([Self.row(1)])
    state.index = 1
    state.reviewed = 1
    let later = Self.at(.t0, minutes: 366 * 24 * 60)
    let next = Self.at(.t0, minutes: 600)
    #expect(
      reviewSessionReducer(&state, .finish(at: .t0)) == [
        .review(.nextDue(after: .t0, until: later))
      ])
    _ = reviewSessionReducer(&state, .stored(.review(.nextDue(next))))
    #expect(state.summary == "reviewed 1, next due 2026-01-01 10:00")
    state.comebacks = [Comeback(row: Self.row(1), due: Self.at(.t0, minutes: 1))]
    _ = reviewSessionReducer(&state, .finish(at: .t0))
    _ = reviewSessionReducer(&state, .stored(.review(.nextDue(nil))))
    #expect(state.summary == "reviewed 1, next due 2026-01-01 00:01")
  }
}
