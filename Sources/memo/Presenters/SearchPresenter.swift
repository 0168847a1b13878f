import MemoCore

/// Search results: kind, id, the post, and a snippet with the matches highlighted on a colour
/// terminal (and unmarked elsewhere).
struct SearchPresenter {
  /// A listed hit, read from the row; the snippet's matches sit between char(2) and char(3).
  static let layout = Layout(
    [
      Field("kind", .text), Field("id", .int), Field("post_id", .int), Field("post_title", .text),
      Field("snippet", .snippet), Field("rank", .number),
    ], table: columns)

  /// Zero-width private-use marks around a match while a table is laid out (`DisplayWidth`
  /// counts them as nothing); colour codes replace them once the line is cut to width.
  static let markStart: Unicode.Scalar = "\u{E000}"
  static let markEnd: Unicode.Scalar = "\u{E001}"

  static let columns = [
    Column(key: "kind", title: "KIND"),
    Column(key: "id", title: "ID", alignsRight: true),
    Column(key: "post_title", title: "POST", isFlexible: true, floor: 12),
    Column(key: "snippet", title: "MATCH", isFlexible: true, shrinkRank: 1, floor: 20),
  ]
}
