import Testing

@testable import MemoCore

private let dune = Post.fixture(1, title: "Dune")
private let messiah = Post.fixture(2, title: "Dune Messiah")
private let children = Post.fixture(3, title: "Children of Dune")

/// A state part-way through a command, so that every test also shows what an action leaves alone.
private func midCommand() -> AppState {
  var state = AppState(posts: [dune, messiah], post: dune, removedPosts: [children])
  state.filter = QuestionFilter(starred: true)
  return state
}

@Suite("posts reducer: a state and an action give the whole new state and the effects")
struct PostsReducerTests {
  // MARK: - add

  @Test(
    "add trims the title and the one-line fields, keeps the body as typed, and changes no state",
    arguments: [
      (
        NewPost(
          title: "  Dune \n", author: " Frank Herbert ", body: "  Spice.\n", source: "\tshelf "),
        NewPost(title: "Dune", author: "Frank Herbert", body: "  Spice.\n", source: "shelf")
      ),
      (
        NewPost(title: "Dune", author: "  ", body: " \n\t ", source: ""),
        NewPost(title: "Dune")
      ),
      (NewPost(title: "Dune"), NewPost(title: "Dune")),
    ])
  func addNormalises(typed: NewPost, stored: NewPost) {
    var state = midCommand()
    let effects = appReducer(&state, .posts(.add(typed)))
    #expect(effects == [.posts(.insert(stored))])
    #expect(state == midCommand())
  }

  @Test(
    "add with a blank title records the error and asks storage nothing",
    arguments: ["", " ", "\n\t ", "\u{3000}"])
  func addBlankTitle(title: String) {
    var state = midCommand()
    let effects = appReducer(&state, .posts(.add(NewPost(title: title, author: "A", body: "b"))))
    #expect(effects == [])
    var expected = midCommand()
    expected.error = .emptyTitle()
    #expect(state == expected)
  }

  // MARK: - reads

  @Test("list asks storage for the posts, where the action says, and changes nothing yet")
  func list() {
    var state = midCommand()
    let query = PostQuery(sort: .title, isReversed: true, author: "herbert", limit: 5, offset: 10)
    #expect(appReducer(&state, .posts(.list(query))) == [.posts(.list(query, to: .state))])
    #expect(
      appReducer(&state, .posts(.list(query, to: .output))) == [.posts(.list(query, to: .output))])
    #expect(state == midCommand())
  }

  @Test("show asks storage for the one post, where the action says, and changes nothing yet")
  func show() {
    var state = midCommand()
    #expect(appReducer(&state, .posts(.show(42))) == [.posts(.load(42, to: .state))])
    #expect(appReducer(&state, .posts(.show(42, to: .output))) == [.posts(.load(42, to: .output))])
    #expect(state == midCommand())
  }

  // MARK: - edit

  @Test("edit trims the title and the one-line fields; a blank one-line field is cleared")
  func editNormalises() {
    var state = midCommand()
    let typed = PostPatch(
      title: " Dune Messiah ", author: .some("  "), body: .some(" Rewritten.\n"),
      source: .some(" library "))
    let effects = appReducer(&state, .posts(.edit(2, typed)))
    let stored = PostPatch(
      title: "Dune Messiah", author: .some(nil), body: .some(" Rewritten.\n"),
      source: .some("library"))
    #expect(effects == [.posts(.update(2, stored))])
    #expect(state == midCommand())
  }

  @Test("edit keeps a clear as a clear, turns a blank body into a clear, leaves the rest alone")
  func editClears() {
    var state = midCommand()
    let effects = appReducer(
      &state, .posts(.edit(2, PostPatch(author: .some(nil), body: .some(" \n")))))
    #expect(effects == [.posts(.update(2, PostPatch(author: .some(nil), body: .some(nil))))])
    #expect(state == midCommand())
  }

  @Test("edit with nothing to change still asks storage, so that a missing post is reported")
  func editEmpty() {
    var state = midCommand()
    #expect(appReducer(&state, .posts(.edit(4, PostPatch()))) == [.posts(.update(4, PostPatch()))])
    #expect(state == midCommand())
  }

  @Test(
    "edit with a blank title records the error and asks storage nothing",
    arguments: ["", "  ", "\n"])
  func editBlankTitle(title: String) {
    var state = midCommand()
    let effects = appReducer(
      &state, .posts(.edit(2, PostPatch(title: title, author: .some("A"), body: .some("b")))))
    #expect(effects == [])
    var expected = midCommand()
    expected.error = .emptyTitle(editing: 2)
    #expect(state == expected)
    #expect(
      state.error?.message
        == "the title is empty; give the book's title, e.g. memo edit 2 --title \"Dune\"")
  }

  // MARK: - remove

  @Test("remove asks storage once, each id once, in the order first given")
  func remove() {
    var state = midCommand()
    #expect(appReducer(&state, .posts(.remove([3, 1, 3, 2, 1]))) == [.posts(.delete([3, 1, 2]))])
    #expect(state == midCommand())
  }

  @Test("removing no posts asks storage nothing")
  func removeNothing() {
    var state = midCommand()
    #expect(appReducer(&state, .posts(.remove([]))) == [])
    #expect(state == midCommand())
  }

  // MARK: - storage answers

  @Test(
    "added, loaded and edited make that post the command's post",
    arguments: [PostAction.added(children), .loaded(children), .edited(children)])
  func onePost(answer: PostAction) {
    var state = midCommand()
    #expect(appReducer(&state, .posts(answer)) == [])
    var expected = midCommand()
    expected.post = children
    #expect(state == expected)
  }

  @Test("listed replaces the page and the filter that chose it")
  func listed() {
    var state = midCommand()
    let filter = QuestionFilter(answered: false, categories: ["physics"])
    #expect(appReducer(&state, .posts(.listed([children, dune], filter: filter))) == [])
    var expected = midCommand()
    expected.posts = [children, dune]
    expected.filter = filter
    #expect(state == expected)
  }

  @Test("listed without a filter leaves no filter in the state")
  func listedWithoutFilter() {
    var state = midCommand()
    #expect(appReducer(&state, .posts(.listed([], filter: nil))) == [])
    var expected = midCommand()
    expected.posts = []
    expected.filter = nil
    #expect(state == expected)
  }

  @Test("removed records the deleted posts and leaves the page as it was")
  func removed() {
    var state = midCommand()
    #expect(appReducer(&state, .posts(.removed([messiah, dune]))) == [])
    var expected = midCommand()
    expected.removedPosts = [messiah, dune]
    #expect(state == expected)
  }

  @Test("a failure records its error and asks storage nothing")
  func failed() {
    var state = midCommand()
    #expect(appReducer(&state, .failed(.postsNotFound([7, 9]))) == [])
    var expected = midCommand()
    expected.error = .postsNotFound([7, 9])
    #expect(state == expected)
  }

  @Test("the posts reducer answers as the app reducer does for a posts action")
  func forwarded() {
    var direct = midCommand()
    var routed = midCommand()
    let action = PostAction.add(NewPost(title: " X ", source: " s "))
    #expect(postsReducer(&direct, action) == appReducer(&routed, .posts(action)))
    #expect(direct == routed)
  }
}
