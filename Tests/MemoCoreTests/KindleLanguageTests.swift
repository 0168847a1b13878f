import PropertyBased
import Testing

@testable import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The fixtures: one "My Clippings.txt" per language and firmware generation, each written the
/// way that device writes it (CRLF, a BOM opening each session's first entry) and each holding
/// the same nine entries — see Fixtures/Kindle/README.md.
enum KindleFixture {
  static let folder: String = {
    let file = "\(#filePath)"
    return String(file[..<file.lastIndex(of: "/")!]) + "/Fixtures/Kindle/"
  }()

  /// (first book, second book, the question) as each fixture writes them.
  static let books: [String: ((String, String), (String, String), String)] = [
    "en-us": (("Dune", "Frank Herbert"), ("The Name of the Rose (Vintage Classics)", "Eco, Umberto; Weaver, William"), "Why is fear the mind-killer?"),
    "en-gb": (("Dune", "Frank Herbert"), ("The Name of the Rose (Vintage Classics)", "Eco, Umberto; Weaver, William"), "Why is fear the mind-killer?"),
    "en-in": (("Dune", "Frank Herbert"), ("The Name of the Rose (Vintage Classics)", "Eco, Umberto; Weaver, William"), "Why is fear the mind-killer?"),
    "en-scribe": (("Dune", "Frank Herbert"), ("The Name of the Rose (Vintage Classics)", "Eco, Umberto; Weaver, William"), "Why is fear the mind-killer?"),
    "en-2016": (("Dune", "Frank Herbert"), ("The Name of the Rose (Vintage Classics)", "Eco, Umberto; Weaver, William"), "Why is fear the mind-killer?"),
    "en-kindle3": (("Dune", "Frank Herbert"), ("The Name of the Rose (Vintage Classics)", "Eco, Umberto; Weaver, William"), "Why is fear the mind-killer?"),
    "de": (("Der Process", "Franz Kafka"), ("Die Blechtrommel (Danziger Trilogie 1)", "Grass, Günter"), "Warum wird er verhaftet?"),
    "fr": (("L'Étranger", "Albert Camus"), ("Le Petit Prince (Folio)", "Antoine de Saint-Exupéry"), "Pourquoi ne pleure-t-il pas ?"),
    "es": (("Cien años de soledad", "Gabriel García Márquez"), ("Rayuela (Edición conmemorativa)", "Cortázar, Julio"), "¿Por qué el hielo?"),
    "it": (("Il nome della rosa", "Umberto Eco"), ("Se una notte d’inverno un viaggiatore (Oscar)", "Calvino, Italo"), "Chi è il narratore?"),
    "pt-br": (("Dom Casmurro", "Machado de Assis"), ("Grande Sertão: Veredas (Edição de bolso)", "Rosa, João Guimarães"), "Capitu traiu Bentinho?"),
    "pt-pt": (("Os Lusíadas", "Luís Vaz de Camões"), ("Ensaio sobre a Cegueira (Porto Editora)", "Saramago, José"), "Quem são os barões?"),
    "nl": (("Max Havelaar", "Multatuli"), ("De avonden (Een winterverhaal)", "Reve, Gerard"), "Wie is Droogstoppel eigenlijk?"),
    "ja": (("吾輩は猫である", "夏目漱石"), ("こころ（新潮文庫）", "夏目 漱石"), "なぜ猫が語り手なのか？"),
    "zh-hans": (("围城", "钱锺书"), ("红楼梦（人民文学出版社）", "曹雪芹; 高鹗"), "为什么叫围城？"),
    "zh-hans-24h": (("围城", "钱锺书"), ("红楼梦（人民文学出版社）", "曹雪芹; 高鹗"), "为什么叫围城？"),
    "zh-hans-kindle3": (("围城", "钱锺书"), ("红楼梦（人民文学出版社）", "曹雪芹; 高鹗"), "为什么叫围城？"),
    "zh-hant": (("臺北人", "白先勇"), ("紅樓夢（典藏版）", "曹雪芹"), "為什麼她總也不老？"),
    "ru": (("Мастер и Маргарита", "Михаил Булгаков"), ("Война и мир (Том 1)", "Толстой, Лев"), "Кто такой Воланд?"),
    "ko": (("채식주의자", "한강"), ("토지 (1부 1권)", "박경리"), "왜 고기를 먹지 않을까?"),
  ]

  static func text(_ name: String) throws -> String {
    let bytes = try readFile(folder + name + ".txt")
    return try #require(String(validating: bytes, as: UTF8.self))
  }
}

/// The whole file, without Foundation (MemoCoreTests stays as pure as MemoCore).
func readFile(_ path: String) throws -> [UInt8] {
  struct Missing: Error { var path: String }
  guard let file = fopen(path, "rb") else { throw Missing(path: path) }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count <= 0 { break }
    bytes += buffer[..<count]
  }
  return bytes
}

@Suite("Kindle clippings in every language and firmware")
struct KindleLanguageTests {
  @Test(
    "each fixture: books and authors as written, highlights with page and location, the question, dates in UTC; bookmark, placeholder, duplicate and earlier version skipped",
    arguments: KindleFixture.books.keys.sorted())
  func fixture(_ name: String) throws {
    let (first, second, question) = try #require(KindleFixture.books[name])
    let report = try KindleClippings.read(try KindleFixture.text(name), name: name + ".txt")
    #expect(report.problems == [])
    #expect(report.books.map(\.title) == [first.0, second.0])
    #expect(report.books.map(\.author) == [first.1, second.1])
    #expect(report.bookmarks == 1)
    #expect(report.placeholders == 1)
    #expect(report.duplicates == 1)
    #expect(report.replaced == 1)
    let a = report.books[0].clippings
    try #require(a.count == 3 && report.books[1].clippings.count == 2)
    #expect(a.map(\.kind) == [.highlight, .note, .highlight])
    #expect(a.map(\.location) == ["p. 12, loc. 123-125", "loc. 126", "loc. 130-134"])
    #expect(
      a.map { $0.addedAt?.rfc3339 } == [
        "2023-01-01T22:05:00.000Z", "2023-01-02T09:15:00.000Z", "2023-02-14T00:12:00.000Z",
      ])
    #expect(a[1].text == question)
    #expect(a.map(\.isQuestion) == [false, true, false])
    // The extended highlight took the place of the earlier, shorter one.
    #expect(a[2].replaces.count == 1)
    #expect(a[2].replaces.allSatisfy { a[2].text.contains($0.text) })
    #expect(!a[0].text.hasPrefix("\u{FEFF}"))
    let b = report.books[1].clippings
    #expect(b.map(\.kind) == [.highlight, .note])
    #expect(b.map(\.location) == ["p. 5, loc. 40-42", "loc. 43"])
    #expect(b.map(\.isQuestion) == [false, false])
    #expect(b.map { $0.addedAt?.rfc3339 } == ["2023-03-05T08:00:00.000Z", "2023-03-06T18:45:00.000Z"])
    // Each book is dated by its earliest entry: the second by its placeholder's.
    #expect(report.books.map { $0.addedAt?.rfc3339 } == ["2023-01-01T22:05:00.000Z", "2022-12-31T23:59:00.000Z"])
    #expect(!b.contains { $0.text.contains("<") })
  }

  // MARK: - The tables

  @Test("every table: twelve months or none, seven weekdays, a word for each kind, page, location and date")
  func tableShapes() {
    for language in KindleLanguage.all {
      #expect([0, 12].contains(language.months.count), "\(language.name)")
      #expect(language.months.allSatisfy { !$0.isEmpty }, "\(language.name)")
      #expect(language.weekdays.count == 7, "\(language.name)")
      for words in [
        language.highlight, language.note, language.bookmark, language.page, language.location,
        language.added, language.limit,
      ] {
        #expect(!words.isEmpty && words.allSatisfy { !$0.isEmpty }, "\(language.name)")
      }
      #expect(language.am.isEmpty == language.pm.isEmpty, "\(language.name)")
    }
  }

  @Test("no language's word for one kind contains another kind's word (the tables are read together)")
  func kindWordsDoNotCollide() {
    let kinds: [(String, [String])] = [
      ("highlight", KindleLanguage.all.flatMap(\.highlight)),
      ("note", KindleLanguage.all.flatMap(\.note)),
      ("bookmark", KindleLanguage.all.flatMap(\.bookmark)),
    ]
    for (name, words) in kinds {
      for (other, otherWords) in kinds where other != name {
        for word in words {
          for otherWord in otherWords {
            #expect(
              !word.lowercased().contains(otherWord.lowercased()),
              "\(name) word \(word) contains \(other) word \(otherWord)")
          }
        }
      }
    }
  }

  @Test("a month name means the same month in every table that has it")
  func monthsAgree() {
    var seen: [String: Int] = [:]
    for language in KindleLanguage.all {
      for (index, forms) in language.months.enumerated() {
        for form in forms {
          let key = form.lowercased()
          #expect(seen[key] == nil || seen[key] == index + 1, "\(form) in \(language.name)")
          seen[key] = index + 1
        }
      }
    }
  }

  @Test("every month form of every table reads back as its month", arguments: KindleLanguage.all.map(\.name))
  func monthForms(_ name: String) throws {
    let language = try #require(KindleLanguage.all.first { $0.name == name })
    for (index, forms) in language.months.enumerated() {
      for form in forms {
        let date = KindleDate.read("\(language.weekdays[0]), 9 \(form) 2024 7:08:09")
        let expected = "2024-\(index < 9 ? "0" : "")\(index + 1)-09T07:08:09.000Z"
        #expect(date?.rfc3339 == expected, "\(form)")
      }
    }
    for (am, pm) in zip(language.am, language.pm) {
      #expect(KindleDate.read("2024年1月2日 \(am) 12:30:00")?.rfc3339 == "2024-01-02T00:30:00.000Z")
      #expect(KindleDate.read("2024年1月2日 \(pm) 12:30:00")?.rfc3339 == "2024-01-02T12:30:00.000Z")
      #expect(KindleDate.read("2024年1月2日 \(pm) 1:30:00")?.rfc3339 == "2024-01-02T13:30:00.000Z")
    }
  }

  // MARK: - Headers of every firmware generation

  @Test("old firmware: Loc. with a shortened range, no seconds, a comma before the clock")
  func kindle3() {
    let header = KindleHeader("- Highlight Loc. 1034-35 | Added on Monday, April 1, 2019, 12:34 PM")
    #expect(header.kind == .highlight)
    #expect(header.location == "loc. 1034-1035")
    #expect(header.date?.rfc3339 == "2019-04-01T12:34:00.000Z")
    #expect(KindleHeader("- Highlight Loc. 1098-02 | Added on Monday, April 1, 2019, 1:00 AM").location == "loc. 1098-1102")
    #expect(KindleHeader("- Highlight Loc. 145-46  | Added on Monday, April 1, 2019, 1:00 AM").location == "loc. 145-146")
    #expect(KindleHeader("- Note on Page 7 | Loc. 99 | Added on Monday, April 1, 2019, 1:00 AM").location == "p. 7, loc. 99")
  }

  @Test("page-only and location-only headers; a roman page")
  func pageOrLocation() {
    let pageOnly = KindleHeader("- Your Highlight on page 99 | Added on Thursday, 4 June 2020 12:18:46")
    #expect(pageOnly.location == "p. 99")
    #expect(pageOnly.date?.rfc3339 == "2020-06-04T12:18:46.000Z")
    #expect(KindleHeader("- Your Highlight on Location 4210-4256 | Added on Tuesday, September 1, 2026 9:04:11 PM").location == "loc. 4210-4256")
    #expect(KindleHeader("- Your Highlight on page xii | Location 300-340 | Added on Thursday, September 3, 2026 7:31:00 PM").location == "p. xii, loc. 300-340")
  }

  @Test("dates: 12 AM is midnight, 12 PM noon; U+202F before PM; GMT+08:00; English dates under localised headers")
  func dates() {
    #expect(KindleDate.read("Sunday, January 1, 2023 12:00:00 AM")?.rfc3339 == "2023-01-01T00:00:00.000Z")
    #expect(KindleDate.read("Sunday, January 1, 2023 12:00:00 PM")?.rfc3339 == "2023-01-01T12:00:00.000Z")
    #expect(KindleDate.read("Tuesday, September 1, 2026 9:04:11\u{202F}PM")?.rfc3339 == "2026-09-01T21:04:11.000Z")
    #expect(KindleDate.read("2013年8月5日 星期一 上午09时11分28秒 GMT+08:00")?.rfc3339 == "2013-08-05T01:11:28.000Z")
    #expect(KindleDate.read("2013年5月2日 木曜日 午後10時46分30秒")?.rfc3339 == "2013-05-02T22:46:30.000Z")
    let russian = KindleHeader("– Ваш выделенный отрывок в месте 900–930 | Добавлено: Wednesday, August 12, 2026 в 7:45:00 AM")
    #expect(russian.location == "loc. 900-930")
    #expect(russian.date?.rfc3339 == "2026-08-12T07:45:00.000Z")
    let dutch = KindleHeader("- Je highlight op locatie 55 t/m 88 | Toegevoegd op Thursday, August 13, 2026 8:01:02 PM")
    #expect(dutch.kind == .highlight)
    #expect(dutch.location == "loc. 55-88")
    #expect(dutch.date?.rfc3339 == "2026-08-13T20:01:02.000Z")
    // Other firmware's words for the same things.
    let korean = KindleHeader("- 위치 55-60의 하이라이트 | 추가됨: 2024년 1월 5일 금요일 오후 3:04:05")
    #expect(korean.kind == .highlight)
    #expect(korean.location == "loc. 55-60")
    #expect(korean.date?.rfc3339 == "2024-01-05T15:04:05.000Z")
    let russianPosition = KindleHeader("- Ваше выделение на странице 7 | позиция 70-72 | Добавлено: пятница, 5 января 2024 г. 10:30:45")
    #expect(russianPosition.location == "p. 7, loc. 70-72")
    #expect(russianPosition.date?.rfc3339 == "2024-01-05T10:30:45.000Z")
    #expect(KindleHeader("- 位置No. 12のメモ | 追加日: 2024年1月5日金曜日 10:30:45").date?.rfc3339 == "2024-01-05T10:30:45.000Z")
    #expect(KindleHeader("- Votre note sur la page 3 | emplacement 9 | Ajouté le vendredi 5 janvier 2024 à 10:30:45").date?.rfc3339 == "2024-01-05T10:30:45.000Z")
    let portuguese = KindleHeader("- Seu destaque ou posição 2829-2829 | Adicionado: sexta-feira, 29 de novembro de 2019 18:00:13")
    #expect(portuguese.location == "loc. 2829-2829")
    #expect(portuguese.date?.rfc3339 == "2019-11-29T18:00:13.000Z")
  }

  @Test("Kindle 3/Keyboard outside the US: a two-digit year, a zone name or an offset after the clock")
  func kindle3Dates() {
    #expect(KindleDate.read("Monday, 3 December 12 19:42:30 Greenwich Mean Time")?.rfc3339 == "2012-12-03T19:42:30.000Z")
    #expect(KindleDate.read("Wednesday, 5 December 12 23:07:35 GMT+00:59")?.rfc3339 == "2012-12-05T22:08:35.000Z")
    #expect(KindleDate.read("Saturday, 10 March 12 22:41:49 GMT-03:00")?.rfc3339 == "2012-03-11T01:41:49.000Z")
    #expect(KindleDate.read("Sunday, 16 June 13 14:42:06 British Summer Time")?.rfc3339 == "2013-06-16T13:42:06.000Z")
    #expect(KindleDate.read("Friday, 1 March 13 09:00:00 Central European Time")?.rfc3339 == "2013-03-01T08:00:00.000Z")
    #expect(KindleDate.read("Tuesday, 2 July 13 10:00:00 Pacific Daylight Time")?.rfc3339 == "2013-07-02T17:00:00.000Z")
    #expect(KindleDate.read("Monday, 7 January 13 20:00:00 Eastern Standard Time (New South Wales)")?.rfc3339 == "2013-01-07T10:00:00.000Z")
    #expect(KindleDate.read("Thursday, 1 January 70 00:00:00 GMT+00:00")?.rfc3339 == "1970-01-01T00:00:00.000Z")
    // Whole headers, as a Kindle 3 writes them.
    let page = KindleHeader("- Highlight on Page 7 | Added on Monday, 3 December 12 19:42:30 Greenwich Mean Time")
    #expect(page.kind == .highlight)
    #expect(page.location == "p. 7")
    #expect(page.date?.rfc3339 == "2012-12-03T19:42:30.000Z")
    let note = KindleHeader("- Note Loc. 2322  | Added on Wednesday, 26 December 12 00:16:53 GMT+00:59")
    #expect(note.kind == .note)
    #expect(note.location == "loc. 2322")
    #expect(note.date?.rfc3339 == "2012-12-25T23:17:53.000Z")
  }

  @Test("real shapes: a Spanish clock written 11H13' (and the label again after it); a Japanese Kindle writing English words without a kind")
  func oddFirmware() throws {
    #expect(KindleDate.read("jueves 5 de marzo de 2015 09H07' La subrayado en la posición")?.rfc3339 == "2015-03-05T09:07:00.000Z")
    let spanish = KindleHeader("- La subrayado en la posición 1290-95  | Añadido el jueves 5 de marzo de 2015 21H40' La subrayado en la posición")
    #expect(spanish.kind == .highlight)
    #expect(spanish.location == "loc. 1290-1295")
    #expect(spanish.date?.rfc3339 == "2015-03-05T21:40:00.000Z")
    let japanese = KindleHeader("- 12page|location No. 140-143 |作成日: 2020年3月4日水曜日 9:08:07")
    #expect(japanese.kind == nil)
    #expect(japanese.location == "p. 12, loc. 140-143")
    #expect(japanese.date?.rfc3339 == "2020-03-04T09:08:07.000Z")
    // A file whose every header is so: each clipping a highlight, with a warning, never refused.
    let text = """
      猫の本 (山田 花子)
      - 12page|location No. 140-143 |作成日: 2020年3月4日水曜日 9:08:07

      一つ目の文。
      ==========
      猫の本 (山田 花子)
      - 13page|location No. 150-151 |作成日: 2020年3月4日水曜日 9:09:10

      二つ目の文。
      ==========

      """
    let report = try KindleClippings.read(text, name: "c.txt")
    #expect(report.books.first?.clippings.map(\.text) == ["一つ目の文。", "二つ目の文。"])
    #expect(report.books.first?.clippings.map(\.location) == ["p. 12, loc. 140-143", "p. 13, loc. 150-151"])
    #expect(report.books.first?.clippings.allSatisfy { $0.addedAt != nil } == true)
    #expect(
      report.problems.map(\.description) == [
        "line 2: cannot tell a highlight from a note in \"- 12page|location No. 140-143 |作成日: 2020年3月4日水曜日 9:08:07\"; imported as a highlight",
        "line 7: cannot tell a highlight from a note in \"- 13page|location No. 150-151 |作成日: 2020年3月4日水曜日 9:09:10\"; imported as a highlight",
      ])
  }

  @Test("what is not a date stays unread: no month, two candidate days, an hour past 12 with PM, 31 February")
  func notDates() {
    #expect(KindleDate.read("Sunday 2023 10:00:00") == nil)
    #expect(KindleDate.read("Sunday, January 1, 2, 2023 10:00:00") == nil)
    #expect(KindleDate.read("Sunday, January 1, 2023 13:00:00 PM") == nil)
    #expect(KindleDate.read("February 31, 2023 10:00:00") == nil)
    #expect(KindleDate.read("January 1, 2023") == nil)
    #expect(KindleDate.read("Monday, 3 December 19:42:30 Greenwich Mean Time") == nil)  // no year
    #expect(KindleDate.read("Monday, 3 December 12 7 19:42:30") == nil)  // two candidate years
    #expect(KindleDate.read("") == nil)
  }

  // MARK: - What is reported, skipped or replaced

  @Test("an unreadable date or header is reported with its line and what was done; the rest is read")
  func problems() throws {
    let text = """
      Dune (Frank Herbert)
      - Your Highlight on page 1 | Location 10-12 | Added on Blursday, the 40th of Smarch
      
      One.
      ==========
      Dune (Frank Herbert)
      - Vurgunuz sayfa 2 | Konum 20-22 | Eklenme tarihi: 1 Nisan 2019 Pazartesi 12:34:56
      
      Two.
      ==========
      Dune (Frank Herbert)
      just a second line
      
      Three.
      ==========
      Dune (Frank Herbert)
      - Your Highlight on Location 30 | Added on Sunday, January 1, 2023 10:00:00 AM
      
      Four.
      ==========
      """
    let report = try KindleClippings.read(text, name: "c.txt")
    #expect(
      report.problems.map(\.description) == [
        "line 2: cannot read the date in \"- Your Highlight on page 1 | Location 10-12 | Added on Blursday, the 40th of Smarch\"; imported without a time",
        "line 7: cannot read the date in \"- Vurgunuz sayfa 2 | Konum 20-22 | Eklenme tarihi: 1 Nisan 2019 Pazartesi 12:34:56\"; imported without a time",
        "line 7: cannot tell a highlight from a note in \"- Vurgunuz sayfa 2 | Konum 20-22 | Eklenme tarihi: 1 Nisan 2019 Pazartesi 12:34:56\"; imported as a highlight",
        "line 7: no page or location in \"- Vurgunuz sayfa 2 | Konum 20-22 | Eklenme tarihi: 1 Nisan 2019 Pazartesi 12:34:56\"; imported without one",
        "line 11: no clipping header under \"Dune (Frank Herbert)\"; the entry was skipped",
      ])
    #expect(report.books.first?.clippings.map(\.text) == ["One.", "Two.", "Four."])
    #expect(report.books.first?.clippings.map { $0.addedAt == nil } == [true, true, false])
    #expect(report.books.first?.addedAt?.rfc3339 == "2023-01-01T10:00:00.000Z")
  }

  @Test("a text with no clipping header at all is not a clippings file (65)")
  func notClippings() {
    #expect(throws: MemoError.self) {
      try KindleClippings.read("title,author\nDune,Frank Herbert\n", name: "x.txt")
    }
    #expect((try? KindleClippings.read("", name: "x.txt"))?.books == [])
  }

  @Test("the clipping-limit placeholder in any language; trailing a truncated highlight it is cut off")
  func placeholders() throws {
    for placeholder in [
      "<You have reached the clipping limit for this item>",
      "<You have reached the clipping limit set by the publisher, Penguin>",
      "<Sie haben das Markierungslimit für diesen Inhalt erreicht>",
      "<Has alcanzado el límite de recortes para este artículo>",
      "<Je hebt de knipselimiet voor dit item bereikt>",
      "<このアイテムのクリップの上限に達しました>",
      "<您已达到本书的剪贴上限>",
      "<Вы достигли лимита вырезок для этого элемента>",
      "<이 항목의 클리핑 한도에 도달했습니다>",
      // Forms found in published clippings parsers' tests and tables (issue 35).
      "<Sie haben die maximale Anzahl an Clipboard-Einträgen für diesen Inhalt erreicht>",
      "<Vous avez atteint la limite maximale d’extraits pour cet élément.>",
      "<Você atingiu o limite de recortes para este item>",
      "<Hai raggiunto il limite di ritagli per questo elemento>",
      "<U hebt het maximale aantal knipsels voor dit item bereikt>",
      "<您已达到本内容的剪贴上限>",
      "<您已達到此項目的剪貼上限>",
    ] {
      #expect(KindleClippings.withoutPlaceholder(placeholder) == "", "\(placeholder)")
    }
    #expect(
      KindleClippings.withoutPlaceholder(
        "The first words <You have reached the clipping limit for this item>") == "The first words")
    #expect(KindleClippings.withoutPlaceholder("a <b> tag") == nil)
    #expect(KindleClippings.withoutPlaceholder("<em>emphasis</em>") == nil)
  }

  @Test("an extended highlight replaces the one it contains only where their locations overlap")
  func extended() throws {
    func clip(_ loc: String, _ text: String) -> String {
      "Dune (Frank Herbert)\n- Your Highlight on Location \(loc) | Added on Sunday, January 1, 2023 10:00:00 AM\n\n\(text)\n==========\n"
    }
    let report = try KindleClippings.read(
      clip("10-12", "Fear is") + clip("10-14", "Fear is the mind-killer.") + clip("500-501", "Fear")
        + clip("10-14", "Fear is the mind-killer.") + clip("10-12", "Fear is"),
      name: "c.txt")
    #expect(report.books[0].clippings.map(\.text) == ["Fear is the mind-killer.", "Fear"])
    #expect(report.books[0].clippings[0].replaces.map(\.text) == ["Fear is"])
    #expect(report.replaced == 1)
    #expect(report.duplicates == 2)
  }

  @Test("titles: own parentheses kept, several authors and \"Last, First\" as written, two trailing spaces mean no author")
  func titles() {
    #expect(KindleClippings.splitTitle("Gödel, Escher, Bach (An Eternal Golden Braid) (Hofstadter, Douglas)") == ("Gödel, Escher, Bach (An Eternal Golden Braid)", "Hofstadter, Douglas"))
    #expect(KindleClippings.splitTitle("Good Omens (Pratchett, Terry;Gaiman, Neil)") == ("Good Omens", "Pratchett, Terry;Gaiman, Neil"))
    #expect(KindleClippings.splitTitle("A Sideloaded Manuscript (Draft)  ") == ("A Sideloaded Manuscript (Draft)", nil))
    #expect(KindleClippings.splitTitle("こころ（新潮文庫） (夏目 漱石)") == ("こころ（新潮文庫）", "夏目 漱石"))
  }

  @Test("notes ending in ?, ？ or ؟ are questions; others are not")
  func questions() {
    for (text, isQuestion) in [
      ("Why?", true), ("なぜ？", true), ("لماذا؟", true), ("¿Por qué?", true), ("Because.", false),
      ("A? B.", false),
    ] {
      #expect(ExternalClipping(kind: .note, text: text, key: "k").isQuestion == isQuestion, "\(text)")
    }
    #expect(!ExternalClipping(kind: .highlight, text: "Why?", key: "k").isQuestion)
  }

  // MARK: - Property: a clipping rendered in any language reads back the same

  /// How each language's devices write a header and a date, as learned from real files.
  struct Shape: Sendable {
    var language: KindleLanguage
    var kinds: [String]  // highlight, note
    var withPage: String  // {k} {p} {l} {d}
    var withoutPage: String
    var date: String  // {W} {D} {M} {m} {Y} {H} {h} {mm} {ss} {ap}
    var rangeSeparator = "-"
    var shortensRanges = false
  }

  static let shapes: [Shape] = [
    Shape(language: .english, kinds: ["Highlight", "Note"], withPage: "- Your {k} on page {p} | Location {l} | Added on {d}", withoutPage: "- Your {k} on Location {l} | Added on {d}", date: "{W}, {M} {D}, {Y} {h}:{mm}:{ss} {ap}"),
    Shape(language: .english, kinds: ["Highlight", "Note"], withPage: "- Your {k} on page {p} | location {l} | Added on {d}", withoutPage: "- Your {k} at location {l} | Added on {d}", date: "{W}, {D} {M} {Y} {H}:{mm}:{ss}"),
    Shape(language: .english, kinds: ["Highlight", "Note"], withPage: "- {k} on Page {p} | Loc. {l} | Added on {d}", withoutPage: "- {k} Loc. {l} | Added on {d}", date: "{W}, {M} {D}, {Y}, {h}:{mm}:{ss} {ap}", shortensRanges: true),
    Shape(language: .german, kinds: ["Ihre Markierung", "Ihre Notiz"], withPage: "- {k} auf Seite {p} | Position {l} | Hinzugefügt am {d}", withoutPage: "- {k} bei Position {l} | Hinzugefügt am {d}", date: "{W}, {D}. {M} {Y} {H}:{mm}:{ss}"),
    Shape(language: .french, kinds: ["Votre surlignement", "Votre note"], withPage: "- {k} sur la page {p} | emplacement {l} | Ajouté le {d}", withoutPage: "- {k} à l'emplacement {l} | Ajouté le {d}", date: "{W} {D} {M} {Y} {H}:{mm}:{ss}"),
    Shape(language: .spanish, kinds: ["Tu subrayado", "Tu nota"], withPage: "- {k} en la página {p} | posición {l} | Añadido el {d}", withoutPage: "- {k} en la posición {l} | Añadido el {d}", date: "{W}, {D} de {M} de {Y} {H}:{mm}:{ss}"),
    Shape(language: .italian, kinds: ["La tua evidenziazione", "La tua nota"], withPage: "- {k} a pagina {p} | posizione {l} | Aggiunto in data {d}", withoutPage: "- {k} alla posizione {l} | Aggiunto in data {d}", date: "{W} {D} {M} {Y} {H}:{mm}:{ss}"),
    Shape(language: .portugueseBrazil, kinds: ["Seu destaque", "Sua nota"], withPage: "- {k} na página {p} | posição {l} | Adicionado: {d}", withoutPage: "- {k} na posição {l} | Adicionado: {d}", date: "{W}, {D} de {M} de {Y} {H}:{mm}:{ss}"),
    Shape(language: .portuguesePortugal, kinds: ["O seu destaque", "A sua nota"], withPage: "- {k} na página {p} | Localização {l} | Adicionado a {d}", withoutPage: "- {k} na Localização {l} | Adicionado a {d}", date: "{W}, {D} de {M} de {Y} {H}:{mm}:{ss}"),
    Shape(language: .dutch, kinds: ["Je markering", "Je notitie"], withPage: "- {k} op pagina {p} | locatie {l} | Toegevoegd op {d}", withoutPage: "- {k} op locatie {l} | Toegevoegd op {d}", date: "{W} {D} {M} {Y} {H}:{mm}:{ss}", rangeSeparator: " t/m "),
    Shape(language: .japanese, kinds: ["ハイライト", "メモ"], withPage: "- {p}ページ|位置No. {l}の{k} |作成日: {d}", withoutPage: "- 位置No. {l}の{k} |作成日: {d}", date: "{Y}年{m}月{D}日{W} {H}:{mm}:{ss}"),
    Shape(language: .chineseSimplified, kinds: ["标注", "笔记"], withPage: "- 您在第 {p} 页（位置 #{l}）的{k} | 添加于 {d}", withoutPage: "- 您在位置 #{l}的{k} | 添加于 {d}", date: "{Y}年{m}月{D}日{W} {ap}{h}:{mm}:{ss}"),
    Shape(language: .chineseTraditional, kinds: ["畫線", "筆記"], withPage: "- 您在第 {p} 頁（位置 #{l}）的{k} | 新增於 {d}", withoutPage: "- 您在位置 #{l}的{k} | 新增於 {d}", date: "{Y}年{m}月{D}日 {W} {ap}{h}:{mm}:{ss}"),
    Shape(language: .russian, kinds: ["Ваш выделенный отрывок", "Ваша заметка"], withPage: "- {k} на странице {p} | Местоположение {l} | Добавлено: {d}", withoutPage: "– {k} в месте {l} | Добавлено: {d}", date: "{W}, {D} {M} {Y} г. в {H}:{mm}:{ss}", rangeSeparator: "–"),
    Shape(language: .korean, kinds: ["하이라이트", "메모"], withPage: "- {p}페이지 | 위치 {l}의 {k} | 추가된 날짜: {d}", withoutPage: "- 위치 {l}의 {k} | 추가된 날짜: {d}", date: "{Y}년 {m}월 {D}일 {W} {ap} {h}:{mm}:{ss}"),
  ]

  static func render(
    _ shape: Shape, note: Bool, page: Int?, start: Int, end: Int?,
    _ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int
  ) -> String {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    // 2000-01-03 was a Monday.
    let days = Int(
      (KindleClippings.instant(Int64(y), Int64(mo), Int64(d), 0, 0, 0)!.millis
        - KindleClippings.instant(2000, 1, 3, 0, 0, 0)!.millis) / 86_400_000)
    let weekday = shape.language.weekdays[((days % 7) + 7) % 7]
    let ap = h < 12 ? (shape.language.am.first ?? "") : (shape.language.pm.first ?? "")
    var date = shape.date
    for (key, value) in [
      ("{W}", weekday), ("{D}", "\(d)"), ("{M}", shape.language.months.isEmpty ? "" : shape.language.months[mo - 1][0]),
      ("{m}", "\(mo)"), ("{Y}", "\(y)"), ("{H}", two(h)), ("{h}", "\(h % 12 == 0 ? 12 : h % 12)"),
      ("{mm}", two(mi)), ("{ss}", two(s)), ("{ap}", ap),
    ] {
      date = date.replacing(key, with: value)
    }
    var location = "\(start)"
    if let end {
      var written = "\(end)"
      if shape.shortensRanges {
        let a = Array("\(start)")
        let b = Array("\(end)")
        var same = 0
        while a.count == b.count, same < a.count - 2, a[same] == b[same] { same += 1 }
        written = String(b[same...])
      }
      location += shape.rangeSeparator + written
    }
    var header = page == nil ? shape.withoutPage : shape.withPage
    for (key, value) in [
      ("{k}", shape.kinds[note ? 1 : 0]), ("{p}", page.map { "\($0)" } ?? ""), ("{l}", location),
      ("{d}", date),
    ] {
      header = header.replacing(key, with: value)
    }
    return header
  }

  @Test("property: a clipping rendered in any supported language parses back to the same book, kind, location and instant")
  func roundTrip() async {
    await propertyCheck(count: 300, input: Gen.int(in: 0...Int(Int32.max)).array(of: 12)) { n in
      let shape = Self.shapes[n[0] % Self.shapes.count]
      let note = n[1] % 2 == 1
      let page = n[2] % 3 == 0 ? nil : 1 + n[2] % 900
      let start = 1 + n[3] % 99_999
      let end = note || n[4] % 4 == 0 ? nil : start + n[4] % 120
      let (y, mo) = (1990 + n[5] % 50, 1 + n[6] % 12)
      let d = 1 + n[7] % Int(daysInMonth(Int64(y), Int64(mo)))
      let (h, mi, s) = (n[8] % 24, n[9] % 60, n[10] % 60)
      let titles = [
        ("Dune", "Frank Herbert"), ("The Name (of the Rose)", "Eco, Umberto"),
        ("吾輩は猫である", "夏目漱石"), ("Война и мир", "Толстой, Лев; Другой, Автор"),
      ]
      let (title, author) = titles[n[11] % titles.count]
      let header = Self.render(shape, note: note, page: page, start: start, end: end, y, mo, d, h, mi, s)
      let text = "\u{FEFF}\(title) (\(author))\r\n\(header)\r\n\r\nSome words\r\n==========\r\n"
      let report = try KindleClippings.read(text, name: "c.txt")
      #expect(report.problems == [], "\(header)")
      #expect(report.books.map(\.title) == [title])
      #expect(report.books.map(\.author) == [author])
      let clipping = report.books.first?.clippings.first
      #expect(clipping?.kind == (note ? .note : .highlight), "\(header)")
      let location = [page.map { "p. \($0)" }, "loc. \(start)" + (end.map { "-\($0)" } ?? "")]
        .compactMap { $0 }.joined(separator: ", ")
      #expect(clipping?.location == location, "\(header)")
      #expect(
        clipping?.addedAt
          == KindleClippings.instant(Int64(y), Int64(mo), Int64(d), Int64(h), Int64(mi), Int64(s)),
        "\(header)")
    }
  }

  @Test("property: an ASCII date is read byte by byte into the tokens its Characters give")
  func asciiTokens() async {
    // Digits, letters of both cases, the marks a date holds and a CR LF (one Character).
    let pieces = [
      "0", "7", "12", "2023", "1234567890", "a", "p", "m", "PM", "a. m.", "p.m.", "Sunday",
      "JANUARY", "gmt", "UTC", "h", ".", ",", ":", "+", "-", " ", "\t", "\r\n", "'", "/", "@",
      "[", "`",
    ]
    await propertyCheck(count: 500, input: Gen.int(in: 0...(pieces.count - 1)).array(of: 0...14)) {
      n in
      let text = n.map { pieces[$0] }.joined()
      #expect(KindleDate.asciiTokens(text) == KindleDate.characterTokens(text), "\(text)")
    }
    for text in ["Sunday, January 1, 2023 12:00:00 AM", "Monday, 3 December 12 19:00:12 GMT-03:00"] {
      #expect(KindleDate.tokens(text) == KindleDate.characterTokens(text))
      #expect(KindleDate.tokens(text)?.isEmpty == false)
    }
  }
}
