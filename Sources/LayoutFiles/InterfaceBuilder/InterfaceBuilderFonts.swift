import AutoLayout
import Foundation
import Typesetting

/// How Interface Builder's `<fontDescription>` becomes a `UIFont`: the system font (with a
/// weight, bold or italic), a Dynamic Type text style at the screen's content size category,
/// or a custom font by PostScript name, whose file the document's `<customFonts>` map names
/// and which is searched for under the font folders and the project folder.
struct InterfaceBuilderFonts {
    /// The family `type="system"` (and text styles, and UIKit's private `.SFUI-*` names) resolve
    /// to: the system font, SF Pro when supplied, else Inter with SF Pro's line metrics
    /// (`FontRegistry.systemFont`, docs/system-font.md).
    static func systemFamily() -> String { FontRegistry.systemFamily }

    /// The most files indexed under one folder (a project folder walked by mistake).
    static let maximumIndexedFiles = 200_000

    /// PostScript name → font file name, from `<customFonts>`.
    let fileNames: [String: String]
    /// The folders searched, in order.
    let searchFolders: [String]
    private var index: [String: String]?
    /// PostScript names already resolved (or found missing), so each is reported once.
    private var resolved: [String: String?] = [:]
    /// Custom fonts that were not found, with the file the map names, in the order met.
    private(set) var missing: [(postScriptName: String, fileName: String?, position: SourcePosition)] = []

    init(fileNames: [String: String], searchFolders: [String]) {
        self.fileNames = fileNames
        self.searchFolders = searchFolders
    }

    /// The folder searched for custom fonts besides `--font-dir`: the nearest ancestor of the
    /// IB file, at most 8 levels up, that holds an `.xcodeproj`, `.xcworkspace`,
    /// `Package.swift` or `.git`; without one, the file's own folder.
    static func projectFolder(of path: String) -> String {
        let fileFolder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL
        var folder = fileFolder
        for _ in 0...8 {
            if let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path),
                entries.contains(where: {
                    $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") || $0 == "Package.swift" || $0 == ".git"
                })
            {
                return folder.path
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return fileFolder.path
    }

    /// Folders of dependency managers (CocoaPods, Carthage) whose font files are copies the
    /// app's own files take precedence over.
    static let dependencyFolders: Set<String> = ["pods", "carthage"]

    /// Whether a font file's path lies in a dependency manager's folder.
    static func isDependencyCopy(_ path: String) -> Bool {
        path.lowercased().split(separator: "/").dropLast().contains { dependencyFolders.contains(String($0)) }
    }

    /// File name (lowercased) → path, for every font file under the search folders. Of two
    /// files of one name, the app's own is kept over a copy under `Pods/` or `Carthage/`
    /// (`InterfaceBuilderFontsTests.testTheAppsCopyOfAFontWinsOverAPodsCopy`), else the first
    /// found.
    private mutating func fontFiles() -> [String: String] {
        if let index { return index }
        var found: [String: (path: String, isDependencyCopy: Bool)] = [:]
        for folder in searchFolders {
            for (name, file) in InterfaceBuilderFonts.fontFiles(under: folder) {
                if let existing = found[name], !existing.isDependencyCopy || file.isDependencyCopy { continue }
                found[name] = file
            }
        }
        let paths = found.mapValues(\.path)
        index = paths
        return paths
    }

    /// File name (lowercased) → path and whether it is a dependency's copy, for every font
    /// file under one folder, the app's own before a copy and else the first found. Walked
    /// once per process and folder: the IB files of an app search the same folders, and
    /// walking a large font folder again for each file cost more than laying the file out
    /// (`benchmarks ib`). A font file added under a folder after it was walked is found by
    /// the next process.
    private static func fontFiles(under folder: String) -> [String: (path: String, isDependencyCopy: Bool)] {
        if let known = folderIndexes.withLock({ $0[folder] }) { return known }
        var found: [String: (path: String, isDependencyCopy: Bool)] = [:]
        if let enumerator = FileManager.default.enumerator(atPath: folder) {
            var seen = 0
            for case let relative as String in enumerator {
                seen += 1
                if seen > maximumIndexedFiles { break }
                let lower = relative.lowercased()
                guard lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") else { continue }
                let name = (lower as NSString).lastPathComponent
                let path = (folder as NSString).appendingPathComponent(relative)
                let isCopy = isDependencyCopy(path)
                if let existing = found[name], !existing.isDependencyCopy || isCopy { continue }
                found[name] = (path, isCopy)
            }
        }
        folderIndexes.withLock { $0[folder] = found }
        return found
    }

    /// The folders already walked, by path (`fontFiles(under:)`).
    private static let folderIndexes = Locked<[String: [String: (path: String, isDependencyCopy: Bool)]]>([:])

    /// Whether the registry has a face with this PostScript name.
    private static func registryHas(_ postScriptName: String) -> Bool {
        (try? FontRegistry.shared.face(family: postScriptName)) != nil
    }

    /// Makes a custom font available: the file the `<customFonts>` map names, found under the
    /// search folders (the app's copy over a dependency's), as Xcode does; else a face the
    /// registry already has (bundled or added) by that PostScript name; else a file found by
    /// name. Returns the name to ask the registry for (the PostScript name; the file's path
    /// when another file registered first has that PostScript name; or the face of the mapped
    /// file when that face calls itself otherwise), or nil (recorded once) when it cannot be
    /// found.
    mutating func provide(_ postScriptName: String, at position: SourcePosition) -> String? {
        if let known = resolved[postScriptName] { return known }
        var available = mappedFile(postScriptName)
        if available == nil, InterfaceBuilderFonts.registryHas(postScriptName) { available = postScriptName }
        if available == nil {
            let files = fontFiles()
            var candidates: [String] = []
            if let fileName = fileNames[postScriptName] { candidates.append(fileName.lowercased()) }
            for ext in [".ttf", ".otf"] { candidates.append(postScriptName.lowercased() + ext) }
            for (index, candidate) in candidates.enumerated() {
                guard let path = files[candidate], let faces = try? FontRegistry.shared.addFonts(at: path) else {
                    continue
                }
                if let face = faces.first(where: { $0.postScriptName.lowercased() == postScriptName.lowercased() }) {
                    available = face.postScriptName
                    break
                }
                // The file the map names, whose face has another PostScript name.
                if index == 0, fileNames[postScriptName] != nil, let face = faces.first {
                    available = face.postScriptName
                    break
                }
            }
            // A file named otherwise: every font file whose name shares the family prefix.
            if available == nil {
                let stem = postScriptName.lowercased().split(separator: "-").first.map(String.init) ?? ""
                for (name, path) in files.sorted(by: { $0.key < $1.key }) where !stem.isEmpty && name.hasPrefix(stem) {
                    _ = try? FontRegistry.shared.addFonts(at: path)
                }
                available = InterfaceBuilderFonts.registryHas(postScriptName) ? postScriptName : nil
            }
        }
        resolved[postScriptName] = .some(available)
        if available == nil { missing.append((postScriptName, fileNames[postScriptName], position)) }
        return available
    }

    /// The face of the file `<customFonts>` maps a PostScript name to, when that file is
    /// under the search folders and has the face: its PostScript name, or the file's path when
    /// the registry already knows that name from another file (a dependency's copy, a bundled
    /// font) and the file holds that one face, so that the app's copy is the one measured.
    private mutating func mappedFile(_ postScriptName: String) -> String? {
        guard let fileName = fileNames[postScriptName], let path = fontFiles()[fileName.lowercased()],
            let faces = try? FontRegistry.shared.addFonts(at: path),
            let face = faces.first(where: { $0.postScriptName.lowercased() == postScriptName.lowercased() })
        else { return nil }
        let registered = try? FontRegistry.shared.face(family: face.postScriptName)
        if let registered, registered.path != face.path, faces.count == 1 { return face.path }
        return face.postScriptName
    }

    /// Apple's private names for the system font (`.AppleSystemUIFont`, `.SFUIText-Semibold`),
    /// which IB writes for fonts picked from the system family: the system font at the weight
    /// the name gives.
    static func systemWeight(ofPrivateName name: String) -> FontWeight? {
        guard name.hasPrefix(".AppleSystemUIFont") || name.hasPrefix(".SFUI") || name.hasPrefix(".SFNS") else {
            return nil
        }
        let lower = name.lowercased()
        if lower.contains("emphasized") || lower.hasSuffix("-bold") { return .bold }
        for (weightName, weight) in FontWeight.named where lower.hasSuffix("-" + weightName.lowercased()) {
            return weight
        }
        return .regular
    }

    /// The font a `<fontDescription>` (or `<font>`) element describes, at `category`.
    /// A custom font that cannot be found falls back to the system font at its size.
    mutating func font(
        _ element: XMLTree.Element, category: ContentSizeCategory, defaultSize: CGFloat
    ) -> (font: UIFont, isCustom: Bool) {
        // `<fontDescription>` writes the size as `pointSize`; the `<font key="NSFont">` of an
        // attributed string's fragment writes it as `size`.
        let written = element.attribute("pointSize") ?? element.attribute("size")
        let size = written.flatMap(Double.init).map { CGFloat($0) } ?? defaultSize
        if let style = element.attribute("style"), let textStyle = InterfaceBuilderFonts.textStyle(style) {
            var specification = FontSpecification(textStyle: textStyle, category: category)
            specification.family = InterfaceBuilderFonts.systemFamily()
            return (UIFont(specification), false)
        }
        if let name = element.attribute("name"), element.attribute("type") == nil {
            if let weight = InterfaceBuilderFonts.systemWeight(ofPrivateName: name) {
                return (UIFont(fontName: InterfaceBuilderFonts.systemFamily(), pointSize: size, weight: weight), false)
            }
            if let available = provide(name, at: element.position) {
                return (UIFont(fontName: available, pointSize: size), true)
            }
            let italic = name.lowercased().contains("italic")
            return (UIFont(fontName: InterfaceBuilderFonts.systemFamily(), pointSize: size, isItalic: italic), true)
        }
        var weight = FontWeight.regular
        var italic = false
        switch element.attribute("type") {
        case "boldSystem": weight = .bold
        case "italicSystem": italic = true
        default: break
        }
        if let written = element.attribute("weight"), let parsed = FontWeight(parsing: written) { weight = parsed }
        return (
            UIFont(fontName: InterfaceBuilderFonts.systemFamily(), pointSize: size, weight: weight, isItalic: italic),
            false
        )
    }

    /// `UICTFontTextStyleBody` → body; `…Title0` is the large title, `…Subhead` subheadline.
    static func textStyle(_ name: String) -> TextStyle? {
        let stem = name.hasPrefix("UICTFontTextStyle") ? String(name.dropFirst("UICTFontTextStyle".count)) : name
        switch stem {
        case "Title0": return .largeTitle
        case "Subhead": return .subheadline
        case "Caption1": return .caption1
        case "Caption2": return .caption2
        default: return TextStyle(parsing: stem)
        }
    }
}
