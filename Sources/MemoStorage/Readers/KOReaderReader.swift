import MemoCore

extension ImportFormat {
  /// KOReader's sidecars and annotation exports (Lua; a file, a `.sdr` folder or a tree of
  /// them) and its JSON export.
  public static let koreader = ImportFormat(rawValue: "koreader")
}

/// KOReader's files (found and read by `KOReaderFiles`): a folder is KOReader's when no other
/// reader's; a `.json` is when it holds KOReader's export.
enum KOReaderReader: Reader {
  static let format = ImportFormat.koreader
  static let title = "KOReader"
  static let passesFor: ImportFormat? = .json
  static let inFolder: (looksFor: String, give: String)? = (
    "KOReader sidecars (metadata.*.lua) or annotation exports (*.annotations.lua)",
    "a book's .sdr folder, the device's folder or KOReader's docsettings folder"
  )

  static func detect(_ candidate: ReaderCandidate) -> ReaderMatch {
    switch candidate {
    case .name(let name): return name.hasSuffix(".lua") || name.hasSuffix(".sdr") ? .yes : .no
    case .folder: return .fallback
    case .content(let bytes): return KOReaderImport.looksLikeJSONExport(bytes) ? .yes : .no
    case .database: return .no
    }
  }

  static func read(_ input: ReaderInput) throws -> ReaderResult {
    let found =
      if let path = input.path, input.isFolder {
        try KOReaderFiles.report(folder: path)
      } else {
        try KOReaderFiles.report(file: input.bytes(), name: input.name)
      }
    var report = ReaderReport(problems: found.problems, notices: found.notices)
    report.books = found.books
    report.bookmarks = found.bookmarks
    report.unreadable = found.unreadable
    report.unreadableFiles = found.unreadableFiles
    return .books(report)
  }
}
