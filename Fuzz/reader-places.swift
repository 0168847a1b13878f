// libFuzzer target: what the Kobo and Apple Books readers parse from a database's text
// columns — a Kobo date (`KoboDate.parse`), an EPUB CFI or Kobo container path
// (`ReadingPlace`) — and Core Data seconds from the input's first eight bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReaderPlaces(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let date = KoboDate.parse(text) { _ = Timestamp(rfc3339: date.rfc3339) }
  _ = KoboDate.isNoDate(text)
  if let position = ReadingPlace.position(epubCFI: text) { precondition(position >= 0) }
  let steps = ReadingPlace.steps(Substring(text))
  let fraction = ReadingPlace.fraction(steps)
  precondition(fraction >= 0 && fraction < 1)
  if size >= 8 {
    var bits: UInt64 = 0
    for i in 0..<8 { bits = bits << 8 | UInt64(data[i]) }
    _ = CoreDataDate.timestamp(seconds: Double(bitPattern: bits))?.rfc3339
  }
  return 0
}
