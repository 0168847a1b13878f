import MemoCore
import Testing

@Suite("reader databases' dates and places")
struct ReaderDateTests {
  @Test(
    "a Kobo date in every shape its firmware writes is read as UTC",
    arguments: [
      "2023-05-14T23:36:07", "2023-05-14T23:36:07Z", "2023-05-14T23:36:07.000",
      "2023-05-14 23:36:07.000", "2023-05-14T23:36:07.000Z", " 2023-05-14T23:36:07 ",
      "2023-05-14T23:36:07+00:00", "2023-05-15T01:36:07+02:00",
    ])
  func koboShapes(text: String) {
    #expect(KoboDate.parse(text)?.rfc3339 == "2023-05-14T23:36:07.000Z")
  }

  @Test("Kobo: fractions of a second, a date alone; what cannot be read is nil, never today")
  func koboOthers() {
    #expect(KoboDate.parse("2025-02-04T17:16:33.795")?.rfc3339 == "2025-02-04T17:16:33.795Z")
    #expect(KoboDate.parse("2023-05-14")?.rfc3339 == "2023-05-14T00:00:00.000Z")
    for bad in ["", "14/05/2023", "2023-13-01T00:00:00", "2023-05-14T25:00:00", "yesterday"] {
      #expect(KoboDate.parse(bad) == nil, "\(bad)")
    }
    #expect(KoboDate.isNoDate(nil) && KoboDate.isNoDate(" ") && KoboDate.isNoDate("0000-00-00T00:00:00.000"))
    #expect(!KoboDate.isNoDate("2023-05-14"))
  }

  @Test("Apple Books: seconds since 2001-01-01 UTC, fractions rounded to the millisecond")
  func coreData() {
    #expect(CoreDataDate.timestamp(seconds: 0)?.rfc3339 == "2001-01-01T00:00:00.000Z")
    #expect(
      CoreDataDate.timestamp(seconds: 657_569_570.826642)?.rfc3339 == "2021-11-02T18:12:50.827Z")
    #expect(CoreDataDate.timestamp(seconds: -86_400)?.rfc3339 == "2000-12-31T00:00:00.000Z")
    #expect(CoreDataDate.timestamp(seconds: .nan) == nil)
    #expect(CoreDataDate.timestamp(seconds: 1e300) == nil)
  }

  @Test("an EPUB CFI sorts by spine item, then by its steps and offset")
  func cfi() throws {
    let cfis = [
      "epubcfi(/6/10[c01]!/4/10/3,:335,:749)",
      "epubcfi(/6/12[c02]!/4/26/3,:68,:493)",
      "epubcfi(/6/26[x]!/4/2/446/2/1,:0,:679)",
      "epubcfi(/6/26[x]!/4/2/636/2/1,:0,:166)",
      "epubcfi(/6/26[x]!/4/2/636/2/1,:7,:166)",
      "epubcfi(/6/96[ch36]!/4[text]/2[ch36]/4,/124/1:0,/134/5:41)",
    ]
    let positions = try cfis.map { try #require(ReadingPlace.position(epubCFI: $0)) }
    #expect(positions == positions.sorted())
    #expect(Set(positions).count == positions.count)
    #expect(Int(positions[0]) == 4 && Int(positions[5]) == 47)
    #expect(ReadingPlace.position(epubCFI: "not a cfi") == nil)
    #expect(ReadingPlace.position(epubCFI: "epubcfi()") == nil)
    #expect(ReadingPlace.steps("span#kobo\\.204\\.1") == [204, 1])
    #expect(ReadingPlace.steps("OEBPS/a.xhtml#point(/1/4/2[id9]/1:7)") == [1, 4, 2, 1, 7])
  }
}
