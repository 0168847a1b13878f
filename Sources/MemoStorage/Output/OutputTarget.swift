import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// What an output path names on disk, decided once before anything is written (SPEC §5,
/// issue 20): a regular file (or none yet) is replaced whole by a temporary file renamed over
/// it; a symlink is followed to the file it points to, which is replaced, the link kept; a
/// FIFO, a device, a socket or `/dev/fd/N` is written to directly, never renamed over.
public struct OutputTarget: Equatable {
  enum Kind: Equatable {
    /// Write a temporary file beside `path` and rename it over `path`; `mode` and `owner`
    /// are the existing file's, to keep (nil: a new file, mode 0600).
    case replace(mode: mode_t?, owner: Owner?)
    /// Open `path` for writing and write to it in place.
    case direct
    /// Write to this open descriptor (`/dev/stdout`, `/dev/fd/N`): what the shell set up.
    case descriptor(Int32)
  }

  /// A file's owner, kept when root replaces someone else's file.
  struct Owner: Equatable {
    var uid: uid_t
    var gid: gid_t
  }

  /// The path as the user gave it, for messages.
  let given: String
  /// The file actually written: the end of the symlink chain.
  let path: String
  let kind: Kind

  /// The longest symlink chain followed, as the kernel's own limit (MAXSYMLINKS).
  static let maximumLinks = 40

  /// Decides where `given` goes, refusing the database in use and its side files.
  /// - Parameter database: the database file's path (nil or `:memory:`: none to protect).
  /// - Throws: `MemoError` `.usage` (64) for the database or a folder; `.cannotCreate` (73)
  ///   when the path cannot be examined (a symlink loop, a permission) or is a file the user
  ///   may not write.
  static func resolve(_ given: String, database: String?) throws -> OutputTarget {
    guard !given.isEmpty else {
      throw MemoError.usage("the output path is empty; name a file, or '-' for stdout")
    }
    if let fd = standardDescriptor(given) {
      guard fcntl(fd, F_GETFD) >= 0 else {
        throw MemoError(
          code: .cannotCreate,
          message: "cannot write \(given): descriptor \(fd) is not open in this process")
      }
      var info = stat()
      let target = OutputTarget(given: given, path: given, kind: .descriptor(fd))
      if let database, database != ":memory:", fstat(fd, &info) == 0 {
        try target.refuseDatabase(database, info: info, exists: true)
      }
      return target
    }
    var info = stat()
    var exists = true
    let target: OutputTarget
    if stat(given, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        throw MemoError.usage("\(given) is a folder; name a file to write to")
      case S_IFREG:
        // realpath follows every link, chains and relative ones, to the file itself.
        let real = realPath(given) ?? given
        // A file the user cannot write is not replaced behind their back, though its folder
        // allows the rename: the shell's `>` refuses it too.
        if access(real, W_OK) != 0 && errno == EACCES {
          throw MemoError(
            code: .cannotCreate,
            message:
              "cannot write \(given): the file is write-protected; make it writable (chmod u+w) or name another file"
          )
        }
        target = OutputTarget(
          given: given, path: real,
          kind: .replace(
            mode: info.st_mode & 0o7777, owner: Owner(uid: info.st_uid, gid: info.st_gid)))
      default:
        target = OutputTarget(given: given, path: given, kind: .direct)
      }
    } else if errno == ENOENT {
      // Nothing there, or a dangling symlink: like the shell's `>`, create the file the link
      // names, so the link keeps working.
      exists = false
      target = OutputTarget(
        given: given, path: try danglingEnd(given), kind: .replace(mode: nil, owner: nil))
    } else {
      throw MemoError(
        code: .cannotCreate, message: "cannot write \(given): \(String(cString: strerror(errno)))")
    }
    if let database, database != ":memory:" {
      try target.refuseDatabase(database, info: info, exists: exists)
    }
    return target
  }

  /// Refuses `output` when it is the database at `database` or one of its files, before the
  /// database is opened: a database not created yet is protected too (its path is known, its
  /// file is not there). - Throws: `MemoError` `.usage` (64), `.cannotCreate` (73).
  public static func check(_ output: String, database: String) throws {
    _ = try resolve(output, database: database)
  }

  /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: the descriptor they name.
  static func standardDescriptor(_ path: String) -> Int32? {
    switch path {
    case "/dev/stdout": return STDOUT_FILENO
    case "/dev/stderr": return STDERR_FILENO
    case "/dev/stdin": return nil
    default:
      for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
        return Int32(path.dropFirst(prefix.count))
      }
      return nil
    }
  }

  /// Follows a chain of symlinks that ends at a name with nothing behind it.
  /// - Returns: that name (`path` itself when it is not a link).
  static func danglingEnd(_ path: String) throws -> String {
    var current = path
    for _ in 0..<maximumLinks {
      var info = stat()
      guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
        let link = readLink(current)
      else { return current }
      current = link.hasPrefix("/") ? link : folder(of: current) + "/" + link
    }
    throw MemoError(
      code: .cannotCreate, message: "cannot write \(path): too many levels of symbolic links")
  }

  /// Refuses the database file and its `-wal`, `-shm` and `-journal` files: the same file
  /// (device and inode) when it exists, the same resolved path when it does not yet.
  /// - Throws: `MemoError` `.usage` (64).
  func refuseDatabase(_ database: String, info: stat, exists: Bool) throws {
    let canonical = Self.canonical(path)
    for suffix in ["", "-wal", "-shm", "-journal"] {
      var other = stat()
      let names = [database + suffix, (Self.realPath(database) ?? database) + suffix]
      let isSame: Bool
      if exists {
        isSame = names.contains {
          stat($0, &other) == 0 && other.st_dev == info.st_dev && other.st_ino == info.st_ino
        }
      } else {
        isSame = names.contains { Self.canonical($0) == canonical }
      }
      guard isSame else { continue }
      let what = suffix.isEmpty ? "the database in use" : "the database's \(suffix) file"
      let named = given == database + suffix ? "" : " (\(database)\(suffix))"
      throw MemoError.usage(
        "refusing to write to \(given): it is \(what)\(named) and your notes would be lost; choose another path"
      )
    }
  }

  /// A path with its folder resolved (the file itself may not exist).
  static func canonical(_ path: String) -> String {
    if let real = realPath(path) { return real }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return (realPath(folder(of: path)) ?? folder(of: path)) + "/" + name
  }

  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  static func readLink(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
