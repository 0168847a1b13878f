import ArgumentParser
import MemoCore
import MemoStorage

/// Shell completions that look into the database: post and question ids (with their titles,
/// for shells that show descriptions), category and saved filter names.
enum Completions {
  static let posts = kind(.postIDs)
  static let questions = kind(.questionIDs)
  static let categories = kind(.categories)
  static let filters = kind(.savedFilters)

  static func kind(_ subject: CompletionSubject) -> CompletionKind {
    .custom { words, _, prefix in values(subject, words: words).filter { $0.hasPrefix(prefix) } }
  }

  /// The values, from the database the command line names (--db) or the default one; none
  /// when it cannot be read (a completion never prints an error).
  static func values(_ subject: CompletionSubject, words: [String]) -> [String] {
    let flag = Arguments.databaseFlag(in: words)
    guard
      let location = try? DatabaseLocation.resolve(
        flag: flag, environment: Environment.memoVariables())
    else { return [] }
    // Read only: a missing file completes nothing (and is not created); an unreadable one
    // fails the store, which then holds no completions.
    let store = Store(
      runEffect: LazyDatabase(path: location.path, access: nil, clock: SystemClock.now).run)
    store.dispatch(.complete(subject))
    // Ids complete as "12" (bash, fish show the title after a colon in zsh-style lists).
    return store.state.completions.map { value in
      subject == .postIDs || subject == .questionIDs ? String(value.prefix { $0 != ":" }) : value
    }
  }
}
