import Foundation
import Testing

@Suite("memo merge: two posts that are one book")
struct MergeCommandTests {
  func twoDunes() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--author", "Frank Herbert", "--body", "Mine."])
    _ = try box.add("Dune (Dune, #1)", ["--body", "From Goodreads."])
    _ = try box.succeed(["ask", "1", "Why spice?"])
    _ = try box.succeed(["ask", "2", "Who are the Fremen?"])
    _ = try box.succeed(["highlight", "add", "2", "Fear is the mind-killer.", "--location", "140"])
    _ = try box.succeed(["fav", "2"])
    return box
  }

  @Test(
    "questions, highlights and the shelf place move to the first; bodies joined; one undo separates them"
  )
  func merge() throws {
    let box = try twoDunes()
    let before = try ["posts", "questions", "highlights", "favorites"].map {
      try box.rows("SELECT * FROM \($0) ORDER BY 1")
    }
    let result = try box.run(["merge", "1", "2", "--format", "table"])
    #expect(result.status == 0)
    #expect(result.stdout == "merged post 2 into post 1 \"Dune\"\n")
    #expect(
      result.stderr
        == "memo: note: post 2's title \"Dune (Dune, #1)\" was not kept; post 1 keeps \"Dune\" ('memo undo' separates them again)\n"
    )
    #expect(
      try box.rows("SELECT id, title, author, body FROM posts") == [
        ["1", "Dune", "Frank Herbert", "Mine.\n\nFrom Goodreads."]
      ])
    #expect(
      try box.rows("SELECT id, post_id FROM questions ORDER BY id") == [["1", "1"], ["2", "1"]])
    #expect(try box.rows("SELECT id, post_id FROM highlights") == [["1", "1"]])
    #expect(try box.rows("SELECT post_id FROM favorites") == [["1"]])
    #expect(
      try box.rows("SELECT action, summary FROM journal_entries ORDER BY id DESC LIMIT 1") == [
        ["merge", "merge post 2 into post 1 'Dune'"]
      ])
    _ = try box.succeed(["undo"])
    #expect(
      try ["posts", "questions", "highlights", "favorites"].map {
        try box.rows("SELECT * FROM \($0) ORDER BY 1")
      } == before)
  }

  @Test(
    "what the first lacks comes from the second: author, source (ISBN), body; undo restores both")
  func fillsBlanks() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.add(
      "dune",
      ["--author", "Frank Herbert", "--source", "ISBN 9780441013593", "--body", "Read 2019."])
    let before = try box.rows("SELECT * FROM posts ORDER BY id")
    let result = try box.run(["merge", "1", "2", "--format", "json"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.contains("\"author\": \"Frank Herbert\""))
    #expect(
      try box.rows("SELECT id, title, author, source, body FROM posts") == [
        ["1", "Dune", "Frank Herbert", "ISBN 9780441013593", "Read 2019."]
      ])
    _ = try box.succeed(["undo"])
    #expect(try box.rows("SELECT * FROM posts ORDER BY id") == before)
  }

  @Test(
    "both with their own author, source and body: the first's stay, the second's named on stderr, bodies joined"
  )
  func differing() throws {
    let box = try Sandbox()
    _ = try box.add(
      "Dune", ["--author", "Frank Herbert", "--source", "ISBN 0441172717", "--body", "Mine."])
    _ = try box.add(
      "Dune", ["--author", "Brian Herbert", "--source", "ISBN 9780441013593", "--body", "Theirs."])
    let before = try box.rows("SELECT * FROM posts ORDER BY id")
    let result = try box.run(["merge", "1", "2"])
    #expect(result.status == 0)
    #expect(
      result.stderr == """
        memo: note: post 2's author "Brian Herbert" was not kept; post 1 keeps "Frank Herbert" ('memo undo' separates them again)
        memo: note: post 2's source "ISBN 9780441013593" was not kept; post 1 keeps "ISBN 0441172717" ('memo undo' separates them again)

        """)
    #expect(
      try box.rows("SELECT title, author, source, body FROM posts") == [
        ["Dune", "Frank Herbert", "ISBN 0441172717", "Mine.\n\nTheirs."]
      ])
    _ = try box.succeed(["undo"])
    #expect(try box.rows("SELECT * FROM posts ORDER BY id") == before)
    // --quiet: the notes too.
    #expect(try box.run(["merge", "1", "2", "--quiet"]).stderr == "")
  }

  @Test("both on the shelf: the earlier place stays, as the kept post's")
  func shelf() throws {
    let box = try twoDunes()
    _ = try box.succeed(["fav", "1"])  // after 2
    _ = try box.succeed(["merge", "1", "2"])
    #expect(try box.rows("SELECT post_id, position FROM favorites") == [["1", "1"]])
  }

  @Test("errors: the same post twice 64, an unknown post 1, a bad id 64; nothing written")
  func errors() throws {
    let box = try twoDunes()
    let same = try box.run(["merge", "1", "1"])
    #expect(same.status == 64)
    #expect(
      same.stderr
        == "memo: error: post 1 is the same post twice; give the two posts to join: memo merge KEEP OTHER\n"
    )
    let unknown = try box.run(["merge", "1", "9"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "memo: error: no post 9; 'memo list' shows the posts and their ids\n")
    #expect(try box.run(["merge", "1", "x"]).status == 64)
    #expect(try box.run(["merge", "1"]).status == 64)
    #expect(try box.rows("SELECT count(*) FROM posts") == [["2"]])
    #expect(try box.rows("SELECT count(*) FROM journal_entries WHERE action = 'merge'") == [["0"]])
  }
}
