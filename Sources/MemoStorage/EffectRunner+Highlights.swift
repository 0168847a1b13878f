import MemoCore

extension EffectRunner {
  /// The highlight effects (issue 23): each a journal entry through `write`, or a read.
  func performHighlight(_ effect: Effect) throws -> Action {
    switch effect {
    case .insertHighlight(let new):
      return .highlights(
        .added(
          try write("highlight add", { try highlights.insert(new, uuid: makeUUID($0), at: $0) }) {
            "add highlight \($0.id) on post \($0.postID) \(quoted($0.postTitle)): \(quoted($0.text))"
          }))
    case .loadHighlights(let query, let destination):
      return try listHighlights(query, to: destination)
    case .loadHighlight(let id):
      return .highlights(
        .loaded(
          try database.inReadTransaction {
            var highlight = try highlights.require(id)
            highlight.questions = try questions.questions(aboutHighlight: id)
            return highlight
          }))
    case .updateHighlight(let id, let patch):
      return .highlights(
        .updated(
          [
            try write("highlight edit", { try highlights.update(id, with: patch, at: $0) }) { _ in
              "edit highlight \(id)"
            }
          ]
          .compactMap { $0 }))
    case .setHighlightStarred(let ids, let isStarred):
      let verb = isStarred ? "highlight star" : "highlight unstar"
      return .highlights(
        .updated(
          try write(verb, { try highlights.setStarred(ids, isStarred, at: $0) }) { _ in
            "\(isStarred ? "star" : "unstar") highlight \(ids.map(\.description).joined(separator: ", "))"
          }))
    case .deleteHighlights(let ids):
      return .highlights(
        .removed(
          try write("highlight rm", { _ in try highlights.delete(ids) }) { removed in
            removed.map { "rm highlight \($0.id) \(quoted($0.text))" }.joined(separator: "; ")
          }))
    default:
      preconditionFailure("performHighlight got \(effect)")
    }
  }
}
