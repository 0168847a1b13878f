import MemoCore

/// One way into memo: a format `memo import` reads. A reader is one type in this folder,
/// listed once in `Readers.all`; detection (`ReaderDetection`), the `--strict` check and the
/// merge (`EffectRunner.importFile`) are the same for every reader.
protocol Reader {
  /// Its `--format` name.
  static var format: ImportFormat { get }
  /// How messages name it ("Kindle", "Apple Books").
  static var title: String { get }
  /// Whether `--strict` means something for it: the problems it reports become an error.
  static var hasStrictMode: Bool { get }
  /// The format its files pass for by their name, when they do (a Readwise export is a
  /// `.csv`): given or named so, the file's content is shown to it (`.content`).
  static var passesFor: ImportFormat? { get }
  /// The `source` of the highlights it imports (nil: it imports books, not highlights, and
  /// the summary counts no clippings).
  static var highlightSource: String? { get }
  /// For a reader of folders: what it looks for in one, and what to give it ("a book's .sdr
  /// folder"), for the message when no reader finds anything in a folder. Nil: it reads files.
  static var inFolder: (looksFor: String, give: String)? { get }
  /// Whether it reads what was found.
  static func detect(_ candidate: ReaderCandidate) -> ReaderMatch
  /// Reads the input before the import's transaction (a file that cannot be read is refused
  /// whole, before anything is written).
  static func read(_ input: ReaderInput) throws -> ReaderResult
}

extension Reader {
  static var hasStrictMode: Bool { true }
  static var passesFor: ImportFormat? { nil }
  static var highlightSource: String? { format.rawValue }
  static var inFolder: (looksFor: String, give: String)? { nil }
}

/// What detection shows a reader, one kind at a time (`ReaderDetection` says in which order).
enum ReaderCandidate {
  /// A path's name, lowercased, without trailing slashes, whether or not anything is there.
  case name(String)
  /// A folder (following a symlink).
  case folder(String)
  /// A SQLite file's tables, read from a copy.
  case database(tables: Set<String>)
  /// The bytes of a file given or named as the reader's `passesFor`.
  case content([UInt8])
}

/// How sure a reader is that a candidate is its own.
enum ReaderMatch: Int, Comparable {
  case no
  /// Anything of the kind, when no reader is sure (a folder is KOReader's).
  case fallback
  case yes

  static func < (lhs: ReaderMatch, rhs: ReaderMatch) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a reader read.
enum ReaderResult {
  /// A reader's books, merged by title and author (`ExternalImporter`).
  case books(ReaderReport)
  /// memo's own records, checked whole.
  case records([BackupRecord])
  /// memo's own JSON Lines, read and decoded while they are merged (`RecordReader`).
  case stream(InputFile)
}

/// The file, folder or stream an import reads, as readers see it: its bytes are read once,
/// when detection or a reader first asks.
final class ReaderInput {
  let request: ImportRequest
  private var loaded: [UInt8]?

  init(_ request: ImportRequest) { self.request = request }

  /// How the input is named in messages.
  var name: String { request.displayName }
  /// A file or folder; nil for stdin.
  var path: String? { request.path }
  var isFolder: Bool { path.map(KOReaderFiles.isFolder) ?? false }

  /// The whole file (or stdin).
  func bytes() throws -> [UInt8] {
    if let loaded { return loaded }
    let bytes = try InputFile(path).readAll()
    loaded = bytes
    return bytes
  }

  /// The whole file as text. - Throws: `MemoError` 65 naming the line of a byte that is not
  /// UTF-8.
  func text() throws -> String {
    let bytes = try bytes()
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw MemoError.notUTF8(name, bytes)
    }
    return text
  }

  /// A reader's database path. - Throws: 64 for stdin.
  func databasePath() throws -> String {
    guard let path else {
      throw MemoError.usage(
        "--format \(request.format.rawValue) reads a database file, not stdin; give its path")
    }
    return path
  }
}
