import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("an export ended by a signal leaves no temporary file (SPEC §5)", .serialized)
struct InterruptedExportTests {
  /// A database whose export takes seconds (a debug binary), so it is caught mid-way.
  static func bigBox() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.add("seed")
    try box.execute(
      """
      DELETE FROM posts;
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
      INSERT INTO posts (id, uuid, title, body, created_at, updated_at)
      SELECT i, printf('00000000-0000-0000-0000-%012d', i), 'Book ' || i,
             'Text of the book, long enough to take a while. ' || i,
             '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z' FROM n;
      """)
    return box
  }

  /// Starts memo as a shell would: no signal blocked (Foundation's `Process`, started from a
  /// test's thread, passes on that thread's mask, in which SIGTERM and SIGINT are blocked).
  static func spawn(_ arguments: [String], environment: [String: String]) throws -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([Sandbox.binary] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, Sandbox.binary, &actions, &attributes, argv, envp)
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
    return pid
  }

  func entries(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  @Test("SIGTERM or SIGINT mid-export: the temporary file is removed, the previous file kept, memo dies of the signal", arguments: [SIGTERM, SIGINT])
  func signalled(_ signal: Int32) throws {
    let box = try Self.bigBox()
    let target = box.root + "/out/backup.jsonl"
    try FileManager.default.createDirectory(
      atPath: box.root + "/out", withIntermediateDirectories: true)
    try "previous\n".write(toFile: target, atomically: true, encoding: .utf8)
    let pid = try Self.spawn(
      ["export", "--format", "jsonl", "--output", target], environment: box.environment)
    let temporary = ".backup.jsonl.memo-tmp-\(pid)"
    func isRunning() -> Bool { waitpid(pid, nil, WNOHANG) == 0 }
    // Until the temporary file has its first rows (a megabyte) in it.
    var size = 0
    while isRunning() && size == 0 {
      size = ((try? FileManager.default.attributesOfItem(atPath: box.root + "/out/" + temporary))?[
        .size] as? Int) ?? 0
      usleep(2_000)
    }
    #expect(isRunning(), "the export ended before it could be interrupted")
    #expect(entries(box.root + "/out") == [temporary, "backup.jsonl"])
    kill(pid, signal)
    var status: Int32 = 0
    #expect(waitpid(pid, &status, 0) == pid)
    // Died of the signal (WIFSIGNALED, WTERMSIG), as the shell expects of Ctrl-C.
    #expect(status & 0x7f == signal)
    #expect(entries(box.root + "/out") == ["backup.jsonl"])
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "previous\n")
    // The database is as it was.
    #expect(try box.rows("SELECT count(*) FROM posts") == [["100000"]])
  }

  @Test("a temporary file SIGKILL left (its process gone) goes with the next export; a live process's stays")
  func killedHard() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let folder = box.root + "/out"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // A pid no process has (above the kernel's pid_max), and this test's own (alive).
    let stale = ".backup.json.memo-tmp-99999999"
    let live = ".backup.json.memo-tmp-\(getpid())"
    for name in [stale, live] {
      try "half".write(toFile: folder + "/" + name, atomically: false, encoding: .utf8)
    }
    let result = try box.run(["export", "--output", folder + "/backup.json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(entries(folder) == [live, "backup.json"])
  }
}
