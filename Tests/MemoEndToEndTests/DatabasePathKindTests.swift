import Foundation
import MemoCore
import Testing

/// `--db` naming what SQLite cannot open as a database: said before opening (issue 35).
@Suite("--db a symbolic link to nothing, a FIFO")
struct DatabasePathKindTests {
  @Test("--db a symbolic link into a missing folder: 74 naming the link and the folder")
  func danglingLink() throws {
    let box = try Sandbox()
    let link = box.root + "/link.db"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/x.db")
    for command in [["add", "x"], ["list"]] {
      let result = try box.run(["--db", "link.db"] + command)
      #expect(result.status == 74)
      #expect(
        result.stderr
          == "memo: error: link.db is a symbolic link to real/x.db, whose folder real does not exist; create the folder, fix the link, or pass --db PATH\n"
      )
    }
    #expect(!FileManager.default.fileExists(atPath: box.root + "/real"))
    // Into a folder that is there: the database is created through the link.
    try FileManager.default.createDirectory(
      atPath: box.root + "/real", withIntermediateDirectories: false)
    let added = try box.run(["--db", "link.db", "add", "x"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try box.rows("SELECT title FROM posts", database: box.root + "/real/x.db") == [["x"]])
  }

  @Test("--db a FIFO: 74, not a regular file, said before SQLite tries it")
  func fifo() throws {
    let box = try Sandbox()
    #expect(mkfifo(box.root + "/ff", 0o600) == 0)
    for command in [["add", "x"], ["list"]] {
      let result = try box.run(["--db", "ff"] + command)
      #expect(result.status == 74)
      #expect(
        result.stderr
          == "memo: error: ff is not a regular file (a named pipe); pass --db with a database file's path\n"
      )
    }
  }
}
