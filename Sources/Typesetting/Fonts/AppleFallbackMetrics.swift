/// The line metrics iOS gives text that falls back from the system font to the face it keeps
/// for a script (PingFang, Hiragino Sans, Apple SD Gothic Neo, Geeza Pro, Thonburi, Kohinoor
/// Devanagari, Arial Hebrew), carried by whichever Linux face draws that script here.
///
/// A label's line in the system font keeps the system font's height whatever face draws a
/// fallback character: Interface Builder stores Chinese and Japanese labels at SF Pro's line
/// height raised to whole points, and UIKit documents that, in fonts other than text styles,
/// tall scripts do not raise the height (`UILetterformAwareAdjusting`). docs/typesetting.md,
/// "Line heights of fallback text", gives the evidence with counts, and says which scripts rest
/// on it and which on a guess. `AppleFallbackMetricsTests` pins the table.
public enum AppleFallbackMetrics {
    /// Whether text of `script` falling back from `font` takes Apple's face's line metrics: from
    /// the system font, except for the tall scripts (Arabic, Thai, Devanagari) in a text style's
    /// font, whose lines UIKit raises by an amount it does not document; the fallback face's
    /// own metrics stand in for that.
    public static func applies(to script: FallbackScript, fallingBackFrom font: Font) -> Bool {
        guard font.face.isSystemFont else { return false }
        guard font.isTextStyle else { return true }
        switch script {
        case .arabic, .thai, .devanagari: return false
        case .han, .kana, .hangul, .hebrew: return true
        }
    }

    /// The Apple face iOS draws `script` with after the system font (in `language`, for Han),
    /// and the line metrics a line takes from it, in ems.
    public static func face(for script: FallbackScript, language: String?) -> (name: String, lineMetrics: EmLineMetrics)
    {
        var rounded = EmLineMetrics.sfPro
        rounded.roundsLineHeightToPoints = true
        switch script {
        case .han:
            switch LanguageFonts.hanVariant(language: language) {
            case .japanese: return ("Hiragino Sans", rounded)
            case .korean: return ("Apple SD Gothic Neo", rounded)
            case .traditionalChinese: return ("PingFang TC", rounded)
            case .simplifiedChinese, nil: return ("PingFang SC", rounded)
            }
        case .kana: return ("Hiragino Sans", rounded)
        case .hangul: return ("Apple SD Gothic Neo", .sfPro)
        case .arabic: return ("Geeza Pro", .sfPro)
        case .hebrew: return ("Arial Hebrew", .sfPro)
        case .thai: return ("Thonburi", .sfPro)
        case .devanagari: return ("Kohinoor Devanagari", .sfPro)
        }
    }
}

extension FontFace {
    /// Whether the face is the system font: SF Pro (any design, static or variable) or the
    /// face standing in for it.
    public var isSystemFont: Bool {
        if isSystemFontStandIn { return true }
        guard family.hasPrefix("SF ") else { return false }
        return SystemFontDesign.allCases.contains { design in
            let names = design.families
            return family == names.variable || family == names.text || family == names.display
        }
    }

    /// This face set as iOS sets `script` falling back from the system font: with the line
    /// metrics of Apple's face for the script (`AppleFallbackMetrics`).
    func appleFallback(for script: FallbackScript, language: String?) -> FontFace {
        let apple = AppleFallbackMetrics.face(for: script, language: language)
        return standIn(for: apple.name, lineMetrics: apple.lineMetrics)
    }
}
