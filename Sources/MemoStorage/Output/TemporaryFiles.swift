#if canImport(Glibc)
  import Glibc
#endif

/// The temporary files of outputs being written (`.NAME.memo-tmp-PID`), removed when SIGINT,
/// SIGTERM or SIGHUP ends memo, so that a Ctrl-C'd or killed export leaves nothing beside its
/// target (SIGKILL cannot be caught: the next export removes what such a run left,
/// `OutputFile.removeStaleTemporaries`).
///
/// The paths are kept preformatted, NUL-terminated, in memory allocated once, so the handler
/// only reads bytes and calls `unlink` (async-signal-safe): nothing allocated, no lock taken.
public enum TemporaryFiles {
  static let slotCount = 8
  static let slotSize = 4096
  /// `slotCount` slots of `slotSize` bytes; a slot whose first byte is 0 is free.
  nonisolated(unsafe) static let slots: UnsafeMutablePointer<CChar> = {
    let memory = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotSize)
    memory.initialize(repeating: 0, count: slotCount * slotSize)
    return memory
  }()
  nonisolated(unsafe) static var isHandling = false

  /// Remembers `path` for removal on a signal; the slot to `forget`, nil when none is free or
  /// the path is too long (the next run then removes the file, as after SIGKILL).
  static func remember(_ path: String) -> Int? {
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty, bytes.count < slotSize, !bytes.contains(0) else { return nil }
    for slot in 0..<slotCount where slots[slot * slotSize] == 0 {
      let start = slots + slot * slotSize
      // The first byte last: the handler never sees a half-written path.
      for (i, byte) in bytes.enumerated().dropFirst() { start[i] = CChar(bitPattern: byte) }
      start[bytes.count] = 0
      start[0] = CChar(bitPattern: bytes[0])
      installHandlers()
      return slot
    }
    return nil
  }

  /// The file of `slot` is renamed into place or removed: nothing to remove any more.
  static func forget(_ slot: Int) {
    slots[slot * slotSize] = 0
  }

  /// Removes every remembered file. Async-signal-safe: for signal handlers (the progress
  /// line's too, which replaces this one's).
  public static func removeAll() {
    for slot in 0..<slotCount where slots[slot * slotSize] != 0 {
      unlink(slots + slot * slotSize)
    }
  }

  /// On SIGINT, SIGTERM and SIGHUP: the files removed, then the signal's default action (memo
  /// dies of it, as the shell expects). A handler someone else set (the progress line's, which
  /// calls `removeAll` too) is left in place.
  static func installHandlers() {
    guard !isHandling else { return }
    isHandling = true
    for number in [SIGINT, SIGTERM, SIGHUP] {
      var current = sigaction()
      guard sigaction(number, nil, &current) == 0,
        current.__sigaction_handler.sa_handler == nil  // SIG_DFL
      else { continue }
      signal(number) { number in
        TemporaryFiles.removeAll()
        signal(number, SIG_DFL)
        raise(number)
      }
    }
  }
}
