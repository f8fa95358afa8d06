import Foundation

/// The fonts the engine knows: the bundled `Fonts/` folder, whatever a user adds, and (unless
/// turned off) the fonts installed on the system, found through fontconfig.
///
/// Faces are found by family name (or PostScript name) plus weight and italic, or by file
/// path. The registry also decides the fallback order for text the primary face does not
/// cover (`LanguageFonts`). An installed face is opened only when a family it belongs to is
/// asked for, or the fallback needs it: fontconfig's list is read once per process, on the
/// first such need. It is safe to use from several threads.
public final class FontRegistry: Sendable {
    private struct State {
        var faces: [FontFace] = []
        var byPath: [String: [FontFace]] = [:]
        /// Faces added one at a time (`addFace(_:index:)`), by "path#index", as listed.
        var byFace: [String: [FontFace]] = [:]
        var scanned: Set<String> = []
        /// Faces by lowercased family, in the order added.
        var byFamily: [String: [FontFace]] = [:]
        /// The first face with a lowercased PostScript name or "Family Style".
        var byFullName: [String: FontFace] = [:]

        mutating func index(_ added: [FontFace]) {
            faces += added
            for face in added {
                byFamily[face.family.lowercased(), default: []].append(face)
                for name in [face.postScriptName, "\(face.family) \(face.style)"] {
                    let key = name.lowercased()
                    if byFullName[key] == nil { byFullName[key] = face }
                }
            }
        }
    }

    /// The extensions of the font files the registry reads.
    static let fontFileExtensions = [".ttf", ".otf", ".ttc", ".otc"]

    /// Whether a font name is read as a file path: it has a "/" or a font file's extension.
    public static func isFontPath(_ name: String) -> Bool {
        // A Character: `contains` with a String is Foundation's, a slow search.
        if name.contains("/" as Character) { return true }
        let lower = name.lowercased()
        return fontFileExtensions.contains(where: { lower.hasSuffix($0) })
    }

    private let state = Locked(State())
    /// Set once the registry has given out the system font's stand-in.
    let standInUsed = Locked(false)
    /// Fallback orders worked out for this registry's text (they live as long as it does).
    let fallbackOrders = FallbackOrders()

    /// The registry with the bundled fonts, shared by the whole process.
    public static let shared: FontRegistry = FontRegistry()

    /// The bundled family that stands in for the system font when SF Pro is not installed:
    /// Inter, the closest open match (`systemFont(size:weight:italic:design:)`). The font used
    /// when none is named is the system font (`systemFamily`), as in UIKit.
    public static let defaultFamily = "Inter"

    /// Whether the registry opens installed faces (found through fontconfig) when a family it
    /// lacks is asked for, or no face it has draws a character.
    public let usesInstalledFonts: Bool
    /// What the registry learned about the installed fonts.
    let installed = Locked(InstalledUse())

    /// Creates a registry. With `includeBundledFonts` it starts with the faces in the
    /// bundled `Fonts/` directory (see `bundledFontsDirectory`) and the folders of
    /// `INTRINSIC_FONT_PATH`. `includeInstalledFonts` lets it open the fonts installed on the
    /// system as it needs them; by default it does so with the bundled fonts, unless
    /// `INTRINSIC_SYSTEM_FONTS` is "0".
    public init(includeBundledFonts: Bool = true, includeInstalledFonts: Bool? = nil) {
        usesInstalledFonts = includeInstalledFonts ?? (includeBundledFonts && InstalledFonts.enabledByEnvironment)
        if includeBundledFonts, let directory = FontRegistry.bundledFontsDirectory {
            _ = try? addFonts(at: directory)
        }
        // The user's fonts (SF Pro, say) for every run: folders that do not exist are skipped.
        if includeBundledFonts {
            for directory in FontRegistry.fontPathFromEnvironment { _ = try? addFonts(at: directory) }
        }
    }

    /// Where the bundled fonts are: `$INTRINSIC_FONTS_DIR` if set, else a `Fonts/` folder next to
    /// the executable or one or two levels above it, else the package's own `Fonts/`.
    public static var bundledFontsDirectory: String? {
        var candidates: [String] = []
        if let custom = ProcessInfo.processInfo.environment["INTRINSIC_FONTS_DIR"], !custom.isEmpty {
            candidates.append(custom)
        }
        var directory = executableFile.deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(directory.appendingPathComponent("Fonts").path)
            candidates.append(directory.appendingPathComponent("share/intrinsic/Fonts").path)
            directory = directory.deletingLastPathComponent()
        }
        // Sources/Typesetting/Fonts/FontRegistry.swift → package root.
        let source = URL(fileURLWithPath: #filePath)
        candidates.append(
            source.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Fonts").path)
        var isDirectory: ObjCBool = false
        return candidates.first {
            FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && isDirectory.boolValue
                && FileManager.default.fileExists(atPath: $0 + "/Inter")
        }
    }

    /// The running executable, symlinks resolved: `/proc/self/exe` (the file the kernel ran,
    /// however it was named: a bare name found on `PATH`, or a symlink such as
    /// `~/.local/bin/measure`), else `argv[0]` resolved against the current directory.
    /// `MeasureUsageTests.testTheBundledFontsAreFoundThroughASymlinkOnPath` pins it.
    static var executableFile: URL {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
            target.hasPrefix("/")
        {
            return URL(fileURLWithPath: target).resolvingSymlinksInPath()
        }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
    }

    /// The font files below `path`, following symlinks (a symlinked font folder, or a link to
    /// a font inside one); each real folder is read once, so a link cycle ends, and at most 32
    /// levels deep. `FileManager`'s enumerator does not follow a symlinked root on Linux.
    static func fontFiles(under path: String) -> [String] {
        var files: [String] = []
        var visited: Set<String> = []
        func walk(_ folder: String, depth: Int) {
            let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
            guard depth < 32, visited.insert(real).inserted,
                let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
            else { return }
            for name in names.sorted() {
                let child = (folder as NSString).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    walk(child, depth: depth + 1)
                } else if fontFileExtensions.contains(where: { name.lowercased().hasSuffix($0) }) {
                    files.append(child)
                }
            }
        }
        walk(path, depth: 0)
        return files
    }

    /// Adds a font file (.ttf, .otf, .ttc, .otc; every face of a collection) or every font file
    /// below a directory (symlinks followed). Returns the faces added. Files already added are skipped.
    ///
    /// - Throws: `fontPathNotFound` for a missing path; `unreadableFont` for a single file
    ///   that is not a valid font. Broken files inside a directory are skipped.
    @discardableResult
    public func addFonts(at path: String) throws(TypesettingError) -> [FontFace] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fontPathNotFound(path: path)
        }
        if !isDirectory.boolValue {
            return try addFile(path)
        }
        var added: [FontFace] = []
        for file in FontRegistry.fontFiles(under: path).sorted() {
            if let faces = try? addFile(file) { added += faces }
        }
        return added
    }

    private func addFile(_ path: String) throws(TypesettingError) -> [FontFace] {
        let key = URL(fileURLWithPath: path).standardizedFileURL.path
        let (existing, single) = state.withLock { ($0.byPath[key], $0.byFace) }
        if let existing { return existing }
        // Faces already added one at a time are kept, not opened again.
        func open(_ index: Int) throws(TypesettingError) -> (faces: [FontFace], new: Bool) {
            if let known = single["\(key)#\(index)"] { return (known, false) }
            return (FontRegistry.listed(try FontFace(path: key, index: index)), true)
        }
        let first = try open(0)
        var faces = first.faces
        var added = first.new ? first.faces : []
        let count = first.faces.first?.faceCount ?? 1
        if count > 1 {
            for index in 1..<min(count, 64) {
                guard let opened = try? open(index) else { continue }
                faces += opened.faces
                if opened.new { added += opened.faces }
            }
        }
        return state.withLock { state in
            if let existing = state.byPath[key] { return existing }
            state.byPath[key] = faces
            state.index(added)
            return faces
        }
    }

    /// Adds face `index` of a font file alone (its named instances, for a variable face): an
    /// installed collection's one face the fallback needs, without opening its others (each
    /// face reads the file; Noto Sans CJK has ten in 19 MB). Returns the faces, as listed.
    func addFace(_ path: String, index: Int) throws(TypesettingError) -> [FontFace] {
        let key = URL(fileURLWithPath: path).standardizedFileURL.path
        let faceKey = "\(key)#\(index)"
        let (whole, single) = state.withLock { ($0.byPath[key], $0.byFace[faceKey]) }
        if let whole { return whole.filter { $0.index == index } }
        if let single { return single }
        let faces = FontRegistry.listed(try FontFace(path: key, index: index))
        return state.withLock { state in
            if let whole = state.byPath[key] { return whole.filter { $0.index == index } }
            if let single = state.byFace[faceKey] { return single }
            state.byFace[faceKey] = faces
            state.index(faces)
            return faces
        }
    }

    /// The faces a file's face is listed as: a variable face's named instances (as Core Text
    /// lists them), else the face itself.
    static func listed(_ face: FontFace) -> [FontFace] {
        let named = face.namedInstances.prefix(64).compactMap {
            try? face.instance($0.coordinates, style: $0.name)
        }
        return named.isEmpty ? [face] : named
    }

    /// `face` with a variable font's axes set for `weight` and `italic`, where the face does not
    /// already have them: 'wght' at the weight (the OpenType scale that `FontWeight` is, on
    /// which UIKit's named weights sit at 100…900), clamped to the axis; for italic, 'ital' at 1,
    /// else 'slnt' at its most slanted end. A named instance at the weight is found first by
    /// `bestMatch`, so this only makes weights the font does not name. A static face is
    /// returned as it is.
    public static func varied(_ face: FontFace, weight: FontWeight, italic: Bool) -> FontFace {
        guard face.isVariable else { return face }
        var settings: [String: Double] = [:]
        if let axis = face.axis("wght"), face.weight != weight {
            settings["wght"] = axis.clamp(Double(weight.value))
        }
        if italic && !face.isItalic {
            if let axis = face.axis("ital") {
                settings["ital"] = axis.clamp(1)
            } else if let axis = face.axis("slnt"), axis.minimum < 0 {
                settings["slnt"] = axis.minimum
            }
        }
        guard !settings.isEmpty else { return face }
        return (try? face.instance(settings)) ?? face
    }

    /// Every face known, in the order added.
    public var faces: [FontFace] { state.withLock { $0.faces } }

    /// The faces of each family (names in any case), in the order added; empty for a family
    /// the registry does not have. One lock for the whole list.
    func members(ofFamilies names: [String]) -> [[FontFace]] {
        let keys = names.map { $0.lowercased() }
        return state.withLock { state in keys.map { state.byFamily[$0] ?? [] } }
    }

    /// The family names known, sorted.
    public var families: [String] {
        Array(Set(faces.map(\.family))).sorted()
    }

    /// The face of `family` closest to `weight` and `italic`. `family` may also be a PostScript
    /// name ("Inter-SemiBold") or "Family Style" ("Inter Semi Bold"). Case does not matter.
    ///
    /// - Throws: `fontNotFound`, listing the available families.
    public func face(family: String, weight: FontWeight = .regular, italic: Bool = false) throws(TypesettingError)
        -> FontFace
    {
        let wanted = family.lowercased()
        let (members, exact) = state.withLock { ($0.byFamily[wanted], $0.byFullName[wanted]) }
        if let members, !members.isEmpty {
            return FontRegistry.varied(
                FontRegistry.bestMatch(in: members, weight: weight, italic: italic), weight: weight, italic: italic)
        }
        if let exact { return exact }
        // An installed family, opened on first use (`--font "Noto Sans Tamil"`).
        let installed = installedFaces(ofFamily: family)
        if !installed.isEmpty {
            return FontRegistry.varied(
                FontRegistry.bestMatch(in: installed, weight: weight, italic: italic), weight: weight, italic: italic)
        }
        throw .fontNotFound(name: family, available: families)
    }

    /// The face at a file path (added to the registry on first use), closest to `weight` and
    /// `italic`: of a variable font, the named instance at the weight, else the font varied to
    /// it (see `varied(_:weight:italic:)`); of a static font, the face itself. A directory is
    /// refused: which of its faces to use would be arbitrary (`measure --font` and a layout
    /// file's `font` give the same error; `LayoutDocumentTests.testADirectoryAsAViewsFontIsAnError`).
    public func face(path: String, index: Int = 0, weight: FontWeight = .regular, italic: Bool = false)
        throws(TypesettingError) -> FontFace
    {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .unreadableFont(
                path: path,
                reason: "it is a directory; pass a font file, or add the directory with --font-dir and name a family")
        }
        let faces = try addFonts(at: path)
        var members = faces.filter { $0.index == index }
        if members.isEmpty && index == 0 { members = faces }
        guard !members.isEmpty else {
            throw .unreadableFont(path: path, reason: "the file has no face \(index)")
        }
        // A static face keeps its own weight: only a variable one is varied to the one asked.
        guard members.count > 1 || members[0].isVariable else { return members[0] }
        return FontRegistry.varied(
            FontRegistry.bestMatch(in: members, weight: weight, italic: italic), weight: weight, italic: italic)
    }

    /// A font by family name or file path at a size: a name containing "/" or ending in a
    /// font extension is read as a path, and "system" (`systemFamily`) is the system font
    /// (`systemFont(size:weight:italic:design:)`).
    public func font(
        _ nameOrPath: String = FontRegistry.systemFamily, size: Double, weight: FontWeight = .regular,
        italic: Bool = false
    ) throws(TypesettingError) -> Font {
        if let design = FontRegistry.systemDesign(named: nameOrPath) ?? systemDesign(ofMissingFamily: nameOrPath) {
            return try systemFont(size: size, weight: weight, italic: italic, design: design)
        }
        let face =
            FontRegistry.isFontPath(nameOrPath)
            ? try face(path: nameOrPath, weight: weight, italic: italic)
            : try face(family: nameOrPath, weight: weight, italic: italic)
        return try Font(face: face, size: size)
    }

    /// Picks the face closest to a weight and slant (CSS font matching, simplified):
    /// the slant first, then the nearest weight; ties go heavier above 500 and lighter below.
    static func bestMatch(in faces: [FontFace], weight: FontWeight, italic: Bool) -> FontFace {
        let slanted = faces.filter { $0.isItalic == italic }
        let pool = slanted.isEmpty ? faces : slanted
        var best = pool[0]
        for face in pool.dropFirst() {
            let distance = abs(face.weight.value - weight.value)
            let bestDistance = abs(best.weight.value - weight.value)
            if distance < bestDistance {
                best = face
            } else if distance == bestDistance, distance > 0 {
                let heavier = face.weight.value > best.weight.value
                if heavier == (weight.value > 500) { best = face }
            }
        }
        return best
    }

    /// The fallback order for text set in `primary`: the primary face, then one face of every
    /// other family (closest to the primary's weight and slant) in the order they were added,
    /// colour (emoji) faces and the last-resort family (DejaVu Sans) at the end. `emojiFirst`
    /// (for emoji-presentation clusters) puts the colour faces first, before the primary face,
    /// so "❤️" (U+2764 U+FE0F) is drawn in colour even when the primary face has a text heart.
    public func fallbackFaces(for primary: FontFace, emojiFirst: Bool) -> [FontFace] {
        let all = faces
        var order: [String] = []
        var groups: [String: [FontFace]] = [:]
        for face in all where face.family != primary.family {
            if groups[face.family] == nil { order.append(face.family) }
            groups[face.family, default: []].append(face)
        }
        var regular: [FontFace] = []
        var color: [FontFace] = []
        var lastResort: [FontFace] = []
        for family in order {
            guard let members = groups[family] else { continue }
            let face = FontRegistry.bestMatch(in: members, weight: primary.weight, italic: primary.isItalic)
            if face.isColor {
                color.append(face)
            } else if family.hasPrefix("DejaVu") {
                lastResort.append(face)
            } else {
                regular.append(face)
            }
        }
        return emojiFirst ? color + [primary] + regular + lastResort : [primary] + regular + lastResort + color
    }
}
