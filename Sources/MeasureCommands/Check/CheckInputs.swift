import Foundation

/// What `measure check` was given, sorted out: the IB files (named, or found under a
/// folder), the catalogs, and the folder reports' relative paths start from.
struct CheckInputs {
    /// Storyboards and XIBs, named or found, in the order named (those found in a folder sorted).
    var interfaceFiles: [String] = []
    /// Catalogs (`.xcstrings`, `.strings`, `.po`) named.
    var catalogFiles: [String] = []
    /// The folder checked when one folder was given (SARIF's `%SRCROOT%`).
    var folder: String?

    /// Folders under a folder checked that hold build products or other projects' code, never
    /// the app's own files (docs/interface-builder-check.md, *Checking a whole app*).
    static let skippedFolders: Set<String> = [
        "Pods", "Carthage", ".build", "DerivedData", "SourcePackages", "build", "node_modules",
    ]
    /// The deepest folder searched below a folder given.
    static let maximumDepth = 64
    /// The most IB files one folder may hold.
    static let maximumFiles = 100_000

    /// Sorts the arguments: a folder is searched for storyboards and XIBs (skipping
    /// ``skippedFolders``, hidden folders and symlink cycles); a file is an IB file or a catalog
    /// by its extension.
    ///
    /// - Throws: exit 66 for a folder that holds no storyboard or XIB.
    static func sort(_ arguments: [String]) throws(RequestError) -> CheckInputs {
        var inputs = CheckInputs()
        var folders: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue {
                folders.append(argument)
                let found = try interfaceFiles(under: argument)
                guard !found.isEmpty else {
                    throw RequestError(
                        kind: "noInterfaceFiles",
                        "no storyboard or XIB under '\(argument)' (skipping \(skippedFolders.sorted().joined(separator: ", ")) and hidden folders)",
                        exitCode: 66)
                }
                for file in found where !inputs.interfaceFiles.contains(file) { inputs.interfaceFiles.append(file) }
            } else if InterfaceBuilderCheck.isInterfaceBuilderFile(argument) {
                if !inputs.interfaceFiles.contains(argument) { inputs.interfaceFiles.append(argument) }
            } else if !inputs.catalogFiles.contains(argument) {
                inputs.catalogFiles.append(argument)
            }
        }
        if folders.count == 1 { inputs.folder = folders[0] }
        return inputs
    }

    /// The storyboards and XIBs below a folder, sorted, named from the folder as given
    /// (`App/Base.lproj/Main.storyboard`).
    static func interfaceFiles(under folder: String) throws(RequestError) -> [String] {
        var found: [String] = []
        var visited = Set<String>()
        var tooMany = false
        func walk(_ path: String, depth: Int) {
            let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard depth <= maximumDepth, !tooMany, visited.insert(real).inserted,
                let names = try? FileManager.default.contentsOfDirectory(atPath: path)
            else { return }
            for name in names.sorted() {
                let child = path == "." ? name : (path as NSString).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    guard !name.hasPrefix("."), !skippedFolders.contains(name) else { continue }
                    walk(child, depth: depth + 1)
                } else if InterfaceBuilderCheck.isInterfaceBuilderFile(name) {
                    found.append(child)
                    if found.count > maximumFiles { tooMany = true }
                }
            }
        }
        walk(folder, depth: 0)
        guard !tooMany else {
            throw RequestError(
                kind: "tooManyFiles", "'\(folder)' holds more than \(maximumFiles) storyboards and XIBs", exitCode: 65)
        }
        return found
    }

    /// The catalogs named beside IB files (without a spec), each given to the IB files of its
    /// name: `Main.xcstrings` and `de.lproj/Main.strings` to `Main.storyboard`.
    ///
    /// - Throws: exit 64 for a catalog whose name no IB file has: it would otherwise be
    ///   ignored.
    func catalogsByInterfaceFile() throws(RequestError) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for catalog in catalogFiles {
            let stem = Self.stem(catalog)
            let matches = interfaceFiles.filter { Self.stem($0) == stem }
            guard !matches.isEmpty else {
                let names = interfaceFiles.map { ($0 as NSString).lastPathComponent }
                throw RequestError(
                    kind: "unmatchedCatalog",
                    "'\(catalog)' is named after no storyboard or XIB given (\(names.joined(separator: ", "))): beside IB files a catalog applies to the file of its name (\(stem).xcstrings to \(stem).storyboard); check catalogs on their own with --spec"
                )
            }
            for file in matches { result[file, default: []].append(catalog) }
        }
        return result
    }

    /// A file's name without its folder and extension.
    static func stem(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}
