import Foundation
import MemoCore
import Testing

@testable import MemoStorage

/// The list of readers and the one place formats are told (`Readers`, `ReaderDetection`).
@Suite("readers: one list, detection in one place")
struct ReadersTests {
  @Test("every reader is listed once, by a name of its own, in the order --format lists them")
  func list() {
    let names = Readers.formats.map(\.rawValue)
    #expect(
      names == [
        "json", "jsonl", "csv", "kindle", "goodreads", "koreader", "readwise", "kobo",
        "apple-books",
      ])
    #expect(Set(names).count == names.count)
    #expect(names.allSatisfy { Readers.format(named: $0)?.rawValue == $0 })
    #expect(Readers.format(named: "epub") == nil)
    #expect(
      Readers.formatNames
        == "json, jsonl, csv, kindle, goodreads, koreader, readwise, kobo or apple-books")
    #expect(Readers.strictTitles == ["Kindle", "KOReader", "Readwise", "Kobo", "Apple Books"])
  }

  @Test("a name tells memo's formats, Kindle's and KOReader's files; anything else is looked at")
  func names() throws {
    func told(_ path: String) throws -> String? { try ReaderDetection.format(of: path)?.rawValue }
    #expect(try told("a.JSON") == "json")
    #expect(try told("a.ndjson") == "jsonl")
    #expect(try told("changes.jsonl") == "jsonl")
    #expect(try told("x.csv") == "csv")
    #expect(try told("My Clippings.txt") == "kindle")
    #expect(try told("Dune.sdr/") == "koreader")
    #expect(try told("metadata.epub.lua") == "koreader")
    let folder = NSTemporaryDirectory() + "readers-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Any folder no other reader is sure of is KOReader's (a device, a docsettings tree).
    #expect(try told(folder) == "koreader")
    try "hello".write(toFile: folder + "/notes.xyz", atomically: true, encoding: .utf8)
    #expect(try told(folder + "/notes.xyz") == nil)
  }

  @Test(
    "a .csv or .json is the reader its content shows: Goodreads, Readwise, KOReader's JSON, else memo's"
  )
  func contents() throws {
    let folder = NSTemporaryDirectory() + "readers-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func reader(_ text: String, as format: ImportFormat) throws -> String {
      let path = folder + "/file"
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      let input = ReaderInput(ImportRequest(path: path, format: format))
      return try ReaderDetection.reader(for: input).format.rawValue
    }
    #expect(try reader("Book Id,Title,Author\n1,Dune,Frank Herbert\n", as: .csv) == "goodreads")
    #expect(try reader("Highlight,Book Title\nFear,Dune\n", as: .csv) == "readwise")
    #expect(try reader("uuid,kind\n", as: .csv) == "csv")
    #expect(try reader(#"{"entries": [], "title": "Dune"}"#, as: .json) == "koreader")
    #expect(try reader(#"{"format": "memo", "posts": []}"#, as: .json) == "json")
    // A format given as a reader's own is not looked at again.
    #expect(try reader("Book Id,Title,Author\n", as: .kindle) == "kindle")
  }

  @Test(
    "--strict with a reader without it is 64 before the file is read, unless its content may tell")
  func strict() throws {
    func refusal(_ path: String, given: ImportFormat? = nil) -> String? {
      do {
        _ = try ReaderDetection.format(of: path, given: given, isStrict: true)
        return nil
      } catch let error as MemoError {
        #expect(error.code == .usage)
        return error.message
      } catch {
        return "\(error)"
      }
    }
    #expect(
      refusal("changes.jsonl")
        == "--strict applies to Kindle, KOReader, Readwise, Kobo and Apple Books files only; drop it or pass --format kindle, koreader, readwise, kobo or apple-books"
    )
    #expect(refusal("x.csv", given: .goodreads) != nil)
    #expect(refusal("x.csv") == nil)
    #expect(refusal("x.json") == nil)
    #expect(refusal("My Clippings.txt") == nil)
  }
}
