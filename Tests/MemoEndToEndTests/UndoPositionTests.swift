import Foundation
import Testing

/// `memo undo` and `redo` bring a highlight's `position` back exactly, as sync carries it
/// (issue 35): the journal's row images kept 15 digits (5.277777777777778 → 5.27777777777778).
@Suite("Undo keeps positions exact")
struct UndoPositionTests {
  static let exact = "5.277777777777778"

  /// A post with a highlight whose position needs 16 digits, and the highlight's id.
  func setUp(_ box: Sandbox) throws -> String {
    _ = try box.add("Dune")
    let added = try box.run(["highlight", "add", "1", "Fear is the mind-killer."])
    #expect(added.status == 0, "\(added.stderr)")
    try box.execute("UPDATE highlights SET position = \(Self.exact)")
    return try box.rows("SELECT id FROM highlights")[0][0]
  }

  /// The position as the shortest text that reads back as the same double.
  func position(_ box: Sandbox) throws -> [[String]] {
    try box.rows("SELECT printf('%!.17g', position), position = \(Self.exact) FROM highlights")
  }

  @Test("undo of a highlight's deletion, of its post's, and of a star; redo; undo of a redo")
  func exactThroughUndo() throws {
    let box = try Sandbox()
    let id = try setUp(box)
    let held = [["5.2777777777777777", "1"]]
    #expect(try position(box) == held)

    #expect(try box.run(["highlight", "rm", id, "--yes"]).status == 0)
    #expect(try box.run(["undo"]).status == 0)
    #expect(try position(box) == held)

    #expect(try box.run(["highlight", "star", id]).status == 0)
    #expect(try box.run(["undo"]).status == 0)
    #expect(try position(box) == held)
    #expect(try box.run(["redo"]).status == 0)
    #expect(try position(box) == held)
    #expect(try box.run(["undo"]).status == 0, "the row is as the redo left it")

    #expect(try box.run(["rm", "1", "--yes"]).status == 0)
    #expect(try box.rows("SELECT count(*) FROM highlights") == [["0"]])
    #expect(try box.run(["undo"]).status == 0)
    #expect(try position(box) == held)
    #expect(try box.run(["redo"]).status == 0)
    #expect(try box.run(["undo"]).status == 0)
    #expect(try position(box) == held)
  }

  @Test(
    "an entry journaled with 15 digits (before this fix) still undoes: the row is as it left it")
  func olderEntries() throws {
    let box = try Sandbox()
    let id = try setUp(box)
    #expect(try box.run(["highlight", "star", id]).status == 0)
    // What the journal held before: the images as json_object writes them.
    try box.execute(
      "UPDATE journal_changes SET old_row = json_set(old_row, '$.position', 5.27777777777778), new_row = json_set(new_row, '$.position', 5.27777777777778) WHERE table_name = 'highlights'"
    )
    let undone = try box.run(["undo"])
    #expect(undone.status == 0, "\(undone.stderr)")
    #expect(try box.rows("SELECT starred FROM highlights") == [["0"]])
  }
}
