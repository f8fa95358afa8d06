/// Text laid out in a terminal's columns, for the tables people read (`measure check`).
///
/// A terminal gives each character 0, 1 or 2 columns, the way `wcwidth` does: 2 for the East
/// Asian Wide and Fullwidth characters of Unicode's EastAsianWidth.txt (Han, kana, Hangul,
/// fullwidth forms) and for emoji shown as emoji (Emoji_Presentation, which Unicode makes wide
/// too); 0 for combining marks (Mn, Me: Devanagari's vowel signs and virama, accents), format
/// characters (Cf: zero-width space and joiner, direction marks) and Hangul's medial and final
/// jamo; 1 for everything else. `TableLayoutTests` checks CJK, Devanagari, accents and emoji.
enum TerminalText {
    /// The East Asian Wide and Fullwidth ranges that are not emoji (Unicode 15.1).
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x18CD5,
        0x18D00...0x18D08, 0x1AFF0...0x1B2FB, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
        0x1F250...0x1F251, 0x1F260...0x1F265, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// The columns one Unicode scalar takes.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .control: return 0
        case .format: return value == 0xAD ? 1 : 0  // a soft hyphen shows as a hyphen
        default: break
        }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// The columns `text` takes in a terminal.
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// `text` followed by spaces up to `columns`.
    static func padded(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - width(text)))
    }

    /// A table cell: control characters and line separators written as escapes (`\n`, `\t`,
    /// `\u{2028}`) so a row stays one line, and at most `maximumColumns` wide, cut with "…".
    static func cell(_ text: String, maximumColumns: Int = .max) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _
            where scalar.properties.generalCategory == .control || scalar.value == 0x2028
                || scalar.value == 0x2029 || scalar.value == 0x85:
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        guard width(escaped) > maximumColumns else { return escaped }
        // Whole grapheme clusters, so a base letter never loses its marks.
        var result = ""
        var columns = 0
        for character in escaped {
            let characterColumns = width(String(character))
            if columns + characterColumns > maximumColumns - 1 { break }
            result.append(character)
            columns += characterColumns
        }
        return result + "…"
    }

    /// Rows of cells as aligned columns two spaces apart; the last column is not padded.
    static func table(_ rows: [[String]]) -> [String] {
        var widths: [Int] = []
        for row in rows {
            for (index, cell) in row.enumerated() {
                if index == widths.count { widths.append(0) }
                widths[index] = max(widths[index], width(cell))
            }
        }
        return rows.map { row in
            row.enumerated().map { index, cell in index == row.count - 1 ? cell : padded(cell, to: widths[index]) }
                .joined(separator: "  ")
        }
    }
}
