// The browse reducer's writing side: the keys that change records (star, answer, edit,
// ask, delete, shelf), the line prompts and the delete confirmation, all through the same
// actions and journal as the commands.

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
    return [.posts(.load(post.id))]
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

/// A question's keys (in a list, a book or its detail): `s` star, `a` answer, `c` category,
/// `e` edit its text, `E` in `$EDITOR`, `d` delete.
func questionKey(_ state: inout BrowseState, _ question: Question, _ key: BrowseKey) -> [Effect] {
  switch key {
  case .char("s"):
    state.pendingMessage =
      question.isStarred ? "unstarred question \(question.id)" : "★ starred question \(question.id)"
    return [.questions(.setStarred([question.id], !question.isStarred))]
  case .char("a"):
    state.input = LineInput(
      purpose: .answer(question.id, hadAnswer: question.hasAnswer), text: question.answer ?? "")
    return []
  case .char("c"):
    // Up and Down bring back the categories there are (read now).
    state.input = LineInput(
      purpose: .category(question.id, old: question.category), text: question.category ?? "")
    return [.categories(.loadNames)]
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
    return [.favorites(.takeOff(post.id))]
  }
  state.pendingMessage = "put '\(post.title)' on the shelf"
  return [.favorites(.put(post.id, position: state.shelfPositions[post.id]))]
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
      return [.questions(.setAnswer(id, nil))]
    }
    state.pendingMessage = "answered question \(id)"
    return [.questions(.setAnswer(id, text))]
  case .search:
    guard !text.isEmpty else { return [] }
    state.searches.removeAll { $0 == text }
    state.searches.append(text)
    if state.searches.count > 50 { state.searches.removeFirst() }
    if case .search = state.top { state.screens.removeLast() }
    state.screens.append(.search(SearchScreen(query: text)))
    return [.lookup(.search(SearchQuery(text: text, limit: BrowseState.searchLimit)))]
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
