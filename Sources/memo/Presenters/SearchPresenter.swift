import MemoCore

/// Search results: kind, id, the post, and a snippet with the matches highlighted on a colour
/// terminal (and unmarked elsewhere).
struct SearchPresenter {
  func record(_ result: SearchResult, highlight: (String) -> String) -> Record {
    Record([
      ("kind", .string(result.kind == .posts ? "post" : "question")),
      ("id", .int(result.id)),
      ("post_id", .int(result.postID.rawValue)),
      ("post_title", .string(result.postTitle)),
      ("snippet", .string(Self.marked(result.snippet, highlight))),
      ("rank", .number(result.rank)),
    ])
  }

  /// A listed hit: the fields of `record`, in its order, read from the row.
  static let layout = Layout(
    [
      Field("kind", .text), Field("id", .int), Field("post_id", .int), Field("post_title", .text),
      Field("snippet", .snippet), Field("rank", .number),
    ], table: columns)

  static let markStart = "\u{E000}"
  static let markEnd = "\u{E001}"

  static let columns = [
    Column(key: "kind", title: "KIND"),
    Column(key: "id", title: "ID", alignsRight: true),
    Column(key: "post_title", title: "POST", isFlexible: true),
    Column(key: "snippet", title: "MATCH", isFlexible: true),
  ]

  /// The snippet with its match markers replaced by `highlight(match)`.
  static func marked(_ snippet: String, _ highlight: (String) -> String) -> String {
    var out = ""
    var match = ""
    var isInMatch = false
    for c in snippet {
      if c == SearchResult.highlightStart {
        isInMatch = true
      } else if c == SearchResult.highlightEnd {
        out += highlight(match)
        match = ""
        isInMatch = false
      } else if isInMatch {
        match.append(c)
      } else {
        out.append(c)
      }
    }
    return out + match
  }

  static func print(_ results: [SearchResult], _ context: Context) {
    let presenter = SearchPresenter()
    let style = context.style
    let records = results.map { presenter.record($0, highlight: { $0 }) }
    var document = Document(
      columns: context.format == .csv || context.format == .tsv
        ? ["kind", "id", "post_id", "post_title", "snippet", "rank"].map {
          Column(key: $0, title: $0)
        }
        : columns,
      records: records)
    if context.format == .table && style.useColor {
      // Zero-width private-use marks while the table is laid out, colour codes after; a reset
      // ends every line in case shortening cut a match in two.
      document.records = results.map { result in
        presenter.record(result, highlight: { Self.markStart + $0 + Self.markEnd })
      }
      let text = TableRenderer(style: style).render(document)
        .replacing(Self.markStart, with: "\u{1B}[1;33m").replacing(Self.markEnd, with: "\u{1B}[0m")
        .replacing("\n", with: "\u{1B}[0m\n")
      Output.write(text)
      return
    }
    Renderer.print(document, context)
  }
}
