import MemoCore

/// What only KOReader's files need: a highlight extended on the device, and the same highlight
/// from the sidecar and from the exporter's JSON.
extension ExternalImporter {
  /// The keys of a book's highlights in this file.
  func bookKeys(_ book: ExternalBook) -> Set<String> {
    Set(book.clippings.lazy.filter { $0.kind == .highlight }.map(\.key))
  }
}

/// A post's KOReader highlights that are not this file's (their key is none of the book's
/// keys), read once per book and kept in memory, so that each of the book's new highlights
/// looks up the same passage or a shorter version of it by key instead of scanning the
/// post's highlights (two scans a highlight: 10,000 highlights of one book took 12.8 s).
///
/// What the book's import adds or rewrites takes one of the book's keys (an insert, a refresh,
/// a replacement by a longer version): a query would skip those rows, so they are not added
/// here, and a row a longer version replaced is dropped (`remove`). Passages and pages compare
/// as SQLite compares them, byte for byte.
struct KOReaderHighlights {
  struct Row {
    var id: Int64
    var text: [UInt8]
    var page: String?
    var highlightedAt: String?
    var isGone = false
  }

  /// How many bytes of a passage key `byPrefix`: shorter passages go in `short`.
  static let prefixLength = 32
  private var rows: [Row] = []
  private var rowIndex: [Int64: Int] = [:]
  /// Rows (indices, in id order) by passage.
  private var byText: [[UInt8]: [Int]] = [:]
  /// Rows of at least `prefixLength` bytes by page and first `prefixLength` bytes.
  private var byPrefix: [[UInt8]: [Int]] = [:]
  /// Rows shorter than `prefixLength` bytes by page and passage, and the lengths there are.
  private var short: [[UInt8]: [Int]] = [:]
  private var shortLengths: Set<Int> = []

  /// The KOReader highlights of post `postID` whose key is not in `keys`.
  init(database: Database, postID: Int64, keys: Set<String>) throws {
    let statement = try database.cachedStatement(
      sql: """
        SELECT id, source_key, page, highlighted_at, text FROM highlights
        WHERE post_id = ? AND source = 'koreader' ORDER BY id
        """)
    defer { statement.reset() }
    try statement.bind(postID, at: 1)
    while try statement.step() {
      if let key = statement.text(1), keys.contains(key) { continue }
      let text = statement.withUTF8(4) { Array($0) }
      let row = Row(
        id: statement.int64(0), text: text, page: statement.text(2),
        highlightedAt: statement.text(3))
      let index = rows.count
      rows.append(row)
      rowIndex[row.id] = index
      byText[text, default: []].append(index)
      if text.count >= Self.prefixLength {
        byPrefix[Self.key(row.page, text[..<Self.prefixLength]), default: []].append(index)
      } else {
        short[Self.key(row.page, text[...]), default: []].append(index)
        shortLengths.insert(text.count)
      }
    }
  }

  /// Page and passage bytes as one key: 0xFF (never in UTF-8) between them, 0xFE for no page.
  private static func key(_ page: String?, _ text: ArraySlice<UInt8>) -> [UInt8] {
    var key: [UInt8] = page.map { Array($0.utf8) + [0xFF] } ?? [0xFE]
    key += text
    return key
  }

  /// A row a longer version of it replaced: no longer what it was.
  mutating func remove(_ id: Int64) {
    if let index = rowIndex[id] { rows[index].isGone = true }
  }

  /// The highlight that is `clipping` read from KOReader's other file (the sidecar and the
  /// exporter's JSON carry the same passage, page and time, but their keys differ when the
  /// JSON has no `pn_xp`: older exporters, PDFs): the same passage (both trimmed) and, when
  /// both give one, the same time — or one a whole number of quarter hours away, up to
  /// 14 hours (the sidecar's local time read in another time zone than the device's) — and,
  /// when a time is missing, the same page. The first by id.
  func same(as clipping: ExternalClipping) -> Int64? {
    for index in byText[Array(clipping.text.utf8)] ?? [] where !rows[index].isGone {
      let row = rows[index]
      let time = row.highlightedAt.flatMap { Timestamp(rfc3339: $0) }
      if let time, let added = clipping.addedAt {
        let seconds = abs(time.millis - added.millis) / 1000
        guard seconds <= 14 * 3600, seconds % 900 == 0 else { continue }
      } else if let page = row.page, let other = clipping.page, page != other {
        continue
      }
      return row.id
    }
    return nil
  }

  /// The highlight on the same page whose passage the clipping's begins with and extends (the
  /// longest; of equal ones, the first by id).
  func shorterVersion(of clipping: ExternalClipping) -> Int64? {
    let text = Array(clipping.text.utf8)
    var candidates: [Int] = []
    if text.count > Self.prefixLength {
      candidates += byPrefix[Self.key(clipping.page, text[..<Self.prefixLength])] ?? []
    }
    for length in shortLengths where length < text.count {
      candidates += short[Self.key(clipping.page, text[..<length])] ?? []
    }
    var best: Row?
    for index in candidates {
      let row = rows[index]
      guard !row.isGone, row.text.count < text.count, text.starts(with: row.text) else { continue }
      if let found = best,
        found.text.count > row.text.count
          || (found.text.count == row.text.count && found.id < row.id)
      {
        continue
      }
      best = row
    }
    return best?.id
  }
}
