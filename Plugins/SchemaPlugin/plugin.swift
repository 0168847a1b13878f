import Foundation
import PackagePlugin

/// Builds MemoStorage's `Schema.swift` from `schema.sql` at the top of the package, on every
/// build where the file changed: the binary holds the schema text without resource files, and
/// the repository holds it once.
@main
struct SchemaPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let input = context.package.directoryURL.appending(path: "schema.sql")
    let output = context.pluginWorkDirectoryURL.appending(path: "Schema.swift")
    return [
      .buildCommand(
        displayName: "Generating Schema.swift from schema.sql",
        executable: try context.tool(named: "SchemaGenerator").url,
        arguments: [input.path, output.path],
        inputFiles: [input],
        outputFiles: [output])
    ]
  }
}
