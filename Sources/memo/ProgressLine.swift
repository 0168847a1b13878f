import MemoCore
import MemoStorage

#if canImport(Glibc)
  import Glibc
#endif

extension Context {
  /// A progress line on stderr for long work, when stderr is a terminal and not --quiet:
  /// `importing: 120,000 records · 41,200/s · 3 s left`, redrawn in place (at most ten times
  /// a second, from half a second on) and erased when the work ends. Nil otherwise: nothing
  /// is drawn into a file, a pipe or a log.
  /// - Parameter counting: false for work measured only in time (`checking the database: 3 s`).
  func progressMeter(_ verb: String, counting: Bool = true) -> ProgressMeter? {
    Self.progressMeter(verb, counting: counting, isQuiet: isQuiet)
  }

  static func progressMeter(_ verb: String, counting: Bool = true, isQuiet: Bool)
    -> ProgressMeter?
  {
    guard !isQuiet, isatty(STDERR_FILENO) == 1 else { return nil }
    // Ctrl-C or a kill mid-way: the line is erased before memo dies of the signal, so the
    // shell's next prompt does not start after "…1,646/s", and an export's temporary file is
    // removed.
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      Glibc.signal(signal) { number in
        // A static string: nothing allocated in a signal handler.
        let erase: StaticString = "\r\u{1B}[K"
        _ = Glibc.write(STDERR_FILENO, erase.utf8Start, erase.utf8CodeUnitCount)
        // An export's temporary file goes too (this handler replaces `TemporaryFiles`' one).
        TemporaryFiles.removeAll()
        Glibc.signal(number, SIG_DFL)
        raise(number)
      }
    }
    return ProgressMeter(
      report: { done, total, elapsed in
        Diagnostics.write(
          "\r\u{1B}[K"
            + (counting
              ? ProgressLine.text(verb, done, total, elapsed)
              : "\(verb): \(ProgressLine.duration(elapsed))"))
      },
      erase: { Diagnostics.write("\r\u{1B}[K") })
  }
}

/// The words of a progress line.
enum ProgressLine {
  static func text(_ verb: String, _ done: Int, _ total: Int?, _ elapsed: Double) -> String {
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    var text = "\(verb): \(grouped(done))"
    if let total, total > 0 { text += " of \(grouped(total))" }
    text += done == 1 ? " record" : " records"
    text += " · \(grouped(Int(rate)))/s"
    if let total, total > done, rate > 0 {
      text += " · \(duration(Double(total - done) / rate)) left"
    }
    return text
  }

  /// 1234567 → "1,234,567".
  static func grouped(_ number: Int) -> String { MemoCore.grouped(number) }

  /// 4 → "4 s", 75 → "1 min 15 s".
  static func duration(_ seconds: Double) -> String {
    let whole = max(1, Int(seconds.rounded(.up)))
    return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
  }
}
