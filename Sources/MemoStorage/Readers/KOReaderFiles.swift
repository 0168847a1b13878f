import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// Finds KOReader's files under a path and turns device-local times into instants.
///
/// KOReader keeps a book's highlights in a sidecar, `metadata.<ext>.lua`, in one of three
/// places (its "book metadata location" setting): a `BOOK.sdr` folder beside the book, the same
/// folder under `koreader/docsettings/` (mirroring the book's path), or
/// `koreader/hashdocsettings/<2 hex>/<md5>.sdr/`. Its annotation export, `BOOK.annotations.lua`,
/// goes in the sidecar folder or a folder the user chose. A folder walk finds them all.
public enum KOReaderFiles {
  /// How deep a walk goes (a device's tree is a few levels; docsettings mirrors full paths).
  static let maximumDepth = 64

  /// Whether `path` is a folder (following a symlink).
  public static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether anything is at `path` (a file, a folder, a dangling symlink).
  public static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Whether a file of this name is KOReader's: a sidecar or an annotation export (not the
  /// `.old` backup KOReader keeps beside a sidecar).
  static func isSidecarName(_ name: String) -> Bool {
    (name.hasPrefix("metadata.") && name.hasSuffix(".lua") && name.count > 13)
      || isAnnotationsName(name)
  }

  static func isAnnotationsName(_ name: String) -> Bool {
    name.hasSuffix(".annotations.lua") && name.count > 16
  }

  /// The sidecars and annotation exports under `root`, sorted by path. Symlinked folders are
  /// not followed (no loops); an annotation export beside a sidecar is left out (it holds the
  /// same annotations). Folders that cannot be read are named in `skipped`.
  /// - Throws: `MemoError` `.noInput` (66) when `root` itself cannot be read.
  static func files(under root: String) throws -> (files: [String], skipped: [String]) {
    var files: [String] = []
    var skipped: [String] = []
    var root = root
    while root.count > 1, root.hasSuffix("/") { root.removeLast() }
    guard let top = opendir(root) else {
      throw MemoError(
        code: .noInput,
        message: "cannot read the folder \(root): \(String(cString: strerror(errno)))")
    }
    closedir(top)
    walk(root, depth: 0, into: &files, skipped: &skipped)
    return (files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, skipped)
  }

  private static func walk(
    _ folder: String, depth: Int, into files: inout [String], skipped: inout [String]
  ) {
    guard depth <= maximumDepth else {
      skipped.append("\(folder): more than \(maximumDepth) folders deep; not read")
      return
    }
    guard let dir = opendir(folder) else {
      skipped.append("\(folder): \(String(cString: strerror(errno))); not read")
      return
    }
    var folders: [String] = []
    var found: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
      }
      if name == "." || name == ".." { continue }
      let path = folder == "/" ? "/" + name : folder + "/" + name
      var type = Int32(entry.pointee.d_type)
      if type == Int32(DT_UNKNOWN) {
        var info = stat()
        guard lstat(path, &info) == 0 else { continue }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: type = Int32(DT_DIR)
        case S_IFLNK: type = Int32(DT_LNK)
        case S_IFREG: type = Int32(DT_REG)
        default: continue
        }
      }
      if type == Int32(DT_DIR) {
        folders.append(path)
      } else if (type == Int32(DT_REG) || type == Int32(DT_LNK)) && isSidecarName(name) {
        // A symlink counts when it names a file (a link to a folder is not followed).
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
        found.append(name)
      }
    }
    closedir(dir)
    let hasSidecar = found.contains { !isAnnotationsName($0) }
    for name in found where !(hasSidecar && isAnnotationsName(name)) {
      files.append(folder == "/" ? "/" + name : folder + "/" + name)
    }
    for path in folders { walk(path, depth: depth + 1, into: &files, skipped: &skipped) }
  }

  /// The instant a wall-clock time names in this machine's time zone (`TZ`, else
  /// /etc/localtime), as KOReader wrote it on the device: import on a machine set to the
  /// device's zone. Nil when the time does not exist there (skipped by a clock change).
  static func localInstant(_ time: KOReaderSidecar.LocalDateTime) -> Timestamp? {
    var parts = tm()
    parts.tm_year = Int32(time.year - 1900)
    parts.tm_mon = Int32(time.month - 1)
    parts.tm_mday = Int32(time.day)
    parts.tm_hour = Int32(time.hour)
    parts.tm_min = Int32(time.minute)
    parts.tm_sec = Int32(min(time.second, 59))
    parts.tm_isdst = -1  // the zone's rules decide
    let seconds = mktime(&parts)
    guard seconds != -1 || (parts.tm_year == 69 && parts.tm_mon == 11 && parts.tm_mday == 31)
    else { return nil }
    // A time in a gap (spring forward) comes back moved: it did not exist on the device's clock.
    guard Int(parts.tm_hour) == time.hour, Int(parts.tm_min) == time.minute,
      Int(parts.tm_mday) == time.day
    else { return nil }
    return Timestamp(millis: Int64(seconds) * 1000)
  }
}

extension KOReaderFiles {
  /// The books of every sidecar and annotation export under a folder (a `.sdr` folder, a
  /// device, a `docsettings` or `hashdocsettings` tree).
  /// A file that cannot be read (not a Lua table, or unreadable) is a problem naming the file,
  /// line and column, and is left out: the folder's other files are read.
  /// - Throws: `MemoError` `.noInput` (66) when the folder holds none or cannot be read;
  ///   the first file's error (`.badData`, 65) when no file of it can be read.
  static func report(folder: String) throws -> KOReaderImport.Report {
    let (files, skipped) = try files(under: folder)
    guard !files.isEmpty else {
      throw MemoError(code: .noInput, message: Readers.nothingFound(in: folder))
    }
    var report = KOReaderImport.Report()
    report.notices = skipped
    report.unreadable = skipped.count
    var firstError: MemoError?
    for file in files {
      do {
        report.add(
          try KOReaderImport.sidecar(InputFile.read(file), path: file, localInstant: localInstant))
      } catch let error as MemoError where error.code == .badData || error.code == .noInput {
        firstError = firstError ?? error
        report.problems.append(error.message + "; this file is not imported")
        report.unreadableFiles += 1
      }
    }
    if let firstError, report.unreadableFiles == files.count { throw firstError }
    return report
  }

  /// One file: a sidecar, an annotation export (Lua) or KOReader's JSON export.
  static func report(file bytes: [UInt8], name: String) throws -> KOReaderImport.Report {
    var start = bytes[...]
    if start.starts(with: [0xEF, 0xBB, 0xBF]) { start = start.dropFirst(3) }
    let first = start.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    // JSON starts with '{'; KOReader's Lua files with a `-- ` comment line, then `return {`.
    if first == UInt8(ascii: "{") && KOReaderImport.looksLikeJSONExport(bytes)
      || name.lowercased().hasSuffix(".json")
    {
      return try KOReaderImport.jsonExport(bytes, name: name)
    }
    return try KOReaderImport.sidecar(bytes, path: name, localInstant: localInstant)
  }
}
