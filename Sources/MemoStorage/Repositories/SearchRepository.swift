import MemoCore

/// Full-text search over the FTS5 indexes that schema.sql's triggers keep in step.
public struct SearchRepository {
  let database: Database

  public init(database: Database) { self.database = database }

  /// The hits for `query`, best first, as one page.
  /// - Throws: `MemoError` `.usage` (64) for a query FTS5 rejects.
  public func search(_ query: SearchQuery) throws -> [SearchResult] {
    let statement = try listing(query)
    defer { statement.reset() }
    var results: [SearchResult] = []
    try Self.translatingErrors(query) {
      while try statement.step() {
        results.append(
          SearchResult(
            kind: SearchQuery.Scope(hitKind: statement.string(0)), id: statement.int64(1),
            postID: PostID(statement.int64(2)), postTitle: statement.string(3),
            snippet: statement.string(4), rank: statement.double(5)))
      }
    }
    return results
  }

  /// The hits for `query`, best first, as a statement bound and ready to step, its columns
  /// kind, id, post_id, post_title, snippet (matches between char(2) and char(3)) and rank.
  /// The caller resets it; a query FTS5 cannot read fails on the first step (see
  /// `translatingErrors`).
  func listing(_ query: SearchQuery) throws -> Statement {
    var text = query.text.trimmingWhitespace()
    // A CJK query is looked for as text, not words: each of its words without the punctuation
    // around it ("「東京タワー」", "猫?"), in any order ("tower 東京").
    let terms = query.hasCJK ? Self.cjkTerms(text) : []
    if terms.count == 1 { text = terms[0] }
    let long = terms.count > 1 ? terms.filter { $0.count >= 3 } : []
    let statement: Statement
    if query.hasNoWords {
      // Emoji and symbols are separators to unicode61: nothing indexes them, so every row is
      // scanned for the text (as for short CJK queries without a gram).
      statement = try database.cachedStatement(sql: Self.scan)
      try statement.bind(text, at: 1)
    } else if query.hasCJK && (text.count < 3 || (terms.count > 1 && long.isEmpty)) {
      // Trigrams need three characters. One or two CJK letters are a term of search_grams;
      // anything else this short (a letter with a digit or a mark) is scanned for. Several
      // words all too short for trigrams (`夏目 漱石`, `東京 猫`): each must be in the hit, the
      // first bound at ?1 (the snippet's), the others at ?5, ?6, …
      let words = terms.count > 1 ? terms : [text]
      if words.allSatisfy(Self.isGram) {
        statement = try database.cachedStatement(
          sql: words.count == 1 ? Self.grams : Self.gramsSQL(words: words.count))
        try statement.bind(words.map { "\"" + $0 + "\"" }.joined(separator: " "), at: 4)
      } else {
        statement = try database.cachedStatement(
          sql: words.count == 1 ? Self.scan : Self.scanSQL(words: words.count))
      }
      try statement.bind(words[0], at: 1)
      for (i, word) in words.dropFirst().enumerated() { try statement.bind(word, at: Int32(i + 5)) }
    } else {
      let table = query.hasCJK ? "search_trigrams" : "search_words"
      // Emoji beside words: each must be in the hit as well (the word index drops them); so
      // must a CJK query's words too short for the trigrams, beside one long enough.
      let symbols =
        long.isEmpty ? query.symbolTerms : terms.filter { $0.count < 3 } + query.symbolTerms
      let holdsSymbols = symbols.indices.map { " AND instr(title || ' ' || text, ?\($0 + 5))" }
      statement = try database.cachedStatement(
        sql: Self.best.replacing("%TABLE%", with: table)
          .replacing("%SYMBOLS%", with: holdsSymbols.joined()))
      let phrases = (long.isEmpty ? [text] : long).map {
        "\"" + $0.replacing("\"", with: "\"\"") + "\""
      }
      try statement.bind(query.hasCJK ? phrases.joined(separator: " ") : query.ftsQuery, at: 1)
      for (i, symbol) in symbols.enumerated() { try statement.bind(symbol, at: Int32(i + 5)) }
      try statement.bind(Self.firstTerm(text), at: 4)
    }
    switch query.scope {
    case .all: try statement.bindNull(at: 2)
    case .posts: try statement.bind("post", at: 2)
    case .questions: try statement.bind("question", at: 2)
    case .highlights: try statement.bind("highlight", at: 2)
    }
    try statement.bind(Int64(query.limit ?? -1), at: 3)
    return statement
  }

  /// Runs `body`, turning FTS5's complaint about the query into a usage error (64).
  static func translatingErrors(_ query: SearchQuery, _ body: () throws -> Void) throws {
    do {
      try body()
    } catch let error as SQLiteError where error.code == 1 /* SQLITE_ERROR */ {
      let reason =
        error.message.hasPrefix("fts5: ") ? String(error.message.dropFirst(6)) : error.message
      throw MemoError.usage(
        "the search '\(query.text.trimmingWhitespace())' is not a valid FTS5 query (\(reason)); put words in double quotes to search for them as they are"
      )
    }
  }

  /// The best hits with their snippets: FTS5 sorts by rank itself and stops at the limit, and
  /// `snippet()` runs for the rows returned only (ordering by a `bm25()` call would make
  /// SQLite sort every match). The post of each hit, and its title, are primary-key lookups
  /// for the rows returned.
  static let best = """
    SELECT s.kind AS kind, s.ref AS id, s.post_id AS post_id,
           (SELECT p.title FROM posts p WHERE p.id = s.post_id) AS post_title,
           s.snippet AS snippet, s.rank AS rank
    FROM (SELECT kind, ref, rank,
            CASE WHEN length(text) > \(longText)
              THEN replace(\(excerpt("text", term: "?4")), ?4, char(2) || ?4 || char(3))
              ELSE snippet(%TABLE%, -1, char(2), char(3), '…', 12) END AS snippet,
            CASE kind WHEN 'post' THEN ref
              WHEN 'question' THEN (SELECT q.post_id FROM questions q WHERE q.id = ref)
              ELSE (SELECT h.post_id FROM highlights h WHERE h.id = ref) END AS post_id
          FROM %TABLE% WHERE %TABLE% MATCH ?1 AND (?2 IS NULL OR kind = ?2)%SYMBOLS%
          ORDER BY rank LIMIT ?3) s
    """

  /// Past this many characters a hit's text gets its snippet from `excerpt` around the query's
  /// first word, not from FTS5's snippet(), whose time grows with the square of the hits in
  /// the text (a 100 KB answer repeating the word took 15 s; 10 MB, hours).
  static let longText = 16_384

  /// The query's first word as the user typed it (no operators, column names or quotes), for
  /// a long text's excerpt; empty when it has none (the excerpt is then the text's start).
  static func firstTerm(_ query: String) -> String {
    let operators: Set<Substring> = ["AND", "OR", "NOT", "NEAR", "title", "text"]
    return query.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
      .first { !operators.contains($0) }.map(String.init) ?? ""
  }

  /// The words of a CJK query, each without the punctuation and symbols around it.
  static func cjkTerms(_ text: String) -> [String] {
    text.split(whereSeparator: \.isWhitespace).compactMap { word in
      let kept = word.drop { $0.isPunctuation || $0.isSymbol }
      let trimmed = kept.reversed().drop { $0.isPunctuation || $0.isSymbol }.reversed()
      return trimmed.isEmpty ? nil : String(trimmed)
    }
  }

  /// Whether `text` is one or two letters that `search_grams` holds as a term: each in the
  /// CJK range of schema.sql's GLOB and a letter (so unicode61 keeps it in a word).
  static func isGram(_ text: String) -> Bool {
    let scalars = text.unicodeScalars
    return (1...2).contains(scalars.count)
      && scalars.allSatisfy { (0x3040...0xFF9F).contains($0.value) && $0.properties.isAlphabetic }
  }

  /// One- or two-letter CJK queries through search_grams: the rows holding the term, each
  /// checked for the text itself (a term can come from a longer word), newest first; the post
  /// and the snippet only for the hits shown.
  static let grams = gramsSQL(words: 1)

  /// `grams` for a query of `words` words: each in the hit (?1, then ?5, ?6, …).
  static func gramsSQL(words: Int) -> String {
    """
    SELECT h.kind AS kind, h.id AS id, h.post_id AS post_id, p.title AS post_title,
           replace(CASE h.k WHEN 0 THEN \(postSnippet("p"))
                     WHEN 1 THEN (SELECT \(questionSnippet("q")) FROM questions q WHERE q.id = h.id)
                     ELSE (SELECT \(highlightSnippet("l")) FROM highlights l WHERE l.id = h.id)
                   END, ?1, char(2) || ?1 || char(3)) AS snippet,
           0.0 AS rank
    FROM (
      SELECT 'post' AS kind, p.id AS id, p.id AS post_id, p.created_at AS created_at, 0 AS k
      FROM search_grams JOIN posts p ON p.id = search_grams.rowid / 2
      WHERE search_grams MATCH ?4 AND search_grams.rowid > 0 AND search_grams.rowid % 2 = 0
        AND (?2 IS NULL OR ?2 = 'post')
        AND \(holds(["p.title", "coalesce(p.author, '')", "coalesce(p.body, '')"], words: words))
      UNION ALL
      SELECT 'question', q.id, q.post_id, q.created_at, 1
      FROM search_grams JOIN questions q ON q.id = search_grams.rowid / 2
      WHERE search_grams MATCH ?4 AND search_grams.rowid > 0 AND search_grams.rowid % 2 = 1
        AND (?2 IS NULL OR ?2 = 'question')
        AND \(holds(["q.text", "coalesce(q.answer, '')"], words: words))
      UNION ALL
      SELECT 'highlight', l.id, l.post_id, l.created_at, 2
      FROM search_grams JOIN highlights l ON l.id = -search_grams.rowid
      WHERE search_grams MATCH ?4 AND search_grams.rowid < 0 AND (?2 IS NULL OR ?2 = 'highlight')
        AND \(holds(["l.text", "coalesce(l.note, '')"], words: words))
      ORDER BY created_at DESC, k, id DESC LIMIT ?3) h
    JOIN posts p ON p.id = h.post_id
    ORDER BY h.created_at DESC, h.k, h.id DESC
    """
  }

  /// Each of a query's `words` words (?1, then ?5, ?6, …) in one of `columns` at least.
  static func holds(_ columns: [String], words: Int) -> String {
    (0..<words).map { word in
      let parameter = word == 0 ? "?1" : "?\(word + 4)"
      return "(" + columns.map { "instr(\($0), \(parameter))" }.joined(separator: " OR ") + ")"
    }.joined(separator: " AND ")
  }

  /// A post hit's snippet for a short CJK query `?1`, shaped as the word index's snippets
  /// are: `title · author` when the match is there, else a stretch of the body around it.
  static func postSnippet(_ p: String) -> String {
    let head = "\(p).title || coalesce(' · ' || \(p).author, '')"
    return "CASE WHEN instr(\(head), ?1) THEN \(head) ELSE \(excerpt("\(p).body")) END"
  }

  /// A question hit's snippet: its text when the match is there, else its answer's.
  static func questionSnippet(_ q: String) -> String {
    "CASE WHEN instr(\(q).text, ?1) THEN \(q).text ELSE \(excerpt("\(q).answer")) END"
  }

  /// A highlight hit's snippet: around the match in its passage, else in its note.
  static func highlightSnippet(_ l: String) -> String {
    "CASE WHEN instr(\(l).text, ?1) THEN \(excerpt("\(l).text")) ELSE \(excerpt("\(l).note")) END"
  }

  /// About 20 characters either side of the first `?1` in `column`, with '…' where it is cut
  /// (FTS5's snippet() gives the word index's hits about a dozen words).
  static func excerpt(_ column: String, term: String = "?1") -> String {
    let at = "instr(\(column), \(term))"
    return """
      (CASE WHEN \(at) > 21 THEN '…' ELSE '' END
       || substr(\(column), max(1, \(at) - 20), 40 + length(\(term)))
       || CASE WHEN length(\(column)) >= \(at) + 20 + length(\(term)) THEN '…' ELSE '' END)
      """
  }

  /// Substring search for one- or two-character CJK queries (too short for trigrams), newest
  /// first; at the same time a post before a question, then the higher id.
  static let scan = scanSQL(words: 1)

  /// `scan` for a query of `words` words: each in the hit (?1, then ?5, ?6, …).
  static func scanSQL(words: Int) -> String {
    """
    SELECT kind, id, post_id, post_title, snippet, rank FROM (
      SELECT 'post' AS kind, p.id AS id, p.id AS post_id, p.title AS post_title,
             replace(\(postSnippet("p")), ?1, char(2) || ?1 || char(3)) AS snippet,
             0.0 AS rank, p.created_at AS created_at, 0 AS k
      FROM posts p
      WHERE (?2 IS NULL OR ?2 = 'post')
        AND \(holds(["p.title", "coalesce(p.author, '')", "coalesce(p.body, '')"], words: words))
      UNION ALL
      SELECT 'question', q.id, q.post_id, p.title,
             replace(\(questionSnippet("q")), ?1, char(2) || ?1 || char(3)),
             0.0, q.created_at, 1
      FROM questions q JOIN posts p ON p.id = q.post_id
      WHERE (?2 IS NULL OR ?2 = 'question')
        AND \(holds(["q.text", "coalesce(q.answer, '')"], words: words))
      UNION ALL
      SELECT 'highlight', l.id, l.post_id, p.title,
             replace(\(highlightSnippet("l")), ?1, char(2) || ?1 || char(3)),
             0.0, l.created_at, 2
      FROM highlights l JOIN posts p ON p.id = l.post_id
      WHERE (?2 IS NULL OR ?2 = 'highlight')
        AND \(holds(["l.text", "coalesce(l.note, '')"], words: words)))
    ORDER BY created_at DESC, k, id DESC LIMIT ?3
    """
  }

  /// The GLOB pattern for text that may hold Chinese, Japanese or Korean letters, as
  /// schema.sql's triggers spell it: one range around every letter `SearchQuery.hasCJK` looks
  /// for (a test holds the three together). Only such text goes into the trigram index.
  static let cjkPattern = "*[\u{3040}-\u{FF9F}]*"

  /// The grams of the text expression `t` for search_grams, as version 9's triggers made them
  /// of a row's joined text: the definition the others are held to (its time grows with the
  /// square of the text's length). memo's bulk indexing calls `memo_grams()` (C, one pass) and
  /// version 21's triggers read each column as bytes (SQL, one pass); tests hold all three equal.
  static func gramsSQL(_ t: String) -> String {
    """
    (SELECT group_concat(substr(t, key + 1, 1) || ' ' || substr(t, key + 1, 2), ' ')
     FROM (SELECT \(t) AS t),
       json_each('[' || replace(printf('%.*c', length(t) - 1, 'x'), 'x', '0,') || '0]')
     WHERE substr(t, key + 1, 1) GLOB '[\u{3040}-\u{FF9F}]')
    """
  }
}
