/// `memo browse`'s reducer: keys, ticks and storage's answers become a new state and the
/// storage work to do. Pure: the terminal and the database are elsewhere.
public func browseReducer(_ state: inout BrowseState, _ action: BrowseAction) -> [Effect] {
  switch action {
  case .start:
    return [.loadDataVersion, .loadCurrentFilter]
  case .tick:
    return [.loadDataVersion]
  case .resize(let width, let height):
    state.width = max(1, width)
    state.height = max(1, height)
    return reload(&state)
  case .key(let key):
    state.message = nil
    if state.input != nil { return inputKey(&state, key) }
    if key == .char("q") {
      state.isFinished = true
      return []
    }
    if state.isShowingHelp {
      state.isShowingHelp = false
      return []
    }
    if key == .char("?") {
      state.isShowingHelp = true
      return []
    }
    switch state.top {
    case .filter(var screen):
      let effects = filterKey(&state, &screen, key)
      if case .filter = state.top { state.screens[state.screens.count - 1] = .filter(screen) }
      return effects
    default:
      return screenKey(&state, key)
    }
  case .stored(let action):
    return stored(&state, action)
  }
}

// MARK: - Keys

/// How far a key moves the cursor.
enum Movement {
  case step(Int)
  case page(Int)
  case first
  case last
}

/// The movement a key asks for (nil: not a moving key); a page is the body's height.
func movement(for key: BrowseKey, bodyHeight: Int) -> Movement? {
  switch key {
  case .char("j"), .down: return .step(1)
  case .char("k"), .up: return .step(-1)
  case .pageDown: return .page(bodyHeight)
  case .pageUp: return .page(-bodyHeight)
  case .ctrl("d"): return .page(max(1, bodyHeight / 2))
  case .ctrl("u"): return .page(-max(1, bodyHeight / 2))
  case .char("g"), .home: return .first
  case .char("G"), .end: return .last
  default: return nil
  }
}

/// Keys on every screen but Filter: global ones first, then the screen's own.
func screenKey(_ state: inout BrowseState, _ key: BrowseKey) -> [Effect] {
  switch key {
  case .char("/"):
    state.input = LineInput(purpose: .search, text: state.lastSearch)
    return []
  case .char("u"):
    return [.undo(1)]
  case .char("f"):
    state.screens.append(.filter(FilterScreen(draft: state.filter)))
    return [.loadCategoryNames]
  case .char("F"):
    return open(&state, ListScreen(list: .favorites))
  case .char("Q"):
    return open(&state, ListScreen(list: .questions))
  case .char("B"):
    state.screens = [state.screens[0]]
    return reload(&state)
  case .escape:
    guard state.screens.count > 1 else { return [] }
    state.screens.removeLast()
    return reload(&state)
  default:
    break
  }
  let index = state.screens.count - 1
  switch state.top {
  case .list(var screen):
    let effects = listKey(&state, &screen, key)
    if state.screens.count - 1 == index, case .list = state.screens[index] {
      state.screens[index] = .list(screen)
    }
    return effects
  case .detail(let question):
    return questionKey(&state, question, key)
  case .search(var screen):
    if let move = movement(for: key, bodyHeight: state.bodyHeight) {
      screen.cursor = moved(screen.cursor, move, count: screen.results.count)
      state.screens[index] = .search(screen)
      return []
    }
    guard key == .enter, screen.results.indices.contains(screen.cursor) else { return [] }
    let result = screen.results[screen.cursor]
    if result.kind == .questions { return [.loadQuestion(QuestionID(result.id))] }
    return open(&state, ListScreen(list: .bookQuestions(result.postID)))
  case .filter:
    return []
  }
}

/// A list screen's keys: moving (a page read when the cursor leaves the rows shown), opening,
/// and the question and book keys for the row under the cursor.
func listKey(_ state: inout BrowseState, _ screen: inout ListScreen, _ key: BrowseKey) -> [Effect] {
  if let move = movement(for: key, bodyHeight: state.bodyHeight) {
    return listMove(&state, &screen, move)
  }
  let row = screen.current
  if key == .char("v") {
    guard let post = row?.post ?? screen.post else { return [] }
    return toggleFavorite(&state, post)
  }
  if let question = row?.question {
    if key == .enter {
      state.screens.append(.detail(question))
      return []
    }
    return questionKey(&state, question, key)
  }
  if key == .enter, let post = row?.post {
    state.screens.append(.list(ListScreen(list: .bookQuestions(post.id), post: post)))
    return [pageEffect(state, .bookQuestions(post.id), .top, state.bodyHeight)]
  }
  return []
}

/// Moves the cursor inside the page, or asks for the rows the move needs (by key).
func listMove(_ state: inout BrowseState, _ screen: inout ListScreen, _ move: Movement)
  -> [Effect]
{
  let height = state.bodyHeight
  switch move {
  case .step(let n) where screen.rows.indices.contains(screen.cursor + n):
    screen.cursor += n
    return []
  case .step(let n), .page(let n):
    if n > 0, let last = screen.rows.last {
      return [pageEffect(state, screen.list, .after(last.key), n)]
    }
    if n < 0, let first = screen.rows.first {
      return [pageEffect(state, screen.list, .before(first.key), -n)]
    }
    return []
  case .first:
    return [pageEffect(state, screen.list, .top, height)]
  case .last:
    return [pageEffect(state, screen.list, .bottom, height)]
  }
}

/// `s` and `a` on a question (in a list or its detail).
func questionKey(_ state: inout BrowseState, _ question: Question, _ key: BrowseKey) -> [Effect] {
  switch key {
  case .char("s"):
    state.pendingMessage =
      question.isStarred ? "unstarred question \(question.id)" : "★ starred question \(question.id)"
    return [.setStarred([question.id], !question.isStarred)]
  case .char("a"):
    state.input = LineInput(
      purpose: .answer(question.id, hadAnswer: question.hasAnswer), text: question.answer ?? "")
    return []
  default:
    return []
  }
}

/// `v`: the book goes on the shelf, or off it.
func toggleFavorite(_ state: inout BrowseState, _ post: Post) -> [Effect] {
  if post.isFavorite {
    state.pendingMessage = "took '\(post.title)' off the shelf"
    return [.removeFavorites([post.id])]
  }
  state.pendingMessage = "put '\(post.title)' on the shelf"
  return [.addFavorites([post.id])]
}

/// The Filter screen: `s` and `a` cycle, `c` picks the category under the cursor, Enter
/// makes the draft memo's current filter, Escape leaves it as it was.
func filterKey(_ state: inout BrowseState, _ screen: inout FilterScreen, _ key: BrowseKey)
  -> [Effect]
{
  if let move = movement(for: key, bodyHeight: state.bodyHeight) {
    screen.cursor = moved(screen.cursor, move, count: screen.categories.count)
    return []
  }
  switch key {
  case .char("s"):
    screen.draft.starred = cycled(screen.draft.starred)
  case .char("a"):
    screen.draft.answered = cycled(screen.draft.answered)
  case .char("c"), .char(" "):
    guard screen.categories.indices.contains(screen.cursor) else { return [] }
    let name = screen.categories[screen.cursor]
    if let i = screen.draft.categories.firstIndex(where: { $0.lowercased() == name.lowercased() }) {
      screen.draft.categories.remove(at: i)
    } else {
      screen.draft.categories.append(name)
    }
  case .escape:
    state.screens.removeLast()
    return reload(&state)
  case .enter:
    state.screens.removeLast()
    guard screen.draft != state.filter else { return reload(&state) }
    state.pendingMessage =
      screen.draft.isEmpty ? "filter cleared" : "filter set: \(screen.draft.label)"
    return [.saveCurrentFilter(screen.draft)]
  default:
    break
  }
  return []
}

/// any → on → off → any.
func cycled(_ flag: Bool?) -> Bool? {
  switch flag {
  case nil: return true
  case true?: return false
  case false?: return nil
  }
}

/// A cursor over `count` rows held in memory, moved.
func moved(_ cursor: Int, _ move: Movement, count: Int) -> Int {
  guard count > 0 else { return 0 }
  switch move {
  case .step(let n), .page(let n): return min(max(0, cursor + n), count - 1)
  case .first: return 0
  case .last: return count - 1
  }
}

/// The one-line input: typing, moving the caret, Enter to submit, Escape to cancel.
func inputKey(_ state: inout BrowseState, _ key: BrowseKey) -> [Effect] {
  guard var input = state.input else { return [] }
  switch key {
  case .char(let c):
    guard !c.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
      return []
    }
    input.text.insert(c, at: input.caret)
    input.caret += 1
  case .backspace:
    guard input.caret > 0 else { break }
    input.caret -= 1
    input.text.remove(at: input.caret)
  case .delete:
    guard input.caret < input.text.count else { break }
    input.text.remove(at: input.caret)
  case .left: input.caret = max(0, input.caret - 1)
  case .right: input.caret = min(input.text.count, input.caret + 1)
  case .home, .ctrl("a"): input.caret = 0
  case .end, .ctrl("e"): input.caret = input.text.count
  case .ctrl("u"):
    input.text.removeFirst(input.caret)
    input.caret = 0
  case .escape:
    state.input = nil
    return []
  case .enter:
    state.input = nil
    return submit(&state, input)
  default:
    break
  }
  state.input = input
  return []
}

/// Enter in the input: saves the answer (an empty one removes it), or runs the search.
func submit(_ state: inout BrowseState, _ input: LineInput) -> [Effect] {
  let text = String(input.text).trimmingWhitespace()
  switch input.purpose {
  case .answer(let id, let hadAnswer):
    if text.isEmpty {
      guard hadAnswer else { return [] }
      state.pendingMessage = "removed the answer to question \(id)"
      return [.setAnswer(id, nil)]
    }
    state.pendingMessage = "answered question \(id)"
    return [.setAnswer(id, text)]
  case .search:
    guard !text.isEmpty else { return [] }
    state.lastSearch = text
    if case .search = state.top { state.screens.removeLast() }
    state.screens.append(.search(SearchScreen(query: text)))
    return [.search(SearchQuery(text: text, limit: BrowseState.searchLimit))]
  }
}
