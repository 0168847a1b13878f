// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "memo",
  products: [
    .executable(name: "memo", targets: ["memo"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // exp, pow and log for the review scheduler (FSRS), without Foundation or the C library.
    .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    // Tests only: property-based tests of undo and redo, and of the Kindle parser.
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    // The system libsqlite3 (Debian: libsqlite3-dev), through its C API.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // Pure Swift: models, state, actions, reducers, effects, the store. No I/O.
    .target(name: "MemoCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
    // The only code that calls sqlite3_*: connection, statements, migrations, repositories.
    .target(name: "MemoStorage", dependencies: ["MemoCore", "CSQLite"], plugins: ["SchemaPlugin"]),
    // Build time only: schema.sql becomes MemoStorage's `Schema` enum.
    .executableTarget(name: "SchemaGenerator", path: "Plugins/SchemaGenerator"),
    .plugin(name: "SchemaPlugin", capability: .buildTool(), dependencies: ["SchemaGenerator"]),
    .executableTarget(
      name: "memo",
      dependencies: [
        "MemoCore", "MemoStorage",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "MemoCoreTests",
      dependencies: ["MemoCore", .product(name: "PropertyBased", package: "swift-property-based")],
      // Kindle "My Clippings.txt" files, read through #filePath (also by the end-to-end tests).
      exclude: ["Fixtures"]),
    .testTarget(
      name: "MemoStorageTests",
      dependencies: [
        "MemoStorage", "MemoCore", .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      // Old schemas, read through #filePath by the migration tests.
      exclude: ["Fixtures"]),
    // The command layer in-process: the fast path against argument-parser, the listing writer.
    .testTarget(
      name: "MemoCommandTests",
      dependencies: [
        "memo", "MemoStorage", "MemoCore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // Runs the built binary; reads the database back through MemoStorage.
    .testTarget(name: "MemoEndToEndTests", dependencies: ["MemoCore", "MemoStorage"]),
  ]
)
