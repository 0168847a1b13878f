import Testing

@testable import MemoCore

@Suite("posts reducer: pure state + action → new state + effects")
struct PostsReducerTests {
  @Test("add trims the title, drops blank optional fields, keeps the body as typed")
  func addNormalises() {
    var state = AppState()
    let effects = appReducer(
      &state, .posts(.add(NewPost(title: "  Dune \n", author: "  ", body: " text\n", source: ""))))
    #expect(effects == [.insertPost(NewPost(title: "Dune", author: nil, body: " text\n", source: nil))])
    #expect(state == AppState())
  }

  @Test("add with a blank title is refused without asking storage", arguments: ["", "   ", "\n\t"])
  func addBlankTitle(title: String) {
    var state = AppState()
    let effects = appReducer(&state, .posts(.add(NewPost(title: title))))
    #expect(effects == [])
    #expect(state == AppState(error: .emptyTitle()))
  }

  @Test("a body of only white space is stored as no body")
  func blankBody() {
    var state = AppState()
    let effects = appReducer(&state, .posts(.add(NewPost(title: "X", body: " \n "))))
    #expect(effects == [.insertPost(NewPost(title: "X"))])
  }

  @Test("list, show ask storage and change nothing yet")
  func reads() {
    var state = AppState()
    #expect(appReducer(&state, .posts(.list(PostQuery(limit: 5)))) == [.loadPosts(PostQuery(limit: 5))])
    #expect(appReducer(&state, .posts(.show(3))) == [.loadPost(3)])
    #expect(state == AppState())
  }

  @Test("edit normalises the patch; a blank title is refused")
  func edit() {
    var state = AppState()
    let effects = appReducer(
      &state, .posts(.edit(2, PostPatch(title: " New ", author: .some(" "), source: .some(" s ")))))
    #expect(effects == [.updatePost(2, PostPatch(title: "New", author: .some(nil), source: .some("s")))])
    #expect(state == AppState())
    let refused = appReducer(&state, .posts(.edit(2, PostPatch(title: "  "))))
    #expect(refused == [])
    #expect(state.error == .emptyTitle())
  }

  @Test("remove drops repeated ids; removing nothing asks nothing")
  func remove() {
    var state = AppState()
    #expect(appReducer(&state, .posts(.remove([3, 1, 3]))) == [.deletePosts([3, 1])])
    #expect(appReducer(&state, .posts(.remove([]))) == [])
  }

  @Test("storage answers land in the state")
  func answers() {
    var state = AppState()
    let post = Post.fixture()
    #expect(appReducer(&state, .posts(.added(post))) == [])
    #expect(state == AppState(post: post))
    let filter = QuestionFilter(starred: true)
    _ = appReducer(&state, .posts(.listed([post], filter: filter)))
    var expected = AppState(posts: [post], post: post)
    expected.filter = filter
    #expect(state == expected)
    _ = appReducer(&state, .posts(.removed([post])))
    expected.removedPosts = [post]
    #expect(state == expected)
  }

  @Test("a failure is recorded in the state")
  func failure() {
    var state = AppState()
    #expect(appReducer(&state, .failed(.postNotFound(9))) == [])
    #expect(state == AppState(error: .postNotFound(9)))
  }
}
