/// A count with its noun in the right number: `counted(1, "file")` is "1 file",
/// `counted(2, "category")` "2 categories". Every message that counts uses it, so no
/// "1 files" can be written (WordsTests scans the sources for a count put before a plural).
public func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
  "\(count) \(count == 1 ? noun : plural ?? pluralOf(noun))"
}

/// The regular English plural: "category" → "categories", "entry" → "entries", else + "s".
public func pluralOf(_ noun: String) -> String {
  if noun.hasSuffix("y"), let before = noun.dropLast().last, !"aeiou".contains(before) {
    return noun.dropLast() + "ies"
  }
  return noun + "s"
}
