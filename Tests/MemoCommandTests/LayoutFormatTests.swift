import Foundation
import MemoCore
import Testing

@testable import MemoStorage
@testable import memo

/// Every kind of record × every format, byte for byte, through the one path: rows made in memory
/// by each presenter's `Layout`, written by `ListingWriter` into a `ByteWriter` (issue 21). The
/// same awkward text everywhere: a tab, quotes, a line break, a control character, emoji, CJK,
/// white space at the edges.
@Suite("layouts × formats, exact bytes")
struct LayoutFormatTests {
  static let text = "tab\there, \"q\", line\nbreak, bell\u{07}, 猫 🐈 "
  static let t0 = Timestamp(millis: 1_769_850_300_000)  // 2026-01-31T09:05:00.000Z
  static let t1 = Timestamp(millis: 1_769_940_000_000)  // 2026-02-01T10:00:00.000Z

  /// The rows of a kind of record, its layout, and whether it is one object.
  struct Case {
    var name: String
    var rows: [Row]
    var layout: Layout
    var single = false
  }

  static var cases: [Case] {
    var stats = Stats()
    stats.posts = 2
    stats.questions = 3
    stats.starred = 1
    stats.categories = [Category(name: "phys,ics", questionCount: 2, createdAt: t0)]
    stats.uncategorized = 1
    stats.activity = [0, 2]
    stats.firstDay = 20_484  // 2026-01-31
    let question = Question.fixture(text: text)
    var post = Post(
      id: PostID(3), uuid: "u-3", title: "Dune", author: " Frank ", body: nil, source: nil,
      createdAt: t0, updatedAt: t1, isFavorite: true, questionCount: 1)
    post.questions = [question]
    let status = SyncStatus(
      remote: "git@host:notes.git", device: SyncDevice(id: "d1", name: "laptop"),
      others: [SyncDevice(id: "d2", name: "desk, top", lastRound: t1)], pending: 4, conflicts: 1,
      lastRound: .init(at: t1, summary: SyncSummary(pushed: 1, applied: 2, conflicts: 1)))
    let conflict = SyncConflict(
      id: 5, kind: .question, key: "u-7", field: "text", record: "question 7", kept: "new",
      lost: text, isDeleted: false, device: "d2", winner: "d1", changedAt: t0, detectedAt: t1)
    return [
      Case(
        name: "post", rows: [PostPresenter.row(post)], layout: PostPresenter.layout, single: true),
      Case(
        name: "question", rows: [QuestionPresenter.row(question)], layout: QuestionPresenter.layout),
      Case(
        name: "category",
        rows: [CategoryPresenter.row(Category(name: text, questionCount: 2, createdAt: t0))],
        layout: CategoryPresenter.layout),
      Case(
        name: "saved filter",
        rows: [
          FilterPresenter.row(
            SavedFilter(name: "s", filter: QuestionFilter(starred: true, categories: ["a", "b c"])))
        ], layout: FilterPresenter.savedLayout),
      Case(
        name: "sync summary",
        rows: [SyncPresenter.summaryRow(SyncSummary(pushed: 1, applied: 2, conflicts: 0))],
        layout: SyncPresenter.summaryLayout, single: true),
      Case(
        name: "sync status", rows: [SyncPresenter.statusRow(status)],
        layout: SyncPresenter.statusLayout, single: true),
      Case(
        name: "sync status flat", rows: [SyncPresenter.flatRow(status)],
        layout: SyncPresenter.flatLayout, single: true),
      Case(
        name: "conflict", rows: [SyncConflictPresenter.row(conflict)],
        layout: SyncConflictPresenter.layout),
      Case(
        name: "stats", rows: [StatsPresenter.row(stats)], layout: StatsPresenter.layout,
        single: true),
      Case(name: "stats rows", rows: StatsPresenter.rows(stats), layout: StatsPresenter.rowLayout),
    ]
  }

  static let formats: [OutputFormat] = [.json, .jsonl, .csv, .tsv, .plain, .table]

  func render(_ c: Case, _ format: OutputFormat) throws -> String {
    try LayoutCoverageTests.render(c.layout, c.rows, format, single: c.single)
  }

  @Test("each kind of record in each format", arguments: cases.map(\.name))
  func bytes(_ name: String) throws {
    let c = Self.cases.first { $0.name == name }!
    for format in Self.formats {
      let key = "\(name) \(format.rawValue)"
      let got = try render(c, format)
      if let dump = ProcessInfo.processInfo.environment["LAYOUT_DUMP"] {
        let line = "    \(String(reflecting: key)): \(String(reflecting: got)),\n"
        let handle = FileHandle(forWritingAtPath: dump)!
        handle.seekToEndOfFile()
        handle.write(line.data(using: .utf8)!)
        handle.closeFile()
        continue
      }
      #expect(got == Self.expected[key], "\(key)")
    }
  }

  // Rebuilt by running with LAYOUT_DUMP=FILE (the lines to paste, sorted), then read line by line.
  static let expected: [String: String] = [
    "category csv":
      "name,question_count,created_at\r\n\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",2,2026-01-31T09:05:00.000Z\r\n",
    "category json":
      "[\n  {\n    \"name\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"question_count\": 2,\n    \"created_at\": \"2026-01-31T09:05:00.000Z\"\n  }\n]\n",
    "category jsonl":
      "{\"name\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"question_count\":2,\"created_at\":\"2026-01-31T09:05:00.000Z\"}\n",
    "category plain":
      "tab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t2\t2026-01-31T09:05:00.000Z\n",
    "category table":
      "NAME                                       QUESTIONS  CREATED\ntab here, \"q\", line break, bell^G, 猫 🐈           2  2026-01-31 10:05\n",
    "category tsv":
      "name\tquestion_count\tcreated_at\ntab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t2\t2026-01-31T09:05:00.000Z\n",
    "conflict csv":
      "id,kind,uuid,field,record,kept,lost,deleted,device,winner,changed_at,detected_at\r\n5,question,u-7,text,question 7,new,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",false,d2,d1,2026-01-31T09:05:00.000Z,2026-02-01T10:00:00.000Z\r\n",
    "conflict json":
      "[\n  {\n    \"id\": 5,\n    \"kind\": \"question\",\n    \"uuid\": \"u-7\",\n    \"field\": \"text\",\n    \"record\": \"question 7\",\n    \"kept\": \"new\",\n    \"lost\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"deleted\": false,\n    \"device\": \"d2\",\n    \"winner\": \"d1\",\n    \"changed_at\": \"2026-01-31T09:05:00.000Z\",\n    \"detected_at\": \"2026-02-01T10:00:00.000Z\"\n  }\n]\n",
    "conflict jsonl":
      "{\"id\":5,\"kind\":\"question\",\"uuid\":\"u-7\",\"field\":\"text\",\"record\":\"question 7\",\"kept\":\"new\",\"lost\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"deleted\":false,\"device\":\"d2\",\"winner\":\"d1\",\"changed_at\":\"2026-01-31T09:05:00.000Z\",\"detected_at\":\"2026-02-01T10:00:00.000Z\"}\n",
    "conflict plain":
      "5\tquestion\ttext\tquestion 7\tnew\ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \td2\tfalse\td1\n",
    "conflict table":
      "ID  KIND      FIELD  RECORD      KEPT  LOST                                       LOST ON  DELETED  KEPT FROM\n 5  question  text   question 7  new   tab here, \"q\", line break, bell^G, 猫 🐈   d2                d1\n",
    "conflict tsv":
      "id\tkind\tuuid\tfield\trecord\tkept\tlost\tdeleted\tdevice\twinner\tchanged_at\tdetected_at\n5\tquestion\tu-7\ttext\tquestion 7\tnew\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \tfalse\td2\td1\t2026-01-31T09:05:00.000Z\t2026-02-01T10:00:00.000Z\n",
    "post csv":
      "id,uuid,title,author,body,source,favorite,question_count,created_at,updated_at\r\n3,u-3,Dune,\" Frank \",,,true,1,2026-01-31T09:05:00.000Z,2026-02-01T10:00:00.000Z\r\n",
    "post json":
      "{\n  \"id\": 3,\n  \"uuid\": \"u-3\",\n  \"title\": \"Dune\",\n  \"author\": \" Frank \",\n  \"body\": null,\n  \"source\": null,\n  \"favorite\": true,\n  \"question_count\": 1,\n  \"created_at\": \"2026-01-31T09:05:00.000Z\",\n  \"updated_at\": \"2026-02-01T10:00:00.000Z\",\n  \"questions\": [\n    {\n      \"id\": 7,\n      \"uuid\": \"u-7\",\n      \"post_id\": 3,\n      \"post_title\": \"Dune\",\n      \"text\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n      \"category\": null,\n      \"starred\": true,\n      \"answer\": \" a, b \",\n      \"answered_at\": null,\n      \"created_at\": \"2026-01-31T09:05:00.000Z\",\n      \"updated_at\": \"2026-02-01T10:00:00.000Z\",\n      \"highlight_id\": null\n    }\n  ]\n}\n",
    "post jsonl":
      "{\"id\":3,\"uuid\":\"u-3\",\"title\":\"Dune\",\"author\":\" Frank \",\"body\":null,\"source\":null,\"favorite\":true,\"question_count\":1,\"created_at\":\"2026-01-31T09:05:00.000Z\",\"updated_at\":\"2026-02-01T10:00:00.000Z\",\"questions\":[{\"id\":7,\"uuid\":\"u-7\",\"post_id\":3,\"post_title\":\"Dune\",\"text\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"category\":null,\"starred\":true,\"answer\":\" a, b \",\"answered_at\":null,\"created_at\":\"2026-01-31T09:05:00.000Z\",\"updated_at\":\"2026-02-01T10:00:00.000Z\",\"highlight_id\":null}]}\n",
    "post plain": "3\tDune\t Frank \t1\ttrue\t2026-01-31T09:05:00.000Z\n",
    "post table":
      "ID  TITLE  AUTHOR   QUESTIONS  FAV  CREATED\n 3  Dune    Frank           1  ♥    2026-01-31 10:05\n",
    "post tsv":
      "id\tuuid\ttitle\tauthor\tbody\tsource\tfavorite\tquestion_count\tcreated_at\tupdated_at\n3\tu-3\tDune\t Frank \t\t\ttrue\t1\t2026-01-31T09:05:00.000Z\t2026-02-01T10:00:00.000Z\n",
    "question csv":
      "id,uuid,post_id,post_title,text,category,starred,answer,answered_at,created_at,updated_at,highlight_id\r\n7,u-7,3,Dune,\"tab\there, \"\"q\"\", line\nbreak, bell\u{07}, 猫 🐈 \",,true,\" a, b \",,2026-01-31T09:05:00.000Z,2026-02-01T10:00:00.000Z,\r\n",
    "question json":
      "[\n  {\n    \"id\": 7,\n    \"uuid\": \"u-7\",\n    \"post_id\": 3,\n    \"post_title\": \"Dune\",\n    \"text\": \"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\n    \"category\": null,\n    \"starred\": true,\n    \"answer\": \" a, b \",\n    \"answered_at\": null,\n    \"created_at\": \"2026-01-31T09:05:00.000Z\",\n    \"updated_at\": \"2026-02-01T10:00:00.000Z\",\n    \"highlight_id\": null\n  }\n]\n",
    "question jsonl":
      "{\"id\":7,\"uuid\":\"u-7\",\"post_id\":3,\"post_title\":\"Dune\",\"text\":\"tab\\there, \\\"q\\\", line\\nbreak, bell\\u0007, 猫 🐈 \",\"category\":null,\"starred\":true,\"answer\":\" a, b \",\"answered_at\":null,\"created_at\":\"2026-01-31T09:05:00.000Z\",\"updated_at\":\"2026-02-01T10:00:00.000Z\",\"highlight_id\":null}\n",
    "question plain":
      "7\t3\ttrue\ttab\\there, \"q\", line\\nbreak, bell^G, 猫 🐈 \t\t a, b \t2026-01-31T09:05:00.000Z\n",
    "question table":
      "ID  POST  ★  QUESTION                                   CATEGORY  ANSWER  CREATED\n 7     3  ★  tab here, \"q\", line break, bell^G, 猫 🐈              a, b   2026-01-31 10:05\n",
    "question tsv":
      "id\tuuid\tpost_id\tpost_title\ttext\tcategory\tstarred\tanswer\tanswered_at\tcreated_at\tupdated_at\thighlight_id\n7\tu-7\t3\tDune\ttab\\there, \"q\", line\\nbreak, bell\u{07}, 猫 🐈 \t\ttrue\t a, b \t\t2026-01-31T09:05:00.000Z\t2026-02-01T10:00:00.000Z\t\n",
    "saved filter csv": "name,arguments\r\ns,--starred --category a --category \'b c\'\r\n",
    "saved filter json":
      "[\n  {\n    \"name\": \"s\",\n    \"arguments\": \"--starred --category a --category \'b c\'\",\n    \"filter\": {\n      \"starred\": true,\n      \"answered\": null,\n      \"categories\": [\"a\", \"b c\"],\n      \"since\": null,\n      \"until\": null\n    }\n  }\n]\n",
    "saved filter jsonl":
      "{\"name\":\"s\",\"arguments\":\"--starred --category a --category \'b c\'\",\"filter\":{\"starred\":true,\"answered\":null,\"categories\":[\"a\",\"b c\"],\"since\":null,\"until\":null}}\n",
    "saved filter plain": "s\t--starred --category a --category \'b c\'\n",
    "saved filter table": "NAME  FILTER\ns     --starred --category a --category \'b c\'\n",
    "saved filter tsv": "name\targuments\ns\t--starred --category a --category \'b c\'\n",
    "stats csv":
      "posts,questions,highlights,starred,answered,favorites,uncategorized,journal_entries,journal_changes\r\n2,3,0,1,0,0,1,0,0\r\n",
    "stats json":
      "{\n  \"posts\": 2,\n  \"questions\": 3,\n  \"highlights\": 0,\n  \"starred\": 1,\n  \"answered\": 0,\n  \"favorites\": 0,\n  \"uncategorized\": 1,\n  \"journal_entries\": 0,\n  \"journal_changes\": 0,\n  \"categories\": [\n    {\n      \"name\": \"phys,ics\",\n      \"questions\": 2\n    }\n  ],\n  \"activity\": [\n    {\n      \"date\": \"2026-01-31\",\n      \"count\": 0\n    },\n    {\n      \"date\": \"2026-02-01\",\n      \"count\": 2\n    }\n  ]\n}\n",
    "stats jsonl":
      "{\"posts\":2,\"questions\":3,\"highlights\":0,\"starred\":1,\"answered\":0,\"favorites\":0,\"uncategorized\":1,\"journal_entries\":0,\"journal_changes\":0,\"categories\":[{\"name\":\"phys,ics\",\"questions\":2}],\"activity\":[{\"date\":\"2026-01-31\",\"count\":0},{\"date\":\"2026-02-01\",\"count\":2}]}\n",
    "stats plain": "2\t3\t0\t1\t0\t0\t1\t0\t0\n",
    "stats rows csv":
      "section,name,value\r\ntotal,posts,2\r\ntotal,questions,3\r\ntotal,highlights,0\r\ntotal,starred,1\r\ntotal,answered,0\r\ntotal,favorites,0\r\ntotal,uncategorized,1\r\ntotal,journal_entries,0\r\ntotal,journal_changes,0\r\ncategory,\"phys,ics\",2\r\nactivity,2026-01-31,0\r\nactivity,2026-02-01,2\r\n",
    "stats rows json":
      "[\n  {\n    \"section\": \"total\",\n    \"name\": \"posts\",\n    \"value\": 2\n  },\n  {\n    \"section\": \"total\",\n    \"name\": \"questions\",\n    \"value\": 3\n  },\n  {\n    \"section\": \"total\",\n    \"name\": \"highlights\",\n    \"value\": 0\n  },\n  {\n    \"section\": \"total\",\n    \"name\": \"starred\",\n    \"value\": 1\n  },\n  {\n    \"section\": \"total\",\n    \"name\": \"answered\",\n    \"value\": 0\n  },\n  {\n    \"section\": \"total\",\n    \"name\": \"favorites\",\n    \"value\": 0\n  },\n  {\n    \"section\": \"total\",\n    \"name\": \"uncategorized\",\n    \"value\": 1\n  },\n  {\n    \"section\": \"total\",\n    \"name\": \"journal_entries\",\n    \"value\": 0\n  },\n  {\n    \"section\": \"total\",\n    \"name\": \"journal_changes\",\n    \"value\": 0\n  },\n  {\n    \"section\": \"category\",\n    \"name\": \"phys,ics\",\n    \"value\": 2\n  },\n  {\n    \"section\": \"activity\",\n    \"name\": \"2026-01-31\",\n    \"value\": 0\n  },\n  {\n    \"section\": \"activity\",\n    \"name\": \"2026-02-01\",\n    \"value\": 2\n  }\n]\n",
    "stats rows jsonl":
      "{\"section\":\"total\",\"name\":\"posts\",\"value\":2}\n{\"section\":\"total\",\"name\":\"questions\",\"value\":3}\n{\"section\":\"total\",\"name\":\"highlights\",\"value\":0}\n{\"section\":\"total\",\"name\":\"starred\",\"value\":1}\n{\"section\":\"total\",\"name\":\"answered\",\"value\":0}\n{\"section\":\"total\",\"name\":\"favorites\",\"value\":0}\n{\"section\":\"total\",\"name\":\"uncategorized\",\"value\":1}\n{\"section\":\"total\",\"name\":\"journal_entries\",\"value\":0}\n{\"section\":\"total\",\"name\":\"journal_changes\",\"value\":0}\n{\"section\":\"category\",\"name\":\"phys,ics\",\"value\":2}\n{\"section\":\"activity\",\"name\":\"2026-01-31\",\"value\":0}\n{\"section\":\"activity\",\"name\":\"2026-02-01\",\"value\":2}\n",
    "stats rows plain":
      "total\tposts\t2\ntotal\tquestions\t3\ntotal\thighlights\t0\ntotal\tstarred\t1\ntotal\tanswered\t0\ntotal\tfavorites\t0\ntotal\tuncategorized\t1\ntotal\tjournal_entries\t0\ntotal\tjournal_changes\t0\ncategory\tphys,ics\t2\nactivity\t2026-01-31\t0\nactivity\t2026-02-01\t2\n",
    "stats rows table":
      "section   name             value\ntotal     posts            2\ntotal     questions        3\ntotal     highlights       0\ntotal     starred          1\ntotal     answered         0\ntotal     favorites        0\ntotal     uncategorized    1\ntotal     journal_entries  0\ntotal     journal_changes  0\ncategory  phys,ics         2\nactivity  2026-01-31       0\nactivity  2026-02-01       2\n",
    "stats rows tsv":
      "section\tname\tvalue\ntotal\tposts\t2\ntotal\tquestions\t3\ntotal\thighlights\t0\ntotal\tstarred\t1\ntotal\tanswered\t0\ntotal\tfavorites\t0\ntotal\tuncategorized\t1\ntotal\tjournal_entries\t0\ntotal\tjournal_changes\t0\ncategory\tphys,ics\t2\nactivity\t2026-01-31\t0\nactivity\t2026-02-01\t2\n",
    "stats table":
      "posts  questions  highlights  starred  answered  favorites  uncategorized  journal_entries  journal_changes\n2      3          0           1        0         0          1              0                0\n",
    "stats tsv":
      "posts\tquestions\thighlights\tstarred\tanswered\tfavorites\tuncategorized\tjournal_entries\tjournal_changes\n2\t3\t0\t1\t0\t0\t1\t0\t0\n",
    "sync status csv": "remote,pending,conflicts\r\ngit@host:notes.git,4,1\r\n",
    "sync status flat csv":
      "remote,device_id,device_name,pending,conflicts,other_devices,last_round_at\r\ngit@host:notes.git,d1,laptop,4,1,\"desk, top\",2026-02-01T10:00:00.000Z\r\n",
    "sync status flat json":
      "{\n  \"remote\": \"git@host:notes.git\",\n  \"device_id\": \"d1\",\n  \"device_name\": \"laptop\",\n  \"pending\": 4,\n  \"conflicts\": 1,\n  \"other_devices\": [\"desk, top\"],\n  \"last_round_at\": \"2026-02-01T10:00:00.000Z\"\n}\n",
    "sync status flat jsonl":
      "{\"remote\":\"git@host:notes.git\",\"device_id\":\"d1\",\"device_name\":\"laptop\",\"pending\":4,\"conflicts\":1,\"other_devices\":[\"desk, top\"],\"last_round_at\":\"2026-02-01T10:00:00.000Z\"}\n",
    "sync status flat plain":
      "git@host:notes.git\td1\tlaptop\t4\t1\tdesk, top\t2026-02-01T10:00:00.000Z\n",
    "sync status flat table":
      "remote              device_id  device_name  pending  conflicts  other_devices  last_round_at\ngit@host:notes.git  d1         laptop       4        1          desk, top      2026-02-01 11:00\n",
    "sync status flat tsv":
      "remote\tdevice_id\tdevice_name\tpending\tconflicts\tother_devices\tlast_round_at\ngit@host:notes.git\td1\tlaptop\t4\t1\tdesk, top\t2026-02-01T10:00:00.000Z\n",
    "sync status json":
      "{\n  \"remote\": \"git@host:notes.git\",\n  \"device\": {\n    \"id\": \"d1\",\n    \"name\": \"laptop\",\n    \"last_round\": null\n  },\n  \"devices\": [\n    {\n      \"id\": \"d2\",\n      \"name\": \"desk, top\",\n      \"last_round\": \"2026-02-01T10:00:00.000Z\"\n    }\n  ],\n  \"pending\": 4,\n  \"conflicts\": 1,\n  \"last_round\": {\n    \"at\": \"2026-02-01T10:00:00.000Z\",\n    \"pushed\": 1,\n    \"applied\": 2,\n    \"conflicts\": 1\n  }\n}\n",
    "sync status jsonl":
      "{\"remote\":\"git@host:notes.git\",\"device\":{\"id\":\"d1\",\"name\":\"laptop\",\"last_round\":null},\"devices\":[{\"id\":\"d2\",\"name\":\"desk, top\",\"last_round\":\"2026-02-01T10:00:00.000Z\"}],\"pending\":4,\"conflicts\":1,\"last_round\":{\"at\":\"2026-02-01T10:00:00.000Z\",\"pushed\":1,\"applied\":2,\"conflicts\":1}}\n",
    "sync status plain": "git@host:notes.git\t4\t1\n",
    "sync status table": "remote              pending  conflicts\ngit@host:notes.git  4        1\n",
    "sync status tsv": "remote\tpending\tconflicts\ngit@host:notes.git\t4\t1\n",
    "sync summary csv": "pushed,applied,conflicts,retries,compacted\r\n1,2,0,0,0\r\n",
    "sync summary json":
      "{\n  \"pushed\": 1,\n  \"applied\": 2,\n  \"conflicts\": 0,\n  \"retries\": 0,\n  \"compacted\": 0\n}\n",
    "sync summary jsonl":
      "{\"pushed\":1,\"applied\":2,\"conflicts\":0,\"retries\":0,\"compacted\":0}\n",
    "sync summary plain": "1\t2\t0\t0\t0\n",
    "sync summary table":
      "pushed  applied  conflicts  retries  compacted\n1       2        0          0        0\n",
    "sync summary tsv": "pushed\tapplied\tconflicts\tretries\tcompacted\n1\t2\t0\t0\t0\n",
  ]
}

extension Question {
  static func fixture(text: String) -> Question {
    Question(
      id: QuestionID(7), uuid: "u-7", postID: PostID(3), postTitle: "Dune", text: text,
      category: nil, isStarred: true, answer: " a, b ", answeredAt: nil,
      createdAt: LayoutFormatTests.t0, updatedAt: LayoutFormatTests.t1)
  }
}
