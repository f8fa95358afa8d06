/// The writing systems whose faces the fallback picks by name, so that a cluster is set in a face
/// made for its script (and, for Han, for its language) rather than in whichever face happens to
/// come first and cover it.
public enum FallbackScript: String, Sendable, CaseIterable {
    /// Arabic (also Persian, Urdu).
    case arabic
    /// Hebrew.
    case hebrew
    /// Thai.
    case thai
    /// Devanagari (Hindi, Marathi, Nepali, Sanskrit).
    case devanagari
    /// Han ideographs and CJK punctuation: Japanese, Chinese or Korean faces by language.
    case han
    /// Hiragana and katakana.
    case kana
    /// Hangul.
    case hangul

    /// The script's place in `allCases`, for tables indexed by script.
    var slot: Int {
        switch self {
        case .arabic: 0
        case .hebrew: 1
        case .thai: 2
        case .devanagari: 3
        case .han: 4
        case .kana: 5
        case .hangul: 6
        }
    }

    /// The script of the first code point in `scalars` that belongs to one of these scripts, or nil.
    public static func of<S: Sequence>(_ scalars: S) -> FallbackScript? where S.Element == Unicode.Scalar {
        for scalar in scalars {
            let value = scalar.value
            if value < 0x0590 { continue }
            switch value {
            case 0x0590...0x05FF, 0xFB1D...0xFB4F: return .hebrew
            case 0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .arabic
            case 0x0900...0x097F, 0xA8E0...0xA8FF: return .devanagari
            case 0x0E00...0x0E7F: return .thai
            case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF: return .hangul
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F, 0x1B000...0x1B16F: return .kana
            case 0x2E80...0x2FFF, 0x3000...0x303F, 0x3190...0x31EF, 0x3200...0x9FFF, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                0xFF00...0xFF65, 0x20000...0x3FFFF:
                return .han
            default: continue
            }
        }
        return nil
    }
}

/// Which families suit a script in a language: the faces iOS uses first (when a user adds them
/// from a Mac), then the open equivalents (Noto, Source Han), then the bundled ones (Noto Sans
/// Arabic, Hebrew, Thai and Devanagari; NanumGothic for Korean; Droid Sans Fallback for
/// Japanese and Chinese).
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

    /// Family names, best first, for `script` in `language`. Matching is case-insensitive.
    public static func preferredFamilies(for script: FallbackScript, language: String?) -> [String] {
        let japanese = [
            "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans CJK JP", "Noto Sans JP", "Source Han Sans JP",
            "Source Han Sans", "Droid Sans Japanese",
        ]
        let korean = [
            "Apple SD Gothic Neo", "Noto Sans CJK KR", "Noto Sans KR", "Source Han Sans KR", "NanumGothic",
            "Nanum Gothic",
        ]
        let simplified = [
            "PingFang SC", "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "Source Han Sans CN",
        ]
        let traditional = [
            "PingFang TC", "PingFang HK", "Noto Sans CJK TC", "Noto Sans CJK HK", "Noto Sans TC", "Noto Sans HK",
            "Source Han Sans TC", "Source Han Sans TW", "Source Han Sans HK",
        ]
        let bundledCJK = ["Droid Sans Fallback"]
        switch script {
        case .arabic: return ["SF Arabic", "Geeza Pro", "Noto Sans Arabic", "Noto Sans Arabic UI", "Noto Naskh Arabic"]
        case .hebrew: return ["SF Hebrew", "Arial Hebrew", "Noto Sans Hebrew"]
        case .thai: return ["Thonburi", "Noto Sans Thai", "Noto Sans Thai UI", "Noto Sans Thai Looped"]
        case .devanagari: return ["Kohinoor Devanagari", "Devanagari Sangam MN", "Noto Sans Devanagari"]
        case .kana: return japanese + bundledCJK + simplified + traditional + korean
        case .hangul: return korean + bundledCJK + japanese + simplified + traditional
        case .han:
            switch hanVariant(language: language) {
            case .japanese: return japanese + bundledCJK + simplified + traditional + korean
            case .korean: return korean + bundledCJK + traditional + simplified + japanese
            case .traditionalChinese: return traditional + bundledCJK + simplified + japanese + korean
            case .simplifiedChinese, nil: return simplified + bundledCJK + traditional + japanese + korean
            }
        }
    }
}

extension FontRegistry {
    /// The registry's faces made for `script` (in `language`), best first, each family's face
    /// closest to `weight` and `italic`: the faces the fallback tries before any other.
    /// Empty when the registry has none.
    public func preferredFaces(
        for script: FallbackScript, language: String?, weight: FontWeight = .regular, italic: Bool = false
    ) -> [FontFace] {
        members(ofFamilies: LanguageFonts.preferredFamilies(for: script, language: language)).compactMap {
            $0.isEmpty ? nil : FontRegistry.bestMatch(in: $0, weight: weight, italic: italic)
        }
    }
}
