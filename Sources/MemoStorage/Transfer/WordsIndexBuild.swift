import CSQLite
import MemoCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The word index (`search_words`) made on a second thread while the migration's connection
/// does the rest of the body-quote conversion (its rows' own indexes, the change sequence, the
/// trigram and gram indexes): the most costly part of the conversion (tokenizing every passage
/// once, about a second of CPU per 100,000 quotes) then takes no time of its own on a machine
/// with two cores. The thread has its own connection to a database in memory, with the table
/// made from the same `CREATE VIRTUAL TABLE` text and settings; it is given the rows the
/// connection's `INSERT … SELECT` statements would give (`SearchRepository.rebuildIndexes`),
/// in the same order, as batches. Once done, the database is handed over whole
/// (`sqlite3_serialize`), attached to the migration's connection as `memo_words`, and the
/// finished index's tables (FTS5's shadow tables are plain tables) are copied into the new,
/// empty table's: the same rows, terms and settings as if it had been filled there.
final class WordsIndexBuild: @unchecked Sendable {
  /// The name the finished index's database is attached under.
  static let schemaName = "memo_words"

  /// A value for the index's title or text column.
  enum Text {
    case string(String)
    /// UTF-8 bytes as SQLite gave them (no repair of malformed text).
    case bytes([UInt8])
    case null
  }

  /// One row: its row id in the index, `kind`, `ref`, `title` and `text`.
  struct Row {
    var rowid: Int64
    var ref: Int64
    var title: Text
    var text: Text
  }

  /// Rows of one kind, in increasing row id.
  struct Batch {
    var kind: String
    var rows: [Row]
  }

  private let table: String
  private let createSQL: String
  private let settings: [(String, String)]
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let signal = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var queue: [Batch] = []
  private var ended = false
  private var thread: pthread_t?
  /// The finished database (sqlite3_malloc'd) and its size, or why there is none.
  private var result: Result<(UnsafeMutablePointer<UInt8>, Int64), Error>?

  /// Starts the thread.
  /// - Parameters:
  ///   - table: the index's name.
  ///   - createSQL: its `CREATE VIRTUAL TABLE` text, as in `sqlite_schema`.
  ///   - settings: its `*_config` settings (key, value), as the table's special INSERT sets them.
  init(table: String, createSQL: String, settings: [(String, String)]) throws {
    self.table = table
    self.createSQL = createSQL
    self.settings = settings
    pthread_mutex_init(lock, nil)
    pthread_cond_init(signal, nil)
    var thread = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()
    let code = pthread_create(
      &thread, nil,
      { context in
        let build = Unmanaged<WordsIndexBuild>.fromOpaque(context!).takeRetainedValue()
        build.work()
        return nil
      }, context)
    guard code == 0 else {
      Unmanaged<WordsIndexBuild>.fromOpaque(context).release()
      throw MemoError(
        code: .io, message: "cannot start a thread to index the highlights (error \(code))")
    }
    self.thread = thread
  }

  deinit {
    // The thread holds the build until it ends: this runs after, maybe on the thread itself.
    if let thread {
      if pthread_equal(thread, pthread_self()) != 0 {
        pthread_detach(thread)
      } else {
        pthread_join(thread, nil)
      }
    }
    if case .success(let (data, _)) = result { sqlite3_free(data) }
    pthread_cond_destroy(signal)
    pthread_mutex_destroy(lock)
    lock.deallocate()
    signal.deallocate()
  }

  /// Gives the thread rows to index, after those given before.
  func send(_ batch: Batch) {
    pthread_mutex_lock(lock)
    queue.append(batch)
    pthread_cond_signal(signal)
    pthread_mutex_unlock(lock)
  }

  /// Tells the thread that every batch is sent: it finishes the index and ends (a conversion
  /// that fails calls this and drops the build).
  func end() {
    pthread_mutex_lock(lock)
    ended = true
    pthread_cond_signal(signal)
    pthread_mutex_unlock(lock)
  }

  /// Waits for the index to be finished; then attaches its database to `database` as
  /// `memo_words` and copies the table's rows into `database`'s (just made, empty) table of
  /// the same name. Inside the caller's transaction; `detach(from:)` after it ends.
  func copy(into database: Database) throws {
    end()
    if let thread { pthread_join(thread, nil) }
    thread = nil
    guard let result else { return }
    self.result = nil
    let (data, size) = try result.get()
    try database.execute(sql: "ATTACH ':memory:' AS \(Self.schemaName)")
    let code = sqlite3_deserialize(
      database.handle, Self.schemaName, data, size, size,
      UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY))
    try check(code, on: database.handle)
    // Shadow tables are written by FTS5 alone while DEFENSIVE is on.
    try check(memo_sqlite3_db_config_defensive(database.handle, 0), on: database.handle)
    defer { _ = memo_sqlite3_db_config_defensive(database.handle, 1) }
    var script = ""
    for shadow in ["data", "idx", "content", "docsize", "config"] {
      script += """
        DELETE FROM main.\(table)_\(shadow);
        INSERT INTO main.\(table)_\(shadow) SELECT * FROM \(Self.schemaName).\(table)_\(shadow);

        """
    }
    try database.executeScript(script)
    // Its settings set again (the same): FTS5 reads them afresh, with the copied segments.
    let set = try database.makeStatement(
      sql: "INSERT INTO main.\(table) (\(table), rank) VALUES (?, ?)")
    for (key, value) in settings {
      set.reset()
      try set.bind(key, at: 1)
      try set.bind(value, at: 2)
      try set.execute()
    }
  }

  /// Detaches the finished index's database, if attached (after the transaction that copied
  /// it: SQLite cannot detach a database in a transaction).
  static func detach(from database: Database) throws {
    if try database.int(
      sql: "SELECT count(*) FROM pragma_database_list WHERE name = '\(schemaName)'") ?? 0 > 0
    {
      try database.execute(sql: "DETACH \(schemaName)")
    }
  }

  /// The next batch, waiting for one; nil once every batch is indexed.
  private func next() -> Batch? {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    while queue.isEmpty && !ended { pthread_cond_wait(signal, lock) }
    return queue.isEmpty ? nil : queue.removeFirst()
  }

  /// The thread: the table made and filled in one transaction, then the database serialized.
  private func work() {
    do {
      let database = try Database(path: ":memory:")
      defer { database.close() }
      try database.executeScript(createSQL)
      let set = try database.makeStatement(
        sql: "INSERT INTO \(table) (\(table), rank) VALUES (?, ?)")
      for (key, value) in settings {
        set.reset()
        try set.bind(key, at: 1)
        try set.bind(value, at: 2)
        try set.execute()
      }
      try database.executeScript("BEGIN")
      let insert = try database.makeStatement(
        sql: "INSERT INTO \(table) (rowid, kind, ref, title, text) VALUES (?1, ?2, ?3, ?4, ?5)")
      while let batch = next() {
        for row in batch.rows {
          insert.reset()
          try insert.bind(row.rowid, at: 1)
          try insert.bind(batch.kind, at: 2)
          try insert.bind(row.ref, at: 3)
          try bind(row.title, at: 4, in: insert, of: database)
          try bind(row.text, at: 5, in: insert, of: database)
          try insert.execute()
        }
      }
      try database.executeScript("COMMIT")
      var size: Int64 = 0
      guard let data = sqlite3_serialize(database.handle, "main", &size, 0) else {
        throw SQLiteError(extendedCode: SQLITE_NOMEM, message: "cannot copy the word index")
      }
      result = .success((data, size))
    } catch {
      result = .failure(error)
      // Let the sender go on: what it sends next is dropped.
      pthread_mutex_lock(lock)
      queue.removeAll()
      pthread_mutex_unlock(lock)
    }
  }

  private func bind(_ text: Text, at index: Int32, in statement: Statement, of database: Database)
    throws
  {
    switch text {
    case .string(let value): try statement.bind(value, at: index)
    case .null: try statement.bindNull(at: index)
    case .bytes(let bytes):
      let code = bytes.withUnsafeBufferPointer { buffer -> Int32 in
        guard let base = buffer.baseAddress, buffer.count > 0 else {
          return sqlite3_bind_text(statement.handle, index, "", 0, SQLITE_TRANSIENT)
        }
        return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          sqlite3_bind_text64(
            statement.handle, index, $0, UInt64(buffer.count), SQLITE_TRANSIENT,
            UInt8(SQLITE_UTF8))
        }
      }
      try check(code, on: database.handle)
    }
  }
}
