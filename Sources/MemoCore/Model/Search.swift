/// `memo search`: what to look for and where.
public struct SearchQuery: Equatable, Sendable {
  public enum Scope: String, Equatable, Sendable {
    case all, posts, questions, highlights

    /// The scope of a hit of the index's `kind` column ("post", "question", "highlight").
    public init(hitKind: String) {
      switch hitKind {
      case "post": self = .posts
      case "question": self = .questions
      default: self = .highlights
      }
    }
  }

  /// FTS5 query syntax: words, "phrases", prefix*, AND / OR / NOT.
  public var text: String
  public var scope: Scope
  /// At most this many hits; nil: every hit.
  public var limit: Int?

  public init(text: String, scope: Scope = .all, limit: Int? = 20) {
    self.text = text
    self.scope = scope
    self.limit = limit
  }

  /// The query for FTS5: as typed when it uses FTS5 syntax (quotes, `*`, parentheses, `:`,
  /// `^`, AND / OR / NOT / NEAR); otherwise each word quoted, so `well-known` or `C++` are
  /// searched as they are instead of being syntax errors.
  public var ftsQuery: String {
    guard !usesSyntax else { return text }
    return words.map { "\"" + $0 + "\"" }.joined(separator: " ")
  }

  var words: [Substring] {
    text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
  }

  /// Whether the query is written in FTS5's syntax (quotes, `*`, parentheses, `:`, `^`, AND /
  /// OR / NOT / NEAR).
  var usesSyntax: Bool {
    text.contains(where: { "\"*():^".contains($0) })
      || words.contains { ["AND", "OR", "NOT", "NEAR"].contains(String($0)) }
  }

  /// Whether the query has nothing the word index holds (no letter, no digit) but is not
  /// empty: emoji and other symbols (`🌲`, `★`), which FTS5's unicode61 tokenizer treats as
  /// separators. Such a query is looked for as a substring of every row instead.
  public var hasNoWords: Bool {
    let trimmed = text.trimmingWhitespace()
    return !trimmed.isEmpty
      && !trimmed.unicodeScalars.contains { scalar in
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
          .decimalNumber, .letterNumber, .otherNumber:
          return true
        default:
          return false
        }
      }
  }

  /// The emoji and other symbols (`🌲`, `★`, `👍🏽`) of a query that also has words: the word
  /// index drops them, so a hit must also hold each of them as it is (`forest 🌲` finds a
  /// forest with a tree, not every forest). Runs of such characters, in order; none when the
  /// query uses FTS5 syntax (its own words decide).
  public var symbolTerms: [String] {
    guard !hasNoWords, !usesSyntax else { return [] }
    var terms: [String] = []
    var run = ""
    for character in text {
      if Self.isSymbol(character) {
        run.append(character)
      } else if !run.isEmpty {
        terms.append(run)
        run = ""
      }
    }
    if !run.isEmpty { terms.append(run) }
    return terms
  }

  /// An emoji or another pictographic symbol (general category So, or asked for as emoji
  /// with U+FE0F), with its modifiers and joiners.
  static func isSymbol(_ character: Character) -> Bool {
    guard let first = character.unicodeScalars.first else { return false }
    return first.properties.generalCategory == .otherSymbol
      || character.unicodeScalars.contains("\u{FE0F}")
  }

  /// Whether the query holds Chinese, Japanese or Korean letters (searched by trigrams).
  public var hasCJK: Bool {
    text.unicodeScalars.contains { scalar in
      let v = scalar.value
      return (0x3040...0x30FF).contains(v) || (0x3400...0x4DBF).contains(v)
        || (0x4E00...0x9FFF).contains(v) || (0xAC00...0xD7A3).contains(v)
        || (0xF900...0xFAFF).contains(v) || (0xFF66...0xFF9F).contains(v)
    }
  }
}

/// One hit: a post or a question, its post, and a snippet with the matches between
/// `SearchResult.highlightStart` and `SearchResult.highlightEnd`.
public struct SearchResult: Equatable, Sendable {
  public static let highlightStart: Character = "\u{2}"
  public static let highlightEnd: Character = "\u{3}"

  public var kind: SearchQuery.Scope
  public var id: Int64
  public var postID: PostID
  public var postTitle: String
  public var snippet: String
  /// bm25: lower is better.
  public var rank: Double

  public init(
    kind: SearchQuery.Scope, id: Int64, postID: PostID, postTitle: String, snippet: String,
    rank: Double
  ) {
    self.kind = kind
    self.id = id
    self.postID = postID
    self.postTitle = postTitle
    self.snippet = snippet
    self.rank = rank
  }
}
