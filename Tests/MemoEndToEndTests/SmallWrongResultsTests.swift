import Foundation
import Testing

/// The smaller wrong results a hostile pass found (issue 35): each as a user meets it.
@Suite("Small wrong results")
struct SmallWrongResultsTests {
  @Test(
    "a field written twice in the $EDITOR file: 65 naming the field and both lines, nothing changed, the file kept"
  )
  func fieldTwice() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let result = try box.run(
      ["edit", "1"],
      environment: [
        "EDITOR": "sed -i -e '/^title:/a title: Dune Messiah' -e 's/^author:.*/author: F/'"
      ])
    #expect(result.status == 65)
    let kept = try FileManager.default.contentsOfDirectory(atPath: box.root)
      .filter { $0.hasPrefix("memo-post-1-") }.map { box.root + "/" + $0 }
    #expect(kept.count == 1)
    let path = kept.first ?? ""
    #expect(
      result.stderr
        == "memo: error: the edited file has the field 'title' twice (lines 3 and 4); keep one; nothing was changed; your text is kept in \(path): fix it there, then run 'memo edit 1 --from \(path)'\n"
    )
    #expect(try box.rows("SELECT title, author FROM posts") == [["Dune", "NULL"]])
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("title: Dune Messiah"))
  }

  @Test(
    "--db - and MEMO_DB=- are usage errors (64), as 'sqlite3 -' is; no file named '-' is made; ./- is a file"
  )
  func databaseDash() throws {
    let box = try Sandbox()
    let flag = try box.run(["--db", "-", "add", "Dune"])
    #expect(flag.status == 64)
    #expect(
      flag.stderr
        == "memo: error: --db is '-': a database cannot be read from stdin; name a database file (./- for a file called '-')\n"
    )
    let variable = try box.run(["list"], environment: ["MEMO_DB": "-"])
    #expect(variable.status == 64)
    #expect(variable.stderr.hasPrefix("memo: error: MEMO_DB is '-'"))
    #expect(!FileManager.default.fileExists(atPath: box.root + "/-"))
    #expect(try box.run(["--db", "./-", "add", "Dune"]).status == 0)
    #expect(FileManager.default.fileExists(atPath: box.root + "/-"))
  }

  @Test("--body - keeps the text as given but its one final line break: blank lines stay")
  func bodyFromStdin() throws {
    let box = try Sandbox()
    let added = try box.run(
      ["add", "Dune", "--body", "-"], input: "First part.\n\nSecond part.\n\n\n")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try box.rows("SELECT body FROM posts") == [["First part.\n\nSecond part.\n\n"]])
    // CRLF: the one line break is the pair.
    _ = try box.run(["edit", "1", "--body", "-"], input: "Edited.\r\n\r\n")
    #expect(try box.rows("SELECT body FROM posts") == [["Edited.\r\n"]])
    // One-line fields are trimmed, as before.
    _ = try box.run(["add", "-"], input: "Hyperion\n\n")
    #expect(try box.rows("SELECT title FROM posts WHERE id = 2") == [["Hyperion"]])
  }

  @Test("a Kindle entry without a header counts once: without_header, not also unreadable")
  func headerlessOnce() throws {
    let box = try Sandbox()
    let file = box.root + "/My Clippings.txt"
    try
      ("Dune (Frank Herbert)\n- Your Highlight on Location 10-11 | Added on Sunday, January 1, 2023 10:00:00 AM\n\nFear is the mind-killer.\n==========\n"
      + "Dune (Frank Herbert)\nno header, only text\n==========\n")
      .write(toFile: file, atomically: true, encoding: .utf8)
    let result = try box.run(["import", file, "--summary-format", "jsonl"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"without_header\":1}"), "\(result.stdout)")
    #expect(result.stdout.hasSuffix("\"unreadable\":0}\n"), "\(result.stdout)")
    #expect(result.stderr.contains("line 6: no clipping header under \"Dune (Frank Herbert)\""))
    let plain = try box.run(["import", file, "--dry-run"])
    #expect(plain.stdout.hasSuffix("1 without a header\n"), "\(plain.stdout)")
  }

  static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    gethostname(&buffer, 255)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  @Test(
    "'sync init --new-device' names the new device after this host, numbered when the old one had that name, and says so"
  )
  func newDeviceName() throws {
    let host = Self.hostName()
    let lab = try SyncLab()
    // Set up with the default name (the host's), then a backup restored on the same machine.
    let a = try lab.device(host)
    _ = try a.add("Dune")
    try SyncLab.round(a)
    let backup = a.root + "/backup.db"
    #expect(try a.run(["db", "backup", backup]).status == 0)
    _ = try a.add("Hyperion")
    try SyncLab.round(a)
    try SyncCopyTests.place(backup, into: a)
    let renewed = try a.run(["sync", "init", "--new-device"])
    #expect(renewed.status == 0, "\(renewed.stderr)")
    #expect(
      try a.rows("SELECT value FROM sync_settings WHERE key = 'device_name'") == [["\(host)-2"]])
    #expect(
      renewed.stderr.contains(
        "memo: this database now syncs as a new device named '\(host)-2' (the copy it came from is '\(host)'); 'memo sync init --new-device --name NAME' chooses the name"
      ), "\(renewed.stderr)")
    #expect(try a.run(["sync", "status"]).stdout.contains("\(host)-2"))

    // memo.db copied to another machine: that machine's own name.
    let b = try lab.device("desktop")
    try SyncLab.round(b)
    let laptop = try Sandbox()
    try SyncCopyTests.place(b.defaultDatabase, into: laptop)
    _ = try b.add("Solaris")
    try SyncLab.round(b)
    #expect(try laptop.run(["sync", "init", "--new-device"]).status == 0)
    // Every machine of this lab is this host: its name and "-2" are taken by the devices the
    // copy has heard of.
    #expect(
      try laptop.rows("SELECT value FROM sync_settings WHERE key = 'device_name'") == [
        ["\(host)-3"]
      ])
    // --name still names it, and nothing is said then.
    try SyncCopyTests.place(backup, into: laptop)
    let named = try laptop.run(["sync", "init", "--new-device", "--name", "attic"])
    #expect(named.status == 0, "\(named.stderr)")
    #expect(!named.stderr.contains("new device named"))
    #expect(
      try laptop.rows("SELECT value FROM sync_settings WHERE key = 'device_name'") == [["attic"]])
  }
}
