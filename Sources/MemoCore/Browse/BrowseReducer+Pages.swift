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
  .lookup(
    .page(
      PageRequest(
        list: list, anchor: anchor, limit: max(1, limit), filter: state.filter,
        utcOffsetSeconds: state.utcOffsetSeconds)))
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
  case .book(let screen):
    return bookEffects(state, screen.post.id)
  case .detail(let screen):
    return [.questions(.load(screen.question.id))]
  case .search(let screen):
    return [.lookup(.search(SearchQuery(text: screen.query, limit: BrowseState.searchLimit)))]
  case .filter:
    return []
  }
}

/// Storage's answers.
func stored(_ state: inout BrowseState, _ action: Action) -> [Effect] {
  switch action {
  case .browse(let answer): return storedBrowse(&state, answer)
  case .questions(let answer): return storedQuestions(&state, answer)
  case .posts(let answer): return storedPosts(&state, answer)
  case .filters(.current(let filter)):
    state.filter = filter
    takeMessage(&state)
    return reload(&state)
  case .favorites(.listed(let posts)):
    takeMessage(&state)
    for post in posts {
      state.shelfPositions[post.id] = nil
      replace(post, in: &state)
    }
    return reload(&state)
  case .journal(.entries(let entries)):
    state.pendingMessage = nil
    state.message =
      (state.isRedoing ? "redone: " : "undone: ")
      + entries.map(\.summary).joined(separator: "; ")
    state.isRedoing = false
    return [.filters(.loadCurrent)]
  case .search(.found(let results)):
    if case .search(var screen) = state.top {
      screen.results = results
      screen.cursor = min(screen.cursor, max(0, results.count - 1))
      state.screens[state.screens.count - 1] = .search(screen)
    }
    return []
  case .failed(let error):
    state.pendingMessage = nil
    state.pendingEditor = nil
    state.isRedoing = false
    // The question or book shown was deleted (by another process, an undo): back. What
    // undid it (`undone: add post 3 …`) stays the message.
    var isGone = false
    if case .detail(let shown) = state.top, error == .questionNotFound(shown.question.id) {
      isGone = true
    }
    if case .book(let screen) = state.top, error == .postNotFound(screen.post.id) {
      isGone = true
    }
    guard isGone else {
      state.message = error.message
      return []
    }
    state.message = state.message ?? error.message
    state.screens.removeLast()
    return reload(&state)
  default:
    return []
  }
}

/// A page read, the data version, the category names, a book taken off the shelf.
private func storedBrowse(_ state: inout BrowseState, _ answer: BrowseResult) -> [Effect] {
  switch answer {
  case .page(let page):
    if case .book(var screen) = state.top, page.request.list == .bookQuestions(screen.post.id) {
      showQuestions(page.rows.compactMap(\.question), on: &screen)
      state.screens[state.screens.count - 1] = .book(screen)
      return []
    }
    apply(page, to: &state)
    if case .from = page.request.anchor, page.rows.isEmpty {
      return [pageEffect(state, page.request.list, .bottom, state.bodyHeight)]
    }
    return []
  case .dataVersion(let version):
    defer { state.dataVersion = version }
    guard let old = state.dataVersion, old != version else { return [] }
    return [.filters(.loadCurrent)]
  case .categoryNames(let names):
    if var input = state.input, case .category = input.purpose {
      input.choices = names
      state.input = input
      return []
    }
    if case .filter(var screen) = state.top {
      screen.categories = names
      screen.cursor = min(screen.cursor, max(0, names.count - 1))
      state.screens[state.screens.count - 1] = .filter(screen)
    }
    return []
  case .unshelved(let post, let position):
    state.shelfPositions[post.id] = position
    takeMessage(&state)
    replace(post, in: &state)
    return reload(&state)
  }
}

/// A question changed, read, added or deleted.
private func storedQuestions(_ state: inout BrowseState, _ answer: QuestionAction) -> [Effect] {
  switch answer {
  case .updated(let questions):
    takeMessage(&state)
    if questions.isEmpty, state.message == nil { state.message = "no change" }
    for question in questions { replace(question, in: &state) }
    if case .detail = state.top { return [] }
    return reload(&state)
  case .loaded(let question):
    if case .detail(var shown) = state.top, shown.question.id == question.id {
      shown.question = question
      state.screens[state.screens.count - 1] = .detail(shown)
    } else {
      state.screens.append(.detail(question))
    }
    return []
  case .added(let question):
    state.pendingMessage = nil
    state.message = "asked question \(question.id) about '\(question.postTitle)'"
    if case .book(var screen) = state.top, screen.post.id == question.postID {
      // The cursor goes to the new question once the book is read again.
      screen.cursor = Int.max
      state.screens[state.screens.count - 1] = .book(screen)
    }
    return reload(&state)
  case .removed(let removed):
    state.pendingMessage = nil
    state.message = removed.map { "deleted question \($0.id) '\($0.text)'" }
      .joined(separator: "; ")
    let ids = Set(removed.map(\.id))
    state.screens.removeAll {
      if case .detail(let shown) = $0 { return ids.contains(shown.question.id) }
      return false
    }
    return reload(&state)
  default:
    return []
  }
}

/// A book read, added, edited or deleted.
private func storedPosts(_ state: inout BrowseState, _ answer: PostAction) -> [Effect] {
  switch answer {
  case .loaded(let post):
    if case .post(let asked)? = state.pendingEditor, asked.id == post.id {
      state.pendingEditor = nil
      state.editorRequest = .post(post)
      return []
    }
    for i in state.screens.indices {
      guard case .book(var screen) = state.screens[i], screen.post.id == post.id else { continue }
      var read = post
      read.questions = []
      screen.post = read
      state.screens[i] = .book(screen)
    }
    return []
  case .added(let post):
    state.pendingMessage = nil
    state.message = "added book \(post.id) '\(post.title)'"
    return openBook(&state, post)
  case .edited(let post):
    state.pendingMessage = nil
    state.message = "edited book \(post.id) '\(post.title)'"
    replace(post, in: &state)
    return reload(&state)
  case .removed(let removed):
    state.pendingMessage = nil
    state.message = removed.map {
      "deleted book \($0.id) '\($0.title)'"
        + ($0.questionCount == 0
          ? ""
          : " and its \($0.questionCount == 1 ? "question" : counted($0.questionCount, "question"))")
    }.joined(separator: "; ")
    let ids = Set(removed.map(\.id))
    state.screens.removeAll {
      switch $0 {
      case .book(let screen): return ids.contains(screen.post.id)
      case .detail(let shown): return ids.contains(shown.question.postID)
      case .list(let screen): return screen.post.map { ids.contains($0.id) } ?? false
      default: return false
      }
    }
    if state.screens.isEmpty { state.screens = [.list(ListScreen(list: .books))] }
    return reload(&state)
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
  let oldCount = screen.rows.count
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
    // The page's first row follows the old rows: the window starts `start` rows into them.
    screen.offset =
      page.rows.isEmpty || page.before == nil
      ? screen.offset + start : max(0, page.before! - oldCount + start)
  case .before:
    let combined = page.rows.reversed() + screen.rows
    let target = max(0, screen.cursor + page.rows.count - page.request.limit)
    screen.rows = Array(combined.prefix(height))
    screen.cursor = min(target, screen.rows.count - 1)
    screen.isAtTop = page.rows.count < page.request.limit
  }
  switch page.request.anchor {
  case .after: break
  case .before where page.rows.isEmpty: break
  default:
    // The first row shown is the page's first in the list's order.
    screen.offset = page.before ?? 0
  }
  if let total = page.total { screen.total = total }
  // After a reload the cursor stays on its row if the row is still shown.
  if let key = reselecting, let i = screen.rows.firstIndex(where: { $0.key == key }) {
    screen.cursor = i
  }
  screen.cursor = max(0, screen.cursor)
  state.screens[index] = .list(screen)
}

/// A book's questions as read: the cursor stays on its question (or goes to a new one, asked
/// here: `Int.max`); the first read puts it on the first question of a book without a body.
func showQuestions(_ questions: [Question], on screen: inout BookScreen) {
  let old = screen.current?.id
  let wasLoaded = screen.isLoaded
  let askedHere = screen.cursor == Int.max
  let previous = screen.questions.map(\.id)
  screen.questions = questions
  screen.isLoaded = true
  if askedHere {
    let new = questions.lastIndex { !previous.contains($0.id) }
    screen.cursor = new ?? (questions.isEmpty ? nil : questions.count - 1)
  } else if !wasLoaded {
    screen.cursor = nil
  } else if let old, let i = questions.firstIndex(where: { $0.id == old }) {
    screen.cursor = i
  } else if let c = screen.cursor {
    screen.cursor = questions.isEmpty ? nil : min(c, questions.count - 1)
  }
  // Without a body there is nothing to read above the questions: the cursor is on one.
  let hasBody = !(screen.post.body ?? "").trimmingWhitespace().isEmpty
  if screen.cursor == nil, !hasBody, !questions.isEmpty { screen.cursor = 0 }
}

/// The question as it is now, wherever a screen shows it.
func replace(_ question: Question, in state: inout BrowseState) {
  for i in state.screens.indices {
    switch state.screens[i] {
    case .detail(var shown) where shown.question.id == question.id:
      shown.question = question
      state.screens[i] = .detail(shown)
    case .book(var screen):
      for q in screen.questions.indices where screen.questions[q].id == question.id {
        screen.questions[q] = question
      }
      state.screens[i] = .book(screen)
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
    if case .book(var screen) = state.screens[i], screen.post.id == post.id {
      let body = screen.post.body
      screen.post = post
      if post.body == nil { screen.post.body = body }
      screen.post.questions = []
      state.screens[i] = .book(screen)
    }
    guard case .list(var screen) = state.screens[i] else { continue }
    for r in screen.rows.indices where screen.rows[r].post?.id == post.id {
      screen.rows[r].item = .post(post)
    }
    if screen.post?.id == post.id { screen.post = post }
    state.screens[i] = .list(screen)
  }
}
