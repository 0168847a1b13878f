/// Export, import, and the database file itself (`Effect.transfer`).
public enum TransferEffect: Equatable, Sendable {
  /// Stream an export to its output; answers `.transfer(.exported)`.
  case export(ExportRequest)
  /// Read, check and merge an import in one transaction; answers `.transfer(.imported)`.
  case importFile(ImportRequest)
  /// Answers `.database(.checked)`.
  case check
  /// Mends memo's own bookkeeping from the rows, in one transaction; answers
  /// `.database(.repaired)`.
  case repair
  /// A consistent copy through the online backup API; answers `.database(.backedUp)`.
  case backup(to: String)

  /// Whether the effect only reads (`Effect.onlyReads`): an import only with `--dry-run`
  /// (which rolls back what it merged), a backup always (it writes another file).
  public var onlyReads: Bool {
    switch self {
    case .export, .check, .backup: true
    case .importFile(let request): request.isDryRun
    case .repair: false
    }
  }
}
