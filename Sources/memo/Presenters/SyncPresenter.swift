import MemoCore

/// What `memo sync` and its subcommands print: a round's summary, the status and the kept
/// versions of conflicts. The one place their fields are listed, for every format: JSON and
/// JSON Lines carry the records, CSV and TSV a header and a line each, a table and plain text
/// sentences with control characters made visible.
enum SyncPresenter {
  // MARK: - A round

  static func summaryRecord(_ summary: SyncSummary) -> Record {
    Record([
      ("pushed", .int(Int64(summary.pushed))), ("applied", .int(Int64(summary.applied))),
      ("conflicts", .int(Int64(summary.conflicts))), ("retries", .int(Int64(summary.retries))),
      ("compacted", .int(Int64(summary.compacted))),
    ])
  }

  static func print(_ summary: SyncSummary, _ context: Context) {
    switch context.format {
    case .json, .jsonl, .csv, .tsv: single(summaryRecord(summary), context)
    case .table, .plain:
      guard !context.isQuiet else { return }
      Output.line(summary.description)
      if summary.conflicts > 0 {
        Diagnostics.line(
          "memo: the later version won each conflict; 'memo sync conflicts' lists the other versions, 'memo sync restore ID' brings one back"
        )
      }
    }
  }

  // MARK: - Status

  static func deviceRecord(_ device: SyncDevice) -> Record {
    Record([
      ("id", .string(device.id)), ("name", .string(device.name)),
      ("last_round", device.lastRound.map(Value.timestamp) ?? .null),
    ])
  }

  /// JSON: `{remote, device: {id, name, last_round}, devices: [...], pending, conflicts}`.
  static func statusRecord(_ status: SyncStatus) -> Record {
    Record([
      ("remote", .string(status.remote)), ("device", .record(deviceRecord(status.device))),
      ("devices", .records(status.others.map { deviceRecord($0) })), ("pending", .int(Int64(status.pending))),
      ("conflicts", .int(Int64(status.conflicts))),
    ])
  }

  /// CSV and TSV: one line, the other devices' names joined.
  static func flatRecord(_ status: SyncStatus) -> Record {
    Record([
      ("remote", .string(status.remote)), ("device_id", .string(status.device.id)),
      ("device_name", .string(status.device.name)), ("pending", .int(Int64(status.pending))),
      ("conflicts", .int(Int64(status.conflicts))),
      ("other_devices", .strings(status.others.map(\.name))),
    ])
  }

  static func print(_ status: SyncStatus, _ context: Context) {
    switch context.format {
    case .json, .jsonl: single(statusRecord(status), context)
    case .csv, .tsv: single(flatRecord(status), context)
    case .table, .plain:
      Output.line("remote: \(shown(status.remote))")
      Output.line("this device: \(shown(status.device.name)) (\(shown(status.device.id)))")
      Output.line("waiting to be pushed: \(status.pending)")
      Output.line("kept versions from conflicts: \(status.conflicts)")
      Output.line(status.others.isEmpty ? "other devices: none yet" : "other devices:")
      for other in status.others {
        let last = other.lastRound.map { "last change \($0.rfc3339)" } ?? "no changes yet"
        Output.line("  \(shown(other.name)) (\(shown(other.id))): \(last)")
      }
    }
  }

  // MARK: - Conflicts

  /// A kept version. (The sync branch lists conflicts per field: its keys replace these here.)
  static func conflictRecord(_ c: SyncConflict) -> Record {
    Record([
      ("id", .int(c.id)), ("kind", .string(c.kind.rawValue)), ("key", .string(c.key)),
      ("summary", c.summary.map(Value.string) ?? .null), ("deleted", .bool(c.summary == nil)),
      ("device", .string(c.device)), ("changed_at", .timestamp(Timestamp(millis: c.time.millis))),
      ("winner", .string(c.winner)), ("detected_at", .timestamp(c.detectedAt)),
    ])
  }

  static let conflictColumns = [
    "id", "kind", "key", "summary", "deleted", "device", "changed_at", "winner", "detected_at",
  ].map { Column(key: $0, title: $0) }

  static func print(_ conflicts: [SyncConflict], _ context: Context) {
    switch context.format {
    case .json, .jsonl, .csv, .tsv:
      Renderer.print(Document(columns: conflictColumns, records: conflicts.map { conflictRecord($0) }), context)
    case .table, .plain:
      for c in conflicts {
        let what = c.summary.map { "'\(shown($0))'" } ?? "(deleted)"
        Output.line(
          "\(c.id)  \(c.kind.rawValue) \(what) as \(shown(c.device)) had it at \(Timestamp(millis: c.time.millis).rfc3339); \(shown(c.winner))'s version won"
        )
      }
    }
  }

  /// What `memo sync restore` says for the version it brought back.
  static func restored(_ c: SyncConflict) -> String {
    "restored \(c.kind.rawValue) \(c.summary.map { "'\(shown($0))'" } ?? c.key) as \(shown(c.device)) had it; 'memo sync' pushes it"
  }

  // MARK: -

  /// One record in the format: a pretty object in JSON, a line in JSON Lines, a header and a
  /// line in CSV and TSV.
  static func single(_ record: Record, _ context: Context) {
    Renderer.print(Document(single: record), context)
  }

  /// Text for a terminal: one line, control characters made visible.
  static func shown(_ text: String) -> String { visible(oneLine(text)) }
}
