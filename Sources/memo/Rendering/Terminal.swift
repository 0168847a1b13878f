#if canImport(Glibc)
  import Glibc
#endif

/// Facts about the terminal memo talks to.
enum Terminal {
  /// The width of the terminal on stdout, from the tty (or $COLUMNS).
  static func width() -> Int? {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    if let columns = Environment.get("COLUMNS"), let value = Int(columns), value > 0 {
      return value
    }
    // A terminal that reports no size (a bare pty: 0 × 0) is taken as 80 columns, as ls does:
    // unlimited, a 1 MB title made a 1 MB line.
    return isatty(STDOUT_FILENO) == 1 ? 80 : nil
  }

  static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
  static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  static func fileExists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }
}
