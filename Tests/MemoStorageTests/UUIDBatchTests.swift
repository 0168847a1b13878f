import MemoCore
import Testing

@testable import MemoStorage

/// `UUIDBatch` (every command's UUIDs, an import's 100,000 included) reads its random bits in
/// batches that grow: every UUID must still be a version 7 UUID of its time, and none repeat.
@Suite("UUIDs made in batches")
struct UUIDBatchTests {
  @Test("version 7 of the time given, variant 10, none repeated, across batches of every size")
  func versionSevenUnique() {
    let batch = UUIDBatch()
    var seen: Set<String> = []
    let time = Timestamp(millis: 1_764_300_000_123)
    let prefix = String(SystemClock.makeUUID(at: time).prefix(13))
    // 1 + 2 + 4 + … + 1,024: past the largest batch, twice.
    for _ in 0..<5_000 {
      let uuid = batch.make(at: time)
      let chars = Array(uuid)
      #expect(uuid.count == 36 && uuid.hasPrefix(prefix), "\(uuid)")
      #expect(chars[14] == "7" && "89ab".contains(chars[19]), "\(uuid)")
      seen.insert(uuid)
    }
    #expect(seen.count == 5_000)
  }
}
