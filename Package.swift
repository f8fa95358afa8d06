// swift-tools-version:6.0
// The package measures text with real fonts the way UIKit sizes its views, and lays
// views out with a bundled constraint solver. See README.md for the pipeline.
import PackageDescription

let package = Package(
    name: "Intrinsic",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Typesetting", targets: ["Typesetting"]),
        .library(name: "Controls", targets: ["Controls"]),
        .library(name: "ConstraintSolver", targets: ["ConstraintSolver"]),
        .library(name: "AutoLayout", targets: ["AutoLayout"]),
        .library(name: "LayoutFiles", targets: ["LayoutFiles"]),
        .library(name: "Pictures", targets: ["Pictures"]),
        .library(name: "Documents", targets: ["Documents"]),
        .library(name: "Catalogs", targets: ["Catalogs"]),
        .executable(name: "measure", targets: ["measure"]),
        .executable(name: "benchmarks", targets: ["benchmarks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // The only C: system libraries found with pkg-config, and one thin shim over them.
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CICU", pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        // Finding the fonts installed on the system, as Pango does.
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "CTextShim", dependencies: ["CFreeType", "CHarfBuzz", "CICU", "CPNG", "CFontconfig"]),

        // Fonts → shaped runs → break opportunities → lines.
        .target(name: "Typesetting", dependencies: ["CTextShim"]),
        // Every intrinsic-size rule of UIKit's controls (label, button, text view, field, …).
        .target(name: "Controls", dependencies: ["Typesetting"]),
        // Cassowary with Auto Layout priorities. Standard library only; `fma` comes from the C
        // math library, which Linux links only when asked (Tests/Consumers proves it links alone).
        .target(name: "ConstraintSolver", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        // Views, anchors, intrinsic-size constraints, guides, stack views and the layout pass.
        .target(name: "AutoLayout", dependencies: ["Typesetting", "Controls", "ConstraintSolver"]),
        // Reading documents: JSON with positions, YAML with bounded aliases, the shared limits.
        .target(name: "Documents", dependencies: [.product(name: "Yams", package: "Yams")]),
        // Translation catalogs: String Catalogs, .strings, gettext .po.
        .target(name: "Catalogs", dependencies: ["Documents"]),
        // Screens in: layout files (JSON or YAML) and Interface Builder files, built into views
        // and constraints.
        .target(name: "LayoutFiles", dependencies: ["AutoLayout", "Typesetting", "Documents"]),
        // Pictures of a laid-out screen (SVG, PNG); the glyph outlines, bitmaps and PNG encoding
        // it composes come from Typesetting, the only module that reaches the C libraries.
        .target(name: "Pictures", dependencies: ["AutoLayout", "Typesetting"]),

        // The CLI's commands, as a library so fuzz targets and tools in the package can drive them.
        .target(
            name: "MeasureCommands",
            dependencies: [
                "Typesetting", "Controls", "AutoLayout", "LayoutFiles", "Pictures", "Documents", "Catalogs",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "measure", dependencies: ["MeasureCommands"]),
        // Fuzz harnesses (see docs/reliability.md): invariant checks over random inputs, and the
        // `fuzz` tool that replays inputs through them, or, built by scripts/fuzz, runs libFuzzer.
        .target(
            name: "FuzzHarness",
            dependencies: [
                "Typesetting", "Controls", "ConstraintSolver", "AutoLayout", "LayoutFiles", "MeasureCommands",
            ]),
        .executableTarget(name: "fuzz", dependencies: ["FuzzHarness"]),
        .executableTarget(
            name: "benchmarks",
            dependencies: [
                "ConstraintSolver", "Typesetting", "Controls", "AutoLayout", "LayoutFiles", "Pictures",
                "MeasureCommands",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        .testTarget(name: "TypesettingTests", dependencies: ["Typesetting"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ControlsTests", dependencies: ["Controls"]),
        .testTarget(name: "ConstraintSolverTests", dependencies: ["ConstraintSolver"], exclude: ["Fixtures"]),
        .testTarget(name: "AutoLayoutTests", dependencies: ["AutoLayout", "Typesetting"]),
        .testTarget(name: "LayoutFilesTests", dependencies: ["LayoutFiles", "AutoLayout", "Typesetting"]),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "LayoutFiles", "AutoLayout", "Typesetting"]),
        .testTarget(name: "DocumentsTests", dependencies: ["Documents"]),
        .testTarget(name: "CatalogsTests", dependencies: ["Catalogs"]),
        .testTarget(name: "MeasureCLITests", dependencies: ["Typesetting", "MeasureCommands"], exclude: ["Fixtures"]),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: ["FuzzHarness", "MeasureCommands", "Typesetting", "Controls", "AutoLayout"]),
    ],
    swiftLanguageModes: [.v6]
)
