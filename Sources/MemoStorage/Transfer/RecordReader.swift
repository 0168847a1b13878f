import MemoCore

#if canImport(Glibc)
  import Glibc
#endif

/// Reads and decodes a JSON Lines import on a thread of its own, a batch of records at a time,
/// while the importing thread writes the records before them: reading and decoding are about
/// a sixth of an import's work, and they need no database.
///
/// The records come out in file order. A line that does not decode (or a read error) ends
/// the reading; its error is thrown by `next()` after every record before it was handed out,
/// so an import fails at the same line, with the same message, as it would reading the file
/// itself. The owner calls `stop()` when done, read to the end or not.
final class RecordReader: @unchecked Sendable {
  /// Records per batch, and batches waiting at most: memory stays flat whatever the file.
  static let batchSize = 256
  static let queueLimit = 8

  private let input: InputFile
  private let name: String
  // State shared by the two threads, only touched with `lock` held.
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  /// Signalled when a batch was queued or the reading ended.
  private let filled = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// Signalled when a batch was taken or the reading was stopped.
  private let drained = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var queue: [[BackupRecord]] = []
  private var failure: (any Error)?
  private var isFinished = false
  private var isStopped = false
  private var thread: pthread_t?

  /// Starts reading `input` on a new thread.
  /// - Throws: `MemoError` `.io` (74) when no thread can be started.
  init(_ input: InputFile, name: String) throws {
    self.input = input
    self.name = name
    pthread_mutex_init(lock, nil)
    pthread_cond_init(filled, nil)
    pthread_cond_init(drained, nil)
    var thread = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()
    let code = pthread_create(
      &thread, nil,
      { context in
        Unmanaged<RecordReader>.fromOpaque(context!).takeRetainedValue().read()
        return nil
      }, context)
    guard code == 0 else {
      Unmanaged<RecordReader>.fromOpaque(context).release()
      throw MemoError(
        code: .io,
        message: "cannot start a thread to read \(name): \(String(cString: strerror(code)))")
    }
    self.thread = thread
  }

  deinit {
    // Only when the owner never called stop(): the thread itself let go last, as it ended.
    if let thread { pthread_detach(thread) }
    pthread_cond_destroy(drained)
    pthread_cond_destroy(filled)
    pthread_mutex_destroy(lock)
    drained.deallocate()
    filled.deallocate()
    lock.deallocate()
  }

  /// The next batch of records, in file order; nil after the last.
  /// - Throws: what reading or decoding threw, after every record before it.
  func next() throws -> [BackupRecord]? {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    while queue.isEmpty && !isFinished { pthread_cond_wait(filled, lock) }
    if !queue.isEmpty {
      pthread_cond_signal(drained)
      return queue.removeFirst()
    }
    if let failure { throw failure }
    return nil
  }

  /// Ends the reading. Once the reading has ended, waits for the thread; before that, lets it
  /// end on its own (at its next batch) rather than wait for it: it may be blocked reading a
  /// pipe that has nothing more to say yet, and the import has failed already. The thread
  /// holds the reader (and its input) until it ends. Safe to call more than once.
  func stop() {
    pthread_mutex_lock(lock)
    isStopped = true
    let hasEnded = isFinished
    pthread_cond_signal(drained)
    pthread_mutex_unlock(lock)
    guard let thread else { return }
    self.thread = nil
    if hasEnded { pthread_join(thread, nil) } else { pthread_detach(thread) }
  }

  /// The reading thread: decodes lines into batches and queues them until the end, an error,
  /// or `stop()`.
  private func read() {
    var batch: [BackupRecord] = []
    batch.reserveCapacity(Self.batchSize)
    var failure: (any Error)?
    do {
      while true {
        if !batch.isEmpty && !input.hasBufferedLine {
          // The next line needs a read, which may wait (a pipe that has nothing more yet):
          // what is decoded goes to the writer first.
          guard enqueue(batch) else { return }
          batch.removeAll(keepingCapacity: true)
        }
        guard let line = try input.nextLine() else { break }
        guard
          let record = try BackupDecoder.record(line: line, number: input.lineNumber, name: name)
        else { continue }
        batch.append(record)
        if batch.count == Self.batchSize {
          guard enqueue(batch) else { return }
          batch.removeAll(keepingCapacity: true)
        }
      }
    } catch {
      failure = error
    }
    if !batch.isEmpty { guard enqueue(batch) else { return } }
    pthread_mutex_lock(lock)
    self.failure = failure
    isFinished = true
    pthread_cond_signal(filled)
    pthread_mutex_unlock(lock)
  }

  /// Queues a batch, waiting while the queue is full. - Returns: false once stopped.
  private func enqueue(_ batch: [BackupRecord]) -> Bool {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    while queue.count >= Self.queueLimit && !isStopped { pthread_cond_wait(drained, lock) }
    guard !isStopped else { return false }
    queue.append(batch)
    pthread_cond_signal(filled)
    return true
  }
}
