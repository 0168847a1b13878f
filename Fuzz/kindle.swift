// libFuzzer target: Kindle "My Clippings.txt" parsing must never crash, whatever the bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKindle(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  _ = try? KindleClippings.parse(text, name: "fuzz")
  return 0
}
