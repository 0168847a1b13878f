import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the system `git` in the sync repository, as a subprocess (posix_spawnp, waitpid):
/// memo has no git or network code of its own, and git brings the user's configuration,
/// remotes and credentials. Output goes to temporary files, so neither stream can fill a pipe
/// and stall git.
struct Git {
  /// The repository folder (`git -C`).
  let directory: String

  /// What one git command did.
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    var isSuccess: Bool { status == 0 }
    /// git's first line on stderr that names the cause ("fatal: '/media/usb/memo.git' does
    /// not appear to be a git repository"), for a one-line message: the first fatal:, error:
    /// or ssh: line, else the first line.
    var cause: String {
      let lines = stderr.split(separator: "\n").map { String($0).trimmingWhitespace() }
        .filter { !$0.isEmpty }
      return lines.first { $0.hasPrefix("fatal:") || $0.hasPrefix("error:") || $0.hasPrefix("ssh:") }
        ?? lines.first ?? "exit status \(status)"
    }
    /// git's last line on stderr, for a one-line message.
    var lastError: String {
      stderr.split(separator: "\n").last.map { String($0).trimmingWhitespace() }
        ?? "exit status \(status)"
    }
  }

  /// Runs `git -C directory ARGS` with memo's own identity for the commits it makes (a machine
  /// with no identity configured, as in CI, can sync).
  /// - Throws: `.unavailable` (69) when git cannot be started (not on PATH).
  /// - Parameter environment: more `NAME=value` entries for git's environment.
  func run(_ arguments: [String], input: String? = nil, environment: [String] = []) throws
    -> Result
  {
    let full =
      [
        "git", "-C", directory, "-c", "user.name=memo", "-c", "user.email=memo@localhost",
        "-c", "commit.gpgsign=false", "-c", "core.quotepath=off", "-c", "maintenance.auto=false",
      ]
      + arguments
    return try Self.spawn(full, input: input, environment: environment)
  }

  /// Runs `run` and throws unless git succeeded.
  /// - Throws: `.io` (74) naming the command and git's message.
  @discardableResult
  func check(_ arguments: [String], input: String? = nil, environment: [String] = []) throws
    -> Result
  {
    let result = try run(arguments, input: input, environment: environment)
    guard result.isSuccess else {
      throw MemoError(
        code: .io,
        message:
          "git \(arguments.first ?? "") failed in \(directory): \(result.lastError); 'memo sync' again retries"
      )
    }
    return result
  }

  /// Runs one git process. Its stdin, stdout and stderr are three unlinked temporary files
  /// of its own (three mkostemp calls cost microseconds against git's milliseconds), so
  /// two threads can run git at once, as the tests do, without reading each other's output.
  static func spawn(_ arguments: [String], input: String?, environment extra: [String] = [])
    throws -> Result
  {
    let stdin = try TemporaryFile()
    let out = try TemporaryFile()
    let err = try TemporaryFile()
    if let input { try stdin.write(input) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdin.fd, 0)
    posix_spawn_file_actions_adddup2(&actions, out.fd, 1)
    posix_spawn_file_actions_adddup2(&actions, err.fd, 2)
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // git must never wait for a password on a terminal nobody watches (cron): it fails instead.
    var environment: [UnsafeMutablePointer<CChar>?] = []
    var index = 0
    while let entry = environ[index] {
      environment.append(strdup(entry))
      index += 1
    }
    for entry in ["GIT_TERMINAL_PROMPT=0", "LC_ALL=C"] + extra { environment.append(strdup(entry)) }
    environment.append(nil)
    defer { for pointer in environment { free(pointer) } }
    lseek(stdin.fd, 0, SEEK_SET)
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, "git", &actions, nil, argv, environment)
    guard spawned == 0 else {
      throw MemoError(
        code: .unavailable,
        message:
          "cannot run git (\(String(cString: strerror(spawned)))): memo sync needs git on PATH; install it (e.g. apt install git) and try again"
      )
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS, which do not import: the low 7 bits are the signal, if any.
    let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return Result(status: code, stdout: try out.readAll(), stderr: try err.readAll())
  }
}

/// An unlinked temporary file: a descriptor only, gone when closed.
final class TemporaryFile {
  let fd: Int32

  init() throws {
    let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array((folder + "/memo-git-XXXXXX").utf8CString)
    fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else {
      throw MemoError(
        code: .io,
        message: "cannot make a temporary file in \(folder): \(String(cString: strerror(errno)))")
    }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    // Close-on-exec: a git started by another thread must not inherit it (the child's own
    // stdin, stdout and stderr are dup2 copies, which do not carry the flag).
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
  }

  deinit { close(fd) }

  func write(_ text: String) throws {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes {
        Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw MemoError(
          code: .io, message: "cannot write a temporary file: \(String(cString: strerror(errno)))")
      }
      offset += written
    }
  }

  func readAll() throws -> String {
    String(decoding: try Self.read(fd, name: "git's output"), as: UTF8.self)
  }

  /// The whole of a small file, read into one buffer sized by fstat(2).
  /// - Throws: `.io` (74), or `.noInput` (66) for a file that cannot be opened.
  static func read(path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw MemoError(
        code: .noInput, message: "cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    return try read(fd, name: path)
  }

  static func read(_ fd: Int32, name: String) throws -> [UInt8] {
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw MemoError(
        code: .io, message: "cannot read \(name): \(String(cString: strerror(errno)))")
    }
    let size = Int(info.st_size)
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      count = 0
      while count < size {
        let got = pread(fd, buffer.baseAddress! + count, size - count, off_t(count))
        if got < 0 && errno == EINTR { continue }
        if got < 0 { failure = errno }
        if got <= 0 { break }
        count += got
      }
    }
    guard failure == 0 else {
      throw MemoError(
        code: .io, message: "cannot read \(name): \(String(cString: strerror(failure)))")
    }
    return bytes
  }

}
