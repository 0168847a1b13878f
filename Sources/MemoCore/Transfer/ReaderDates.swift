/// A Kobo's dates: UTC without a zone mark, written in several shapes by its firmware
/// generations (`2023-05-14T23:36:07`, `…07Z`, `…07.000`, `2023-05-14 23:36:07.000`, an
/// explicit `+00:00`), or a date alone.
public enum KoboDate {
  /// The date in any of those shapes, read as UTC; nil when it cannot be read.
  public static func parse(_ text: String) -> Timestamp? {
    let trimmed = text.trimmingWhitespace()
    let bytes = Array(trimmed.utf8)
    guard bytes.count >= 10 else { return nil }
    if bytes.count == 10 { return Timestamp(rfc3339: trimmed + "T00:00:00Z") }
    let last = bytes[bytes.count - 1]
    if last >= 0x30 && last <= 0x39 {
      // A zone written as +hh:mm ends in a digit too.
      let zoneSign = bytes.count >= 6 ? bytes[bytes.count - 6] : 0
      if (zoneSign == 0x2B || zoneSign == 0x2D) && bytes[bytes.count - 3] == 0x3A {
        return Timestamp(rfc3339: trimmed)
      }
      return Timestamp(rfc3339: trimmed + "Z")
    }
    return Timestamp(rfc3339: trimmed)
  }

  /// Whether the text is Kobo's way of writing no date: empty, or zeros
  /// (`0000-00-00T00:00:00.000`).
  public static func isNoDate(_ text: String?) -> Bool {
    guard let text else { return true }
    let trimmed = text.trimmingWhitespace()
    return trimmed.isEmpty || trimmed.hasPrefix("0000-00-00")
  }
}

/// Core Data's dates (Apple Books): seconds since 2001-01-01T00:00:00Z.
public enum CoreDataDate {
  /// 2001-01-01T00:00:00Z in seconds since 1970.
  public static let epoch: Int64 = 978_307_200

  /// The instant, or nil for a number no date can be (not finite, or beyond year ±3000).
  public static func timestamp(seconds: Double) -> Timestamp? {
    guard seconds.isFinite, abs(seconds) < 3.2e10 else { return nil }
    return Timestamp(millis: epoch * 1000 + Int64((seconds * 1000).rounded()))
  }
}

/// A number that sorts places in a book: an EPUB canonical fragment identifier
/// (`epubcfi(/6/24[id]!/4/2/296/2,/1:0,/7:257)`) or a Kobo container path
/// (`OEBPS/Text/a.xhtml#point(/1/4/2/2/1:7)`, `span#kobo\.204\.1`).
public enum ReadingPlace {
  /// The spine item (the step after the package document's `/6`, counted from 0) plus a
  /// fraction that orders the steps after it, their offset included: the CFI's order, as far
  /// as a number can hold it. Nil when the text is no CFI.
  public static func position(epubCFI text: String) -> Double? {
    guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"),
      open < close
    else { return nil }
    let body = text[text.index(after: open)..<close]
    let parts = body.split(separator: "!", maxSplits: 1, omittingEmptySubsequences: false)
    let package = steps(parts[0])
    guard package.count >= 2 else { return nil }
    let spine = Double(max(0, package[1] / 2 - 1))
    guard parts.count == 2 else { return spine }
    // A range, `parent,start,end`, starts at parent + start.
    let range = parts[1].split(separator: ",", omittingEmptySubsequences: false)
    let start = range.count >= 2 ? steps(range[0]) + steps(range[1]) : steps(range[0])
    return spine + fraction(start)
  }

  /// The numbers of a path, in order: steps, then an offset after `:` (assertions in
  /// brackets and everything after `~` or `@` left out).
  public static func steps(_ path: Substring) -> [Int] {
    var result: [Int] = []
    var current: Int?
    var inAssertion = false
    for scalar in path.unicodeScalars {
      if inAssertion {
        if scalar == "]" { inAssertion = false }
        continue
      }
      switch scalar {
      case "0"..."9":
        let digit = Int(scalar.value - 0x30)
        current = min((current ?? 0) * 10 + digit, 1 << 40)
      case "[":
        inAssertion = true
      case "~", "@":
        if let value = current { result.append(value) }
        return result
      default:
        if let value = current { result.append(value) }
        current = nil
      }
    }
    if let value = current { result.append(value) }
    return result
  }

  /// A number in [0, 1) that orders step lists as their lexicographic order does: each step
  /// written in an order-keeping prefix code (as many 1 bits as its binary form of n + 1 has
  /// after its leading 1, a 0, then those bits), the bits read as a binary fraction. Small
  /// steps, the common ones, take few bits: `/4/2/636/2/1:7` fits in 40 of the 52 a Double
  /// holds.
  public static func fraction(_ steps: [Int]) -> Double {
    var result = 0.0
    var scale = 1.0
    var bits = 0
    func put(_ bit: Bool) {
      scale /= 2
      bits += 1
      if bit { result += scale }
    }
    for step in steps {
      let value = UInt64(max(step, 0)) + 1
      let width = 64 - value.leadingZeroBitCount  // bits of value; the first is 1
      for _ in 1..<width { put(true) }
      put(false)
      for shift in stride(from: width - 2, through: 0, by: -1) {
        put(value >> UInt64(shift) & 1 == 1)
      }
      if bits >= 60 { break }
    }
    // Kept below 1, so the spine item's number stays the whole part.
    return min(result, 0.999_999_999)
  }
}
