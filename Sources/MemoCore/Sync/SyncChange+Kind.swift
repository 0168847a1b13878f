/// The kinds of record a sync change line carries, and each kind's rules: the fields that
/// merge one by one, which text a line must or may hold, and how a record is keyed.
extension SyncChange {
  public enum Kind: String, CaseIterable, Sendable {
    case post, question, category, favorite
    /// A passage of a book (issue 23), merged field by field like a question.
    case highlight
    case savedFilter = "saved_filter"
    /// A conflict dismissed or restored on a device: every device forgets it.
    case resolution
    /// A rating (issue 25): immutable, keyed by its UUID, so two devices never change the same
    /// one; made, or taken back by undo. Each device replays a question's events in the same
    /// order (`ReviewScheduler.replay`), so all compute the same schedule.
    case reviewEvent = "review_event"
    /// A choice on a highlight (keep / soon / later / discard): immutable like a rating, keyed
    /// by its UUID, replayed in the same order on every device.
    case highlightReviewEvent = "highlight_review_event"

    /// The fields that merge one by one, each with its own stamp, and the row columns each
    /// covers. `times` (when memo made and last changed the record) merges as a field too,
    /// but a concurrent change of it is never a conflict.
    public var fields: [(name: String, columns: [String])] { Self.rules[self]!.fields }

    /// Each kind's fields and checks, made once (a round reads them for every line).
    static let rules: [Kind: Rules] = Dictionary(
      uniqueKeysWithValues: allCases.map { ($0, Rules(kind: $0)) })

    struct Rules {
      let fields: [(name: String, columns: [String])]
      let names: Set<String>
      let requiredText: [String]
      let optionalText: [String]
      let laterText: [String]
      let times: [String]

      init(kind: Kind) {
        fields = kind.fieldTable
        names = Set(fields.map(\.name))
        requiredText = kind.requiredText
        optionalText = kind.optionalText
        laterText = kind.laterText
        times = kind.times
      }
    }

    private var fieldTable: [(name: String, columns: [String])] {
      switch self {
      case .post:
        return [
          ("title", ["title"]), ("author", ["author"]), ("body", ["body"]),
          ("source", ["source"]), ("times", ["created_at", "updated_at"]),
        ]
      case .question:
        return [
          ("text", ["text"]), ("category", ["category"]), ("starred", ["starred"]),
          ("answer", ["answer", "answered_at"]),
          // The passage a question asks about moves with it as part of its place in the book.
          ("times", ["post_uuid", "highlight_uuid", "created_at", "updated_at"]),
        ]
      case .highlight:
        return [
          ("text", ["text"]), ("note", ["note"]), ("starred", ["starred"]),
          ("place", ["location", "page", "chapter", "position"]),
          (
            "times",
            ["post_uuid", "highlighted_at", "source", "source_key", "created_at", "updated_at"]
          ),
        ]
      case .category: return [("times", ["created_at"])]
      case .favorite: return [("place", ["added_at"])]
      case .savedFilter: return [("filter", ["filter"]), ("times", ["created_at", "updated_at"])]
      case .resolution: return [("resolution", ["resolution", "resolved_at"])]
      case .reviewEvent:
        return [
          (
            "event",
            [
              "question_uuid", "kind", "rating", "reviewed_at", "device", "duration_ms",
              "created_at",
            ]
          )
        ]
      case .highlightReviewEvent:
        return [
          (
            "event",
            ["highlight_uuid", "rating", "reviewed_at", "device", "duration_ms", "created_at"]
          )
        ]
      }
    }

    /// Whether a concurrent change of `field` on two devices is a conflict to report.
    public func reportsConflicts(on field: String) -> Bool {
      reportsConflicts && field != "times"
    }

    /// Whether two devices changing such a record unseen by each other is a conflict worth
    /// reporting: a category is only its name and a favorite only a place on the shelf, so
    /// those merge silently (the later still wins).
    public var reportsConflicts: Bool {
      self == .post || self == .question || self == .highlight || self == .savedFilter
    }

    /// A record of this kind in the export (its deletion has a tombstone with a time).
    public var hasTombstone: Bool { self == .post || self == .question || self == .highlight }

    /// The fields a row must have as text (beyond the key field), and those that may be null.
    var requiredText: [String] {
      switch self {
      case .post: return ["title", "created_at", "updated_at"]
      case .question, .highlight: return ["post_uuid", "text", "created_at", "updated_at"]
      case .category: return ["created_at"]
      case .favorite: return ["added_at"]
      case .savedFilter: return ["filter", "created_at", "updated_at"]
      case .resolution: return ["resolution", "resolved_at"]
      case .reviewEvent: return ["question_uuid", "kind", "rating", "reviewed_at", "created_at"]
      case .highlightReviewEvent: return ["highlight_uuid", "rating", "reviewed_at", "created_at"]
      }
    }
    var optionalText: [String] {
      switch self {
      case .post: return ["author", "body", "source"]
      case .question: return ["category", "answer", "answered_at"]
      case .highlight:
        return ["note", "chapter", "page", "location", "highlighted_at", "source", "source_key"]
      case .reviewEvent, .highlightReviewEvent: return ["device"]
      default: return []
      }
    }
    /// Fields added after lines were first written: absent in an older memo's lines (null then).
    var laterText: [String] {
      self == .question ? ["highlight_uuid"] : []
    }
    var times: [String] {
      switch self {
      case .post, .savedFilter: return ["created_at", "updated_at"]
      case .question: return ["created_at", "updated_at", "answered_at"]
      case .highlight: return ["created_at", "updated_at", "highlighted_at"]
      case .category: return ["created_at"]
      case .favorite: return ["added_at"]
      case .resolution: return ["resolved_at"]
      case .reviewEvent, .highlightReviewEvent: return ["reviewed_at", "created_at"]
      }
    }
    /// The row field that holds the key.
    public var keyField: String {
      switch self {
      case .post, .question, .highlight, .reviewEvent, .highlightReviewEvent: return "uuid"
      case .category, .savedFilter: return "name"
      case .favorite: return "post_uuid"
      case .resolution: return "identity"
      }
    }
  }
}
