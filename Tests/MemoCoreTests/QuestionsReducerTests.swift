import Testing

@testable import MemoCore

@Suite("question, category, favorite and filter reducers")
struct QuestionsReducerTests {
  @Test("ask trims the text and the category; a blank category means none")
  func ask() {
    var state = AppState()
    let effects = appReducer(
      &state,
      .questions(
        .ask(NewQuestion(postID: 1, text: " Why? ", category: " physics ", isStarred: true))))
    #expect(
      effects == [
        .questions(
          .insert(NewQuestion(postID: 1, text: "Why?", category: "physics", isStarred: true)))
      ])
    let blank = appReducer(
      &state, .questions(.ask(NewQuestion(postID: 1, text: "Q", category: "  "))))
    #expect(blank == [.questions(.insert(NewQuestion(postID: 1, text: "Q")))])
    #expect(state == AppState())
  }

  @Test("an empty question, or a category with control characters, is refused")
  func askRefused() {
    var state = AppState()
    #expect(appReducer(&state, .questions(.ask(NewQuestion(postID: 1, text: " \n")))) == [])
    #expect(state.error == .emptyQuestion())
    var other = AppState()
    #expect(
      appReducer(&other, .questions(.ask(NewQuestion(postID: 1, text: "Q", category: "a\u{7}b"))))
        == [])
    #expect(other.error?.code == .usage)
  }

  @Test("star and unstar ask storage once, without repeats; nothing to do asks nothing")
  func star() {
    var state = AppState()
    #expect(
      appReducer(&state, .questions(.star([12, 40, 12]))) == [
        .questions(.setStarred([12, 40], true))
      ])
    #expect(appReducer(&state, .questions(.unstar([40]))) == [.questions(.setStarred([40], false))])
    #expect(appReducer(&state, .questions(.star([]))) == [])
    #expect(state == AppState())
  }

  @Test("answer needs text; unanswer removes the answer")
  func answer() {
    var state = AppState()
    #expect(
      appReducer(&state, .questions(.answer(3, "Because."))) == [
        .questions(.setAnswer(3, "Because."))
      ])
    #expect(appReducer(&state, .questions(.unanswer(3))) == [.questions(.setAnswer(3, nil))])
    #expect(state == AppState())
    #expect(appReducer(&state, .questions(.answer(3, "  "))) == [])
    #expect(state.error?.code == .usage)
  }

  @Test("edit with an empty patch asks nothing; a blank text is refused")
  func edit() {
    var state = AppState()
    #expect(appReducer(&state, .questions(.edit(3, QuestionPatch()))) == [])
    #expect(
      appReducer(&state, .questions(.edit(3, QuestionPatch(text: " T ", category: .some(" ")))))
        == [
          .questions(.update(3, QuestionPatch(text: "T", category: .some(nil))))
        ])
    #expect(appReducer(&state, .questions(.edit(3, QuestionPatch(text: "")))) == [])
    #expect(state.error == .emptyQuestion())
  }

  @Test("list streams to the output or pages into the state, as the action says")
  func list() {
    var state = AppState()
    let query = QuestionQuery(
      selection: FilterSelection(
        base: .none, flags: QuestionFilter(starred: true), now: .init(millis: 0)),
      postID: 4, limit: 3)
    #expect(
      appReducer(&state, .questions(.list(query, to: .output))) == [
        .questions(.list(query, to: .output))
      ])
    #expect(appReducer(&state, .questions(.list(query))) == [.questions(.list(query, to: .state))])
    #expect(state == AppState())
  }

  @Test("listed and updated questions, and the filter that chose them, land in the state")
  func answers() {
    var state = AppState()
    let question = Question.fixture()
    _ = appReducer(&state, .questions(.listed([question], filter: QuestionFilter(starred: true))))
    #expect(state.questions == [question])
    #expect(state.filter == QuestionFilter(starred: true))
    _ = appReducer(&state, .questions(.removed([question])))
    #expect(state.removedQuestions == [question])
    _ = appReducer(&state, .questions(.added(question)))
    #expect(state.question == question)
  }

  @Test("categories: a blank new name is refused, names are trimmed")
  func categories() {
    var state = AppState()
    #expect(appReducer(&state, .categories(.add(" physics "))) == [.categories(.insert("physics"))])
    #expect(
      appReducer(&state, .categories(.rename(from: " a ", to: " b "))) == [
        .categories(.rename(from: "a", to: "b"))
      ])
    #expect(
      appReducer(&state, .categories(.remove("x", force: true))) == [
        .categories(.delete("x", force: true))
      ])
    #expect(state == AppState())
    #expect(appReducer(&state, .categories(.add("  "))) == [])
    #expect(state.error?.code == .usage)
  }

  @Test("favorites: ids without repeats; the shelf lands in the state")
  func favorites() {
    var state = AppState()
    #expect(appReducer(&state, .favorites(.add([2, 2, 1]))) == [.favorites(.add([2, 1]))])
    #expect(appReducer(&state, .favorites(.remove([2]))) == [.favorites(.remove([2]))])
    #expect(appReducer(&state, .favorites(.list(to: .output))) == [.favorites(.list(to: .output))])
    _ = appReducer(&state, .favorites(.listed([.fixture()])))
    #expect(state.posts == [.fixture()])
  }

  @Test("filter set drops repeated categories (ignoring case) and refuses an empty filter")
  func filterSet() {
    var state = AppState()
    let effects = appReducer(
      &state,
      .filters(.set(QuestionFilter(starred: true, categories: ["Physics", " physics", "math"]))))
    #expect(
      effects == [
        .filters(.saveCurrent(QuestionFilter(starred: true, categories: ["Physics", "math"])))
      ])
    #expect(appReducer(&state, .filters(.set(QuestionFilter()))) == [])
    #expect(state.error?.code == .usage)
  }

  @Test("filter clear saves an empty filter; save needs a name; use, list, rm ask storage")
  func filterOthers() {
    var state = AppState()
    #expect(appReducer(&state, .filters(.clear)) == [.filters(.saveCurrent(QuestionFilter()))])
    #expect(
      appReducer(&state, .filters(.save(" s ", replacing: false))) == [
        .filters(.saveNamed("s", replacing: false))
      ])
    #expect(appReducer(&state, .filters(.use("s"))) == [.filters(.use("s"))])
    #expect(appReducer(&state, .filters(.list)) == [.filters(.listSaved)])
    #expect(appReducer(&state, .filters(.remove("s"))) == [.filters(.deleteSaved("s"))])
    #expect(state == AppState())
    #expect(appReducer(&state, .filters(.save(" ", replacing: false))) == [])
    #expect(state.error == .badFilterName())
  }
}
