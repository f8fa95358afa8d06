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
        return !isTall(script)
    }

    /// The scripts whose lines UIKit raises in a text style's font, as it does Arabic, Thai and
    /// Devanagari (`UILetterformAwareAdjusting` names no list): those with marks far above or
    /// below the Latin line, South and Southeast Asian and Arabic-like. A guess past the three.
    static func isTall(_ script: FallbackScript) -> Bool {
        switch script {
        case .arabic, .syriac, .thaana, .nko, .devanagari, .bengali, .gurmukhi, .gujarati, .oriya, .tamil, .telugu,
            .kannada, .malayalam, .sinhala, .thai, .lao, .tibetan, .myanmar, .khmer, .mongolian, .javanese:
            return true
        default: return false
        }
    }

    /// The Apple face iOS draws `script` with after the system font (in `language`, for Han and
    /// kana): the first entry of the script's cascade (`LanguageFonts.cascade(for:language:)`),
    /// and the line metrics a line takes from it, in ems: SF Pro's, raised to whole points for
    /// Han and kana.
    public static func face(for script: FallbackScript, language: String?) -> (name: String, lineMetrics: EmLineMetrics)
    {
        let apple = LanguageFonts.cascade(for: script, language: language).first?.appleFace ?? .sfPro
        return (apple.family, lineMetrics(for: script))
    }

    /// The line metrics a line of `script` takes falling back from the system font.
    static func lineMetrics(for script: FallbackScript) -> EmLineMetrics {
        var metrics = EmLineMetrics.sfPro
        metrics.roundsLineHeightToPoints = script == .han || script == .kana
        return metrics
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
    /// metrics of Apple's face for the script (`AppleFallbackMetrics`), standing in for `apple`
    /// (the cascade entry's face that chose it), else the script's first Apple face.
    func appleFallback(for script: FallbackScript, language: String?, apple: AppleFace? = nil) -> FontFace {
        let name = apple?.family ?? AppleFallbackMetrics.face(for: script, language: language).name
        return standIn(for: name, lineMetrics: AppleFallbackMetrics.lineMetrics(for: script))
    }
}
