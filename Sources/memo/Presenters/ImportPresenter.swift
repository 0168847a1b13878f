import MemoCore
import MemoStorage

/// What `memo import` prints: its summary, through the one output path. A table and plain text
/// print the sentence (`7 added, 0 updated, …`); JSON one pretty object and JSON Lines one
/// compact line, the reader's skipped counts nested under `skipped`; CSV and TSV a header and
/// a line, the skipped counts flattened (`skipped_bookmarks`, …). A count that is usually zero
/// and names something rare (deletions not applied, joined rows, appended reviews, unreadable
/// files) is a field only when it is not, as the sentence names it only then.
enum ImportPresenter {
  static func print(_ summary: ImportSummary, _ context: Context) {
    switch context.format {
    case .table, .plain:
      // A dry run prints what it would do even when quiet: that is all it does.
      if !context.isQuiet || summary.isDryRun { Output.line(summary.description) }
    case .json, .jsonl:
      let (layout, row) = record(summary, flat: false)
      context.print([row], layout, single: true)
    case .csv, .tsv:
      let (layout, row) = record(summary, flat: true)
      context.print([row], layout, single: true)
    }
  }

  /// The summary as one row and its layout; `flat`: the skipped counts as fields of their own
  /// (`skipped_bookmarks`), not an object nested under `skipped`.
  static func record(_ summary: ImportSummary, flat: Bool) -> (Layout, Row) {
    var fields: [(Field, RowValue)] = [
      (Field("added", .int), .count(summary.added)),
      (Field("updated", .int), .count(summary.updated)),
      (Field("unchanged", .int), .count(summary.unchanged)),
      (Field("deleted", .int), .count(summary.deleted)),
      (Field("dry_run", .bool), .bool(summary.isDryRun)),
    ]
    if summary.deletionsKept > 0 {
      fields.append((Field("deletions_not_applied", .int), .count(summary.deletionsKept)))
    }
    if summary.joined > 0 { fields.append((Field("joined", .int), .count(summary.joined))) }
    if summary.reviewsAppended > 0 {
      fields.append((Field("reviews_appended", .int), .count(summary.reviewsAppended)))
    }
    if let clippings = summary.clippings { fields += self.clippings(clippings, flat: flat) }
    let layout = Layout(fields.map(\.0))
    return (layout, layout.row(fields.map(\.1)))
  }

  /// A reader's counts: what became of its clippings, then what was skipped.
  private static func clippings(_ c: ClippingSummary, flat: Bool) -> [(Field, RowValue)] {
    var skipped: [(String, Int)] = [
      ("bookmarks", c.bookmarks), ("placeholders", c.placeholders), ("duplicates", c.duplicates),
      ("deleted_on_device", c.deleted), ("books_deleted_here", c.booksDeletedHere),
      ("incomplete", c.incomplete), ("empty", c.empty), ("without_header", c.headerless),
    ]
    // Only a folder's import has files to skip.
    if c.unreadableFiles > 0 { skipped.append(("unreadable_files", c.unreadableFiles)) }
    let counts: [(String, Int)] = [
      ("books", c.books), ("new_books", c.newBooks), ("highlights", c.highlights),
      ("notes", c.notes), ("questions", c.questions), ("replaced", c.replaced),
      ("changed_on_device", c.updated), ("kept_edited", c.keptEdited),
    ]
    var fields = counts.map { (Field($0.0, .int), RowValue.count($0.1)) }
    if flat {
      fields += skipped.map { (Field("skipped_" + $0.0, .int), RowValue.count($0.1)) }
    } else {
      let inner = Layout(skipped.map { Field($0.0, .int) })
      fields.append(
        (Field("skipped", .object(inner)), .row(inner.row(skipped.map { .count($0.1) }))))
    }
    fields.append((Field("unreadable", .int), .count(c.unreadable)))
    return fields
  }
}
