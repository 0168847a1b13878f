import MemoCore

/// What `memo fav` and `unfav` report for machines: the posts they touched, as records (the
/// listings themselves stream through `ListingWriter` with `PostPresenter.layout`).
struct PostListPresenter {
  func document(_ posts: [Post], format: OutputFormat) -> Document {
    let presenter = PostPresenter()
    // CSV and TSV are for machines: every column. Tables and plain text: the readable ones.
    let columns =
      format == .csv || format == .tsv ? PostPresenter.allColumns : PostPresenter.columns
    return Document(columns: columns, records: posts.map(presenter.record))
  }
}
