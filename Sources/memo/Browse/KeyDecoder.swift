import MemoCore

/// Turns the bytes a terminal sends into keys: UTF-8 characters, control keys, and the escape
/// sequences of arrows and paging keys (xterm's CSI and SS3 forms). A lone Escape is told from
/// the start of a sequence by the caller: `flushEscape()` once no byte followed it in time.
/// A paste in bracketed paste mode (`ESC [200~` … `ESC [201~`) comes as the keys of its text,
/// each marked pasted by `feedMarked`.
struct KeyDecoder {
  private var pending: [UInt8] = []
  /// Between a paste's start and end markers.
  private(set) var isPasting = false

  /// Whether the bytes so far end in an Escape that may start a sequence.
  var hasPendingEscape: Bool { pending == [0x1B] }

  /// The keys these bytes complete (an incomplete sequence or character waits for more);
  /// those of a paste too, as if typed.
  mutating func feed(_ bytes: [UInt8]) -> [BrowseKey] {
    feedMarked(bytes).map(\.key)
  }

  /// A paste's start and end markers.
  private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// The keys these bytes complete, each saying whether it came in a paste.
  mutating func feedMarked(_ bytes: [UInt8]) -> [(key: BrowseKey, isPasted: Bool)] {
    pending += bytes
    var keys: [(key: BrowseKey, isPasted: Bool)] = []
    var i = 0
    while i < pending.count {
      guard let (key, length) = decode(pending[i...]) else { break }
      let taken = pending[i..<(i + length)]
      if taken.elementsEqual(Self.pasteStart) {
        isPasting = true
      } else if taken.elementsEqual(Self.pasteEnd) {
        isPasting = false
      } else if let key {
        keys.append((key, isPasting))
      }
      i += length
    }
    pending.removeFirst(i)
    return keys
  }

  /// A lone Escape: no sequence followed it.
  mutating func flushEscape() -> [BrowseKey] {
    guard hasPendingEscape else { return [] }
    pending = []
    return [.escape]
  }

  /// The key at the start of `bytes` and how many bytes it took (a nil key: bytes to skip);
  /// nil when more bytes are needed.
  func decode(_ bytes: ArraySlice<UInt8>) -> (BrowseKey?, Int)? {
    let start = bytes.startIndex
    let first = bytes[start]
    switch first {
    case 0x1B:
      guard bytes.count >= 2 else { return nil }
      let second = bytes[start + 1]
      if second == 0x5B || second == 0x4F { return sequence(bytes, isCSI: second == 0x5B) }
      return (.escape, 1)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x01...0x1A: return (.ctrl(Character(UnicodeScalar(first + 0x60))), 1)
    case 0x00...0x1F: return (nil, 1)
    default: break
    }
    let length =
      first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
    guard bytes.count >= length else { return nil }
    let scalarBytes = bytes[start..<(start + length)]
    guard let text = String(validating: scalarBytes, as: UTF8.self), let c = text.first else {
      return (nil, 1)
    }
    return (.char(c), length)
  }

  /// `ESC [ … final` or `ESC O final`.
  func sequence(_ bytes: ArraySlice<UInt8>, isCSI: Bool) -> (BrowseKey?, Int)? {
    let start = bytes.startIndex
    var i = start + 2
    var parameters: [UInt8] = []
    while i < bytes.endIndex {
      let b = bytes[i]
      if (0x40...0x7E).contains(b) {
        let length = i - start + 1
        let first = parameters.split(separator: 0x3B).first.map { Array($0) } ?? []
        switch b {
        case 0x41: return (.up, length)
        case 0x42: return (.down, length)
        case 0x43: return (.right, length)
        case 0x44: return (.left, length)
        case 0x48: return (.home, length)
        case 0x46: return (.end, length)
        case 0x7E:
          switch String(decoding: first, as: UTF8.self) {
          case "1", "7": return (.home, length)
          case "4", "8": return (.end, length)
          case "3": return (.delete, length)
          case "5": return (.pageUp, length)
          case "6": return (.pageDown, length)
          default: return (nil, length)
          }
        default: return (nil, length)
        }
      }
      guard isCSI else { return (nil, i - start + 1) }
      parameters.append(b)
      i += 1
    }
    return nil
  }
}
