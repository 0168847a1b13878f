/// The fuzz of a rating, the same on every machine: a number in [0, 1) drawn from the item's
/// UUID and how many ratings it had before this one (FNV-1a over the bytes, then SplitMix64).
public enum ReviewFuzz {
  public static func value(uuid: String, reviewCount: Int) -> Double {
    value(seed: seed(uuid: uuid), reviewCount: reviewCount)
  }

  /// The hash of the UUID alone, the same for each of an item's ratings: a replay of many
  /// ratings hashes each item's UUID once (`value(seed:reviewCount:)`).
  public static func seed(uuid: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in uuid.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// `value(uuid:reviewCount:)` from the UUID's `seed`.
  public static func value(seed: UInt64, reviewCount: Int) -> Double {
    var hash = seed
    var count = UInt64(truncatingIfNeeded: reviewCount)
    for _ in 0..<8 {
      hash = (hash ^ (count & 0xff)) &* 0x0000_0100_0000_01b3
      count >>= 8
    }
    // SplitMix64's finaliser spreads the hash's bits.
    var z = hash &+ 0x9e37_79b9_7f4a_7c15
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    z ^= z >> 31
    return Double(z >> 11) * 0x1.0p-53
  }
}
