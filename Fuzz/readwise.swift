// libFuzzer target: Readwise's CSV export (ReadwiseExport over the strict CSVReader): column
// lookup by name, inline tags, dates.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReadwise(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = ReadwiseExport.looksLikeReadwise(bytes)
  _ = try? ReadwiseExport.parse(String(decoding: bytes, as: UTF8.self), name: "fuzz")
  return 0
}
