import Foundation
import Testing

/// Titles, authors and sources are one line (issue 35): a line break from `add`, `edit` or an
/// import's cell is folded into a space, and a value stored with one (from before) can still be
/// edited in $EDITOR.
@Suite("one-line fields: titles, authors, sources")
struct OneLineFieldsTests {
  @Test(
    "add and edit fold line breaks (\\n, \\r\\n, U+2028) and the spaces around them into one space")
  func addAndEdit() throws {
    let box = try Sandbox()
    _ = try box.add(
      "Dune\nMessiah", ["--author", "Frank \r\n Herbert", "--source", "ISBN\u{2028}0441172695"])
    #expect(
      try box.rows("SELECT title, author, source FROM posts") == [
        ["Dune Messiah", "Frank Herbert", "ISBN 0441172695"]
      ])
    _ = try box.succeed(["edit", "1", "--title", "Children\nof Dune\n", "--author", "\nF. H."])
    #expect(try box.rows("SELECT title, author FROM posts") == [["Children of Dune", "F. H."]])
  }

  @Test("a title, author and source stored with a line break open in $EDITOR as one line and save")
  func editorOnStoredBreak() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    try box.execute(
      "UPDATE posts SET title = 'Dune' || char(10) || 'Messiah', author = 'Frank' || char(13, 10) || 'Herbert'"
    )
    // The body edited, the title and author untouched: they stay as stored.
    let body = try box.run(
      ["edit", "1"], environment: ["EDITOR": "sed -i -e 's/^source:.*/source: ISBN 1/'"])
    #expect(body.status == 0, "\(body.stderr)")
    #expect(body.stdout == "1\n")
    #expect(
      try box.rows("SELECT title, author, source FROM posts") == [
        ["Dune\nMessiah", "Frank\r\nHerbert", "ISBN 1"]
      ])
    // The file showed them on one line; the title edited there is saved as typed.
    let shown = box.root + "/shown.txt"
    let script = box.root + "/editor.sh"
    try """
    #!/bin/sh
    cp "$1" '\(shown)'
    sed -i 's/^title:.*/title: Dune Messiah (1969)/' "$1"

    """.write(toFile: script, atomically: true, encoding: .utf8)
    chmod(script, 0o755)
    let title = try box.run(["edit", "1"], environment: ["EDITOR": script])
    #expect(title.status == 0, "\(title.stderr)")
    let file = try String(contentsOfFile: shown, encoding: .utf8)
    #expect(file.contains("\ntitle: Dune Messiah\nauthor: Frank Herbert\nsource: ISBN 1\n---\n"))
    #expect(
      try box.rows("SELECT title, author FROM posts") == [
        ["Dune Messiah (1969)", "Frank\r\nHerbert"]
      ])
  }

  @Test("Readwise and Goodreads cells with line breaks become one-line titles, authors and sources")
  func imports() throws {
    let box = try Sandbox()
    let readwise = box.root + "/readwise.csv"
    try """
    Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at
    "Fear is the mind-killer.","Dune:
    The Novel","Frank\r
    Herbert",B00B7NPRY8,,yellow,,location,140,2023-01-15 10:00:00+00:00

    """.write(toFile: readwise, atomically: true, encoding: .utf8)
    let goodreads = box.root + "/goodreads.csv"
    try #"""
    Book Id,Title,Author,ISBN,ISBN13,Date Added,Bookshelves,My Review
    1,"Children of
    Dune","Frank Herbert","=""0441104029""","=""9780441104024""",2023/01/15,read,

    """#.write(toFile: goodreads, atomically: true, encoding: .utf8)
    _ = try box.succeed(["import", readwise])
    _ = try box.succeed(["import", goodreads])
    #expect(
      try box.rows("SELECT title, author, source FROM posts ORDER BY id") == [
        ["Dune: The Novel", "Frank Herbert", "B00B7NPRY8"],
        ["Children of Dune", "Frank Herbert", "9780441104024"],
      ])
    // Opened in $EDITOR and saved unchanged: nothing to refuse.
    let edit = try box.run(["edit", "2"], environment: ["EDITOR": "true"])
    #expect(edit.status == 0)
  }
}
