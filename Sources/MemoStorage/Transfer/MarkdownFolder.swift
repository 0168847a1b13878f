import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The folder of a markdown export: one file per post. A manifest (`.memo-export`) remembers
/// which file memo wrote for which post, so names stay stable, a re-export rewrites only
/// files whose text changed, and a file memo did not write is never overwritten or deleted.
final class MarkdownFolder {
  static let manifestName = ".memo-export"
  let folder: String
  /// The database in use: never an output.
  let database: String?
  private var names: [String: String] = [:]  // post uuid → file name
  private var taken = Set<String>()

  /// - Throws: `MemoError` `.cannotCreate` (73) when the folder cannot be made or read.
  init(_ folder: String, database: String? = nil) throws {
    self.database = database
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
    if let text = readText(path(Self.manifestName)) {
      for line in text.split(separator: "\n") {
        let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { continue }
        names[parts[0]] = parts[1]
        taken.insert(parts[1])
      }
    }
  }

  func path(_ name: String) -> String { folder + "/" + name }

  /// Writes a post's file unless it already holds `content`. - Returns: whether it wrote.
  func write(uuid: String, title: String, content: String) throws -> Bool {
    let name = names[uuid] ?? newName(for: title, uuid: uuid)
    names[uuid] = name
    taken.insert(name)
    if readText(path(name)) == content { return false }
    try writeAtomically(path(name), content)
    return true
  }

  /// A name no other post has and no file outside the manifest holds: `slug.md`, then
  /// `slug-<uuid prefix>.md`, then numbered.
  func newName(for title: String, uuid: String) -> String {
    let slug = MarkdownEncoder.slug(title)
    let short = String(uuid.filter { $0 != "-" }.suffix(8))
    var candidates = [slug + ".md", "\(slug)-\(short).md"]
    candidates += (2...1000).map { "\(slug)-\(short)-\($0).md" }
    for name in candidates where !taken.contains(name) && !exists(path(name)) { return name }
    return "\(slug)-\(uuid).md"
  }

  /// Saves the manifest (sorted, so it never changes without cause).
  func commit() throws {
    let text = names.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)\n" }.joined()
    if readText(path(Self.manifestName)) != text {
      try writeAtomically(path(Self.manifestName), text)
    }
  }

  func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  func readText(_ path: String) -> String? {
    guard let bytes = try? InputFile.read(path) else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }

  func writeAtomically(_ path: String, _ text: String) throws {
    let file = try OutputFile(path: path, database: database)
    try file.write(text)
    try file.commit()
  }
}
