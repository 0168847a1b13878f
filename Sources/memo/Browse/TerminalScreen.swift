import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

// The state a signal handler needs: set once before the handlers are installed, then only read
// (async-signal-safe: no allocation, no locks, in the handlers).
nonisolated(unsafe) private var savedTermios = termios()
nonisolated(unsafe) private var isRaw: Int32 = 0
nonisolated(unsafe) private var wakeFD: Int32 = -1
nonisolated(unsafe) private var pendingSignal: Int32 = 0

/// What undoes `TerminalScreen.enter()`: attributes reset, line wrap, bracketed paste off,
/// cursor, main screen.
private let leaveSequence: [UInt8] = Array(
  "\u{1B}[0m\u{1B}[?7h\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l".utf8)

/// Puts the terminal back as it was. Safe in a signal handler: write(2) and tcsetattr(3).
private func restoreTerminal() {
  guard isRaw != 0 else { return }
  isRaw = 0
  leaveSequence.withUnsafeBytes { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
  _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTermios)
}

/// The terminal in full-screen mode: raw input, the alternate screen, no line wrap, bracketed
/// paste (a paste comes between `ESC [200~` and `ESC [201~`, so it is told from typing); lines
/// drawn only where they changed. The only code that talks to the terminal; whatever ends the
/// program (q, Ctrl-C, SIGTERM, SIGHUP, a crash) gives the terminal back as it was.
final class TerminalScreen {
  private var drawn: [BrowseLine] = []
  private var drawnSize = (width: 0, height: 0)
  private let useColor: Bool
  private var pipe: [Int32] = [-1, -1]

  init(useColor: Bool) {
    self.useColor = useColor
  }

  /// The window's size (80×24 if the terminal does not say).
  static func size() -> (width: Int, height: Int) {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
      return (Int(size.ws_col), Int(size.ws_row))
    }
    return (80, 24)
  }

  /// Raw mode and the alternate screen, with the handlers that undo them.
  func enter() throws {
    guard tcgetattr(STDIN_FILENO, &savedTermios) == 0 else {
      throw MemoError.terminalSetUp()
    }
    _ = Glibc.pipe(&pipe)
    for fd in pipe { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    wakeFD = pipe[1]
    try makeRaw()
    installHandlers()
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h\u{1B}[H\u{1B}[2J")
  }

  /// Raw input (the attributes saved by `enter()`, changed).
  private func makeRaw() throws {
    var raw = savedTermios
    raw.c_iflag &= ~tcflag_t(ICRNL | IXON | BRKINT | INPCK | ISTRIP)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
    // Ctrl-C still sends SIGINT (handled below); Ctrl-Z would stop memo with the terminal
    // raw, so it is switched off.
    raw.c_cc.6 = 1  // VMIN
    raw.c_cc.5 = 0  // VTIME
    raw.c_cc.10 = 0  // VSUSP (_POSIX_VDISABLE)
    isRaw = 1
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      isRaw = 0
      throw MemoError.terminalSetUp()
    }
  }

  /// Gives the terminal back. Idempotent.
  func leave() {
    restoreTerminal()
  }

  /// Hands the terminal to another program (`$EDITOR`): the main screen, the saved modes.
  func suspend() {
    restoreTerminal()
  }

  /// Takes the terminal back after `suspend()`: raw again, the alternate screen, and the next
  /// frame drawn whole.
  func resume() throws {
    try makeRaw()
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h\u{1B}[H\u{1B}[2J")
    drawn = []
    drawnSize = (0, 0)
  }

  private func installHandlers() {
    // Ending signals: the main loop sees the flag (woken through the pipe), leaves the screen
    // and exits 128 + the signal. Faults: restore at once, then die as the signal says.
    for sig in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH] {
      signal(sig) { sig in
        if sig != SIGWINCH { pendingSignal = sig }
        var byte: UInt8 = UInt8(truncatingIfNeeded: sig)
        _ = Glibc.write(wakeFD, &byte, 1)
      }
    }
    for sig in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
      signal(sig) { sig in
        restoreTerminal()
        signal(sig, SIG_DFL)
        raise(sig)
      }
    }
  }

  /// The signal that asks memo to end (0: none).
  var endingSignal: Int32 { pendingSignal }

  enum Event {
    case input([UInt8])
    case resize
    case timeout
    case signal
  }

  /// Waits up to `milliseconds` for input or a signal.
  func wait(milliseconds: Int32) -> Event {
    var fds = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: pipe[0], events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&fds, 2, milliseconds)
    if ready <= 0 { return pendingSignal != 0 ? .signal : .timeout }
    if fds[1].revents != 0 {
      var bytes = [UInt8](repeating: 0, count: 64)
      _ = read(pipe[0], &bytes, 64)
      return pendingSignal != 0 ? .signal : .resize
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(STDIN_FILENO, &buffer, buffer.count)
    if count <= 0 { return .signal }  // the terminal went away
    return .input(Array(buffer[0..<count]))
  }

  /// Draws the frame: only the lines that changed, all of them after a resize.
  func draw(_ frame: BrowseFrame, width: Int, height: Int) {
    var out = ""
    if drawnSize != (width, height) {
      out += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
      drawn = []
      drawnSize = (width, height)
    }
    for (row, line) in frame.lines.enumerated() {
      if row < drawn.count, drawn[row] == line { continue }
      out += "\u{1B}[\(row + 1);1H\u{1B}[2K" + styled(line, width: width)
    }
    drawn = frame.lines
    if let caret = frame.caret {
      out += "\u{1B}[\(caret.row + 1);\(caret.column + 1)H\u{1B}[?25h"
    } else {
      out += "\u{1B}[?25l"
    }
    write(out)
  }

  /// The line with its attributes: reverse video for the header, footer and the cursor's row
  /// when colour is on; none at all when it is off (NO_COLOR, --color never).
  func styled(_ line: BrowseLine, width: Int) -> String {
    guard useColor else { return line.text }
    switch line.style {
    case .body:
      guard line.text.contains("★") else { return line.text }
      return line.text.replacing("★", with: "\u{1B}[33m★\u{1B}[39m")
    case .header, .footer, .selected:
      let padding = String(repeating: " ", count: max(0, width - DisplayWidth.of(line.text)))
      let attribute = line.style == .selected ? "\u{1B}[7m" : "\u{1B}[1;7m"
      return attribute + line.text + padding + "\u{1B}[0m"
    }
  }

  func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let n = Glibc.write(STDOUT_FILENO, base + offset, bytes.count - offset)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return }
        offset += n
      }
    }
  }
}

extension MemoError {
  static func terminalSetUp() -> MemoError {
    MemoError(
      code: .io,
      message:
        "cannot put the terminal in full-screen mode (tcsetattr failed); check that TERM names a real terminal"
    )
  }
}
