/// `memo browse`'s reducer: keys, ticks and storage's answers become a new state and the
/// storage work to do. Pure: the terminal and the database are elsewhere.
public func browseReducer(_ state: inout BrowseState, _ action: BrowseAction) -> [Effect] {
  switch action {
  case .start:
    return [.lookup(.dataVersion), .filters(.loadCurrent)]
  case .tick:
    return [.lookup(.dataVersion)]
  case .resize(let width, let height):
    state.width = max(1, width)
    state.height = max(1, height)
    return reload(&state)
  case .measured(let layout):
    state.layout = layout
    fitScroll(&state)
    return []
  case .edited(let result):
    state.editorRequest = nil
    return edited(&state, result)
  case .reviewed(let summary):
    state.isReviewRequested = false
    state.message = summary
    return reload(&state)
  case .key(let key):
    state.message = nil
    if let target = state.confirming { return confirmKey(&state, target, key) }
    if state.input != nil { return inputKey(&state, key) }
    if key == .char("q") {
      state.isFinished = true
      return []
    }
    if state.isShowingHelp {
      // The help scrolls when it is taller than the window; any other key closes it.
      if let move = movement(for: key, bodyHeight: state.bodyHeight) {
        state.helpScroll = scrolled(state.helpScroll, move, state)
        return []
      }
      state.isShowingHelp = false
      state.helpScroll = 0
      return []
    }
    if key == .char("?") {
      state.isShowingHelp = true
      state.helpScroll = 0
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
    // An empty prompt: the earlier searches are Up away.
    state.input = LineInput(purpose: .search, choices: state.searches)
    return []
  case .char("u"):
    state.isRedoing = false
    return [.journal(.undo(1))]
  case .ctrl("r"):
    state.isRedoing = true
    return [.journal(.redo(1))]
  case .char("n"):
    state.input = LineInput(purpose: .newTitle)
    return []
  case .char("f"):
    state.screens.append(.filter(FilterScreen(draft: state.filter)))
    return [.categories(.loadNames)]
  case .char("F"):
    return open(&state, ListScreen(list: .favorites))
  case .char("R"):
    state.isReviewRequested = true
    return []
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
  case .book(var screen):
    let effects = bookKey(&state, &screen, key)
    if state.screens.count - 1 == index, case .book = state.screens[index] {
      state.screens[index] = .book(screen)
    }
    return effects
  case .detail(var screen):
    if let move = movement(for: key, bodyHeight: state.bodyHeight) {
      screen.scroll = scrolled(screen.scroll, move, state)
      state.screens[index] = .detail(screen)
      return []
    }
    if key == .char("A") { return ask(&state, screen.question.postID) }
    return questionKey(&state, screen.question, key)
  case .search(var screen):
    if let move = movement(for: key, bodyHeight: state.bodyHeight) {
      screen.cursor = moved(screen.cursor, move, count: screen.results.count)
      state.screens[index] = .search(screen)
      return []
    }
    guard key == .enter, screen.results.indices.contains(screen.cursor) else { return [] }
    let result = screen.results[screen.cursor]
    if result.kind == .questions { return [.questions(.load(QuestionID(result.id)))] }
    // The book's screen, named by the result until the post is read.
    let post = Post(
      id: result.postID, uuid: "", title: result.postTitle, createdAt: Timestamp(millis: 0),
      updatedAt: Timestamp(millis: 0))
    return openBook(&state, post)
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
    if key == .char("A") { return ask(&state, question.postID) }
    return questionKey(&state, question, key)
  }
  guard let post = row?.post else { return [] }
  if key == .enter { return openBook(&state, post) }
  return postKey(&state, post, key)
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
    return [.filters(.saveCurrent(screen.draft))]
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
