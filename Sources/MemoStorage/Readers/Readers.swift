import MemoCore

/// Every format `memo import` reads, in the order help and messages list them. A new reader is
/// a new file in this folder and one line here.
public enum Readers {
  static var all: [any Reader.Type] {
    [
      MemoJSONReader.self,
      MemoJSONLinesReader.self,
      MemoCSVReader.self,
      KindleReader.self,
      GoodreadsReader.self,
      KOReaderReader.self,
      ReadwiseReader.self,
      KoboReader.self,
      AppleBooksReader.self,
    ]
  }

  /// Every `--format` name, in order.
  public static var formats: [ImportFormat] { all.map { $0.format } }

  /// "json, jsonl, …, kobo or apple-books": every `--format` name, as help lists them.
  public static var formatNames: String { list(formats.map(\.rawValue), last: "or") }

  /// "Kindle, KOReader, …": the readers `--strict` applies to, in order.
  public static var strictTitles: [String] { all.filter { $0.hasStrictMode }.map { $0.title } }

  /// The format of a `--format` name; nil when no reader has it.
  public static func format(named name: String) -> ImportFormat? {
    all.first { $0.format.rawValue == name }?.format
  }

  /// The reader of a format. - Throws: 64 for a name no reader has.
  static func reader(_ format: ImportFormat) throws -> any Reader.Type {
    guard let reader = all.first(where: { $0.format == format }) else {
      throw MemoError.usage(
        "memo reads no \(format.rawValue) files; pass --format \(list(formats.map(\.rawValue), last: ","))"
      )
    }
    return reader
  }

  /// The readers that a file given or named as `format` may turn out to be.
  static func passingFor(_ format: ImportFormat) -> [any Reader.Type] {
    all.filter { $0.passesFor == format }
  }

  /// "a, b, c or d" (`last`: the word before the last, "or", "and" or ",").
  static func list(_ names: [String], last: String) -> String {
    guard names.count > 1 else { return names.first ?? "" }
    let head = names.dropLast().joined(separator: ", ")
    return head + (last == "," ? ", " : " \(last) ") + names[names.count - 1]
  }

  /// The message for a folder no reader finds anything in: what each reader of folders looked
  /// for, what to give each, and the folders a level or two down that a reader does read
  /// (the parent of Apple Books' folder names it).
  static func nothingFound(in folder: String) -> String {
    let readers = all.compactMap { reader in reader.inFolder.map { (reader.title, $0) } }
    let looked = list(readers.map { "no " + $0.1.looksFor }, last: "and")
    let give = list(readers.map { "\($0.1.give) (\($0.0))" }, last: "or")
    var message = "found nothing to import in \(folder): \(looked); give \(give), or a file"
    let found = readable(under: folder, depth: 2)
    if let first = found.first {
      message +=
        ". In it, "
        + list(found.prefix(3).map { $0.path + " holds " + $0.title + " files" }, last: "and")
        + ": memo import \(first.path)"
    }
    return message
  }

  /// The folders under `folder` (not hidden) a reader of folders is sure of, `depth` levels
  /// down at most, in name order.
  static func readable(under folder: String, depth: Int) -> [(path: String, title: String)] {
    guard depth > 0 else { return [] }
    var found: [(path: String, title: String)] = []
    for name in ReaderFiles.names(in: folder) where !name.hasPrefix(".") {
      let path = ReaderFiles.join(folder, name)
      guard ReaderFiles.kind(of: path) == .folder else { continue }
      let named = ReaderCandidate.name(name.lowercased())
      if let reader = all.first(where: {
        $0.detect(.folder(path)) == .yes || ($0.inFolder != nil && $0.detect(named) == .yes)
      }) {
        found.append((path, reader.title))
      } else {
        found += readable(under: path, depth: depth - 1)
      }
    }
    return found
  }

  /// `--strict` given for a reader without it: 64. Before the file is read (`name` nil), a
  /// format whose file may be another reader's (a `.csv` may be Readwise's) passes, and the
  /// content decides; once read, the message names what the file is.
  static func checkStrict(_ reader: any Reader.Type, isStrict: Bool, name: String?) throws {
    guard isStrict, !reader.hasStrictMode else { return }
    let strict = all.filter { $0.hasStrictMode }
    // Titles, not a count: "Kindle, …, Kobo and Apple Books files".
    let files = list(strictTitles, last: "and") + " files"
    guard let name else {
      if !passingFor(reader.format).isEmpty { return }
      throw MemoError.usage(
        "--strict applies to \(files) only; drop it or pass --format \(list(strict.map { $0.format.rawValue }, last: "or"))"
      )
    }
    throw MemoError.usage(
      "--strict applies to \(files) only, and \(name) is \(reader.format.rawValue); drop --strict"
    )
  }
}
