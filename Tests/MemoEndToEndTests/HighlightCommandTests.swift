import Foundation
import Testing

@Suite("highlight commands, run as a reader would")
struct HighlightCommandTests {
  /// Dune (post 1) with two highlights added out of reading order, Hyperion (post 2) with one.
  func seeded() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--author", "Frank Herbert"])
    _ = try box.add("Hyperion")
    #expect(
      try box.succeed([
        "highlight", "add", "1", "Fear is the mind-killer.", "--page", "8", "--location",
        "140-141", "--note", "the litany",
      ]) == "1\n")
    #expect(try box.succeed(["highlight", "add", "1", "A beginning is a delicate time.", "--location", "12"]) == "2\n")
    #expect(try box.succeed(["highlight", "add", "2", "The Shrike waits.", "--page", "xii"]) == "3\n")
    return box
  }

  @Test("highlight add stores the passage, note and place; highlights --post lists them in reading order")
  func addAndList() throws {
    let box = try seeded()
    #expect(
      try box.rows(
        "SELECT id, post_id, text, coalesce(note, 'NULL'), page, location, position, starred, source FROM highlights ORDER BY id"
      ) == [
        ["1", "1", "Fear is the mind-killer.", "the litany", "8", "140-141", "140.0", "0", "NULL"],
        ["2", "1", "A beginning is a delicate time.", "NULL", "NULL", "12", "12.0", "0", "NULL"],
        ["3", "2", "The Shrike waits.", "NULL", "xii", "NULL", "NULL", "0", "NULL"],
      ])
    let result = try box.run(["highlights", "--post", "1"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        2\t1\tfalse\tA beginning is a delicate time.\t\t\t\t12
        1\t1\tfalse\tFear is the mind-killer.\tthe litany\t\t8\t140-141

        """)
    // Without --post: every post's, newest first.
    #expect(try box.jsonArray(["highlights"]).map { $0["id"] as? Int } == [3, 2, 1])
    #expect(try box.jsonArray(["highlights", "--limit", "1"]).map { $0["id"] as? Int } == [3])
    #expect(try box.jsonObject(["stats"])["highlights"] as? Int == 3)
    #expect(
      try box.succeed(["stats", "--format", "csv"]).contains("\r\ntotal,highlights,3\r\n"))
  }

  @Test("highlights: chapter, page, location in that order in every format (SPEC §2)")
  func chapterInEveryFormat() throws {
    let box = try seeded()
    #expect(try box.succeed(["highlight", "edit", "3", "--chapter", "The Priest's Tale"]) == "3\n")
    #expect(
      try box.succeed(["highlights", "--post", "2"])
        == "3\t2\tfalse\tThe Shrike waits.\t\tThe Priest's Tale\txii\t\n")
    let table = try box.succeed(["highlights", "--post", "2", "--format", "table"])
    #expect(
      table.hasPrefix("ID  POST  ★  HIGHLIGHT          NOTE  CHAPTER            PAGE  LOCATION\n"))
    #expect(table.contains("The Priest's Tale"))
    let tsv = try box.succeed(["highlights", "--post", "2", "--format", "tsv"])
      .split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    let column = try #require(tsv.first?.firstIndex(of: "chapter"))
    #expect(tsv[1][column] == "The Priest's Tale")
    let csv = try box.succeed(["highlights", "--post", "2", "--format", "csv"])
    #expect(
      csv.hasPrefix(
        "id,uuid,post_id,text,note,chapter,page,location,highlighted_at,starred,source,created_at,updated_at\r\n"))
    #expect(csv.contains(",The Priest's Tale,xii,"))
    #expect(try box.jsonArray(["highlights", "--post", "2"]).first?["chapter"] as? String == "The Priest's Tale")
  }

  @Test("highlight add --chapter stores the chapter (blank: none), as edit --chapter does")
  func addWithChapter() throws {
    let box = try seeded()
    #expect(
      try box.succeed(["highlight", "add", "1", "The sleeper must awaken.", "--chapter", " Book One ", "--page", "12"])
        == "4\n")
    #expect(try box.succeed(["highlight", "add", "1", "Walk without rhythm.", "--chapter", ""]) == "5\n")
    #expect(
      try box.rows("SELECT id, coalesce(chapter, 'NULL'), page, position FROM highlights WHERE id >= 4 ORDER BY id")
        == [["4", "Book One", "12", "12.0"], ["5", "NULL", "NULL", "NULL"]])
    #expect(try box.jsonObject(["highlight", "show", "4"])["chapter"] as? String == "Book One")
    let help = try box.succeed(["highlight", "add", "--help"])
    #expect(help.contains("--chapter <chapter>"))
  }

  @Test("a page or location without a number: kept as text, the position cleared (add and edit alike), a note says so")
  func placeWithoutNumber() throws {
    let box = try seeded()
    // Highlight 2 sorts by location 12; a location "abc" clears that, so it sorts last.
    let edit = try box.run(["highlight", "edit", "2", "--location", "abc"])
    #expect(edit.status == 0)
    #expect(edit.stdout == "2\n")
    #expect(
      edit.stderr
        == "memo: note: location \"abc\" has no number to sort by; highlight 2 is kept with it and sorts after its book's numbered highlights\n")
    #expect(try box.rows("SELECT location, coalesce(position, 'NULL') FROM highlights WHERE id = 2") == [["abc", "NULL"]])
    #expect(try box.jsonArray(["highlights", "--post", "1"]).map { $0["id"] as? Int } == [1, 2])
    // Added so, it is the same: position NULL, the same note.
    let add = try box.run(["highlight", "add", "1", "Shai-Hulud.", "--location", "abc"])
    #expect(add.stdout == "4\n")
    #expect(add.stderr.contains("highlight 4 is kept with it and sorts after"))
    #expect(
      try box.rows("SELECT id, coalesce(position, 'NULL') FROM highlights WHERE id IN (2, 4) ORDER BY id")
        == [["2", "NULL"], ["4", "NULL"]])
    // A page with a number still sorts it, whatever the location says; no note then.
    let page = try box.run(["highlight", "edit", "2", "--page", "3"])
    #expect(page.stderr == "")
    #expect(try box.rows("SELECT position FROM highlights WHERE id = 2") == [["3.0"]])
    // A numbered location sorts it anew; --quiet keeps the note off.
    #expect(try box.run(["highlight", "edit", "4", "--location", "xx", "--quiet"]).stderr == "")
    #expect(try box.run(["highlight", "edit", "4", "--location", "500"]).stderr == "")
    #expect(try box.rows("SELECT position FROM highlights WHERE id = 4") == [["500.0"]])
    #expect(try box.jsonArray(["highlights", "--post", "1"]).map { $0["id"] as? Int } == [2, 1, 4])
    // Both without a number: the note names both.
    let both = try box.run(["highlight", "add", "1", "Fear.", "--location", "abc", "--page", "xii"])
    #expect(
      both.stderr
        == "memo: note: location \"abc\" and page \"xii\" have no number to sort by; highlight 5 is kept with them and sorts after its book's numbered highlights\n")
  }

  @Test("highlights --format json: the record's fields, null where unknown")
  func json() throws {
    let box = try seeded()
    let array = try box.jsonArray(["highlights", "--post", "2"])
    #expect(array.count == 1)
    let first = try #require(array.first)
    #expect(
      Set(first.keys) == [
        "id", "uuid", "post_id", "text", "note", "chapter", "page", "location", "highlighted_at",
        "starred", "source", "created_at", "updated_at",
      ])
    #expect(first["text"] as? String == "The Shrike waits.")
    #expect(first["page"] as? String == "xii")
    #expect(first["note"] is NSNull)
    #expect(first["location"] is NSNull)
    #expect(first["highlighted_at"] is NSNull)
    #expect(first["source"] is NSNull)
    #expect(first["starred"] as? Bool == false)
    let csv = try box.succeed(["highlights", "--post", "2", "--format", "csv"])
    #expect(
      csv.hasPrefix(
        "id,uuid,post_id,text,note,chapter,page,location,highlighted_at,starred,source,created_at,updated_at\r\n3,"
      ))
    let lines = try box.succeed(["highlights", "--format", "jsonl"]).split(separator: "\n")
    #expect(lines.count == 3)
  }

  @Test("highlight show: the passage quoted, its post and place, its note; plain: its row")
  func show() throws {
    let box = try seeded()
    let uuid = try box.rows("SELECT uuid, substr(created_at, 1, 10) FROM highlights WHERE id = 1")[0]
    let result = try box.run(
      ["highlight", "show", "1", "--format", "table"], environment: ["TZ": "UTC"])
    #expect(result.status == 0)
    #expect(
      result.stdout.hasPrefix(
        """
        > Fear is the mind-killer.
        highlight 1 · post 1 "Dune" · p. 8, loc. 140-141
        created \(uuid[1])
        """))
    #expect(result.stdout.hasSuffix(" · \(uuid[0])\n\nNote:\nthe litany\n"))
    let object = try box.jsonObject(["highlight", "show", "1"])
    #expect(object["note"] as? String == "the litany")
    // Plain text (the default when piped) is the highlight's line in 'memo highlights'.
    let row = try box.succeed(["highlight", "show", "1"])
    #expect(row == "1\t1\tfalse\tFear is the mind-killer.\tthe litany\t\t8\t140-141\n")
    #expect(try box.succeed(["highlights"]).split(separator: "\n").contains { $0 + "\n" == row })
  }

  @Test("star, unstar, --starred; edit the note (\"\" removes it) and the text")
  func starAndEdit() throws {
    let box = try seeded()
    #expect(try box.succeed(["highlight", "star", "3", "1", "--format", "table"]) == """
      starred highlight 3 "The Shrike waits."
      starred highlight 1 "Fear is the mind-killer."

      """)
    #expect(try box.jsonArray(["highlights", "--starred"]).map { $0["id"] as? Int } == [3, 1])
    #expect(try box.succeed(["highlight", "unstar", "3", "--format", "table"]) == "unstarred highlight 3 \"The Shrike waits.\"\n")
    #expect(try box.jsonArray(["highlights", "--starred"]).map { $0["id"] as? Int } == [1])
    #expect(try box.succeed(["highlight", "edit", "1", "--note", "Bene Gesserit"]) == "1\n")
    #expect(try box.rows("SELECT note FROM highlights WHERE id = 1") == [["Bene Gesserit"]])
    #expect(try box.succeed(["highlight", "edit", "1", "--note", ""]) == "1\n")
    #expect(try box.rows("SELECT note FROM highlights WHERE id = 1") == [["NULL"]])
    #expect(try box.succeed(["highlight", "edit", "2", "--text", "A beginning."]) == "2\n")
    #expect(try box.rows("SELECT text FROM highlights WHERE id = 2") == [["A beginning."]])
    let same = try box.run(["highlight", "edit", "2", "--text", "A beginning."])
    #expect(same.status == 0)
    #expect(same.stderr == "memo: no change to highlight 2\n")
    // Its place: a new location sorts it anew in its book; "" removes a field; undo puts
    // everything back.
    let place = "SELECT coalesce(chapter, '-'), coalesce(page, '-'), coalesce(location, '-'), position FROM highlights WHERE id = 2"
    let before = try box.rows(place)
    #expect(
      try box.succeed(["highlight", "edit", "2", "--page", "9", "--location", "150", "--chapter", "Book One"])
        == "2\n")
    #expect(try box.rows(place) == [["Book One", "9", "150", "150.0"]])
    #expect(try box.jsonArray(["highlights", "--post", "1"]).map { $0["id"] as? Int } == [1, 2])
    #expect(try box.succeed(["highlight", "edit", "2", "--chapter", ""]) == "2\n")
    #expect(try box.rows(place) == [["-", "9", "150", "150.0"]])
    _ = try box.succeed(["undo", "2"])
    #expect(try box.rows(place) == before)
  }

  @Test("rm --yes deletes; undo brings it back with its id and note; redo deletes it again")
  func removeAndUndo() throws {
    let box = try seeded()
    let before = try box.rows("SELECT * FROM highlights WHERE id = 1")
    #expect(try box.succeed(["highlight", "rm", "1", "--yes", "--format", "table"]) == "deleted highlight 1 \"Fear is the mind-killer.\"\n")
    #expect(try box.rows("SELECT count(*) FROM highlights WHERE id = 1") == [["0"]])
    _ = try box.succeed(["undo"])
    #expect(try box.rows("SELECT * FROM highlights WHERE id = 1") == before)
    _ = try box.succeed(["redo"])
    #expect(try box.rows("SELECT count(*) FROM highlights WHERE id = 1") == [["0"]])
    // Deleting the post takes its highlights; undo restores them.
    _ = try box.succeed(["undo"])
    _ = try box.succeed(["rm", "1", "--yes"])
    #expect(try box.rows("SELECT count(*) FROM highlights") == [["1"]])
    _ = try box.succeed(["undo"])
    #expect(try box.rows("SELECT id FROM highlights ORDER BY id") == [["1"], ["2"], ["3"]])
    // Every change to a highlight is in the change sequence.
    #expect(
      try box.rows("SELECT count(*) FROM changes WHERE kind = 'highlight'") == [["3"]])
  }

  @Test("errors: an unknown highlight or post exits 1, bad flags 64, each saying what to do")
  func errors() throws {
    let box = try seeded()
    let unknown = try box.run(["highlight", "show", "9"])
    #expect(unknown.status == 1)
    #expect(
      unknown.stderr == "memo: error: no highlight 9; 'memo highlights' shows the highlights and their ids\n")
    let several = try box.run(["highlight", "star", "1", "8", "9"])
    #expect(several.status == 1)
    #expect(
      several.stderr
        == "memo: error: no highlights 8, 9; 'memo highlights' shows the highlights and their ids\n")
    #expect(try box.rows("SELECT starred FROM highlights WHERE id = 1") == [["0"]])
    let post = try box.run(["highlight", "add", "7", "text"])
    #expect(post.status == 1)
    #expect(post.stderr == "memo: error: no post 7; 'memo list' shows the posts and their ids\n")
    #expect(try box.run(["highlights", "--post", "7"]).status == 1)
    let empty = try box.run(["highlight", "add", "1", "  "])
    #expect(empty.status == 64)
    #expect(empty.stderr == "memo: error: the highlight's text is empty; give the passage to keep\n")
    let limit = try box.run(["highlights", "--limit", "-1"])
    #expect(limit.status == 64)
    #expect(limit.stderr.contains("--limit must be 0 or more"))
    let badID = try box.run(["highlight", "show", "x"])
    #expect(badID.status == 64)
    let noFlag = try box.run(["highlight", "edit", "1"])
    #expect(noFlag.status == 64)
    #expect(noFlag.stderr.contains("give --text, --note, --chapter, --page or --location"))
    let since = try box.run(["highlights", "--since", "someday"])
    #expect(since.status == 64)
    #expect(try box.rows("SELECT count(*) FROM highlights") == [["3"]])
  }

  @Test("an empty listing: a table's header off a terminal, nothing in plain, [] in JSON")
  func empty() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let table = try box.run(["highlights", "--format", "table"])
    #expect(table.status == 0)
    #expect(table.stdout == "ID  POST  ★  HIGHLIGHT  NOTE  CHAPTER  PAGE  LOCATION\n")
    #expect(try box.succeed(["highlights"]) == "")
    #expect(try box.succeed(["highlights", "--format", "json"]) == "[]\n")
  }

  @Test("ask --highlight: a question on the highlight's post, linked to it; question show quotes the passage")
  func askAboutHighlight() throws {
    let box = try seeded()
    #expect(try box.succeed(["ask", "--highlight", "3", "Who is the Shrike?"]) == "1\n")
    #expect(
      try box.rows("SELECT post_id, text, highlight_id FROM questions") == [
        ["2", "Who is the Shrike?", "3"]
      ])
    let show = try box.succeed(["question", "show", "1", "--format", "table"])
    #expect(show.hasPrefix("Who is the Shrike?\nquestion 1 · post 2 \"Hyperion\"\n"))
    #expect(show.contains("\n\nOn highlight 3:\n> The Shrike waits.\n\n(not answered yet"))
    // In JSON the question names its highlight: listed, shown, and nested in its post.
    #expect(try box.jsonArray(["questions"]).first?["highlight_id"] as? Int == 3)
    #expect(try box.jsonObject(["question", "show", "1"])["highlight_id"] as? Int == 3)
    let post = try box.jsonObject(["show", "2"])
    let nested = try #require(post["questions"] as? [[String: Any]])
    #expect(nested.first?["highlight_id"] as? Int == 3)
    // Deleting the highlight keeps the question, unlinked; undo links it again.
    _ = try box.succeed(["highlight", "rm", "3", "--yes"])
    #expect(try box.rows("SELECT highlight_id FROM questions") == [["NULL"]])
    _ = try box.succeed(["undo"])
    #expect(try box.rows("SELECT highlight_id FROM questions") == [["3"]])
    // A plain question has no passage.
    #expect(try box.succeed(["ask", "1", "Why spice?"]) == "2\n")
    #expect(
      !(try box.succeed(["question", "show", "2", "--format", "table"])).contains("On highlight"))
  }

  @Test("ask --highlight errors: an unknown highlight exits 1, a post as well 64; nothing written")
  func askErrors() throws {
    let box = try seeded()
    let unknown = try box.run(["ask", "--highlight", "9", "Why?"])
    #expect(unknown.status == 1)
    #expect(
      unknown.stderr
        == "memo: error: no highlight 9; 'memo highlights' shows the highlights and their ids\n")
    let both = try box.run(["ask", "--highlight", "3", "2", "Why?"])
    #expect(both.status == 64)
    #expect(
      both.stderr.hasPrefix(
        "memo: error: with --highlight give only the question: memo ask --highlight 3 TEXT"))
    let noText = try box.run(["ask", "2"])
    #expect(noText.status == 64)
    #expect(noText.stderr.hasPrefix("memo: error: give the question after the post's id"))
    #expect(try box.rows("SELECT count(*) FROM questions") == [["0"]])
  }

  @Test("markdown export: a Highlights section in reading order, each with its place, star, note and a stable block id")
  func markdown() throws {
    let box = try seeded()
    _ = try box.succeed(["highlight", "star", "1"])
    let ids = try box.rows("SELECT id, uuid FROM highlights ORDER BY id").map {
      "h-" + String($0[1].replacingOccurrences(of: "-", with: "").suffix(8))
    }
    #expect(try box.run(["export", "--format", "markdown", "--output", "vault"]).status == 0)
    let file = try String(contentsOfFile: box.root + "/vault/dune.md", encoding: .utf8)
    #expect(
      file.hasSuffix(
        """
        # Dune

        ## Highlights

        > A beginning is a delicate time.
        > — loc. 12 ^\(ids[1])

        > Fear is the mind-killer.
        > — p. 8, loc. 140-141 ★ ^\(ids[0])

        the litany

        """))
    // The same ids on the next export: Obsidian links to them keep working.
    _ = try box.succeed(["highlight", "edit", "1", "--note", "changed"])
    #expect(try box.run(["export", "--format", "markdown", "--output", "vault"]).status == 0)
    let again = try String(contentsOfFile: box.root + "/vault/dune.md", encoding: .utf8)
    #expect(again.contains("★ ^\(ids[0])\n\nchanged\n"))
    let hyperion = try String(contentsOfFile: box.root + "/vault/hyperion.md", encoding: .utf8)
    #expect(hyperion.hasSuffix("> The Shrike waits.\n> — p. xii ^\(ids[2])\n"))
  }
}
