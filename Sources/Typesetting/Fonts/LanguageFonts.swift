/// A face iOS draws fallback text with, which a Linux face stands in for here. A small value
/// (an index into the table of Apple faces the cascade names), so that every `Font` can carry
/// one without a reference to count.
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

    /// The face's place in `AppleFace.known`.
    let id: UInt16

    /// The id no Apple face has (`Font.fallbackID` for a font that stands in for none).
    static let none = UInt16.max

    /// The Apple face with that id.
    init(id: UInt16) { self.id = id }

    /// Every Apple face the cascade names: family (as Core Text gives it) and evidence.
    static let known: [(family: String, evidence: Evidence)] = [
        ("SF Pro", .systemFont), ("Apple Color Emoji", .iOSWebKit), ("Noto Sans Armenian", .macOS),
        ("SF Georgian", .guess), ("Arial Hebrew", .iOSWebKit), ("Geeza Pro", .iOSAndMacOS),
        ("Noto Sans Syriac", .guess), ("Noto Sans Thaana", .guess), ("Noto Sans NKo", .guess),
        ("Kohinoor Devanagari", .macOS), ("Kohinoor Bangla", .macOS), ("Mukta Mahee", .macOS),
        ("Kohinoor Gujarati", .macOS), ("Noto Sans Oriya", .macOS), ("Tamil Sangam MN", .iOSAndMacOS),
        ("Kohinoor Telugu", .macOS), ("Noto Sans Kannada", .macOS), ("Malayalam Sangam MN", .iOSAndMacOS),
        ("Sinhala Sangam MN", .iOSAndMacOS), ("Thonburi", .iOSAndMacOS), ("Lao Sangam MN", .macOS),
        ("Kailasa", .iOSAndMacOS), ("Noto Sans Myanmar", .macOS), ("Khmer Sangam MN", .macOS), ("Kefa", .macOS),
        ("Plantagenet Cherokee", .guess), ("Euphemia UCAS", .iOSAndMacOS), ("Noto Sans Mongolian", .guess),
        ("Noto Sans Tifinagh", .guess), ("Noto Sans Ol Chiki", .guess), ("Noto Sans Adlam", .guess),
        ("Noto Sans Vai", .guess), ("Noto Sans Javanese", .guess), ("Noto Sans Yi", .guess),
        ("PingFang SC", .macOS), ("PingFang TC", .macOS), ("Hiragino Sans", .macOS),
        ("Apple SD Gothic Neo", .iOSAndMacOS),
    ]

    /// The Apple face of that family in `known` (a programming error otherwise: the table
    /// below names only faces of `known`).
    init(_ family: String) {
        let index = AppleFace.known.firstIndex { $0.family == family }
        assert(index != nil, "\(family) is not in AppleFace.known")
        id = UInt16(truncatingIfNeeded: index ?? 0)
    }

    /// The family name, as Core Text gives it: "PingFang SC", "Tamil Sangam MN".
    public var family: String { AppleFace.known[Int(id)].family }
    /// Where the table's choice comes from.
    public var evidence: Evidence { AppleFace.known[Int(id)].evidence }

    /// SF Pro, the system font: the face the primary font stands in for when SF Pro is missing.
    public static let sfPro = AppleFace("SF Pro")
    /// Apple Color Emoji, which draws emoji on iOS (WebKit's iOS font cache).
    public static let appleColorEmoji = AppleFace("Apple Color Emoji")

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
            entry(.armenian, AppleFace("Noto Sans Armenian"), also: ["SF Armenian"], ["DejaVu Sans"]),
            entry(.georgian, AppleFace("SF Georgian"), ["Noto Sans Georgian", "DejaVu Sans"]),
            entry(
                .hebrew, AppleFace("Arial Hebrew"), also: ["SF Hebrew"],
                ["Noto Sans Hebrew", "Noto Sans Hebrew UI"]),
            entry(
                .arabic, AppleFace("Geeza Pro"), also: ["SF Arabic"],
                ["Noto Sans Arabic", "Noto Sans Arabic UI", "Noto Naskh Arabic"]),
            entry(.syriac, AppleFace("Noto Sans Syriac"), ["Noto Sans Syriac Eastern"]),
            entry(.thaana, AppleFace("Noto Sans Thaana"), []),
            entry(.nko, AppleFace("Noto Sans NKo"), []),
            entry(
                .devanagari, AppleFace("Kohinoor Devanagari"), also: ["Devanagari Sangam MN"],
                ["Noto Sans Devanagari", "Noto Sans Devanagari UI"]),
            entry(
                .bengali, AppleFace("Kohinoor Bangla"), also: ["Bangla Sangam MN"],
                ["Noto Sans Bengali", "Noto Sans Bengali UI"]),
            entry(
                .gurmukhi, AppleFace("Mukta Mahee"), also: ["Gurmukhi MN"],
                ["Noto Sans Gurmukhi", "Noto Sans Gurmukhi UI"]),
            entry(
                .gujarati, AppleFace("Kohinoor Gujarati"), also: ["Gujarati Sangam MN"],
                ["Noto Sans Gujarati", "Noto Sans Gujarati UI"]),
            entry(
                .oriya, AppleFace("Noto Sans Oriya"), also: ["Oriya Sangam MN"],
                ["Noto Sans Oriya UI"]),
            entry(.tamil, AppleFace("Tamil Sangam MN"), ["Noto Sans Tamil", "Noto Sans Tamil UI"]),
            entry(
                .telugu, AppleFace("Kohinoor Telugu"), also: ["Telugu Sangam MN"],
                ["Noto Sans Telugu", "Noto Sans Telugu UI"]),
            entry(
                .kannada, AppleFace("Noto Sans Kannada"), also: ["Kannada Sangam MN"],
                ["Noto Sans Kannada UI"]),
            entry(
                .malayalam, AppleFace("Malayalam Sangam MN"),
                ["Noto Sans Malayalam", "Noto Sans Malayalam UI"]),
            entry(
                .sinhala, AppleFace("Sinhala Sangam MN"), ["Noto Sans Sinhala", "Noto Sans Sinhala UI"]),
            entry(
                .thai, AppleFace("Thonburi"),
                ["Noto Sans Thai", "Noto Sans Thai UI", "Noto Sans Thai Looped"]),
            entry(.lao, AppleFace("Lao Sangam MN"), ["Noto Sans Lao", "Noto Sans Lao UI", "DejaVu Sans"]),
            entry(.tibetan, AppleFace("Kailasa"), ["Noto Serif Tibetan"]),
            entry(.myanmar, AppleFace("Noto Sans Myanmar"), ["Noto Sans Myanmar UI"]),
            entry(.khmer, AppleFace("Khmer Sangam MN"), ["Noto Sans Khmer", "Noto Sans Khmer UI"]),
            entry(.ethiopic, AppleFace("Kefa"), ["Noto Sans Ethiopic"]),
            entry(.cherokee, AppleFace("Plantagenet Cherokee"), ["Noto Sans Cherokee"]),
            entry(.canadianSyllabics, AppleFace("Euphemia UCAS"), ["Noto Sans Canadian Aboriginal"]),
            entry(.mongolian, AppleFace("Noto Sans Mongolian"), []),
            entry(.tifinagh, AppleFace("Noto Sans Tifinagh"), []),
            entry(.olChiki, AppleFace("Noto Sans Ol Chiki"), []),
            entry(.adlam, AppleFace("Noto Sans Adlam"), ["Noto Sans Adlam Unjoined"]),
            entry(.vai, AppleFace("Noto Sans Vai"), []),
            entry(.javanese, AppleFace("Noto Sans Javanese"), []),
            entry(.yi, AppleFace("Noto Sans Yi"), []),
        ]
        var table = [FallbackCascadeEntry?](repeating: nil, count: FallbackScript.allCases.count)
        for entry in entries { table[entry.script.slot] = entry }
        return table
    }()

    // Han, kana and Hangul: one entry per language's faces. Droid Sans Fallback (bundled) has
    // Japanese and Chinese; NanumGothic (bundled) Korean.
    private static let simplified = entry(
        .han, AppleFace("PingFang SC"),
        ["Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "Source Han Sans CN", "Droid Sans Fallback"],
        package: "fonts-noto-cjk", variant: .simplifiedChinese)
    private static let traditional = entry(
        .han, AppleFace("PingFang TC"), also: ["PingFang HK"],
        [
            "Noto Sans CJK TC", "Noto Sans CJK HK", "Noto Sans TC", "Noto Sans HK", "Source Han Sans TC",
            "Source Han Sans TW", "Source Han Sans HK", "Droid Sans Fallback",
        ], package: "fonts-noto-cjk", variant: .traditionalChinese)
    private static let japanese = entry(
        .han, AppleFace("Hiragino Sans"), also: ["Hiragino Kaku Gothic ProN"],
        [
            "Noto Sans CJK JP", "Noto Sans JP", "Source Han Sans JP", "Source Han Sans", "Droid Sans Japanese",
            "Droid Sans Fallback",
        ], package: "fonts-noto-cjk", variant: .japanese)
    private static let korean = entry(
        .han, AppleFace("Apple SD Gothic Neo"),
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
