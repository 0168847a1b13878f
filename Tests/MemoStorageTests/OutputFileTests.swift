import Foundation
import MemoCore
import Testing

@testable import MemoStorage

@Suite("the output writer: temporary names, a reader going away")
struct OutputFileTests {
  @Test("only memo's .NAME.memo-tmp-PID (and -journal, -wal, -shm) names give a NAME and a PID")
  func temporaryNames() {
    #expect(OutputFile.temporaryParts(".a.json.memo-tmp-123")! == ("a.json", 123))
    #expect(OutputFile.temporaryParts(".m.db.memo-tmp-42-journal")! == ("m.db", 42))
    #expect(OutputFile.temporaryParts(".m.db.memo-tmp-42-wal")! == ("m.db", 42))
    #expect(OutputFile.temporaryParts(".m.db.memo-tmp-42-shm")! == ("m.db", 42))
    #expect(OutputFile.temporaryParts(".x.memo-tmp-1.memo-tmp-7")! == ("x.memo-tmp-1", 7))
    for name in [
      "a.json.memo-tmp-123", ".memo-tmp-123", ".a.memo-tmp-", ".a.memo-tmp-+5", ".a.memo-tmp--5",
      ".a.memo-tmp-0", ".a.memo-tmp-12a", ".a.memo-tmp-5-walrus", ".a.memo-tmp-99999999999",
      ".a.json", ".a.memo-tmp-5-journal-journal", ".a.memo-tmp-5-shm-wal",
    ] {
      #expect(OutputFile.temporaryParts(name) == nil, "\(name)")
    }
    let name = OutputFile.temporaryName(beside: "out/a.json")
    #expect(name == "out/.a.json.memo-tmp-\(getpid())")
  }

  @Test("a pipe's reader going away: quiet for stdout, an error naming the path otherwise")
  func readerGone() throws {
    signal(SIGPIPE, SIG_IGN)
    for what in [nil, "export"] as [String?] {
      var ends: [Int32] = [0, 0]
      #expect(pipe(&ends) == 0)
      close(ends[0])
      let writer = ByteWriter(fd: ends[1], name: "/dev/fd/9", incompleteWhenReaderGone: what)
      writer.write("some bytes")
      #expect(
        throws: what == nil
          ? MemoError.readerGone
          : MemoError(
            code: .io,
            message:
              "cannot write /dev/fd/9: the reader went away after 0 bytes; the export is incomplete"
          )
      ) { try writer.flush() }
      // Never a quiet success afterwards: a named output fails again on its last flush.
      if what != nil {
        #expect(throws: MemoError.self) { try writer.flush() }
      } else {
        #expect(throws: Never.self) { try writer.flush() }
      }
      close(ends[1])
    }
  }
}
