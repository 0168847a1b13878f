import Foundation
import Testing

/// One post per book, whichever reader or library it came from (`BookKey`).
@Suite("the same book from several sources is one post")
struct BookMatchTests {
  @Test(
    "Goodreads, then a Kindle and Readwise: series suffix, Last, First, CJK spaces, width and case"
  )
  func acrossImporters() throws {
    let box = try Sandbox()
    let goodreads = box.root + "/goodreads_library_export.csv"
    try #"""
    Book Id,Title,Author,Author l-f,ISBN,ISBN13,My Rating,Date Read,Date Added,Bookshelves,Exclusive Shelf,My Review
    234225,"Dune (Dune, #1)",Frank Herbert,"Herbert, Frank","=""""","=""""",5,,2023/01/15,,read,
    1,吾輩は猫である,夏目漱石,"夏目, 漱石","=""""","=""""",0,,2023/01/16,,read,
    2,Hyperion,Dan Simmons,"Simmons, Dan","=""""","=""""",0,,2023/01/17,,read,

    """#.write(toFile: goodreads, atomically: true, encoding: .utf8)
    #expect(try box.run(["import", goodreads]).status == 0)
    let kindle = box.root + "/My Clippings.txt"
    try
      ("Dune (Herbert, Frank)\r\n- Your Highlight on page 12 | Location 123-125 | Added on Sunday, January 1, 2023 10:00:00 AM\r\n\r\nI must not fear.\r\n==========\r\n"
      + "吾輩は猫である (夏目 漱石)\r\n- 位置No. 120-121のハイライト |作成日: 2023年1月2日月曜日 21:30:00\r\n\r\n吾輩は猫である。\r\n==========\r\n")
      .write(toFile: kindle, atomically: true, encoding: .utf8)
    let fromKindle = try box.run(["import", kindle])
    #expect(fromKindle.status == 0, "\(fromKindle.stderr)")
    #expect(fromKindle.stdout.contains("2 books (0 new)"), "\(fromKindle.stdout)")
    let readwise = box.root + "/readwise-data.csv"
    try """
      Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at,Document tags
      "Fear is the mind-killer.",ＤＵＮＥ,FRANK HERBERT,,,,,location,140,2023-05-14 21:36:07+00:00,
      "名前はまだ無い。",吾輩は猫である,夏目　漱石,,,,,location,130,,

      """.write(toFile: readwise, atomically: true, encoding: .utf8)
    let fromReadwise = try box.run(["import", readwise])
    #expect(fromReadwise.status == 0, "\(fromReadwise.stderr)")
    #expect(fromReadwise.stdout.contains("2 books (0 new)"), "\(fromReadwise.stdout)")
    #expect(
      try box.rows("SELECT title, author FROM posts ORDER BY id") == [
        ["Dune (Dune, #1)", "Frank Herbert"], ["吾輩は猫である", "夏目漱石"], ["Hyperion", "Dan Simmons"],
      ])
    #expect(
      try box.rows("SELECT post_id, source, text FROM highlights ORDER BY post_id, position") == [
        ["1", "kindle", "I must not fear."], ["1", "readwise", "Fear is the mind-killer."],
        ["2", "kindle", "吾輩は猫である。"], ["2", "readwise", "名前はまだ無い。"],
      ])
  }

  @Test("a book whose reader names no author joins the one post with its title; two posts with it, a new one")
  func withoutAuthor() throws {
    let box = try Sandbox()
    _ = try box.add("Emma", ["--author", "Jane Austen"])
    _ = try box.add("Persuasion", ["--author", "Jane Austen"])
    _ = try box.add("Persuasion", ["--author", "Someone Else"])
    let kindle = box.root + "/My Clippings.txt"
    try
      ("EMMA\r\n- Your Highlight on Location 10-11 | Added on Sunday, January 1, 2023 10:00:00 AM\r\n\r\nHandsome, clever, and rich.\r\n==========\r\n"
      + "Persuasion\r\n- Your Highlight on Location 20 | Added on Sunday, January 1, 2023 10:00:00 AM\r\n\r\nHalf agony, half hope.\r\n==========\r\n")
      .write(toFile: kindle, atomically: true, encoding: .utf8)
    let result = try box.run(["import", kindle])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try box.rows("SELECT h.text, p.id, p.title FROM highlights h JOIN posts p ON p.id = h.post_id ORDER BY h.id")
        == [["Handsome, clever, and rich.", "1", "Emma"], ["Half agony, half hope.", "4", "Persuasion"]])
  }

  @Test("Goodreads onto a book already here gives it the review and ISBN it lacks, never over what it holds")
  func goodreadsFillsBlanks() throws {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--author", "Herbert, Frank"])
    _ = try box.add("Hyperion", ["--author", "Dan Simmons", "--body", "My own notes."])
    let goodreads = box.root + "/goodreads_library_export.csv"
    try #"""
    Book Id,Title,Author,Author l-f,ISBN,ISBN13,My Rating,Date Read,Date Added,Bookshelves,Exclusive Shelf,My Review
    234225,"Dune (Dune, #1)",Frank Herbert,"Herbert, Frank","=""0441013597""","=""9780441013593""",5,,2023/01/15,,read,"Great
    book, 猫"
    2,Hyperion,Dan Simmons,"Simmons, Dan","=""""","=""""",0,,2023/01/17,,read,A review.

    """#.write(toFile: goodreads, atomically: true, encoding: .utf8)
    // --dry-run says it and writes nothing.
    let dry = try box.run(["import", goodreads, "--dry-run"])
    #expect(dry.status == 0)
    #expect(
      dry.stdout
        == "would be: 0 added, 2 updated, 0 unchanged; 1 Goodreads review added after a body that had text of its own, under \"Goodreads review\"\n"
    )
    #expect(try box.rows("SELECT body FROM posts WHERE id = 2") == [["My own notes."]])
    let asJSON = try box.run(["import", goodreads, "--dry-run", "--summary-format", "jsonl"])
    #expect(
      asJSON.stdout
        == #"{"added":0,"updated":2,"unchanged":0,"deleted":0,"dry_run":true,"reviews_appended":1}"#
        + "\n")
    let imported = try box.run(["import", goodreads])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      imported.stdout
        == "0 added, 2 updated, 0 unchanged; 1 Goodreads review added after a body that had text of its own, under \"Goodreads review\"\n"
    )
    #expect(imported.stderr == "")
    // The body the user wrote stays as it was, the review after it, under its heading.
    let rows = try box.rows("SELECT title, body, source IS NOT NULL FROM posts ORDER BY id")
    #expect(
      rows == [
        ["Dune", "Great\nbook, 猫", "1"],
        ["Hyperion", "My own notes.\n\n## Goodreads review\n\nA review.", "0"],
      ])
    // Again: the rows were imported, nothing changes.
    #expect(try box.run(["import", goodreads]).stdout == "0 added, 0 updated, 2 unchanged\n")
    #expect(try box.rows("SELECT title, body, source IS NOT NULL FROM posts ORDER BY id") == rows)
    // Another export of the library (new Book Ids): a body that holds the review already is
    // left alone; the review is not added twice.
    let renumbered = box.root + "/goodreads_library_export (1).csv"
    try String(contentsOfFile: goodreads, encoding: .utf8)
      .replacingOccurrences(of: "\n2,Hyperion", with: "\n3,Hyperion")
      .write(toFile: renumbered, atomically: true, encoding: .utf8)
    let other = try box.run(["import", renumbered, "--format", "goodreads"])
    #expect(other.status == 0, "\(other.stderr)")
    #expect(other.stdout == "0 added, 0 updated, 2 unchanged\n")
    #expect(try box.rows("SELECT title, body, source IS NOT NULL FROM posts ORDER BY id") == rows)
    // undo takes the review back out.
    _ = try box.succeed(["undo"])
    _ = try box.succeed(["undo"])
    #expect(try box.rows("SELECT body FROM posts WHERE id = 2") == [["My own notes."]])
  }
}
