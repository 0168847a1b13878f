import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The one writer: every listing, every export and every message on stdout appends bytes to a
/// fixed buffer here, which goes out with write(2) when full, as `sqlite3` prints. Raw memory,
/// not an array or a `String`: a million rows make tens of millions of small appends, and
/// nothing appended ever copies what came before (SPEC §6: linear in the rows, flat memory).
public final class ByteWriter {
  /// Where the bytes go.
  public let fd: Int32
  /// What error messages call the destination ("stdout", a path).
  public let name: String
  /// Flushed once this full (a row bigger than the buffer grows it for that row only).
  let threshold: Int
  /// The buffer's pointer, size and fill, in raw memory of their own: as stored properties of
  /// the class, every append checked them for exclusive access at run time (swift_beginAccess:
  /// 181M of the 1.19G instructions of an export of 100,000 questions).
  private struct State {
    var storage: UnsafeMutablePointer<UInt8>
    var capacity: Int
    var count: Int
  }
  private let state: UnsafeMutablePointer<State>
  private var storage: UnsafeMutablePointer<UInt8> {
    get { state.pointee.storage }
    set { state.pointee.storage = newValue }
  }
  private var capacity: Int {
    get { state.pointee.capacity }
    set { state.pointee.capacity = newValue }
  }
  /// Bytes waiting in the buffer.
  public private(set) var count: Int {
    get { state.pointee.count }
    set { state.pointee.count = newValue }
  }
  /// Whether the reader went away (EPIPE): nothing more is written.
  public private(set) var isClosed = false
  /// Bytes the reader has taken so far (for the message when it goes away).
  public private(set) var written = 0
  /// What a reader going away leaves incomplete ("export", "backup"), for a destination the
  /// user named (a FIFO, `/dev/fd/N`, `>(gzip > x.gz)`): there it is an error (74), since no
  /// pipeline status reports that reader's failure. nil for stdout, whose reader going away
  /// (`memo … | head`) is its choice: a quiet exit 0 (SPEC §4), and the pipeline's own status
  /// reports a reader that failed.
  public let incompleteWhenReaderGone: String?

  public init(
    fd: Int32, name: String, bufferSize: Int = 1 << 16, incompleteWhenReaderGone: String? = nil
  ) {
    self.fd = fd
    self.name = name
    self.incompleteWhenReaderGone = incompleteWhenReaderGone
    threshold = bufferSize
    state = .allocate(capacity: 1)
    state.initialize(
      to: State(
        storage: .allocate(capacity: bufferSize + 4096), capacity: bufferSize + 4096, count: 0))
  }

  deinit {
    storage.deallocate()
    state.deallocate()
  }

  // MARK: - Flushing

  /// Writes out the buffer once it is full. Call between rows.
  /// - Throws: `MemoError.readerGone` when the reader of stdout closed the pipe; `.io`
  ///   otherwise (a named destination's reader gone too: `incompleteWhenReaderGone`).
  @inline(__always)
  public func flushIfFull() throws {
    if count >= threshold { try flush() }
  }

  /// Writes out everything buffered.
  /// - Throws: `MemoError.readerGone` when the reader of stdout closed the pipe (EPIPE;
  ///   SIGPIPE is ignored by `main`); `.io` when the reader of a named destination did (the
  ///   output is incomplete), or for another failure.
  public func flush() throws {
    defer { count = 0 }
    if isClosed, let what = incompleteWhenReaderGone {
      // Never a quiet success after the error: a later flush (a commit) fails the same way.
      throw readerGone(what)
    }
    guard count > 0, !isClosed else { return }
    var offset = 0
    while offset < count {
      let result = Glibc.write(fd, storage + offset, count - offset)
      if result < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE {
          isClosed = true
          guard let what = incompleteWhenReaderGone else { throw MemoError.readerGone }
          throw readerGone(what)
        }
        throw MemoError(
          code: .io, message: "cannot write \(name): \(String(cString: strerror(errno)))")
      }
      offset += result
      written += result
    }
  }

  /// The reader of a named destination went away: what reached it is incomplete (74).
  private func readerGone(_ what: String) -> MemoError {
    MemoError(
      code: .io,
      message:
        "cannot write \(name): the reader went away after \(written) bytes; the \(what) is incomplete"
    )
  }

  // MARK: - Appending

  @inline(__always)
  private func reserve(_ extra: Int) {
    guard count + extra > capacity else { return }
    grow(count + extra)
  }

  private func grow(_ needed: Int) {
    while capacity < needed { capacity *= 2 }
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    grown.update(from: storage, count: count)
    storage.deallocate()
    storage = grown
  }

  @inline(__always)
  public func byte(_ byte: UInt8) {
    reserve(1)
    storage[count] = byte
    count += 1
  }

  public func bytes(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    reserve(bytes.count)
    (storage + count).update(from: base, count: bytes.count)
    count += bytes.count
  }

  public func bytes(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { self.bytes($0) }
  }

  public func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes($0) }
  }

  /// Appends `count` spaces.
  public func spaces(_ n: Int) {
    guard n > 0 else { return }
    reserve(n)
    (storage + count).initialize(repeating: 0x20, count: n)
    count += n
  }

  /// Appends the text's UTF-8 as it is.
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes($0) }
  }

  /// Appends a decimal integer.
  public func int(_ value: Int64) {
    reserve(20)
    if value == 0 {
      storage[count] = UInt8(ascii: "0")
      count += 1
      return
    }
    var digits: (UInt64, Int) = (value.magnitude, 0)
    var scratch:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &scratch) { buffer in
      while digits.0 > 0 {
        buffer[19 - digits.1] = UInt8(ascii: "0") + UInt8(digits.0 % 10)
        digits.0 /= 10
        digits.1 += 1
      }
      if value < 0 { byte(UInt8(ascii: "-")) }
      bytes(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[(20 - digits.1)...]))
    }
  }

  // MARK: - Escaped fields

  /// Appends `text` as a JSON string (RFC 8259 escapes), quotes included: MemoCore's one
  /// escaper, `JSONString.write`, straight into the buffer.
  public func jsonString(_ text: UnsafeBufferPointer<UInt8>) {
    reserve(JSONString.capacity(for: text.count))
    count += JSONString.write(text, to: storage + count)
  }

  public func jsonString(_ text: String) {
    var text = text
    text.withUTF8 { jsonString($0) }
  }

  /// Appends `text` as an RFC 4180 field: quoted when `csvNeedsQuotes` says so (MemoCore's one
  /// rule), with inner quotes doubled.
  public func csvField(_ text: UnsafeBufferPointer<UInt8>) {
    guard csvNeedsQuotes(text) else { return bytes(text) }
    reserve(text.count * 2 + 2)
    byte(UInt8(ascii: "\""))
    for b in text {
      byte(b)
      if b == 0x22 { byte(0x22) }
    }
    byte(UInt8(ascii: "\""))
  }

  public func csvField(_ text: String) {
    var text = text
    text.withUTF8 { csvField($0) }
  }

  /// Appends `text` as a TSV field: backslash, tab, line feed and carriage return escaped as
  /// `\\`, `\t`, `\n`, `\r`, so that a row is always one line of tab-separated fields.
  public func tsvField(_ text: UnsafeBufferPointer<UInt8>) {
    guard text.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
      return bytes(text)
    }
    reserve(text.count * 2)
    for b in text {
      switch b {
      case 0x5C: raw("\\\\")
      case 0x09: raw("\\t")
      case 0x0A: raw("\\n")
      case 0x0D: raw("\\r")
      default: byte(b)
      }
    }
  }

  public func tsvField(_ text: String) {
    var text = text
    text.withUTF8 { tsvField($0) }
  }
}
