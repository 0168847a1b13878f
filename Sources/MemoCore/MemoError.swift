/// The one error type that crosses layers: an exit code (SPEC §4), a one-line message that
/// says what went wrong and what to do, and an optional cause for debugging.
public struct MemoError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Exit statuses, as SPEC §4 names them (the sysexits.h values).
  public enum Code: Int32, Sendable {
    case notFound = 1
    case usage = 64
    case badData = 65
    case noInput = 66
    /// A service memo needs is unavailable: the sync remote, `git`.
    case unavailable = 69
    case cannotCreate = 73
    case io = 74
    case busy = 75
    /// Not a failure: the reader of stdout went away (`memo … | head`). memo stops at once and
    /// exits 0 without a word, as ripgrep does (SPEC §4).
    case readerGone = 0
  }

  public var code: Code
  public var message: String
  public var cause: String?

  public init(code: Code, message: String, cause: String? = nil) {
    self.code = code
    self.message = message
    self.cause = cause
  }

  public var description: String { message }

  // MARK: - Named errors: the wording lives here.

  /// The reader of stdout closed the pipe: stop, print nothing, exit 0.
  public static let readerGone = MemoError(code: .readerGone, message: "")

  public static func postNotFound(_ id: PostID) -> MemoError {
    MemoError(code: .notFound, message: "no post \(id); 'memo list' shows the posts and their ids")
  }

  public static func postsNotFound(_ ids: [PostID]) -> MemoError {
    if ids.count == 1 { return postNotFound(ids[0]) }
    let list = ids.map(\.description).joined(separator: ", ")
    return MemoError(
      code: .notFound, message: "no posts \(list); 'memo list' shows the posts and their ids")
  }

  /// - Parameter editing: the post being edited (its example then is `memo edit`).
  public static func emptyTitle(editing post: PostID? = nil) -> MemoError {
    let example = post.map { "memo edit \($0) --title \"Dune\"" } ?? "memo add \"Dune\""
    return MemoError(
      code: .usage, message: "the title is empty; give the book's title, e.g. \(example)")
  }

  /// A DATE of no form memo reads; `looksAhead`: the option also takes `tomorrow` and `+2d`.
  public static func badDate(_ text: String, looksAhead: Bool = false) -> MemoError {
    MemoError(
      code: .usage,
      message:
        "'\(text)' is not a date; use YYYY-MM-DD, an RFC 3339 time, today, yesterday, "
        + (looksAhead ? "tomorrow, " : "")
        + "or an age like 30m, 12h, 7d, 2w, 6mo, 1y"
        + (looksAhead ? " (ago), or +2d, +12h… (ahead)" : ""))
  }

  /// `tomorrow` or `+2d` where only a time up to now makes sense (`--since`, `--until`).
  /// `hint`: the form that counts back instead.
  public static func aheadDate(_ text: String, hint: String) -> MemoError {
    MemoError(
      code: .usage,
      message:
        "'\(text)' is ahead of now, and this option takes a time up to now (\(hint)); only the --at of memo review due, digest and show looks ahead"
    )
  }

  /// `-3d`: an age with a sign.
  public static func signedAge(_ text: String, age: String) -> MemoError {
    MemoError(
      code: .usage,
      message:
        "'\(text)' is not a date: an age already counts back from now, so write \(age) for that long ago"
    )
  }

  public static func questionNotFound(_ id: QuestionID) -> MemoError {
    MemoError(
      code: .notFound,
      message: "no question \(id); 'memo questions --all' shows the questions and their ids")
  }

  /// An open question answered by another command while the review session asked for its
  /// answer: that answer stays.
  public static func answeredMeanwhile(_ id: QuestionID, _ answer: String) -> MemoError {
    MemoError(
      code: .notFound,
      message:
        "not saved: question \(id) was answered outside this session meanwhile (\(quotedShort(answer))); that answer stays"
    )
  }

  public static func questionsNotFound(_ ids: [QuestionID]) -> MemoError {
    if ids.count == 1 { return questionNotFound(ids[0]) }
    let list = ids.map(\.description).joined(separator: ", ")
    return MemoError(
      code: .notFound,
      message: "no questions \(list); 'memo questions --all' shows the questions and their ids")
  }

  public static func highlightNotFound(_ id: HighlightID) -> MemoError {
    MemoError(
      code: .notFound,
      message: "no highlight \(id); 'memo highlights' shows the highlights and their ids")
  }

  public static func highlightsNotFound(_ ids: [HighlightID]) -> MemoError {
    if ids.count == 1 { return highlightNotFound(ids[0]) }
    let list = ids.map(\.description).joined(separator: ", ")
    return MemoError(
      code: .notFound,
      message: "no highlights \(list); 'memo highlights' shows the highlights and their ids")
  }

  public static func emptyHighlight() -> MemoError {
    MemoError(code: .usage, message: "the highlight's text is empty; give the passage to keep")
  }

  public static func emptyQuestion() -> MemoError {
    MemoError(
      code: .usage, message: "the question is empty; write it out, e.g. memo ask 3 \"Why spice?\"")
  }

  public static func categoryNotFound(_ name: String) -> MemoError {
    MemoError(code: .notFound, message: "no category '\(name)'; 'memo category list' shows them")
  }

  public static func filterNotFound(_ name: String) -> MemoError {
    MemoError(code: .notFound, message: "no saved filter '\(name)'; 'memo filter list' shows them")
  }

  public static func badFilterName() -> MemoError {
    MemoError(
      code: .usage,
      message: "give the filter a name that is not blank and has no control characters")
  }

  public static func usage(_ message: String) -> MemoError {
    MemoError(code: .usage, message: message)
  }

  /// A rating timed before its item existed (it would replay before the question was asked):
  /// refused as a time in the future is (64). `what`: "question 12 was asked". Its `cause`
  /// carries both, for the command to word it with the time as typed and in local time
  /// (`beforeCreation`).
  public static func ratedBeforeCreation(_ what: String, created: Timestamp) -> MemoError {
    MemoError(
      code: .usage,
      message:
        "the rating's time is before \(what) (\(created.rfc3339)): give the time the review happened",
      cause: "rated before creation\t\(what)\t\(created.millis)")
  }

  /// What `ratedBeforeCreation` refused: the item's words and when it was made; nil for any
  /// other error.
  public var beforeCreation: (what: String, created: Timestamp)? {
    guard code == .usage, let cause else { return nil }
    let parts = cause.split(separator: "\t", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == "rated before creation", let millis = Int64(parts[2])
    else { return nil }
    return (String(parts[1]), Timestamp(millis: millis))
  }
}

/// `text` on one line in single quotes, cut at 40 characters.
public func quotedShort(_ text: String) -> String {
  let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ")
  return "'" + (line.count > 40 ? String(line.prefix(39)) + "…" : line) + "'"
}
