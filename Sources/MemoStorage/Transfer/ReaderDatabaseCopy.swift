import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// A copy of a reader's SQLite database (with its `-wal`, `-shm` and `-journal` files, when
/// there are some) in a temporary folder, opened there: SQLite writes beside a database it
/// opens, even read-only, so the device's or the app's file is never opened in place, and the
/// rows that live only in the `-wal` file are read. The copy is removed when this is released.
final class ReaderDatabaseCopy {
  /// The database as the user named it, for messages.
  let name: String
  let folder: String
  let path: String
  private var copied: [String] = []
  private(set) var database: Database!
  /// A `-wal` file beside the database that SQLite would pass over in silence (not a WAL
  /// file, or cut short inside a frame): what only it holds is not read.
  private(set) var walProblems: [ReaderProblem] = []
  /// The database is in WAL mode and no `-wal` file was beside it: normal after the reader
  /// closed it cleanly, but a copy made while the reader ran lacks its newest rows.
  private(set) var isWALModeWithoutWALFile = false

  /// Copies `source` and opens the copy.
  /// - Throws: `MemoError` `.noInput` (66) when the file is missing or unreadable, `.badData`
  ///   (65) when it is not a SQLite database, `.io` (74) when the copy cannot be made.
  init(_ source: String, name: String) throws {
    self.name = name
    switch ReaderFiles.kind(of: source) {
    case .missing:
      throw MemoError(code: .noInput, message: "cannot read \(name): no such file or folder")
    case .folder:
      throw MemoError(code: .noInput, message: "\(name) is a folder; give the database file")
    case .file: break
    }
    let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array((temporary + "/memo-import-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw MemoError(
        code: .io,
        message:
          "cannot make a temporary folder in \(temporary) to copy \(name) into: \(String(cString: strerror(errno))); set TMPDIR to a writable folder"
      )
    }
    folder = String(cString: made)
    let base = source.split(separator: "/").last.map(String.init) ?? "reader.sqlite"
    path = folder + "/" + base
    do {
      try copy(source, to: path, required: true)
      var hasWAL = false
      for suffix in ["-wal", "-shm", "-journal"] {
        let copied = try copy(source + suffix, to: path + suffix, required: false)
        if suffix == "-wal" { hasWAL = copied }
      }
      let isWALMode = try checkHeader()
      if hasWAL { inspectWAL() } else { isWALModeWithoutWALFile = isWALMode }
      database = try Database(path: path, create: false)
    } catch let error as SQLiteError {
      remove()
      throw MemoError(readerDatabase: error, name: name)
    } catch {
      remove()
      throw error
    }
  }

  deinit {
    database?.close()
    remove()
  }

  /// The names of the tables the database has.
  func tables() throws -> Set<String> {
    try run {
      let statement = try database.makeStatement(
        sql: "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view')")
      var names: Set<String> = []
      while try statement.step() { names.insert(statement.string(0)) }
      return names
    }
  }

  /// The columns of `table`.
  func columns(of table: String) throws -> Set<String> {
    try run {
      let statement = try database.makeStatement(sql: "SELECT name FROM pragma_table_info(?)")
      try statement.bind(table, at: 1)
      var names: Set<String> = []
      while try statement.step() { names.insert(statement.string(0)) }
      return names
    }
  }

  /// Runs `body`, turning a SQLite failure into the error the user sees (65 for a database
  /// that is damaged or not what it should be).
  func run<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as SQLiteError { throw MemoError(readerDatabase: error, name: name) }
  }

  /// The problem a reader report carries when `isWALModeWithoutWALFile` and nothing was
  /// found: the rows may all be in the `-wal` file left behind.
  var missingWALProblem: ReaderProblem {
    ReaderProblem(
      place: name,
      what:
        "no \(name.split(separator: "/").last ?? "")-wal beside it, and the database is in WAL mode: if the reader was running when it was copied, its newest rows are in that file; copy it too (or close the reader first)"
    )
  }

  /// A file that does not start as a SQLite database does is not one (SQLite would read an
  /// empty file as an empty database). - Returns: whether the header says WAL mode.
  private func checkHeader() throws -> Bool {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw MemoError(code: .io, message: "cannot read the copy of \(name)") }
    defer { close(fd) }
    var header = [UInt8](repeating: 0, count: 20)
    let count = header.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 20) }
    guard count >= 16, header[0..<16].elementsEqual("SQLite format 3\0".utf8) else {
      throw MemoError(
        code: .badData,
        message:
          "\(name): not a SQLite database (\(count <= 0 ? "the file is empty" : "it does not start with the SQLite header")); nothing was imported"
      )
    }
    // Bytes 18 and 19: the file format's write and read versions, 2 in WAL mode.
    return count == 20 && header[18] == 2 && header[19] == 2
  }

  /// Checks the copied `-wal` file as SQLite reads it: a 32-byte header starting with the
  /// magic 0x377f0682 or 0x377f0683 and the page size, then frames of 24 bytes plus a page.
  /// SQLite ignores a file that is not one, and the frames after a cut, without a word.
  private func inspectWAL() {
    let wal = path + "-wal"
    let fd = open(wal, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_size > 0 else { return }  // empty: checkpointed
    let place = "\(name)-wal"
    var header = [UInt8](repeating: 0, count: 32)
    let count = header.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 32) }
    func bigEndian(_ at: Int) -> UInt32 {
      header[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
    let pageSize = Int64(bigEndian(8))
    guard count == 32, bigEndian(0) & ~1 == 0x377f_0682,
      pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0
    else {
      walProblems.append(
        ReaderProblem(
          place: place,
          what:
            "not a SQLite WAL file (damaged?): the newest rows, which only it holds, were not read; copy it again with the reader closed"
        ))
      return
    }
    if (Int64(info.st_size) - 32) % (pageSize + 24) != 0 {
      walProblems.append(
        ReaderProblem(
          place: place,
          what:
            "cut short inside a frame: the rows written after the cut were not read; copy it again with the reader closed"
        ))
    }
  }

  /// - Returns: whether the file was there to copy.
  @discardableResult
  private func copy(_ source: String, to target: String, required: Bool) throws -> Bool {
    let input = open(source, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else {
      if !required && errno == ENOENT { return false }
      throw MemoError(
        code: .noInput,
        message: "cannot read \(required ? name : source): \(String(cString: strerror(errno)))")
    }
    defer { close(input) }
    let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard output >= 0 else {
      throw MemoError(
        code: .io, message: "cannot copy \(source) to \(target): \(String(cString: strerror(errno)))"
      )
    }
    copied.append(target)
    defer { close(output) }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw MemoError(
          code: .noInput, message: "cannot read \(source): \(String(cString: strerror(errno)))")
      }
      if count == 0 { return true }
      var offset = 0
      while offset < count {
        let written = buffer.withUnsafeBytes { write(output, $0.baseAddress! + offset, count - offset) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else {
          throw MemoError(
            code: .io,
            message:
              "cannot copy \(source) to \(target): \(String(cString: strerror(errno))); free some space or set TMPDIR"
          )
        }
        offset += written
      }
    }
  }

  /// Removes the copy and its folder (SQLite's own files beside it included).
  private func remove() {
    database?.close()
    database = nil
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    rmdir(folder)
  }
}

/// What the import finds on disk, without opening anything.
enum ReaderFiles {
  enum Kind { case missing, file, folder }

  static func kind(of path: String) -> Kind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    return (info.st_mode & S_IFMT) == S_IFDIR ? .folder : .file
  }

  /// The names in a folder (not `.` and `..`), sorted; empty when it cannot be read.
  static func names(in folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// The last modification time, for choosing the newest of several candidates.
  static func modified(_ path: String) -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { return 0 }
    return Int(info.st_mtim.tv_sec)
  }

  /// Whether `path` is a regular file (not a pipe, a socket or a device).
  static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Whether the file starts as a SQLite database does.
  static func isSQLite(_ path: String) -> Bool {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var header = [UInt8](repeating: 0, count: 16)
    let count = header.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 16) }
    return count == 16 && header == Array("SQLite format 3\0".utf8)
  }

  static func parent(of path: String) -> String {
    var trimmed = path
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }

  static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}
