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

  @Test("questions, highlights and the shelf place move to the first; bodies joined; one undo separates them")
  func merge() throws {
    let box = try twoDunes()
    let before = try ["posts", "questions", "highlights", "favorites"].map {
      try box.rows("SELECT * FROM \($0) ORDER BY 1")
    }
    let result = try box.run(["merge", "1", "2", "--format", "table"])
    #expect(result.status == 0)
    #expect(result.stdout == "merged post 2 into post 1 \"Dune\"\n")
    #expect(result.stderr == "")
    #expect(
      try box.rows("SELECT id, title, author, body FROM posts") == [
        ["1", "Dune", "Frank Herbert", "Mine.\n\nFrom Goodreads."]
      ])
    #expect(try box.rows("SELECT id, post_id FROM questions ORDER BY id") == [["1", "1"], ["2", "1"]])
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
