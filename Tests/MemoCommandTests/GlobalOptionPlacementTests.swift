import Testing

@testable import memo

/// Global options go before or after a command's name (README "Global options"): wherever they
/// are typed among the command's names, they move right behind the whole name.
@Suite("global options placed behind the command's name")
struct GlobalOptionPlacementTests {
  @Test(
    "typed between a group's name and its subcommand's, or before both",
    arguments: [
      (["category", "--db", "x.db", "list"], ["category", "list", "--db", "x.db"]),
      (["category", "--db=x.db", "-q", "list"], ["category", "list", "--db=x.db", "-q"]),
      (
        ["review", "--db", "x.db", "config", "set", "fuzz", "off"],
        ["review", "config", "set", "--db", "x.db", "fuzz", "off"]
      ),
      (
        ["review", "config", "--format", "json", "show"],
        ["review", "config", "show", "--format", "json"]
      ),
      (
        ["--db", "a.db", "sync", "-q", "conflicts", "list"],
        ["sync", "conflicts", "list", "--db", "a.db", "-q"]
      ),
      (["--db", "a.db", "add", "Dune"], ["add", "--db", "a.db", "Dune"]),
    ])
  func moved(typed: [String], parsed: [String]) {
    #expect(Arguments.movingGlobalOptions(typed) == parsed)
  }

  @Test(
    "left where they are: after the whole name, or with no subcommand after them",
    arguments: [
      ["category", "list", "--db", "x.db"], ["category", "--db", "x.db"],
      ["add", "--db", "x.db", "Dune"], ["category", "--db", "x.db", "nonsense"],
    ])
  func unmoved(typed: [String]) {
    #expect(Arguments.movingGlobalOptions(typed) == typed)
  }

  @Test("the moved command parses as typed after the name")
  func parses() throws {
    let command = try Arguments.parse(
      Arguments.movingGlobalOptions(["category", "--db", "x.db", "list"]))
    #expect(command is Memo.Category.List)
  }
}
