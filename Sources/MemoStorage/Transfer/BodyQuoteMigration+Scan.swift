import MemoCore

/// Reading a body: the quote blocks and notes memo wrote into it, and what stays of it without
/// them (split from BodyQuoteMigration.swift, no code changed).
extension BodyQuoteMigration {
  /// The quotes memo wrote into `body` (with the notes at their places), in body order.
  static func quotes(in body: String) -> (quotes: [Quote], lines: [Substring]) {
    var body = body
    let (quotes, offsets) = body.withUTF8 { scan(Bytes($0)) }
    let utf8 = body.utf8
    let lines = offsets.map { range in
      Substring(
        utf8[
          utf8.index(
            utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(
              utf8.startIndex, offsetBy: range.upperBound)])
    }
    return (quotes, lines)
  }

  /// The quotes in a body's bytes, and its lines (byte ranges, without their line breaks).
  static func scan(_ body: Bytes) -> (quotes: [Quote], lines: [Range<Int>]) {
    let text = BodyLines(body)
    var quotes: [Quote] = []
    // Notes memo wrote: "Note (PLACE): text" paragraphs, by their first line.
    var notes: [BodyLines.Note] = []
    var i = 0
    while i < text.lines.count {
      // A block starts a paragraph: at the top or after a blank line.
      if i == 0 || text.lines[i - 1].isEmpty {
        if text.isQuoteLine(i), let (quote, next) = text.quote(from: i) {
          quotes.append(quote)
          i = next
          continue
        }
        if let (note, next) = text.note(from: i) {
          notes.append(note)
          i = next
          continue
        }
      }
      i += 1
    }
    attach(notes, to: &quotes)
    return (quotes, text.lines)
  }

  /// Each note to the last quote whose range holds its location, or ends just before it (as
  /// the importer places them); notes at no quote's place stay in the body.
  private static func attach(_ notes: [BodyLines.Note], to quotes: inout [Quote]) {
    for note in notes {
      guard let at = note.place?.start else { continue }
      let index =
        quotes.lastIndex { quote in
          guard let start = quote.place.start else { return false }
          return start <= at && at <= (quote.place.end ?? start)
        } ?? quotes.lastIndex { ($0.place.end ?? $0.place.start) == at - 1 }
      guard let index, quotes[index].note == nil else { continue }
      quotes[index].note = note.text
      quotes[index].lines.append(note.lines)
    }
  }

  /// A body's bytes split into lines (at each line break, empty ones kept), read as memo wrote
  /// its quote blocks and notes.
  struct BodyLines {
    /// A note paragraph: its place (none for `Note: …`), its text and its lines.
    typealias Note = (place: Place?, text: String, lines: Range<Int>)

    let base: UnsafeBufferPointer<UInt8>
    let lines: [Range<Int>]

    init(_ body: Bytes) {
      var lines: [Range<Int>] = []
      var lineStart = body.start
      for k in body.start..<body.end where body.base[k] == UInt8(ascii: "\n") {
        lines.append(lineStart..<k)
        lineStart = k + 1
      }
      lines.append(lineStart..<body.end)
      self.base = body.base
      self.lines = lines
    }

    func line(_ i: Int) -> Bytes { Bytes(base, lines[i].lowerBound, lines[i].upperBound) }

    func isQuoteLine(_ i: Int) -> Bool {
      let l = line(i)
      return l.starts(with: "> ") || l.equals(">")
    }

    /// The quote block starting at line `i`: its lines to one `> — PLACE` line that ends the
    /// paragraph, and the line after it; nil when no such line ends the block.
    func quote(from i: Int) -> (Quote, next: Int)? {
      var j = i
      while j < lines.count, isQuoteLine(j) {
        if j > i, line(j).starts(with: "> — "),
          let place = Place.parse(line(j).dropFirst(6)),
          j + 1 == lines.count || lines[j + 1].isEmpty
        {
          // The block's lines without their "> " (a lone ">" is an empty line).
          var text: [UInt8] = []
          text.reserveCapacity(lines[j - 1].upperBound - lines[i].lowerBound)
          for k in i..<j {
            if k > i { text.append(UInt8(ascii: "\n")) }
            let l = line(k)
            if l.count > 1 {
              text.append(contentsOf: UnsafeBufferPointer(rebasing: base[(l.start + 2)..<l.end]))
            }
          }
          let quote = Quote(
            text: String(decoding: text, as: UTF8.self), place: place, note: nil,
            lines: [i..<(j + 1)])
          return (quote, j + 1)
        }
        j += 1
      }
      return nil
    }

    /// The note paragraph starting at line `i` (`Note: text` or `Note (PLACE): text`, the
    /// text running to a blank line), and the line after it; nil when line `i` starts none.
    func note(from i: Int) -> (Note, next: Int)? {
      let l = line(i)
      guard l.starts(with: "Note") else { return nil }
      var place: Place?
      var textStart: Int?
      if l.starts(with: "Note: ") {
        textStart = l.start + 6
      } else if l.starts(with: "Note ("), let close = l.firstIndex(of: "): ") {
        place = Place.parse(Bytes(base, l.start + 6, close))
        if place != nil { textStart = close + 3 }
      }
      guard let textStart else { return nil }
      var j = i + 1
      while j < lines.count, !lines[j].isEmpty { j += 1 }
      // The note's text: the rest of its first line and every line after, to a blank one.
      let whole = Bytes(base, textStart, lines[j - 1].upperBound).string
      return ((place, whole, i..<j), j)
    }
  }

  /// `body` without the lines the quotes took, and the blank line before each (after, for one
  /// at the top); nil when nothing else was in it.
  static func remainder(of lines: [Substring], without quotes: [Quote]) -> String? {
    let kept = keptLines(count: lines.count, isEmpty: { lines[$0].isEmpty }, without: quotes)
    let body = kept.map { lines[$0] }.joined(separator: "\n")
    return body.isEmpty ? nil : body
  }

  /// The same from a body's bytes and line ranges (`scan`).
  static func remainder(of body: Bytes, lines: [Range<Int>], without quotes: [Quote]) -> String? {
    let kept = keptLines(count: lines.count, isEmpty: { lines[$0].isEmpty }, without: quotes)
    var bytes: [UInt8] = []
    for (n, i) in kept.enumerated() {
      if n > 0 { bytes.append(UInt8(ascii: "\n")) }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: body.base[lines[i]]))
    }
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }

  /// The indexes of the lines a body keeps.
  static func keptLines(count: Int, isEmpty: (Int) -> Bool, without quotes: [Quote]) -> [Int] {
    var removed = [Bool](repeating: false, count: count)
    for quote in quotes {
      for range in quote.lines {
        for i in range { removed[i] = true }
        if range.lowerBound > 0 {
          removed[range.lowerBound - 1] = true
        } else if range.upperBound < count {
          removed[range.upperBound] = true
        }
      }
    }
    var kept: [Int] = []
    for i in 0..<count where !removed[i] { kept.append(i) }
    // A block at the top whose following blank line went: the text after starts the body.
    while let first = kept.first, isEmpty(first), removed.first == true { kept.removeFirst() }
    return kept
  }
}
