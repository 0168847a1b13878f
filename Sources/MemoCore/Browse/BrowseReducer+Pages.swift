// The browse reducer's reading side: which page to read, and what storage's answers do to
// the screens.

/// Pushes a list screen and reads its first page.
func open(_ state: inout BrowseState, _ screen: ListScreen) -> [Effect] {
  state.screens.append(.list(screen))
  return [pageEffect(state, screen.list, .top, state.bodyHeight)]
}

/// A page read of `list` under the filter in force.
func pageEffect(_ state: BrowseState, _ list: BrowseList, _ anchor: PageAnchor, _ limit: Int)
  -> Effect
{
  .loadPage(
    PageRequest(
      list: list, anchor: anchor, limit: max(1, limit), filter: state.filter,
      utcOffsetSeconds: state.utcOffsetSeconds))
}

/// Reads the top screen again (after a change, a resize, or another process's commit),
/// keeping the cursor on its row where it can.
func reload(_ state: inout BrowseState) -> [Effect] {
  let index = state.screens.count - 1
  switch state.top {
  case .list(var screen):
    guard !screen.rows.isEmpty else {
      return [pageEffect(state, screen.list, .top, state.bodyHeight)]
    }
    screen.reselecting = screen.current?.key
    // At the top of the list the page is read from the top (a new row above shows); else the
    // first row shown stays first, unless the cursor would fall below a smaller window.
    let start = min(max(0, screen.cursor - state.bodyHeight + 1), screen.rows.count - 1)
    screen.cursor -= start
    let anchor: PageAnchor = screen.isAtTop && start == 0 ? .top : .from(screen.rows[start].key)
    state.screens[index] = .list(screen)
    return [pageEffect(state, screen.list, anchor, state.bodyHeight)]
  case .detail(let question):
    return [.loadQuestion(question.id)]
  case .search(let screen):
    return [.search(SearchQuery(text: screen.query, limit: BrowseState.searchLimit))]
  case .filter:
    return []
  }
}

/// Storage's answers.
func stored(_ state: inout BrowseState, _ action: Action) -> [Effect] {
  switch action {
  case .browse(.page(let page)):
    apply(page, to: &state)
    if case .from = page.request.anchor, page.rows.isEmpty {
      return [pageEffect(state, page.request.list, .bottom, state.bodyHeight)]
    }
    return []
  case .browse(.dataVersion(let version)):
    defer { state.dataVersion = version }
    guard let old = state.dataVersion, old != version else { return [] }
    return [.loadCurrentFilter]
  case .browse(.categoryNames(let names)):
    if case .filter(var screen) = state.top {
      screen.categories = names
      screen.cursor = min(screen.cursor, max(0, names.count - 1))
      state.screens[state.screens.count - 1] = .filter(screen)
    }
    return []
  case .filters(.current(let filter)):
    state.filter = filter
    takeMessage(&state)
    return reload(&state)
  case .questions(.updated(let questions)):
    takeMessage(&state)
    for question in questions { replace(question, in: &state) }
    if case .detail = state.top { return [] }
    return reload(&state)
  case .questions(.loaded(let question)):
    if case .detail(let shown) = state.top, shown.id == question.id {
      state.screens[state.screens.count - 1] = .detail(question)
    } else {
      state.screens.append(.detail(question))
    }
    return []
  case .favorites(.listed(let posts)):
    takeMessage(&state)
    for post in posts { replace(post, in: &state) }
    return reload(&state)
  case .journal(.entries(let entries)):
    state.pendingMessage = nil
    state.message = "undone: " + entries.map(\.summary).joined(separator: "; ")
    return [.loadCurrentFilter]
  case .search(.found(let results)):
    if case .search(var screen) = state.top {
      screen.results = results
      screen.cursor = min(screen.cursor, max(0, results.count - 1))
      state.screens[state.screens.count - 1] = .search(screen)
    }
    return []
  case .failed(let error):
    state.pendingMessage = nil
    state.message = error.message
    // The question shown was deleted by another process: back to the list.
    if case .detail(let shown) = state.top, error == .questionNotFound(shown.id) {
      state.screens.removeLast()
      return reload(&state)
    }
    return []
  default:
    return []
  }
}

/// The change asked for is done: its message shows.
func takeMessage(_ state: inout BrowseState) {
  if let pending = state.pendingMessage { state.message = pending }
  state.pendingMessage = nil
}

/// Puts a page into the top list screen, moving the window and the cursor as the anchor says.
func apply(_ page: Page, to state: inout BrowseState) {
  let index = state.screens.count - 1
  guard case .list(var screen) = state.top, screen.list == page.request.list else { return }
  let height = state.bodyHeight
  let reselecting = screen.reselecting
  screen.reselecting = nil
  switch page.request.anchor {
  case .top:
    screen.rows = page.rows
    screen.cursor = reselecting == nil ? 0 : min(screen.cursor, screen.rows.count - 1)
    screen.isAtTop = true
  case .bottom:
    screen.rows = page.rows.reversed()
    screen.cursor = screen.rows.count - 1
    screen.isAtTop = page.rows.count < page.request.limit
  case .from:
    screen.rows = page.rows
    screen.cursor = min(screen.cursor, screen.rows.count - 1)
  case .after:
    // Moving down by `limit`: the window slides by as many rows as came, the cursor keeps its
    // line (or goes to the last row at the end of the list).
    let combined = screen.rows + page.rows
    let start = max(0, combined.count - height)
    let target = min(screen.cursor + page.request.limit, combined.count - 1)
    screen.rows = Array(combined[start...])
    screen.cursor = min(max(0, target - start), screen.rows.count - 1)
    screen.isAtTop = screen.isAtTop && start == 0
  case .before:
    let combined = page.rows.reversed() + screen.rows
    let target = max(0, screen.cursor + page.rows.count - page.request.limit)
    screen.rows = Array(combined.prefix(height))
    screen.cursor = min(target, screen.rows.count - 1)
    screen.isAtTop = page.rows.count < page.request.limit
  }
  // After a reload the cursor stays on its row if the row is still shown.
  if let key = reselecting, let i = screen.rows.firstIndex(where: { $0.key == key }) {
    screen.cursor = i
  }
  screen.cursor = max(0, screen.cursor)
  state.screens[index] = .list(screen)
}

/// The question as it is now, wherever a screen shows it.
func replace(_ question: Question, in state: inout BrowseState) {
  for i in state.screens.indices {
    switch state.screens[i] {
    case .detail(let shown) where shown.id == question.id:
      state.screens[i] = .detail(question)
    case .list(var screen):
      for r in screen.rows.indices where screen.rows[r].question?.id == question.id {
        screen.rows[r].item = .question(question)
      }
      state.screens[i] = .list(screen)
    default:
      break
    }
  }
}

/// The post as it is now (on the shelf or not), wherever a screen shows it.
func replace(_ post: Post, in state: inout BrowseState) {
  for i in state.screens.indices {
    guard case .list(var screen) = state.screens[i] else { continue }
    for r in screen.rows.indices where screen.rows[r].post?.id == post.id {
      screen.rows[r].item = .post(post)
    }
    if screen.post?.id == post.id { screen.post = post }
    state.screens[i] = .list(screen)
  }
}
