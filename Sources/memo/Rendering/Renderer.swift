/// Picks the renderer for a format and writes the document to stdout.
enum Renderer {
  static func render(_ document: Document, as format: OutputFormat, style: Style) -> String {
    switch format {
    case .table: return TableRenderer(style: style).render(document)
    case .plain: return DelimitedRenderer(kind: .plain).render(document)
    case .json: return JSONRenderer().render(document)
    case .jsonl: return JSONRenderer(isLines: true).render(document)
    case .csv: return DelimitedRenderer(kind: .csv).render(document)
    case .tsv: return DelimitedRenderer(kind: .tsv).render(document)
    }
  }

  static func print(_ document: Document, _ context: Context) {
    Output.write(render(document, as: context.format, style: context.style))
  }
}
