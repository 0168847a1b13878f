@testable import MemoCore

extension Timestamp {
  static let t0 = Timestamp(millis: 1_767_225_600_000)  // 2026-01-01T00:00:00.000Z
}

extension Post {
  static func fixture(_ id: Int64 = 1, title: String = "Dune") -> Post {
    Post(id: PostID(id), uuid: "u\(id)", title: title, createdAt: .t0, updatedAt: .t0)
  }
}

extension Question {
  static func fixture(_ id: Int64 = 1, post: Int64 = 1, text: String = "Why?") -> Question {
    Question(
      id: QuestionID(id), uuid: "q\(id)", postID: PostID(post), postTitle: "Dune", text: text,
      createdAt: .t0, updatedAt: .t0)
  }
}
