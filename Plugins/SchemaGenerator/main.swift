import Foundation

// SchemaGenerator SCHEMA_SQL OUTPUT_SWIFT: writes the `Schema` enum, whose `sql` is the
// schema text byte for byte and whose `version` is the N of its last "-- @version N" line.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: SchemaGenerator SCHEMA_SQL OUTPUT_SWIFT\n".utf8))
  exit(64)
}
let sql = try String(contentsOfFile: arguments[1], encoding: .utf8)
guard !sql.contains("\"\"\""), !sql.contains("\\") else {
  FileHandle.standardError.write(
    Data("\(arguments[1]): error: the schema must not hold \"\"\" or backslashes\n".utf8))
  exit(65)
}
let version =
  sql.split(separator: "\n").last { $0.hasPrefix("-- @version ") }
  .flatMap { Int($0.dropFirst("-- @version ".count)) } ?? 1
// The literal's lines start at column 0 and its closing delimiter too: nothing is stripped,
// and the line break before the delimiter is not part of the string.
let swift =
  "/// The schema of a new database: the text of `schema.sql` at the top of the repository,\n"
  + "/// generated into the build by the SchemaPlugin so the binary needs no resource files.\n"
  + "public enum Schema {\n"
  + "  /// The version a database built from `sql` has (`PRAGMA user_version`).\n"
  + "  public static let version: Int32 = \(version)\n\n"
  + "  /// `schema.sql`, byte for byte.\n"
  + "  public static let sql = \"\"\"\n" + sql + "\n\"\"\"\n}\n"
try swift.write(toFile: arguments[2], atomically: true, encoding: .utf8)
