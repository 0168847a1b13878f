import Foundation
import Testing

/// `memo import`'s summary through the one output path: `--summary-format` prints it in every
/// format a command prints in (its `--format` names the file's format), `--json` stays the
/// pretty object.
@Suite("import summary formats, end to end")
struct ImportSummaryFormatTests {
  static let file = KindleFiles.folder + "de.txt"
  static let keys =
    "added,updated,unchanged,deleted,dry_run,books,new_books,highlights,notes,questions,replaced,changed_on_device,kept_edited,skipped_bookmarks,skipped_placeholders,skipped_duplicates,skipped_deleted_on_device,skipped_books_deleted_here,skipped_incomplete,skipped_empty,skipped_without_header,unreadable"
  static let values = "7,0,0,0,false,2,2,3,1,1,1,0,0,1,1,1,0,0,0,0,0,0"

  @Test("jsonl: one compact line, the skipped counts nested")
  func jsonLines() throws {
    let box = try Sandbox()
    let result = try box.run(["import", Self.file, "--summary-format", "jsonl"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout
        == #"{"added":7,"updated":0,"unchanged":0,"deleted":0,"dry_run":false,"books":2,"new_books":2,"highlights":3,"notes":1,"questions":1,"replaced":1,"changed_on_device":0,"kept_edited":0,"skipped":{"bookmarks":1,"placeholders":1,"duplicates":1,"deleted_on_device":0,"books_deleted_here":0,"incomplete":0,"empty":0,"without_header":0},"unreadable":0}"#
        + "\n")
  }

  @Test("csv and tsv: a header of keys and one line, the skipped counts flattened")
  func delimited() throws {
    let box = try Sandbox()
    let csv = try box.run(["import", Self.file, "--summary-format", "csv", "--dry-run"])
    #expect(csv.status == 0, "\(csv.stderr)")
    let dryRun = Self.values.replacing("false", with: "true")
    #expect(csv.stdout == Self.keys + "\r\n" + dryRun + "\r\n")
    let tsv = try box.run(["import", Self.file, "--summary-format", "tsv"])
    #expect(tsv.status == 0, "\(tsv.stderr)")
    #expect(
      tsv.stdout
        == Self.keys.replacing(",", with: "\t") + "\n" + Self.values.replacing(",", with: "\t")
        + "\n")
    #expect(try box.rows("SELECT count(*) FROM posts") == [["2"]])
  }

  @Test("a memo export's summary: its fields only, and a rare count only when it is not zero")
  func memoExport() throws {
    let box = try Sandbox()
    _ = try box.succeed(["add", "Dune"])
    _ = try box.succeed(["export", "--output", box.root + "/x.json"])
    let again = try box.run(["import", box.root + "/x.json", "--summary-format", "csv"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout == "added,updated,unchanged,deleted,dry_run\r\n0,0,1,0,false\r\n")
    let json = try box.run(["import", box.root + "/x.json", "--json", "-q"])
    #expect(
      json.stdout
        == "{\n  \"added\": 0,\n  \"updated\": 0,\n  \"unchanged\": 1,\n  \"deleted\": 0,\n  \"dry_run\": false\n}\n"
    )
  }

  @Test("plain and table: the sentence; quiet prints nothing but a dry run's")
  func sentence() throws {
    let box = try Sandbox()
    let sentence =
      "7 added, 0 updated, 0 unchanged: 2 books (2 new), 3 highlights, 1 note, 1 question, 1 replaced by a longer highlight; skipped 1 bookmark, 1 placeholder, 1 duplicate\n"
    let plain = try box.run(["import", Self.file, "--summary-format", "plain", "--dry-run"])
    #expect(plain.stdout == "would be: " + sentence)
    let table = try box.run(["import", Self.file, "--summary-format", "table", "-q"])
    #expect(table.status == 0, "\(table.stderr)")
    #expect(table.stdout == "")
    #expect(try box.rows("SELECT count(*) FROM posts") == [["2"]])
  }

  @Test("-q leaves out the sentence but not a summary asked for as data (csv), as every command")
  func quietData() throws {
    let box = try Sandbox()
    let csv = try box.run(["import", Self.file, "--summary-format", "csv", "-q"])
    #expect(csv.status == 0, "\(csv.stderr)")
    #expect(csv.stdout == Self.keys + "\r\n" + Self.values + "\r\n")
  }

  @Test("--summary-format given twice: the last one counts, as every option given twice")
  func givenTwice() throws {
    let box = try Sandbox()
    let result = try box.run(
      ["import", Self.file, "--summary-format", "csv", "--summary-format", "tsv"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix(Self.keys.replacing(",", with: "\t") + "\n"))
  }

  @Test("--json with another --summary-format is a usage error (64), nothing imported")
  func twoFormats() throws {
    let box = try Sandbox()
    let result = try box.run(["import", Self.file, "--json", "--summary-format", "csv"])
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "memo: error: --json and --summary-format csv ask for two formats; pass one\n")
    #expect(result.stdout == "")
    let same = try box.run(["import", Self.file, "--json", "--summary-format", "json"])
    #expect(same.status == 0, "\(same.stderr)")
    #expect(same.stdout.hasPrefix("{\n  \"added\": 7,\n"))
  }
}
