/// A clippings file cut into its entries: the `==========` lines that end a clipping, and
/// the passages that hold one on a line of their own (`KindleClippings.read`).
extension KindleClippings {
  /// The entries of a file: the byte ranges between the `==========` lines (as split by
  /// hand: the library's split on a collection was a third of a large file's reading).
  static func entryRanges(_ bytes: [UInt8]) -> [Range<Int>] {
    let mark = Array("==========".utf8)
    var ranges: [Range<Int>] = []
    var start = 0
    var i = 0
    while i + mark.count <= bytes.count {
      if bytes[i] == mark[0] && bytes[i..<(i + mark.count)].elementsEqual(mark)
        && isOwnLine(bytes, i..<(i + mark.count))
      {
        ranges.append(start..<i)
        i += mark.count
        start = i
      } else {
        i += 1
      }
    }
    ranges.append(start..<bytes.count)
    return joinedPassages(ranges, in: bytes)
  }

  /// The ranges with each `==========` line inside a passage put back into it (someone
  /// highlighted text holding the mark): the mark ends a clipping that has its passage begun
  /// only when a clipping's title and header line follow it (or nothing does). Else what
  /// follows, up to the next mark, is more of the passage.
  static func joinedPassages(_ ranges: [Range<Int>], in bytes: [UInt8]) -> [Range<Int>] {
    // The title lines of the file's clippings: an entry opening with one is an entry (its
    // header torn), not more of a passage.
    func text(_ line: Range<Int>) -> String {
      String(decoding: bytes[line], as: UTF8.self).trimmingWhitespace()
    }
    var titles = Set<String>()
    for range in ranges {
      let first = lines(of: range, in: bytes, upTo: 2)
      if first.count == 2, isHeaderLine(first[1], in: bytes) { titles.insert(text(first[0])) }
    }
    var joined: [Range<Int>] = []
    for range in ranges {
      if let last = joined.last {
        let before = lines(of: last, in: bytes, upTo: 3)
        let next = lines(of: range, in: bytes, upTo: 2)
        if before.count == 3, isHeaderLine(before[1], in: bytes), let first = next.first,
          !titles.contains(text(first)), next.count < 2 || !isHeaderLine(next[1], in: bytes)
        {
          joined[joined.count - 1] = last.lowerBound..<range.upperBound
          continue
        }
      }
      joined.append(range)
    }
    return joined
  }

  /// The first `limit` lines of `range` that hold more than spaces, as byte ranges.
  static func lines(of range: Range<Int>, in bytes: [UInt8], upTo limit: Int) -> [Range<Int>] {
    var found: [Range<Int>] = []
    var start = range.lowerBound
    while start < range.upperBound, found.count < limit {
      var end = start
      while end < range.upperBound, bytes[end] != 0x0A { end += 1 }
      if bytes[start..<end].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
        found.append(start..<end)
      }
      start = end + 1
    }
    return found
  }

  /// Whether a line opens with a dash, as a clipping's header does ("- Your Highlight …").
  static func isHeaderLine(_ line: Range<Int>, in bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes[line], as: UTF8.self).trimmingWhitespace()
    guard let dash = text.first else { return false }
    return dash == "-" || dash == "–" || dash == "—"
  }

  /// Whether `range` is alone on its line but for spaces and tabs: a Kindle writes the
  /// `==========` line so, and a passage may hold the mark inside a line (a highlight made in
  /// a clippings file read on the Kindle).
  static func isOwnLine(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
    var before = range.lowerBound - 1
    while before >= 0, blank(bytes[before]) { before -= 1 }
    var after = range.upperBound
    while after < bytes.count, blank(bytes[after]) { after += 1 }
    return (before < 0 || bytes[before] == 0x0A) && (after == bytes.count || bytes[after] == 0x0A)
  }
}
