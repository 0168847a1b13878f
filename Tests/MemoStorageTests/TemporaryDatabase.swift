import Foundation
import MemoCore

@testable import MemoStorage

/// A unique folder under the temp dir holding a real database file; deleted afterwards.
final class TemporaryDatabase {
  let folder: String
  let path: String
  private(set) var database: Database

  /// Opens (creating and migrating) a database file in a new temporary folder.
  init() throws {
    var template = Array((NSTemporaryDirectory() + "memo-storage-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
    folder = String(cString: made)
    path = folder + "/memo.db"
    database = try DatabaseFile.open(at: path, for: .write)
  }

  deinit {
    database.close()
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// An effect runner over this database with a fixed clock and predictable UUIDs.
  /// - Parameter output: the writer listings whose effect says `.output` stream to.
  func runner(
    at time: Timestamp = Timestamp(millis: 1_767_225_600_000), output: RowSink? = nil
  ) -> EffectRunner {
    var counter = 0
    return EffectRunner(
      database: database, clock: { time },
      makeUUID: { _ in
        counter += 1
        return "uuid-\(counter)"
      }, writingTo: output)
  }

  /// Rows of a query, every column as text ("NULL" for null).
  func rows(_ sql: String) throws -> [[String]] {
    let statement = try database.makeStatement(sql: sql)
    var rows: [[String]] = []
    while try statement.step() {
      rows.append((0..<statement.columnCount).map { statement.text($0) ?? "NULL" })
    }
    return rows
  }
}
