/// What makes two posts one book, whichever reader or library they came from: the title and
/// author folded (Unicode NFKC with case folding, `FoldTable`), runs of spaces made one, a
/// series suffix such as "(Dune, #1)" or "(Dune #1)" dropped from the title, a space between
/// two CJK characters dropped ("夏目 漱石" is "夏目漱石"), and an author written "Last, First"
/// read as "First Last". Importers match a book to a post by it (`ExternalImporter`).
public struct BookKey: Hashable, Sendable {
  public var title: String
  /// Empty when the book names no author.
  public var author: String

  public init(title: String, author: String?) {
    self.title = Self.fold(Self.droppingSeries(title))
    self.author = author.map { Self.fold(Self.firstLast($0)) } ?? ""
  }

  /// "Herbert, Frank" as "Frank Herbert"; a name with no comma, or more than one, or a suffix
  /// after its comma ("King, Jr."), as it is.
  static func firstLast(_ name: String) -> String {
    let parts = name.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return name }
    let last = parts[0].trimmingSpaces
    let first = parts[1].trimmingSpaces
    let suffixes: Set<String> = ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv", "phd", "md"]
    if last.isEmpty || first.isEmpty || suffixes.contains(first.lowercased()) { return name }
    return first + " " + last
  }

  /// The title without a trailing series in parentheses that numbers the book: "(Dune, #1)",
  /// "(The Expanse #2.5)", "(Discworld, #1-3)".
  static func droppingSeries(_ title: String) -> String {
    let trimmed = title.trimmingSpaces
    guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") else { return title }
    let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
    guard let hash = inside.lastIndex(of: "#") else { return title }
    let number = inside[inside.index(after: hash)...]
    guard let first = number.first, first.isASCII, first.isNumber,
      number.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "–" || $0 == " " })
    else { return title }
    let head = trimmed[..<open].trimmingSpaces
    return head.isEmpty ? title : head
  }

  /// NFKC_Casefold, then spaces: runs made one, none at either end, none between two CJK
  /// characters.
  static func fold(_ text: String) -> String {
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x80 {
        if value >= 0x41 && value <= 0x5A {
          scalars.append(Unicode.Scalar(UInt8(value + 0x20)))
        } else {
          scalars.append(scalar)
        }
        continue
      }
      if let range = foldRange(of: value) {
        let mapping = foldMappings[range]
        let start = Int(mapping >> 5)
        for mapped in foldValues[start..<start + Int(mapping & 31)] {
          if let mapped = Unicode.Scalar(mapped) { scalars.append(mapped) }
        }
      } else {
        scalars.append(scalar)
      }
    }
    var result = String.UnicodeScalarView()
    var pendingSpace = false
    var previous: Unicode.Scalar?
    for scalar in scalars {
      if scalar.properties.isWhitespace {
        pendingSpace = previous != nil
        continue
      }
      if pendingSpace, let previous, !(isCJK(previous) && isCJK(scalar)) {
        result.append(" ")
      }
      pendingSpace = false
      result.append(scalar)
      previous = scalar
    }
    return String(result)
  }

  /// The index of the `FoldTable` range holding `value`, if any.
  static func foldRange(of value: UInt32) -> Int? {
    var low = 0
    var high = foldRangeStarts.count
    while low < high {
      let middle = (low + high) / 2
      if foldRangeEnds[middle] < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < foldRangeStarts.count && foldRangeStarts[low] <= value ? low : nil
  }

  /// Han ideographs, kana, Hangul and the CJK marks and punctuation between them.
  static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3130...0x318F,
      0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF,
      0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3FFFF:
      return true
    default:
      return false
    }
  }
}

extension StringProtocol {
  fileprivate var trimmingSpaces: String {
    var slice = Substring(self)
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return String(slice)
  }
}
