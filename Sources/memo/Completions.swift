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
    var runner: EffectRunner?
    let store = Store { effect in
      if runner == nil {
        guard let database = try? DatabaseFile.open(at: location.path, for: .read) else {
          return .completed([])
        }
        runner = EffectRunner(database: database)
      }
      return runner!.run(effect)  // set just above
    }
    store.dispatch(.complete(subject))
    // Ids complete as "12" (bash, fish show the title after a colon in zsh-style lists).
    return store.state.completions.map { value in
      subject == .postIDs || subject == .questionIDs ? String(value.prefix { $0 != ":" }) : value
    }
  }
}
