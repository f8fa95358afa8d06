import Foundation

/// The translator's note Xcode writes for an Interface Builder text: IB's *Localizer Hint*
/// (the `<attributedString key="userComments">` of the object), exported into the `.strings`
/// comment and the String Catalog `comment` as `Note = "…"` after the class, property and
/// object id: `Class = "UILabel"; text = "Label"; ObjectID = "t0H-71-xTp"; Note = "…";`.
///
/// Most notes describe the text for its translators ("This is the text on the unlock
/// button"); some say it is not to be translated at all. ``marksDoNotTranslate(_:)`` tells
/// them apart by the phrases in docs/interface-builder-check.md, *Skipped texts*.
public enum TranslatorNote {
    /// The phrases that mark a text as not to be translated, compared case-insensitively with
    /// straight and curly apostrophes alike: Xcode's own wording, the BartyCrouch tool's
    /// `#bc-ignore!` marker, and a development placeholder that the app replaces at run time.
    public static let doNotTranslatePhrases = [
        "do not translate", "don't translate", "dont translate", "do not localize", "do not localise",
        "don't localize", "don't localise", "#bc-ignore!", "for development purposes only",
    ]

    /// The value of `Note = "…"` in a comment, or nil. The note is the comment's last field,
    /// and may hold quotes: it runs to the last quote of the comment.
    public static func note(inComment comment: String) -> String? {
        guard let start = comment.range(of: "Note = \"") else { return nil }
        let rest = comment[start.upperBound...]
        guard let end = rest.lastIndex(of: "\"") else { return nil }
        let note = String(rest[..<end])
        return note.isEmpty ? nil : note
    }

    /// Whether a note asks that the text not be translated: it holds one of
    /// ``doNotTranslatePhrases`` ("Placeholder – do not translate", "#bc-ignore!"). A note that
    /// asks to keep a word untranslated inside a translated text ("Lockwise should not be
    /// translated") does not.
    public static func marksDoNotTranslate(_ note: String) -> Bool {
        let folded = note.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
        return doNotTranslatePhrases.contains { folded.contains($0) }
    }
}
