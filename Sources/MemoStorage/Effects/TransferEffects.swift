import MemoCore

/// Export, import, and the file itself: reads, except an import (whose journal entry the
/// importer writes, TransferEffects+Import).
extension EffectRunner {
  func perform(_ effect: TransferEffect) throws -> Action {
    switch effect {
    case .export(let request):
      defer { progress?.finish() }
      return .transfer(
        .exported(
          try Exporter(database: database, progress: progress).export(request, now: clock())))
    case .importFile(let request):
      defer { progress?.finish() }
      return .transfer(.imported(try importFile(request)))
    case .check:
      let problems = try database.reportingProgress(progress) { try database.problems() }
      // Memo's own bookkeeping is read only over a file SQLite finds sound.
      let mendable =
        problems.isEmpty ? try ConsistencyRepository(database: database).problems() : []
      return .database(.checked(problems, mendable: mendable))
    case .repair:
      return .database(
        .repaired(
          try database.inTransaction { try ConsistencyRepository(database: database).repair() }))
    case .backup(let path):
      try BackupFile.write(database, to: path)
      return .database(.backedUp(to: path))
    }
  }
}
