/// A count with its noun in the right number: `counted(1, "file")` is "1 file",
/// `counted(2, "category")` "2 categories". Every message that counts uses it, so no
/// "1 files" can be written (WordsTests scans the sources for a count put before a plural).
public func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
  "\(grouped(count)) \(count == 1 ? noun : plural ?? pluralOf(noun))"
}

/// A number with its thousands grouped, as every message and the progress line write it:
/// 1234567 → "1,234,567".
public func grouped(_ number: Int) -> String {
  let digits = Array(String(number.magnitude))
  var out = number < 0 ? "-" : ""
  for (i, digit) in digits.enumerated() {
    if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
    out.append(digit)
  }
  return out
}

/// The regular English plural: "category" → "categories", "entry" → "entries", else + "s".
public func pluralOf(_ noun: String) -> String {
  if noun.hasSuffix("y"), let before = noun.dropLast().last, !"aeiou".contains(before) {
    return noun.dropLast() + "ies"
  }
  return noun + "s"
}
