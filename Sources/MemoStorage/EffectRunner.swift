import MemoCore

/// Performs effects against the database, each in one transaction, and answers with the
/// result action (or `.failed` with a `MemoError`, having written nothing).
public final class EffectRunner {
  let database: Database
  let clock: () -> Timestamp
  let makeUUID: (Timestamp) -> String
  let posts: PostRepository

  /// - Parameters:
  ///   - clock: the current time (tests pass a fixed one).
  ///   - makeUUID: a new UUID for a record created at the given time.
  public init(
    database: Database, clock: @escaping () -> Timestamp = SystemClock.now,
    makeUUID: @escaping (Timestamp) -> String = SystemClock.makeUUID(at:)
  ) {
    self.database = database
    self.clock = clock
    self.makeUUID = makeUUID
    self.posts = PostRepository(database: database)
  }

  /// Runs one effect. - Returns: the action that reports its result.
  public func run(_ effect: Effect) -> Action {
    do {
      return try perform(effect)
    } catch let error as MemoError {
      return .failed(error)
    } catch let error as SQLiteError {
      return .failed(MemoError(error, path: database.path))
    } catch {
      return .failed(MemoError(code: .io, message: "unexpected error: \(error)"))
    }
  }

  func perform(_ effect: Effect) throws -> Action {
    switch effect {
    case .insertPost(let new):
      return .posts(
        .added(
          try database.inTransaction {
            let now = clock()
            return try posts.insert(new, uuid: makeUUID(now), at: now)
          }))
    case .loadPosts(let query):
      return .posts(.listed(try posts.posts(matching: query)))
    case .loadPost(let id):
      guard let post = try posts.post(id) else { throw MemoError.postNotFound(id) }
      return .posts(.loaded(post))
    case .updatePost(let id, let patch):
      return .posts(.edited(try database.inTransaction { try posts.update(id, with: patch, at: clock()) }))
    case .deletePosts(let ids):
      return .posts(.removed(try database.inTransaction { try posts.delete(ids) }))
    }
  }
}
