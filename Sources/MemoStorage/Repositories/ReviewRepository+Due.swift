import MemoCore

/// What is due: the listing of `memo review due` and the rows the session and digest read.
extension ReviewRepository {
  // MARK: - What is due

  /// What is due at `query.at`: recall items lowest retrievability first (new ones, 0, first),
  /// then open questions by due time, then highlights (at most the day's quota less those
  /// reviewed since the day started; starred and on the shelf first, one per book before any
  /// book's second). Columns: `id, kind, due, retrievability, question, post_id, title, item`.
  /// Each part walks an index in due order and stops at its limit: questions never rated are
  /// found through `questions_new_recall` and `questions_new_open`, not by a scan.
  /// - Parameter isCounting: the statement counts what is due by kind instead (`kind,
  ///   count`), the query's limit ignored: no text read, no row sorted.
  func dueListing(
    _ query: ReviewDueQuery, config: ReviewConfig, filter: ResolvedFilter?,
    isCounting: Bool = false
  ) throws -> Statement {
    var query = query
    if isCounting { query.limit = nil }
    let scheduler = ReviewScheduler(config.parameters)
    let condition = SQLCondition.questions(filter ?? ResolvedFilter())
    // Numbered from ?16, so the one text serves every part that repeats it.
    var clause = ""
    var number = 16
    for character in condition.andClause {
      if character == "?" {
        clause += "?\(number)"
        number += 1
      } else {
        clause.append(character)
      }
    }
    // A post's: its id as a literal (an integer), so the parameters keep their numbers.
    if let post = query.postID { clause += " AND q.post_id = \(post.rawValue)" }
    var parts: [String] = []
    let questionKinds = [ReviewKind.recall, .open].filter(query.includes)
    // The question filter's values are bound only where a question part uses them.
    // The rated items: with a limit, the first `limit` in order that are of their question's
    // kind and pass the filter, chosen by `ratedDue` (?11); without one, all of them.
    var rated: String?
    if !questionKinds.isEmpty {
      let kinds = questionKinds.count == 2 ? "" : "AND i.kind = '\(questionKinds[0].rawValue)'"
      if let limit = query.limit {
        rated = try ratedDue(
          at: query.at, limit: limit, kinds: kinds, scheduler: scheduler, clause: clause,
          condition: condition)
        parts.append(Self.ratedChosenPart)
      } else {
        parts.append(Self.ratedPart(kinds: kinds, clause: clause))
      }
    }
    if query.includes(.recall) { parts.append(Self.newRecallPart(clause: clause)) }
    if query.includes(.open) { parts.append(Self.newOpenPart(clause: clause)) }
    // Highlights have no answer and no category: a filter on those leaves them out.
    let highlightFilter = filter ?? ResolvedFilter()
    if query.includes(.highlight), highlightFilter.answered == nil,
      highlightFilter.categories.isEmpty
    {
      parts.append(Self.highlightPart(highlightFilter, post: query.postID))
    }
    if parts.isEmpty { parts.append(Self.noPart) }
    let statement = try database.cachedStatement(
      sql: Self.dueSQL(parts, numberingNew: query.newLimit != nil, isCounting: isCounting))
    try bindDue(
      statement, query: query, config: config, scheduler: scheduler,
      highlightFilter: highlightFilter, rated: rated)
    if !clause.isEmpty, !questionKinds.isEmpty { try condition.bind(to: statement, startingAt: 16) }
    return statement
  }

  /// The rated items `ratedDue` chose (?11), without their text.
  private static let ratedChosenPart = """
    SELECT i.question_id AS id, i.kind AS kind, i.due AS due, \(Self.retrievability),
      NULL AS question, NULL AS post_id, NULL AS title, 0 AS is_new, NULL AS rank
    FROM review_items i WHERE i.question_id IN (SELECT value FROM json_each(?11))
    """

  /// Every rated item due at ?1 of its question's kind (`kinds`: one kind only) that passes
  /// the filter (`clause`), without their text.
  private static func ratedPart(kinds: String, clause: String) -> String {
    """
    SELECT q.id AS id, i.kind AS kind, i.due AS due, \(Self.retrievability),
      NULL AS question, NULL AS post_id, NULL AS title, 0 AS is_new, NULL AS rank
    FROM review_items i JOIN questions q ON q.id = i.question_id
    WHERE i.due <= ?1 AND i.kind = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END
      \(kinds) \(clause)
    """
  }

  /// The recall items never rated, in `questions_new_recall`'s order from where the walk starts
  /// (?12, ?13), at most ?5.
  private static func newRecallPart(clause: String) -> String {
    """
    SELECT * FROM (
      SELECT q.id AS id, 'recall' AS kind, coalesce(q.answered_at, q.created_at) AS due,
        0.0 AS retrievability, q.text AS question, q.post_id AS post_id, p.title AS title,
        1 AS is_new, NULL AS rank
      FROM questions q INDEXED BY questions_new_recall JOIN posts p ON p.id = q.post_id
      WHERE q.answer IS NOT NULL AND coalesce(q.answered_at, q.created_at) <= ?1
        AND coalesce(q.answered_at, q.created_at) >= ?12
        AND (coalesce(q.answered_at, q.created_at) > ?12 OR q.id >= ?13)
        AND NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = q.id
          AND i.kind = 'recall') \(clause)
      ORDER BY coalesce(q.answered_at, q.created_at), q.id LIMIT ?5)
    """
  }

  /// The open questions never rated, a day after they were asked, in `questions_new_open`'s
  /// order from where the walk starts (?14, ?15), at most ?5.
  private static func newOpenPart(clause: String) -> String {
    """
    SELECT * FROM (
      SELECT q.id AS id, 'open' AS kind,
        strftime('%Y-%m-%dT%H:%M:%fZ', q.created_at, '+1 day') AS due,
        NULL AS retrievability, q.text AS question, q.post_id AS post_id, p.title AS title,
        1 AS is_new, NULL AS rank
      FROM questions q INDEXED BY questions_new_open JOIN posts p ON p.id = q.post_id
      WHERE q.answer IS NULL AND q.created_at <= ?6
        AND q.created_at >= ?14 AND (q.created_at > ?14 OR q.id >= ?15)
        AND NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = q.id
          AND i.kind = 'open') \(clause)
      ORDER BY q.created_at, q.id LIMIT ?5)
    """
  }

  /// The highlights due at ?1: at most the day's quota (?8) less those reviewed since the day
  /// started (?7); starred and on the shelf first, one per book before any book's second.
  private static func highlightPart(_ highlightFilter: ResolvedFilter, post: PostID?) -> String {
    var h = ""
    if let starred = highlightFilter.starred { h += " AND h.starred = \(starred ? 1 : 0)" }
    if highlightFilter.since != nil { h += " AND h.created_at >= ?9" }
    if highlightFilter.until != nil { h += " AND h.created_at < ?10" }
    if let post { h += " AND h.post_id = \(post.rawValue)" }
    return """
      SELECT * FROM (
        SELECT id, 'highlight' AS kind, due, NULL AS retrievability, text AS question, post_id,
          title, is_new, row_number() OVER (ORDER BY book_rank, starred DESC, shelf DESC, due, id) AS rank
        FROM (
          SELECT *, row_number() OVER (PARTITION BY post_id
            ORDER BY starred DESC, shelf DESC, due, id) AS book_rank
          FROM (
            SELECT h.id AS id, h.text AS text, h.post_id AS post_id, p.title AS title,
              h.starred AS starred,
              EXISTS (SELECT 1 FROM favorites f WHERE f.post_id = h.post_id) AS shelf,
              CASE WHEN hi.highlight_id IS NULL THEN 1 ELSE 0 END AS is_new,
              CASE WHEN hi.highlight_id IS NULL
                THEN strftime('%Y-%m-%dT%H:%M:%fZ', h.created_at, '+1 day')
                ELSE strftime('%Y-%m-%dT%H:%M:%fZ', hi.last_review, '+' || max(1,
                  hi.wait_days / (1 + h.starred)
                  / (1 + EXISTS (SELECT 1 FROM favorites f WHERE f.post_id = h.post_id)))
                  || ' days') END AS due
            FROM highlights h JOIN posts p ON p.id = h.post_id
            LEFT JOIN highlight_review_items hi ON hi.highlight_id = h.id
            WHERE (hi.highlight_id IS NULL OR hi.state = 'active') \(h)
          ) WHERE due <= ?1
        )
        ORDER BY rank
        LIMIT max(0, ?8 - (SELECT count(*) FROM highlight_review_events
          WHERE reviewed_at >= ?7 AND reviewed_at <= ?1)))
      """
  }

  /// No part: no row, with the columns the statement reads.
  private static let noPart = """
    SELECT NULL AS id, NULL AS kind, NULL AS due, NULL AS retrievability, NULL AS question,
      NULL AS post_id, NULL AS title, 0 AS is_new, NULL AS rank WHERE 0
    """

  /// The statement over the parts: sorted, cut at ?2, the kept rows' text read after the cut;
  /// or the count of each kind.
  private static func dueSQL(_ parts: [String], numberingNew: Bool, isCounting: Bool) -> String {
    let order = "kind = 'highlight', retrievability IS NULL, retrievability, rank, due, id"
    // The parts carry no text where they can help it (the rated items: thousands may be due),
    // so the sort moves small rows; the rows kept get their text after the limit. With --new,
    // the never-rated rows are numbered across the parts and cut at N.
    let union = parts.joined(separator: "\nUNION ALL\n")
    let ranked =
      numberingNew
      ? """
      SELECT * FROM (
        SELECT *, CASE WHEN is_new = 1
          THEN row_number() OVER (PARTITION BY is_new ORDER BY \(order)) END AS nth
        FROM (\(union))
      ) WHERE nth IS NULL OR nth <= ?5
      """
      : union
    if isCounting {
      return """
        SELECT kind, count(*) FROM (\(ranked))
        WHERE ?15 IS ?15 -- every number to ?15 exists whichever parts there are
        GROUP BY kind
        """
    }
    return """
      SELECT id, kind, due, retrievability,
        coalesce(question, (SELECT text FROM questions WHERE id = r.id)) AS question,
        coalesce(post_id, (SELECT post_id FROM questions WHERE id = r.id)) AS post_id,
        coalesce(title, (SELECT p.title FROM questions q JOIN posts p ON p.id = q.post_id
          WHERE q.id = r.id)) AS title,
        CASE WHEN kind = 'highlight' THEN 'h' || id ELSE CAST(id AS TEXT) END AS item
      FROM (
        SELECT * FROM (\(ranked))
        WHERE ?15 IS ?15 -- every number to ?15 exists whichever parts there are
        ORDER BY \(order) LIMIT ?2
      ) r
      ORDER BY \(order)
      """
  }

  /// Binds the due listing's parameters ?1–?15 (the filter's from ?16 are the caller's).
  private func bindDue(
    _ statement: Statement, query: ReviewDueQuery, config: ReviewConfig,
    scheduler: ReviewScheduler, highlightFilter: ResolvedFilter, rated: String?
  ) throws {
    let day = FSRS.dayMillis
    try statement.bind(query.at.rfc3339, at: 1)
    try statement.bind(Int64(query.limit ?? -1), at: 2)
    try statement.bind(scheduler.fsrs.factor, at: 3)
    try statement.bind(scheduler.fsrs.decay, at: 4)
    let newLimit = [query.limit, query.newLimit].compactMap { $0 }.min()
    try statement.bind(Int64(newLimit ?? -1), at: 5)
    try statement.bind(Timestamp(millis: query.at.millis - day).rfc3339, at: 6)
    let dayStart = query.dayStart ?? FSRS.dayStart(of: query.at, utcOffsetSeconds: 0)
    try statement.bind(dayStart.rfc3339, at: 7)
    try statement.bind(Int64(config.highlightsPerDay), at: 8)
    try statement.bind(highlightFilter.since?.rfc3339, at: 9)
    try statement.bind(highlightFilter.until?.rfc3339, at: 10)
    try statement.bind(rated, at: 11)
    // Where the walks for questions never rated start (bound as values: a subquery there
    // would not bound the index's range).
    let from = try database.cachedStatement(
      sql: "SELECT kind, at, question_id FROM review_new_from")
    defer { from.reset() }
    while try from.step() {
      let first: Int32 = from.string(0) == "recall" ? 12 : 14
      try statement.bind(from.string(1), at: first)
      try statement.bind(from.int64(2), at: first + 1)
    }
  }

  /// A rated item's retrievability at ?1 (the forgetting curve's factor ?3, decay ?4); 0 for
  /// a recall item with no stability, NULL for an open question.
  static let retrievability = """
    CASE WHEN i.kind = 'recall' AND i.stability IS NOT NULL THEN
      pow(1 + ?3 * max(0, CAST(round((julianday(?1) - julianday(i.last_review))
        * 86400000) AS INTEGER) / 86400000) / CAST(i.stability AS REAL), ?4)
    WHEN i.kind = 'recall' THEN 0.0 END AS retrievability
    """

  /// The first `limit` rated items due at `time`, in the listing's order, that are of their
  /// question's kind and pass the filter: as a JSON array of question ids. The due ones are
  /// ranked from `review_items_by_due` alone; their questions are read only until `limit`
  /// pass (10,000 due: 20 looked up, not 10,000).
  func ratedDue(
    at time: Timestamp, limit: Int, kinds: String, scheduler: ReviewScheduler, clause: String,
    condition: SQLCondition
  ) throws -> String {
    // The first `candidates` in order (SQLite then keeps only that many while it sorts); if
    // too few of them pass, eight times as many, then all. The order is the listing's
    // (`retrievability IS NULL, retrievability, …`) written with one key where it had two: a
    // retrievability is within 0…1, so NULL as 2 sorts the same, and SQLite evaluates the
    // expression once a row instead of three times (10,000 due: 91 → 60 million instructions).
    let ranked = try database.cachedStatement(
      sql: """
        SELECT i.question_id, i.kind, \(Self.retrievability) FROM review_items i
        WHERE i.due <= ?1 \(kinds)
        ORDER BY coalesce(retrievability, 2.0), i.due, i.question_id LIMIT ?5
        """)
    defer { ranked.reset() }
    let check = try database.cachedStatement(
      sql: """
        SELECT 1 FROM questions q
        WHERE q.id = ?1 AND ?2 = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END
          \(clause)
        """)
    defer { check.reset() }
    var candidates = limit > Int.max - 16 ? Int.max : limit + 16
    while true {
      ranked.reset()
      try ranked.bind(time.rfc3339, at: 1)
      try ranked.bind(scheduler.fsrs.factor, at: 3)
      try ranked.bind(scheduler.fsrs.decay, at: 4)
      try ranked.bind(Int64(candidates), at: 5)
      var ids: [Int64] = []
      var seen = 0
      while ids.count < limit, try ranked.step() {
        seen += 1
        let id = ranked.int64(0)
        check.reset()  // and its bindings
        try check.bind(id, at: 1)
        try check.bind(ranked.string(1), at: 2)
        if !clause.isEmpty { try condition.bind(to: check, startingAt: 16) }
        if try check.step() { ids.append(id) }
      }
      // Enough, or every due item seen.
      if ids.count == limit || seen < candidates { return jsonArray(ids) }
      candidates = candidates > Int.max / 8 ? Int.max : candidates * 8
    }
  }

  /// The earliest due time after `after`, up to `until`, of a question: a schedule of its
  /// question's kind, or a question never rated (answered: when answered; open: a day after it
  /// was asked) — what the due listing at `until` holds after `after`, read as three walks of
  /// an index in due order that each stop at their first row — or of a highlight under review
  /// (its wait shortened by a star and the shelf, `HighlightReviewItem.effectiveWait`; a scan
  /// of the highlights under review, which are few beside the questions).
  public func nextDue(after: Timestamp, until: Timestamp) throws -> Timestamp? {
    let statement = try database.cachedStatement(
      sql: """
        SELECT min(due) FROM (
          SELECT * FROM (
            SELECT i.due AS due FROM review_items i JOIN questions q ON q.id = i.question_id
            WHERE i.due > ?1 AND i.due <= ?2
              AND i.kind = CASE WHEN q.answer IS NULL THEN 'open' ELSE 'recall' END
            ORDER BY i.due LIMIT 1)
          UNION ALL
          SELECT * FROM (
            SELECT coalesce(q.answered_at, q.created_at) AS due
            FROM questions q INDEXED BY questions_new_recall
            WHERE q.answer IS NOT NULL AND coalesce(q.answered_at, q.created_at) > ?1
              AND coalesce(q.answered_at, q.created_at) <= ?2
              AND NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = q.id
                AND i.kind = 'recall')
            ORDER BY coalesce(q.answered_at, q.created_at) LIMIT 1)
          UNION ALL
          SELECT * FROM (
            SELECT strftime('%Y-%m-%dT%H:%M:%fZ', q.created_at, '+1 day') AS due
            FROM questions q INDEXED BY questions_new_open
            WHERE q.answer IS NULL AND q.created_at > ?3 AND q.created_at <= ?4
              AND NOT EXISTS (SELECT 1 FROM review_items i WHERE i.question_id = q.id
                AND i.kind = 'open')
            ORDER BY q.created_at LIMIT 1)
          UNION ALL
          SELECT * FROM (
            SELECT min(due) FROM (
              SELECT strftime('%Y-%m-%dT%H:%M:%fZ', r.last_review,
                '+' || max(r.wait_days / (CASE WHEN h.starred = 1 THEN 2 ELSE 1 END)
                  / (CASE WHEN EXISTS (SELECT 1 FROM favorites f WHERE f.post_id = h.post_id)
                     THEN 2 ELSE 1 END), 1) || ' days') AS due
              FROM highlight_review_items r JOIN highlights h ON h.id = r.highlight_id
              WHERE r.state = 'active' AND r.due IS NOT NULL AND r.last_review IS NOT NULL)
            WHERE due > ?1 AND due <= ?2))
        """)
    defer { statement.reset() }
    let day = FSRS.dayMillis
    try statement.bind(after.rfc3339, at: 1)
    try statement.bind(until.rfc3339, at: 2)
    try statement.bind(Timestamp(millis: after.millis - day).rfc3339, at: 3)
    try statement.bind(Timestamp(millis: until.millis - day).rfc3339, at: 4)
    guard try statement.step(), !statement.isNull(0) else { return nil }
    return Self.time(statement, 0)
  }

  /// How many items of each kind are due at `query.at`, its limit ignored (`dueListing`
  /// counting): kinds with none are left out.
  public func dueCounts(_ query: ReviewDueQuery, filter: ResolvedFilter? = nil) throws
    -> [ReviewKind: Int]
  {
    let statement = try dueListing(query, config: try config(), filter: filter, isCounting: true)
    defer { statement.reset() }
    var counts: [ReviewKind: Int] = [:]
    while try statement.step() {
      if let kind = ReviewKind(rawValue: statement.string(0)) {
        counts[kind] = Int(statement.int64(1))
      }
    }
    return counts
  }

  /// One page of `dueListing`.
  public func due(_ query: ReviewDueQuery, filter: ResolvedFilter? = nil) throws -> [ReviewDueRow] {
    let statement = try dueListing(query, config: try config(), filter: filter)
    defer { statement.reset() }
    var rows: [ReviewDueRow] = []
    while try statement.step() {
      rows.append(
        ReviewDueRow(
          id: QuestionID(statement.int64(0)),
          kind: ReviewKind(rawValue: statement.string(1)) ?? .recall,
          due: Self.time(statement, 2),
          retrievability: statement.isNull(3) ? nil : statement.double(3),
          question: statement.string(4), postID: PostID(statement.int64(5)),
          title: statement.string(6)))
    }
    return rows
  }

  static func time(_ statement: Statement, _ column: Int32) -> Timestamp {
    statement.withUTF8(column) { Timestamp(canonical: $0) }
      ?? Timestamp(rfc3339: statement.string(column)) ?? Timestamp(millis: 0)
  }
}
