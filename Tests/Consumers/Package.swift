// swift-tools-version:6.0
// A consumer of every library product of Intrinsic: one executable per product, each depending
// on that product alone, so CI (scripts/consumer-check, run by scripts/test) proves that every
// product links by itself. The executables hold the README's library examples verbatim
// (ReadmeExamplesTests checks that every Swift block of the README is in one of them).
import PackageDescription

let products = [
    "Typesetting", "Controls", "ConstraintSolver", "AutoLayout", "LayoutFiles", "Pictures", "Documents", "Catalogs",
]

let package = Package(
    name: "IntrinsicConsumers",
    platforms: [.macOS(.v15)],
    // A path dependency's package identity is its folder name, whatever the clone is called
    // ("Intrinsic", "main", a worktree's name); naming it makes `package: "Intrinsic"` hold.
    dependencies: [.package(name: "Intrinsic", path: "../..")],
    targets: products.map { product in
        .executableTarget(
            name: "Uses\(product)", dependencies: [.product(name: product, package: "Intrinsic")])
    },
    swiftLanguageModes: [.v6]
)
