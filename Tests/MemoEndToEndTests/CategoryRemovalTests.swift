import Testing

@Suite("deleting a category")
struct CategoryRemovalTests {
  @Test("category rm --force takes the name out of the current and saved filters")
  func removalLeavesFilters() throws {
    let box = try Sandbox()
    _ = try box.add("Dune")
    _ = try box.run(["ask", "1", "Why?", "--category", "physics", "--star"])
    _ = try box.run(["filter", "set", "--starred", "--category", "Physics"])
    _ = try box.run(["filter", "save", "s"])
    let removed = try box.run(["category", "rm", "physics", "--force"])
    #expect(removed.status == 0)
    #expect(try box.run(["filter", "show"]).stdout == "--starred\n")
    #expect(try box.run(["filter", "list"]).stdout == "s\t--starred\n")
    #expect(try box.run(["questions"]).stdout.hasPrefix("1\t1\ttrue\tWhy?\t\t"))
  }
}
