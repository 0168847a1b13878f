import MemoCore

/// The session's screen: a pure function of the state (header, the book and question, the
/// answer once shown, a message, the keys).
enum ReviewSessionView {
  static func frame(_ session: ReviewSession) -> BrowseFrame {
    let width = max(10, session.width)
    let height = max(4, session.height)
    func fit(_ text: String) -> String { DisplayWidth.truncate(text, to: width) }
    var body: [BrowseLine] = []
    let position =
      session.current == nil
      ? (session.comebacks.isEmpty ? "done" : "waiting")
      : "\(session.index + 1)/\(session.items.count)"
    let header = fit(
      "Review · \(position) · reviewed \(session.reviewed)"
        + (session.current.map { " · " + $0.kind.rawValue } ?? ""))
    var footer: String
    var caret: BrowseFrame.Caret?
    if let item = session.current {
      body.append(BrowseLine(""))
      body += wrap("Book: " + visible(oneLine(item.title)), width: width, indent: "  ")
      let place = item.kind == .highlight ? session.highlights[item.id.rawValue] : nil
      if let place, !place.place.isEmpty {
        body += wrap(visible(oneLine(place.place)), width: width, indent: "  ")
      }
      body.append(BrowseLine(""))
      body += wrap(
        visible(oneLine(item.question)), width: width,
        indent: item.kind == .highlight ? "  │ " : "  ")
      body.append(BrowseLine(""))
      if item.kind == .highlight {
        if let note = place?.note {
          body += wrap("Note: " + visible(oneLine(note)), width: width, indent: "  ")
        }
        footer = "k keep  s soon  l later  x discard  u undo  q quit"
      } else if item.kind == .recall {
        if session.isRevealed {
          body.append(BrowseLine(fit("  Answer:")))
          for paragraph in (session.answer ?? "").split(
            separator: "\n", omittingEmptySubsequences: false)
          {
            body += wrap(visible(String(paragraph)), width: width, indent: "    ")
          }
          footer = "1 again  2 hard  3 good  4 easy  u undo  q quit"
        } else {
          footer = "Space show the answer  u undo  q quit"
        }
      } else {
        body.append(BrowseLine(fit("  (no answer yet)")))
        footer = "a answer  s soon  l later  e eventually  x drop  u undo  q quit"
      }
    } else {
      body += end(session, width: width)
      footer = "u undo  q quit"
    }
    if let input = session.input {
      let prompt = "Answer: "
      footer = prompt + input
      let column = DisplayWidth.of(footer)
      footer = DisplayWidth.truncate(footer, to: width)
      caret = BrowseFrame.Caret(row: height - 1, column: min(column, width - 1))
    }
    // The message above the footer: two lines when it needs them and the window has room.
    var message = session.message.map { wrap(oneLine($0), width: width, indent: "  ") } ?? []
    if message.count > 2 {
      message = [message[0], BrowseLine(fit(message[1].text + " " + message[2].text))]
    }
    if message.count > 1 && height < 8 {
      message = [BrowseLine(fit("  " + oneLine(session.message ?? "")))]
    }
    if message.isEmpty { message = [BrowseLine("")] }
    var lines = [BrowseLine(header, .header)]
    let room = height - 2 - message.count
    lines += body.prefix(room)
    while lines.count < height - 1 - message.count { lines.append(BrowseLine("")) }
    lines += message
    lines.append(BrowseLine(fit(footer), .footer))
    return BrowseFrame(lines: lines, caret: caret)
  }

  /// The body once every item was shown: what still comes back in its learning steps (the
  /// session waits for it), or that nothing was or is left due.
  static func end(_ session: ReviewSession, width: Int) -> [BrowseLine] {
    guard let next = session.nextComeback else {
      let text = session.items.isEmpty ? "  Nothing is due." : "  That was everything due."
      return [BrowseLine(""), BrowseLine(DisplayWidth.truncate(text, to: width))]
    }
    let count = session.comebacks.count
    let what =
      counted(count, "item") + (count == 1 ? " comes back in its" : " come back in their")
      + " learning steps"
    return [BrowseLine("")]
      + wrap(
        "Nothing else is due yet: \(what), the next at \(session.local(next)).",
        width: width, indent: "  ")
  }

  /// `text` in lines of at most `width` columns after `indent`, broken at spaces.
  static func wrap(_ text: String, width: Int, indent: String) -> [BrowseLine] {
    let room = max(1, width - DisplayWidth.of(indent))
    var lines: [String] = []
    var line = ""
    var used = 0
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let w = DisplayWidth.of(String(word))
      if used > 0 && used + 1 + w > room {
        lines.append(line)
        line = ""
        used = 0
      }
      if used > 0 {
        line += " "
        used += 1
      }
      line += word
      used += w
    }
    lines.append(line)
    return lines.map { BrowseLine(DisplayWidth.truncate(indent + $0, to: width)) }
  }
}
