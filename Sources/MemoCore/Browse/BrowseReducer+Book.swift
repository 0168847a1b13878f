// The browse reducer on a book's screen: its keys, scrolling through the body and the
// questions, and opening a book.

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
  [.posts(.load(id)), pageEffect(state, .bookQuestions(id), .top, BrowseState.bookQuestionLimit)]
}
