import MemoCore

/// Every post by its `BookKey`, read once per import (a scan and a fold of each title and
/// author: 50,000 posts in a few tens of milliseconds) and kept up to date with the posts the
/// import adds. A book matches the oldest post with its key; a book or post that names no
/// author matches by title alone when one book has that title.
final class PostIndex {
  struct Entry {
    var id: Int64
    var author: String
  }
  private var byTitle: [String: [Entry]]?

  func post(for key: BookKey, in database: Database) throws -> Int64? {
    if byTitle == nil { try load(database) }
    guard let entries = byTitle?[key.title] else { return nil }
    if let exact = entries.first(where: { $0.author == key.author }) { return exact.id }
    if key.author.isEmpty {
      let authors = Set(entries.map(\.author))
      return authors.count == 1 ? entries.first?.id : nil
    }
    return entries.first { $0.author.isEmpty }?.id
  }

  func add(_ id: Int64, _ key: BookKey) {
    guard byTitle != nil else { return }
    byTitle?[key.title, default: []].append(Entry(id: id, author: key.author))
  }

  private func load(_ database: Database) throws {
    var index: [String: [Entry]] = [:]
    let statement = try database.makeStatement(sql: "SELECT id, title, author FROM posts ORDER BY id")
    while try statement.step() {
      let key = BookKey(title: statement.string(1), author: statement.text(2))
      index[key.title, default: []].append(Entry(id: statement.int64(0), author: key.author))
    }
    byTitle = index
  }
}
