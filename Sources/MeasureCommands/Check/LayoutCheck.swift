import AutoLayout
import Catalogs
import Controls
import Foundation
import LayoutFiles
import Typesetting

/// Checks texts in a view of a layout file: each text goes into the view, the screen is laid
/// out (incrementally: one screen per rule and content size category, reused for every text)
/// and the view is reported if its text is cut.
struct LayoutScreens {
    private var screens: [String: LayoutScreen] = [:]
    /// The view's font as the file gives it, per screen, so per-language families replace only the family.
    private var fonts: [String: UIFont] = [:]

    mutating func check(
        _ entry: CatalogEntry, rule: CheckSpec.Rule, target: CheckSpec.LayoutTarget, category: ContentSizeCategory
    ) throws(RequestError) -> Finding? {
        // One screen per rule, category and language: the language is the screen's, so every
        // text of the screen picks its fallback faces as the catalog's language asks.
        let key = "\(rule.name)|\(category.rawValue)|\(entry.language)"
        let screen: LayoutScreen
        if let cached = screens[key] {
            screen = cached
        } else {
            do {
                let file = try LayoutFile(contentsOf: target.path)
                screen = try file.makeScreen(
                    ScreenOptions(device: target.device, contentSizeCategory: category, language: entry.language))
            } catch {
                throw RequestError(
                    kind: "invalidLayout", "\(rule.name).layout: \(error.description)",
                    exitCode: error.kind == .unreadableFile ? 66 : 65)
            }
            screens[key] = screen
        }
        guard let view = screen.view(named: target.view) else {
            throw RequestError(
                kind: "invalidLayout",
                "\(rule.name).view: the layout file \(target.path) has no view named \"\(target.view)\"; its views: "
                    + screen.views.map(\.name).joined(separator: ", "), exitCode: 65)
        }
        // The control, the font the file gives it, and how to show a text in another family.
        let control: ControlKind
        let fileFont: UIFont
        let show: (UIFont, String) -> Void
        switch view {
        case let label as UILabel:
            (control, fileFont) = (.label, label.font)
            show = { font, text in
                label.font = font
                label.text = text
            }
        case let button as UIButton:
            (control, fileFont) = (.button, button.titleFont)
            show = { font, text in
                button.titleFont = font
                button.setTitle(text, for: .normal)
            }
        case let textView as UITextView:
            (control, fileFont) = (.textview, textView.font)
            show = { font, text in
                textView.font = font
                textView.text = text
            }
        default:
            throw RequestError(
                kind: "invalidLayout",
                "\(rule.name).view: \"\(target.view)\" is not a label, button or text view, so it shows no translated text",
                exitCode: 65)
        }
        let original = fonts[key] ?? fileFont
        fonts[key] = original
        let font = withFamily(original, rule.family(for: entry.language))
        var entry = entry
        if entry.needsDigits {
            let resolved = try? font.resolve()
            entry = entry.withDigits(resolved.map { FitCheck.widestDigit(of: $0, registry: .shared) } ?? "0")
        }
        show(font, entry.text)
        // The view alone: the other views' checks (ambiguity above all) are most of a full
        // report's work, and nothing here reads them.
        let report = screen.layOut(view: target.view)
        if let failure = report.problems.first(where: { $0.diagnostic == .measurementFailed }) {
            throw RequestError(
                kind: "measurementFailed",
                "\(entry.file):\(entry.line): key '\(entry.key)' (\(entry.language)) with \(rule.name): \(failure.message)",
                exitCode: 65)
        }
        let prepared = CheckCoverage.prepared(of: view, text: entry.text, language: entry.language)
        if let prepared,
            let missing = CheckCoverage.missingFinding(
                prepared, entry: entry, category: category, control: control, font: font.description)
        {
            return missing
        }
        guard let viewReport = report.view,
            viewReport.isTruncated || viewReport.isOffscreen || viewReport.hasNegativeSize
        else { return nil }
        // NEEDED is the size the whole text asks for; AVAILABLE the frame the layout gives the
        // view (as solved: see docs/autolayout.md on negative sizes); SHOWN the text as drawn.
        var needed = viewReport.intrinsicContentSize
        if let label = view as? UILabel, label.numberOfLines != 1 {
            // A multi-line label needs all its lines at its width; a one-line label keeps its
            // intrinsic size, the whole text on one line at one line's height.
            let (lines, wrap) = (label.numberOfLines, label.preferredMaxLayoutWidth)
            label.numberOfLines = 0
            label.preferredMaxLayoutWidth = view.frame.size.width
            needed = label.intrinsicContentSize
            (label.numberOfLines, label.preferredMaxLayoutWidth) = (lines, wrap)
        }
        var finding = Finding(
            entry: entry, category: category, problem: viewReport.isTruncated ? .truncated : .offscreen,
            control: control, font: font.description, needed: needed, available: viewReport.frame.size,
            shown: viewReport.shownLines ?? [entry.text])
        finding.approximate = prepared.flatMap { FontStandIn.phrase($0.standIns) }
        return finding
    }

    private func withFamily(_ font: UIFont, _ family: String?) -> UIFont {
        guard let family else { return font }
        var copy = font
        copy.fontName = family
        return copy
    }
}
