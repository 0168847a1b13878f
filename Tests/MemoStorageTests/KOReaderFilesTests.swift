import Foundation
import MemoCore
import Testing

@testable import MemoStorage

/// Finding KOReader's sidecars in a folder tree laid out as KOReader lays it out.
@Suite("KOReader's files in a folder tree")
struct KOReaderFilesTests {
  /// A temporary folder with `files` (relative path → text); removed afterwards.
  final class Tree {
    let root: String
    init(_ files: [String: String]) throws {
      root = NSTemporaryDirectory() + "memo-koreader-\(UUID().uuidString)"
      for (path, text) in files {
        let full = root + "/" + path
        try FileManager.default.createDirectory(
          atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
      }
    }
    deinit { try? FileManager.default.removeItem(atPath: root) }
  }

  static func sidecar(_ title: String, _ text: String) -> String {
    """
    -- we can read Lua syntax here!
    return {
        ["annotations"] = {
            [1] = {
                ["datetime"] = "2023-05-14 23:36:07",
                ["drawer"] = "lighten",
                ["page"] = "/body/DocFragment[1]/body/p[1]/text().0",
                ["pageno"] = 1,
                ["pos0"] = "/body/DocFragment[1]/body/p[1]/text().0",
                ["pos1"] = "/body/DocFragment[1]/body/p[1]/text().9",
                ["text"] = "\(text)",
            },
        },
        ["doc_props"] = { ["title"] = "\(title)" },
    }
    """
  }

  @Test("sidecars beside books, in docsettings/ and hashdocsettings/; backups and duplicate exports left out")
  func walk() throws {
    let tree = try Tree([
      "Books/Dune.sdr/metadata.epub.lua": Self.sidecar("Dune", "Fear."),
      "Books/Dune.sdr/metadata.epub.lua.old": Self.sidecar("Dune", "Old."),
      "Books/Dune.sdr/Dune.epub.annotations.lua": Self.sidecar("Dune", "Fear."),
      "Books/Dune.epub": "not a sidecar",
      "Books/Deep/Er/Emma.sdr/metadata.pdf.lua": Self.sidecar("Emma", "Truth."),
      ".adds/koreader/docsettings/mnt/onboard/Books/Ulysses.sdr/metadata.epub.lua":
        Self.sidecar("Ulysses", "Yes."),
      ".adds/koreader/hashdocsettings/0f/0f1e2d3c.sdr/metadata.epub.lua": Self.sidecar("Hashed", "Hash."),
      "exports/Walden.epub.annotations.lua": Self.sidecar("Walden", "Woods."),
      "notes/metadata.txt": "no",
    ])
    // A symlink to a folder above is not followed (no loop).
    try FileManager.default.createSymbolicLink(
      atPath: tree.root + "/Books/loop", withDestinationPath: tree.root)
    let (files, skipped) = try KOReaderFiles.files(under: tree.root + "/")
    #expect(skipped.isEmpty)
    #expect(
      files.map { String($0.dropFirst(tree.root.count + 1)) } == [
        ".adds/koreader/docsettings/mnt/onboard/Books/Ulysses.sdr/metadata.epub.lua",
        ".adds/koreader/hashdocsettings/0f/0f1e2d3c.sdr/metadata.epub.lua",
        "Books/Deep/Er/Emma.sdr/metadata.pdf.lua",
        "Books/Dune.sdr/metadata.epub.lua",
        "exports/Walden.epub.annotations.lua",
      ])
    let report = try KOReaderFiles.report(folder: tree.root)
    #expect(report.books.map(\.title).sorted() == ["Dune", "Emma", "Hashed", "Ulysses", "Walden"])
    #expect(report.problems.isEmpty)
  }

  @Test("a .sdr folder alone")
  func oneFolder() throws {
    let tree = try Tree(["Dune.sdr/metadata.epub.lua": Self.sidecar("Dune", "Fear.")])
    let report = try KOReaderFiles.report(folder: tree.root + "/Dune.sdr")
    #expect(report.books.map(\.title) == ["Dune"])
  }

  @Test("a folder without sidecars is 66; a sidecar that is not Lua is 65 naming it")
  func errors() throws {
    let empty = try Tree(["a/b.txt": "x"])
    #expect {
      try KOReaderFiles.report(folder: empty.root)
    } throws: { ($0 as? MemoError)?.code == .noInput }
    let bad = try Tree(["X.sdr/metadata.epub.lua": "return {\n  [\"a\"] = \n"])
    #expect {
      try KOReaderFiles.report(folder: bad.root)
    } throws: {
      guard let error = $0 as? MemoError else { return false }
      return error.code == .badData
        && error.message.hasPrefix(bad.root + "/X.sdr/metadata.epub.lua: line 3")
    }
    #expect {
      try KOReaderFiles.report(folder: empty.root + "/missing")
    } throws: { ($0 as? MemoError)?.code == .noInput }
  }
}
