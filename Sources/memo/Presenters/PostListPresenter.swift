import MemoCore

/// `memo list`: a page of posts.
struct PostListPresenter {
  func document(_ posts: [Post], format: OutputFormat) -> Document {
    let presenter = PostPresenter()
    // CSV and TSV are for machines: every column. Tables and plain text: the readable ones.
    let columns = format == .csv || format == .tsv ? PostPresenter.allColumns : PostPresenter.columns
    return Document(columns: columns, records: posts.map(presenter.record))
  }
}
