import Foundation
import Testing

/// `memo highlights` without --post: newest first by when each was highlighted on the reader,
/// not by import order (issue 35).
@Suite("memo highlights: newest first by when highlighted")
struct HighlightsOrderTests {
  @Test(
    "an import's highlights list newest highlighted first; one the reader gave no date sorts by when added"
  )
  func newestHighlightedFirst() throws {
    let box = try Sandbox()
    let readwise = box.root + "/readwise.csv"
    try """
    Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at
    "Summer passage.",Dune,Frank Herbert,,,yellow,,location,300,2023-06-01 10:00:00+00:00
    "Old passage.",Dune,Frank Herbert,,,yellow,,location,100,2021-01-15 10:00:00+00:00
    "Spring passage.",Dune,Frank Herbert,,,yellow,,location,200,2023-03-01 10:00:00+00:00

    """.write(toFile: readwise, atomically: true, encoding: .utf8)
    _ = try box.succeed(["import", readwise])
    // Added by hand now, no reader date: it was made now, so it is the newest.
    _ = try box.succeed(["highlight", "add", "1", "Typed today."])
    let listed = try box.run(["highlights", "--format", "tsv"])
    #expect(listed.status == 0)
    let texts = listed.stdout.split(separator: "\n").dropFirst().map {
      String($0.split(separator: "\t", omittingEmptySubsequences: false)[3])
    }
    #expect(texts == ["Typed today.", "Summer passage.", "Spring passage.", "Old passage."])
    let limited = try box.run(["highlights", "--limit", "2", "--format", "plain"])
    #expect(
      limited.stdout.split(separator: "\n").map { $0.split(separator: "\t")[3] } == [
        "Typed today.", "Summer passage.",
      ])
    // --post keeps the book's order.
    let book = try box.run(["highlights", "--post", "1", "--format", "tsv"])
    #expect(
      book.stdout.split(separator: "\n").dropFirst().map {
        String($0.split(separator: "\t", omittingEmptySubsequences: false)[3])
      } == ["Old passage.", "Spring passage.", "Summer passage.", "Typed today."])
  }
}
