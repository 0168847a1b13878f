import Foundation
import Testing

/// `memo sync`, `sync status` and `sync remote` in every format: plain is a format like the
/// others (the TSV line without its header), not sentences; the table keeps the sentences.
@Suite("sync formats", .serialized)
struct SyncFormatTests {
  @Test(
    "an empty round in every format, exact bytes",
    arguments: [
      ("table", "pushed 0, applied 0, conflicts 0\n"),
      ("plain", "0\t0\t0\t0\t0\n"),
      ("tsv", "pushed\tapplied\tconflicts\tretries\tcompacted\n0\t0\t0\t0\t0\n"),
      ("csv", "pushed,applied,conflicts,retries,compacted\r\n0,0,0,0,0\r\n"),
      ("jsonl", "{\"pushed\":0,\"applied\":0,\"conflicts\":0,\"retries\":0,\"compacted\":0}\n"),
      (
        "json",
        "{\n  \"pushed\": 0,\n  \"applied\": 0,\n  \"conflicts\": 0,\n  \"retries\": 0,\n  \"compacted\": 0\n}\n"
      ),
    ])
  func round(format: String, expected: String) throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    let result = try a.run(["sync", "--format", format])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == expected)
    if format == "plain" {
      // A round is a change: with --quiet it prints nothing in plain text or a table, as
      // every other command that changes something; data asked for (json, csv, …) stays.
      #expect(try a.run(["sync", "--quiet"]).stdout == "")
    } else if format != "table" {
      #expect(try a.run(["sync", "--quiet", "--format", format]).stdout == expected)
    }
  }

  @Test("sync status and sync remote: plain is the TSV line without its header")
  func statusAndRemote() throws {
    let lab = try SyncLab()
    let a = try lab.device("a")
    _ = try a.add("Dune")
    for command in [["sync", "status"], ["sync", "remote"]] {
      let tsv = try a.run(command + ["--format", "tsv"])
      #expect(tsv.status == 0, "\(tsv.stderr)")
      let plain = try a.run(command + ["--format", "plain"])
      #expect(plain.status == 0, "\(plain.stderr)")
      let tsvLines = tsv.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(tsvLines.count == 3)  // the header, the line, the final newline
      #expect(plain.stdout == tsvLines.dropFirst().joined(separator: "\n"))
      #expect(try a.run(command).stdout == plain.stdout)  // piped: plain
    }
    let status = try a.run(["sync", "status", "--format", "plain"]).stdout
    let fields = status.dropLast().split(separator: "\t", omittingEmptySubsequences: false)
    // remote, device_id, device_name, pending, conflicts, other_devices, last_round_at
    #expect(fields.count == 7)
    #expect(fields[0] == Substring(lab.remote))
    #expect(fields[2] == "a")
    #expect(fields[3] == "1")
    #expect(fields[4] == "0")
    #expect(fields[6].hasSuffix("Z"))
    #expect(try a.run(["sync", "remote", "--format", "plain"]).stdout == lab.remote + "\n")
  }
}
