/// Reading a change line as memo writes it (`SyncChange.encode`) in one pass over its bytes:
/// the members in their order, without spaces or escapes outside the row, read straight into
/// the change (the device's name shared, not copied for each stamp); only the row is parsed
/// as JSON. A round applying 100,000 changes parsed a JSON tree of every whole line (issue 24).
extension SyncChange {
  /// The change `text` says, when it is exactly as memo writes it and passes every check of
  /// `parseFully`; nil otherwise (`parseFully` then reads it, or says what is wrong).
  static func read(_ text: String, device: String) -> SyncChange? {
    var utf8 = text
    return utf8.withUTF8 { bytes in
      var reader = LineReader(bytes: bytes)
      return reader.change(line: text, device: device)
    }
  }

  /// A cursor over one line's bytes. Every read either matches and moves on or says nil.
  struct LineReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    static let quote = UInt8(ascii: "\"")

    mutating func change(line: String, device: String) -> SyncChange? {
      guard take("{\"kind\":"), let kindRange = plainString(),
        let kind = Kind.allCases.first(where: { equal(kindRange, $0.rawValue) }),
        take(",\"key\":"), let keyRange = plainString(), !keyRange.isEmpty,
        take(",\"hlc\":"), let hlc = integer(), hlc > 0,
        take(",\"device\":"), let authorRange = plainString(), equal(authorRange, device),
        take(",\"base_hlc\":")
      else { return nil }
      let key = string(keyRange)
      var base: SyncVersion?
      if take("null") {
        guard take(",\"base_device\":null") else { return nil }
      } else {
        guard let time = integer(), take(",\"base_device\":"), let baseDevice = plainString()
        else { return nil }
        base = SyncVersion(time: HybridTime(value: time), device: name(baseDevice, device))
      }
      let names = Kind.rules[kind]!.names
      var stamps: [String: SyncVersion] = [:]
      var changed: [String: SyncVersion?]?
      if take(",\"stamps\":") {
        guard take("{") else { return nil }
        if !take("}") {
          repeat {
            guard let field = plainString(), take(":"), let stamp = stamp(device) else {
              return nil
            }
            let name = string(field)
            guard names.contains(name) else { return nil }
            stamps[name] = stamp
          } while take(",")
          guard take("}") else { return nil }
        }
        guard take(",\"changed\":{") else { return nil }
        var set: [String: SyncVersion?] = [:]
        if !take("}") {
          repeat {
            guard let field = plainString(), take(":") else { return nil }
            let name = string(field)
            guard names.contains(name) else { return nil }
            if take("null") {
              set[name] = .some(nil)
            } else {
              guard let stamp = stamp(device) else { return nil }
              set[name] = stamp
            }
          } while take(",")
          guard take("}") else { return nil }
        }
        changed = set
      }
      guard take(",\"row\":") else { return nil }
      let rowStart = index
      guard let parsed = try? JSONParser.parseValue(in: bytes, at: rowStart) else { return nil }
      let (row, end, isCompact) = parsed
      index = end
      var importKey: String?
      if row.isNull, take(",\"import_key\":") {
        guard let keyText = plainString(), !keyText.isEmpty else { return nil }
        importKey = string(keyText)
      }
      var madeAs: String?
      if row.isNull, take(",\"made_as\":") {
        guard let madeText = plainString(), !madeText.isEmpty else { return nil }
        madeAs = string(madeText)
      }
      guard take("}"), index == bytes.count else { return nil }
      if !row.isNull {
        guard (try? SyncChange.checkRow(row, kind: kind, key: key)) != nil else { return nil }
      }
      var change = SyncChange(
        kind: kind, key: key, version: SyncVersion(time: HybridTime(value: hlc), device: device),
        base: base, hasRow: !row.isNull, line: line, stamps: stamps, changed: changed)
      change.row = row
      change.importKey = importKey
      change.madeAs = madeAs
      if !row.isNull && isCompact { change.rowText = string(rowStart..<end) }
      return change
    }

    /// `[hlc, "device"]` with a positive time and a device named.
    mutating func stamp(_ device: String) -> SyncVersion? {
      guard take("["), let time = integer(), time > 0, take(","), let named = plainString(),
        !named.isEmpty, take("]")
      else { return nil }
      return SyncVersion(time: HybridTime(value: time), device: name(named, device))
    }

    /// Moves past `text` if the line has it here.
    mutating func take(_ text: StaticString) -> Bool {
      let count = text.utf8CodeUnitCount
      guard index + count <= bytes.count else { return false }
      let start = text.utf8Start
      for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
      index += count
      return true
    }

    /// A string without escapes or control characters (else nil): its bytes' range.
    mutating func plainString() -> Range<Int>? {
      guard index < bytes.count, bytes[index] == Self.quote else { return nil }
      var end = index + 1
      while end < bytes.count {
        let byte = bytes[end]
        if byte == Self.quote { break }
        if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
        end += 1
      }
      guard end < bytes.count else { return nil }
      defer { index = end + 1 }
      return index + 1..<end
    }

    /// A whole number as JSON writes it (no fraction or exponent), of at most 18 digits
    /// (always an Int64): else nil.
    mutating func integer() -> Int64? {
      var end = index
      let negative = end < bytes.count && bytes[end] == UInt8(ascii: "-")
      if negative { end += 1 }
      let first = end
      var value: Int64 = 0
      while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39, end - first < 18 {
        value = value * 10 + Int64(bytes[end] - 0x30)
        end += 1
      }
      guard end > first, bytes[first] != 0x30 || end == first + 1 else { return nil }
      if end < bytes.count {
        switch bytes[end] {
        case 0x30...0x39, UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
        default: break
        }
      }
      index = end
      return negative ? -value : value
    }

    /// Whether the bytes in `range` are `text`'s.
    func equal(_ range: Range<Int>, _ text: String) -> Bool {
      var text = text
      return text.withUTF8 { other in
        guard other.count == range.count else { return false }
        for offset in 0..<other.count where other[offset] != bytes[range.lowerBound + offset] {
          return false
        }
        return true
      }
    }

    /// A device's name: `device` itself (shared, not copied) when the bytes are its.
    func name(_ range: Range<Int>, _ device: String) -> String {
      equal(range, device) ? device : string(range)
    }

    /// The text in `range` (between two quotes of a valid UTF-8 line: whole characters).
    func string(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
  }
}
