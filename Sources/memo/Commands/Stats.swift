import ArgumentParser
import MemoCore

extension Memo {
  /// `memo stats`.
  struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Counts, a calendar of the last 52 weeks of reading, and the top categories.",
      discussion: Help.text(
        """
        The calendar has a column per week and a row per weekday, shaded by how many posts and
        questions were added that day (local time). --format json gives the same numbers.

        Examples:
          memo stats
          memo stats --format json | jq .questions
        """))

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = try Context(global)
      let request = StatsRequest(now: context.now, utcOffsetSeconds: context.style.utcOffsetSeconds)
      let state = try context.dispatch(.stats(request))
      guard let stats = state.stats else { return }
      StatsPresenter.print(stats, context)
    }
  }
}
