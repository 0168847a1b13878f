import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// Edits text in the user's editor ($VISUAL, else $EDITOR, else vi), through a temporary file
/// only the user can read. The file is removed once what it holds is saved (or it was saved
/// unchanged); a file that cannot be saved is offered for another edit on a terminal and
/// otherwise kept, its path named with the command that retries it (issue 20: an editor
/// session is never lost).
enum Editor {
  static let separator = "---"

  /// Edits `text` and saves the result with `save`, until it is saved or the user gives up.
  /// - Parameters:
  ///   - kept: a file an earlier session kept (`--from FILE`): saved as it is, no editor; it is
  ///     the user's file now, so memo never removes it.
  ///   - retry: the command that saves a kept file at the given path.
  ///   - save: parses and saves the edited text. - Returns: nil when it changes nothing.
  /// - Returns: what `save` returned; nil when the file was saved unchanged.
  /// - Throws: `save`'s `MemoError`, naming the kept file; `.io` when the editor fails.
  static func session<T>(
    _ text: String, name: String, from kept: String?, retry: (String) -> String,
    save: (String) throws -> T?
  ) throws -> T? {
    if let kept {
      var info = stat()
      if stat(kept, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
        throw MemoError(
          code: .noInput, message: "\(kept) is a folder; name the file memo kept")
      }
      guard let edited = readFile(kept) else {
        throw MemoError(
          code: .noInput,
          message:
            "cannot read \(kept): \(String(cString: strerror(errno))); name the file memo kept")
      }
      do {
        return try save(edited)
      } catch let error as MemoError {
        throw error.keeping(kept, retry: retry(kept))
      }
    }
    let path = try temporaryFile(text, name: name)
    while true {
      do {
        try runEditor(on: path)
      } catch let error as MemoError {
        // What was typed before the editor failed (vim's :cq) is kept; an untouched file is not.
        guard let edited = readFile(path), edited != text else {
          unlink(path)
          throw error
        }
        throw error.keeping(path, retry: retry(path))
      }
      guard let edited = readFile(path) else {
        throw MemoError(
          code: .io, message: "cannot read back \(path); nothing was changed; the file stays there")
      }
      if edited == text {
        unlink(path)
        return nil
      }
      // Emptied (as `git commit` takes an empty message): the edit is called off.
      if edited.trimmingWhitespace().isEmpty {
        unlink(path)
        Diagnostics.line("memo: the file was saved empty: edit cancelled")
        return nil
      }
      do {
        let saved = try save(edited)
        unlink(path)
        return saved
      } catch let error as MemoError {
        let canFix = error.code == .badData || error.code == .usage
        if canFix && Terminal.stdinIsTerminal && isatty(STDERR_FILENO) == 1 {
          Diagnostics.line("memo: error: \(error.message)")
          if askToEditAgain() { continue }
        }
        throw error.keeping(path, retry: retry(path))
      }
    }
  }

  /// "Edit again? [Y/n]", as `crontab -e` asks: yes unless the answer is no (or stdin ends).
  static func askToEditAgain() -> Bool {
    Diagnostics.write("Edit again? [Y/n] ")
    guard let answer = readLine() else {
      Diagnostics.line("")
      return false
    }
    let word = answer.trimmingWhitespace().lowercased()
    return !(word == "n" || word == "no")
  }

  /// A new file holding `text`, mode 0600, in $TMPDIR (else /tmp). - Returns: its path.
  static func temporaryFile(_ text: String, name: String) throws -> String {
    let folder = Environment.get("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(folder)/memo-\(name)-XXXXXX.txt".utf8CString)
    // A C string of at least the template's length: the buffer is never empty.
    let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
    guard fd >= 0 else {
      throw MemoError(code: .io, message: "cannot create a temporary file in \(folder); set TMPDIR")
    }
    let path = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    guard written == bytes.count else {
      unlink(path)
      throw MemoError(code: .io, message: "cannot write the temporary file \(path)")
    }
    return path
  }

  /// Runs the editor on `path`. - Throws: `MemoError` `.io` saying how the editor failed.
  static func runEditor(on path: String) throws {
    let chosen = [Environment.get("VISUAL"), Environment.get("EDITOR")]
      .compactMap { $0 }.first { !$0.trimmingWhitespace().isEmpty }
    // vi by default, but only on a terminal: off one (a script, cron, a pipe) it would draw
    // its screen into the output and wait for keys nobody types. An editor the user chose
    // runs anyway (a GUI editor needs no terminal).
    guard chosen != nil || Terminal.stdinIsTerminal else {
      throw MemoError.usage(
        "no editor to run: VISUAL and EDITOR are unset and stdin is not a terminal for vi; give the fields as flags (see --help), or --from FILE, or set VISUAL"
      )
    }
    let editor = chosen ?? "vi"
    // Like git: the editor setting is a shell command, the file its last argument.
    let status = system("\(editor) '\(path)'")
    guard status == 0 else {
      throw MemoError(
        code: .io,
        message: "the editor (\(editor)) \(Self.describe(status)); nothing was changed")
    }
  }

  // MARK: - Posts

  /// The text of `post` as the editor shows it.
  static func text(of post: Post) -> String {
    var text = """
      # Edit the post, save and quit. Lines starting with '#' above the fields are ignored.
      # Leave a field empty to clear it; the title cannot be empty.
      title: \(post.title.foldingLineBreaks())
      author: \((post.author ?? "").foldingLineBreaks())
      source: \((post.source ?? "").foldingLineBreaks())
      \(separator)

      """
    if let body = post.body { text += body.hasSuffix("\n") ? body : body + "\n" }
    return text
  }

  /// The fields of an edited post file. - Throws: `MemoError` `.badData` (65).
  static func post(from edited: String, original post: Post) throws -> NewPost {
    let (fields, body) = try parse(
      edited, fields: ["title", "author", "source"], originalBody: post.body)
    return NewPost(
      title: field(fields["title"], stored: post.title) ?? "",
      author: field(fields["author"], stored: post.author).flatMap { $0.isEmpty ? nil : $0 },
      body: body.isEmpty ? nil : body,
      source: field(fields["source"], stored: post.source).flatMap { $0.isEmpty ? nil : $0 })
  }

  /// An edited field's value; the stored one when the line is as the file showed it (a value
  /// stored with a line break, before they were folded on input, shows it as a space and is
  /// left as it is unless edited).
  static func field(_ edited: String?, stored: String?) -> String? {
    guard let stored, let edited,
      edited == stored.foldingLineBreaks().trimmingWhitespace()
    else { return edited }
    return stored
  }

  // MARK: - Questions

  /// The text of `question` as the editor shows it.
  static func text(of question: MemoCore.Question) -> String {
    """
    # Edit the question, save and quit. Leave the category empty to remove it.
    category: \(question.category ?? "")
    \(separator)
    \(question.text)

    """
  }

  /// The patch an edited question file asks for. - Throws: `MemoError` `.badData` (65).
  static func patch(from edited: String, original question: MemoCore.Question) throws
    -> QuestionPatch
  {
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
    var lineOf: [String: Int] = [:]
    var number = 0
    var rest = Substring(text)
    var sawSeparator = false
    while !rest.isEmpty {
      let end = rest.firstIndex(of: "\n") ?? rest.endIndex
      let line = rest[..<end]
      number += 1
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
      // Written twice, the later line would win unseen: which one the user meant is theirs to say.
      if let first = lineOf[key] {
        throw MemoError(
          code: .badData,
          message:
            "the edited file has the field '\(key)' twice (lines \(first) and \(number)); keep one; nothing was changed"
        )
      }
      lineOf[key] = number
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
    // The editor runs under sh, which reports an editor killed by signal N as 128 + N.
    if code > 128 && code < 128 + 65 { return "was killed by signal \(code - 128)" }
    return "exited with \(code)"
  }
}

extension MemoError {
  /// This error, saying where the text that could not be saved is kept and how to retry.
  func keeping(_ path: String, retry: String) -> MemoError {
    var kept = self
    kept.message += "; your text is kept in \(path): fix it there, then run '\(retry)'"
    return kept
  }
}

// MARK: - memo browse's E

extension Editor {
  /// Opens `post` for `memo browse`. - Returns: the edited fields, nil when saved unchanged.
  /// A file that cannot be saved is offered again, else kept and named, as by `memo edit`.
  static func edit(_ post: Post) throws -> NewPost? {
    try session(
      text(of: post), name: "post-\(post.id)", from: nil,
      retry: { "memo edit \(post.id) --from \(shellQuoted($0))" }
    ) { edited in try Editor.post(from: edited, original: post) }
  }

  /// Opens `question` for `memo browse`. - Returns: the patch, nil when saved unchanged.
  static func edit(_ question: MemoCore.Question) throws -> QuestionPatch? {
    try session(
      text(of: question), name: "question-\(question.id)", from: nil,
      retry: { "memo question edit \(question.id) --from \(shellQuoted($0))" }
    ) { edited in try Editor.patch(from: edited, original: question) }
  }
}
