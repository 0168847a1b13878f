import Foundation
import Testing

@Suite("post commands, run as a user would")
struct PostCommandTests {
  @Test("add prints only the new id, and the post is stored with UUID and RFC 3339 times")
  func addPrintsID() throws {
    let box = try Sandbox()
    let result = try box.run([
      "add", "Dune", "--author", "Frank Herbert", "--source", "9780441013593",
    ])
    #expect(result.status == 0)
    #expect(result.stdout == "1\n")
    #expect(result.stderr == "")
    let rows = try box.rows(
      "SELECT id, title, author, body, source, uuid, created_at, updated_at FROM posts")
    #expect(rows.count == 1)
    let row = try #require(rows.first)
    #expect(Array(row[0..<5]) == ["1", "Dune", "Frank Herbert", "NULL", "9780441013593"])
    #expect(
      row[5].range(
        of: #"^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"#,
        options: .regularExpression) != nil)
    #expect(
      row[6].range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression)
        != nil)
    #expect(row[6] == row[7])
  }

  @Test("add --body - reads the body from stdin, without its last line break")
  func addBodyFromStdin() throws {
    let box = try Sandbox()
    let result = try box.run(["add", "Hyperion", "--body", "-"], input: "line one\nline two\n")
    #expect(result.status == 0)
    #expect(try box.rows("SELECT body FROM posts") == [["line one\nline two"]])
  }

  @Test("add --format json prints the new post as one object")
  func addJSON() throws {
    let box = try Sandbox()
    let result = try box.run(["add", "Dune", "--format", "json"])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["id"] as? Int == 1)
    #expect(object["title"] as? String == "Dune")
    #expect(object["author"] is NSNull)
    #expect(object["favorite"] as? Bool == false)
    #expect((object["questions"] as? [Any])?.isEmpty == true)
  }

  @Test("list shows posts newest first; plain output is one tab-separated line per post")
  func listPlain() throws {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--author", "Frank Herbert"])
    _ = try box.add("Hyperion")
    try box.execute(
      """
      UPDATE posts SET created_at = '2026-01-01T10:00:00.000Z' WHERE id = 1;
      UPDATE posts SET created_at = '2026-02-01T10:00:00.000Z' WHERE id = 2;
      """)
    let result = try box.run(["list"])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "2\tHyperion\t\t0\tfalse\t2026-02-01T10:00:00.000Z\n"
        + "1\tDune\tFrank Herbert\t0\tfalse\t2026-01-01T10:00:00.000Z\n")
  }

  @Test("list --format json is an array of posts with snake_case keys in a fixed order")
  func listJSON() throws {
    let box = try Sandbox()
    _ = try box.add("Dune", ["--author", "Frank Herbert"])
    try box.execute(
      "UPDATE posts SET uuid = 'u-1', created_at = '2026-01-01T10:00:00.000Z', updated_at = '2026-01-02T10:00:00.000Z'"
    )
    let result = try box.run(["list", "--format", "json"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        [
          {
            "id": 1,
            "uuid": "u-1",
            "title": "Dune",
            "author": "Frank Herbert",
            "body": null,
            "source": null,
            "favorite": false,
            "question_count": 0,
            "created_at": "2026-01-01T10:00:00.000Z",
            "updated_at": "2026-01-02T10:00:00.000Z",
            "questions": []
          }
        ]

        """)
    let lines = try box.run(["list", "--format", "jsonl"])
    #expect(
      lines.stdout
        == #"{"id":1,"uuid":"u-1","title":"Dune","author":"Frank Herbert","body":null,"source":null,"favorite":false,"question_count":0,"created_at":"2026-01-01T10:00:00.000Z","updated_at":"2026-01-02T10:00:00.000Z","questions":[]}"#
        + "\n")
  }

  @Test("an empty list is success with empty output, and does not create the database")
  func emptyList() throws {
    let box = try Sandbox()
    let result = try box.run(["list"])
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(try box.run(["list", "--format", "json"]).stdout == "[]\n")
    #expect(!FileManager.default.fileExists(atPath: box.defaultDatabase))
  }

  @Test("CSV is RFC 4180 with a header; TSV escapes tabs and line breaks")
  func csvAndTSV() throws {
    let box = try Sandbox()
    _ = try box.add("Say \"hi\", world", ["--body", "a\tb\nc"])
    try box.execute(
      "UPDATE posts SET uuid = 'u', created_at = '2026-01-01T00:00:00.000Z', updated_at = '2026-01-01T00:00:00.000Z'"
    )
    let csv = try box.run(["list", "--format", "csv"])
    #expect(
      csv.stdout
        == "id,uuid,title,author,body,source,favorite,question_count,created_at,updated_at\r\n"
        + "1,u,\"Say \"\"hi\"\", world\",,\"a\tb\nc\",,false,0,2026-01-01T00:00:00.000Z,2026-01-01T00:00:00.000Z\r\n"
    )
    let tsv = try box.run(["list", "--format", "tsv"])
    #expect(
      tsv.stdout
        == "id\tuuid\ttitle\tauthor\tbody\tsource\tfavorite\tquestion_count\tcreated_at\tupdated_at\n"
        + "1\tu\tSay \"hi\", world\t\ta\\tb\\nc\t\tfalse\t0\t2026-01-01T00:00:00.000Z\t2026-01-01T00:00:00.000Z\n"
    )
  }

  @Test("list sorts by title or update time, reverses, filters by author, pages")
  func listOptions() throws {
    let box = try Sandbox()
    _ = try box.add("banana", ["--author", "Ann 100%"])
    _ = try box.add("Apple", ["--author", "Bob"])
    _ = try box.add("cherry", ["--author", "ann lee"])
    try box.execute(
      """
      UPDATE posts SET created_at = '2026-01-0' || id || 'T00:00:00.000Z',
                       updated_at = '2026-03-0' || (4 - id) || 'T00:00:00.000Z';
      """)
    func ids(_ args: [String]) throws -> [String] {
      try box.run(["list"] + args).stdout.split(separator: "\n").map {
        String($0.split(separator: "\t")[0])
      }
    }
    #expect(try ids([]) == ["3", "2", "1"])
    #expect(try ids(["--reverse"]) == ["1", "2", "3"])
    #expect(try ids(["--sort", "title"]) == ["2", "1", "3"])
    #expect(try ids(["--sort", "title", "--reverse"]) == ["3", "1", "2"])
    #expect(try ids(["--sort", "updated"]) == ["1", "2", "3"])
    #expect(try ids(["--author", "ANN"]) == ["3", "1"])
    #expect(try ids(["--author", "100%"]) == ["1"])
    #expect(try ids(["--author", "%"]) == ["1"])
    #expect(try ids(["--limit", "1", "--offset", "1"]) == ["2"])
    #expect(try ids(["--since", "2026-01-02"]) == ["3", "2"])
    #expect(try ids(["--until", "2026-01-02"]) == ["2", "1"])
    #expect(
      try ids(["--since", "2026-01-02T00:00:00Z", "--until", "2026-01-02T00:00:00Z"]) == ["2"])
  }

  @Test("show prints the post as a page, and as one JSON object")
  func show() throws {
    let box = try Sandbox()
    let id = try box.add(
      "Dune", ["--author", "Frank Herbert", "--body", "Spice.", "--source", "isbn"])
    try box.execute(
      "UPDATE posts SET uuid = 'u', created_at = '2026-01-01T10:00:00.000Z', updated_at = '2026-01-01T10:00:00.000Z'"
    )
    let page = try box.run(["show", "\(id)", "--format", "table", "--color", "never"])
    #expect(page.status == 0)
    #expect(
      page.stdout == """
        Dune
        post 1 · by Frank Herbert · 0 questions
        source: isbn
        created 2026-01-01 10:00 · updated 2026-01-01 10:00 · u

        Spice.

        """)
    let json = try box.run(["show", "\(id)", "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["body"] as? String == "Spice.")
  }

  @Test("edit with field flags changes those fields and updated_at; \"\" clears a field")
  func editFlags() throws {
    let box = try Sandbox()
    let id = try box.add("Dune", ["--author", "Frank Herbert", "--source", "isbn"])
    try box.execute("UPDATE posts SET updated_at = '2000-01-01T00:00:00.000Z'")
    let result = try box.run(["edit", "\(id)", "--title", "Dune Messiah", "--author", ""])
    #expect(result.status == 0)
    #expect(result.stdout == "1\n")
    let row = try box.rows("SELECT title, author, source, updated_at > '2000-01-01' FROM posts")
    #expect(row == [["Dune Messiah", "NULL", "isbn", "1"]])
  }

  @Test("edit with no flag opens $EDITOR on the post; the saved fields and body are stored")
  func editInEditor() throws {
    let box = try Sandbox()
    let id = try box.add("Dune", ["--body", "old body"])
    let script = box.root + "/editor.sh"
    try """
    #!/bin/sh
    sed -i -e 's/^title: .*/title: Children of Dune/' -e 's/^author: .*/author: F. H./' -e 's/^old body$/new body/' "$1"
    """.write(toFile: script, atomically: true, encoding: .utf8)
    chmod(script, 0o755)
    let result = try box.run(["edit", "\(id)"], environment: ["EDITOR": script])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try box.rows("SELECT title, author, body FROM posts") == [
        ["Children of Dune", "F. H.", "new body"]
      ])
  }

  @Test("edit in an editor that saves nothing new changes nothing, not even updated_at")
  func editUnchanged() throws {
    let box = try Sandbox()
    let id = try box.add("Dune", ["--body", "text"])
    let before = try box.rows("SELECT * FROM posts")
    let result = try box.run(["edit", "\(id)"], environment: ["EDITOR": "true", "VISUAL": ""])
    #expect(result.status == 0)
    #expect(result.stderr == "memo: no change to post 1\n")
    #expect(try box.rows("SELECT * FROM posts") == before)
  }

  @Test("$VISUAL wins over $EDITOR")
  func visualWins() throws {
    let box = try Sandbox()
    let id = try box.add("Dune")
    let result = try box.run(
      ["edit", "\(id)"],
      environment: ["VISUAL": "sed -i 's/^title: .*/title: V/'", "EDITOR": "false"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try box.rows("SELECT title FROM posts") == [["V"]])
  }

  @Test("rm --yes deletes the posts with their questions and shelf places")
  func rmCascades() throws {
    let box = try Sandbox()
    let dune = try box.add("Dune")
    let other = try box.add("Other")
    try box.execute(
      """
      INSERT INTO questions (uuid, post_id, text, created_at, updated_at)
        VALUES ('q1', \(dune), 'Why spice?', 'x', 'x'), ('q2', \(dune), 'Who?', 'x', 'x'),
               ('q3', \(other), 'Keep me', 'x', 'x');
      INSERT INTO favorites (post_id, position, added_at) VALUES (\(dune), 1, 'x');
      """)
    let result = try box.run(["rm", "\(dune)", "--yes", "--format", "table"])
    #expect(result.status == 0)
    #expect(result.stdout == "deleted post 1 \"Dune\" (2 questions)\n")
    #expect(try box.rows("SELECT id FROM posts") == [["2"]])
    #expect(try box.rows("SELECT uuid FROM questions") == [["q3"]])
    #expect(try box.rows("SELECT count(*) FROM favorites") == [["0"]])
  }

  @Test("rm of several posts where one is missing deletes none of them")
  func rmAllOrNothing() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    let result = try box.run(["rm", "1", "7", "9", "--yes"])
    #expect(result.status == 1)
    #expect(
      result.stderr == "memo: error: no posts 7, 9; 'memo list' shows the posts and their ids\n")
    #expect(try box.rows("SELECT count(*) FROM posts") == [["1"]])
  }

  @Test("--quiet silences rm's report; --format json reports the deleted posts")
  func rmOutputs() throws {
    let box = try Sandbox()
    _ = try box.add("A")
    _ = try box.add("B")
    #expect(try box.run(["rm", "1", "--yes", "--quiet", "--format", "table"]).stdout == "")
    let json = try box.run(["rm", "2", "--yes", "--format", "json"])
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(array.map { $0["title"] as? String } == ["B"])
  }
}
