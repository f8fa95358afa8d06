import AutoLayout
import Catalogs
import Controls
import Foundation
import Typesetting

/// What `measure check` says about a text's faces: characters no font draws (a finding of
/// their own, in place of a fit finding measured with boxes) and the faces measured in place
/// of iOS's (`approximate` on every finding).
enum CheckCoverage {
    /// The missing-characters finding of a prepared text, or nil when every character is drawn.
    static func missingFinding(
        _ prepared: PreparedText, entry: CatalogEntry, category: ContentSizeCategory, control: ControlKind,
        font: String
    ) -> Finding? {
        let missing = prepared.missingCharacters
        guard !missing.isEmpty else { return nil }
        var finding = Finding(
            entry: entry, category: category, problem: .missingCharacters, control: control, font: font,
            needed: .zero, available: .zero, shown: [])
        finding.missingCharacters = missing
        finding.missingIn = ("\(prepared.font.face.family) \(prepared.font.face.style)", 1)
        finding.approximate = FontStandIn.phrase(prepared.standIns)
        return finding
    }

    /// The text a view shows, prepared as it measures it: a label's and a button's own
    /// (already prepared by the layout), else the text prepared in the view's font. Nil when
    /// it cannot be prepared (the layout reports that itself).
    static func prepared(of view: UIView, text: String, language: String?, registry: FontRegistry = .shared)
        -> PreparedText?
    {
        switch view {
        case let label as UILabel: return try? label.preparedText()
        case let button as UIButton: return (try? button.shownTitle())?.prepared
        case let field as UITextField: return prepare(text, field.font, language, registry)
        case let textView as UITextView: return prepare(text, textView.font, language, registry)
        default: return nil
        }
    }

    private static func prepare(_ text: String, _ font: UIFont, _ language: String?, _ registry: FontRegistry)
        -> PreparedText?
    {
        guard let resolved = try? font.resolve(registry: registry) else { return nil }
        return try? PreparedText(text, font: resolved, language: language, registry: registry)
    }
}
