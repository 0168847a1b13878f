import Foundation
import Testing

/// `export --output` and `db backup` on what a path can name (issue 20): symlinks are written
/// through, FIFOs, devices and /dev/fd are written to directly, the live database is refused.
@Suite("Output targets")
struct OutputTargetTests {
  func box() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--author", "Frank Herbert"])
    return box
  }

  func text(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<missing>"
  }

  func isSymlink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
  }

  func mode(_ path: String) -> mode_t {
    var info = stat()
    _ = stat(path, &info)
    return info.st_mode
  }

  @Test("a temporary file left by an export killed with SIGKILL is removed by the next export")
  func staleTemporary() throws {
    let box = try box()
    // A process that is gone: a child that has exited and been reaped.
    let gone = try box.run(["--version"])
    #expect(gone.status == 0)
    var pid: Int32 = 0
    var arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
    #expect(posix_spawn(&pid, "/bin/true", nil, nil, &arguments, nil) == 0)
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
    free(arguments[0])
    let stale = box.root + "/out.json.memo-tmp-stale"
    let left = box.root + "/.out.json.memo-tmp-\(pid)"
    let alive = box.root + "/.out.json.memo-tmp-\(getpid())"  // this test process: alive
    for path in [left, alive, stale] {
      #expect(FileManager.default.createFile(atPath: path, contents: Data("partial".utf8)))
    }
    let exported = try box.run(["export", "--output", box.root + "/out.json"])
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(!FileManager.default.fileExists(atPath: left))
    #expect(FileManager.default.fileExists(atPath: alive))
    #expect(FileManager.default.fileExists(atPath: stale))  // not memo's name: not memo's file
    #expect(text(box.root + "/out.json").contains("\"Dune\""))
  }

  @Test("a name with a line break: written, and the message stays one line")
  func lineBreakInName() throws {
    let box = try box()
    let exported = try box.run(["export", "--output", "out\nx.json"])
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(exported.stderr.hasSuffix(" to out^Jx.json\n"), "\(exported.stderr)")
    #expect(exported.stderr.split(separator: "\n").count == 1)
    #expect(text(box.root + "/out\nx.json").contains("\"Dune\""))
  }

  @Test("an absolute, a relative and a chained symlink are written through; the links stay")
  func symlinks() throws {
    let box = try box()
    try FileManager.default.createDirectory(
      atPath: box.root + "/real", withIntermediateDirectories: true)
    let file = box.root + "/real/backup.json"
    try "previous".write(toFile: file, atomically: false, encoding: .utf8)
    chmod(file, 0o640)
    symlink(file, box.root + "/absolute.json")
    symlink("real/backup.json", box.root + "/relative.json")
    symlink("relative.json", box.root + "/chain.json")
    for link in ["absolute.json", "relative.json", "chain.json"] {
      try "previous".write(toFile: file, atomically: false, encoding: .utf8)
      let result = try box.run(["export", "--output", link])
      #expect(result.status == 0, "\(link): \(result.stderr)")
      #expect(isSymlink(box.root + "/" + link), "\(link) is still a link")
      #expect(text(file).hasPrefix("{\"format\":\"memo\""), "\(link) updated the file")
      #expect(text(box.root + "/" + link) == text(file))
      #expect(mode(file) & 0o777 == 0o640, "the replaced file keeps its mode")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: box.root + "/real") == ["backup.json"])
  }

  @Test("a dangling symlink: the file it names is created, the link kept")
  func danglingSymlink() throws {
    let box = try box()
    symlink("made.json", box.root + "/dangling.json")
    let result = try box.run(["export", "--output", "dangling.json"])
    #expect(result.status == 0)
    #expect(isSymlink(box.root + "/dangling.json"))
    #expect(text(box.root + "/made.json").hasPrefix("{\"format\":\"memo\""))
    #expect(mode(box.root + "/made.json") & 0o777 == 0o600)
  }

  @Test("a FIFO is written to, with its reader getting the whole export; it stays a FIFO")
  func fifo() throws {
    let box = try box()
    let result = try box.shell(
      """
      mkfifo pipe && { cat pipe > got.json & }
      '\(Sandbox.binary)' export --output pipe; status=$?
      wait; echo "status $status"
      test -p pipe && echo "still a fifo"
      """)
    #expect(result.stdout == "status 0\nstill a fifo\n")
    #expect(text(box.root + "/got.json").hasPrefix("{\"format\":\"memo\""))
    #expect(text(box.root + "/got.json").contains("Frank Herbert"))
  }

  @Test("a device node is written to and never replaced by a file nor chmod'ed")
  func deviceNode() throws {
    let box = try box()
    let device = box.root + "/null"
    // /dev/null's numbers (1, 3); tests run as root. Without the right to mknod, the real
    // /dev/null is the device (its mode is checked the same way).
    let path = mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 ? device : "/dev/null"
    let before = mode(path)
    for arguments in [["export", "--output", path], ["db", "backup", path]] {
      let result = try box.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(mode(path) == before, "still the same character device, same mode")
    }
    #expect(mode(path) & S_IFMT == S_IFCHR)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: box.root).filter {
        $0.contains("memo-tmp")
      } == [])
  }

  @Test("/dev/fd/N from the shell (a process substitution) and /dev/stdout are written to")
  func fileDescriptors() throws {
    let box = try box()
    let result = try box.shell(
      """
      '\(Sandbox.binary)' export --output >(cat > /dev/null); echo "substitution $?"
      { '\(Sandbox.binary)' export --output /dev/fd/3 3>&1 >&2; } | cat > fd.json
      { '\(Sandbox.binary)' db backup /dev/fd/3 3>&1 >&2; } | cat > fd.db
      echo "pipes ${PIPESTATUS[0]}"
      '\(Sandbox.binary)' export --format jsonl --output /dev/stdout --quiet | head -c 17; echo
      """)
    #expect(result.stdout == "substitution 0\npipes 0\n{\"type\":\"header\",\n")
    #expect(text(box.root + "/fd.json").contains("Frank Herbert"))
    #expect(
      try box.rows("SELECT title FROM posts", database: box.root + "/fd.db") == [["Dune"]])
  }

  @Test("the database in use and its -wal/-shm/-journal, under any spelling, are refused (64)")
  func liveDatabase() throws {
    let box = try box()
    let database = box.defaultDatabase
    let folder = box.root + "/.local/share/memo"
    link(database, box.root + "/hard.db")
    symlink(database, box.root + "/soft.db")
    let spellings = [
      database, folder + "/./memo.db", folder + "/../memo/memo.db", "hard.db", "soft.db",
      ".local/share/memo/memo.db", database + "-wal", database + "-shm",
      database + "-journal", folder + "/../memo/memo.db-journal",
    ]
    for spelling in spellings {
      for arguments in [["export", "--output", spelling], ["db", "backup", spelling]] {
        let result = try box.run(arguments)
        #expect(result.status == 64, "\(arguments)")
        #expect(result.stderr.hasPrefix("memo: error: refusing to write to \(spelling): it is "))
        #expect(result.stderr.hasSuffix("your notes would be lost; choose another path\n"))
      }
    }
    #expect(try box.rows("SELECT title FROM posts") == [["Dune"]])
    #expect(!FileManager.default.fileExists(atPath: database + "-journal"))
    // Through another --db spelling too.
    let other = try box.run(["export", "--db", "soft.db", "--output", database])
    #expect(other.status == 64)
  }

  @Test("a database not created yet is protected too: export refuses its path, creates nothing")
  func databaseNotYetCreated() throws {
    let box = try Sandbox()
    let folder = box.root + "/.local/share/memo"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let result = try box.run(["export", "--output", folder + "/./memo.db"])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "memo: error: refusing to write to \(folder)/./memo.db: it is the database in use"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
  }

  @Test("db backup through a symlink replaces the file it points to, keeping its mode")
  func backupThroughSymlink() throws {
    let box = try box()
    try "previous".write(toFile: box.root + "/copy.db", atomically: false, encoding: .utf8)
    chmod(box.root + "/copy.db", 0o640)
    symlink("copy.db", box.root + "/latest.db")
    let result = try box.run(["db", "backup", "latest.db"])
    #expect(result.status == 0)
    #expect(isSymlink(box.root + "/latest.db"))
    #expect(try box.rows("SELECT title FROM posts", database: box.root + "/copy.db") == [["Dune"]])
    #expect(mode(box.root + "/copy.db") & 0o777 == 0o640)
  }

  @Test("a folder or an empty path as --output is a usage error; a symlink loop exits 73")
  func folder() throws {
    let box = try box()
    let empty = try box.run(["export", "--output", ""])
    #expect(empty.status == 64)
    #expect(
      empty.stderr == "memo: error: the output path is empty; name a file, or '-' for stdout\n")
    symlink("b", box.root + "/a")
    symlink("a", box.root + "/b")
    let loop = try box.run(["db", "backup", "a"])
    #expect(loop.status == 73)
    #expect(loop.stderr == "memo: error: cannot write a: Too many levels of symbolic links\n")
    let result = try box.run(["export", "--output", box.root])
    #expect(result.status == 64)
    #expect(result.stderr == "memo: error: \(box.root) is a folder; name a file to write to\n")
  }

  @Test("a write-protected file is not replaced by export --output or db backup (73), as the shell's > refuses it")
  func writeProtected() throws {
    let box = try box()
    // root may write anything: the commands run as nobody when the tests run as root.
    let asNobody = getuid() == 0
    let shared = box.root + "/shared"
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
    chmod(box.root, 0o755)
    chmod(shared, 0o777)
    _ = try box.succeed(["db", "backup", shared + "/memo.db"])
    chmod(shared + "/memo.db", 0o666)
    for (name, arguments) in [
      ("keep.json", ["export", "--output", shared + "/keep.json"]),
      ("keep.db", ["db", "backup", shared + "/keep.db"]),
    ] {
      let path = shared + "/" + name
      try "mine\n".write(toFile: path, atomically: false, encoding: .utf8)
      chmod(path, 0o444)
      let full = ["--db", shared + "/memo.db"] + arguments
      let result =
        asNobody
        ? try box.run(
          ["--reuid=65534", "--regid=65534", "--clear-groups", Sandbox.binary] + full,
          executable: "/usr/bin/setpriv")
        : try box.run(full)
      #expect(result.status == 73, "\(name): \(result.stderr)")
      #expect(
        result.stderr
          == "memo: error: cannot write \(path): the file is write-protected; make it writable (chmod u+w) or name another file\n"
      )
      #expect(text(path) == "mine\n")
    }
  }
}
