import Foundation
import MemoCore
import MemoStorage
import Testing

@testable import memo

/// `memo review`'s session against a real database file, with a second connection as
/// "another shell": `u` takes back only the session's own changes, and a change made
/// elsewhere is read before a key acts on the item it touched.
@Suite("memo review: the session's undo and changes made elsewhere")
struct ReviewSessionRunnerTests {
  /// A database file in a new temporary folder, the session's connection and another one.
  final class Setup {
    let folder: String
    let other: EffectRunner
    let otherDatabase: Database
    let database: LazyDatabase

    init() throws {
      var template = Array((NSTemporaryDirectory() + "memo-session-XXXXXX").utf8CString)
      guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
      folder = String(cString: made)
      let path = folder + "/memo.db"
      otherDatabase = try DatabaseFile.open(at: path, for: .write)
      other = EffectRunner(database: otherDatabase)
      database = try LazyDatabase(
        path: path, clock: SystemClock.now, busyTimeoutMilliseconds: 2000)
    }

    deinit {
      database.close()
      otherDatabase.close()
      try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs `effect` on the other connection; the action it answered.
    @discardableResult
    func elsewhere(_ effect: Effect) throws -> Action {
      let action = other.run(effect)
      if case .failed(let error) = action { throw error }
      return action
    }

    func post(_ title: String) throws -> PostID {
      guard case .posts(.added(let post)) = try elsewhere(.posts(.insert(NewPost(title: title))))
      else { throw MemoError(code: .io, message: "no post") }
      return post.id
    }

    func question(on post: PostID, _ text: String, answer: String?) throws -> QuestionID {
      guard
        case .questions(.added(let question)) = try elsewhere(
          .questions(.insert(NewQuestion(postID: post, text: text))))
      else { throw MemoError(code: .io, message: "no question") }
      if let answer { try elsewhere(.questions(.setAnswer(question.id, answer))) }
      return question.id
    }

    func answer(of id: QuestionID) throws -> String? {
      guard case .questions(.loaded(let question)) = try elsewhere(.questions(.load(id))) else {
        return nil
      }
      return question.answer
    }

    /// The journal, newest first, as (summary, undone).
    func journal() throws -> [(String, Bool)] {
      guard case .journal(.entries(let entries)) = try elsewhere(.journal(.list(limit: 20))) else {
        return []
      }
      return entries.map { ($0.summary, $0.isUndone) }
    }

    /// A session over what is due at `now`. - Throws: what reading it gave.
    func session(at now: Timestamp) throws -> ReviewSessionStore {
      let store = ReviewSessionLoop.store(
        database: database, at: now, utcOffsetSeconds: 0, width: 80, height: 24)
      if let error = store.state.error { throw error }
      return store
    }

    /// What is due by two days on (an open question comes a day after it was asked).
    func session() throws -> ReviewSessionStore {
      try session(at: Timestamp(millis: SystemClock.now().millis + 2 * 86_400_000))
    }

    /// Keys typed at `now` (the wall clock: the tests without comebacks).
    func press(_ keys: String, _ session: ReviewSessionStore, at now: Timestamp = SystemClock.now())
    {
      for c in keys { session.dispatch(.key(c == "\n" ? .enter : .char(c), at: now)) }
    }
  }

  @Test("u refuses, changing nothing, when the newest change was made in another shell")
  func undoLeavesAnotherShellsChange() throws {
    let setup = try Setup()
    let dune = try setup.post("Dune")
    _ = try setup.question(on: dune, "Planet?", answer: "Arrakis")
    let session = try setup.session()
    #expect(session.state.items.count == 1)
    setup.press(" 3", session)
    #expect(session.state.index == 1 && session.state.reviewed == 1)
    let precious = try setup.post("Precious note")
    setup.press("u", session)
    let message = session.state.message ?? ""
    #expect(message.contains("not undone"))
    #expect(message.contains("'Precious note'"))
    #expect(message.contains("outside this session"))
    #expect(session.state.index == 1 && session.state.reviewed == 1)
    // The message takes two lines above the footer at 80 columns: all of it shows.
    let frame = ReviewSessionView.frame(session.state).texts
    #expect(frame.count == 24 && frame[23] == "u undo  q quit")
    #expect(frame[21].hasPrefix("  not undone: ") && frame[22].hasSuffix("use memo undo"))
    // The post is there, and nothing in the journal was undone.
    #expect(throws: Never.self) { try setup.elsewhere(.posts(.load(precious))) }
    #expect(try setup.journal().allSatisfy { !$0.1 })
    // Once the other shell takes its own change back, u takes back the session's rating.
    try setup.elsewhere(.journal(.undo(1)))
    setup.press("u", session)
    #expect(session.state.message?.hasPrefix("undone: rate question") == true)
    #expect(session.state.index == 0 && session.state.reviewed == 0)
    let journal = try setup.journal()
    #expect(journal[0].0.hasPrefix("add post") && journal[0].1)
    #expect(journal[1].0.hasPrefix("rate question") && journal[1].1)
  }

  @Test("after memo undo elsewhere took the session's rating back, u undoes nothing older")
  func undoAfterAnotherShellsUndo() throws {
    let setup = try Setup()
    let dune = try setup.post("Dune")
    let q1 = try setup.question(on: dune, "Planet?", answer: "Arrakis")
    let session = try setup.session()
    setup.press(" 3", session)
    try setup.elsewhere(.journal(.undo(1)))  // the session's rating
    setup.press("u", session)
    #expect(session.state.message?.contains("undone already outside this session") == true)
    // The answer, the question and the post (older entries) stand.
    #expect(try setup.answer(of: q1) == "Arrakis")
    let journal = try setup.journal()
    #expect(journal.filter(\.1).count == 1)
    #expect(journal[0].0.hasPrefix("rate question"))
    // The item is due again, and shows again.
    #expect(session.state.index == 0 && session.state.reviewed == 0)
    setup.press("u", session)
    #expect(session.state.message == "nothing to undo in this session")
    #expect(try setup.journal().filter(\.1).count == 1)
  }

  @Test("repeated u walks back through the session's own changes, then stops")
  func undoWalksBack() throws {
    let setup = try Setup()
    let dune = try setup.post("Dune")
    let q1 = try setup.question(on: dune, "Planet?", answer: "Arrakis")
    let q2 = try setup.question(on: dune, "Spice?", answer: nil)
    let session = try setup.session()
    #expect(session.state.items.map(\.id) == [q1, q2])
    setup.press(" 3a", session)
    setup.press("mine\n", session)
    #expect(session.state.index == 2 && session.state.changes.count == 2)
    #expect(try setup.answer(of: q2) == "mine")
    setup.press("u", session)
    #expect(session.state.index == 1)
    #expect(try setup.answer(of: q2) == nil)
    setup.press("u", session)
    #expect(session.state.index == 0 && session.state.reviewed == 0)
    setup.press("u", session)
    #expect(session.state.message == "nothing to undo in this session")
    let journal = try setup.journal()
    #expect(journal.filter(\.1).map(\.0).count == 2)
    #expect(journal.filter { !$0.1 }.allSatisfy { !$0.0.hasPrefix("rate") })
  }

  @Test("an open question answered in another shell shows as answered, and a keeps that answer")
  func answeredElsewhere() throws {
    let setup = try Setup()
    let dune = try setup.post("Dune")
    let q3 = try setup.question(on: dune, "Spice?", answer: nil)
    let session = try setup.session()
    #expect(session.state.current?.kind == .open)
    try setup.elsewhere(.questions(.setAnswer(q3, "elsewhere")))
    setup.press("a", session)
    #expect(session.state.input == nil)
    #expect(session.state.current?.kind == .recall)
    #expect(session.state.message?.contains("answered outside this session ('elsewhere')") == true)
    #expect(
      ReviewSessionView.frame(session.state).lines.allSatisfy {
        !$0.text.contains("(no answer yet)")
      })
    // It is a recall item now: s is no rating, Space shows the answer given elsewhere.
    setup.press("s", session)
    #expect(session.state.index == 0)
    setup.press(" ", session)
    #expect(session.state.answer == "elsewhere")
    #expect(try setup.answer(of: q3) == "elsewhere")
  }

  @Test("an answer typed while another shell answered is not saved over that one")
  func answerTypedMeanwhile() throws {
    let setup = try Setup()
    let dune = try setup.post("Dune")
    let q3 = try setup.question(on: dune, "Spice?", answer: nil)
    let session = try setup.session()
    setup.press("amine", session)
    try setup.elsewhere(.questions(.setAnswer(q3, "elsewhere")))
    setup.press("\n", session)
    #expect(try setup.answer(of: q3) == "elsewhere")
    #expect(session.state.message?.contains("yours was not saved: 'mine'") == true)
    #expect(session.state.index == 0 && session.state.reviewed == 0 && session.state.input == nil)
    // And the write itself refuses, should the answer come between the look and the write.
    let q4 = try setup.question(on: dune, "Worms?", answer: nil)
    var state = try setup.session().state
    state.index = try #require(state.items.firstIndex { $0.id == q4 })
    let open = ReviewSessionStore(state: state, runEffect: setup.database.runNotingEntry)
    try setup.elsewhere(.questions(.setAnswer(q4, "sandworms")))
    open.dispatch(.perform(.answer("mine"), at: SystemClock.now()))
    #expect(try setup.answer(of: q4) == "sandworms")
    #expect(open.state.message?.contains("'sandworms'") == true)
    #expect(open.state.reviewed == 0)
  }
}

/// A clock the test moves: what the session rates at and times its comebacks by.
final class SessionClock: @unchecked Sendable {
  var time: Timestamp
  init(_ time: Timestamp) { self.time = time }
  func advance(seconds: Int64) { time = Timestamp(millis: time.millis + seconds * 1000) }
}

@Suite("memo review: a card in its learning steps comes back in the session")
struct ReviewSessionComebackTests {
  /// Two answered questions (new recall items), a session over them at a clock two days on
  /// (UTC noon: the day does not end within the test), and the clock keys are timed by.
  func setUp(minutes: Int64 = 12 * 60) throws -> (
    ReviewSessionRunnerTests.Setup, ReviewSessionStore, SessionClock
  ) {
    let setup = try ReviewSessionRunnerTests.Setup()
    let dune = try setup.post("Dune")
    _ = try setup.question(on: dune, "Planet?", answer: "Arrakis")
    _ = try setup.question(on: dune, "Spice?", answer: "Melange")
    let day = (SystemClock.now().millis / 86_400_000 + 2) * 86_400_000
    let clock = SessionClock(Timestamp(millis: day + minutes * 60_000))
    let session = try setup.session(at: clock.time)
    return (setup, session, clock)
  }

  func press(_ keys: String, _ clock: SessionClock, _ session: ReviewSessionStore) {
    for c in keys { session.dispatch(.key(c == "\n" ? .enter : .char(c), at: clock.time)) }
  }

  /// The line after the session, at `now`.
  func summary(_ session: ReviewSessionStore, at now: Timestamp) -> String? {
    session.dispatch(.finish(at: now))
    return session.state.summary
  }

  @Test(
    "again: the item comes back once its minute is up, before what is left; the session waits for what is in its steps and says when"
  )
  func againComesBack() throws {
    let (setup, session, clock) = try setUp()
    defer { withExtendedLifetime(setup) {} }
    let (first, second) = (session.state.items[0].id, session.state.items[1].id)
    press(" 1", clock, session)
    #expect(
      session.state.message == "again: due "
        + session.state.local(Timestamp(millis: clock.time.millis + 60_000)))
    #expect(session.state.current?.id == second)
    // Not yet due: it waits; once due, it comes next, after the item being read.
    clock.advance(seconds: 30)
    session.dispatch(.tick(at: clock.time))
    #expect(session.state.items.count == 2)
    clock.advance(seconds: 31)
    session.dispatch(.tick(at: clock.time))
    #expect(session.state.current?.id == second)
    #expect(session.state.items.map(\.id) == [first, second, first])
    // Good on the second: its next learning step (10 minutes); then the first is back.
    press(" 3", clock, session)
    #expect(session.state.current?.id == first && session.state.index == 2)
    #expect(ReviewSessionView.frame(session.state).texts[0].hasPrefix("Review · 3/3 · reviewed 2"))
    press(" 3", clock, session)
    // Both wait for their 10 minutes: the session is not over, and says when they are due.
    #expect(session.state.current == nil && session.state.comebacks.count == 2)
    let frame = ReviewSessionView.frame(session.state).texts
    #expect(frame[0].hasPrefix("Review · waiting · reviewed 3"))
    let next = try #require(session.state.nextComeback)
    // (Wrapped at 80 columns, each line indented.)
    #expect(
      frame.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").contains(
        "Nothing else is due yet: 2 items come back in their learning steps, the next at \(session.state.local(next))."
      ), "\(frame)")
    #expect(!frame.contains { $0.contains("That was everything due.") })
    // The line at the end names what the session rated: next due (the database looks after
    // now), still due now once its time passed.
    #expect(
      summary(session, at: clock.time)
        == "reviewed 3, next due \(session.state.local(next))")
    let later = Timestamp(millis: clock.time.millis + 11 * 60_000)
    #expect(
      summary(session, at: later)
        == "reviewed 3, 2 still due now")
    // Ten minutes on, both come back, oldest rating first; easy sends them to review (days).
    clock.time = later
    session.dispatch(.tick(at: clock.time))
    #expect(session.state.items[3...].map(\.id) == [second, first])
    press(" 4 4", clock, session)
    #expect(session.state.current == nil && session.state.comebacks.isEmpty)
    #expect(
      ReviewSessionView.frame(session.state).texts.contains {
        $0.contains("That was everything due.")
      })
    #expect(
      try setup.journal().filter { $0.0.hasPrefix("rate question") }.count == 5)
  }

  @Test("at 23:55 a learning step of 10 minutes comes back at 00:05: the day's end is no limit")
  func stepOverMidnight() throws {
    let (setup, session, clock) = try setUp(minutes: 23 * 60 + 55)
    defer { withExtendedLifetime(setup) {} }
    let first = session.state.items[0].id
    press(" 3", clock, session)  // good on a new item: 10 minutes
    #expect(session.state.comebacks.count == 1)
    press(" 4", clock, session)  // easy: days, no comeback
    #expect(session.state.current == nil && session.state.comebacks.count == 1)
    clock.advance(seconds: 11 * 60)
    session.dispatch(.tick(at: clock.time))
    #expect(session.state.current?.id == first)
  }

  @Test("u takes back a rating and the comeback it set up, waiting or already back")
  func undoTakesTheComebackBack() throws {
    let (setup, session, clock) = try setUp()
    defer { withExtendedLifetime(setup) {} }
    let (first, second) = (session.state.items[0].id, session.state.items[1].id)
    press(" 1", clock, session)
    #expect(session.state.comebacks.count == 1)
    press("u", clock, session)
    #expect(
      session.state.comebacks.isEmpty && session.state.index == 0 && session.state.items.count == 2)
    // Again, and this time it is back (after the second) before u.
    press(" 1", clock, session)
    clock.advance(seconds: 61)
    session.dispatch(.tick(at: clock.time))
    #expect(session.state.items.map(\.id) == [first, second, first])
    press("u", clock, session)
    #expect(session.state.items.map(\.id) == [first, second])
    #expect(session.state.index == 0 && session.state.comebacks.isEmpty)
  }

  @Test("an open question and a rating that waits days do not come back")
  func onlyLearningSteps() throws {
    let (setup, session, clock) = try setUp()
    defer { withExtendedLifetime(setup) {} }
    press(" 4", clock, session)  // easy: days
    #expect(session.state.comebacks.isEmpty)
    clock.advance(seconds: 3 * 86_400)
    session.dispatch(.tick(at: clock.time))
    #expect(session.state.items.count == 2)
  }
}
