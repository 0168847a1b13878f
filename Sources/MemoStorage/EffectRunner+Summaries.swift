import MemoCore

/// How the journal's one-line summaries name things (`memo log`, undo's messages).
extension EffectRunner {
  func quoted(_ text: String) -> String {
    let line = String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    return "'" + (line.count > 40 ? String(line.prefix(39)) + "…" : line) + "'"
  }

  func postLabel(_ post: Post) -> String { "post \(post.id) \(quoted(post.title))" }

  func plural(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
  }
}
