import MemoCore

/// What `memo sync` and its subcommands print: a round's summary and the status (conflicts:
/// `SyncConflictPresenter`). The one place their fields are listed, for every format: JSON and
/// JSON Lines carry the records, CSV and TSV a header and a line each, plain text the same line
/// without the header (like every listing), a table sentences with control characters made
/// visible.
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
    case .json, .jsonl, .csv, .tsv, .plain: single(summaryRecord(summary), context)
    case .table:
      guard !context.isQuiet else { return }
      Output.line(summary.description)
    }
    if context.format == .table || context.format == .plain, !context.isQuiet {
      if summary.conflicts > 0 {
        Diagnostics.line(
          "memo: the later value won each conflict; 'memo sync conflicts' lists the other values, 'memo sync conflicts restore ID' brings one back"
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

  /// This device's last round: `{at, pushed, applied, conflicts}`, null before the first.
  static func lastRound(_ round: SyncStatus.Round?) -> Value {
    guard let round else { return .null }
    return .record(
      Record([
        ("at", .timestamp(round.at)), ("pushed", .int(Int64(round.summary.pushed))),
        ("applied", .int(Int64(round.summary.applied))),
        ("conflicts", .int(Int64(round.summary.conflicts))),
      ]))
  }

  /// JSON: `{remote, device: {id, name, last_round}, devices: [...], pending, conflicts,
  /// last_round: {at, pushed, applied, conflicts}}`.
  static func statusRecord(_ status: SyncStatus) -> Record {
    Record([
      ("remote", .string(status.remote)), ("device", .record(deviceRecord(status.device))),
      ("devices", .records(status.others.map { deviceRecord($0) })), ("pending", .int(Int64(status.pending))),
      ("conflicts", .int(Int64(status.conflicts))), ("last_round", lastRound(status.lastRound)),
    ])
  }

  /// CSV and TSV: one line, the other devices' names joined.
  static func flatRecord(_ status: SyncStatus) -> Record {
    Record([
      ("remote", .string(status.remote)), ("device_id", .string(status.device.id)),
      ("device_name", .string(status.device.name)), ("pending", .int(Int64(status.pending))),
      ("conflicts", .int(Int64(status.conflicts))),
      ("other_devices", .strings(status.others.map(\.name))),
      ("last_round_at", status.lastRound.map { .timestamp($0.at) } ?? .null),
    ])
  }

  static func print(_ status: SyncStatus, _ context: Context) {
    switch context.format {
    case .json, .jsonl: single(statusRecord(status), context)
    case .csv, .tsv, .plain: single(flatRecord(status), context)
    case .table:
      Output.line("remote: \(shown(status.remote))")
      Output.line("this device: \(shown(status.device.name)) (\(shown(status.device.id)))")
      Output.line("waiting to be pushed: \(status.pending)")
      Output.line("conflicts: \(status.conflicts)")
      Output.line(
        "last round: "
          + (status.lastRound.map { "\($0.at.rfc3339), \($0.summary.description)" } ?? "none yet"))
      Output.line(status.others.isEmpty ? "other devices: none yet" : "other devices:")
      for other in status.others {
        let last = other.lastRound.map { "last change \($0.rfc3339)" } ?? "no changes yet"
        Output.line("  \(shown(other.name)) (\(shown(other.id))): \(last)")
      }
    }
  }

  // MARK: -

  /// One record in the format: a pretty object in JSON, a line in JSON Lines, a header and a
  /// line in CSV and TSV, the line alone in plain text.
  static func single(_ record: Record, _ context: Context) {
    Renderer.print(Document(single: record), context)
  }

  /// Text for a terminal: one line, control characters made visible.
  static func shown(_ text: String) -> String { visible(oneLine(text)) }
}
