import Foundation
import Typesetting

/// How `measure` words characters no font draws: one sentence per script, naming the
/// characters and what to install (`MeasureMissingCharactersTests` pins the wording).
enum MissingCharacters {
    /// The most characters a sentence names; the rest are counted ("and 4 more").
    static let namedAtMost = 3

    /// "U+0BA4 TAMIL LETTER TA", "U+10FFFD (private use)".
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let code = "U+" + String(format: "%04X", scalar.value)
        if let name = scalar.properties.name ?? scalar.properties.nameAlias { return "\(code) \(name)" }
        switch scalar.properties.generalCategory {
        case .privateUse: return "\(code) (private use)"
        case .unassigned: return "\(code) (unassigned)"
        default: return code
        }
    }

    /// One sentence per group of characters (by script, in the order met): "no font draws
    /// U+0BA4 TAMIL LETTER TA; install a Tamil font, e.g. fonts-noto-core, or pass --font-dir".
    static func sentences(_ scalars: [Unicode.Scalar]) -> [String] {
        var groups: [(key: String, hint: String, scalars: [Unicode.Scalar])] = []
        for scalar in scalars {
            let (key, hint) = group(of: scalar)
            if let index = groups.firstIndex(where: { $0.key == key }) {
                groups[index].scalars.append(scalar)
            } else {
                groups.append((key, hint, [scalar]))
            }
        }
        return groups.map { group in
            var named = group.scalars.prefix(namedAtMost).map(describe).joined(separator: ", ")
            if group.scalars.count > namedAtMost { named += " and \(group.scalars.count - namedAtMost) more" }
            return "no font draws \(named); \(group.hint)"
        }
    }

    /// The group a character is reported in, and what to do about it.
    private static func group(of scalar: Unicode.Scalar) -> (key: String, hint: String) {
        if let script = FallbackScript.of(scalar) {
            let package = LanguageFonts.cascade(for: script, language: nil).first?.package ?? "fonts-noto-core"
            let name = script.name
            let article = "AEIOU".contains(name.prefix(1)) ? "an" : "a"
            return (script.rawValue, "install \(article) \(name) font, e.g. \(package), or pass --font-dir")
        }
        switch scalar.properties.generalCategory {
        case .privateUse:
            return (
                "privateUse", "a private-use character is drawn only by the font made for it: pass it with --font-dir"
            )
        case .unassigned:
            return (
                "unassigned", "the code point is not assigned a character in Unicode, so no font is expected to draw it"
            )
        default:
            return ("other", "install a font that has it (fonts-noto-core covers most scripts), or pass --font-dir")
        }
    }

    /// The characters as JSON gives them: each a string of its own.
    static func json(_ scalars: [Unicode.Scalar]) -> JSONValue {
        .array(scalars.map { .string(String($0)) })
    }
}
