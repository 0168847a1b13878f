import Foundation
import Testing

/// Every command that prints records × every format it accepts, parsed back from the outside:
/// JSON and JSON Lines with JSONSerialization, CSV with a strict RFC 4180 reader (a field with
/// white space at either end, a comma, a quote or a line break must be quoted; every line as
/// wide as the header), TSV as wide as its header, plain without a header (issue 21).
@Suite("every command in every format, parsed back", .serialized)
struct FormatMatrixTests {
  static let commands: [[String]] = [
    ["list"], ["questions"], ["show", "1"], ["stats"], ["db", "path"], ["db", "check"], ["log"],
    ["category", "list"], ["filter", "list"], ["filter", "show"], ["search", "spice"],
    ["sync", "status"], ["sync", "conflicts"],
  ]

  /// A post and a question whose answer starts with a space, a category and a saved filter,
  /// on a device set up for sync.
  static func fixture() throws -> (SyncLab, Sandbox) {
    let lab = try SyncLab()
    let box = try lab.device("a")
    _ = try box.add("Dune, \"the\" novel", ["--author", "Frank Herbert "])
    for args in [
      ["ask", "1", "Why spice?", "--category", "ecology"], ["answer", "1", " yes"], ["star", "1"],
      ["filter", "set", "--starred"], ["filter", "save", "stars"],
    ] {
      let result = try box.run(args)
      #expect(result.status == 0, "\(args): \(result.stderr)")
    }
    return (lab, box)
  }

  /// RFC 4180, strictly: nil when the text is not CSV memo should write.
  static func csv(_ text: String) -> [[String]]? {
    var records: [[String]] = []
    var fields: [String] = []
    var field = ""
    var scalars = Array(text.unicodeScalars)[...]
    var quoted = false
    func unquotedIsValid(_ field: String) -> Bool {
      guard let first = field.unicodeScalars.first, let last = field.unicodeScalars.last else {
        return true
      }
      return first != " " && last != " " && first != "\t" && last != "\t"
    }
    while let scalar = scalars.popFirst() {
      if quoted {
        if scalar == "\"" {
          if scalars.first == "\"" {
            scalars.removeFirst()
            field.unicodeScalars.append("\"")
          } else {
            quoted = false
            guard scalars.first == "," || scalars.first == "\r" else { return nil }
          }
        } else {
          field.unicodeScalars.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"":
        guard field.isEmpty else { return nil }
        quoted = true
        field = "\u{0}"  // a marker: this field was quoted
      case ",":
        fields.append(field)
        field = ""
      case "\r":
        guard scalars.popFirst() == "\n" else { return nil }
        fields.append(field)
        records.append(fields)
        fields = []
        field = ""
      case "\n": return nil
      default: field.unicodeScalars.append(scalar)
      }
    }
    guard !quoted, field.isEmpty, fields.isEmpty else { return nil }
    var result: [[String]] = []
    for record in records {
      var clean: [String] = []
      for value in record {
        if value.hasPrefix("\u{0}") {
          clean.append(String(value.dropFirst()))
        } else {
          guard unquotedIsValid(value) else { return nil }
          clean.append(value)
        }
      }
      result.append(clean)
    }
    return result
  }

  @Test("csv: the strict reader refuses what it should")
  func strictReader() {
    #expect(Self.csv("a,b\r\n1,\" x\"\r\n") == [["a", "b"], ["1", " x"]])
    #expect(Self.csv("a,b\r\n1, x\r\n") == nil)
    #expect(Self.csv("a,b\r\n1,x \r\n") == nil)
    #expect(Self.csv("a,b\n1,x\n") == nil)
    #expect(Self.csv("a\r\n\"x\"y\r\n") == nil)
    #expect(Self.csv("a\r\n\"x,\"\"y\"\"\"\r\n") == [["a"], ["x,\"y\""]])
  }

  @Test("each command, each format: parsed back, as wide as its header")
  func matrix() throws {
    let (lab, box) = try Self.fixture()
    _ = lab
    for command in Self.commands {
      var tsvHeader: Substring?
      for format in ["json", "jsonl", "csv", "tsv", "plain", "table"] {
        let result = try box.run(command + ["--format", format])
        let what = "\(command.joined(separator: " ")) --format \(format)"
        #expect(result.status == 0, "\(what): \(result.stderr)")
        #expect(result.stdout.unicodeScalars.last == "\n" || result.stdout.isEmpty, "\(what)")
        switch format {
        case "json":
          #expect(
            (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil,
            "\(what): \(result.stdout)")
          if result.stdout.count > 4 {
            #expect(result.stdout.contains("\n  "), "\(what) is pretty: \(result.stdout)")
          }
        case "jsonl":
          for line in result.stdout.split(separator: "\n") {
            #expect(
              (try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any],
              "\(what): \(line)")
          }
        case "csv":
          let records = Self.csv(result.stdout)
          #expect(records != nil, "\(what) is strict CSV: \(result.stdout.debugDescription)")
          if let records, let header = records.first {
            for record in records { #expect(record.count == header.count, "\(what): \(record)") }
          }
        case "tsv":
          let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast()
          let width = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).count
          for line in lines {
            #expect(
              line.split(separator: "\t", omittingEmptySubsequences: false).count == width,
              "\(what): \(line)")
          }
          tsvHeader = lines.first
        case "plain":
          // No header.
          if let tsvHeader {
            #expect(result.stdout.split(separator: "\n").first != tsvHeader, "\(what)")
          }
        default: break
        }
      }
    }
    // The answer's leading space survives CSV, quoted.
    let questions = try #require(Self.csv(try box.run(["questions", "--format", "csv"]).stdout))
    let answer = try #require(questions.first?.firstIndex(of: "answer"))
    #expect(questions.dropFirst().first?[answer] == " yes")
  }

  @Test("a format a command cannot offer: exit 64 naming the ones it has")
  func refused() throws {
    let box = try Sandbox()
    let export = try box.run(["export", "--format", "tsv"])
    #expect(export.status == 64)
    #expect(export.stderr.contains("use one of 'json', 'jsonl', 'csv' or 'markdown'"))
    let importing = try box.run(["import", "x", "--format", "plain"])
    #expect(importing.status == 64)
    #expect(importing.stderr.contains("use one of json, jsonl, csv, kindle, goodreads, koreader, readwise"))
    // An unknown format for any command: ErrorTests.
  }
}
