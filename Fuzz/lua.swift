// libFuzzer target: the Lua data reader (KOReader sidecars) must never crash, whatever the
// bytes: a clear 65 for anything it cannot read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLua(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  if let value = try? LuaReader.read(UnsafeBufferPointer(start: data, count: size), name: "fuzz"),
    let table = value.table
  {
    _ = table.list.count
  }
  return 0
}
