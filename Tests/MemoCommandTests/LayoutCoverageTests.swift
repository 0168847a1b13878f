import Foundation
import MemoCore
import Testing

@testable import MemoStorage
@testable import memo

/// Every `Layout` memo declares, in every format, byte for byte: a row of a value of each
/// field's kind (the awkward text of `LayoutFormatTests`, nested rows one deep) and a row of
/// nulls, as a listing; a record printed alone also as one JSON object. A layout declared in
/// Sources/memo and missing here fails `declaredAreListed`; a table column naming no field
/// stops the process (`unknownColumn`), never shows field 0.
@Suite("every layout × every format, exact bytes")
struct LayoutCoverageTests {
  /// Each layout by where it is declared (file, name), and whether it is printed alone.
  static var layouts: [(file: String, name: String, layout: Layout, single: Bool)] {
    let summary = ImportSummary(added: 7, unchanged: 2)
    var clipped = summary
    clipped.clippings = ClippingSummary()
    clipped.deletionsKept = 1
    return [
      ("CategoryPresenter", "layout", CategoryPresenter.layout, true),
      ("FilterPresenter", "layout", FilterPresenter.layout, true),
      ("FilterPresenter", "argumentsLayout", FilterPresenter.argumentsLayout, true),
      ("FilterPresenter", "savedLayout", FilterPresenter.savedLayout, false),
      ("HighlightPresenter", "detailLayout", HighlightPresenter.detailLayout, true),
      ("HighlightPresenter", "layout", HighlightPresenter.layout, true),
      ("JournalPresenter", "layout", JournalPresenter.layout, false),
      ("PostPresenter", "changedLayout", PostPresenter.changedLayout, false),
      ("PostPresenter", "layout", PostPresenter.layout, true),
      ("QuestionPresenter", "layout", QuestionPresenter.layout, true),
      ("ReviewPresenter", "rateLayout", ReviewPresenter.rateLayout, true),
      ("ReviewPresenter", "historyLayout", ReviewPresenter.historyLayout, false),
      ("ReviewPresenter", "showLayout", ReviewPresenter.showLayout, true),
      ("ReviewPresenter", "layout", ReviewPresenter.layout, false),
      ("ReviewPresenter", "logLayout", ReviewPresenter.logLayout, false),
      ("ReviewPresenter", "highlightShowLayout", ReviewPresenter.highlightShowLayout, true),
      ("ReviewPresenter", "configLayout", ReviewPresenter.configLayout, true),
      ("ReviewPresenter", "weightLayout", ReviewPresenter.weightLayout, false),
      ("ReviewPresenter", "settingsLayout", ReviewPresenter.settingsLayout, true),
      ("SearchPresenter", "layout", SearchPresenter.layout, false),
      ("StatsPresenter", "categoryLayout", StatsPresenter.categoryLayout, false),
      ("StatsPresenter", "dayLayout", StatsPresenter.dayLayout, false),
      ("StatsPresenter", "forecastLayout", StatsPresenter.forecastLayout, false),
      ("StatsPresenter", "reviewLayout", StatsPresenter.reviewLayout, true),
      ("StatsPresenter", "layout", StatsPresenter.layout, true),
      ("StatsPresenter", "reviewedLayout", StatsPresenter.reviewedLayout, true),
      ("StatsPresenter", "rowLayout", StatsPresenter.rowLayout, false),
      ("SyncConflictPresenter", "layout", SyncConflictPresenter.layout, true),
      ("SyncPresenter", "summaryLayout", SyncPresenter.summaryLayout, true),
      ("SyncPresenter", "deviceLayout", SyncPresenter.deviceLayout, false),
      ("SyncPresenter", "roundLayout", SyncPresenter.roundLayout, true),
      ("SyncPresenter", "statusLayout", SyncPresenter.statusLayout, true),
      ("SyncPresenter", "flatLayout", SyncPresenter.flatLayout, true),
      ("SyncPresenter", "remoteLayout", SyncPresenter.remoteLayout, true),
      ("Db", "layout", Memo.Db.Path.layout, true),
      ("Db", "layout", Memo.Db.Check.layout, true),
      ("Db", "problemLayout", Memo.Db.Check.problemLayout, false),
      // Made per summary: a memo export's, and a reader's (its skipped counts nested in JSON,
      // flattened in CSV and TSV).
      ("ImportPresenter", "layout", ImportPresenter.record(summary, flat: false).0, true),
      ("ImportPresenter", "inner", ImportPresenter.record(clipped, flat: false).0, true),
      ("ImportPresenter", "flat", ImportPresenter.record(clipped, flat: true).0, true),
    ]
  }

  /// A value of each field's kind.
  static func values(_ layout: Layout) -> [RowValue] {
    layout.fields.map { field in
      switch field.kind {
      case .int: return .int(42)
      case .text: return .text(LayoutFormatTests.text)
      case .time: return .text(LayoutFormatTests.t0.rfc3339)
      case .bool: return .bool(true)
      case .number: return .double(1.5)
      case .snippet: return .text("a \u{2}match\u{3} b")
      case .texts: return .texts(["a", "b c"])
      case .rows(let inner): return .rows([inner.row(values(inner))])
      case .object(let inner): return .row(inner.row(values(inner)))
      }
    }
  }

  /// The row of values, its nested rows (a post's questions) when the layout has some.
  static func full(_ layout: Layout) -> Row {
    guard let (_, inner) = layout.nested else { return layout.row(values(layout)) }
    return layout.row(values(layout), nested: [inner.row(values(inner))])
  }

  /// The row of nulls (no nested rows).
  static func empty(_ layout: Layout) -> Row {
    let nulls = layout.fields.map { field -> RowValue in
      if case .rows = field.kind { return .rows([]) }
      return .null
    }
    return layout.nested == nil ? layout.row(nulls) : layout.row(nulls, nested: [])
  }

  static func render(
    _ layout: Layout, _ rows: [Row], _ format: OutputFormat, single: Bool
  ) throws -> String {
    try captured { out in
      let writer = ListingWriter.make(
        format: format, style: Style(useColor: false, utcOffsetSeconds: 3600, width: nil),
        out: out)
      try writer.write(rows, layout, single: single)
    }
  }

  /// What each layout prints, by "File.name[#n] format" (n: the second of one name in a file).
  static func rendered() throws -> [(String, String)] {
    var seen: [String: Int] = [:]
    var result: [(String, String)] = []
    for (file, name, layout, single) in layouts {
      var key = "\(file).\(name)"
      seen[key, default: 0] += 1
      if seen[key]! > 1 { key += "#\(seen[key]!)" }
      let rows = [full(layout), empty(layout)]
      for format in LayoutFormatTests.formats {
        result.append(
          ("\(key) \(format.rawValue)", try render(layout, rows, format, single: false)))
      }
      if single {
        result.append(
          ("\(key) json single", try render(layout, [full(layout)], .json, single: true)))
      }
    }
    return result
  }

  @Test("each layout in each format, and alone as one JSON object")
  func bytes() throws {
    let rendered = try Self.rendered()
    if let dump = ProcessInfo.processInfo.environment["LAYOUT_DUMP"] {
      let lines = rendered.map {
        "    \(String(reflecting: $0.0)):\n      \(String(reflecting: $0.1)),\n"
      }
      try lines.joined().write(toFile: dump, atomically: true, encoding: .utf8)
      return
    }
    #expect(Set(rendered.map(\.0)) == Set(Self.expected.keys))
    for (key, got) in rendered { #expect(got == Self.expected[key], "\(key)") }
  }

  /// Every `let NAME = Layout(` in Sources/memo, by file (without `.swift`) and name.
  static func declared() throws -> [String] {
    let sources = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "Sources/memo")
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }
    var names: [String] = []
    let pattern = /let (\w+) = Layout\(/
    for file in files ?? [] where file.hasSuffix(".swift") && !file.hasPrefix("Rendering/") {
      let text = try String(contentsOfFile: sources.path + "/" + file, encoding: .utf8)
      let type = String(file.split(separator: "/").last!.dropLast(6))
      for match in text.matches(of: pattern) { names.append("\(type).\(match.1)") }
    }
    return names.sorted()
  }

  @Test("every layout declared in Sources/memo is listed here (so is under the byte test)")
  func declaredAreListed() throws {
    let listed = Self.layouts.filter { $0.name != "flat" }.map { "\($0.file).\($0.name)" }
    #expect(try Self.declared() == listed.sorted())
  }

  @Test("a table column naming no field stops the process with its name, never shows field 0")
  func unknownColumn() async throws {
    let result = try await #require(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      _ = Layout(
        [Field("id", .int), Field("title", .text)], table: [Column(key: "titel", title: "T")])
    }
    let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(stderr.contains("no field 'titel' in this layout; its fields: id, title"), "\(stderr)")
  }

  @Test("the column a key names: its field's index")
  func knownColumns() {
    let layout = Layout(
      [Field("id", .int), Field("title", .text), Field("author", .text)],
      table: [Column(key: "author", title: "A"), Column(key: "id", title: "I")])
    #expect(layout.tableFields == [2, 0])
    #expect(Layout.index(of: "title", in: layout.fields) == 1)
  }

  // Rebuilt by running with LAYOUT_DUMP=FILE (the lines to paste), then read line by line.
  static let expected: [String: String] = [
    "CategoryPresenter.layout json":
      "[\n  {\n    \"name\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"question_count\": 42,\n    \"created_at\": \"2026-01-31T09:05:00.000Z\"\n  },\n  {\n    \"name\": null,\n    \"question_count\": null,\n    \"created_at\": null\n  }\n]\n",
    "CategoryPresenter.layout jsonl":
      "{\"name\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"question_count\":42,\"created_at\":\"2026-01-31T09:05:00.000Z\"}\n{\"name\":null,\"question_count\":null,\"created_at\":null}\n",
    "CategoryPresenter.layout csv":
      "name,question_count,created_at\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",42,2026-01-31T09:05:00.000Z\r\n,,\r\n",
    "CategoryPresenter.layout tsv":
      "name\tquestion_count\tcreated_at\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t42\t2026-01-31T09:05:00.000Z\n\t\t\n",
    "CategoryPresenter.layout plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t42\t2026-01-31T09:05:00.000Z\n\t\t\n",
    "CategoryPresenter.layout table":
      "NAME                                       QUESTIONS  CREATED\ntab here, \"q\", line break, bell^G, 猫 🐈          42  2026-01-31 10:05\n                                                      \n",
    "CategoryPresenter.layout json single":
      "{\n  \"name\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"question_count\": 42,\n  \"created_at\": \"2026-01-31T09:05:00.000Z\"\n}\n",
    "FilterPresenter.layout json":
      "[\n  {\n    \"starred\": true,\n    \"answered\": true,\n    \"categories\": [\"a\", \"b c\"],\n    \"since\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"until\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"\n  },\n  {\n    \"starred\": null,\n    \"answered\": null,\n    \"categories\": null,\n    \"since\": null,\n    \"until\": null\n  }\n]\n",
    "FilterPresenter.layout jsonl":
      "{\"starred\":true,\"answered\":true,\"categories\":[\"a\",\"b c\"],\"since\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"until\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"}\n{\"starred\":null,\"answered\":null,\"categories\":null,\"since\":null,\"until\":null}\n",
    "FilterPresenter.layout csv":
      "starred,answered,categories,since,until\r\ntrue,true,\"a, b c\",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \"\r\n,,,,\r\n",
    "FilterPresenter.layout tsv":
      "starred\tanswered\tcategories\tsince\tuntil\ntrue\ttrue\ta, b c\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \n\t\t\t\t\n",
    "FilterPresenter.layout plain":
      "true\ttrue\ta, b c\ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \n\t\t\t\t\n",
    "FilterPresenter.layout table":
      "starred  answered  categories  since                                      until\n✓        ✓         a, b c      tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈 \n                                                                          \n",
    "FilterPresenter.layout json single":
      "{\n  \"starred\": true,\n  \"answered\": true,\n  \"categories\": [\"a\", \"b c\"],\n  \"since\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"until\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"\n}\n",
    "FilterPresenter.argumentsLayout json":
      "[\n  {\n    \"arguments\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"\n  },\n  {\n    \"arguments\": null\n  }\n]\n",
    "FilterPresenter.argumentsLayout jsonl":
      "{\"arguments\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"}\n{\"arguments\":null}\n",
    "FilterPresenter.argumentsLayout csv":
      "arguments\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \"\r\n\r\n",
    "FilterPresenter.argumentsLayout tsv":
      "arguments\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \n\n",
    "FilterPresenter.argumentsLayout plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \n\n",
    "FilterPresenter.argumentsLayout table":
      "arguments\ntab here, \"q\", line break, bell^G, 猫 🐈 \n\n",
    "FilterPresenter.argumentsLayout json single":
      "{\n  \"arguments\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"\n}\n",
    "FilterPresenter.savedLayout json":
      "[\n  {\n    \"name\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"arguments\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"filter\": {\n      \"starred\": true,\n      \"answered\": true,\n      \"categories\": [\"a\", \"b c\"],\n      \"since\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"until\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"\n    }\n  },\n  {\n    \"name\": null,\n    \"arguments\": null,\n    \"filter\": null\n  }\n]\n",
    "FilterPresenter.savedLayout jsonl":
      "{\"name\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"arguments\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"filter\":{\"starred\":true,\"answered\":true,\"categories\":[\"a\",\"b c\"],\"since\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"until\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"}}\n{\"name\":null,\"arguments\":null,\"filter\":null}\n",
    "FilterPresenter.savedLayout csv":
      "name,arguments\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \"\r\n,\r\n",
    "FilterPresenter.savedLayout tsv":
      "name\targuments\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \n\t\n",
    "FilterPresenter.savedLayout plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \n\t\n",
    "FilterPresenter.savedLayout table":
      "NAME                                       FILTER\ntab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈 \n                                           \n",
    "HighlightPresenter.detailLayout json":
      "[\n  {\n    \"id\": 42,\n    \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"post_id\": 42,\n    \"text\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"note\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"chapter\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"page\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"location\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"highlighted_at\": \"2026-01-31T09:05:00.000Z\",\n    \"starred\": true,\n    \"source\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"created_at\": \"2026-01-31T09:05:00.000Z\",\n    \"updated_at\": \"2026-01-31T09:05:00.000Z\",\n    \"questions\": [\n      {\n        \"id\": 42,\n        \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"post_id\": 42,\n        \"post_title\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"text\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"category\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"starred\": true,\n        \"answer\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"answered_at\": \"2026-01-31T09:05:00.000Z\",\n        \"created_at\": \"2026-01-31T09:05:00.000Z\",\n        \"updated_at\": \"2026-01-31T09:05:00.000Z\",\n        \"highlight_id\": 42\n      }\n    ]\n  },\n  {\n    \"id\": null,\n    \"uuid\": null,\n    \"post_id\": null,\n    \"text\": null,\n    \"note\": null,\n    \"chapter\": null,\n    \"page\": null,\n    \"location\": null,\n    \"highlighted_at\": null,\n    \"starred\": null,\n    \"source\": null,\n    \"created_at\": null,\n    \"updated_at\": null,\n    \"questions\": []\n  }\n]\n",
    "HighlightPresenter.detailLayout jsonl":
      "{\"id\":42,\"uuid\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"post_id\":42,\"text\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"note\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"chapter\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"page\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"location\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"highlighted_at\":\"2026-01-31T09:05:00.000Z\",\"starred\":true,\"source\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"created_at\":\"2026-01-31T09:05:00.000Z\",\"updated_at\":\"2026-01-31T09:05:00.000Z\",\"questions\":[{\"id\":42,\"uuid\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"post_id\":42,\"post_title\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"text\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"category\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"starred\":true,\"answer\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"answered_at\":\"2026-01-31T09:05:00.000Z\",\"created_at\":\"2026-01-31T09:05:00.000Z\",\"updated_at\":\"2026-01-31T09:05:00.000Z\",\"highlight_id\":42}]}\n{\"id\":null,\"uuid\":null,\"post_id\":null,\"text\":null,\"note\":null,\"chapter\":null,\"page\":null,\"location\":null,\"highlighted_at\":null,\"starred\":null,\"source\":null,\"created_at\":null,\"updated_at\":null,\"questions\":[]}\n",
    "HighlightPresenter.detailLayout csv":
      "id,uuid,post_id,text,note,chapter,page,location,highlighted_at,starred,source,created_at,updated_at\r\n42,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",42,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",2026-01-31T09:05:00.000Z,true,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",2026-01-31T09:05:00.000Z,2026-01-31T09:05:00.000Z\r\n,,,,,,,,,,,,\r\n",
    "HighlightPresenter.detailLayout tsv":
      "id\tuuid\tpost_id\ttext\tnote\tchapter\tpage\tlocation\thighlighted_at\tstarred\tsource\tcreated_at\tupdated_at\n42\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t42\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t2026-01-31T09:05:00.000Z\ttrue\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t2026-01-31T09:05:00.000Z\t2026-01-31T09:05:00.000Z\n\t\t\t\t\t\t\t\t\t\t\t\t\n",
    "HighlightPresenter.detailLayout plain":
      "42\t42\ttrue\ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \n\t\t\t\t\t\t\t\n",
    "HighlightPresenter.detailLayout table":
      "ID  POST  ★  HIGHLIGHT                                  NOTE                                       CHAPTER                                    PAGE                                       LOCATION\n42    42  ★  tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈 \n                                                                                                                                                                                         \n",
    "HighlightPresenter.detailLayout json single":
      "{\n  \"id\": 42,\n  \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"post_id\": 42,\n  \"text\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"note\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"chapter\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"page\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"location\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"highlighted_at\": \"2026-01-31T09:05:00.000Z\",\n  \"starred\": true,\n  \"source\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"created_at\": \"2026-01-31T09:05:00.000Z\",\n  \"updated_at\": \"2026-01-31T09:05:00.000Z\",\n  \"questions\": [\n    {\n      \"id\": 42,\n      \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"post_id\": 42,\n      \"post_title\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"text\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"category\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"starred\": true,\n      \"answer\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"answered_at\": \"2026-01-31T09:05:00.000Z\",\n      \"created_at\": \"2026-01-31T09:05:00.000Z\",\n      \"updated_at\": \"2026-01-31T09:05:00.000Z\",\n      \"highlight_id\": 42\n    }\n  ]\n}\n",
    "HighlightPresenter.layout json":
      "[\n  {\n    \"id\": 42,\n    \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"post_id\": 42,\n    \"text\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"note\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"chapter\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"page\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"location\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"highlighted_at\": \"2026-01-31T09:05:00.000Z\",\n    \"starred\": true,\n    \"source\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"created_at\": \"2026-01-31T09:05:00.000Z\",\n    \"updated_at\": \"2026-01-31T09:05:00.000Z\"\n  },\n  {\n    \"id\": null,\n    \"uuid\": null,\n    \"post_id\": null,\n    \"text\": null,\n    \"note\": null,\n    \"chapter\": null,\n    \"page\": null,\n    \"location\": null,\n    \"highlighted_at\": null,\n    \"starred\": null,\n    \"source\": null,\n    \"created_at\": null,\n    \"updated_at\": null\n  }\n]\n",
    "HighlightPresenter.layout jsonl":
      "{\"id\":42,\"uuid\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"post_id\":42,\"text\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"note\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"chapter\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"page\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"location\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"highlighted_at\":\"2026-01-31T09:05:00.000Z\",\"starred\":true,\"source\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"created_at\":\"2026-01-31T09:05:00.000Z\",\"updated_at\":\"2026-01-31T09:05:00.000Z\"}\n{\"id\":null,\"uuid\":null,\"post_id\":null,\"text\":null,\"note\":null,\"chapter\":null,\"page\":null,\"location\":null,\"highlighted_at\":null,\"starred\":null,\"source\":null,\"created_at\":null,\"updated_at\":null}\n",
    "HighlightPresenter.layout csv":
      "id,uuid,post_id,text,note,chapter,page,location,highlighted_at,starred,source,created_at,updated_at\r\n42,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",42,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",2026-01-31T09:05:00.000Z,true,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",2026-01-31T09:05:00.000Z,2026-01-31T09:05:00.000Z\r\n,,,,,,,,,,,,\r\n",
    "HighlightPresenter.layout tsv":
      "id\tuuid\tpost_id\ttext\tnote\tchapter\tpage\tlocation\thighlighted_at\tstarred\tsource\tcreated_at\tupdated_at\n42\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t42\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t2026-01-31T09:05:00.000Z\ttrue\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t2026-01-31T09:05:00.000Z\t2026-01-31T09:05:00.000Z\n\t\t\t\t\t\t\t\t\t\t\t\t\n",
    "HighlightPresenter.layout plain":
      "42\t42\ttrue\ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \n\t\t\t\t\t\t\t\n",
    "HighlightPresenter.layout table":
      "ID  POST  ★  HIGHLIGHT                                  NOTE                                       CHAPTER                                    PAGE                                       LOCATION\n42    42  ★  tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈 \n                                                                                                                                                                                         \n",
    "HighlightPresenter.layout json single":
      "{\n  \"id\": 42,\n  \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"post_id\": 42,\n  \"text\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"note\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"chapter\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"page\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"location\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"highlighted_at\": \"2026-01-31T09:05:00.000Z\",\n  \"starred\": true,\n  \"source\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"created_at\": \"2026-01-31T09:05:00.000Z\",\n  \"updated_at\": \"2026-01-31T09:05:00.000Z\"\n}\n",
    "JournalPresenter.layout json":
      "[\n  {\n    \"id\": 42,\n    \"created_at\": \"2026-01-31T09:05:00.000Z\",\n    \"action\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"summary\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"undone\": true,\n    \"changes\": 42\n  },\n  {\n    \"id\": null,\n    \"created_at\": null,\n    \"action\": null,\n    \"summary\": null,\n    \"undone\": null,\n    \"changes\": null\n  }\n]\n",
    "JournalPresenter.layout jsonl":
      "{\"id\":42,\"created_at\":\"2026-01-31T09:05:00.000Z\",\"action\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"summary\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"undone\":true,\"changes\":42}\n{\"id\":null,\"created_at\":null,\"action\":null,\"summary\":null,\"undone\":null,\"changes\":null}\n",
    "JournalPresenter.layout csv":
      "id,created_at,action,summary,undone,changes\r\n42,2026-01-31T09:05:00.000Z,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",true,42\r\n,,,,,\r\n",
    "JournalPresenter.layout tsv":
      "id\tcreated_at\taction\tsummary\tundone\tchanges\n42\t2026-01-31T09:05:00.000Z\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttrue\t42\n\t\t\t\t\t\n",
    "JournalPresenter.layout plain":
      "42\t2026-01-31T09:05:00.000Z\ttrue\ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \n\t\t\t\n",
    "JournalPresenter.layout table":
      " #  TIME              UNDONE  CHANGE\n42  2026-01-31 10:05  undone  tab here, \"q\", line break, bell^G, 猫 🐈 \n                              \n",
    "PostPresenter.changedLayout json":
      "[\n  {\n    \"id\": 42,\n    \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"title\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"author\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"body\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"source\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"favorite\": true,\n    \"question_count\": 42,\n    \"created_at\": \"2026-01-31T09:05:00.000Z\",\n    \"updated_at\": \"2026-01-31T09:05:00.000Z\"\n  },\n  {\n    \"id\": null,\n    \"uuid\": null,\n    \"title\": null,\n    \"author\": null,\n    \"body\": null,\n    \"source\": null,\n    \"favorite\": null,\n    \"question_count\": null,\n    \"created_at\": null,\n    \"updated_at\": null\n  }\n]\n",
    "PostPresenter.changedLayout jsonl":
      "{\"id\":42,\"uuid\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"title\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"author\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"body\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"source\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"favorite\":true,\"question_count\":42,\"created_at\":\"2026-01-31T09:05:00.000Z\",\"updated_at\":\"2026-01-31T09:05:00.000Z\"}\n{\"id\":null,\"uuid\":null,\"title\":null,\"author\":null,\"body\":null,\"source\":null,\"favorite\":null,\"question_count\":null,\"created_at\":null,\"updated_at\":null}\n",
    "PostPresenter.changedLayout csv":
      "id,uuid,title,author,body,source,favorite,question_count,created_at,updated_at\r\n42,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",true,42,2026-01-31T09:05:00.000Z,2026-01-31T09:05:00.000Z\r\n,,,,,,,,,\r\n",
    "PostPresenter.changedLayout tsv":
      "id\tuuid\ttitle\tauthor\tbody\tsource\tfavorite\tquestion_count\tcreated_at\tupdated_at\n42\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttrue\t42\t2026-01-31T09:05:00.000Z\t2026-01-31T09:05:00.000Z\n\t\t\t\t\t\t\t\t\t\n",
    "PostPresenter.changedLayout plain":
      "42\ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t42\ttrue\t2026-01-31T09:05:00.000Z\n\t\t\t\t\t\n",
    "PostPresenter.changedLayout table":
      "ID  TITLE                                      AUTHOR                                     QUESTIONS  FAV  CREATED\n42  tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈          42  ♥    2026-01-31 10:05\n                                                                                                          \n",
    "PostPresenter.layout json":
      "[\n  {\n    \"id\": 42,\n    \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"title\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"author\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"body\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"source\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"favorite\": true,\n    \"question_count\": 42,\n    \"created_at\": \"2026-01-31T09:05:00.000Z\",\n    \"updated_at\": \"2026-01-31T09:05:00.000Z\",\n    \"questions\": [\n      {\n        \"id\": 42,\n        \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"post_id\": 42,\n        \"post_title\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"text\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"category\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"starred\": true,\n        \"answer\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"answered_at\": \"2026-01-31T09:05:00.000Z\",\n        \"created_at\": \"2026-01-31T09:05:00.000Z\",\n        \"updated_at\": \"2026-01-31T09:05:00.000Z\",\n        \"highlight_id\": 42\n      }\n    ]\n  },\n  {\n    \"id\": null,\n    \"uuid\": null,\n    \"title\": null,\n    \"author\": null,\n    \"body\": null,\n    \"source\": null,\n    \"favorite\": null,\n    \"question_count\": null,\n    \"created_at\": null,\n    \"updated_at\": null,\n    \"questions\": []\n  }\n]\n",
    "PostPresenter.layout jsonl":
      "{\"id\":42,\"uuid\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"title\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"author\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"body\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"source\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"favorite\":true,\"question_count\":42,\"created_at\":\"2026-01-31T09:05:00.000Z\",\"updated_at\":\"2026-01-31T09:05:00.000Z\",\"questions\":[{\"id\":42,\"uuid\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"post_id\":42,\"post_title\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"text\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"category\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"starred\":true,\"answer\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"answered_at\":\"2026-01-31T09:05:00.000Z\",\"created_at\":\"2026-01-31T09:05:00.000Z\",\"updated_at\":\"2026-01-31T09:05:00.000Z\",\"highlight_id\":42}]}\n{\"id\":null,\"uuid\":null,\"title\":null,\"author\":null,\"body\":null,\"source\":null,\"favorite\":null,\"question_count\":null,\"created_at\":null,\"updated_at\":null,\"questions\":[]}\n",
    "PostPresenter.layout csv":
      "id,uuid,title,author,body,source,favorite,question_count,created_at,updated_at\r\n42,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",true,42,2026-01-31T09:05:00.000Z,2026-01-31T09:05:00.000Z\r\n,,,,,,,,,\r\n",
    "PostPresenter.layout tsv":
      "id\tuuid\ttitle\tauthor\tbody\tsource\tfavorite\tquestion_count\tcreated_at\tupdated_at\n42\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttrue\t42\t2026-01-31T09:05:00.000Z\t2026-01-31T09:05:00.000Z\n\t\t\t\t\t\t\t\t\t\n",
    "PostPresenter.layout plain":
      "42\ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t42\ttrue\t2026-01-31T09:05:00.000Z\n\t\t\t\t\t\n",
    "PostPresenter.layout table":
      "ID  TITLE                                      AUTHOR                                     QUESTIONS  FAV  CREATED\n42  tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈          42  ♥    2026-01-31 10:05\n                                                                                                          \n",
    "PostPresenter.layout json single":
      "{\n  \"id\": 42,\n  \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"title\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"author\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"body\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"source\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"favorite\": true,\n  \"question_count\": 42,\n  \"created_at\": \"2026-01-31T09:05:00.000Z\",\n  \"updated_at\": \"2026-01-31T09:05:00.000Z\",\n  \"questions\": [\n    {\n      \"id\": 42,\n      \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"post_id\": 42,\n      \"post_title\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"text\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"category\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"starred\": true,\n      \"answer\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"answered_at\": \"2026-01-31T09:05:00.000Z\",\n      \"created_at\": \"2026-01-31T09:05:00.000Z\",\n      \"updated_at\": \"2026-01-31T09:05:00.000Z\",\n      \"highlight_id\": 42\n    }\n  ]\n}\n",
    "QuestionPresenter.layout json":
      "[\n  {\n    \"id\": 42,\n    \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"post_id\": 42,\n    \"post_title\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"text\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"category\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"starred\": true,\n    \"answer\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"answered_at\": \"2026-01-31T09:05:00.000Z\",\n    \"created_at\": \"2026-01-31T09:05:00.000Z\",\n    \"updated_at\": \"2026-01-31T09:05:00.000Z\",\n    \"highlight_id\": 42\n  },\n  {\n    \"id\": null,\n    \"uuid\": null,\n    \"post_id\": null,\n    \"post_title\": null,\n    \"text\": null,\n    \"category\": null,\n    \"starred\": null,\n    \"answer\": null,\n    \"answered_at\": null,\n    \"created_at\": null,\n    \"updated_at\": null,\n    \"highlight_id\": null\n  }\n]\n",
    "QuestionPresenter.layout jsonl":
      "{\"id\":42,\"uuid\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"post_id\":42,\"post_title\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"text\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"category\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"starred\":true,\"answer\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"answered_at\":\"2026-01-31T09:05:00.000Z\",\"created_at\":\"2026-01-31T09:05:00.000Z\",\"updated_at\":\"2026-01-31T09:05:00.000Z\",\"highlight_id\":42}\n{\"id\":null,\"uuid\":null,\"post_id\":null,\"post_title\":null,\"text\":null,\"category\":null,\"starred\":null,\"answer\":null,\"answered_at\":null,\"created_at\":null,\"updated_at\":null,\"highlight_id\":null}\n",
    "QuestionPresenter.layout csv":
      "id,uuid,post_id,post_title,text,category,starred,answer,answered_at,created_at,updated_at,highlight_id\r\n42,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",42,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",true,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",2026-01-31T09:05:00.000Z,2026-01-31T09:05:00.000Z,2026-01-31T09:05:00.000Z,42\r\n,,,,,,,,,,,\r\n",
    "QuestionPresenter.layout tsv":
      "id\tuuid\tpost_id\tpost_title\ttext\tcategory\tstarred\tanswer\tanswered_at\tcreated_at\tupdated_at\thighlight_id\n42\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t42\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttrue\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t2026-01-31T09:05:00.000Z\t2026-01-31T09:05:00.000Z\t2026-01-31T09:05:00.000Z\t42\n\t\t\t\t\t\t\t\t\t\t\t\n",
    "QuestionPresenter.layout plain":
      "42\t42\ttrue\ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t2026-01-31T09:05:00.000Z\n\t\t\t\t\t\t\n",
    "QuestionPresenter.layout table":
      "ID  POST  ★  QUESTION                                   CATEGORY                                   ANSWER                                     CREATED\n42    42  ★  tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   2026-01-31 10:05\n                                                                                                                                              \n",
    "QuestionPresenter.layout json single":
      "{\n  \"id\": 42,\n  \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"post_id\": 42,\n  \"post_title\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"text\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"category\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"starred\": true,\n  \"answer\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"answered_at\": \"2026-01-31T09:05:00.000Z\",\n  \"created_at\": \"2026-01-31T09:05:00.000Z\",\n  \"updated_at\": \"2026-01-31T09:05:00.000Z\",\n  \"highlight_id\": 42\n}\n",
    "ReviewPresenter.rateLayout json":
      "[\n  {\n    \"due\": \"2026-01-31T09:05:00.000Z\",\n    \"scheduled_days\": 42,\n    \"state\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"stability\": 1.5,\n    \"difficulty\": 1.5\n  },\n  {\n    \"due\": null,\n    \"scheduled_days\": null,\n    \"state\": null,\n    \"stability\": null,\n    \"difficulty\": null\n  }\n]\n",
    "ReviewPresenter.rateLayout jsonl":
      "{\"due\":\"2026-01-31T09:05:00.000Z\",\"scheduled_days\":42,\"state\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"stability\":1.5,\"difficulty\":1.5}\n{\"due\":null,\"scheduled_days\":null,\"state\":null,\"stability\":null,\"difficulty\":null}\n",
    "ReviewPresenter.rateLayout csv":
      "due,scheduled_days,state,stability,difficulty\r\n2026-01-31T09:05:00.000Z,42,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",1.5,1.5\r\n,,,,\r\n",
    "ReviewPresenter.rateLayout tsv":
      "due\tscheduled_days\tstate\tstability\tdifficulty\n2026-01-31T09:05:00.000Z\t42\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t1.5\t1.5\n\t\t\t\t\n",
    "ReviewPresenter.rateLayout plain":
      "2026-01-31T09:05:00.000Z\t42\ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t1.5\t1.5\n\t\t\t\t\n",
    "ReviewPresenter.rateLayout table":
      "due               scheduled_days  state                                      stability  difficulty\n2026-01-31 10:05  42              tab here, \"q\", line break, bell^G, 猫 🐈   1.5        1.5\n                                                                                        \n",
    "ReviewPresenter.rateLayout json single":
      "{\n  \"due\": \"2026-01-31T09:05:00.000Z\",\n  \"scheduled_days\": 42,\n  \"state\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"stability\": 1.5,\n  \"difficulty\": 1.5\n}\n",
    "ReviewPresenter.historyLayout json":
      "[\n  {\n    \"rating\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"reviewed_at\": \"2026-01-31T09:05:00.000Z\"\n  },\n  {\n    \"rating\": null,\n    \"reviewed_at\": null\n  }\n]\n",
    "ReviewPresenter.historyLayout jsonl":
      "{\"rating\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"reviewed_at\":\"2026-01-31T09:05:00.000Z\"}\n{\"rating\":null,\"reviewed_at\":null}\n",
    "ReviewPresenter.historyLayout csv":
      "rating,reviewed_at\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",2026-01-31T09:05:00.000Z\r\n,\r\n",
    "ReviewPresenter.historyLayout tsv":
      "rating\treviewed_at\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t2026-01-31T09:05:00.000Z\n\t\n",
    "ReviewPresenter.historyLayout plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t2026-01-31T09:05:00.000Z\n\t\n",
    "ReviewPresenter.historyLayout table":
      "rating                                     reviewed_at\ntab here, \"q\", line break, bell^G, 猫 🐈   2026-01-31 10:05\n                                           \n",
    "ReviewPresenter.showLayout json":
      "[\n  {\n    \"id\": 42,\n    \"kind\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"state\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"stability\": 1.5,\n    \"difficulty\": 1.5,\n    \"retrievability\": 1.5,\n    \"due\": \"2026-01-31T09:05:00.000Z\",\n    \"reps\": 42,\n    \"lapses\": 42,\n    \"history\": [\n      {\n        \"rating\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"reviewed_at\": \"2026-01-31T09:05:00.000Z\"\n      }\n    ],\n    \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"\n  },\n  {\n    \"id\": null,\n    \"kind\": null,\n    \"state\": null,\n    \"stability\": null,\n    \"difficulty\": null,\n    \"retrievability\": null,\n    \"due\": null,\n    \"reps\": null,\n    \"lapses\": null,\n    \"history\": [],\n    \"uuid\": null\n  }\n]\n",
    "ReviewPresenter.showLayout jsonl":
      "{\"id\":42,\"kind\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"state\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"stability\":1.5,\"difficulty\":1.5,\"retrievability\":1.5,\"due\":\"2026-01-31T09:05:00.000Z\",\"reps\":42,\"lapses\":42,\"history\":[{\"rating\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"reviewed_at\":\"2026-01-31T09:05:00.000Z\"}],\"uuid\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"}\n{\"id\":null,\"kind\":null,\"state\":null,\"stability\":null,\"difficulty\":null,\"retrievability\":null,\"due\":null,\"reps\":null,\"lapses\":null,\"history\":[],\"uuid\":null}\n",
    "ReviewPresenter.showLayout csv":
      "id,kind,state,stability,difficulty,retrievability,due,reps,lapses,uuid\r\n42,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",1.5,1.5,1.5,2026-01-31T09:05:00.000Z,42,42,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \"\r\n,,,,,,,,,\r\n",
    "ReviewPresenter.showLayout tsv":
      "id\tkind\tstate\tstability\tdifficulty\tretrievability\tdue\treps\tlapses\tuuid\n42\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t1.5\t1.5\t1.5\t2026-01-31T09:05:00.000Z\t42\t42\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \n\t\t\t\t\t\t\t\t\t\n",
    "ReviewPresenter.showLayout plain":
      "42\ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t1.5\t1.5\t1.5\t2026-01-31T09:05:00.000Z\t42\t42\ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \n\t\t\t\t\t\t\t\t\t\n",
    "ReviewPresenter.showLayout table":
      "id  kind                                       state                                      stability  difficulty  retrievability  due               reps  lapses  uuid\n42  tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   1.5        1.5         1.5             2026-01-31 10:05  42    42      tab here, \"q\", line break, bell^G, 猫 🐈 \n                                                                                                                                                                 \n",
    "ReviewPresenter.showLayout json single":
      "{\n  \"id\": 42,\n  \"kind\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"state\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"stability\": 1.5,\n  \"difficulty\": 1.5,\n  \"retrievability\": 1.5,\n  \"due\": \"2026-01-31T09:05:00.000Z\",\n  \"reps\": 42,\n  \"lapses\": 42,\n  \"history\": [\n    {\n      \"rating\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"reviewed_at\": \"2026-01-31T09:05:00.000Z\"\n    }\n  ],\n  \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"\n}\n",
    "ReviewPresenter.layout json":
      "[\n  {\n    \"id\": 42,\n    \"kind\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"due\": \"2026-01-31T09:05:00.000Z\",\n    \"retrievability\": 1.5,\n    \"question\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"post_id\": 42,\n    \"title\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"item\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"\n  },\n  {\n    \"id\": null,\n    \"kind\": null,\n    \"due\": null,\n    \"retrievability\": null,\n    \"question\": null,\n    \"post_id\": null,\n    \"title\": null,\n    \"item\": null\n  }\n]\n",
    "ReviewPresenter.layout jsonl":
      "{\"id\":42,\"kind\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"due\":\"2026-01-31T09:05:00.000Z\",\"retrievability\":1.5,\"question\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"post_id\":42,\"title\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"item\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"}\n{\"id\":null,\"kind\":null,\"due\":null,\"retrievability\":null,\"question\":null,\"post_id\":null,\"title\":null,\"item\":null}\n",
    "ReviewPresenter.layout csv":
      "id,kind,due,retrievability,question,post_id,title,item\r\n42,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",2026-01-31T09:05:00.000Z,1.5,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",42,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \"\r\n,,,,,,,\r\n",
    "ReviewPresenter.layout tsv":
      "id\tkind\tdue\tretrievability\tquestion\tpost_id\ttitle\titem\n42\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t2026-01-31T09:05:00.000Z\t1.5\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t42\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \n\t\t\t\t\t\t\t\n",
    "ReviewPresenter.layout plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t2026-01-31T09:05:00.000Z\t1.5\ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \n\t\t\t\t\t\n",
    "ReviewPresenter.layout table":
      "                                       ID  KIND                                       DUE                 R  QUESTION                                   BOOK\ntab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   2026-01-31 10:05  1.5  tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈 \n                                                                                                                                                        \n",
    "ReviewPresenter.logLayout json":
      "[\n  {\n    \"card_id\": 42,\n    \"review_time\": 42,\n    \"review_rating\": 42,\n    \"review_state\": 42,\n    \"review_duration\": 42\n  },\n  {\n    \"card_id\": null,\n    \"review_time\": null,\n    \"review_rating\": null,\n    \"review_state\": null,\n    \"review_duration\": null\n  }\n]\n",
    "ReviewPresenter.logLayout jsonl":
      "{\"card_id\":42,\"review_time\":42,\"review_rating\":42,\"review_state\":42,\"review_duration\":42}\n{\"card_id\":null,\"review_time\":null,\"review_rating\":null,\"review_state\":null,\"review_duration\":null}\n",
    "ReviewPresenter.logLayout csv":
      "card_id,review_time,review_rating,review_state,review_duration\r\n42,42,42,42,42\r\n,,,,\r\n",
    "ReviewPresenter.logLayout tsv":
      "card_id\treview_time\treview_rating\treview_state\treview_duration\n42\t42\t42\t42\t42\n\t\t\t\t\n",
    "ReviewPresenter.logLayout plain":
      "42\t42\t42\t42\t42\n\t\t\t\t\n",
    "ReviewPresenter.logLayout table":
      "card_id  review_time  review_rating  review_state  review_duration\n42       42           42             42            42\n                                                   \n",
    "ReviewPresenter.highlightShowLayout json":
      "[\n  {\n    \"id\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"kind\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"state\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"stability\": 1.5,\n    \"difficulty\": 1.5,\n    \"retrievability\": 1.5,\n    \"due\": \"2026-01-31T09:05:00.000Z\",\n    \"reps\": 42,\n    \"lapses\": 42,\n    \"wait_days\": 42,\n    \"history\": [\n      {\n        \"rating\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"reviewed_at\": \"2026-01-31T09:05:00.000Z\"\n      }\n    ],\n    \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"\n  },\n  {\n    \"id\": null,\n    \"kind\": null,\n    \"state\": null,\n    \"stability\": null,\n    \"difficulty\": null,\n    \"retrievability\": null,\n    \"due\": null,\n    \"reps\": null,\n    \"lapses\": null,\n    \"wait_days\": null,\n    \"history\": [],\n    \"uuid\": null\n  }\n]\n",
    "ReviewPresenter.highlightShowLayout jsonl":
      "{\"id\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"kind\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"state\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"stability\":1.5,\"difficulty\":1.5,\"retrievability\":1.5,\"due\":\"2026-01-31T09:05:00.000Z\",\"reps\":42,\"lapses\":42,\"wait_days\":42,\"history\":[{\"rating\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"reviewed_at\":\"2026-01-31T09:05:00.000Z\"}],\"uuid\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"}\n{\"id\":null,\"kind\":null,\"state\":null,\"stability\":null,\"difficulty\":null,\"retrievability\":null,\"due\":null,\"reps\":null,\"lapses\":null,\"wait_days\":null,\"history\":[],\"uuid\":null}\n",
    "ReviewPresenter.highlightShowLayout csv":
      "id,kind,state,stability,difficulty,retrievability,due,reps,lapses,wait_days,uuid\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",1.5,1.5,1.5,2026-01-31T09:05:00.000Z,42,42,42,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \"\r\n,,,,,,,,,,\r\n",
    "ReviewPresenter.highlightShowLayout tsv":
      "id\tkind\tstate\tstability\tdifficulty\tretrievability\tdue\treps\tlapses\twait_days\tuuid\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t1.5\t1.5\t1.5\t2026-01-31T09:05:00.000Z\t42\t42\t42\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \n\t\t\t\t\t\t\t\t\t\t\n",
    "ReviewPresenter.highlightShowLayout plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t1.5\t1.5\t1.5\t2026-01-31T09:05:00.000Z\t42\t42\t42\ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \n\t\t\t\t\t\t\t\t\t\t\n",
    "ReviewPresenter.highlightShowLayout table":
      "id                                         kind                                       state                                      stability  difficulty  retrievability  due               reps  lapses  wait_days  uuid\ntab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   1.5        1.5         1.5             2026-01-31 10:05  42    42      42         tab here, \"q\", line break, bell^G, 猫 🐈 \n                                                                                                                                                                                                                   \n",
    "ReviewPresenter.highlightShowLayout json single":
      "{\n  \"id\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"kind\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"state\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"stability\": 1.5,\n  \"difficulty\": 1.5,\n  \"retrievability\": 1.5,\n  \"due\": \"2026-01-31T09:05:00.000Z\",\n  \"reps\": 42,\n  \"lapses\": 42,\n  \"wait_days\": 42,\n  \"history\": [\n    {\n      \"rating\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"reviewed_at\": \"2026-01-31T09:05:00.000Z\"\n    }\n  ],\n  \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"\n}\n",
    "ReviewPresenter.configLayout json":
      "[\n  {\n    \"key\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"value\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"\n  },\n  {\n    \"key\": null,\n    \"value\": null\n  }\n]\n",
    "ReviewPresenter.configLayout jsonl":
      "{\"key\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"value\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"}\n{\"key\":null,\"value\":null}\n",
    "ReviewPresenter.configLayout csv":
      "key,value\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \"\r\n,\r\n",
    "ReviewPresenter.configLayout tsv":
      "key\tvalue\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \n\t\n",
    "ReviewPresenter.configLayout plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \n\t\n",
    "ReviewPresenter.configLayout table":
      "KEY                                        VALUE\ntab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈 \n                                           \n",
    "ReviewPresenter.configLayout json single":
      "{\n  \"key\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"value\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"\n}\n",
    "ReviewPresenter.weightLayout json":
      "[\n  {\n    \"index\": 42,\n    \"value\": 1.5\n  },\n  {\n    \"index\": null,\n    \"value\": null\n  }\n]\n",
    "ReviewPresenter.weightLayout jsonl":
      "{\"index\":42,\"value\":1.5}\n{\"index\":null,\"value\":null}\n",
    "ReviewPresenter.weightLayout csv":
      "index,value\r\n42,1.5\r\n,\r\n",
    "ReviewPresenter.weightLayout tsv":
      "index\tvalue\n42\t1.5\n\t\n",
    "ReviewPresenter.weightLayout plain":
      "42\t1.5\n\t\n",
    "ReviewPresenter.weightLayout table":
      "index  value\n42     1.5\n       \n",
    "ReviewPresenter.settingsLayout json":
      "[\n  {\n    \"retention\": 1.5,\n    \"learning_steps\": [\"a\", \"b c\"],\n    \"relearning_steps\": [\"a\", \"b c\"],\n    \"maximum_interval\": 42,\n    \"fuzz\": true,\n    \"highlights\": 42,\n    \"weights\": [\n      {\n        \"index\": 42,\n        \"value\": 1.5\n      }\n    ]\n  },\n  {\n    \"retention\": null,\n    \"learning_steps\": null,\n    \"relearning_steps\": null,\n    \"maximum_interval\": null,\n    \"fuzz\": null,\n    \"highlights\": null,\n    \"weights\": []\n  }\n]\n",
    "ReviewPresenter.settingsLayout jsonl":
      "{\"retention\":1.5,\"learning_steps\":[\"a\",\"b c\"],\"relearning_steps\":[\"a\",\"b c\"],\"maximum_interval\":42,\"fuzz\":true,\"highlights\":42,\"weights\":[{\"index\":42,\"value\":1.5}]}\n{\"retention\":null,\"learning_steps\":null,\"relearning_steps\":null,\"maximum_interval\":null,\"fuzz\":null,\"highlights\":null,\"weights\":[]}\n",
    "ReviewPresenter.settingsLayout csv":
      "retention,learning_steps,relearning_steps,maximum_interval,fuzz,highlights\r\n1.5,\"a, b c\",\"a, b c\",42,true,42\r\n,,,,,\r\n",
    "ReviewPresenter.settingsLayout tsv":
      "retention\tlearning_steps\trelearning_steps\tmaximum_interval\tfuzz\thighlights\n1.5\ta, b c\ta, b c\t42\ttrue\t42\n\t\t\t\t\t\n",
    "ReviewPresenter.settingsLayout plain":
      "1.5\ta, b c\ta, b c\t42\ttrue\t42\n\t\t\t\t\t\n",
    "ReviewPresenter.settingsLayout table":
      "retention  learning_steps  relearning_steps  maximum_interval  fuzz  highlights\n1.5        a, b c          a, b c            42                ✓     42\n                                                                     \n",
    "ReviewPresenter.settingsLayout json single":
      "{\n  \"retention\": 1.5,\n  \"learning_steps\": [\"a\", \"b c\"],\n  \"relearning_steps\": [\"a\", \"b c\"],\n  \"maximum_interval\": 42,\n  \"fuzz\": true,\n  \"highlights\": 42,\n  \"weights\": [\n    {\n      \"index\": 42,\n      \"value\": 1.5\n    }\n  ]\n}\n",
    "SearchPresenter.layout json":
      "[\n  {\n    \"kind\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"id\": 42,\n    \"post_id\": 42,\n    \"post_title\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"snippet\": \"a match b\",\n    \"rank\": 1.5\n  },\n  {\n    \"kind\": null,\n    \"id\": null,\n    \"post_id\": null,\n    \"post_title\": null,\n    \"snippet\": null,\n    \"rank\": null\n  }\n]\n",
    "SearchPresenter.layout jsonl":
      "{\"kind\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"id\":42,\"post_id\":42,\"post_title\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"snippet\":\"a match b\",\"rank\":1.5}\n{\"kind\":null,\"id\":null,\"post_id\":null,\"post_title\":null,\"snippet\":null,\"rank\":null}\n",
    "SearchPresenter.layout csv":
      "kind,id,post_id,post_title,snippet,rank\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",42,42,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",a match b,1.5\r\n,,,,,\r\n",
    "SearchPresenter.layout tsv":
      "kind\tid\tpost_id\tpost_title\tsnippet\trank\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t42\t42\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ta match b\t1.5\n\t\t\t\t\t\n",
    "SearchPresenter.layout plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t42\ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ta match b\n\t\t\t\n",
    "SearchPresenter.layout table":
      "KIND                                       ID  POST                                       MATCH\ntab here, \"q\", line break, bell^G, 猫 🐈   42  tab here, \"q\", line break, bell^G, 猫 🐈   a match b\n                                                                                          \n",
    "StatsPresenter.categoryLayout json":
      "[\n  {\n    \"name\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"questions\": 42\n  },\n  {\n    \"name\": null,\n    \"questions\": null\n  }\n]\n",
    "StatsPresenter.categoryLayout jsonl":
      "{\"name\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"questions\":42}\n{\"name\":null,\"questions\":null}\n",
    "StatsPresenter.categoryLayout csv":
      "name,questions\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",42\r\n,\r\n",
    "StatsPresenter.categoryLayout tsv":
      "name\tquestions\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t42\n\t\n",
    "StatsPresenter.categoryLayout plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t42\n\t\n",
    "StatsPresenter.categoryLayout table":
      "name                                       questions\ntab here, \"q\", line break, bell^G, 猫 🐈   42\n                                           \n",
    "StatsPresenter.dayLayout json":
      "[\n  {\n    \"date\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"count\": 42\n  },\n  {\n    \"date\": null,\n    \"count\": null\n  }\n]\n",
    "StatsPresenter.dayLayout jsonl":
      "{\"date\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"count\":42}\n{\"date\":null,\"count\":null}\n",
    "StatsPresenter.dayLayout csv":
      "date,count\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",42\r\n,\r\n",
    "StatsPresenter.dayLayout tsv":
      "date\tcount\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t42\n\t\n",
    "StatsPresenter.dayLayout plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t42\n\t\n",
    "StatsPresenter.dayLayout table":
      "date                                       count\ntab here, \"q\", line break, bell^G, 猫 🐈   42\n                                           \n",
    "StatsPresenter.forecastLayout json":
      "[\n  {\n    \"day\": 42,\n    \"count\": 42\n  },\n  {\n    \"day\": null,\n    \"count\": null\n  }\n]\n",
    "StatsPresenter.forecastLayout jsonl":
      "{\"day\":42,\"count\":42}\n{\"day\":null,\"count\":null}\n",
    "StatsPresenter.forecastLayout csv":
      "day,count\r\n42,42\r\n,\r\n",
    "StatsPresenter.forecastLayout tsv":
      "day\tcount\n42\t42\n\t\n",
    "StatsPresenter.forecastLayout plain":
      "42\t42\n\t\n",
    "StatsPresenter.forecastLayout table":
      "day  count\n42   42\n     \n",
    "StatsPresenter.reviewLayout json":
      "[\n  {\n    \"due_today\": 42,\n    \"new\": 42,\n    \"reviewed_30_days\": 42,\n    \"true_retention\": 1.5,\n    \"forecast\": [\n      {\n        \"day\": 42,\n        \"count\": 42\n      }\n    ]\n  },\n  {\n    \"due_today\": null,\n    \"new\": null,\n    \"reviewed_30_days\": null,\n    \"true_retention\": null,\n    \"forecast\": []\n  }\n]\n",
    "StatsPresenter.reviewLayout jsonl":
      "{\"due_today\":42,\"new\":42,\"reviewed_30_days\":42,\"true_retention\":1.5,\"forecast\":[{\"day\":42,\"count\":42}]}\n{\"due_today\":null,\"new\":null,\"reviewed_30_days\":null,\"true_retention\":null,\"forecast\":[]}\n",
    "StatsPresenter.reviewLayout csv":
      "due_today,new,reviewed_30_days,true_retention\r\n42,42,42,1.5\r\n,,,\r\n",
    "StatsPresenter.reviewLayout tsv":
      "due_today\tnew\treviewed_30_days\ttrue_retention\n42\t42\t42\t1.5\n\t\t\t\n",
    "StatsPresenter.reviewLayout plain":
      "42\t42\t42\t1.5\n\t\t\t\n",
    "StatsPresenter.reviewLayout table":
      "due_today  new  reviewed_30_days  true_retention\n42         42   42                1.5\n                                  \n",
    "StatsPresenter.reviewLayout json single":
      "{\n  \"due_today\": 42,\n  \"new\": 42,\n  \"reviewed_30_days\": 42,\n  \"true_retention\": 1.5,\n  \"forecast\": [\n    {\n      \"day\": 42,\n      \"count\": 42\n    }\n  ]\n}\n",
    "StatsPresenter.layout json":
      "[\n  {\n    \"posts\": 42,\n    \"questions\": 42,\n    \"highlights\": 42,\n    \"starred\": 42,\n    \"answered\": 42,\n    \"favorites\": 42,\n    \"uncategorized\": 42,\n    \"journal_entries\": 42,\n    \"journal_changes\": 42,\n    \"categories\": [\n      {\n        \"name\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"questions\": 42\n      }\n    ],\n    \"activity\": [\n      {\n        \"date\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"count\": 42\n      }\n    ]\n  },\n  {\n    \"posts\": null,\n    \"questions\": null,\n    \"highlights\": null,\n    \"starred\": null,\n    \"answered\": null,\n    \"favorites\": null,\n    \"uncategorized\": null,\n    \"journal_entries\": null,\n    \"journal_changes\": null,\n    \"categories\": [],\n    \"activity\": []\n  }\n]\n",
    "StatsPresenter.layout jsonl":
      "{\"posts\":42,\"questions\":42,\"highlights\":42,\"starred\":42,\"answered\":42,\"favorites\":42,\"uncategorized\":42,\"journal_entries\":42,\"journal_changes\":42,\"categories\":[{\"name\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"questions\":42}],\"activity\":[{\"date\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"count\":42}]}\n{\"posts\":null,\"questions\":null,\"highlights\":null,\"starred\":null,\"answered\":null,\"favorites\":null,\"uncategorized\":null,\"journal_entries\":null,\"journal_changes\":null,\"categories\":[],\"activity\":[]}\n",
    "StatsPresenter.layout csv":
      "posts,questions,highlights,starred,answered,favorites,uncategorized,journal_entries,journal_changes\r\n42,42,42,42,42,42,42,42,42\r\n,,,,,,,,\r\n",
    "StatsPresenter.layout tsv":
      "posts\tquestions\thighlights\tstarred\tanswered\tfavorites\tuncategorized\tjournal_entries\tjournal_changes\n42\t42\t42\t42\t42\t42\t42\t42\t42\n\t\t\t\t\t\t\t\t\n",
    "StatsPresenter.layout plain":
      "42\t42\t42\t42\t42\t42\t42\t42\t42\n\t\t\t\t\t\t\t\t\n",
    "StatsPresenter.layout table":
      "posts  questions  highlights  starred  answered  favorites  uncategorized  journal_entries  journal_changes\n42     42         42          42       42        42         42             42               42\n                                                                                            \n",
    "StatsPresenter.layout json single":
      "{\n  \"posts\": 42,\n  \"questions\": 42,\n  \"highlights\": 42,\n  \"starred\": 42,\n  \"answered\": 42,\n  \"favorites\": 42,\n  \"uncategorized\": 42,\n  \"journal_entries\": 42,\n  \"journal_changes\": 42,\n  \"categories\": [\n    {\n      \"name\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"questions\": 42\n    }\n  ],\n  \"activity\": [\n    {\n      \"date\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"count\": 42\n    }\n  ]\n}\n",
    "StatsPresenter.reviewedLayout json":
      "[\n  {\n    \"posts\": 42,\n    \"questions\": 42,\n    \"highlights\": 42,\n    \"starred\": 42,\n    \"answered\": 42,\n    \"favorites\": 42,\n    \"uncategorized\": 42,\n    \"journal_entries\": 42,\n    \"journal_changes\": 42,\n    \"categories\": [\n      {\n        \"name\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"questions\": 42\n      }\n    ],\n    \"activity\": [\n      {\n        \"date\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"count\": 42\n      }\n    ],\n    \"review\": {\n      \"due_today\": 42,\n      \"new\": 42,\n      \"reviewed_30_days\": 42,\n      \"true_retention\": 1.5,\n      \"forecast\": [\n        {\n          \"day\": 42,\n          \"count\": 42\n        }\n      ]\n    }\n  },\n  {\n    \"posts\": null,\n    \"questions\": null,\n    \"highlights\": null,\n    \"starred\": null,\n    \"answered\": null,\n    \"favorites\": null,\n    \"uncategorized\": null,\n    \"journal_entries\": null,\n    \"journal_changes\": null,\n    \"categories\": [],\n    \"activity\": [],\n    \"review\": null\n  }\n]\n",
    "StatsPresenter.reviewedLayout jsonl":
      "{\"posts\":42,\"questions\":42,\"highlights\":42,\"starred\":42,\"answered\":42,\"favorites\":42,\"uncategorized\":42,\"journal_entries\":42,\"journal_changes\":42,\"categories\":[{\"name\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"questions\":42}],\"activity\":[{\"date\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"count\":42}],\"review\":{\"due_today\":42,\"new\":42,\"reviewed_30_days\":42,\"true_retention\":1.5,\"forecast\":[{\"day\":42,\"count\":42}]}}\n{\"posts\":null,\"questions\":null,\"highlights\":null,\"starred\":null,\"answered\":null,\"favorites\":null,\"uncategorized\":null,\"journal_entries\":null,\"journal_changes\":null,\"categories\":[],\"activity\":[],\"review\":null}\n",
    "StatsPresenter.reviewedLayout csv":
      "posts,questions,highlights,starred,answered,favorites,uncategorized,journal_entries,journal_changes\r\n42,42,42,42,42,42,42,42,42\r\n,,,,,,,,\r\n",
    "StatsPresenter.reviewedLayout tsv":
      "posts\tquestions\thighlights\tstarred\tanswered\tfavorites\tuncategorized\tjournal_entries\tjournal_changes\n42\t42\t42\t42\t42\t42\t42\t42\t42\n\t\t\t\t\t\t\t\t\n",
    "StatsPresenter.reviewedLayout plain":
      "42\t42\t42\t42\t42\t42\t42\t42\t42\n\t\t\t\t\t\t\t\t\n",
    "StatsPresenter.reviewedLayout table":
      "posts  questions  highlights  starred  answered  favorites  uncategorized  journal_entries  journal_changes\n42     42         42          42       42        42         42             42               42\n                                                                                            \n",
    "StatsPresenter.reviewedLayout json single":
      "{\n  \"posts\": 42,\n  \"questions\": 42,\n  \"highlights\": 42,\n  \"starred\": 42,\n  \"answered\": 42,\n  \"favorites\": 42,\n  \"uncategorized\": 42,\n  \"journal_entries\": 42,\n  \"journal_changes\": 42,\n  \"categories\": [\n    {\n      \"name\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"questions\": 42\n    }\n  ],\n  \"activity\": [\n    {\n      \"date\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"count\": 42\n    }\n  ],\n  \"review\": {\n    \"due_today\": 42,\n    \"new\": 42,\n    \"reviewed_30_days\": 42,\n    \"true_retention\": 1.5,\n    \"forecast\": [\n      {\n        \"day\": 42,\n        \"count\": 42\n      }\n    ]\n  }\n}\n",
    "StatsPresenter.rowLayout json":
      "[\n  {\n    \"section\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"name\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"value\": 42\n  },\n  {\n    \"section\": null,\n    \"name\": null,\n    \"value\": null\n  }\n]\n",
    "StatsPresenter.rowLayout jsonl":
      "{\"section\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"name\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"value\":42}\n{\"section\":null,\"name\":null,\"value\":null}\n",
    "StatsPresenter.rowLayout csv":
      "section,name,value\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",42\r\n,,\r\n",
    "StatsPresenter.rowLayout tsv":
      "section\tname\tvalue\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t42\n\t\t\n",
    "StatsPresenter.rowLayout plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t42\n\t\t\n",
    "StatsPresenter.rowLayout table":
      "section                                    name                                       value\ntab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   42\n                                                                                      \n",
    "SyncConflictPresenter.layout json":
      "[\n  {\n    \"id\": 42,\n    \"kind\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"field\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"record\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"kept\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"lost\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"deleted\": true,\n    \"device\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"winner\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"changed_at\": \"2026-01-31T09:05:00.000Z\",\n    \"detected_at\": \"2026-01-31T09:05:00.000Z\"\n  },\n  {\n    \"id\": null,\n    \"kind\": null,\n    \"uuid\": null,\n    \"field\": null,\n    \"record\": null,\n    \"kept\": null,\n    \"lost\": null,\n    \"deleted\": null,\n    \"device\": null,\n    \"winner\": null,\n    \"changed_at\": null,\n    \"detected_at\": null\n  }\n]\n",
    "SyncConflictPresenter.layout jsonl":
      "{\"id\":42,\"kind\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"uuid\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"field\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"record\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"kept\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"lost\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"deleted\":true,\"device\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"winner\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"changed_at\":\"2026-01-31T09:05:00.000Z\",\"detected_at\":\"2026-01-31T09:05:00.000Z\"}\n{\"id\":null,\"kind\":null,\"uuid\":null,\"field\":null,\"record\":null,\"kept\":null,\"lost\":null,\"deleted\":null,\"device\":null,\"winner\":null,\"changed_at\":null,\"detected_at\":null}\n",
    "SyncConflictPresenter.layout csv":
      "id,kind,uuid,field,record,kept,lost,deleted,device,winner,changed_at,detected_at\r\n42,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",true,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",2026-01-31T09:05:00.000Z,2026-01-31T09:05:00.000Z\r\n,,,,,,,,,,,\r\n",
    "SyncConflictPresenter.layout tsv":
      "id\tkind\tuuid\tfield\trecord\tkept\tlost\tdeleted\tdevice\twinner\tchanged_at\tdetected_at\n42\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttrue\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t2026-01-31T09:05:00.000Z\t2026-01-31T09:05:00.000Z\n\t\t\t\t\t\t\t\t\t\t\t\n",
    "SyncConflictPresenter.layout plain":
      "42\ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttrue\ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \n\t\t\t\t\t\t\t\t\n",
    "SyncConflictPresenter.layout table":
      "ID  KIND                                       FIELD                                      RECORD                                     KEPT                                       LOST                                       LOST ON                                    DELETED  KEPT FROM\n42  tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   deleted  tab here, \"q\", line break, bell^G, 猫 🐈 \n                                                                                                                                                                                                                                                                               \n",
    "SyncConflictPresenter.layout json single":
      "{\n  \"id\": 42,\n  \"kind\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"uuid\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"field\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"record\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"kept\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"lost\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"deleted\": true,\n  \"device\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"winner\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"changed_at\": \"2026-01-31T09:05:00.000Z\",\n  \"detected_at\": \"2026-01-31T09:05:00.000Z\"\n}\n",
    "SyncPresenter.summaryLayout json":
      "[\n  {\n    \"pushed\": 42,\n    \"applied\": 42,\n    \"conflicts\": 42,\n    \"retries\": 42,\n    \"compacted\": 42\n  },\n  {\n    \"pushed\": null,\n    \"applied\": null,\n    \"conflicts\": null,\n    \"retries\": null,\n    \"compacted\": null\n  }\n]\n",
    "SyncPresenter.summaryLayout jsonl":
      "{\"pushed\":42,\"applied\":42,\"conflicts\":42,\"retries\":42,\"compacted\":42}\n{\"pushed\":null,\"applied\":null,\"conflicts\":null,\"retries\":null,\"compacted\":null}\n",
    "SyncPresenter.summaryLayout csv":
      "pushed,applied,conflicts,retries,compacted\r\n42,42,42,42,42\r\n,,,,\r\n",
    "SyncPresenter.summaryLayout tsv":
      "pushed\tapplied\tconflicts\tretries\tcompacted\n42\t42\t42\t42\t42\n\t\t\t\t\n",
    "SyncPresenter.summaryLayout plain":
      "42\t42\t42\t42\t42\n\t\t\t\t\n",
    "SyncPresenter.summaryLayout table":
      "pushed  applied  conflicts  retries  compacted\n42      42       42         42       42\n                                     \n",
    "SyncPresenter.summaryLayout json single":
      "{\n  \"pushed\": 42,\n  \"applied\": 42,\n  \"conflicts\": 42,\n  \"retries\": 42,\n  \"compacted\": 42\n}\n",
    "SyncPresenter.deviceLayout json":
      "[\n  {\n    \"id\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"name\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"last_round\": \"2026-01-31T09:05:00.000Z\"\n  },\n  {\n    \"id\": null,\n    \"name\": null,\n    \"last_round\": null\n  }\n]\n",
    "SyncPresenter.deviceLayout jsonl":
      "{\"id\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"name\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"last_round\":\"2026-01-31T09:05:00.000Z\"}\n{\"id\":null,\"name\":null,\"last_round\":null}\n",
    "SyncPresenter.deviceLayout csv":
      "id,name,last_round\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",2026-01-31T09:05:00.000Z\r\n,,\r\n",
    "SyncPresenter.deviceLayout tsv":
      "id\tname\tlast_round\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t2026-01-31T09:05:00.000Z\n\t\t\n",
    "SyncPresenter.deviceLayout plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t2026-01-31T09:05:00.000Z\n\t\t\n",
    "SyncPresenter.deviceLayout table":
      "id                                         name                                       last_round\ntab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   2026-01-31 10:05\n                                                                                      \n",
    "SyncPresenter.roundLayout json":
      "[\n  {\n    \"at\": \"2026-01-31T09:05:00.000Z\",\n    \"pushed\": 42,\n    \"applied\": 42,\n    \"conflicts\": 42\n  },\n  {\n    \"at\": null,\n    \"pushed\": null,\n    \"applied\": null,\n    \"conflicts\": null\n  }\n]\n",
    "SyncPresenter.roundLayout jsonl":
      "{\"at\":\"2026-01-31T09:05:00.000Z\",\"pushed\":42,\"applied\":42,\"conflicts\":42}\n{\"at\":null,\"pushed\":null,\"applied\":null,\"conflicts\":null}\n",
    "SyncPresenter.roundLayout csv":
      "at,pushed,applied,conflicts\r\n2026-01-31T09:05:00.000Z,42,42,42\r\n,,,\r\n",
    "SyncPresenter.roundLayout tsv":
      "at\tpushed\tapplied\tconflicts\n2026-01-31T09:05:00.000Z\t42\t42\t42\n\t\t\t\n",
    "SyncPresenter.roundLayout plain":
      "2026-01-31T09:05:00.000Z\t42\t42\t42\n\t\t\t\n",
    "SyncPresenter.roundLayout table":
      "at                pushed  applied  conflicts\n2026-01-31 10:05  42      42       42\n                                   \n",
    "SyncPresenter.roundLayout json single":
      "{\n  \"at\": \"2026-01-31T09:05:00.000Z\",\n  \"pushed\": 42,\n  \"applied\": 42,\n  \"conflicts\": 42\n}\n",
    "SyncPresenter.statusLayout json":
      "[\n  {\n    \"remote\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"device\": {\n      \"id\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"name\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"last_round\": \"2026-01-31T09:05:00.000Z\"\n    },\n    \"devices\": [\n      {\n        \"id\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"name\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n        \"last_round\": \"2026-01-31T09:05:00.000Z\"\n      }\n    ],\n    \"pending\": 42,\n    \"conflicts\": 42,\n    \"last_round\": {\n      \"at\": \"2026-01-31T09:05:00.000Z\",\n      \"pushed\": 42,\n      \"applied\": 42,\n      \"conflicts\": 42\n    }\n  },\n  {\n    \"remote\": null,\n    \"device\": null,\n    \"devices\": [],\n    \"pending\": null,\n    \"conflicts\": null,\n    \"last_round\": null\n  }\n]\n",
    "SyncPresenter.statusLayout jsonl":
      "{\"remote\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"device\":{\"id\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"name\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"last_round\":\"2026-01-31T09:05:00.000Z\"},\"devices\":[{\"id\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"name\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"last_round\":\"2026-01-31T09:05:00.000Z\"}],\"pending\":42,\"conflicts\":42,\"last_round\":{\"at\":\"2026-01-31T09:05:00.000Z\",\"pushed\":42,\"applied\":42,\"conflicts\":42}}\n{\"remote\":null,\"device\":null,\"devices\":[],\"pending\":null,\"conflicts\":null,\"last_round\":null}\n",
    "SyncPresenter.statusLayout csv":
      "remote,pending,conflicts\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",42,42\r\n,,\r\n",
    "SyncPresenter.statusLayout tsv":
      "remote\tpending\tconflicts\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t42\t42\n\t\t\n",
    "SyncPresenter.statusLayout plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t42\t42\n\t\t\n",
    "SyncPresenter.statusLayout table":
      "remote                                     pending  conflicts\ntab here, \"q\", line break, bell^G, 猫 🐈   42       42\n                                                    \n",
    "SyncPresenter.statusLayout json single":
      "{\n  \"remote\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"device\": {\n    \"id\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"name\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"last_round\": \"2026-01-31T09:05:00.000Z\"\n  },\n  \"devices\": [\n    {\n      \"id\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"name\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"last_round\": \"2026-01-31T09:05:00.000Z\"\n    }\n  ],\n  \"pending\": 42,\n  \"conflicts\": 42,\n  \"last_round\": {\n    \"at\": \"2026-01-31T09:05:00.000Z\",\n    \"pushed\": 42,\n    \"applied\": 42,\n    \"conflicts\": 42\n  }\n}\n",
    "SyncPresenter.flatLayout json":
      "[\n  {\n    \"remote\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"device_id\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"device_name\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"pending\": 42,\n    \"conflicts\": 42,\n    \"other_devices\": [\"a\", \"b c\"],\n    \"last_round_at\": \"2026-01-31T09:05:00.000Z\"\n  },\n  {\n    \"remote\": null,\n    \"device_id\": null,\n    \"device_name\": null,\n    \"pending\": null,\n    \"conflicts\": null,\n    \"other_devices\": null,\n    \"last_round_at\": null\n  }\n]\n",
    "SyncPresenter.flatLayout jsonl":
      "{\"remote\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"device_id\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"device_name\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"pending\":42,\"conflicts\":42,\"other_devices\":[\"a\",\"b c\"],\"last_round_at\":\"2026-01-31T09:05:00.000Z\"}\n{\"remote\":null,\"device_id\":null,\"device_name\":null,\"pending\":null,\"conflicts\":null,\"other_devices\":null,\"last_round_at\":null}\n",
    "SyncPresenter.flatLayout csv":
      "remote,device_id,device_name,pending,conflicts,other_devices,last_round_at\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",42,42,\"a, b c\",2026-01-31T09:05:00.000Z\r\n,,,,,,\r\n",
    "SyncPresenter.flatLayout tsv":
      "remote\tdevice_id\tdevice_name\tpending\tconflicts\tother_devices\tlast_round_at\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t42\t42\ta, b c\t2026-01-31T09:05:00.000Z\n\t\t\t\t\t\t\n",
    "SyncPresenter.flatLayout plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t42\t42\ta, b c\t2026-01-31T09:05:00.000Z\n\t\t\t\t\t\t\n",
    "SyncPresenter.flatLayout table":
      "remote                                     device_id                                  device_name                                pending  conflicts  other_devices  last_round_at\ntab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   42       42         a, b c         2026-01-31 10:05\n                                                                                                                                                                    \n",
    "SyncPresenter.flatLayout json single":
      "{\n  \"remote\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"device_id\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"device_name\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"pending\": 42,\n  \"conflicts\": 42,\n  \"other_devices\": [\"a\", \"b c\"],\n  \"last_round_at\": \"2026-01-31T09:05:00.000Z\"\n}\n",
    "SyncPresenter.remoteLayout json":
      "[\n  {\n    \"remote\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"\n  },\n  {\n    \"remote\": null\n  }\n]\n",
    "SyncPresenter.remoteLayout jsonl":
      "{\"remote\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"}\n{\"remote\":null}\n",
    "SyncPresenter.remoteLayout csv":
      "remote\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \"\r\n\r\n",
    "SyncPresenter.remoteLayout tsv":
      "remote\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \n\n",
    "SyncPresenter.remoteLayout plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \n\n",
    "SyncPresenter.remoteLayout table":
      "remote\ntab here, \"q\", line break, bell^G, 猫 🐈 \n\n",
    "SyncPresenter.remoteLayout json single":
      "{\n  \"remote\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"\n}\n",
    "Db.layout json":
      "[\n  {\n    \"path\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"from\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"exists\": true\n  },\n  {\n    \"path\": null,\n    \"from\": null,\n    \"exists\": null\n  }\n]\n",
    "Db.layout jsonl":
      "{\"path\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"from\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"exists\":true}\n{\"path\":null,\"from\":null,\"exists\":null}\n",
    "Db.layout csv":
      "path,from,exists\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",true\r\n,,\r\n",
    "Db.layout tsv":
      "path\tfrom\texists\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttrue\n\t\t\n",
    "Db.layout plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttrue\n\t\t\n",
    "Db.layout table":
      "path                                       from                                       exists\ntab here, \"q\", line break, bell^G, 猫 🐈   tab here, \"q\", line break, bell^G, 猫 🐈   ✓\n                                                                                      \n",
    "Db.layout json single":
      "{\n  \"path\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"from\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"exists\": true\n}\n",
    "Db.layout#2 json":
      "[\n  {\n    \"path\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"ok\": true,\n    \"problems\": [\"a\", \"b c\"]\n  },\n  {\n    \"path\": null,\n    \"ok\": null,\n    \"problems\": null\n  }\n]\n",
    "Db.layout#2 jsonl":
      "{\"path\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"ok\":true,\"problems\":[\"a\",\"b c\"]}\n{\"path\":null,\"ok\":null,\"problems\":null}\n",
    "Db.layout#2 csv":
      "path,ok,problems\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",true,\"a, b c\"\r\n,,\r\n",
    "Db.layout#2 tsv":
      "path\tok\tproblems\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \ttrue\ta, b c\n\t\t\n",
    "Db.layout#2 plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \ttrue\ta, b c\n\t\t\n",
    "Db.layout#2 table":
      "path                                       ok  problems\ntab here, \"q\", line break, bell^G, 猫 🐈   ✓   a, b c\n                                               \n",
    "Db.layout#2 json single":
      "{\n  \"path\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n  \"ok\": true,\n  \"problems\": [\"a\", \"b c\"]\n}\n",
    "Db.problemLayout json":
      "[\n  {\n    \"problem\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"\n  },\n  {\n    \"problem\": null\n  }\n]\n",
    "Db.problemLayout jsonl":
      "{\"problem\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \"}\n{\"problem\":null}\n",
    "Db.problemLayout csv":
      "problem\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \"\r\n\r\n",
    "Db.problemLayout tsv":
      "problem\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \n\n",
    "Db.problemLayout plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \n\n",
    "Db.problemLayout table":
      "problem\ntab here, \"q\", line break, bell^G, 猫 🐈 \n\n",
    "ImportPresenter.layout json":
      "[\n  {\n    \"added\": 42,\n    \"updated\": 42,\n    \"unchanged\": 42,\n    \"deleted\": 42,\n    \"dry_run\": true\n  },\n  {\n    \"added\": null,\n    \"updated\": null,\n    \"unchanged\": null,\n    \"deleted\": null,\n    \"dry_run\": null\n  }\n]\n",
    "ImportPresenter.layout jsonl":
      "{\"added\":42,\"updated\":42,\"unchanged\":42,\"deleted\":42,\"dry_run\":true}\n{\"added\":null,\"updated\":null,\"unchanged\":null,\"deleted\":null,\"dry_run\":null}\n",
    "ImportPresenter.layout csv":
      "added,updated,unchanged,deleted,dry_run\r\n42,42,42,42,true\r\n,,,,\r\n",
    "ImportPresenter.layout tsv":
      "added\tupdated\tunchanged\tdeleted\tdry_run\n42\t42\t42\t42\ttrue\n\t\t\t\t\n",
    "ImportPresenter.layout plain":
      "42\t42\t42\t42\ttrue\n\t\t\t\t\n",
    "ImportPresenter.layout table":
      "added  updated  unchanged  deleted  dry_run\n42     42       42         42       ✓\n                                    \n",
    "ImportPresenter.layout json single":
      "{\n  \"added\": 42,\n  \"updated\": 42,\n  \"unchanged\": 42,\n  \"deleted\": 42,\n  \"dry_run\": true\n}\n",
    "ImportPresenter.inner json":
      "[\n  {\n    \"added\": 42,\n    \"updated\": 42,\n    \"unchanged\": 42,\n    \"deleted\": 42,\n    \"dry_run\": true,\n    \"deletions_not_applied\": 42,\n    \"books\": 42,\n    \"new_books\": 42,\n    \"highlights\": 42,\n    \"notes\": 42,\n    \"questions\": 42,\n    \"replaced\": 42,\n    \"changed_on_device\": 42,\n    \"kept_edited\": 42,\n    \"skipped\": {\n      \"bookmarks\": 42,\n      \"placeholders\": 42,\n      \"duplicates\": 42,\n      \"deleted_on_device\": 42,\n      \"books_deleted_here\": 42,\n      \"incomplete\": 42,\n      \"empty\": 42,\n      \"without_header\": 42\n    },\n    \"unreadable\": 42\n  },\n  {\n    \"added\": null,\n    \"updated\": null,\n    \"unchanged\": null,\n    \"deleted\": null,\n    \"dry_run\": null,\n    \"deletions_not_applied\": null,\n    \"books\": null,\n    \"new_books\": null,\n    \"highlights\": null,\n    \"notes\": null,\n    \"questions\": null,\n    \"replaced\": null,\n    \"changed_on_device\": null,\n    \"kept_edited\": null,\n    \"skipped\": null,\n    \"unreadable\": null\n  }\n]\n",
    "ImportPresenter.inner jsonl":
      "{\"added\":42,\"updated\":42,\"unchanged\":42,\"deleted\":42,\"dry_run\":true,\"deletions_not_applied\":42,\"books\":42,\"new_books\":42,\"highlights\":42,\"notes\":42,\"questions\":42,\"replaced\":42,\"changed_on_device\":42,\"kept_edited\":42,\"skipped\":{\"bookmarks\":42,\"placeholders\":42,\"duplicates\":42,\"deleted_on_device\":42,\"books_deleted_here\":42,\"incomplete\":42,\"empty\":42,\"without_header\":42},\"unreadable\":42}\n{\"added\":null,\"updated\":null,\"unchanged\":null,\"deleted\":null,\"dry_run\":null,\"deletions_not_applied\":null,\"books\":null,\"new_books\":null,\"highlights\":null,\"notes\":null,\"questions\":null,\"replaced\":null,\"changed_on_device\":null,\"kept_edited\":null,\"skipped\":null,\"unreadable\":null}\n",
    "ImportPresenter.inner csv":
      "added,updated,unchanged,deleted,dry_run,deletions_not_applied,books,new_books,highlights,notes,questions,replaced,changed_on_device,kept_edited,unreadable\r\n42,42,42,42,true,42,42,42,42,42,42,42,42,42,42\r\n,,,,,,,,,,,,,,\r\n",
    "ImportPresenter.inner tsv":
      "added\tupdated\tunchanged\tdeleted\tdry_run\tdeletions_not_applied\tbooks\tnew_books\thighlights\tnotes\tquestions\treplaced\tchanged_on_device\tkept_edited\tunreadable\n42\t42\t42\t42\ttrue\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\n\t\t\t\t\t\t\t\t\t\t\t\t\t\t\n",
    "ImportPresenter.inner plain":
      "42\t42\t42\t42\ttrue\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\n\t\t\t\t\t\t\t\t\t\t\t\t\t\t\n",
    "ImportPresenter.inner table":
      "added  updated  unchanged  deleted  dry_run  deletions_not_applied  books  new_books  highlights  notes  questions  replaced  changed_on_device  kept_edited  unreadable\n42     42       42         42       ✓        42                     42     42         42          42     42         42        42                 42           42\n                                                                                                                                                              \n",
    "ImportPresenter.inner json single":
      "{\n  \"added\": 42,\n  \"updated\": 42,\n  \"unchanged\": 42,\n  \"deleted\": 42,\n  \"dry_run\": true,\n  \"deletions_not_applied\": 42,\n  \"books\": 42,\n  \"new_books\": 42,\n  \"highlights\": 42,\n  \"notes\": 42,\n  \"questions\": 42,\n  \"replaced\": 42,\n  \"changed_on_device\": 42,\n  \"kept_edited\": 42,\n  \"skipped\": {\n    \"bookmarks\": 42,\n    \"placeholders\": 42,\n    \"duplicates\": 42,\n    \"deleted_on_device\": 42,\n    \"books_deleted_here\": 42,\n    \"incomplete\": 42,\n    \"empty\": 42,\n    \"without_header\": 42\n  },\n  \"unreadable\": 42\n}\n",
    "ImportPresenter.flat json":
      "[\n  {\n    \"added\": 42,\n    \"updated\": 42,\n    \"unchanged\": 42,\n    \"deleted\": 42,\n    \"dry_run\": true,\n    \"deletions_not_applied\": 42,\n    \"books\": 42,\n    \"new_books\": 42,\n    \"highlights\": 42,\n    \"notes\": 42,\n    \"questions\": 42,\n    \"replaced\": 42,\n    \"changed_on_device\": 42,\n    \"kept_edited\": 42,\n    \"skipped_bookmarks\": 42,\n    \"skipped_placeholders\": 42,\n    \"skipped_duplicates\": 42,\n    \"skipped_deleted_on_device\": 42,\n    \"skipped_books_deleted_here\": 42,\n    \"skipped_incomplete\": 42,\n    \"skipped_empty\": 42,\n    \"skipped_without_header\": 42,\n    \"unreadable\": 42\n  },\n  {\n    \"added\": null,\n    \"updated\": null,\n    \"unchanged\": null,\n    \"deleted\": null,\n    \"dry_run\": null,\n    \"deletions_not_applied\": null,\n    \"books\": null,\n    \"new_books\": null,\n    \"highlights\": null,\n    \"notes\": null,\n    \"questions\": null,\n    \"replaced\": null,\n    \"changed_on_device\": null,\n    \"kept_edited\": null,\n    \"skipped_bookmarks\": null,\n    \"skipped_placeholders\": null,\n    \"skipped_duplicates\": null,\n    \"skipped_deleted_on_device\": null,\n    \"skipped_books_deleted_here\": null,\n    \"skipped_incomplete\": null,\n    \"skipped_empty\": null,\n    \"skipped_without_header\": null,\n    \"unreadable\": null\n  }\n]\n",
    "ImportPresenter.flat jsonl":
      "{\"added\":42,\"updated\":42,\"unchanged\":42,\"deleted\":42,\"dry_run\":true,\"deletions_not_applied\":42,\"books\":42,\"new_books\":42,\"highlights\":42,\"notes\":42,\"questions\":42,\"replaced\":42,\"changed_on_device\":42,\"kept_edited\":42,\"skipped_bookmarks\":42,\"skipped_placeholders\":42,\"skipped_duplicates\":42,\"skipped_deleted_on_device\":42,\"skipped_books_deleted_here\":42,\"skipped_incomplete\":42,\"skipped_empty\":42,\"skipped_without_header\":42,\"unreadable\":42}\n{\"added\":null,\"updated\":null,\"unchanged\":null,\"deleted\":null,\"dry_run\":null,\"deletions_not_applied\":null,\"books\":null,\"new_books\":null,\"highlights\":null,\"notes\":null,\"questions\":null,\"replaced\":null,\"changed_on_device\":null,\"kept_edited\":null,\"skipped_bookmarks\":null,\"skipped_placeholders\":null,\"skipped_duplicates\":null,\"skipped_deleted_on_device\":null,\"skipped_books_deleted_here\":null,\"skipped_incomplete\":null,\"skipped_empty\":null,\"skipped_without_header\":null,\"unreadable\":null}\n",
    "ImportPresenter.flat csv":
      "added,updated,unchanged,deleted,dry_run,deletions_not_applied,books,new_books,highlights,notes,questions,replaced,changed_on_device,kept_edited,skipped_bookmarks,skipped_placeholders,skipped_duplicates,skipped_deleted_on_device,skipped_books_deleted_here,skipped_incomplete,skipped_empty,skipped_without_header,unreadable\r\n42,42,42,42,true,42,42,42,42,42,42,42,42,42,42,42,42,42,42,42,42,42,42\r\n,,,,,,,,,,,,,,,,,,,,,,\r\n",
    "ImportPresenter.flat tsv":
      "added\tupdated\tunchanged\tdeleted\tdry_run\tdeletions_not_applied\tbooks\tnew_books\thighlights\tnotes\tquestions\treplaced\tchanged_on_device\tkept_edited\tskipped_bookmarks\tskipped_placeholders\tskipped_duplicates\tskipped_deleted_on_device\tskipped_books_deleted_here\tskipped_incomplete\tskipped_empty\tskipped_without_header\tunreadable\n42\t42\t42\t42\ttrue\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\n\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\n",
    "ImportPresenter.flat plain":
      "42\t42\t42\t42\ttrue\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\t42\n\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\n",
    "ImportPresenter.flat table":
      "added  updated  unchanged  deleted  dry_run  deletions_not_applied  books  new_books  highlights  notes  questions  replaced  changed_on_device  kept_edited  skipped_bookmarks  skipped_placeholders  skipped_duplicates  skipped_deleted_on_device  skipped_books_deleted_here  skipped_incomplete  skipped_empty  skipped_without_header  unreadable\n42     42       42         42       ✓        42                     42     42         42          42     42         42        42                 42           42                 42                    42                  42                         42                          42                  42             42                      42\n                                                                                                                                                                                                                                                                                                                                             \n",
    "ImportPresenter.flat json single":
      "{\n  \"added\": 42,\n  \"updated\": 42,\n  \"unchanged\": 42,\n  \"deleted\": 42,\n  \"dry_run\": true,\n  \"deletions_not_applied\": 42,\n  \"books\": 42,\n  \"new_books\": 42,\n  \"highlights\": 42,\n  \"notes\": 42,\n  \"questions\": 42,\n  \"replaced\": 42,\n  \"changed_on_device\": 42,\n  \"kept_edited\": 42,\n  \"skipped_bookmarks\": 42,\n  \"skipped_placeholders\": 42,\n  \"skipped_duplicates\": 42,\n  \"skipped_deleted_on_device\": 42,\n  \"skipped_books_deleted_here\": 42,\n  \"skipped_incomplete\": 42,\n  \"skipped_empty\": 42,\n  \"skipped_without_header\": 42,\n  \"unreadable\": 42\n}\n",
  ]
}
