import MemoCore
import MemoStorage

/// What `memo sync` and its subcommands print: a round's summary and the status (conflicts:
/// `SyncConflictPresenter`). The one place their fields are listed, for every format: JSON and
/// JSON Lines carry the records, CSV and TSV a header and a line each, plain text the same line
/// without the header (like every listing), a table sentences with control characters made
/// visible.
enum SyncPresenter {
  // MARK: - A round

  static let summaryLayout = Layout([
    Field("pushed", .int), Field("applied", .int), Field("conflicts", .int),
    Field("retries", .int), Field("compacted", .int),
  ])

  static func summaryRow(_ summary: SyncSummary) -> Row {
    summaryLayout.row([
      .count(summary.pushed), .count(summary.applied), .count(summary.conflicts),
      .count(summary.retries), .count(summary.compacted),
    ])
  }

  static func print(_ summary: SyncSummary, _ context: Context) {
    // A round changes the database: with --quiet it prints nothing, unless data was asked for
    // (`--format json`, …), as every command that changes something.
    guard !context.isSilentReport else { return }
    switch context.format {
    case .json, .jsonl, .csv, .tsv, .plain:
      context.print([summaryRow(summary)], summaryLayout, single: true)
    case .table:
      Output.line(summary.description)
    }
    if context.format == .table || context.format == .plain, !context.isQuiet {
      if summary.conflicts > 0 {
        Diagnostics.line(
          "memo: the later value won each conflict; 'memo sync conflicts' lists the other values, 'memo sync conflicts restore ID' brings one back"
        )
      }
      if let named = summary.newDeviceName {
        Diagnostics.line(
          "memo: this database now syncs as a new device named '\(named.name)' (the copy it came from is '\(named.old)'); 'memo sync init --new-device --name NAME' chooses the name"
        )
      }
      if summary.setAside > 0 {
        let count = summary.setAside
        Diagnostics.line(
          "memo: \(count) review rating\(count == 1 ? "" : "s") of items deleted on another device \(count == 1 ? "was" : "were") set aside with \(count == 1 ? "its item" : "their items"); they come back with it: 'memo sync conflicts restore ID' of the item on the device that rated it, or 'memo undo' of its deletion on the device that deleted it"
        )
      }
    }
  }

  // MARK: - Status

  /// A device: `{id, name, last_round}`.
  static let deviceLayout = Layout([
    Field("id", .text), Field("name", .text), Field("last_round", .time),
  ])

  static func deviceRow(_ device: SyncDevice) -> Row {
    deviceLayout.row([
      .text(device.id), .text(device.name), .nullable(device.lastRound?.rfc3339),
    ])
  }

  /// This device's last round: `{at, pushed, applied, conflicts}`, null before the first.
  static let roundLayout = Layout([
    Field("at", .time), Field("pushed", .int), Field("applied", .int), Field("conflicts", .int),
  ])

  static func roundValue(_ round: SyncStatus.Round?) -> RowValue {
    guard let round else { return .null }
    return .row(
      roundLayout.row([
        .text(round.at.rfc3339), .count(round.summary.pushed), .count(round.summary.applied),
        .count(round.summary.conflicts),
      ]))
  }

  /// JSON: `{remote, device: {id, name, last_round}, devices: [...], pending, conflicts,
  /// last_round: {at, pushed, applied, conflicts}}`.
  static let statusLayout = Layout([
    Field("remote", .text), Field("device", .object(deviceLayout)),
    Field("devices", .rows(deviceLayout)), Field("pending", .int), Field("conflicts", .int),
    Field("last_round", .object(roundLayout)),
  ])

  static func statusRow(_ status: SyncStatus) -> Row {
    statusLayout.row([
      .text(status.remote), .row(deviceRow(status.device)), .rows(status.others.map(deviceRow)),
      .count(status.pending), .count(status.conflicts), roundValue(status.lastRound),
    ])
  }

  /// CSV, TSV and plain text: one line, the other devices' names joined.
  static let flatLayout = Layout([
    Field("remote", .text), Field("device_id", .text), Field("device_name", .text),
    Field("pending", .int), Field("conflicts", .int), Field("other_devices", .texts),
    Field("last_round_at", .time),
  ])

  static func flatRow(_ status: SyncStatus) -> Row {
    flatLayout.row([
      .text(status.remote), .text(status.device.id), .text(status.device.name),
      .count(status.pending), .count(status.conflicts), .texts(status.others.map(\.name)),
      .nullable(status.lastRound?.at.rfc3339),
    ])
  }

  /// `memo sync remote`: the remote.
  static let remoteLayout = Layout([Field("remote", .text)])

  static func print(_ status: SyncStatus, _ context: Context) {
    switch context.format {
    case .json, .jsonl: context.print([statusRow(status)], statusLayout, single: true)
    case .csv, .tsv, .plain: context.print([flatRow(status)], flatLayout, single: true)
    case .table:
      // Times as every table shows them: local, to the minute.
      let offset = context.style.utcOffsetSeconds
      Output.line("remote: \(shown(status.remote))")
      Output.line("this device: \(shown(status.device.name)) (\(shown(status.device.id)))")
      Output.line("waiting to be pushed: \(status.pending)")
      Output.line("conflicts: \(status.conflicts)")
      Output.line(
        "last round: "
          + (status.lastRound.map {
            "\($0.at.localMinuteString(utcOffsetSeconds: offset)), \($0.summary.description)"
          } ?? "none yet"))
      Output.line(status.others.isEmpty ? "other devices: none yet" : "other devices:")
      for other in status.others {
        let last =
          other.lastRound.map { "last change \($0.localMinuteString(utcOffsetSeconds: offset))" }
          ?? "no changes yet"
        Output.line("  \(shown(other.name)) (\(shown(other.id))): \(last)")
      }
    }
  }

  // MARK: -

  /// Text for a terminal: one line, control characters made visible.
  static func shown(_ text: String) -> String { visible(oneLine(text)) }
}
