import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// Edits text in the user's editor ($VISUAL, else $EDITOR, else vi), through a temporary file
/// only the user can read, removed afterwards.
enum Editor {
  static let separator = "---"

  /// Opens `text` in the editor. - Returns: the saved text, or nil if it was saved unchanged.
  /// - Throws: `MemoError` `.io` when the editor fails or the file cannot be written or read.
  static func run(_ text: String, name: String) throws -> String? {
    let folder = Environment.get("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(folder)/memo-\(name)-XXXXXX.txt".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
    guard fd >= 0 else {
      throw MemoError(code: .io, message: "cannot create a temporary file in \(folder); set TMPDIR")
    }
    let path = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(path) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    guard written == bytes.count else {
      throw MemoError(code: .io, message: "cannot write the temporary file \(path)")
    }
    let editor =
      [Environment.get("VISUAL"), Environment.get("EDITOR")]
      .compactMap { $0 }.first { !$0.trimmingWhitespace().isEmpty } ?? "vi"
    // Like git: the editor setting is a shell command, the file its last argument.
    let status = system("\(editor) '\(path)'")
    guard status == 0 else {
      throw MemoError(
        code: .io,
        message: "the editor (\(editor)) \(Self.describe(status)); nothing was changed")
    }
    guard let edited = readFile(path) else {
      throw MemoError(code: .io, message: "cannot read back \(path); nothing was changed")
    }
    return edited == text ? nil : edited
  }

  // MARK: - Posts

  /// Opens `post` in the editor. - Returns: the edited fields, or nil if saved unchanged.
  static func edit(_ post: Post) throws -> NewPost? {
    var text = """
      # Edit the post, save and quit. Lines starting with '#' above the fields are ignored.
      # Leave a field empty to clear it; the title cannot be empty.
      title: \(post.title)
      author: \(post.author ?? "")
      source: \(post.source ?? "")
      \(separator)

      """
    if let body = post.body { text += body.hasSuffix("\n") ? body : body + "\n" }
    guard let edited = try run(text, name: "post-\(post.id)") else { return nil }
    let (fields, body) = try parse(
      edited, fields: ["title", "author", "source"], originalBody: post.body)
    return NewPost(
      title: fields["title"] ?? "", author: fields["author"].flatMap { $0.isEmpty ? nil : $0 },
      body: body.isEmpty ? nil : body, source: fields["source"].flatMap { $0.isEmpty ? nil : $0 })
  }

  // MARK: - Questions

  /// Opens `question` in the editor. - Returns: the patch, or nil if saved unchanged.
  static func edit(_ question: MemoCore.Question) throws -> QuestionPatch? {
    let text = """
      # Edit the question, save and quit. Leave the category empty to remove it.
      category: \(question.category ?? "")
      \(separator)
      \(question.text)

      """
    guard let edited = try run(text, name: "question-\(question.id)") else { return nil }
    let (fields, body) = try parse(edited, fields: ["category"], originalBody: question.text)
    let category = fields["category"].flatMap { $0.isEmpty ? nil : $0 }
    return QuestionPatch(
      text: body == question.text ? nil : body,
      category: category == question.category ? nil : .some(category))
  }

  // MARK: - The file's shape

  /// Splits an edited file into `field: value` lines and the body under the `---` line.
  /// - Throws: `MemoError` `.badData` (65) when the file lost its shape.
  static func parse(_ text: String, fields allowed: [String], originalBody: String?) throws
    -> (fields: [String: String], body: String)
  {
    var fields: [String: String] = [:]
    var rest = Substring(text)
    var sawSeparator = false
    while !rest.isEmpty {
      let end = rest.firstIndex(of: "\n") ?? rest.endIndex
      let line = rest[..<end]
      rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
      if line.hasPrefix("#") && fields.isEmpty { continue }
      if line == Substring(separator) {
        sawSeparator = true
        break
      }
      guard let colon = line.firstIndex(of: ":") else {
        if String(line).trimmingWhitespace().isEmpty { continue }
        throw MemoError(
          code: .badData,
          message:
            "the edited file has a line that is not 'field: value': \(line); nothing was changed")
      }
      let key = String(line[..<colon]).trimmingWhitespace().lowercased()
      guard allowed.contains(key) else {
        throw MemoError(
          code: .badData,
          message:
            "the edited file has an unknown field '\(key)' (\(allowed.joined(separator: ", "))); nothing was changed"
        )
      }
      fields[key] = String(line[line.index(after: colon)...]).trimmingWhitespace()
    }
    guard sawSeparator else {
      throw MemoError(
        code: .badData,
        message: "the edited file lost its '---' line between fields and body; nothing was changed")
    }
    var body = String(rest)
    // The file always ends the body with a newline; keep the stored text's own ending.
    if body.hasSuffix("\n") && !(originalBody ?? "").hasSuffix("\n") { body.removeLast() }
    return (fields, body)
  }

  static func readFile(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = fread(&chunk, 1, chunk.count, file)
      if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
      if count < chunk.count { break }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// system(3)'s wait status in words: "exited with 1", "was not found; set VISUAL or EDITOR",
  /// "was killed by signal 9" (instead of "status 256" or "status 32512").
  static func describe(_ status: Int32) -> String {
    if status == -1 { return "could not be started" }
    let signal = status & 0x7F
    if signal != 0 { return "was killed by signal \(signal)" }
    let code = (status >> 8) & 0xFF
    // sh exits 127 for a command it cannot find, 126 for one it cannot run.
    if code == 127 { return "was not found; set VISUAL or EDITOR to an editor on PATH" }
    if code == 126 { return "could not be run (not executable)" }
    return "exited with \(code)"
  }
}
