import CSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One connection to a SQLite database file. Owns its prepared statements.
public final class Database {
  let handle: OpaquePointer
  /// The file path, as given (`:memory:` for an in-memory database).
  public let path: String
  private var statements: [String: Statement] = [:]
  /// The same statements by where their SQL's bytes are (`cachedStatement`).
  private var byAddress: [UInt: Statement] = [:]
  private var isClosed = false
  /// Journal entries this connection has recorded, undone, redone or pruned (set inside the
  /// transaction; a command's error rolls it back and is the command's result anyway): a
  /// command whose output then fails says its change was kept.
  public internal(set) var journaledChanges = 0
  /// Whether this connection has its TEMP triggers that keep highlights' positions exact in
  /// the journal (`ExactPositions`).
  var hasExactPositions = false
  /// The busy timeout set at open, put back after a step that waits for no one.
  private var busyTimeoutMilliseconds: Int32 = 0

  /// How long a writer waits for another process's lock before `SQLITE_BUSY` (SPEC §7).
  public static let defaultBusyTimeoutMilliseconds: Int32 = 10_000

  /// SQLite's process-wide settings, made once before the first open: no memory statistics
  /// (memo reads none; keeping them costs every allocation a mutex). SQLITE_MISUSE means
  /// SQLite was initialized already (a test process that opened a database another way):
  /// the setting is only a saving, so it is let go then.
  static let configured: Void = {
    let code = memo_sqlite3_config_memstatus_off()
    precondition(code == SQLITE_OK || code == SQLITE_MISUSE, "sqlite3_config: \(code)")
  }()

  /// Opens (and, with `create`, creates) the database at `path`, then sets it up: extended
  /// result codes, `foreign_keys=ON`, WAL, `synchronous=NORMAL`, a busy timeout, and one read
  /// so a file that is not a database fails here, clearly.
  /// - Throws: `SQLiteError`.
  public init(
    path: String, create: Bool = true, readOnly: Bool = false,
    busyTimeoutMilliseconds: Int32 = Database.defaultBusyTimeoutMilliseconds
  ) throws {
    _ = Database.configured
    var handle: OpaquePointer?
    let flags =
      (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0))
      | SQLITE_OPEN_NOMUTEX
      | SQLITE_OPEN_EXRESCODE
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let error = SQLiteError(extendedCode: code, message: errorMessage(handle, code))
      // sqlite3_open_v2 allocates a handle even when it fails; it must still be closed.
      sqlite3_close_v2(handle)
      throw error
    }
    self.handle = handle
    self.path = path
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    do {
      try check(sqlite3_busy_timeout(handle, busyTimeoutMilliseconds), on: handle)
      // DEFENSIVE: no writes to sqlite_schema or other corruption-prone tricks from SQL.
      try check(memo_sqlite3_db_config_defensive(handle, 1), on: handle)
      // memo_cjk(text): schema.sql's CJK GLOB, fast (bulk indexing, see shim.h).
      try check(memo_sqlite3_register_functions(handle), on: handle)
      try execute(sql: "PRAGMA foreign_keys = ON")
      // The trivial read: NOTADB shows up here rather than in the middle of a command.
      _ = try retryingBusy { try int(sql: "SELECT count(*) FROM sqlite_schema") }
      if path != ":memory:" && !readOnly, try needsWAL() {
        // Switching a new file to WAL writes its header under a read lock it already holds:
        // SQLite does not call the busy handler for that step (only for a lock taken from no
        // transaction), so when several processes open a new file at once, all but one got
        // SQLITE_BUSY within milliseconds. Retried here until the busy timeout.
        let mode = try retryingBusy { try text(sql: "PRAGMA journal_mode = WAL") }
        if mode?.lowercased() != "wal" {
          throw SQLiteError(
            extendedCode: SQLITE_CANTOPEN,
            message: "cannot switch to WAL (journal mode \(mode ?? "?"))")
        }
      }
      try execute(sql: "PRAGMA synchronous = NORMAL")
    } catch {
      statements.removeAll()
      byAddress.removeAll()
      sqlite3_close_v2(handle)
      isClosed = true
      throw error
    }
  }

  deinit { close() }

  /// Whether the file is to be switched to WAL: not already (memo's, every time but the
  /// first), and holding no table yet or memo's (a backup copy, in a rollback journal).
  /// Another program's database (a Kobo's KoboReader.sqlite given to --db) is left as it is:
  /// switching it rewrote its header and left -wal and -shm beside it, and memo refuses it
  /// anyway (Migrator: "not memo's").
  private func needsWAL() throws -> Bool {
    if try retryingBusy({ try text(sql: "PRAGMA journal_mode") })?.lowercased() == "wal" {
      return false
    }
    return try retryingBusy {
      try int(
        sql: """
          SELECT NOT EXISTS (SELECT 1 FROM sqlite_schema)
            OR (SELECT count(*) FROM sqlite_schema
                WHERE type = 'table' AND name IN ('posts', 'questions', 'journal_entries')) = 3
          """)
    } == 1
  }

  /// Runs `body` again while it fails with SQLITE_BUSY (any extended code), for up to the
  /// busy timeout, sleeping a little longer each time (1 ms up to 25 ms, as SQLite's own busy
  /// handler does): for the steps SQLite itself does not retry.
  func retryingBusy<T>(_ body: () throws -> T) throws -> T {
    let deadline = Database.monotonicMilliseconds() + Int64(busyTimeoutMilliseconds)
    let delays: [Int64] = [1, 2, 5, 10, 15, 20, 25]
    var attempt = 0
    while true {
      do {
        return try body()
      } catch let error as SQLiteError where error.code == SQLITE_BUSY {
        let delay = delays[min(attempt, delays.count - 1)]
        attempt += 1
        let left = deadline - Database.monotonicMilliseconds()
        guard left > 0 else { throw error }
        var pause = timespec(tv_sec: 0, tv_nsec: Int(min(delay, left)) * 1_000_000)
        _ = nanosleep(&pause, nil)
      }
    }
  }

  /// Milliseconds on the monotonic clock (never set back).
  static func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }

  /// Finalizes the cached statements and closes the connection.
  public func close() {
    guard !isClosed else { return }
    statements.removeAll()
    byAddress.removeAll()
    // close_v2 defers the close until every statement is finalized, and never reports BUSY.
    sqlite3_close_v2(handle)
    isClosed = true
  }

  // MARK: - Statements

  /// A new prepared statement, not cached (for SQL run once).
  public func makeStatement(sql: String) throws -> Statement {
    try Statement(database: self, sql: sql)
  }

  /// The prepared statement for `sql`, prepared on first use and reused after, reset and with
  /// its bindings cleared.
  ///
  /// Found first by the address of the SQL's bytes: nearly every caller passes a literal,
  /// whose bytes never move, and the statement's own SQL is then the very same string (`==`
  /// sees that at once; any other string at that address is compared, so a match is always
  /// the same SQL). Hashing the whole text of every statement at every use was 4.6% of a
  /// sync round's instructions (a few statements for each of its changes).
  public func cachedStatement(sql: String) throws -> Statement {
    var address: UInt?
    if sql.utf8.count > 15 {
      address = sql.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) }
    }
    if let address, let statement = byAddress[address], statement.sql == sql {
      statement.reset()
      return statement
    }
    let statement: Statement
    if let cached = statements[sql] {
      statement = cached
      statement.reset()
    } else {
      statement = try Statement(database: self, sql: sql)
      statements[sql] = statement
    }
    if let address {
      // SQL made at run time has a new address each time: the map is kept from growing.
      if byAddress.count > 4 * statements.count + 64 { byAddress.removeAll() }
      byAddress[address] = statement
    }
    return statement
  }

  /// Runs one or more SQL statements without parameters (e.g. the schema).
  public func executeScript(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    if code != SQLITE_OK {
      let text = message.map { String(cString: $0) } ?? errorMessage(handle, code)
      sqlite3_free(message)
      throw SQLiteError(extendedCode: sqlite3_extended_errcode(handle), message: text, sql: nil)
    }
  }

  /// Runs a single statement, ignoring any rows.
  public func execute(sql: String) throws {
    try cachedStatement(sql: sql).execute()
  }

  /// The first column of the first row as an integer, or nil when there is no row or it is
  /// NULL (read as 0, journal_context's NULL entry was put back as entry 0, and the next
  /// restore failed on its foreign key).
  public func int(sql: String) throws -> Int64? {
    let statement = try cachedStatement(sql: sql)
    defer { statement.reset() }
    return try statement.step() && !statement.isNull(0) ? statement.int64(0) : nil
  }

  /// The first column of the first row as text, or nil.
  public func text(sql: String) throws -> String? {
    let statement = try cachedStatement(sql: sql)
    defer { statement.reset() }
    return try statement.step() ? statement.text(0) : nil
  }

  /// The rowid of the last insert on this connection.
  public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// How many rows the last INSERT, UPDATE or DELETE changed.
  public var changes: Int { Int(sqlite3_changes64(handle)) }

  /// Whether no transaction is open.
  public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

  // MARK: - Transactions

  /// Runs `body` in a `BEGIN IMMEDIATE` transaction: committed if it returns, rolled back if it
  /// throws (the first error is rethrown).
  /// Runs `body` with `meter` ticking while SQLite works (every 100,000 virtual-machine steps),
  /// so one long statement — an integrity check, a migration — can still show it is alive.
  public func reportingProgress<T>(_ meter: ProgressMeter?, _ body: () throws -> T) rethrows -> T {
    guard let meter else { return try body() }
    let context = Unmanaged.passUnretained(meter).toOpaque()
    sqlite3_progress_handler(
      handle, 100_000,
      { context in
        if let context { Unmanaged<ProgressMeter>.fromOpaque(context).takeUnretainedValue().tick() }
        return 0
      }, context)
    defer {
      sqlite3_progress_handler(handle, 0, nil, nil)
      meter.finish()
    }
    return try withExtendedLifetime(meter) { try body() }
  }

  /// Runs `body` (a write transaction of its own that writes more pages than the file has:
  /// the upgrade from before highlights) with a rollback journal instead of the WAL, and a
  /// map of the file for reading, when no other connection has the file open; as it is
  /// otherwise. A rollback journal holds a copy of only those pages of the file as it was that
  /// the transaction changes: pages it adds past the old end are written once, to the file,
  /// where the WAL writes every page twice (to the WAL, then at the checkpoint). The
  /// transaction is as safe: a process killed in it leaves a hot journal, which the next
  /// connection to open the file plays back (`synchronous = FULL` meanwhile, so that a power
  /// cut cannot tear it either); the file is in WAL mode again after `body`, which a
  /// connection opened meanwhile would have put it back to itself.
  func withRollbackJournal<T>(_ body: () throws -> T) throws -> T {
    guard path != ":memory:", isAutocommit else { return try body() }
    // Leaving WAL takes an exclusive lock; another connection holding the file: stay in WAL
    // at once, without waiting for it.
    sqlite3_busy_timeout(handle, 0)
    let mode = try? text(sql: "PRAGMA journal_mode = TRUNCATE")
    sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    guard mode?.lowercased() == "truncate" else { return try body() }
    try execute(sql: "PRAGMA synchronous = FULL")
    // Reading the old file through a map: no system call and copy a page (dropping the old
    // search indexes reads every one of their pages to free it).
    try execute(sql: "PRAGMA mmap_size = 2147418112")
    defer {
      try? execute(sql: "PRAGMA mmap_size = 0")
      try? execute(sql: "PRAGMA synchronous = NORMAL")
      _ = try? text(sql: "PRAGMA journal_mode = WAL")
    }
    return try body()
  }

  /// Runs `body` with SQLite's defensive mode off (writes to an FTS5 table's shadow tables
  /// allowed), and on again after.
  func withoutDefensive<T>(_ body: () throws -> T) throws -> T {
    try check(memo_sqlite3_db_config_defensive(handle, 0), on: handle)
    defer { _ = memo_sqlite3_db_config_defensive(handle, 1) }
    return try body()
  }

  public func inTransaction<T>(_ body: () throws -> T) throws -> T {
    // IMMEDIATE: a deferred transaction that later writes can get SQLITE_BUSY without waiting
    // for the busy timeout (https://sqlite.org/lang_transaction.html).
    try execute(sql: "BEGIN IMMEDIATE")
    defer { restoreCacheSize() }
    do {
      let result = try body()
      try execute(sql: "COMMIT")
      return result
    } catch {
      if !isAutocommit { try? execute(sql: "ROLLBACK") }
      // The rollback takes back TEMP triggers made in the transaction too.
      hasExactPositions = false
      throw error
    }
  }

  /// The page cache's size before `widenCache(toKiB:mapped:)`, put back when the transaction
  /// ends; and whether the file's map is to be taken away then.
  private var cacheSizeAfterTransaction: Int64?
  private var unmapAfterTransaction = false

  /// A page cache of at least `kibibytes` (allocated as pages are used) until the
  /// transaction ends, for a statement or a loop that reads or writes more pages than
  /// SQLite's 2 MiB hold; with `mapped`, the file read through a map meanwhile (no system
  /// call and copy for each page read; the pages written still go through the cache and the
  /// WAL). Put back only after the COMMIT: made smaller while the transaction's changed pages
  /// fill it, the cache spills them to the WAL before the commit, and the commit, writing
  /// some of them again, rewrites the checksum of every frame after the first one written
  /// again (a replay at a million ratings: 10,000 more reads and writes).
  func widenCache(toKiB kibibytes: Int64, mapped: Bool = false) throws {
    let size = try int(sql: "PRAGMA cache_size") ?? -2000
    // Negative: KiB; positive: pages (of 4 KiB, memo's page size, or more).
    if size > -kibibytes, size < kibibytes / 4 {
      if cacheSizeAfterTransaction == nil { cacheSizeAfterTransaction = size }
      try execute(sql: "PRAGMA cache_size = -\(kibibytes)")
    }
    if mapped, path != ":memory:", try int(sql: "PRAGMA mmap_size") ?? 0 == 0 {
      unmapAfterTransaction = true
      // SQLite's largest (SQLITE_MAX_MMAP_SIZE), as `withRollbackJournal` maps.
      try execute(sql: "PRAGMA mmap_size = 2147418112")
    }
  }

  private func restoreCacheSize() {
    if unmapAfterTransaction {
      unmapAfterTransaction = false
      try? execute(sql: "PRAGMA mmap_size = 0")
    }
    guard let size = cacheSizeAfterTransaction else { return }
    cacheSizeAfterTransaction = nil
    try? execute(sql: "PRAGMA cache_size = \(size)")
  }

  /// Runs `body` in a read transaction, so every query sees the same snapshot.
  public func inReadTransaction<T>(_ body: () throws -> T) throws -> T {
    try execute(sql: "BEGIN DEFERRED")
    defer { if !isAutocommit { try? execute(sql: "ROLLBACK") } }
    return try body()
  }
}
