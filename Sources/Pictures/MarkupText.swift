/// Text made safe for XML 1.0 and HTML: the one escaping rule of the SVG pictures and of the
/// reports (HTML, JUnit) that carry names, messages and texts from users' files.
public enum MarkupText {
    /// `text` escaped for element content and double-quoted attribute values.
    ///
    /// `&`, `<`, `>`, `"` and `'` become entity references; newline, tab and carriage return
    /// become character references, so attribute values keep them. Characters XML 1.0 forbids
    /// (the other C0 controls, U+FFFE and U+FFFF) become U+FFFD, so a stray control character
    /// in a translation shows as a replacement mark instead of making the file unreadable or
    /// vanishing. Pinned by `MarkupTextTests`.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r": out += "&#\(scalar.value);"
            default:
                let allowed = scalar.value >= 0x20 && !(0xFFFE...0xFFFF).contains(scalar.value)
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }
}
