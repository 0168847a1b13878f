import MemoCore

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
  ]

  /// A listed conflict: the fields of `record`, in its order, read from the row.
  static let layout = Layout(
    [
      Field("id", .int), Field("kind", .text), Field("uuid", .text), Field("field", .text),
      Field("record", .text), Field("kept", .text), Field("lost", .text), Field("deleted", .bool),
      Field("device", .text), Field("winner", .text), Field("changed_at", .time),
      Field("detected_at", .time),
    ], table: columns)

  func record(_ c: SyncConflict) -> Record {
    Record([
      ("id", .int(c.id)), ("kind", .string(c.kind.rawValue)), ("uuid", .string(c.key)),
      ("field", .string(c.field)), ("record", .string(c.record)),
      ("kept", c.kept.map(Value.string) ?? .null), ("lost", c.lost.map(Value.string) ?? .null),
      ("deleted", .bool(c.isDeleted)), ("device", .string(c.device)),
      ("winner", .string(c.winner)), ("changed_at", .timestamp(c.changedAt)),
      ("detected_at", .timestamp(c.detectedAt)),
    ])
  }

  /// `restored the post's title 'Dune (a)' (conflict 3); 'memo sync' pushes it` in a table;
  /// the conflict's line in every other format (plain: tab-separated, no header).
  static func report(_ conflict: SyncConflict?, verb: String, _ context: Context) {
    guard let conflict else { return }
    switch context.format {
    case .table:
      guard !context.isQuiet else { return }
      let value = conflict.lost.map { " '\(visible(oneLine($0)))'" } ?? ""
      Output.line(
        "\(verb) the \(conflict.kind.rawValue)'s \(conflict.field)\(value) (conflict \(conflict.id)) on every device; 'memo sync' pushes it"
      )
    default:
      Renderer.print(
        Document(columns: columns, records: [SyncConflictPresenter().record(conflict)], isSingle: true),
        context)
    }
  }
}
