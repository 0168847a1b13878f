import Foundation

import MemoStorage

/// What `body` writes through a `ByteWriter`, as text: the writer is on a temporary file
/// (removed afterwards), flushed once `body` returns.
func captured(_ body: (ByteWriter) throws -> Void) throws -> String {
  let path = NSTemporaryDirectory() + "captured-\(UUID().uuidString)"
  let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
  defer {
    close(fd)
    unlink(path)
  }
  let out = ByteWriter(fd: fd, name: path)
  try body(out)
  try out.flush()
  return String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
}
