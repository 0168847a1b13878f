import MemoCore
import MemoStorage

/// Sync conflicts (issue 20), one field each: `{"id", "kind", "uuid", "field", "record",
/// "kept", "lost", "deleted", "device", "winner", "changed_at", "detected_at"}` — `kept` is
/// what the record holds now (null when it is deleted), `lost` the value that lost.
struct SyncConflictPresenter {
  static let columns = [
    Column(key: "id", title: "ID", alignsRight: true),
    Column(key: "kind", title: "KIND"),
    Column(key: "field", title: "FIELD"),
    Column(key: "record", title: "RECORD", isFlexible: true),
    Column(key: "kept", title: "KEPT", isFlexible: true),
    Column(key: "lost", title: "LOST", isFlexible: true),
    Column(key: "device", title: "LOST ON"),
    Column(key: "deleted", title: "DELETED", mark: "deleted"),
    // Last: plain's lines keep the columns they had before it.
    Column(key: "winner", title: "KEPT FROM"),
  ]

  /// A listed conflict: the fields of `record`, in its order, read from the row.
  static let layout = Layout(
    [
      Field("id", .int), Field("kind", .text), Field("uuid", .text), Field("field", .text),
      Field("record", .text), Field("kept", .text), Field("lost", .text), Field("deleted", .bool),
      Field("device", .text), Field("winner", .text), Field("changed_at", .time),
      Field("detected_at", .time),
    ], table: columns)

  /// - Parameter id: the id shown (default: the conflict's).
  static func row(_ c: SyncConflict, id: RowValue? = nil) -> Row {
    layout.row([
      id ?? .int(c.id), .text(c.kind.rawValue), .text(c.key), .text(c.field), .text(c.record),
      .nullable(c.kept), .nullable(c.lost), .bool(c.isDeleted), .text(c.device), .text(c.winner),
      .text(c.changedAt.rfc3339), .text(c.detectedAt.rfc3339),
    ])
  }

  /// `restored the post's title 'Dune (a)' from a over 'Dune (c)' from c (conflict 3) on every
  /// device; 'Dune (c)' is kept as conflict 5; 'memo sync' pushes it` in a table (a restore
  /// names the value that wins now and its device, then the value it replaces, its device and
  /// the conflict that keeps it); the conflict's line in every other format (plain:
  /// tab-separated, no header), a restore's as `memo sync conflicts` lists it now: the id of
  /// the conflict keeping the value replaced (null: none was kept), never the id restored.
  static func report(_ conflict: SyncConflict?, verb: String, _ context: Context) {
    guard let conflict, !context.isSilentReport else { return }
    switch context.format {
    case .table:
      guard !context.isQuiet else { return }
      func quoted(_ value: String?) -> String { value.map { " '\(visible(oneLine($0)))'" } ?? "" }
      func from(_ device: String) -> String {
        device.isEmpty ? "" : " from \(visible(oneLine(device)))"
      }
      // Restored: the value it holds now (kept) and the one it replaced; dismissed: the
      // value let go (lost).
      var value = quoted(verb == "restored" ? conflict.kept : conflict.lost)
      if verb == "restored" {
        value += from(conflict.winner)
        if conflict.replacedDeletion {
          value +=
            " over its deletion"
            + (conflict.device.isEmpty ? "" : " on \(visible(oneLine(conflict.device)))")
        } else if !conflict.winner.isEmpty || !conflict.device.isEmpty {
          value +=
            " over" + (conflict.lost == nil ? " no value" : quoted(conflict.lost))
            + from(conflict.device)
        }
      }
      let keptAs = conflict.replacedBy.map { ";\(quoted(conflict.lost)) is kept as conflict \($0)" }
      Output.line(
        "\(verb) the \(conflict.kind.rawValue)'s \(conflict.field)\(value) (conflict \(conflict.id)) on every device\(keptAs ?? ""); 'memo sync' pushes it"
      )
    case _ where verb == "restored":
      context.print(
        [row(conflict, id: conflict.replacedBy.map(RowValue.int) ?? .null)], layout, single: true)
    default:
      context.print([row(conflict)], layout, single: true)
    }
  }
}
