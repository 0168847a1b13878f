import Foundation
import Testing

@Suite("the favorites shelf and question categories, run as a reader would")
struct FavoriteAndCategoryTests {
  @Test("fav puts posts on the shelf in the order given, each at most once; favorites keeps it")
  func shelfOrder() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    let fav = try box.run(["fav", "2", "1", "2", "--format", "table"])
    #expect(fav.status == 0)
    #expect(fav.stdout == "favorited post 2 \"Hyperion\"\nfavorited post 1 \"Dune\"\n")
    _ = try box.succeed(["fav", "1", "3", "--format", "table"])
    #expect(try box.ids(["favorites"]) == [2, 1, 3])
    #expect(
      try box.rows("SELECT post_id FROM favorites ORDER BY position") == [["2"], ["1"], ["3"]])
    #expect(try box.succeed(["unfav", "2", "--format", "table"]) == "unfavorited post 2 \"Hyperion\"\n")
    _ = try box.succeed(["fav", "2", "--format", "table"])
    #expect(try box.ids(["favorites"]) == [1, 3, 2])
    #expect(
      try box.succeed(["favorites"])
        .hasPrefix("1\tDune\tFrank Herbert\t4\ttrue\t2026-01-01T00:00:00.000Z\n"))
    #expect(try box.ids(["list", "--favorites"]) == [3, 2, 1])
    _ = try box.succeed(["unfav", "3", "2"])
    #expect(try box.ids(["favorites"]) == [1])
    #expect(try box.ids(["list", "--favorites"]) == [1])
  }

  @Test("JSON posts carry \"favorite\"; a favorite's head in the question tree has a star")
  func favoriteFlag() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    _ = try box.succeed(["fav", "1"])
    let posts = try box.jsonArray(["list"])
    #expect(posts.map { $0["favorite"] as? Bool } == [false, false, true])
    // A change prints the post's own fields: its question count (4), and no questions array it
    // did not read (an empty one would say the post has none).
    let unfaved = try box.jsonArray(["unfav", "1"])
    #expect(unfaved.first?["question_count"] as? Int == 4)
    #expect(unfaved.first?["questions"] == nil)
    _ = try box.succeed(["fav", "1"])
    let favorites = try box.jsonArray(["favorites"])
    #expect(favorites.map { $0["title"] as? String } == ["Dune"])
    #expect(favorites.first?["favorite"] as? Bool == true)
    #expect(
      try box.succeed(["list", "--favorites", "--starred", "--format", "table"]) == """
        filter: --starred  (--all ignores it; 'memo filter clear' removes it)
        1  Dune · Frank Herbert ♥
            ★ 1  Why does the spice matter?  [ecology]
            ★ 3  How do stillsuits work?  [physics]  ✓

        """)
  }

  @Test("rm of a post removes its questions and its place on the shelf; the rest keep their order")
  func rmPostLeavesShelf() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    _ = try box.succeed(["fav", "3", "1", "2"])
    let result = try box.run(["rm", "1", "--yes", "--format", "table"])
    #expect(result.status == 0)
    #expect(result.stdout == "deleted post 1 \"Dune\" (4 questions)\n")
    #expect(try box.rows("SELECT count(*) FROM questions WHERE post_id = 1") == [["0"]])
    #expect(try box.rows("SELECT count(*) FROM questions") == [["8"]])
    #expect(try box.rows("SELECT post_id FROM favorites ORDER BY position") == [["3"], ["2"]])
    #expect(try box.ids(["favorites"]) == [3, 2])
    #expect(try box.questionIDs(["--starred"]) == [12, 9, 7, 5])
    _ = try box.succeed(["fav", "3"])
    #expect(try box.rows("SELECT post_id FROM favorites ORDER BY position") == [["3"], ["2"]])
  }

  @Test("category list shows each name with its question count, ignoring case in the order")
  func categoryList() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    _ = try box.succeed(["category", "add", "Astronomy"])
    try box.execute("UPDATE categories SET created_at = '2026-02-01T00:00:00.000Z'")
    let stamp = "\t2026-02-01T00:00:00.000Z\n"
    #expect(
      try box.succeed(["category", "list"])
        == [
          "Astronomy\t0", "biology\t1", "culture\t1", "ecology\t1", "history\t2", "myth\t1",
          "physics\t4",
        ].map { $0 + stamp }.joined())
    let list = try box.jsonArray(["category", "list"])
    #expect(list.count == 7)
    #expect(Set(list[6].keys) == ["name", "question_count", "created_at"])
    #expect(list[6]["name"] as? String == "physics")
    #expect(list[6]["question_count"] as? Int == 4)
  }

  @Test("category add, rename (questions follow, case may change), rm of an unused one")
  func categoryLifecycle() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    #expect(
      try box.succeed(["category", "add", " Astronomy ", "--format", "table"]) == "added category \"Astronomy\"\n")
    #expect(
      try box.succeed(["category", "rename", "astronomy", "Stars", "--format", "table"])
        == "renamed category \"astronomy\" to \"Stars\"\n")
    #expect(try box.succeed(["category", "rm", "STARS", "--format", "table"]) == "deleted category \"Stars\"\n")
    #expect(try box.rows("SELECT count(*) FROM categories") == [["6"]])
    #expect(
      try box.succeed(["category", "rename", "history", "past", "--format", "table"])
        == "renamed category \"history\" to \"past\"\n")
    #expect(try box.questionIDs(["--category", "past"]) == [4, 2])
    _ = try box.succeed(["category", "rename", "PHYSICS", "Physics"])
    #expect(try box.rows("SELECT name FROM categories WHERE name = 'physics'") == [["Physics"]])
    #expect(try box.questionIDs(["--category", "physics"]) == [10, 7, 6, 3])
  }

  @Test("category rm is refused while questions use it; --force deletes it and keeps them")
  func categoryRmInUse() throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    try box.expectFailure(
      ["category", "rm", "physics"], status: 64,
      message: "the category 'physics' is used by 4 questions; pass --force to delete it anyway "
        + "(they keep no category)")
    try box.expectFailure(
      ["category", "rm", "Myth"], status: 64,
      message: "the category 'myth' is used by 1 question; pass --force to delete it anyway "
        + "(it keeps no category)")
    let forced = try box.run(["category", "rm", "physics", "--force", "--format", "table"])
    #expect(forced.status == 0)
    #expect(forced.stdout == "deleted category \"physics\"\n")
    #expect(
      try box.rows("SELECT id, category_id FROM questions WHERE id IN (3, 6, 7, 10) ORDER BY id")
        == [["3", "NULL"], ["6", "NULL"], ["7", "NULL"], ["10", "NULL"]])
    #expect(try box.rows("SELECT count(*) FROM questions") == [["12"]])
    #expect(try box.rows("SELECT count(*) FROM categories WHERE name = 'physics'") == [["0"]])
    try box.expectFailure(
      ["questions", "--category", "physics"], status: 1,
      message: "no category 'physics'; 'memo category list' shows them")
  }

  @Test(
    "shelf and category errors: exit status, one stderr line, nothing written",
    arguments: [
      (["category", "add", "Physics"], 64, "the category 'physics' exists already"),
      (["category", "add", "HISTORY"], 64, "the category 'history' exists already"),
      (
        ["category", "add", " "], 64,
        "give the category a name that is not blank and has no control characters"
      ),
      (
        ["category", "rename", "physics", "History"], 64,
        "the category 'History' exists already; pick another name"
      ),
      (
        ["category", "rename", "physics", ""], 64,
        "give the category a new name that is not blank and has no control characters"
      ),
      (["category", "rename", "nope", "x"], 1, FavoriteAndCategoryTests.noCategory),
      (["category", "rm", "nope"], 1, FavoriteAndCategoryTests.noCategory),
      (["category", "rm", "nope", "--force"], 1, FavoriteAndCategoryTests.noCategory),
      (["fav", "1", "99"], 1, "no post 99; 'memo list' shows the posts and their ids"),
      (["fav", "98", "2", "99"], 1, "no posts 98, 99; 'memo list' shows the posts and their ids"),
      (["unfav", "99"], 1, "no post 99; 'memo list' shows the posts and their ids"),
    ] as [([String], Int32, String)])
  func errors(arguments: [String], status: Int32, message: String) throws {
    let box = try Sandbox()
    try box.seedBookshelf()
    _ = try box.succeed(["fav", "2"])
    try box.expectFailure(arguments, status: status, message: message)
  }

  static let noCategory = "no category 'nope'; 'memo category list' shows them"
}

// MARK: - The reader's bookshelf, shared by the question, filter, shelf and category tests

extension Sandbox {
  /// The questions of `seedBookshelf`, question N at index N-1: (post, text, category, starred,
  /// answer).
  static let bookshelfQuestions: [(Int, String, String?, Bool, String?)] = [
    (1, "Why does the spice matter?", "ecology", true, nil),
    (1, "Who are the Fremen?", "history", false, nil),
    (1, "How do stillsuits work?", "physics", true, "They recycle water."),
    (1, "What is the Butlerian Jihad?", "history", false, nil),
    (2, "What is the Shrike?", "myth", true, nil),
    (2, "How do farcasters work?", "physics", false, nil),
    (
      2, "Why does time run backwards in the Tombs?", "physics", true,
      "The Time Tombs move backwards."
    ),
    (2, "Who is the Consul?", nil, false, nil),
    (3, "What is kemmer?", "biology", true, "A cycle."),
    (3, "How cold is Gethen?", "physics", false, nil),
    (3, "What is shifgrethor?", "culture", false, nil),
    (3, "Who is Estraven?", nil, true, nil),
  ]

  /// Three books and a dozen questions over six categories, some starred, some answered: the
  /// database `memo add`, `ask` and `answer` built once, copied into this sandbox. Post N was
  /// created on 2026-01-0N, question N at 2026-02-01T00:00:NN, so listings have a known order.
  func seedBookshelf() throws {
    let data = try Sandbox.bookshelf.get()
    let folder = (defaultDatabase as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    guard
      FileManager.default.createFile(
        atPath: defaultDatabase, contents: data, attributes: [.posixPermissions: 0o600])
    else { throw BookshelfError(description: "cannot write \(defaultDatabase)") }
  }

  /// The seeded database file, built once per test run.
  static let bookshelf: Result<Data, BookshelfError> = {
    do {
      let box = try Sandbox()
      try box.enterBookshelf()
      guard let data = FileManager.default.contents(atPath: box.defaultDatabase) else {
        throw BookshelfError(description: "no database after seeding")
      }
      return .success(data)
    } catch {
      return .failure(BookshelfError(description: "seeding failed: \(error)"))
    }
  }()

  /// Enters the bookshelf with the commands a reader would type.
  private func enterBookshelf() throws {
    _ = try add("Dune", ["--author", "Frank Herbert"])
    _ = try add("Hyperion", ["--author", "Dan Simmons"])
    _ = try add("The Left Hand of Darkness", ["--author", "Ursula K. Le Guin"])
    for (index, (post, text, category, starred, answer)) in Self.bookshelfQuestions.enumerated() {
      var arguments = ["ask", "\(post)", text]
      if let category { arguments += ["--category", category] }
      if starred { arguments.append("--star") }
      guard try succeed(arguments) == "\(index + 1)\n" else {
        throw BookshelfError(description: "ask did not print id \(index + 1)")
      }
      if let answer { try succeed(["answer", "\(index + 1)", answer]) }
    }
    try execute(
      """
      UPDATE posts SET created_at = '2026-01-0' || id || 'T00:00:00.000Z', updated_at = created_at;
      UPDATE questions SET created_at = printf('2026-02-01T00:00:%02d.000Z', id),
        updated_at = printf('2026-02-01T00:00:%02d.000Z', id);
      """)
  }

  /// Runs `memo` and requires it to succeed. - Returns: its stdout.
  @discardableResult
  func succeed(_ arguments: [String], input: String? = nil) throws -> String {
    let result = try run(arguments, input: input)
    guard result.status == 0 else { throw SandboxError.failed(result) }
    return result.stdout
  }

  /// The ids `memo questions ARGS` lists (plain output), in order.
  func questionIDs(_ arguments: [String]) throws -> [Int] {
    try ids(["questions"] + arguments)
  }

  /// The ids in the first column of a command's plain output, in order.
  func ids(_ arguments: [String]) throws -> [Int] {
    try succeed(arguments).split(separator: "\n").compactMap { Int($0.prefix { $0 != "\t" }) }
  }

  /// A command's `--format json` output, as an array of objects.
  func jsonArray(_ arguments: [String]) throws -> [[String: Any]] {
    let text = try succeed(arguments + ["--format", "json"])
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [[String: Any]], "not an array of objects: \(text)")
  }

  /// A command's `--format json` output, as one object.
  func jsonObject(_ arguments: [String]) throws -> [String: Any] {
    let text = try succeed(arguments + ["--format", "json"])
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [String: Any], "not an object: \(text)")
  }

  /// Every row of every table, with each table's row count: what a failed command must leave.
  func everyRow() throws -> [[String]] {
    try ["posts", "questions", "categories", "favorites", "saved_filters", "settings"].flatMap {
      try rows("SELECT '\($0)', count(*) FROM \($0)") + rows("SELECT * FROM \($0)")
    }
  }

  /// Runs a command that must fail with `status` and exactly `memo: error: message` on stderr,
  /// printing nothing and changing no row.
  func expectFailure(
    _ arguments: [String], status: Int32, message: String, input: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = try everyRow()
    let result = try run(arguments, input: input)
    #expect(result.status == status, "\(arguments)", sourceLocation: sourceLocation)
    #expect(result.stdout == "", sourceLocation: sourceLocation)
    #expect(result.stderr == "memo: error: \(message)\n", sourceLocation: sourceLocation)
    #expect(
      try everyRow() == before, "\(arguments) changed the database", sourceLocation: sourceLocation)
  }
}

struct BookshelfError: Error, CustomStringConvertible {
  var description: String
}
