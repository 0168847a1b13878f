// libFuzzer target: Goodreads library CSV parsing (and the strict CSV reader under it).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGoodreads(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = GoodreadsLibrary.looksLikeGoodreads(bytes)
  _ = try? GoodreadsLibrary.parse(String(decoding: bytes, as: UTF8.self), name: "fuzz")
  return 0
}
