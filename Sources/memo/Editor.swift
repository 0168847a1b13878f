import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// Edits a post in the user's editor, through a temporary file only the user can read.
enum Editor {
  static let separator = "---"

  /// Opens `post` in $VISUAL/$EDITOR. - Returns: the edited fields, or nil if the file was
  /// saved unchanged. - Throws: `MemoError` when the editor fails or the file cannot be read.
  static func edit(_ post: Post) throws -> NewPost? {
    let original = render(post)
    let folder = Environment.get("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(folder)/memo-post-\(post.id)-XXXXXX.txt".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
    guard fd >= 0 else {
      throw MemoError(code: .io, message: "cannot create a temporary file in \(folder); set TMPDIR")
    }
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(path) }
    let bytes = Array(original.utf8)
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    guard written == bytes.count else {
      throw MemoError(code: .io, message: "cannot write the temporary file \(path)")
    }
    let editor = [Environment.get("VISUAL"), Environment.get("EDITOR")]
      .compactMap { $0 }.first { !$0.trimmingWhitespace().isEmpty } ?? "vi"
    // Like git: the editor setting is a shell command, the file its last argument.
    let status = system("\(editor) '\(path)'")
    guard status == 0 else {
      throw MemoError(
        code: .io, message: "the editor (\(editor)) failed (status \(status)); nothing was changed")
    }
    guard let edited = readFile(path) else {
      throw MemoError(code: .io, message: "cannot read back \(path); nothing was changed")
    }
    if edited == original { return nil }
    return try parse(edited, originalBody: post.body)
  }

  /// The file the user edits: fields, a `---` line, the body.
  static func render(_ post: Post) -> String {
    var text = """
      # Edit the post, save and quit. Lines starting with '#' above the fields are ignored.
      # Leave a field empty to clear it; the title cannot be empty.
      title: \(post.title)
      author: \(post.author ?? "")
      source: \(post.source ?? "")
      \(separator)

      """
    if let body = post.body {
      text += body
      if !body.hasSuffix("\n") { text += "\n" }
    }
    return text
  }

  /// Reads the edited file back. - Throws: `MemoError` `.badData` (65) when it lost its shape.
  static func parse(_ text: String, originalBody: String?) throws -> NewPost {
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
        if line.trimmingWhitespaceSubstring().isEmpty { continue }
        throw MemoError(
          code: .badData, message: "the edited file has a line that is not 'field: value': \(line); nothing was changed")
      }
      let key = String(line[..<colon]).trimmingWhitespace().lowercased()
      guard ["title", "author", "source"].contains(key) else {
        throw MemoError(
          code: .badData, message: "the edited file has an unknown field '\(key)' (title, author, source); nothing was changed")
      }
      fields[key] = String(line[line.index(after: colon)...]).trimmingWhitespace()
    }
    guard sawSeparator else {
      throw MemoError(
        code: .badData, message: "the edited file lost its '---' line between fields and body; nothing was changed")
    }
    var body = String(rest)
    // The file always ends the body with a newline; keep the stored body's own ending.
    if body.hasSuffix("\n") && !(originalBody ?? "").hasSuffix("\n") { body.removeLast() }
    return NewPost(
      title: fields["title"] ?? "", author: fields["author"].flatMap { $0.isEmpty ? nil : $0 },
      body: body.isEmpty ? nil : body, source: fields["source"].flatMap { $0.isEmpty ? nil : $0 })
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
}

extension Substring {
  func trimmingWhitespaceSubstring() -> String { String(self).trimmingWhitespace() }
}
