/// Computes the new state and the storage work for a post action. Pure: no I/O, no clock.
public func postsReducer(_ state: inout AppState, _ action: PostAction) -> [Effect] {
  switch action {
  case .add(let new):
    let title = new.title.foldingLineBreaks().trimmingWhitespace()
    guard !title.isEmpty else {
      state.error = .emptyTitle()
      return []
    }
    let post = NewPost(
      title: title, author: normalized(new.author), body: nonEmpty(new.body),
      source: normalized(new.source))
    return [.posts(.insert(post))]

  case .list(let query, let destination):
    return [.posts(.list(query, to: destination))]

  case .show(let id, let destination):
    return [.posts(.load(id, to: destination))]

  case .edit(let id, var patch):
    if let title = patch.title {
      let trimmed = title.foldingLineBreaks().trimmingWhitespace()
      guard !trimmed.isEmpty else {
        state.error = .emptyTitle(editing: id)
        return []
      }
      patch.title = trimmed
    }
    if let author = patch.author { patch.author = .some(normalized(author)) }
    if let body = patch.body { patch.body = .some(nonEmpty(body)) }
    if let source = patch.source { patch.source = .some(normalized(source)) }
    return [.posts(.update(id, patch))]

  case .remove(let ids):
    var seen = Set<PostID>()
    let unique = ids.filter { seen.insert($0).inserted }
    return unique.isEmpty ? [] : [.posts(.delete(unique))]

  case .added(let post), .loaded(let post), .edited(let post):
    state.post = post
    return []

  case .listed(let posts, let filter):
    state.posts = posts
    state.filter = filter
    return []

  case .removed(let posts):
    state.removedPosts = posts
    return []

  case .merge(let keep, let other):
    guard keep != other else {
      return fail(
        &state,
        .usage(
          "post \(keep) is the same post twice; give the two posts to join: memo merge KEEP OTHER"))
    }
    return [.posts(.merge(into: keep, from: other))]

  case .merged(let post, let notKept):
    state.post = post
    state.mergeLeftovers = notKept
    return []
  }
}

/// A one-line field: line breaks folded, trimmed, and absent when blank.
func normalized(_ value: String?) -> String? {
  guard let value else { return nil }
  let trimmed = value.foldingLineBreaks().trimmingWhitespace()
  return trimmed.isEmpty ? nil : trimmed
}

/// A body: kept as typed, but absent when it holds only white space.
func nonEmpty(_ value: String?) -> String? {
  guard let value, !value.trimmingWhitespace().isEmpty else { return nil }
  return value
}
