import AutoLayout
import Foundation

/// Xcode's pseudolanguages: fake translations made from the development language's text, to
/// find layouts that break in translation before any translation exists. Xcode offers them
/// in a scheme's *App Language* menu; at run time they are the `NSDoubleLocalizedStrings`,
/// `NSAccentuateLocalizedStrings`, `NSSurroundLocalizedStrings` and
/// `NSForceRightToLeftWritingDirection` / `AppleTextDirection` launch arguments.
///
/// Apple documents what each is for, not the exact transform; docs/interface-builder-check.md
/// gives the rule used for each and its source. Pinned by `PseudolanguageTests`.
enum Pseudolanguage: String, CaseIterable, Sendable, Hashable {
    /// The text twice, joined by a space: "Save" → "Save Save".
    case doubleLength = "double-length"
    /// Every ASCII letter replaced by an accented form, vowels written twice:
    /// "Save" → "Šååṽéé".
    case accented
    /// The text between `[#` and `#]`: "Save" → "[# Save #]".
    case bounded
    /// The development language's text, laid out right to left.
    case rightToLeft = "right-to-left"

    /// Parses `double-length`, `accented`, `bounded` or `right-to-left`, or several joined by
    /// `+` (`accented+bounded`), which apply together; the result is in declaration order.
    static func parse(_ text: String) throws(RequestError) -> [Pseudolanguage] {
        var result: [Pseudolanguage] = []
        for part in text.split(separator: "+", omittingEmptySubsequences: false) {
            guard let language = Pseudolanguage(rawValue: part.trimmingCharacters(in: .whitespaces).lowercased())
            else {
                throw RequestError(
                    kind: "badPseudolanguage",
                    "unknown pseudolanguage '\(part)' in --pseudo \(text); allowed: "
                        + allCases.map(\.rawValue).joined(separator: ", ") + " (several joined by +)")
            }
            if !result.contains(language) { result.append(language) }
        }
        // One name per combination, whatever the order given: `bounded+accented` is `accented+bounded`.
        return allCases.filter(result.contains)
    }

    /// Applies several pseudolanguages in Xcode's order when their launch arguments are
    /// combined: accents first, then the doubling, then the brackets outermost.
    static func apply(_ languages: [Pseudolanguage], to text: String) -> String {
        var result = text
        for language in [Pseudolanguage.accented, .doubleLength, .bounded] where languages.contains(language) {
            result = language.apply(to: result)
        }
        return result
    }

    /// This pseudolanguage's text for `text` (right to left leaves it as it is).
    func apply(to text: String) -> String {
        switch self {
        case .doubleLength: return text.isEmpty ? text : "\(text) \(text)"
        case .bounded: return "[# \(text) #]"
        case .rightToLeft: return text
        case .accented:
            var result = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                guard let accented = Pseudolanguage.accents[scalar] else {
                    result.append(scalar)
                    continue
                }
                result.append(accented)
                if Pseudolanguage.vowels.contains(scalar) { result.append(accented) }
            }
            return String(result)
        }
    }

    /// The layout direction: right to left for `right-to-left`.
    var direction: UIUserInterfaceLayoutDirection { self == .rightToLeft ? .rightToLeft : .leftToRight }

    /// ASCII letter → a precomposed accented form (Latin-1, Latin Extended-A/B and Additional).
    static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
        let marked = Array("åƀçðéƒĝĥîĵķļḿñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻḾÑÖÞǪŔŠŢÛṼŴẊÝŽ".unicodeScalars)
        return Dictionary(uniqueKeysWithValues: zip(plain, marked))
    }()

    /// The letters written twice (the lengthening).
    static let vowels = Set("aeiouyAEIOUY".unicodeScalars)
}
