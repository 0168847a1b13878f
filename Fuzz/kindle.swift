// libFuzzer target: Kindle "My Clippings.txt" parsing must never crash, whatever the bytes:
// the whole file (headers in every language table, dates, placeholders, extended highlights)
// and each line read as a date on its own.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKindle(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let report = try? KindleClippings.read(text, name: "fuzz") {
    for book in report.books { _ = book.clippings.map(\.bodyText) }
  }
  for line in text.split(separator: "\n").prefix(8) { _ = KindleDate.read(String(line)) }
  return 0
}
