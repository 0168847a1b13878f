import Foundation
import Testing

/// `memo import` of KOReader's files and Readwise's CSV export, through the binary.
@Suite("importing KOReader and Readwise highlights")
struct ReaderImportTests {
  /// A sidecar in KOReader's current shape: a highlight with a question as its note, one with
  /// a plain note, and a page bookmark.
  static let dune = """
    -- we can read Lua syntax here!
    return {
        ["annotations"] = {
            [1] = {
                ["chapter"] = "Prologue",
                ["datetime"] = "2023-05-14 23:36:07",
                ["drawer"] = "lighten",
                ["note"] = "Why is fear a killer?",
                ["page"] = "/body/DocFragment[5]/body/p[1]/text().0",
                ["pageno"] = 3,
                ["pos0"] = "/body/DocFragment[5]/body/p[1]/text().0",
                ["pos1"] = "/body/DocFragment[5]/body/p[1]/text().24",
                ["text"] = "Fear is the mind-killer.",
            },
            [2] = {
                ["datetime"] = "2023-05-15 08:00:00",
                ["page"] = "/body/DocFragment[6]/body/p[2]/text().0",
                ["pageno"] = 9,
                ["text"] = "in Prologue",
            },
            [3] = {
                ["chapter"] = "Prologue",
                ["datetime"] = "2023-01-02 10:00:00",
                ["drawer"] = "underscore",
                ["note"] = "The litany.",
                ["page"] = "/body/DocFragment[7]/body/p[2]/text().0",
                ["pageno"] = 12,
                ["pos0"] = "/body/DocFragment[7]/body/p[2]/text().0",
                ["pos1"] = "/body/DocFragment[7]/body/p[2]/text().20",
                ["text"] = "I will face my fear.",
            },
        },
        ["doc_path"] = "/mnt/onboard/Books/Dune.epub",
        ["doc_props"] = {
            ["authors"] = "Frank Herbert",
            ["title"] = "Dune",
        },
    }
    """

  /// The older shape, in a docsettings tree, without doc_props: the title comes from the folder.
  static let emma = """
    return {
        ["bookmarks"] = {
            [1] = {
                ["datetime"] = "2022-07-01 12:00:00",
                ["highlighted"] = true,
                ["notes"] = "It is a truth universally acknowledged.",
                ["page"] = 1,
                ["pos0"] = "/body/DocFragment[2]/body/p[1]/text().0",
                ["text"] = "Page 1 Chapter 1 @ 2022-07-01 12:00:00",
            },
        },
        ["highlight"] = {
            [1] = {
                [1] = {
                    ["datetime"] = "2022-07-01 12:00:00",
                    ["drawer"] = "lighten",
                    ["pos0"] = "/body/DocFragment[2]/body/p[1]/text().0",
                    ["text"] = "It is a truth universally acknowledged.",
                },
            },
        },
    }
    """

  func device(_ box: Sandbox) throws -> String {
    let root = box.root + "/device"
    let files = [
      "Books/Dune.sdr/metadata.epub.lua": Self.dune,
      ".adds/koreader/docsettings/mnt/onboard/Books/Emma.sdr/metadata.epub.lua": Self.emma,
    ]
    for (path, text) in files {
      let full = root + "/" + path
      try FileManager.default.createDirectory(
        atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: full, atomically: true, encoding: .utf8)
    }
    return root
  }

  @Test("a device's folder: books, highlights, notes, a question, the bookmark skipped; local times read in TZ; re-import adds nothing")
  func koreaderTree() throws {
    let box = try Sandbox()
    box.environment["TZ"] = "Europe/Berlin"
    let root = try device(box)
    let dry = try box.run(["import", root, "--dry-run"])
    #expect(dry.status == 0)
    #expect(dry.stdout.hasPrefix("would be: "))
    #expect(!FileManager.default.fileExists(atPath: box.defaultDatabase))
    let result = try box.run(["import", root])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout
        == "6 added, 0 updated, 0 unchanged: 2 books (2 new), 3 highlights, 1 note, 1 question; skipped 1 bookmark, 0 placeholders, 0 duplicates\n"
    )
    #expect(
      try box.rows("SELECT id, title, author, created_at FROM posts ORDER BY id") == [
        ["1", "Emma", "NULL", "2022-07-01T10:00:00.000Z"],
        ["2", "Dune", "Frank Herbert", "2023-01-02T09:00:00.000Z"],
      ])
    #expect(
      try box.rows(
        "SELECT post_id, text, note, chapter, page, highlighted_at, source FROM highlights ORDER BY id")
        == [
          ["1", "It is a truth universally acknowledged.", "NULL", "NULL", "1", "2022-07-01T10:00:00.000Z", "koreader"],
          ["2", "Fear is the mind-killer.", "NULL", "Prologue", "3", "2023-05-14T21:36:07.000Z", "koreader"],
          ["2", "I will face my fear.", "The litany.", "Prologue", "12", "2023-01-02T09:00:00.000Z", "koreader"],
        ])
    #expect(
      try box.rows("SELECT post_id, text, highlight_id, created_at FROM questions") == [
        ["2", "Why is fear a killer?", "2", "2023-05-14T21:36:07.000Z"]
      ])
    let again = try box.run(["import", root])
    #expect(
      again.stdout
        == "0 added, 0 updated, 3 unchanged: 2 books (0 new), 0 highlights, 0 notes, 0 questions; skipped 1 bookmark, 0 placeholders, 3 duplicates\n"
    )
    // One .sdr folder, and the sidecar itself, are the same highlights.
    #expect(try box.run(["import", root + "/Books/Dune.sdr"]).stdout.hasPrefix("0 added"))
    #expect(
      try box.run(["import", root + "/Books/Dune.sdr/metadata.epub.lua"]).stdout.hasPrefix("0 added"))
    #expect(try box.rows("SELECT count(*) FROM highlights") == [["3"]])
    #expect(try box.rows("SELECT count(*) FROM questions") == [["1"]])
  }

  /// A sidecar of one book with `annotations` (text, xpointer start, page).
  static func sidecar(_ annotations: [(String, String, Int)]) -> String {
    var lua = "return {\n    [\"annotations\"] = {\n"
    for (index, (text, start, page)) in annotations.enumerated() {
      lua += """
                [\(index + 1)] = {
                    ["datetime"] = "2023-05-14 23:36:0\(index)",
                    ["drawer"] = "lighten",
                    ["page"] = "\(start)",
                    ["pageno"] = \(page),
                    ["pos0"] = "\(start)",
                    ["pos1"] = "\(start)x",
                    ["text"] = "\(text)",
                },

        """
    }
    return lua + "    },\n    [\"doc_props\"] = { [\"authors\"] = \"Frank Herbert\", [\"title\"] = \"Dune\" },\n}\n"
  }

  @Test(
    "KOReader: a highlight extended on the device replaces the shorter one (its note and star stay), unless its text was edited here; two highlights at one place both stay"
  )
  func koreaderExtended() throws {
    let box = try Sandbox()
    let file = box.root + "/metadata.epub.lua"
    let fear = "/body/DocFragment[5]/body/p[1]/text().0"
    let face = "/body/DocFragment[7]/body/p[2]/text().0"
    try Self.sidecar([("Fear is the mind-killer.", fear, 3), ("I will face", face, 12)]).write(
      toFile: file, atomically: true, encoding: .utf8)
    _ = try box.succeed(["import", file])
    _ = try box.succeed(["highlight", "star", "1"])
    _ = try box.succeed(["highlight", "edit", "1", "--note", "The litany."])
    _ = try box.succeed(["highlight", "edit", "2", "--text", "I will face it"])
    // Both extended on the device; a second, different highlight from the first's start.
    try Self.sidecar([
      ("Fear is the mind-killer. Fear is the little-death.", fear, 3),
      ("Fear", fear, 3),
      ("I will face my fear.", face, 12),
    ]).write(toFile: file, atomically: true, encoding: .utf8)
    let again = try box.run(["import", file])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.hasPrefix("2 added, 1 updated, 0 unchanged"), "\(again.stdout)")
    #expect(
      try box.rows("SELECT id, text, note, starred FROM highlights ORDER BY id") == [
        ["1", "Fear is the mind-killer. Fear is the little-death.", "The litany.", "1"],
        ["2", "I will face it", "NULL", "0"],
        ["3", "Fear", "NULL", "0"],
        ["4", "I will face my fear.", "NULL", "0"],
      ])
    // The same file again changes nothing; so does the first, older file.
    #expect(try box.run(["import", file]).stdout.hasPrefix("0 added, 0 updated"))
    try Self.sidecar([("Fear is the mind-killer.", fear, 3), ("I will face", face, 12)]).write(
      toFile: file, atomically: true, encoding: .utf8)
    #expect(try box.run(["import", file]).stdout.hasPrefix("0 added, 0 updated"))
    #expect(try box.rows("SELECT count(*) FROM highlights") == [["4"]])
  }

  /// Passages longer than the 32 bytes the in-memory lookup keys by: the longest shorter version
  /// on the page is replaced, and one replaced is not replaced again by the next longer one.
  @Test(
    "KOReader: long passages extended twice in one file replace the longest shorter one, each once")
  func koreaderExtendedLong() throws {
    let box = try Sandbox()
    let file = box.root + "/metadata.epub.lua"
    let a = "He who controls the spice controls the universe."
    let b = a + " The spice must flow."
    try Self.sidecar([(a, "/p[1].0", 7), (b, "/p[2].0", 7), (a, "/p[3].0", 8)]).write(
      toFile: file, atomically: true, encoding: .utf8)
    _ = try box.succeed(["import", file])
    try Self.sidecar([
      (b + " Fear.", "/p[4].0", 7), (b + " Fear. Hope.", "/p[5].0", 7), (a, "/p[3].0", 8),
    ]).write(toFile: file, atomically: true, encoding: .utf8)
    let again = try box.run(["import", file])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.hasPrefix("0 added, 2 updated, 1 unchanged"), "\(again.stdout)")
    #expect(
      try box.rows("SELECT id, text, page FROM highlights ORDER BY id") == [
        ["1", b + " Fear. Hope.", "7"],
        ["2", b + " Fear.", "7"],
        ["3", a, "8"],
      ])
  }

  /// Both shapes: a sidecar with a highlight whose text a later one extends, in one file.
  @Test("KOReader: a short and a longer highlight from one start in the same file both stay")
  func koreaderBothInOneFile() throws {
    let box = try Sandbox()
    let file = box.root + "/metadata.epub.lua"
    let fear = "/body/DocFragment[5]/body/p[1]/text().0"
    try Self.sidecar([("Fear", fear, 3), ("Fear is the mind-killer.", fear, 3)]).write(
      toFile: file, atomically: true, encoding: .utf8)
    _ = try box.succeed(["import", file])
    #expect(try box.rows("SELECT text FROM highlights ORDER BY id") == [["Fear"], ["Fear is the mind-killer."]])
  }

  @Test("the exporter's JSON is detected, and its highlights are the sidecar's (one each)")
  func koreaderJSON() throws {
    let box = try Sandbox()
    box.environment["TZ"] = "Europe/Berlin"
    let root = try device(box)
    let json = box.root + "/KOReader-highlights.json"
    try """
    {
        "author": "Frank Herbert",
        "created_on": 1700000000,
        "entries": [
            {
                "chapter": "Prologue",
                "drawer": "lighten",
                "note": "Why is fear a killer?",
                "page": 3,
                "pn_xp": "/body/DocFragment[5]/body/p[1]/text().0",
                "sort": "highlight",
                "text": "Fear is the mind-killer.",
                "time": 1684100167
            }
        ],
        "file": "/mnt/onboard/Books/Dune.epub",
        "number_of_pages": 600,
        "title": "Dune",
        "version": "v2024.07"
    }
    """.write(toFile: json, atomically: true, encoding: .utf8)
    let first = try box.run(["import", json])
    #expect(first.status == 0)
    #expect(
      first.stdout
        == "3 added, 0 updated, 0 unchanged: 1 book (1 new), 1 highlight, 0 notes, 1 question; skipped 0 bookmarks, 0 placeholders, 0 duplicates\n"
    )
    let tree = try box.run(["import", root])
    #expect(tree.stdout.hasPrefix("3 added, 0 updated, 1 unchanged: 2 books (1 new), 2 highlights, 1 note, 0 questions"))
    #expect(try box.rows("SELECT count(*) FROM highlights WHERE text = 'Fear is the mind-killer.'") == [["1"]])
    #expect(try box.rows("SELECT count(*) FROM posts WHERE title = 'Dune'") == [["1"]])
  }

  @Test(
    "KOReader: the exporter's JSON without pn_xp (a PDF) and the sidecar are one highlight, whichever comes first, in any time zone; the passage highlighted again another day stays"
  )
  func koreaderJSONAndSidecarWithoutPlace() throws {
    // A PDF: the sidecar's pos0 is a table (no xpointer), so only the page places it; the
    // exporter wrote no pn_xp. The device's clock: Berlin (23:36:07 there is 21:36:07 UTC).
    // The JSON's second entry is the passage highlighted again five days later.
    let sidecar = """
      return {
          ["annotations"] = {
              [1] = {
                  ["datetime"] = "2023-05-14 23:36:07",
                  ["drawer"] = "lighten",
                  ["note"] = "The litany.",
                  ["page"] = 3,
                  ["pos0"] = { ["page"] = 3, ["x"] = 10, ["y"] = 20 },
                  ["pos1"] = { ["page"] = 3, ["x"] = 200, ["y"] = 40 },
                  ["text"] = "Fear is the mind-killer.",
              },
          },
          ["doc_props"] = { ["authors"] = "Frank Herbert", ["title"] = "Dune" },
      }

      """
    let json = """
      {"title": "Dune", "author": "Frank Herbert", "entries": [
        {"text": " Fear is the mind-killer. ", "note": "The litany.", "page": 3, "time": 1684100167,
         "chapter": "Prologue", "drawer": "lighten", "sort": "highlight"},
        {"text": "Fear is the mind-killer.", "page": 3, "time": 1684569600}]}

      """
    for (order, zone) in [(["json", "lua"], "Europe/Berlin"), (["lua", "json"], "Europe/Berlin"),
      (["json", "lua"], "America/New_York")]
    {
      let box = try Sandbox()
      box.environment["TZ"] = zone
      let files = ["json": box.root + "/KOReader-highlights.json", "lua": box.root + "/metadata.pdf.lua"]
      try json.write(toFile: files["json"]!, atomically: true, encoding: .utf8)
      try sidecar.write(toFile: files["lua"]!, atomically: true, encoding: .utf8)
      for name in order {
        let result = try box.run(["import", files[name]!])
        #expect(result.status == 0, "\(order) \(zone): \(result.stderr)")
      }
      #expect(
        try box.rows("SELECT count(*), count(DISTINCT post_id) FROM highlights") == [["2", "1"]],
        "\(order) \(zone)")
      #expect(
        try box.rows("SELECT count(*) FROM highlights WHERE note = 'The litany.'") == [["1"]],
        "\(order) \(zone)")
      // Both files again: nothing more.
      for name in order { #expect(try box.run(["import", files[name]!]).stdout.hasPrefix("0 added")) }
      #expect(try box.rows("SELECT count(*) FROM highlights") == [["2"]])
    }
  }

  @Test("--strict makes an unreadable date an error; without it, a warning naming the file and the place")
  func koreaderDates() throws {
    let box = try Sandbox()
    _ = try box.add("keep")
    let file = box.root + "/metadata.epub.lua"
    try Self.dune.replacingOccurrences(of: "2023-01-02 10:00:00", with: "02.01.2023 10:00")
      .write(toFile: file, atomically: true, encoding: .utf8)
    let strict = try box.run(["import", file, "--strict"])
    #expect(strict.status == 65)
    #expect(strict.stderr.hasPrefix("memo: error: \(file): annotations[3]: '02.01.2023 10:00' is not a date"))
    #expect(try box.rows("SELECT title FROM posts") == [["keep"]])
    let lenient = try box.run(["import", file])
    #expect(lenient.status == 0)
    #expect(
      lenient.stderr
        == "memo: warning: \(file): annotations[3]: '02.01.2023 10:00' is not a date; kept without one\n")
    #expect(lenient.stdout.hasSuffix("; 1 not fully read (see the warnings)\n"))
    #expect(
      try box.rows("SELECT highlighted_at FROM highlights WHERE page = '12'") == [["NULL"]])
  }

  @Test("a malformed sidecar is 65 naming the file, line and column; a missing path is 66")
  func koreaderErrors() throws {
    let box = try Sandbox()
    let file = box.root + "/Dune.sdr/metadata.epub.lua"
    try FileManager.default.createDirectory(
      atPath: box.root + "/Dune.sdr", withIntermediateDirectories: true)
    try "return {\n  [\"doc_props\"] = { [\"title\"] = \"Dune\" \n".write(
      toFile: file, atomically: true, encoding: .utf8)
    let bad = try box.run(["import", box.root + "/Dune.sdr"])
    #expect(bad.status == 65)
    #expect(bad.stderr.hasPrefix("memo: error: \(file): line 3, column 1: "))
    #expect(try box.run(["import", box.root + "/missing.sdr"]).status == 66)
    #expect(try box.run(["import", box.root + "/missing"]).status == 66)
    #expect(try box.run(["import", box.root + "/missing.lua"]).status == 66)
    try FileManager.default.createDirectory(
      atPath: box.root + "/empty", withIntermediateDirectories: true)
    let empty = try box.run(["import", box.root + "/empty"])
    #expect(empty.status == 66)
    #expect(empty.stderr.contains("found nothing to import in \(box.root)/empty: no KOReader sidecars"))
  }

  @Test(
    "a folder with a sidecar Lua refuses (a line break inside a quoted string) imports the rest, names the file and line, counts it skipped; --strict is 65 with nothing imported"
  )
  func koreaderFolderWithUnreadableFile() throws {
    let box = try Sandbox()
    let root = try device(box)
    let bad = root + "/Books/Broken.sdr/metadata.epub.lua"
    try FileManager.default.createDirectory(
      atPath: root + "/Books/Broken.sdr", withIntermediateDirectories: true)
    try Self.sidecar([("A line\nbroken", "/p[1].0", 1)]).write(
      toFile: bad, atomically: true, encoding: .utf8)
    let strict = try box.run(["import", root, "--strict"])
    #expect(strict.status == 65)
    #expect(
      strict.stderr.hasPrefix(
        "memo: error: \(bad): line 10, column 31: a line break inside a quoted string"),
      "\(strict.stderr)")
    #expect(strict.stderr.contains("nothing was imported"))
    #expect(try box.rows("SELECT count(*) FROM posts") == [["0"]])
    let result = try box.run(["import", root])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr
        == "memo: warning: \(bad): line 10, column 31: a line break inside a quoted string (Lua writes it as \\ and a line break); not a Lua data file memo can read; this file is not imported\n"
    )
    #expect(
      result.stdout
        == "6 added, 0 updated, 0 unchanged: 2 books (2 new), 3 highlights, 1 note, 1 question; skipped 1 bookmark, 0 placeholders, 0 duplicates, 1 unreadable file\n"
    )
    #expect(try box.rows("SELECT title FROM posts ORDER BY id") == [["Emma"], ["Dune"]])
    let json = try box.run(["import", root, "--summary-format", "jsonl"])
    #expect(
      json.stdout.contains(
        #""skipped":{"bookmarks":1,"placeholders":0,"duplicates":3,"deleted_on_device":0,"books_deleted_here":0,"incomplete":0,"empty":0,"without_header":0,"unreadable_files":1}"#
      ), "\(json.stdout)")
  }

  static let readwise = """
    Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at,Document tags
    "Fear is the mind-killer.",Dune,Frank Herbert,B00B7NPRY8,".h1 Why is fear a killer?",yellow,,location,140,2023-05-14 21:36:07+00:00,
    "I will face my fear.",Dune,Frank Herbert,B00B7NPRY8,".c1 .favorite",,,location,150,,
    "Read slowly.",How to Read,Jane Doe,,"A good rule. .tip",,,order,1,2024-01-01 10:00:00+00:00,articles

    """

  @Test("Readwise: detected by its header; tags stripped; a question; no date stays unknown; re-import adds nothing")
  func readwiseCSV() throws {
    let box = try Sandbox()
    let file = box.root + "/readwise-data.csv"
    try Self.readwise.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try box.run(["import", file])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "6 added, 0 updated, 0 unchanged: 2 books (2 new), 3 highlights, 1 note, 1 question; skipped 0 bookmarks, 0 placeholders, 0 duplicates\n"
    )
    #expect(
      try box.rows("SELECT title, author, source FROM posts ORDER BY id") == [
        ["Dune", "Frank Herbert", "B00B7NPRY8"], ["How to Read", "Jane Doe", "NULL"],
      ])
    #expect(
      try box.rows("SELECT text, note, location, highlighted_at, source FROM highlights ORDER BY id") == [
        ["Fear is the mind-killer.", "NULL", "140", "2023-05-14T21:36:07.000Z", "readwise"],
        ["I will face my fear.", "NULL", "150", "NULL", "readwise"],
        ["Read slowly.", "A good rule.", "NULL", "2024-01-01T10:00:00.000Z", "readwise"],
      ])
    #expect(try box.rows("SELECT text, highlight_id FROM questions") == [["Why is fear a killer?", "1"]])
    let again = try box.run(["import", file, "--summary-format", "jsonl"])
    #expect(
      again.stdout
        == #"{"added":0,"updated":0,"unchanged":3,"deleted":0,"dry_run":false,"books":2,"new_books":0,"highlights":0,"notes":0,"questions":0,"replaced":0,"changed_on_device":0,"kept_edited":0,"skipped":{"bookmarks":0,"placeholders":0,"duplicates":3,"deleted_on_device":0,"books_deleted_here":0,"incomplete":0,"empty":0,"without_header":0},"unreadable":0}"#
        + "\n")
  }

  @Test("Readwise from stdin with --format; a malformed row is 65 naming the line and writes nothing")
  func readwiseErrors() throws {
    let box = try Sandbox()
    let piped = try box.run(["import", "-", "--format", "readwise"], input: Self.readwise)
    #expect(piped.status == 0)
    let bad = box.root + "/bad.csv"
    try (Self.readwise + "\"Unclosed,Dune,Frank Herbert,,,,,,,,\n").write(
      toFile: bad, atomically: true, encoding: .utf8)
    let result = try box.run(["import", bad])
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("memo: error: \(bad): line 5: "))
    #expect(try box.rows("SELECT count(*) FROM highlights") == [["3"]])
  }
}
