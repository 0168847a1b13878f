/// Where the database lives and why (SPEC §2): `--db`, else `$MEMO_DB`, else
/// `$XDG_DATA_HOME/memo/memo.db`, else `~/.local/share/memo/memo.db`.
public struct DatabaseLocation: Equatable, Sendable {
  /// What chose the path, for `memo db path` and for error messages.
  public enum Reason: String, Sendable {
    case flag = "--db"
    case environment = "$MEMO_DB"
    case xdgDataHome = "$XDG_DATA_HOME"
    case home = "default"
  }

  public var path: String
  public var reason: Reason

  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// Resolves the location from the `--db` flag and the environment.
  /// - Throws: `MemoError` `.usage` when `--db` is empty or `-` (so is `$MEMO_DB`), or no rule
  ///   gives a path (no HOME).
  public static func resolve(flag: String?, environment: [String: String]) throws
    -> DatabaseLocation
  {
    if let flag {
      // `--db "$DB"` with DB unset: never the user's default database behind their back.
      guard !flag.isEmpty else {
        throw MemoError.usage(
          "--db is empty; name a database file, or leave --db out for the default ('memo db path' shows it)"
        )
      }
      try refuseStdin(flag, "--db")
      return DatabaseLocation(path: flag, reason: .flag)
    }
    if let env = environment["MEMO_DB"], !env.isEmpty {
      try refuseStdin(env, "MEMO_DB")
      return DatabaseLocation(path: env, reason: .environment)
    }
    // XDG Base Directory: a relative XDG_DATA_HOME is invalid and must be ignored.
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return DatabaseLocation(path: join(xdg, "memo/memo.db"), reason: .xdgDataHome)
    }
    if let home = environment["HOME"], !home.isEmpty {
      return DatabaseLocation(path: join(home, ".local/share/memo/memo.db"), reason: .home)
    }
    throw MemoError.usage(
      "cannot find the database: HOME is not set; pass --db PATH or set MEMO_DB")
  }

  /// `-` means stdin or stdout to every other memo option; a database is a file SQLite opens by
  /// name, so `-` would quietly make a file called `-` in the current folder. Refused, as
  /// `sqlite3 -` refuses it (an unknown option); `./-` names such a file.
  static func refuseStdin(_ path: String, _ source: String) throws {
    guard path == "-" else { return }
    throw MemoError.usage(
      "\(source) is '-': a database cannot be read from stdin; name a database file (./- for a file called '-')"
    )
  }

  static func join(_ folder: String, _ rest: String) -> String {
    folder.hasSuffix("/") ? folder + rest : folder + "/" + rest
  }
}
