// libFuzzer target: decoding a memo export (json) must never crash, whatever the bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBackup(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = try? BackupDecoder.decode(bytes, format: .json, name: "fuzz")
  return 0
}
