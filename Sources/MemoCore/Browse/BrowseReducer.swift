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
  case .measured(let layout):
    state.layout = layout
    fitScroll(&state)
    return []
  case .edited(let result):
    state.editorRequest = nil
    return edited(&state, result)
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
    return [.undo(1)]
  case .ctrl("r"):
    state.isRedoing = true
    return [.redo(1)]
  case .char("n"):
    state.input = LineInput(purpose: .newTitle)
    return []
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
    if result.kind == .questions { return [.loadQuestion(QuestionID(result.id))] }
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

/// A book's screen: moving reads on through the body, then goes from question to question;
/// Enter opens the question under the cursor; the book's keys act on the question under the
/// cursor, or on the book when none is.
func bookKey(_ state: inout BrowseState, _ screen: inout BookScreen, _ key: BrowseKey)
  -> [Effect]
{
  if let move = movement(for: key, bodyHeight: state.bodyHeight) {
    bookMove(state, &screen, move)
    return []
  }
  switch key {
  case .char("v"): return toggleFavorite(&state, screen.post)
  case .char("A"): return ask(&state, screen.post.id)
  case .enter:
    guard let question = screen.current else { return [] }
    state.screens.append(.detail(question))
    return []
  default:
    break
  }
  if let question = screen.current { return questionKey(&state, question, key) }
  return postKey(&state, screen.post, key)
}

/// Moves through a book's screen. Without a question under the cursor the body scrolls a
/// line at a time until the first question shows; then the cursor goes from question to
/// question, the window following it.
func bookMove(_ state: BrowseState, _ screen: inout BookScreen, _ move: Movement) {
  let height = state.bodyHeight
  let lines = state.layout?.itemLines ?? []
  let count = screen.questions.count
  let last = maxScroll(state)
  func isShown(_ i: Int) -> Bool {
    lines.count <= i || (lines[i] >= screen.scroll && lines[i] < screen.scroll + height)
  }
  func reveal(_ i: Int) {
    guard lines.indices.contains(i) else { return }
    if lines[i] < screen.scroll {
      screen.scroll = lines[i]
    } else if lines[i] >= screen.scroll + height {
      screen.scroll = lines[i] - height + 1
    }
  }
  switch move {
  case .step(let n) where n > 0:
    if let c = screen.cursor {
      if c + 1 < count {
        screen.cursor = c + 1
        reveal(c + 1)
      } else {
        screen.scroll = min(screen.scroll + 1, last)
      }
    } else if count > 0, isShown(0) {
      screen.cursor = 0
    } else if screen.scroll < last {
      screen.scroll += 1
    } else if count > 0 {
      screen.cursor = 0
      reveal(0)
    }
  case .step:
    if let c = screen.cursor, c > 0 {
      screen.cursor = c - 1
      reveal(c - 1)
    } else {
      screen.cursor = nil
      screen.scroll = max(0, screen.scroll - 1)
    }
  case .page(let n):
    screen.scroll = min(max(0, screen.scroll + n), last)
    if let c = screen.cursor, !isShown(c) {
      let shown = (0..<count).filter(isShown)
      screen.cursor = n > 0 ? shown.first : shown.last
    }
  case .first:
    screen.scroll = 0
    let hasBody = !(screen.post.body ?? "").trimmingWhitespace().isEmpty
    screen.cursor = !hasBody && count > 0 ? 0 : nil
  case .last:
    screen.scroll = last
    screen.cursor = count > 0 ? count - 1 : nil
    if let c = screen.cursor { reveal(c) }
  }
}

/// The first line that can be shown of the document on top (its end at the window's foot).
func maxScroll(_ state: BrowseState) -> Int {
  max(0, (state.layout?.lineCount ?? 0) - state.bodyHeight)
}

/// A document's first line shown, moved (within the document).
func scrolled(_ scroll: Int, _ move: Movement, _ state: BrowseState) -> Int {
  let last = maxScroll(state)
  switch move {
  case .step(let n), .page(let n): return min(max(0, scroll + n), last)
  case .first: return 0
  case .last: return last
  }
}

/// The layout changed (a resize, a new page, an edit): scrolled documents stay within their
/// end, and a book's cursor stays in view.
func fitScroll(_ state: inout BrowseState) {
  let last = maxScroll(state)
  if state.isShowingHelp {
    state.helpScroll = min(state.helpScroll, last)
    return
  }
  let index = state.screens.count - 1
  switch state.top {
  case .book(var screen):
    screen.scroll = min(screen.scroll, last)
    let lines = state.layout?.itemLines ?? []
    if let c = screen.cursor, lines.indices.contains(c) {
      if lines[c] < screen.scroll {
        screen.scroll = lines[c]
      } else if lines[c] >= screen.scroll + state.bodyHeight {
        screen.scroll = lines[c] - state.bodyHeight + 1
      }
    }
    state.screens[index] = .book(screen)
  case .detail(var screen):
    screen.scroll = min(screen.scroll, last)
    state.screens[index] = .detail(screen)
  default:
    break
  }
}

/// Opens a book's screen: the post read whole (its body) and its questions the filter keeps.
func openBook(_ state: inout BrowseState, _ post: Post) -> [Effect] {
  state.screens.append(.book(BookScreen(post: post)))
  return bookEffects(state, post.id)
}

func bookEffects(_ state: BrowseState, _ id: PostID) -> [Effect] {
  [.loadPost(id), pageEffect(state, .bookQuestions(id), .top, BrowseState.bookQuestionLimit)]
}

/// A book's keys (a row of Books or Favorites, or a book's screen without a question under the
/// cursor): `A` ask, `e` edit the title, `E` the whole post in `$EDITOR`, `d` delete.
func postKey(_ state: inout BrowseState, _ post: Post, _ key: BrowseKey) -> [Effect] {
  switch key {
  case .char("A"):
    return ask(&state, post.id)
  case .char("e"):
    state.input = LineInput(purpose: .title(post.id, old: post.title), text: post.title)
    return []
  case .char("E"):
    // The row has no body: the post is read whole first.
    state.pendingEditor = .post(post)
    return [.loadPost(post.id)]
  case .char("d"):
    state.confirming = .post(post)
    return []
  default:
    return []
  }
}

/// `A`: a one-line question about the book.
func ask(_ state: inout BrowseState, _ post: PostID) -> [Effect] {
  state.input = LineInput(purpose: .ask(post))
  return []
}

/// The answer to `d`'s question: y deletes, anything else keeps.
func confirmKey(_ state: inout BrowseState, _ target: DeleteTarget, _ key: BrowseKey) -> [Effect] {
  state.confirming = nil
  guard key == .char("y") || key == .char("Y") else {
    switch target {
    case .post(let post): state.message = "kept book \(post.id)"
    case .question(let question): state.message = "kept question \(question.id)"
    }
    return []
  }
  switch target {
  case .post(let post):
    return command(&state, .posts(.remove([post.id])), message: "")
  case .question(let question):
    return command(&state, .questions(.remove([question.id])), message: "")
  }
}

/// A change made as the command making it would: through the command's own reducer (its
/// checks and normalising), so that the effects, the journal entries and the errors are the
/// same. `message` shows once storage answered (an empty one: the answer says what to show).
func command(_ state: inout BrowseState, _ action: Action, message: String) -> [Effect] {
  var app = AppState()
  let effects = appReducer(&app, action)
  if let error = app.error {
    state.message = error.message
    return []
  }
  state.pendingMessage = message.isEmpty ? nil : message
  return effects
}

/// What `$EDITOR` gave back becomes an edit, as `memo edit` and `memo question edit` make it.
func edited(_ state: inout BrowseState, _ result: EditorResult) -> [Effect] {
  switch result {
  case .failed(let error):
    state.message = error.message
    return reload(&state)
  case .post(let post, let fields):
    guard let fields else {
      state.message = "no change to book \(post.id)"
      return reload(&state)
    }
    let patch = PostPatch.difference(from: post, to: fields)
    guard !patch.isEmpty else {
      state.message = "no change to book \(post.id)"
      return reload(&state)
    }
    return command(&state, .posts(.edit(post.id, patch)), message: "")
  case .question(let question, let patch):
    guard let patch, !patch.isEmpty else {
      state.message = "no change to question \(question.id)"
      return reload(&state)
    }
    return command(
      &state, .questions(.edit(question.id, patch)), message: "edited question \(question.id)")
  }
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

/// A question's keys (in a list, a book or its detail): `s` star, `a` answer, `c` category,
/// `e` edit its text, `E` in `$EDITOR`, `d` delete.
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
  case .char("c"):
    // Up and Down bring back the categories there are (read now).
    state.input = LineInput(
      purpose: .category(question.id, old: question.category), text: question.category ?? "")
    return [.loadCategoryNames]
  case .char("e"):
    state.input = LineInput(
      purpose: .questionText(question.id, old: question.text), text: question.text)
    return []
  case .char("E"):
    state.editorRequest = .question(question)
    return []
  case .char("d"):
    state.confirming = .question(question)
    return []
  default:
    return []
  }
}

/// `v`: the book goes on the shelf, or off it; taken off and put back here, it is back in its
/// place (not at the end).
func toggleFavorite(_ state: inout BrowseState, _ post: Post) -> [Effect] {
  if post.isFavorite {
    state.pendingMessage = "took '\(post.title)' off the shelf"
    return [.takeOffShelf(post.id)]
  }
  state.pendingMessage = "put '\(post.title)' on the shelf"
  return [.putOnShelf(post.id, position: state.shelfPositions[post.id])]
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
  case .up, .down:
    guard !input.choices.isEmpty else { break }
    if input.choice == nil { input.draft = String(input.text) }
    let next = (input.choice ?? input.choices.count) + (key == .up ? -1 : 1)
    if next >= input.choices.count {
      input.choice = nil
      input.text = Array(input.draft)
    } else {
      input.choice = max(0, next)
      input.text = Array(input.choices[max(0, next)])
    }
    input.caret = input.text.count
  case .left: input.caret = max(0, input.caret - 1)
  case .right: input.caret = min(input.text.count, input.caret + 1)
  case .home, .ctrl("a"): input.caret = 0
  case .end, .ctrl("e"): input.caret = input.text.count
  case .ctrl("u"):
    input.text.removeFirst(input.caret)
    input.caret = 0
  case .escape:
    state.input = nil
    if case .newAuthor = input.purpose { state.message = "no book added" }
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
    state.searches.removeAll { $0 == text }
    state.searches.append(text)
    if state.searches.count > 50 { state.searches.removeFirst() }
    if case .search = state.top { state.screens.removeLast() }
    state.screens.append(.search(SearchScreen(query: text)))
    return [.search(SearchQuery(text: text, limit: BrowseState.searchLimit))]
  case .newTitle:
    guard !text.isEmpty else {
      state.message = "no book added: the title was empty"
      return []
    }
    state.input = LineInput(purpose: .newAuthor(title: text))
    return []
  case .newAuthor(let title):
    return command(
      &state, .posts(.add(NewPost(title: title, author: text.isEmpty ? nil : text))), message: "")
  case .ask(let post):
    guard !text.isEmpty else {
      state.message = "no question asked: it was empty"
      return []
    }
    return command(&state, .questions(.ask(NewQuestion(postID: post, text: text))), message: "")
  case .category(let id, let old):
    let name = text.isEmpty ? nil : text
    guard name != old else {
      state.message = "no change to question \(id)"
      return []
    }
    return command(
      &state, .questions(.edit(id, QuestionPatch(category: .some(name)))),
      message: name.map { "question \(id) is in \($0) now" }
        ?? "question \(id) has no category now")
  case .questionText(let id, let old):
    guard !text.isEmpty else {
      state.message = "a question cannot be empty; question \(id) was not changed"
      return []
    }
    guard text != old else {
      state.message = "no change to question \(id)"
      return []
    }
    return command(
      &state, .questions(.edit(id, QuestionPatch(text: text))), message: "edited question \(id)")
  case .title(let id, let old):
    guard !text.isEmpty else {
      state.message = "a title cannot be empty; book \(id) was not changed"
      return []
    }
    guard text != old else {
      state.message = "no change to book \(id)"
      return []
    }
    return command(&state, .posts(.edit(id, PostPatch(title: text))), message: "")
  }
}
