import Foundation
import MemoCore
import Testing

@Suite("sync: the hybrid logical clock, who wins, and change-file lines")
struct SyncMergeTests {
  let t0: Int64 = 1_767_225_600_000

  @Test("a local change is past the last reading, whatever the wall clock does")
  func tick() {
    let start = HybridTime(millis: t0, counter: 3)
    #expect(start.tick(now: t0 + 5) == HybridTime(millis: t0 + 5))
    #expect(start.tick(now: t0) == HybridTime(millis: t0, counter: 4))
    // The wall clock went back an hour: still later.
    #expect(start.tick(now: t0 - 3_600_000) == HybridTime(millis: t0, counter: 4))
    // The counter carries into the milliseconds rather than wrap.
    #expect(HybridTime(millis: t0, counter: 0xFFFF).tick(now: t0) == HybridTime(millis: t0 + 1))
  }

  @Test("after receiving a reading from a clock hours ahead, the next local change is later still")
  func receiveAhead() {
    let behind = HybridTime(millis: t0)
    let ahead = HybridTime(millis: t0 + 5 * 3_600_000, counter: 7)
    let seen = behind.receive(ahead, now: t0 + 10)
    #expect(seen > ahead)
    #expect(seen.tick(now: t0 + 20) > ahead)
    #expect(
      HybridTime(millis: t0).receive(HybridTime(millis: t0 - 10), now: t0 + 1)
        == HybridTime(millis: t0 + 1))
  }

  @Test("versions order by time, then by device id, the same on every device")
  func versionOrder() {
    let a = SyncVersion(time: HybridTime(millis: t0), device: "a")
    let b = SyncVersion(time: HybridTime(millis: t0), device: "b")
    let later = SyncVersion(time: HybridTime(millis: t0, counter: 1), device: "a")
    #expect(a < b)
    #expect(b < later)
    #expect([later, b, a].sorted() == [a, b, later])
  }

  @Test(
    "a change over what is held applies; one that was not made over it is a conflict the later wins"
  )
  func decide() {
    let v1 = SyncVersion(time: HybridTime(millis: t0), device: "a")
    let v2 = SyncVersion(time: HybridTime(millis: t0 + 1), device: "b")
    let v3 = SyncVersion(time: HybridTime(millis: t0 + 2), device: "c")
    #expect(SyncMerge.decide(current: nil, incoming: v1, base: nil, seen: nil) == .apply)
    #expect(SyncMerge.decide(current: v1, incoming: v2, base: v1, seen: nil) == .apply)
    #expect(SyncMerge.decide(current: v2, incoming: v3, base: v1, seen: nil) == .applyOverConflict)
    #expect(SyncMerge.decide(current: v3, incoming: v2, base: v1, seen: nil) == .keepOverConflict)
    // Both created the record unseen by each other.
    #expect(SyncMerge.decide(current: v1, incoming: v2, base: nil, seen: nil) == .applyOverConflict)
    #expect(SyncMerge.decide(current: v2, incoming: v2, base: v1, seen: nil) == .skip)
    // Already applied from that device (a file read again, a compacted snapshot).
    #expect(SyncMerge.decide(current: v1, incoming: v2, base: v1, seen: v2.time) == .skip)
    #expect(SyncMerge.decide(current: v1, incoming: v3, base: v1, seen: v2.time) == .apply)
  }

  @Test("whatever order two concurrent changes arrive in, both devices keep the same winner")
  func symmetric() {
    let base = SyncVersion(time: HybridTime(millis: t0), device: "a")
    let x = SyncVersion(time: HybridTime(millis: t0 + 9), device: "x")
    let y = SyncVersion(time: HybridTime(millis: t0 + 9), device: "y")
    // On x (holding x), y arrives; on y (holding y), x arrives.
    #expect(SyncMerge.decide(current: x, incoming: y, base: base, seen: nil) == .applyOverConflict)
    #expect(SyncMerge.decide(current: y, incoming: x, base: base, seen: nil) == .keepOverConflict)
  }

  @Test("a line memo writes reads back; a line it would not write is refused with the reason")
  func lines() throws {
    let version = SyncVersion(time: HybridTime(millis: t0, counter: 2), device: "dev")
    let base = SyncVersion(time: HybridTime(millis: t0), device: "other")
    let row =
      #"{"uuid":"u1","title":"Dune","author":null,"body":null,"source":null,"created_at":"2026-01-01T00:00:00.000Z","updated_at":"2026-01-01T00:00:00.000Z"}"#
    let line = SyncChange.encode(kind: .post, key: "u1", version: version, base: base, row: row)
    let change = try SyncChange.parse(line, device: "dev")
    #expect(
      change
        == SyncChange(
          kind: .post, key: "u1", version: version, base: base, hasRow: true, line: line))
    let deletion = SyncChange.encode(
      kind: .question, key: "q", version: version, base: nil, row: nil)
    #expect(try SyncChange.parse(deletion, device: "dev").hasRow == false)
    let odd = "my \"best\" \\ filter\n"
    let escaped = SyncChange.encode(
      kind: .savedFilter, key: odd, version: version, base: nil, row: nil)
    #expect(try SyncChange.parse(escaped, device: "dev").key == odd)

    func reason(_ text: String, device: String = "dev") -> String? {
      do {
        _ = try SyncChange.parse(text, device: device)
        return nil
      } catch { return error.reason }
    }
    #expect(
      reason(line, device: "someone-else")
        == "\"device\" is not someone-else, whose folder holds the file")
    #expect(reason("not json")?.isEmpty == false)
    #expect(
      reason(#"{"kind":"book","key":"u1"}"#)
        == "\"kind\" is not one of post, question, highlight, category, favorite, saved_filter, resolution, review_event, highlight_review_event (a newer memo wrote it? update memo on this machine)"
    )
    #expect(
      reason(line.replacingOccurrences(of: "\"title\":\"Dune\"", with: "\"title\":\" \""))
        == "row.title is not a non-empty string")
    #expect(
      reason(line.replacingOccurrences(of: "2026-01-01T00:00:00.000Z", with: "yesterday"))
        == "row.created_at is not an RFC 3339 time")
    #expect(
      reason(line.replacingOccurrences(of: "\"uuid\":\"u1\"", with: "\"uuid\":\"u2\""))
        == "row.uuid is not the key u1")
    #expect(
      reason(
        line.replacingOccurrences(of: "\"base_device\":\"other\"", with: "\"base_device\":null"))
        == "\"base_hlc\" and \"base_device\" are not both given or both null")
  }

  @Test("sync init without a remote is a usage error and asks storage for nothing")
  func reducer() {
    var state = AppState()
    #expect(syncReducer(&state, .initialize(SyncRequest(repository: "/r", remote: " "))) == [])
    #expect(state.error?.code == .usage)
    var named = AppState()
    let blankName = SyncRequest(repository: "/r", remote: "/remote.git", name: "")
    #expect(syncReducer(&named, .initialize(blankName)) == [])
    #expect(named.error?.code == .usage)
    var ok = AppState()
    let request = SyncRequest(repository: "/r", remote: "/remote.git")
    #expect(syncReducer(&ok, .initialize(request)) == [.sync(.initialize(request))])
    #expect(ok == AppState())
    #expect(syncReducer(&ok, .rounded(SyncSummary(pushed: 1, applied: 2, conflicts: 3))) == [])
    #expect(ok.syncSummary?.description == "pushed 1, applied 2, conflicts 3")
  }

  @Test(
    "field by field: the later stamp wins; only a field both devices set unseen is a conflict")
  func fieldMerge() {
    func v(_ t: Int64, _ d: String = "a") -> SyncVersion {
      SyncVersion(time: HybridTime(millis: t), device: d)
    }
    // The incoming change set the field over the stamp here: it follows.
    #expect(
      SyncMerge.field(local: v(1), incoming: v(2, "b"), set: true, base: v(1)) == (true, false))
    // Set over an older stamp while this device set it too: later wins, a conflict.
    #expect(
      SyncMerge.field(local: v(2), incoming: v(3, "b"), set: true, base: v(1)) == (true, true))
    #expect(
      SyncMerge.field(local: v(3), incoming: v(2, "b"), set: true, base: v(1)) == (false, true))
    // Not set by the change (another field was): a newer stamp is taken, never a conflict.
    #expect(
      SyncMerge.field(local: v(1), incoming: v(2, "b"), set: false, base: nil) == (true, false))
    #expect(
      SyncMerge.field(local: v(3), incoming: v(2, "b"), set: false, base: nil) == (false, false))
    // The same stamp: nothing to do.
    #expect(SyncMerge.field(local: v(2), incoming: v(2), set: true, base: v(1)) == (false, false))
    // Set by the sender after it saw a later stamp than the one here: it follows that one.
    #expect(
      SyncMerge.field(local: v(1), incoming: v(4, "b"), set: true, base: v(2, "c")) == (true, false)
    )
    // A deletion wins over what it had not seen.
    #expect(SyncMerge.unseenByDeletion(local: v(3), deleted: v(2)))
    #expect(!SyncMerge.unseenByDeletion(local: v(2), deleted: v(2)))
    #expect(SyncMerge.unseenByDeletion(local: v(1), deleted: nil))
  }

  @Test("a line with field stamps reads back: each field's stamp and what the change set")
  func stampsRoundTrip() throws {
    let version = SyncVersion(time: HybridTime(millis: 5), device: "d")
    let old = SyncVersion(time: HybridTime(millis: 2), device: "e")
    let changed: [String: SyncVersion?] = ["starred": old, "answer": nil]
    let line = SyncChange.encode(
      kind: .question, key: "q1", version: version, base: old,
      row:
        #"{"uuid":"q1","post_uuid":"p1","text":"Why?","category":null,"starred":1,"answer":null,"answered_at":null,"created_at":"2026-01-01T00:00:00.000Z","updated_at":"2026-01-01T00:00:00.000Z"}"#,
      stamps: ["starred": version, "text": old], changed: changed)
    let change = try SyncChange.parse(line, device: "d")
    #expect(change.stamp("starred") == version)
    #expect(change.stamp("text") == old)
    #expect(change.changedBase("starred").changed && change.changedBase("starred").base == old)
    #expect(change.changedBase("answer").changed && change.changedBase("answer").base == nil)
    #expect(!change.changedBase("text").changed)
    #expect(throws: SyncChange.Invalid.self) {
      try SyncChange.parse(
        line.replacingOccurrences(of: "\"starred\":[", with: "\"stars\":["), device: "d")
    }
  }
}
