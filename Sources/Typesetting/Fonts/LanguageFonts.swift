/// A face iOS draws fallback text with, which a Linux face stands in for here.
public struct AppleFace: Hashable, Sendable, CustomStringConvertible {
    /// How sure the table is that iOS's system font falls back to this face for the script.
    public enum Evidence: String, Sendable {
        /// The system font itself (SF Pro draws Latin, Greek and Cyrillic).
        case systemFont
        /// Named by WebKit's iOS font cache (`FontCacheIOS.mm`) and by the published macOS
        /// cascade list of the system font (Catalina's `CTFontCopyDefaultCascadeListForLanguages`).
        case iOSAndMacOS
        /// Named by the published macOS cascade list only (iOS ships the face; its place in
        /// iOS's cascade is not confirmed).
        case macOS
        /// Named by WebKit's iOS font cache only (iOS 7/8 era; may have changed since).
        case iOSWebKit
        /// Not confirmed by any source: the face iOS ships for the script, as best known.
        case guess
    }

    /// The family name, as Core Text gives it: "PingFang SC", "Tamil Sangam MN".
    public let family: String
    /// Where the table's choice comes from.
    public let evidence: Evidence

    /// An Apple face and the evidence for it.
    public init(_ family: String, _ evidence: Evidence) {
        self.family = family
        self.evidence = evidence
    }

    /// SF Pro, the system font: the face the primary font stands in for when SF Pro is missing.
    public static let sfPro = AppleFace("SF Pro", .systemFont)
    /// Apple Color Emoji, which draws emoji on iOS (WebKit's iOS font cache).
    public static let appleColorEmoji = AppleFace("Apple Color Emoji", .iOSWebKit)

    /// The family name.
    public var description: String { family }
}

/// One step of the fallback order for a script: the face iOS uses, and the faces that stand in
/// for it here, best first. A face of any of `appleFamilies` is Apple's own (added from a Mac
/// with `--font-dir`); a face of `standIns` is a Linux face in its place, bundled in `Fonts/`
/// or installed (found through fontconfig).
public struct FallbackCascadeEntry: Hashable, Sendable {
    /// The script.
    public let script: FallbackScript
    /// For Han: which language's forms the entry's faces draw.
    public let variant: LanguageFonts.HanVariant?
    /// The face iOS draws the script with (in the system font's cascade).
    public let appleFace: AppleFace
    /// Apple's names for the face and its relatives, any of which counts as Apple's own.
    public let appleFamilies: [String]
    /// The Linux families in Apple's face's place, best first.
    public let standIns: [String]
    /// The Debian package with the first stand-in, for the message about a character no face draws.
    public let package: String

    /// Every family of the entry, Apple's first.
    public var families: [String] { appleFamilies + standIns }
}

/// The fallback order per script and language: which faces suit a script in a language, as
/// iOS's cascade list for the system font has them, with the closest Linux faces in their place.
///
/// The order is the one documented in `docs/typesetting.md` ("Fallback faces"): for each
/// script, the face iOS uses (when a user adds it from a Mac), then the open faces that stand
/// in for it (Noto, Source Han, the bundled ones); for Han, the language's variant first.
public enum LanguageFonts {
    /// The CJK variant a BCP 47 tag asks for: "ja" → `.japanese`, "ko" → `.korean`,
    /// "zh-Hant", "zh-TW", "zh-HK", "zh-MO" → `.traditionalChinese`, other "zh" → `.simplifiedChinese`.
    public enum HanVariant: String, Sendable {
        /// Japanese glyph forms.
        case japanese
        /// Korean glyph forms.
        case korean
        /// Simplified Chinese.
        case simplifiedChinese
        /// Traditional Chinese (Taiwan, Hong Kong).
        case traditionalChinese
    }

    /// The Han variant for a BCP 47 language tag (`_` is read as `-`, case does not matter), or nil.
    public static func hanVariant(language: String?) -> HanVariant? {
        guard let language else { return nil }
        let subtags = language.replacingOccurrences(of: "_", with: "-").lowercased().split(separator: "-").map(
            String.init)
        guard let primary = subtags.first else { return nil }
        switch primary {
        case "ja": return .japanese
        case "ko": return .korean
        case "zh", "yue", "cmn":
            if subtags.contains("hant") || subtags.contains(where: { ["tw", "hk", "mo"].contains($0) }) {
                return subtags.contains("hans") ? .simplifiedChinese : .traditionalChinese
            }
            return primary == "yue" ? .traditionalChinese : .simplifiedChinese
        default: return nil
        }
    }

    /// The entries for `script` in `language`, in the order the fallback tries them: one entry
    /// for every script but Han and kana (four, the language's variant first, Simplified
    /// Chinese without a language, as iOS's cascade puts PingFang SC first, and PingFang SC
    /// has kana) and Hangul (four, Korean first: PingFang has no Hangul). The four CJK entries
    /// say `.han` as their script.
    public static func cascade(for script: FallbackScript, language: String?) -> [FallbackCascadeEntry] {
        switch script {
        case .han, .kana:
            switch hanVariant(language: language) {
            case .japanese: return [japanese, simplified, traditional, korean]
            case .korean: return [korean, traditional, simplified, japanese]
            case .traditionalChinese: return [traditional, simplified, japanese, korean]
            case .simplifiedChinese, nil: return [simplified, traditional, japanese, korean]
            }
        case .hangul: return [korean, japanese, simplified, traditional]
        default: return single[script.slot].map { [$0] } ?? []
        }
    }

    /// Family names, best first, for `script` in `language`: every entry's families in
    /// cascade order. Matching is case-insensitive.
    public static func preferredFamilies(for script: FallbackScript, language: String?) -> [String] {
        var seen: Set<String> = []
        return cascade(for: script, language: language).flatMap(\.families).filter {
            seen.insert($0.lowercased()).inserted
        }
    }

    /// The entry whose families include `family` (case does not matter), first in the cascade
    /// of `script` in `language`: which Apple face a fallback face stands in for.
    public static func entry(containing family: String, script: FallbackScript, language: String?)
        -> FallbackCascadeEntry?
    {
        let key = family.lowercased()
        return cascade(for: script, language: language).first { $0.families.contains { $0.lowercased() == key } }
    }

    /// Every entry, each once: the table `docs/typesetting.md` prints.
    public static let allEntries: [FallbackCascadeEntry] =
        single.compactMap { $0 } + [simplified, traditional, japanese, korean]

    private static func entry(
        _ script: FallbackScript, _ apple: AppleFace, also: [String] = [], _ standIns: [String],
        package: String = "fonts-noto-core", variant: HanVariant? = nil
    ) -> FallbackCascadeEntry {
        FallbackCascadeEntry(
            script: script, variant: variant, appleFace: apple, appleFamilies: [apple.family] + also,
            standIns: standIns, package: package)
    }

    /// The entry of each script with one, by `FallbackScript.slot`.
    private static let single: [FallbackCascadeEntry?] = {
        let sfPro = AppleFace.sfPro
        let systemFamilies = ["SF Pro Text", "SF Pro Display"]
        // SF Pro draws Latin, Greek and Cyrillic; Inter stands in for it (the system font's stand-in).
        let entries: [FallbackCascadeEntry] = [
            entry(.latin, sfPro, also: systemFamilies, ["Inter"]),
            entry(.greek, sfPro, also: systemFamilies, ["Inter"]),
            entry(.cyrillic, sfPro, also: systemFamilies, ["Inter"]),
            entry(.armenian, AppleFace("Noto Sans Armenian", .macOS), also: ["SF Armenian"], ["DejaVu Sans"]),
            entry(.georgian, AppleFace("SF Georgian", .guess), ["Noto Sans Georgian", "DejaVu Sans"]),
            entry(
                .hebrew, AppleFace("Arial Hebrew", .iOSWebKit), also: ["SF Hebrew"],
                ["Noto Sans Hebrew", "Noto Sans Hebrew UI"]),
            entry(
                .arabic, AppleFace("Geeza Pro", .iOSAndMacOS), also: ["SF Arabic"],
                ["Noto Sans Arabic", "Noto Sans Arabic UI", "Noto Naskh Arabic"]),
            entry(.syriac, AppleFace("Noto Sans Syriac", .guess), ["Noto Sans Syriac Eastern"]),
            entry(.thaana, AppleFace("Noto Sans Thaana", .guess), []),
            entry(.nko, AppleFace("Noto Sans NKo", .guess), []),
            entry(
                .devanagari, AppleFace("Kohinoor Devanagari", .macOS), also: ["Devanagari Sangam MN"],
                ["Noto Sans Devanagari", "Noto Sans Devanagari UI"]),
            entry(
                .bengali, AppleFace("Kohinoor Bangla", .macOS), also: ["Bangla Sangam MN"],
                ["Noto Sans Bengali", "Noto Sans Bengali UI"]),
            entry(
                .gurmukhi, AppleFace("Mukta Mahee", .macOS), also: ["Gurmukhi MN"],
                ["Noto Sans Gurmukhi", "Noto Sans Gurmukhi UI"]),
            entry(
                .gujarati, AppleFace("Kohinoor Gujarati", .macOS), also: ["Gujarati Sangam MN"],
                ["Noto Sans Gujarati", "Noto Sans Gujarati UI"]),
            entry(
                .oriya, AppleFace("Noto Sans Oriya", .macOS), also: ["Oriya Sangam MN"],
                ["Noto Sans Oriya UI"]),
            entry(.tamil, AppleFace("Tamil Sangam MN", .iOSAndMacOS), ["Noto Sans Tamil", "Noto Sans Tamil UI"]),
            entry(
                .telugu, AppleFace("Kohinoor Telugu", .macOS), also: ["Telugu Sangam MN"],
                ["Noto Sans Telugu", "Noto Sans Telugu UI"]),
            entry(
                .kannada, AppleFace("Noto Sans Kannada", .macOS), also: ["Kannada Sangam MN"],
                ["Noto Sans Kannada UI"]),
            entry(
                .malayalam, AppleFace("Malayalam Sangam MN", .iOSAndMacOS),
                ["Noto Sans Malayalam", "Noto Sans Malayalam UI"]),
            entry(
                .sinhala, AppleFace("Sinhala Sangam MN", .iOSAndMacOS), ["Noto Sans Sinhala", "Noto Sans Sinhala UI"]),
            entry(
                .thai, AppleFace("Thonburi", .iOSAndMacOS),
                ["Noto Sans Thai", "Noto Sans Thai UI", "Noto Sans Thai Looped"]),
            entry(.lao, AppleFace("Lao Sangam MN", .macOS), ["Noto Sans Lao", "Noto Sans Lao UI", "DejaVu Sans"]),
            entry(.tibetan, AppleFace("Kailasa", .iOSAndMacOS), ["Noto Serif Tibetan"]),
            entry(.myanmar, AppleFace("Noto Sans Myanmar", .macOS), ["Noto Sans Myanmar UI"]),
            entry(.khmer, AppleFace("Khmer Sangam MN", .macOS), ["Noto Sans Khmer", "Noto Sans Khmer UI"]),
            entry(.ethiopic, AppleFace("Kefa", .macOS), ["Noto Sans Ethiopic"]),
            entry(.cherokee, AppleFace("Plantagenet Cherokee", .guess), ["Noto Sans Cherokee"]),
            entry(.canadianSyllabics, AppleFace("Euphemia UCAS", .iOSAndMacOS), ["Noto Sans Canadian Aboriginal"]),
            entry(.mongolian, AppleFace("Noto Sans Mongolian", .guess), []),
            entry(.tifinagh, AppleFace("Noto Sans Tifinagh", .guess), []),
            entry(.olChiki, AppleFace("Noto Sans Ol Chiki", .guess), []),
            entry(.adlam, AppleFace("Noto Sans Adlam", .guess), ["Noto Sans Adlam Unjoined"]),
            entry(.vai, AppleFace("Noto Sans Vai", .guess), []),
            entry(.javanese, AppleFace("Noto Sans Javanese", .guess), []),
            entry(.yi, AppleFace("Noto Sans Yi", .guess), []),
        ]
        var table = [FallbackCascadeEntry?](repeating: nil, count: FallbackScript.allCases.count)
        for entry in entries { table[entry.script.slot] = entry }
        return table
    }()

    // Han, kana and Hangul: one entry per language's faces. Droid Sans Fallback (bundled) has
    // Japanese and Chinese; NanumGothic (bundled) Korean.
    private static let simplified = entry(
        .han, AppleFace("PingFang SC", .macOS),
        ["Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "Source Han Sans CN", "Droid Sans Fallback"],
        package: "fonts-noto-cjk", variant: .simplifiedChinese)
    private static let traditional = entry(
        .han, AppleFace("PingFang TC", .macOS), also: ["PingFang HK"],
        [
            "Noto Sans CJK TC", "Noto Sans CJK HK", "Noto Sans TC", "Noto Sans HK", "Source Han Sans TC",
            "Source Han Sans TW", "Source Han Sans HK", "Droid Sans Fallback",
        ], package: "fonts-noto-cjk", variant: .traditionalChinese)
    private static let japanese = entry(
        .han, AppleFace("Hiragino Sans", .macOS), also: ["Hiragino Kaku Gothic ProN"],
        [
            "Noto Sans CJK JP", "Noto Sans JP", "Source Han Sans JP", "Source Han Sans", "Droid Sans Japanese",
            "Droid Sans Fallback",
        ], package: "fonts-noto-cjk", variant: .japanese)
    private static let korean = entry(
        .han, AppleFace("Apple SD Gothic Neo", .iOSAndMacOS),
        [
            "Noto Sans CJK KR", "Noto Sans KR", "Source Han Sans KR", "NanumGothic", "Nanum Gothic",
            "Droid Sans Fallback",
        ],
        package: "fonts-noto-cjk", variant: .korean)
}

extension FontRegistry {
    /// The registry's faces made for `script` (in `language`), in cascade order, each family's
    /// face closest to `weight` and `italic`: the faces the fallback tries before any other.
    /// Installed families not opened yet are left out (the fallback opens them as it meets
    /// them). Empty when the registry has none.
    public func preferredFaces(
        for script: FallbackScript, language: String?, weight: FontWeight = .regular, italic: Bool = false
    ) -> [FontFace] {
        cascadeCandidates(for: script, language: language, weight: weight, italic: italic).compactMap(\.face)
    }
}
