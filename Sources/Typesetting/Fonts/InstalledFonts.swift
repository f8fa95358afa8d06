internal import CTextShim
import Foundation

/// The fonts installed on the system, as fontconfig lists them (the shim's `fontconfig.c`):
/// asked once per process, on first use, and never again. Nothing is opened here: a registry
/// opens an installed face (`FontRegistry.addFonts(at:)`) only when the fallback needs it, so
/// hundreds of installed faces cost a text that its own faces draw nothing.
final class InstalledFonts: Sendable {
    /// One installed face.
    struct Entry: Sendable {
        /// The font file.
        let path: String
        /// The face in a collection file.
        let index: Int
        /// Its family names, the English one first.
        let families: [String]
        /// Its style name.
        let style: String
        let weight: FontWeight
        let isItalic: Bool
        let isColor: Bool
    }

    /// Every installed TrueType or OpenType face, in the order fontconfig prefers for a
    /// sans-serif text.
    let entries: [Entry]
    /// Entry indices by lowercased family name (every name fontconfig gives a face).
    private let byFamily: [String: [Int]]

    /// The process's list, read from fontconfig on first use.
    static let shared = InstalledFonts()

    private init() {
        var entries: [Entry] = []
        var byFamily: [String: [Int]] = [:]
        let count = ts_installed_font_count()
        entries.reserveCapacity(Int(count))
        for i in 0..<count {
            var font = TSInstalledFont()
            guard ts_installed_font(i, &font) == 0, let file = font.file else { continue }
            var families: [String] = []
            var n: Int32 = 0
            while let name = ts_installed_font_family(i, n) {
                families.append(String(cString: name))
                n += 1
            }
            let entry = Entry(
                path: String(cString: file), index: Int(font.index), families: families,
                style: font.style.map { String(cString: $0) } ?? "",
                weight: FontWeight(value: Int(font.weight)) ?? .regular, isItalic: font.isItalic != 0,
                isColor: font.isColor != 0)
            for family in Set(families.map { $0.lowercased() }) { byFamily[family, default: []].append(entries.count) }
            entries.append(entry)
        }
        self.entries = entries
        self.byFamily = byFamily
    }

    /// The entries of a family (any of its names, case not mattering), in list order.
    func entries(ofFamily family: String) -> [Int] { byFamily[family.lowercased()] ?? [] }

    /// Whether entry `index`'s character set (fontconfig's) has `scalar`.
    func covers(_ index: Int, _ scalar: Unicode.Scalar) -> Bool {
        ts_installed_font_has(Int32(truncatingIfNeeded: index), scalar.value) != 0
    }

    /// The scripts entry `index` has every sample letter of (`FallbackScript.sampleLetters`).
    func scripts(ofEntry index: Int) -> [FallbackScript] {
        FallbackScript.allCases.filter { script in script.sampleLetters.allSatisfy { covers(index, $0) } }
    }

    /// Whether the environment lets registries use the installed fonts: unless
    /// `INTRINSIC_SYSTEM_FONTS` is "0" (or "false", "no", "off"), for results that do not
    /// depend on the machine.
    static var enabledByEnvironment: Bool {
        guard let value = ProcessInfo.processInfo.environment["INTRINSIC_SYSTEM_FONTS"] else { return true }
        return !["0", "false", "no", "off"].contains(value.lowercased())
    }
}

/// What a registry has learned about the installed fonts: the families it opened, and the code
/// points none of them has.
struct InstalledUse: Sendable {
    /// The faces opened for each family (lowercased name); empty for a family that is not installed.
    var families: [String: [FontFace]] = [:]
    /// Code points no installed face has: not looked for again (bounded by `maximumUncovered`).
    var uncovered: Set<UInt32> = []
    /// Entries whose file would not open, or whose faces turned out not to have what fontconfig listed.
    var failed: Set<Int> = []

    /// The most code points `uncovered` keeps; past it the set starts again.
    static let maximumUncovered = 4096
}

/// One family of a script's fallback order (`LanguageFonts.cascade(for:language:)`): its face
/// in the registry, or, for an installed family not opened yet, its name. Small, as the
/// itemizer walks these for every cluster its primary face lacks.
struct CascadeCandidate: Sendable {
    /// The family's face closest to the weight and slant asked for; nil while the family is
    /// installed but not opened.
    let face: FontFace?
    /// The Apple face the family's cascade entry names.
    let appleFace: AppleFace
    /// For an installed family not opened yet, its name; nil otherwise.
    let installedFamily: String?
}

extension FontRegistry {
    /// The installed faces of `family` (any of its names; case does not matter), opened on the
    /// first ask (only the faces of the family, not the rest of a collection file): empty when
    /// the family is not installed or the registry does not use installed fonts.
    func installedFaces(ofFamily family: String) -> [FontFace] {
        guard usesInstalledFonts else { return [] }
        let key = family.lowercased()
        if let known = installed.withLock({ $0.families[key] }) { return known }
        let list = InstalledFonts.shared
        var faces: [FontFace] = []
        for i in list.entries(ofFamily: family) {
            let entry = list.entries[i]
            guard let added = try? addFace(entry.path, index: entry.index) else {
                installed.withLock { _ = $0.failed.insert(i) }
                continue
            }
            for face in added where !faces.contains(where: { $0 === face }) { faces.append(face) }
        }
        installed.withLock { $0.families[key] = faces }
        return faces
    }

    /// Whether an installed face of `family` has every one of `scalars`, by fontconfig's
    /// character sets (nothing is opened).
    func installedFamily(_ family: String, covers scalars: [Unicode.Scalar]) -> Bool {
        guard usesInstalledFonts else { return false }
        let list = InstalledFonts.shared
        return list.entries(ofFamily: family).contains { i in scalars.allSatisfy { list.covers(i, $0) } }
    }

    /// The first installed face, in fontconfig's order, that has every one of `scalars`: its
    /// family opened, and its face closest to `weight` and `italic` among those that draw them
    /// (`covers`). Nil when no installed face has them, or the registry does not use installed
    /// fonts. A code point found in none is remembered, so a text full of it asks once.
    func installedFace(
        covering scalars: [Unicode.Scalar], weight: FontWeight, italic: Bool, covers: (FontFace) -> Bool
    ) -> FontFace? {
        guard usesInstalledFonts, let first = scalars.first else { return nil }
        if scalars.count == 1, installed.withLock({ $0.uncovered.contains(first.value) }) { return nil }
        let list = InstalledFonts.shared
        let failed = installed.withLock { $0.failed }
        for (i, entry) in list.entries.enumerated() where !failed.contains(i) {
            guard scalars.allSatisfy({ list.covers(i, $0) }) else { continue }
            let drawing = installedFaces(ofFamily: entry.families.first ?? entry.path).filter(covers)
            if !drawing.isEmpty {
                return FontRegistry.bestMatch(in: drawing, weight: weight, italic: italic)
            }
            installed.withLock { _ = $0.failed.insert(i) }
        }
        if scalars.count == 1 {
            installed.withLock { state in
                if state.uncovered.count >= InstalledUse.maximumUncovered { state.uncovered.removeAll() }
                state.uncovered.insert(first.value)
            }
        }
        return nil
    }

    /// The families of the fallback order for `script` in `language` that the registry has or
    /// can open, in order, each with its face closest to `weight` and `italic` (nil for an
    /// installed family not opened yet).
    func cascadeCandidates(for script: FallbackScript, language: String?, weight: FontWeight, italic: Bool)
        -> [CascadeCandidate]
    {
        var candidates: [CascadeCandidate] = []
        var seen: Set<String> = []
        for entry in LanguageFonts.cascade(for: script, language: language) {
            for family in entry.families where seen.insert(family.lowercased()).inserted {
                let members = members(ofFamilies: [family])[0]
                if !members.isEmpty {
                    candidates.append(
                        CascadeCandidate(
                            face: FontRegistry.bestMatch(in: members, weight: weight, italic: italic),
                            appleFace: entry.appleFace, installedFamily: nil))
                } else if let opened = installed.withLock({ $0.families[family.lowercased()] }) {
                    if !opened.isEmpty {
                        candidates.append(
                            CascadeCandidate(
                                face: FontRegistry.bestMatch(in: opened, weight: weight, italic: italic),
                                appleFace: entry.appleFace, installedFamily: nil))
                    }
                } else if usesInstalledFonts, !InstalledFonts.shared.entries(ofFamily: family).isEmpty {
                    candidates.append(CascadeCandidate(face: nil, appleFace: entry.appleFace, installedFamily: family))
                }
            }
        }
        return candidates
    }
}

/// A face as `measure --list-fonts` shows it: one the registry has, or one installed on the
/// system that it can open.
public struct ListedFace: Sendable {
    /// Where the registry found the face.
    public enum Source: String, Sendable {
        /// The bundled `Fonts/`.
        case bundled
        /// Added (`--font-dir`, `INTRINSIC_FONT_PATH`, `addFonts(at:)`), or an installed face
        /// already opened.
        case added
        /// Installed on the system (found through fontconfig), opened when needed.
        case installed
    }
    /// The family name.
    public let family: String
    /// The style name.
    public let style: String
    /// The weight.
    public let weight: FontWeight
    /// Whether the face is italic or oblique.
    public let isItalic: Bool
    /// Whether the face draws colour glyphs (emoji).
    public let isColor: Bool
    /// The font file.
    public let path: String
    /// The scripts the face has every sample letter of (`FallbackScript.sampleLetters`).
    public let scripts: [FallbackScript]
    /// Where the face was found.
    public let source: Source
}

extension FontRegistry {
    /// Every face the registry has, then every installed face it can open (when it uses
    /// installed fonts; faces it already has are not listed twice), each with the scripts it
    /// covers. Reading the installed list asks fontconfig (once per process).
    public func listedFaces() -> [ListedFace] {
        let bundled = FontRegistry.bundledFontsDirectory.map { URL(fileURLWithPath: $0).standardizedFileURL.path + "/" }
        var listed: [ListedFace] = faces.map { face in
            ListedFace(
                family: face.family, style: face.style, weight: face.weight, isItalic: face.isItalic,
                isColor: face.isColor, path: face.path,
                scripts: FallbackScript.allCases.filter { script in
                    script.sampleLetters.allSatisfy { face.covers($0) }
                },
                source: bundled.map { face.path.hasPrefix($0) } == true ? .bundled : .added)
        }
        guard usesInstalledFonts else { return listed }
        let known = Set(faces.map { "\($0.path)#\($0.index)" })
        let list = InstalledFonts.shared
        for (i, entry) in list.entries.enumerated() where !known.contains("\(entry.path)#\(entry.index)") {
            listed.append(
                ListedFace(
                    family: entry.families.first ?? "", style: entry.style, weight: entry.weight,
                    isItalic: entry.isItalic, isColor: entry.isColor, path: entry.path,
                    scripts: list.scripts(ofEntry: i), source: .installed))
        }
        return listed
    }
}
