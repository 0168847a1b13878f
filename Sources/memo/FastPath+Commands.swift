import ArgumentParser
import MemoCore

// MARK: - The commands

extension Memo.Add: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    author = try arguments.value("--author")
    body = try arguments.value("--body")
    source = try arguments.value("--source")
    global = try GlobalOptions(scanning: &arguments)
    title = try arguments.positional()
  }
}

extension Memo.Ask: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    category = try arguments.value("--category")
    star = try arguments.flag("--star")
    highlight = try arguments.value("--highlight", as: HighlightID.self)
    global = try GlobalOptions(scanning: &arguments)
    post = try arguments.positional()
    text = try arguments.optionalPositional()
  }
}

extension Memo.List: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    filters = try QuestionFilterOptions(scanning: &arguments)
    favorites = try arguments.flag("--favorites")
    author = try arguments.value("--author")
    sort = try arguments.value("--sort", as: PostQuery.Sort.self) ?? .created
    reverse = try arguments.flag("--reverse")
    since = try arguments.value("--since")
    until = try arguments.value("--until")
    limit = try arguments.value("--limit", as: Int.self)
    offset = try arguments.value("--offset", as: Int.self) ?? 0
    global = try GlobalOptions(scanning: &arguments)
  }
}

extension Memo.Questions: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    filters = try QuestionFilterOptions(scanning: &arguments)
    since = try arguments.value("--since")
    until = try arguments.value("--until")
    post = try arguments.value("--post", as: PostID.self)
    limit = try arguments.value("--limit", as: Int.self)
    offset = try arguments.value("--offset", as: Int.self) ?? 0
    global = try GlobalOptions(scanning: &arguments)
  }
}

extension Memo.Show: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    global = try GlobalOptions(scanning: &arguments)
    post = try arguments.positional(as: PostID.self)
  }
}

extension Memo.Search: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    posts = try arguments.flag("--posts")
    questions = try arguments.flag("--questions")
    highlights = try arguments.flag("--highlights")
    limit = try arguments.value("--limit", as: Int.self)
    all = try arguments.flag("--all")
    global = try GlobalOptions(scanning: &arguments)
    query = try arguments.positional()
  }
}

extension Memo.Star: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    global = try GlobalOptions(scanning: &arguments)
    questions = try arguments.positionals(as: QuestionID.self)
  }
}

extension Memo.Unstar: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    global = try GlobalOptions(scanning: &arguments)
    questions = try arguments.positionals(as: QuestionID.self)
  }
}

extension Memo.Answer: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    global = try GlobalOptions(scanning: &arguments)
    question = try arguments.positional(as: QuestionID.self)
    text = try arguments.positional()
  }
}

extension Memo.Unanswer: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    global = try GlobalOptions(scanning: &arguments)
    question = try arguments.positional(as: QuestionID.self)
  }
}

extension Memo.Review.Rate: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    at = try arguments.value("--at")
    global = try GlobalOptions(scanning: &arguments)
    itemText = try arguments.positional()
    rating = try arguments.positional()
  }
}

extension Memo.Review.Due: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    at = try arguments.value("--at")
    limit = try arguments.value("--limit", as: Int.self)
    newLimit = try arguments.value("--new", as: Int.self)
    open = try arguments.flag("--open")
    recall = try arguments.flag("--recall")
    highlights = try arguments.flag("--highlights")
    filter = try QuestionFilterOptions(scanning: &arguments)
    since = try arguments.value("--since")
    until = try arguments.value("--until")
    post = try arguments.value("--post", as: PostID.self)
    global = try GlobalOptions(scanning: &arguments)
  }
}

extension Memo.Stats: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    global = try GlobalOptions(scanning: &arguments)
  }
}

extension Memo.Export: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    format = try arguments.value("--format", as: ExportFormatArgument.self) ?? .json
    output = try arguments.value("--output")
    since = try arguments.value("--since")
    cursor = try arguments.value("--cursor")
    force = try arguments.flag("--force")
    global = try CommonOptions(scanning: &arguments)
  }
}

extension Memo.Highlights: FastParsable {
  init(scanning arguments: inout ScannedArguments) throws {
    self.init()
    post = try arguments.value("--post", as: PostID.self)
    starred = try arguments.flag("--starred")
    since = try arguments.value("--since")
    limit = try arguments.value("--limit", as: Int.self)
    global = try GlobalOptions(scanning: &arguments)
  }
}
