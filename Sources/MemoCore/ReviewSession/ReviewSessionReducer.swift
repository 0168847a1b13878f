/// `memo review`'s session reducer: keys, ticks and storage's answers become a new state and
/// the storage work to do (one effect at a time: `state.step` says what its answer is for).
/// Pure: the terminal, the database and the clock are elsewhere.
public func reviewSessionReducer(_ state: inout ReviewSession, _ action: ReviewSessionAction)
  -> [Effect]
{
  switch action {
  case .start(let query, let saysFilter):
    state.step = .starting(query, saysFilter: saysFilter)
    return [.lookup(.dataVersion)]
  case .key(let key, let isPasted, let now):
    if isPasted {
      state.handlePasted(key)
      return []
    }
    state.step = .checking(then: .key(key, at: now))
    return [.lookup(.dataVersion)]
  case .perform(let command, let now):
    return act(&state, command, then: .settle(reviewed: state.reviewed, at: now))
  case .tick(let now):
    state.step = .checking(then: .tick(at: now))
    return [.lookup(.dataVersion)]
  case .resize(let width, let height):
    state.width = width
    state.height = height
    return []
  case .finish(let now):
    return finish(&state, at: now)
  case .stored(let answer, let entry):
    return stored(&state, answer, entry: entry)
  }
}

/// Storage's answer to the effect `state.step` waits for.
func stored(_ state: inout ReviewSession, _ answer: Action, entry: Int64?) -> [Effect] {
  switch state.step {
  case .idle:
    return []
  case .starting(let query, let saysFilter):
    if case .browse(.dataVersion(let version)) = answer { state.dataVersion = version }
    state.step = .listing(query.selection, saysFilter: saysFilter)
    return [.review(.listDue(query))]
  case .listing(let selection, let saysFilter):
    switch answer {
    case .review(.listed(let rows)): state.items = rows
    case .failed(let error):
      state.error = error
      state.step = .idle
      return []
    default: break
    }
    state.step = .placing(selection)
    let places = state.items.filter { $0.kind == .highlight }.map {
      Effect.highlights(.load(HighlightID($0.id.rawValue)))
    }
    return places + (saysFilter && selection?.base == .current ? [.filters(.loadCurrent)] : [])
  case .placing(let selection):
    switch answer {
    case .highlights(.loaded(let highlight)):
      state.highlights[highlight.id.rawValue] = HighlightPlace(highlight)
    case .filters(.current(let current)):
      state.message = selection.flatMap { ReviewSession.filterNote(current: current, $0) }
    default: break
    }
    return []
  case .checking(let then):
    guard case .browse(.dataVersion(let version)) = answer, version != state.dataVersion else {
      return proceed(&state, then, changed: false)
    }
    let isFirstLook = state.dataVersion == nil
    state.dataVersion = version
    return isFirstLook ? proceed(&state, then, changed: false) : reread(&state, then: then)
  case .rereading(let then):
    return proceed(&state, then, changed: reread(&state, answer))
  case .acting(let command, let then):
    return acted(&state, command, answer, entry: entry, then: then)
  case .summing(let now):
    state.step = .idle
    var next: Timestamp?
    if case .review(.nextDue(let due?)) = answer { next = due }
    state.summary = state.summary(now: now, nextInDatabase: next)
    return []
  }
}

/// Goes on after storage answered: acts on the key (unless the item it was meant for changed
/// its kind or went away: q, Escape and u are taken all the same), or brings back a comeback.
func proceed(_ state: inout ReviewSession, _ next: ReviewSessionNext, changed: Bool) -> [Effect] {
  state.step = .idle
  switch next {
  case .key(let key, let now):
    if changed, ![.char("q"), .escape, .char("u")].contains(key) { return [] }
    let reviewed = state.reviewed
    return act(&state, state.handle(key), then: .settle(reviewed: reviewed, at: now))
  case .tick(let now):
    state.bringBack(at: now, isShown: true)
  case .settle(let reviewed, let now):
    // After a rating the next item is not on the screen yet: a comeback due goes first.
    state.bringBack(at: now, isShown: state.reviewed <= reviewed)
  case .answerRefused(let message, let reviewed, let now):
    state.input = nil
    if state.message == nil { state.message = message }
    state.bringBack(at: now, isShown: state.reviewed <= reviewed)
  }
  return []
}

/// Reads the item shown again (see `reread(_:_:)`), then goes on with `then`.
func reread(_ state: inout ReviewSession, then: ReviewSessionNext) -> [Effect] {
  guard let item = state.current else { return proceed(&state, then, changed: false) }
  state.step = .rereading(then: then)
  if item.kind == .highlight { return [.highlights(.load(HighlightID(item.id.rawValue)))] }
  return [.questions(.load(item.id))]
}

/// The storage work of what a key asked for (none: it goes on at once).
func act(_ state: inout ReviewSession, _ command: ReviewSessionCommand, then: ReviewSessionNext)
  -> [Effect]
{
  guard case .settle(_, let now) = then else { return [] }
  let effect: Effect
  switch command {
  case .none:
    return proceed(&state, then, changed: false)
  case .quit:
    state.isFinished = true
    return proceed(&state, then, changed: false)
  case .undo:
    guard let last = state.changes.last else {
      state.message = "nothing to undo in this session"
      return proceed(&state, then, changed: false)
    }
    effect = .journal(.undoEntry(last.entry))
  case .reveal:
    guard let item = state.current else { return proceed(&state, then, changed: false) }
    effect = .questions(.load(item.id))
  case .rate(let rating):
    guard let item = state.current else { return proceed(&state, then, changed: false) }
    effect = .review(.rate(item.id, rating, at: now))
  case .choose(let choice):
    guard let item = state.current else { return proceed(&state, then, changed: false) }
    effect = .review(.rateHighlight(HighlightID(item.id.rawValue), choice, at: now))
  case .answer(let text):
    guard let item = state.current else { return proceed(&state, then, changed: false) }
    // Only while it is open: an answer given elsewhere meanwhile is never replaced.
    effect = .questions(.answerOpen(item.id, text))
  }
  state.step = .acting(command, then: then)
  return [effect]
}
