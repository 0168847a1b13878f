import MemoCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opens memo's database file, creating it (and its folders) on first write (SPEC §2).
public enum DatabaseFile {
  /// What the command will do with the database.
  public enum Access: Sendable {
    /// Reads only: a missing file is not created; the command sees an empty database.
    case read
    /// Writes: the file is created if missing, mode 0600, in folders created with mode 0700.
    case write
    /// Writes what is there (undo, redo, a prune): a missing file is not created; the command
    /// sees an empty database, with nothing to undo.
    case writeExisting
  }

  /// Opens the database at `path`, migrated to the current schema.
  /// - Throws: `MemoError` (`.io` 74 or `.busy` 75) naming the path and what to do.
  public static func open(
    at path: String, for access: Access,
    busyTimeoutMilliseconds: Int32 = Database.defaultBusyTimeoutMilliseconds,
    migrationProgress: (() -> ProgressMeter?)? = nil
  ) throws -> Database {
    var info = stat()
    let exists = stat(path, &info) == 0
    if exists && (info.st_mode & S_IFMT) == S_IFDIR {
      throw MemoError(
        code: .io, message: "\(path) is a folder, not a database file; pass --db with a file path")
    }
    if exists && (info.st_mode & S_IFMT) != S_IFREG {
      // A FIFO, a socket, a device: SQLite would fail on it with "disk I/O error".
      throw MemoError(
        code: .io,
        message:
          "\(path) is not a regular file (\(kind(info.st_mode))); pass --db with a database file's path"
      )
    }
    if !exists, let target = danglingLink(path) {
      try checkLinkTarget(of: path, target, creating: access == .write)
    }
    do {
      if !exists {
        switch access {
        case .read, .writeExisting:
          // Nothing written yet: answer from an empty in-memory database with the same schema.
          let database = try Database(path: ":memory:")
          try Migrator.migrate(database)
          return database
        case .write:
          try createFile(at: path)
        }
      }
      // A file with no write permission bit is read-only to memo even for root, who could
      // write it anyway: the user made it so on purpose.
      let isReadOnly = exists && (info.st_mode & 0o222) == 0
      let database = try Database(
        path: path, create: false, readOnly: isReadOnly,
        busyTimeoutMilliseconds: busyTimeoutMilliseconds)
      do {
        try Migrator.migrate(database, progress: migrationProgress)
      } catch let error as SQLiteError {
        throw MemoError(error, path: path)
      }
      return database
    } catch let error as SQLiteError {
      throw MemoError(error, path: path)
    }
  }

  /// Creates an empty file with mode 0600, and any missing folders above it with mode 0700.
  static func createFile(at path: String) throws {
    let folder = parentFolder(of: path)
    if !folder.isEmpty { try createFolders(folder) }
    let fd = Glibc.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    if fd < 0 {
      if errno == EEXIST { return }  // another memo created it first: fine
      throw MemoError(
        code: .io,
        message:
          "cannot create the database \(path): \(errnoText()); check the folder's permissions")
    }
    close(fd)
  }

  static func createFolders(_ folder: String) throws {
    var info = stat()
    if stat(folder, &info) == 0 {
      guard (info.st_mode & S_IFMT) == S_IFDIR else {
        throw MemoError(code: .io, message: "cannot create the database: \(folder) is not a folder")
      }
      return
    }
    let parent = parentFolder(of: folder)
    if !parent.isEmpty && parent != folder { try createFolders(parent) }
    if mkdir(folder, 0o700) != 0 && errno != EEXIST {
      throw MemoError(
        code: .io,
        message: "cannot create the folder \(folder): \(errnoText()); pass --db PATH elsewhere")
    }
  }

  /// What a file that is neither a folder nor a regular file is, for a message.
  static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: return "a named pipe"
    case S_IFSOCK: return "a socket"
    case S_IFCHR, S_IFBLK: return "a device"
    default: return "not a file memo can open"
    }
  }

  /// Where `path` points when it is a symbolic link to nothing.
  static func danglingLink(_ path: String) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// A symbolic link to nothing: into a folder that is not there (an unmounted disk, a synced
  /// folder gone) is refused, naming it, before SQLite says "cannot open"; to a missing file
  /// in a folder that is there is a database not written yet, created through the link.
  static func checkLinkTarget(of path: String, _ target: String, creating: Bool) throws {
    // A relative target is relative to the link's folder.
    let base = parentFolder(of: path)
    let resolved = target.hasPrefix("/") || base.isEmpty ? target : base + "/" + target
    let folder = parentFolder(of: resolved)
    var info = stat()
    guard !folder.isEmpty, stat(folder, &info) != 0 else {
      if creating { try createFile(at: resolved) }
      return
    }
    throw MemoError(
      code: .io,
      message:
        "\(path) is a symbolic link to \(target), whose folder \(folder) does not exist; create the folder, fix the link, or pass --db PATH"
    )
  }

  static func parentFolder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
  }

  static func errnoText() -> String { String(cString: strerror(errno)) }
}
