import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The git and file side of `memo sync`: compaction, the local repository, the outbox, and
/// the helpers that name files, folders and errors.
extension SyncEngine {
  /// Folds this device's change files into one snapshot: the latest version of every record
  /// whose content is this device's. Other devices skip what they applied already (their
  /// `seen_hlc`) and apply the rest.
  /// - Returns: how many files it folded, and how many changes in them were not pushed yet.
  func compact(device: String) throws -> (files: Int, unpushed: Int) {
    let listed = try git.check(["ls-files", "-z", "--", "devices/" + device]).stdout
    let own = listed.split(separator: "\0").map { String($0.split(separator: "/").last ?? "") }
      .filter { $0.hasSuffix(".jsonl") }
    return try database.inTransaction {
      // Files stamped but not pushed are in the snapshot too.
      let unpushed = try outbox().filter { $0.name.hasPrefix("changes-") && !$0.content.isEmpty }
      let pending = unpushed.map(\.name)
      // Every record holding a value this device set: the record's version, or a field's.
      let statement = try database.cachedStatement(
        sql: """
          SELECT kind, key FROM sync_versions WHERE device = ?1
          UNION SELECT kind, key FROM sync_fields WHERE device = ?1
          """)
      defer { statement.reset() }
      try statement.bind(device, at: 1)
      var records: [(SyncChange.Kind, String)] = []
      while try statement.step() {
        guard let kind = SyncChange.Kind(rawValue: statement.string(0)) else { continue }
        records.append((kind, statement.string(1)))
      }
      statement.reset()
      var lines: [(SyncVersion, String)] = []
      for (kind, key) in records {
        guard let held = try store.version(kind, key) else { continue }
        let stamps = try store.fieldStamps(kind, key, held: held.version)
        // The line is this device's: its latest stamp in the record. Other devices merge it
        // field by field, as a change that sets nothing (no conflicts).
        guard
          let version = held.version.device == device
            ? held.version : stamps.values.filter({ $0.device == device }).max()
        else { continue }
        let row = try store.image(kind, key)
        lines.append(
          (
            version,
            SyncChange.encode(
              kind: kind, key: key, version: version,
              base: held.version.device == device ? held.base : nil,
              row: row, stamps: stamps, changed: [:],
              importKey: row == nil ? try store.goneImportKey(kind, key) : nil)
          ))
      }
      let sorted = lines.sorted { $0.0 < $1.0 }.map(\.1)
      for name in Set(own + pending) { try addToOutbox(name, "") }
      if !sorted.isEmpty {
        try addToOutbox(try nextFileName("snapshot"), sorted.joined(separator: "\n") + "\n")
      }
      return (
        Set(own + pending).count,
        unpushed.reduce(0) { $0 + Self.lineCount($1.content) }
      )
    }
  }

  // MARK: - The git side of a round

  func settings() throws -> (device: String, remote: String) {
    guard let device = try store.setting("device_id"), let remote = try store.setting("remote")
    else {
      throw MemoError(
        code: .usage,
        message:
          "sync is not set up for this database; run 'memo sync init REMOTE' first (REMOTE: a git repository, e.g. /media/usb/memo.git)"
      )
    }
    return (device, remote)
  }

  /// Makes the local repository if it is missing (first round, or removed by hand: the
  /// database holds everything it needs).
  func prepareRepository(remote: String) throws {
    var info = stat()
    if stat(request.repository + "/.git", &info) == 0 {
      // Its origin is the remote the database names (a check of another left it elsewhere).
      let url = try git.run(["remote", "get-url", "origin"])
      if url.isSuccess && url.stdout.trimmingWhitespace() == remote { return }
      _ = try git.run(["remote", "remove", "origin"])
      try git.check(["remote", "add", "origin", remote])
      return
    }
    try Self.makeFolder(request.repository)
    try git.check(["init", "-q", "-b", "main"])
    try git.check(["remote", "add", "origin", remote])
  }

  /// Whether `path` (in a remote's tree) is a file memo writes: devices/<id>/device.json or
  /// devices/<id>/<name>.jsonl.
  static func isMemoFile(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    return parts.count == 3 && parts[0] == "devices" && !parts[1].isEmpty
      && (parts[2] == "device.json" || (parts[2].hasSuffix(".jsonl") && parts[2].count > 6))
  }

  /// Checks a remote before memo syncs through it (`sync init`, `sync remote URL`): it must
  /// answer, and be empty or hold only files memo writes. Changes nothing in the database.
  /// - Parameter command: what to run again once the remote answers (`memo sync init REMOTE`).
  /// - Throws: `.unavailable` (69) when it cannot be reached; `.badData` (65) naming a file
  ///   memo did not write.
  func checkRemote(_ remote: String, command: String) throws {
    let probe = try Git.spawn(["git", "ls-remote", "--", remote], input: nil)
    guard probe.isSuccess else { throw Self.unreachable(remote, probe, setUp: command) }
    if probe.stdout.trimmingWhitespace().isEmpty { return }
    try prepareRepository(remote: remote)
    let fetched = try git.run(Self.fetch)
    guard fetched.isSuccess else { throw Self.unreachable(remote, fetched, setUp: command) }
    let refs = try git.check([
      "for-each-ref", "--format=%(refname)", "refs/remotes/origin/",
    ]).stdout.split(separator: "\n").map(String.init).filter { !$0.hasSuffix("/HEAD") }
    for ref in refs {
      let listed = try git.check(["ls-tree", "-r", "-z", "--name-only", ref]).stdout
      for path in listed.split(separator: "\0").map(String.init) where !Self.isMemoFile(path) {
        let branch = ref.dropFirst("refs/remotes/origin/".count)
        throw MemoError(
          code: .badData,
          message:
            "\(remote) holds \(path) (branch \(branch)), which memo did not write: memo syncs only through an empty repository or one it set up; make one with 'git init --bare PATH' and give that. Nothing was changed"
        )
      }
    }
  }

  /// Points a fresh bare remote on this machine at the branch memo pushes, so that a
  /// `git clone` of it checks out main instead of warning about a missing master.
  func pointRemoteHead(_ remote: String) {
    let folder = remote.hasPrefix("file://") ? String(remote.dropFirst(7)) : remote
    guard folder.hasPrefix("/") else { return }
    let head = try? Git.spawn(
      ["git", "--git-dir=" + folder, "symbolic-ref", "-q", "HEAD"], input: nil)
    guard let head, head.isSuccess, head.stdout.trimmingWhitespace() != "refs/heads/main"
    else { return }
    let target = try? Git.spawn(
      ["git", "--git-dir=" + folder, "rev-parse", "-q", "--verify", "HEAD"], input: nil)
    guard target?.isSuccess == false else { return }
    _ = try? Git.spawn(
      ["git", "--git-dir=" + folder, "symbolic-ref", "HEAD", "refs/heads/main"], input: nil)
  }

  /// The commit the remote's main branch was at when last fetched ("" for none).
  func remoteHead() throws -> String {
    let result = try git.run(["rev-parse", "-q", "--verify", "refs/remotes/origin/main"])
    return result.isSuccess ? result.stdout : ""
  }

  /// Puts the work tree at exactly what the remote holds (or nothing, for an empty remote):
  /// what a killed round left behind goes; the outbox brings back what was not pushed.
  func checkOutRemote() throws {
    if try git.run(["rev-parse", "-q", "--verify", "refs/remotes/origin/main"]).isSuccess {
      try git.check(["checkout", "-q", "-f", "-B", "main", "refs/remotes/origin/main"])
    } else if try git.run(["rev-parse", "-q", "--verify", "HEAD"]).isSuccess {
      try git.check(["update-ref", "-d", "refs/heads/main"])
      try git.check(["read-tree", "--empty"])
    }
    try git.check(["clean", "-q", "-f", "-d", "-x"])
  }

  /// Writes the outbox into this device's folder and commits it.
  /// - Returns: whether there was anything new to commit.
  func commit(_ outbox: [(name: String, content: String)], device: String) throws -> Bool {
    guard !outbox.isEmpty else { return false }
    let folder = request.repository + "/devices/" + device
    try Self.makeFolder(folder)
    for (name, content) in outbox {
      let path = folder + "/" + name
      // A change file on the remote is never rewritten (`checkOwnFolder` says so first).
      if name.hasSuffix(".jsonl"), !content.isEmpty,
        let there = try? TemporaryFile.read(path: path),
        there != Array(content.utf8)
      {
        throw Self.behind(path: "devices/\(device)/\(name)", device: device)
      }
      if content.isEmpty {
        unlink(path)
      } else {
        let file = try OutputFile(path: path)
        try file.write(content)
        try file.commit()
      }
    }
    // Plumbing on an index of its own, made from the commit checked out: the work tree's
    // index was written in the second the check-out wrote the remote's files, so git takes
    // them for racily clean and reads every one again to write it (`git add` read a change
    // file of 96 MB again, a third of a second, at every round after one brought it). This
    // index holds no file times: only the outbox's files are read.
    let index = ["GIT_INDEX_FILE=" + request.repository + "/.git/memo-index"]
    let parent = try git.run(["read-tree", "HEAD"], environment: index).isSuccess
    if !parent { try git.check(["read-tree", "--empty"], environment: index) }
    try git.check(
      ["update-index", "--add", "--remove", "--"] + outbox.map { "devices/\(device)/\($0.name)" },
      environment: index)
    if try git.run(["diff", "--cached", "--quiet"], environment: index).isSuccess { return false }
    let tree = try git.check(["write-tree"], environment: index).stdout.trimmingWhitespace()
    let names = outbox.map(\.name).joined(separator: ", ")
    let commit = try git.check(
      ["commit-tree", tree, "-m", "memo sync: \(device) \(names)"] + (parent ? ["-p", "HEAD"] : [])
    ).stdout.trimmingWhitespace()
    try git.check(["update-ref", "HEAD", commit])
    return true
  }

  func outbox() throws -> [(name: String, content: String)] {
    let statement = try database.cachedStatement(
      sql: "SELECT name, content FROM sync_outbox ORDER BY name")
    defer { statement.reset() }
    var files: [(name: String, content: String)] = []
    while try statement.step() { files.append((statement.string(0), statement.string(1))) }
    return files
  }

  func addToOutbox(_ name: String, _ content: String) throws {
    let statement = try database.cachedStatement(
      sql: """
        INSERT INTO sync_outbox (name, content) VALUES (?, ?)
        ON CONFLICT (name) DO UPDATE SET content = excluded.content
        """)
    try statement.bind(name, at: 1)
    try statement.bind(content, at: 2)
    try statement.execute()
  }

  /// Forgets outbox files the remote now holds.
  func clear(_ files: [(name: String, content: String)]) throws {
    guard !files.isEmpty else { return }
    try database.inTransaction {
      let statement = try database.cachedStatement(
        sql: "DELETE FROM sync_outbox WHERE name = ? AND content = ?")
      for (name, content) in files {
        statement.reset()
        try statement.bind(name, at: 1)
        try statement.bind(content, at: 2)
        try statement.execute()
      }
    }
  }

  func nextFileName(_ prefix: String) throws -> String {
    let number = max(1, try store.number("next_file"))
    try store.setSetting("next_file", String(number + 1))
    var digits = String(number)
    while digits.count < 8 { digits = "0" + digits }
    return "\(prefix)-\(digits).jsonl"
  }

  // MARK: - Helpers

  /// The lines of a change file (each ends with a line break), counted on bytes.
  static func lineCount(_ text: String) -> Int {
    text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
  }

  /// One round at a time per sync repository: an exclusive flock(2) on a file in it, which
  /// the kernel releases when the process ends however it ends. Holding it, memo knows the
  /// git lock files it finds were left by a round that was killed, and removes them.
  struct RoundLock {
    let fd: Int32

    init(repository: String) throws {
      fd = open(repository + "/.git/memo-round.lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
      guard fd >= 0 else {
        throw MemoError(
          code: .io,
          message:
            "cannot open \(repository)/.git/memo-round.lock: \(String(cString: strerror(errno)))")
      }
      while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
      for name in [
        "index.lock", "HEAD.lock", "config.lock", "packed-refs.lock", "refs/heads/main.lock",
        "refs/remotes/origin/main.lock", "FETCH_HEAD.lock", "shallow.lock",
      ] {
        unlink(repository + "/.git/" + name)
      }
    }

    func release() { close(fd) }
  }

  /// - Parameter setUp: the command that was setting the remote up (`memo sync init REMOTE`),
  ///   nil for a round: whose remote may be mistyped, and which nothing was saved by.
  static func unreachable(_ remote: String, _ result: Git.Result, setUp: String? = nil)
    -> MemoError
  {
    guard let setUp else {
      return MemoError(
        code: .unavailable,
        message:
          "cannot reach the sync remote \(remote) (git: \(result.cause)); check that it is mounted or online, then run 'memo sync' again"
      )
    }
    return MemoError(
      code: .unavailable,
      message:
        "cannot reach the sync remote \(remote) (git: \(result.cause)); nothing was changed. Check the remote's address or path (a bare repository made with 'git init --bare PATH', mounted or online), then run '\(setUp)' again"
    )
  }

  static func unreadable(_ path: String, line: Int, _ reason: String) -> MemoError {
    MemoError(
      code: .badData,
      message:
        "the sync remote's \(path) line \(line) is not a memo change (\(reason)); nothing was applied. Remove or repair that file on the remote and run 'memo sync' again"
    )
  }

  /// A local path made absolute (git resolves a relative remote from the repository folder);
  /// URLs and scp-style addresses (host:path) as they are.
  static func absolute(_ remote: String) -> String {
    if remote.contains(":") { return remote }
    return absolutePath(remote)
  }

  /// A path on this machine made absolute, from the current folder.
  static func absolutePath(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    let folder = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return folder + "/" + path
  }

  static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "device" }
    let name = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.isEmpty ? "device" : name
  }

  /// mkdir -p, with mode 0700 (notes are private, as the database's folder is).
  static func makeFolder(_ path: String) throws {
    var current = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
      current += "/" + part
      if mkdir(current, 0o700) != 0 && errno != EEXIST {
        throw MemoError(
          code: .cannotCreate,
          message: "cannot create \(current): \(String(cString: strerror(errno)))")
      }
    }
  }
}
