import Foundation
import MemoStorage
import Testing

/// Another program's SQLite database given to `--db` (a Kobo's KoboReader.sqlite, which the
/// import section points at) is refused, and left exactly as it was: memo switched it to WAL
/// before it found it was not its own, rewriting its header and leaving -wal and -shm beside it.
@Suite("another program's database is refused untouched")
struct ForeignDatabaseTests {
  @Test(
    "every command refuses it with 74 and changes no byte of it",
    arguments: [
      ["list"], ["stats"], ["add", "Dune"], ["export"], ["db", "check"],
      ["db", "check", "--repair"],
      ["sync", "status"],
    ])
  func untouched(_ arguments: [String]) throws {
    let box = try Sandbox()
    let path = box.root + "/KoboReader.sqlite"
    do {
      let other = try Database(path: path, create: true, readOnly: false)
      try other.executeScript(
        """
        PRAGMA journal_mode = DELETE;
        CREATE TABLE Bookmark (BookmarkID TEXT PRIMARY KEY, Text TEXT);
        INSERT INTO Bookmark VALUES ('b1', 'A passage');
        """)
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let result = try box.run(arguments + ["--db", path])
    #expect(result.status == 74, "\(result.stderr)")
    #expect(result.stderr.contains("is an SQLite database but not memo's"), "\(result.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    for suffix in ["-wal", "-shm", "-journal"] {
      #expect(!FileManager.default.fileExists(atPath: path + suffix), "\(suffix)")
    }
  }
}
