import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The folder of a markdown export: one file per post. A manifest (`.memo-export`) remembers
/// which file memo wrote for which post and a hash of the text it last exported there, so
/// names stay stable, a re-export rewrites only files whose text changed, a file the user
/// edited since is never overwritten (the new version goes beside it, `NAME.memo.md`), and a
/// file memo did not write is never overwritten or deleted (SPEC §5, issue 20).
final class MarkdownFolder {
  static let manifestName = ".memo-export"
  let folder: String
  /// The database in use: never an output.
  let database: String?
  /// Overwrite edited files (`--force`).
  let isForced: Bool
  private var entries: [String: Entry] = [:]  // post uuid → its file
  private var taken = Set<String>()
  private var visited = Set<String>()
  /// What the user should know, one sentence each.
  private(set) var warnings: [String] = []

  /// A file memo wrote: its name and the hash of the text memo last exported for it (nil in a
  /// manifest written before hashes were kept).
  struct Entry: Equatable {
    var name: String
    var hash: String?
  }

  /// What `write` did with a post's file.
  enum Outcome: Equatable {
    case unchanged, written
    /// The user edited the file: the new version went beside it.
    case keptEdited
  }

  /// - Throws: `MemoError` `.cannotCreate` (73) when the folder cannot be made or read.
  init(_ folder: String, database: String? = nil, isForced: Bool = false) throws {
    self.database = database
    self.isForced = isForced
    self.folder = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
    var info = stat()
    if stat(self.folder, &info) != 0 {
      guard mkdir(self.folder, 0o700) == 0 else {
        throw MemoError(
          code: .cannotCreate,
          message: "cannot create the folder \(folder): \(String(cString: strerror(errno)))")
      }
    } else if (info.st_mode & S_IFMT) != S_IFDIR {
      throw MemoError(
        code: .cannotCreate,
        message: "\(folder) is not a folder; markdown export writes one file per post into a folder"
      )
    }
    // What a killed run was writing (`.NAME.memo-tmp-PID`, its process gone) goes.
    OutputFile.removeStaleTemporaries(in: self.folder)
    if let text = readText(path(Self.manifestName)) {
      for line in text.split(separator: "\n") {
        let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, !parts[1].isEmpty else { continue }
        entries[parts[0]] = Entry(
          name: parts[1], hash: parts.count > 2 && !parts[2].isEmpty ? parts[2] : nil)
        taken.insert(parts[1])
      }
    }
  }

  func path(_ name: String) -> String { folder + "/" + name }

  /// Where the new version of an edited file goes: `NAME.memo.md` beside `NAME.md`.
  static func besideName(_ name: String) -> String {
    (name.hasSuffix(".md") ? String(name.dropLast(3)) : name) + ".memo.md"
  }

  /// Writes a post's file unless it already holds `content`. A file the user changed since
  /// memo last exported it is kept: when the post changed too, its new version goes beside
  /// it with a warning (`--force` overwrites instead).
  ///
  /// A post the manifest does not know whose file is already there, byte for byte as memo
  /// would write it now, is adopted: a run that was interrupted before it saved the manifest
  /// left it, and it is memo's (no copy beside it). The manifest is saved as the export goes,
  /// after each batch of changed entries, so an interrupted run leaves one that covers what it
  /// wrote up to its last batch.
  func write(uuid: String, title: String, content: String) throws -> Outcome {
    let before = entries[uuid]
    let outcome = try place(uuid: uuid, title: title, content: content)
    if entries[uuid] != before {
      unsaved += 1
      // Batches grow with the folder (an eighth of it), so that saving stays linear in all.
      if unsaved >= max(Self.saveBatch, entries.count / 8) { try commit() }
    }
    return outcome
  }

  /// Entries changed since the manifest was last saved, and how many make a batch to save.
  private var unsaved = 0
  static let saveBatch = 64

  private func place(uuid: String, title: String, content: String) throws -> Outcome {
    var entry: Entry
    if let known = entries[uuid] {
      entry = known
    } else {
      let (name, isAdopted) = newName(for: title, uuid: uuid, content: content)
      entry = Entry(name: name, hash: isAdopted ? Self.hash(Array(content.utf8)) : nil)
    }
    taken.insert(entry.name)
    visited.insert(uuid)
    defer { entries[uuid] = entry }
    let hash = Self.hash(Array(content.utf8))
    let file = path(entry.name)
    guard let kind = fileKind(file) else {
      try writeAtomically(file, content)
      // Moved away or removed by the user: what waited beside it is memo's old news.
      removeBeside(entry.name)
      entry.hash = hash
      return .written
    }
    // A file memo cannot read (not UTF-8, no permission) counts as the user's.
    let existing = contents(file)
    if let existing, existing.elementsEqual(content.utf8) {
      entry.hash = hash
      removeBeside(entry.name)
      return .unchanged
    }
    // Something else put in the place of memo's file (a symlink, a FIFO, a folder) is not
    // memo's file, whatever it holds: never written through, replaced only with --force.
    let other = kind == S_IFREG ? nil : Self.what(file, kind: kind)
    let isMemosVersion = other == nil && entry.hash != nil && existing.map(Self.hash) == entry.hash
    if isMemosVersion || isForced {
      try writeAtomically(file, content)
      removeBeside(entry.name)
      entry.hash = hash
      return .written
    }
    // Edited by the user (or not a file). Nothing new to deliver when the post has not changed.
    let why = other.map { "\(file) is \($0), not the file memo wrote" }
      ?? "\(file) was edited since memo wrote it"
    let todo =
      other == nil
      ? "merge it by hand, or export with --force to overwrite"
      : kind == S_IFDIR
        ? "move or rename the folder, then export again"
        : "remove it and export again, or export with --force to have memo replace it with the file"
    if entry.hash == hash {
      // The version memo left beside it is still waiting: say so again, every run, so that a
      // cron job's log or an Obsidian user does not see one warning and then silence.
      let beside = path(Self.besideName(entry.name))
      if exists(beside) {
        warnings.append("\(why); memo's newer version still waits in \(beside) (\(todo))")
      }
      return .unchanged
    }
    let beside = path(Self.besideName(entry.name))
    try writeAtomically(beside, content)
    entry.hash = hash
    warnings.append(
      "\(why); its post changed\(other == nil ? " too" : ""), so the new version is in \(beside) (\(todo))"
    )
    return .keptEdited
  }

  /// Before anything is written: a folder where this export may have to write a file (memo's
  /// file of a post, with --force; the version beside it; the manifest) stops it, all of them
  /// named, so that nothing is half done (as `git checkout` refuses before touching anything).
  /// - Parameter postExists: whether a post with this uuid still exists (a deleted post's
  ///   file is not written).
  /// - Throws: `MemoError` `.cannotCreate` (73) naming the folders.
  func checkTargets(postExists: (String) throws -> Bool) throws {
    var folders: [String] = []
    func isFolder(_ file: String) -> Bool { fileKind(file) == S_IFDIR }
    if isFolder(path(Self.manifestName)) { folders.append(path(Self.manifestName)) }
    for (uuid, entry) in entries.sorted(by: { $0.value.name < $1.value.name }) {
      let file = path(entry.name)
      let beside = path(Self.besideName(entry.name))
      guard isFolder(file) && isForced || isFolder(beside) else { continue }
      guard try postExists(uuid) else { continue }
      if isFolder(file) && isForced { folders.append(file) }
      if isFolder(beside) { folders.append(beside) }
    }
    guard !folders.isEmpty else { return }
    let named =
      folders.count == 1
      ? "\(folders[0]) is a folder, where memo's file for a post goes"
      : folders.dropLast().joined(separator: ", ")
        + " and \(folders.last!) are folders, where memo's files for posts go"
    throw MemoError(
      code: .cannotCreate,
      message:
        "\(named); memo does not remove folders and has written nothing: move or rename \(folders.count == 1 ? "it" : "them"), then export again"
    )
  }

  /// Removes the files memo wrote for posts that no longer exist, unless the user edited
  /// them since (then they stay, with a warning, and are no longer memo's).
  /// - Parameter postExists: whether a post with this uuid still exists.
  /// - Returns: how many files were removed.
  func removeDeleted(postExists: (String) throws -> Bool) throws -> Int {
    var removed = 0
    for (uuid, entry) in entries.sorted(by: { $0.value.name < $1.value.name })
    where !visited.contains(uuid) {
      guard try !postExists(uuid) else { continue }
      entries[uuid] = nil
      removeBeside(entry.name)
      let file = path(entry.name)
      guard let kind = fileKind(file) else { continue }
      let existing = contents(file)
      if kind == S_IFREG, entry.hash != nil, existing.map(Self.hash) == entry.hash {
        if unlink(file) == 0 { removed += 1 }
      } else if kind == S_IFREG {
        warnings.append(
          "\(file) was edited since memo wrote it and its post was deleted; memo leaves it to you")
      } else {
        warnings.append(
          "\(file) is \(Self.what(file, kind: kind)), not the file memo wrote, and its post was deleted; memo leaves it to you"
        )
      }
    }
    return removed
  }

  /// Removes `NAME.memo.md`, memo's own file, once `NAME.md` holds memo's latest version (or
  /// the post is gone).
  func removeBeside(_ name: String) {
    unlink(path(Self.besideName(name)))
  }

  /// A name no other post has and no file outside the manifest holds: `slug.md`, then
  /// `slug-<uuid prefix>.md`, then numbered — or, with `content`, the one of those names that
  /// already holds exactly `content` (memo's own file from an interrupted run: adopted).
  func newName(for title: String, uuid: String, content: String? = nil) -> (
    name: String, isAdopted: Bool
  ) {
    let slug = MarkdownEncoder.slug(title)
    let short = String(uuid.filter { $0 != "-" }.suffix(8))
    var candidates = [slug + ".md", "\(slug)-\(short).md"]
    candidates += (2...1000).map { "\(slug)-\(short)-\($0).md" }
    candidates.append("\(slug)-\(uuid).md")
    var free: String?
    for (i, name) in candidates.enumerated()
    where !taken.contains(name) && !name.hasSuffix(".memo.md") {
      guard exists(path(name)) else {
        if free == nil { free = name }
        // memo goes past `slug-<uuid prefix>.md` only when a file holds it.
        if i >= 1 || content == nil { break }
        continue
      }
      if let content, holds(path(name), exactly: content) { return (name, true) }
    }
    return (free ?? "\(slug)-\(uuid).md", false)
  }

  /// Whether the file at `path` holds exactly `content` (the size first, then the bytes).
  func holds(_ path: String, exactly content: String) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      Int(info.st_size) == content.utf8.count, let existing = contents(path)
    else { return false }
    return existing.elementsEqual(content.utf8)
  }

  /// A regular file's bytes (through a symlink), read in one go; nil when it cannot be read or
  /// is not a regular file (a FIFO is not waited on).
  func contents(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    // One byte more than its size, to notice a file that grew meanwhile.
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
    var total = 0
    while true {
      if total == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
      let count = bytes.withUnsafeMutableBytes {
        Glibc.read(fd, $0.baseAddress! + total, $0.count - total)
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { break }
      total += count
    }
    bytes.removeSubrange(total...)
    return bytes
  }

  /// Neither taken by a post, nor a file already there, nor the `.memo.md` of a taken name.
  func isFree(_ name: String) -> Bool {
    !taken.contains(name) && !exists(path(name)) && !name.hasSuffix(".memo.md")
  }

  /// Saves the manifest (sorted, so it never changes without cause).
  func commit() throws {
    let text = entries.sorted { $0.key < $1.key }.map {
      "\($0.key)\t\($0.value.name)\t\($0.value.hash ?? "")\n"
    }.joined()
    if readText(path(Self.manifestName)) != text {
      try writeAtomically(path(Self.manifestName), text)
    }
    unsaved = 0
  }

  /// FNV-1a, 64 bits, in hex: enough to tell whether a file changed (not a security check).
  static func hash(_ bytes: [UInt8]) -> String {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      value ^= UInt64(byte)
      value = value &* 0x0000_0100_0000_01b3
    }
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// What is at `path` (not followed if a symlink): `S_IFREG`, `S_IFLNK`, …; nil when nothing.
  func fileKind(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
  }

  func readText(_ path: String) -> String? {
    guard let bytes = contents(path) else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }

  /// Writes `text` as the folder's file `path`: a regular file keeps its mode; anything else
  /// there (a symlink put in its place, a FIFO) is replaced by the file, never written through,
  /// so `--force` cannot reach a file outside the folder.
  ///
  /// What it replaces is said in a warning (one line); a folder there is never removed: the
  /// export stops (73) naming it.
  func writeAtomically(_ path: String, _ text: String) throws {
    var info = stat()
    let isThere = lstat(path, &info) == 0
    let kind = info.st_mode & S_IFMT
    let isPlainFile = !isThere || kind == S_IFREG
    if isThere, kind == S_IFDIR {
      throw MemoError(
        code: .cannotCreate,
        message:
          "\(path) is a folder, where memo's file for a post goes; memo does not remove folders: move or rename it, then export again"
      )
    }
    // Named before it is gone (a symlink's target is read from the link).
    let replaced = isPlainFile ? nil : Self.describe(path, kind: kind)
    let file = try OutputFile(path: path, database: database, isUsersPath: isPlainFile)
    try file.write(text)
    try file.commit()
    if let replaced { warnings.append("replaced \(replaced) with memo's file") }
  }

  /// What is at `path` that is not a regular file: `the symlink P (to T)`, `the FIFO P`.
  static func describe(_ path: String, kind: mode_t) -> String {
    switch kind {
    case S_IFLNK: return "the symlink \(path)" + (linkTarget(path).map { " (to \($0))" } ?? "")
    case S_IFIFO: return "the FIFO \(path)"
    case S_IFSOCK: return "the socket \(path)"
    case S_IFCHR, S_IFBLK: return "the device \(path)"
    case S_IFDIR: return "the folder \(path)"
    default: return "\(path) (not a regular file)"
    }
  }

  /// What is at `path`, as `P is …` says it: `a symlink (to T)`, `a FIFO`, `a folder`.
  static func what(_ path: String, kind: mode_t) -> String {
    switch kind {
    case S_IFLNK: return "a symlink" + (linkTarget(path).map { " (to \($0))" } ?? "")
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    case S_IFCHR, S_IFBLK: return "a device"
    case S_IFDIR: return "a folder"
    default: return "not a regular file"
    }
  }

  /// Where the symlink at `path` points, as written in it.
  static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
