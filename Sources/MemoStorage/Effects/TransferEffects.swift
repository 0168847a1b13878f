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
      // Only over a file SQLite finds sound, as `.check` reads the bookkeeping: rebuilding an
      // index in a damaged file could spread the damage (the check then lists it).
      guard try database.problems().isEmpty else { return .database(.repaired([])) }
      return .database(
        .repaired(
          try database.inTransaction { try ConsistencyRepository(database: database).repair() }))
    case .backup(let path):
      try BackupFile.write(database, to: path)
      return .database(.backedUp(to: path))
    }
  }
}
