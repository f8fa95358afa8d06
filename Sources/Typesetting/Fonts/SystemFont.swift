import Foundation

/// A design of the system font: `UIFontDescriptor.SystemDesign`'s `default` and `rounded`, and
/// SF Compact (the watchOS design, which iOS apps can also ask for by family).
public enum SystemFontDesign: String, CaseIterable, Sendable, Hashable {
    /// SF Pro.
    case `default`
    /// SF Pro Rounded.
    case rounded
    /// SF Compact.
    case compact

    /// The families the design is found under, as Apple names them: the variable family
    /// (`SF-Pro.ttf` is "SF Pro") and the static Text and Display families.
    var families: (variable: String, text: String, display: String) {
        switch self {
        case .default: return ("SF Pro", "SF Pro Text", "SF Pro Display")
        case .rounded: return ("SF Pro Rounded", "SF Pro Rounded Text", "SF Pro Rounded Display")
        case .compact: return ("SF Compact", "SF Compact Text", "SF Compact Display")
        }
    }
}

extension FontRegistry {
    /// The name that asks for the system font wherever a family is named (`--font system`,
    /// layout files, specs, batch lines): "system", or "system-rounded" / "system-compact" for
    /// the other designs. Case does not matter; UIKit's private names of the system font
    /// (".SFUI-Regular", ".AppleSystemUIFont") are read the same way.
    public static let systemFamily = "system"

    /// The point size from which static SF Pro uses its Display faces: below it, Text. iOS
    /// switches at 20 pt (docs/system-font.md).
    public static let displaySizeThreshold = 20.0

    /// The system design a font name asks for, or nil when it names no system font.
    public static func systemDesign(named name: String) -> SystemFontDesign? {
        if name == systemFamily { return .default }
        // Every system name starts with "s", "." or "-": any other name costs one comparison.
        guard let first = name.utf8.first,
            first == UInt8(ascii: "s") || first == UInt8(ascii: "S")
                || first == UInt8(ascii: ".") || first == UInt8(ascii: "-")
        else { return nil }
        let key = String(
            name.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 })
        switch key {
        case "system", "system-ui", ".sfui", ".sfui-regular", ".applesystemuifont", "-apple-system": return .default
        case "system-rounded": return .rounded
        case "system-compact": return .compact
        default: return key.hasPrefix(".sfui-") ? .default : nil
        }
    }

    /// The system font, as `UIFont.systemFont(ofSize:weight:)` gives it (with `italic`, the
    /// italic system font; with `design`, `withDesign(_:)`):
    ///
    /// - SF Pro when the registry has it (added with `addFonts(at:)`, `--font-dir`, or a folder
    ///   of `INTRINSIC_FONT_PATH`): the static SF Pro Text below 20 pt and SF Pro Display from
    ///   20 pt, as iOS switches; else the variable SF Pro (`SF-Pro.ttf`), whose optical size
    ///   follows the point size. The weight picks a named instance or sets 'wght'; the font's
    ///   'trak' table tracks it.
    /// - Otherwise a bundled face standing in: Inter below 20 pt and Inter Display from 20 pt,
    ///   tracked as fitted to Interface Builder's stored widths, with SF Pro's line metrics
    ///   (`EmLineMetrics.sfPro`), so heights and baselines still match iOS:
    ///   `face.isSystemFontStandIn` is then true, and widths are approximate (docs/system-font.md
    ///   gives the error that remains).
    ///
    /// - Throws: `invalidFontSize`; `fontNotFound` when neither SF Pro nor the default family
    ///   is registered.
    public func systemFont(
        size: Double, weight: FontWeight = .regular, italic: Bool = false, design: SystemFontDesign = .default
    ) throws(TypesettingError) -> Font {
        guard size.isFinite, size > 0, size <= Font.maximumSize else { throw .invalidFontSize(size) }
        // A design the registry lacks falls back to SF Pro's default design, as UIKit's
        // `withDesign(_:)` returns the font unchanged when there is no such design.
        if let face = systemFace(size: size, weight: weight, italic: italic, design: design)
            ?? (design == .default ? nil : systemFace(size: size, weight: weight, italic: italic, design: .default))
        {
            return try Font(face: face, size: size)
        }
        let face = try systemFontStandIn(size: size, weight: weight, italic: italic)
        standInUsed.withLock { $0 = true }
        return try Font(face: face, size: size)
    }

    /// The family that stands in for SF Pro's Display design, from 20 pt (`displaySizeThreshold`):
    /// Inter Display, bundled (`Fonts/Inter/InterDisplay-roman.var.ttf`).
    public static let displayStandInFamily = "Inter Display"

    /// The face that stands in for the system font without SF Pro (docs/system-font.md, "Widths
    /// without SF Pro"): Inter below 20 pt, Inter Display from 20 pt (Inter when the registry has
    /// no Inter Display in the slant asked for: it has no italic), each with the tracking fitted
    /// to Interface Builder's stored widths (`TrackingTable.StandInBand`) and SF Pro's line metrics.
    func systemFontStandIn(size: Double, weight: FontWeight, italic: Bool) throws(TypesettingError) -> FontFace {
        if size >= FontRegistry.displaySizeThreshold,
            let members = members(ofFamilies: [FontRegistry.displayStandInFamily]).first,
            members.contains(where: { $0.isItalic == italic })
        {
            let face = FontRegistry.varied(
                FontRegistry.bestMatch(in: members, weight: weight, italic: italic), weight: weight, italic: italic)
            return face.systemFontStandIn(
                tracking: .standIn(.display, unitsPerEm: face.tables.unitsPerEm))
        }
        let face = try face(family: FontRegistry.defaultFamily, weight: weight, italic: italic)
        let band: TrackingTable.StandInBand =
            size >= FontRegistry.displaySizeThreshold ? .textFaceAtDisplaySizes : .text
        return face.systemFontStandIn(tracking: .standIn(band, unitsPerEm: face.tables.unitsPerEm))
    }

    /// Whether this registry has given out the stand-in for the system font (SF Pro was
    /// missing when the system font was asked for), so a tool can say so once.
    public var hasUsedSystemFontStandIn: Bool { standInUsed.withLock { $0 } }

    /// Whether the registry has SF Pro (the system font's default design) in any form.
    public var hasSystemFont: Bool { systemFace(size: 17, weight: .regular, italic: false, design: .default) != nil }

    /// The SF face for the size, weight, slant and design, or nil when the registry has none.
    func systemFace(size: Double, weight: FontWeight, italic: Bool, design: SystemFontDesign) -> FontFace? {
        let names = design.families
        let order =
            size < FontRegistry.displaySizeThreshold
            ? [names.text, names.variable, names.display] : [names.display, names.variable, names.text]
        for members in members(ofFamilies: order) where !members.isEmpty {
            return FontRegistry.varied(
                FontRegistry.bestMatch(in: members, weight: weight, italic: italic), weight: weight, italic: italic)
        }
        return nil
    }

    /// The design whose variable family `name` is ("SF Pro", "SF Pro Rounded", "SF Compact"),
    /// when the registry does not have that family but has the design's static Text or Display
    /// faces: `--font "SF Pro"` then picks Text or Display by size, as the system font does.
    func systemDesign(ofMissingFamily name: String) -> SystemFontDesign? {
        guard let first = name.utf8.first, first == UInt8(ascii: "S") || first == UInt8(ascii: "s") else {
            return nil
        }
        let key = name.lowercased()
        guard let design = SystemFontDesign.allCases.first(where: { $0.families.variable.lowercased() == key }) else {
            return nil
        }
        let names = design.families
        let found = members(ofFamilies: [names.variable, names.text, names.display])
        return found[0].isEmpty && !(found[1].isEmpty && found[2].isEmpty) ? design : nil
    }

    /// The folders of `INTRINSIC_FONT_PATH` (separated by ":"), whose fonts the shared registry
    /// adds: where a CI job puts SF Pro once for every run.
    public static var fontPathFromEnvironment: [String] {
        guard let value = ProcessInfo.processInfo.environment["INTRINSIC_FONT_PATH"] else { return [] }
        return value.split(separator: ":").map(String.init).filter { !$0.isEmpty }
    }
}
