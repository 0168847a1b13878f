import ArgumentParser
import MemoCore
import MemoStorage

#if canImport(Glibc)
  import Glibc
#endif

extension Memo {
  /// `memo export`: a complete backup, or what changed since a date or a cursor.
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Export notes: a complete backup, or what changed since a date or the last run.",
      discussion: Help.text(
        """
        json: one versioned document (categories, posts with their highlights and questions,
        favorites in order, saved filters, the current filter, deletions). jsonl: one object per
        line with a "type". csv: one row per highlight and per question with its post's columns
        (a post with neither: one row with the others empty). markdown: one file per post in the
        folder --output names (YAML front matter, the body, the highlights, the questions); a
        re-export rewrites only files whose
        text changed and never touches a file memo did not write. A file you edited since memo
        wrote it is never overwritten: its new version goes beside it (NAME.memo.md) with a
        warning, and --force overwrites. The file of a deleted post is removed unless you edited
        it.

        --output writes a file under a temporary name and renames it when complete, so a failed
        or killed export leaves the previous file intact. A symlink is written through (the
        file it points to is replaced, the link stays); a FIFO, a device or /dev/fd/N is
        written to directly, and if its reader goes away before the end the export is
        incomplete: exit 74 (only stdout's reader may leave quietly, as with | head); the
        database in use and its -wal/-shm/-journal files are refused (exit 64). --cursor NAME remembers where the last successful export under NAME stopped
        in the change sequence (a number every change moves on, not a time) and exports exactly
        what changed since: nothing missed, nothing repeated, nothing at all when nothing
        changed; a failed export does not move the cursor.

        Examples:
          memo export --output backup.json
          memo export --format jsonl --cursor nightly --output changes.jsonl
          memo export --format csv --since 30d > recent.csv
          memo export --format markdown --output ~/vault/books
          memo export --output >(gzip > backup.json.gz)
        """))

    @Option(
      help: ArgumentHelp("json, jsonl, csv or markdown (with --output DIR).", valueName: "format"))
    var format: ExportFormatArgument = .json

    @Option(
      name: [.short, .long],
      help: ArgumentHelp("Write to PATH ('-' or none: stdout).", valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("Only what changed at or after DATE.", valueName: "date"))
    var since: String?

    @Option(
      help: ArgumentHelp(
        "Export what changed since the last run under NAME, then remember this one.",
        valueName: "name"))
    var cursor: String?

    @Flag(help: "Markdown: overwrite files you edited since memo wrote them.")
    var force = false

    @OptionGroup var global: CommonOptions

    func validate() throws {
      if force && format.value != .markdown {
        throw MemoError.usage("--force applies to --format markdown only; drop it")
      }
      if since != nil, cursor != nil {
        throw MemoError.usage(
          "--since and --cursor contradict each other: the cursor starts where its last export stopped; give one"
        )
      }
    }

    func run() throws {
      let context = try Context(global, format: nil)
      let request = ExportRequest(
        format: format.value, output: output == "-" ? nil : output,
        since: try since.map { try context.date($0).start }, cursor: cursor, isForced: force)
      if let output = request.output, request.format != .markdown {
        try OutputTarget.check(output, database: context.location.path)
      }
      Output.flush()
      // The progress line on stderr, when it is a terminal: a big export to a file (or a
      // markdown folder) is not silent for a minute.
      let state = try context.dispatch(
        .transfer(.export(request)), progress: context.progressMeter("exporting"))
      guard let summary = state.exportSummary else { return }
      for warning in summary.warnings { Diagnostics.line("memo: warning: " + warning) }
      guard let path = request.output, !context.isQuiet else { return }
      // The message is one line whatever the name holds.
      let output = path.replacing("\n", with: "^J")
      if request.format == .markdown {
        var removed = summary.filesRemoved == 0 ? "" : ", \(summary.filesRemoved) removed"
        if summary.filesKept > 0 {
          removed += ", \(summary.filesKept) edited kept with the new version beside"
        }
        Diagnostics.line(
          "memo: exported \(counted(summary.posts, "post")) to \(output) (\(counted(summary.filesWritten, "file")) written\(removed)\(summary.filesWritten < summary.posts ? ", the others unchanged" : ""))"
        )
      } else {
        Diagnostics.line(
          "memo: exported \(counted(summary.posts, "post")), \(counted(summary.highlights, "highlight")), \(counted(summary.questions, "question")), \(counted(summary.deleted, "deletion")) to \(output)"
        )
      }
    }
  }

  /// `memo import FILE`: merges an export into the database.
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Import a memo export (json, jsonl, csv), a reader's highlights (Kindle, KOReader, Kobo, Apple Books, Readwise) or a Goodreads library.",
      discussion: Help.text(
        """
        The whole file goes in one transaction (one 'memo undo' takes it back); JSON Lines
        stream through it a line at a time, so memory stays flat. A malformed file names the
        line (or record) and changes nothing (exit 65). memo exports merge by UUID: an existing record
        is replaced only by a newer updated_at, so importing the same file twice changes
        nothing. Kindle clippings (any UI language and firmware) and Goodreads rows become posts
        matched by title and author and are remembered, so importing them again adds nothing; a
        Kindle header or date that cannot be read is a warning on stderr (with --strict an
        error, exit 65). KOReader (a book's metadata.*.lua sidecar, its .sdr folder, a whole
        device or docsettings tree, .annotations.lua and the exporter's JSON) and Readwise's CSV
        export become highlights the same way; KOReader's times are the device's local time,
        read in this machine's time zone (TZ). A Kobo's KoboReader.sqlite (in the device's
        .kobo folder) and Apple Books' AEAnnotation and BKLibrary databases (their folder, by
        default ~/Library/Containers/com.apple.iBooksX/Data/Documents) are read from a copy,
        never in place; highlights deleted on the device are skipped. The format comes from
        --format or the file's extension (.json, .jsonl, .ndjson, .csv — a Goodreads or
        Readwise export is recognised by its header, a KOReader JSON export by its shape —,
        .txt for Kindle, .lua and .sdr for KOReader), else from what the file or folder holds
        (a Kobo or Apple Books database; any other folder is KOReader's).

        Examples:
          memo import backup.json
          memo import changes.jsonl --dry-run
          memo import "My Clippings.txt"
          memo import "My Clippings.txt" --strict --dry-run
          memo import goodreads_library_export.csv
          memo import /media/KOBOeReader --format koreader
          memo import readwise-data.csv
          memo import /media/KOBOeReader/.kobo/KoboReader.sqlite
          memo import ~/Library/Containers/com.apple.iBooksX/Data/Documents
          cat backup.jsonl | memo import - --format jsonl
        """))

    @Argument(help: ArgumentHelp("The file to import; '-' reads stdin.", valueName: "file|-"))
    var file: String

    @Option(
      help: ArgumentHelp(
        "\(Readers.formatNames) (default: from the file's extension or content).",
        valueName: "format"))
    var format: ImportFormatArgument?

    @Flag(help: "Report what would change; write nothing.")
    var dryRun = false

    @Flag(
      help:
        "\(Readers.strictTitles.joined(separator: ", ")): a header or date memo cannot read is an error (exit 65, nothing imported) instead of a warning."
    )
    var strict = false

    @Flag(help: "Print the summary as a JSON object (the same as --summary-format json).")
    var json = false

    @Option(
      help: ArgumentHelp(
        "How the summary prints: table, plain, json, jsonl, csv or tsv (default: the sentence; --format names the file's format).",
        valueName: "format"))
    var summaryFormat: OutputFormat?

    @OptionGroup var global: CommonOptions

    func run() throws {
      // KOReader's times are the device's wall clock, read in this machine's zone by `mktime`,
      // which without `TZ` looks at /etc/localtime again at every call (a system call per
      // highlight: 100,000 of them in an import of 100,000). Named, the zone is read once.
      if getenv("TZ") == nil { setenv("TZ", ":/etc/localtime", 0) }
      if json, let summaryFormat, summaryFormat != .json {
        throw MemoError.usage(
          "--json and --summary-format \(summaryFormat.rawValue) ask for two formats; pass one")
      }
      let context = try Context(global, format: summaryFormat ?? (json ? .json : nil))
      let path = file == "-" ? nil : file
      // Told from the name and what is there (a reader's folder or database), before the
      // database opens; a file that passes for memo's own is told by its content later.
      let format = try ReaderDetection.format(of: path, given: format?.value, isStrict: strict)
      let state = try context.dispatch(
        .transfer(
          .import(ImportRequest(path: path, format: format, isDryRun: dryRun, isStrict: strict))),
        access: .write, progress: context.progressMeter("importing"))
      guard let summary = state.importSummary else { return }
      for warning in summary.warnings { Diagnostics.line("memo: warning: " + warning) }
      ImportPresenter.print(summary, context)
    }
  }
}

/// `--format` of export, as an argument.
struct ExportFormatArgument: ExpressibleByArgument {
  var value: ExportFormat
  init?(argument: String) {
    guard let value = ExportFormat(rawValue: argument) else { return nil }
    self.value = value
  }
  static let json = ExportFormatArgument(argument: "json")!  // a case of ExportFormat
  static var allValueStrings: [String] { ExportFormat.allCases.map(\.rawValue) }
  var defaultValueDescription: String { value.rawValue }
}

/// `--format` of import, as an argument.
struct ImportFormatArgument: ExpressibleByArgument {
  var value: ImportFormat
  init?(argument: String) {
    guard let value = Readers.format(named: argument) else { return nil }
    self.value = value
  }
  static var allValueStrings: [String] { Readers.formats.map(\.rawValue) }
}
