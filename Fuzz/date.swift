// libFuzzer target: the DATE parser, with the local offset taken from the first byte.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let offset = (Int(data[0]) - 128) * 900  // -32 h … +32 h in quarter hours
  let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
  let now = Timestamp(millis: 1_798_761_600_000)  // 2027-01-01T00:00:00Z
  if let date = try? DateExpression.parse(text, now: now, utcOffsetSeconds: offset) {
    _ = date.start.rfc3339
    _ = date.end
    _ = Timestamp(rfc3339: date.start.rfc3339)
  }
  return 0
}
