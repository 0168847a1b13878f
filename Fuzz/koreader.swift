// libFuzzer target: KOReader's files as memo imports them — a sidecar or .annotations.lua
// (KOReaderSidecar over LuaReader, both table shapes) and the exporter's JSON — must never
// crash, whatever the bytes: a clear 65 for anything it cannot read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKOReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = try? KOReaderImport.sidecar(bytes, path: "fuzz.sdr/metadata.epub.lua") {
    $0.timestamp(utcOffsetSeconds: 3600)
  }
  _ = KOReaderImport.looksLikeJSONExport(bytes)
  _ = try? KOReaderImport.jsonExport(bytes, name: "fuzz.json")
  return 0
}
