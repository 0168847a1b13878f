/// A book read from another tool's export (Kindle clippings, a Goodreads library): becomes a
/// post matched by title and author; its clippings go into the body or become questions.
public struct ExternalBook: Equatable, Sendable {
  public var title: String
  public var author: String?
  /// An ISBN or similar, for the post's source.
  public var source: String?
  /// A review, for the body of a new post.
  public var review: String?
  public var addedAt: Timestamp?
  public var isFavorite: Bool
  /// A key for the whole book (a Goodreads row): importing it again adds nothing.
  public var key: String?
  public var clippings: [ExternalClipping]

  public init(
    title: String, author: String? = nil, source: String? = nil, review: String? = nil,
    addedAt: Timestamp? = nil, isFavorite: Bool = false, key: String? = nil,
    clippings: [ExternalClipping] = []
  ) {
    self.title = title
    self.author = author
    self.source = source
    self.review = review
    self.addedAt = addedAt
    self.isFavorite = isFavorite
    self.key = key
    self.clippings = clippings
  }
}

extension ExternalBook {
  /// The book with its title, author and source on one line (`foldingLineBreaks`): a
  /// Readwise or Goodreads cell may hold a line break, a post's fields do not. A title of
  /// nothing but line breaks stays as read (the importer reports a blank title).
  public func withOneLineFields() -> ExternalBook {
    var book = self
    let title = self.title.foldingLineBreaks()
    if !title.isBlank { book.title = title }
    book.author = author?.foldingLineBreaks()
    book.source = source?.foldingLineBreaks()
    return book
  }
}

/// A highlight or a note from a Kindle.
public struct ExternalClipping: Equatable, Sendable {
  public enum Kind: Equatable, Sendable { case highlight, note }

  public var kind: Kind
  public var text: String
  /// Where in the book, e.g. "p. 12, loc. 123-125".
  public var location: String?
  public var addedAt: Timestamp?
  /// Stable across files: importing the same clipping again adds nothing.
  public var key: String
  /// The page as written ("12", "xii") and the location range, when the header gave them.
  public var page: String?
  public var start: Int?
  public var end: Int?
  /// Earlier versions of this highlight that it extends: their quotes, if imported before,
  /// are replaced by this one, and their keys are remembered with its own.
  public var replaces: [ExternalClipping] = []
  /// The chapter or section the reader names, when it names one.
  public var chapter: String?
  /// The reader's own note on this highlight (KOReader, Kobo, Apple Books, Readwise keep it
  /// with the highlight; a Kindle writes it as a separate `.note` clipping at the same place).
  public var note: String?
  /// A number that sorts the book's highlights in reading order (a Kindle location, a Kobo
  /// chapter and offset, an Apple Books range start), when the source gives one.
  public var position: Double?
  /// A Kindle note's highlight, as the file tells it: the key of the latest highlight before
  /// it that ends at its location (two highlights may end there, each with its own note).
  public var highlightKey: String?

  public init(
    kind: Kind, text: String, location: String? = nil, addedAt: Timestamp? = nil, key: String,
    page: String? = nil, start: Int? = nil, end: Int? = nil
  ) {
    self.kind = kind
    self.text = text
    self.location = location
    self.addedAt = addedAt
    self.key = key
    self.page = page
    self.start = start
    self.end = end
  }

  /// A note that asks something ("…?", "…？" or "…؟") becomes a question.
  public var isQuestion: Bool {
    kind == .note && Self.asks(text)
  }

  /// Whether a note asks something: it ends in "?", "？" or "؟".
  public static func asks(_ note: String) -> Bool {
    note.hasSuffix("?") || note.hasSuffix("？") || note.hasSuffix("؟")
  }

  /// Whether this highlight is a longer version of `earlier`: both highlights, their
  /// locations overlapping (or, without locations, the same page), this text containing the
  /// earlier one.
  public func extends(_ earlier: ExternalClipping) -> Bool {
    // The places first (numbers), then the lengths in bytes (`count` walks the characters):
    // a book's every highlight is checked against every earlier one.
    guard kind == .highlight, earlier.kind == .highlight,
      text.utf8.count > earlier.text.utf8.count
    else {
      return false
    }
    let overlaps: Bool
    if let start, let end, let otherStart = earlier.start, let otherEnd = earlier.end {
      overlaps = start <= otherEnd && otherStart <= end
    } else if start == nil, earlier.start == nil, let page, let otherPage = earlier.page {
      overlaps = page == otherPage
    } else {
      overlaps = false
    }
    return overlaps && text.contains(earlier.text)
  }

  var withoutReplaces: ExternalClipping {
    var copy = self
    copy.replaces = []
    return copy
  }

  /// How the clipping reads when appended to a post's body.
  public var bodyText: String {
    let place = location.map { " (\($0))" } ?? ""
    switch kind {
    case .highlight:
      return text.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(
        separator: "\n")
        + "\n> — " + (location ?? "Kindle")
    case .note:
      return "Note\(place): \(text)"
    }
  }
}

/// A 64-bit FNV-1a hash as 16 hex digits: a stable key for imported records.
public func stableKey(_ parts: [String]) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for (i, part) in parts.enumerated() {
    if i > 0 {
      hash ^= 0x1F
      hash &*= 0x100_0000_01b3
    }
    for byte in part.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
  }
  let hex = String(hash, radix: 16)
  return String(repeating: "0", count: 16 - hex.count) + hex
}
