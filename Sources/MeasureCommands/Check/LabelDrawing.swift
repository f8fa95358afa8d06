import AutoLayout
import Controls
import Foundation
import Typesetting

/// What UIKit draws in a label whose text does not fit its bounds, told apart by whether the
/// text as drawn differs from the whole text (docs/interface-builder-check.md, *Findings*):
///
/// - Cut across (wider than the label on its last allowed line, or more lines than
///   `numberOfLines`): an ellipsis or dropped lines, *truncated*.
/// - Shorter than its lines: UIKit draws the lines that fit, the last of them ending in an
///   ellipsis (`NSStringDrawingOptions.truncatesLastVisibleLine`), so a text of several lines
///   loses lines, *truncated*; at least the first line is drawn. A text of one line is drawn
///   whole, centred on the label, past its top and bottom edges: *drawnPastBounds*, since no
///   character is lost (a label that clips, `clipsSubviews`, is not modelled).
///
/// `CheckFindingsTests` pins each case with a storyboard written for it.
enum LabelDrawing {
    /// What a label shows.
    enum Outcome: Equatable {
        /// The whole text within the bounds (perhaps shrunk: ``ShownText/fontScale``).
        case fits
        /// Part of the text is not drawn: the lines as drawn.
        case truncated([String])
        /// The whole text is drawn, but its line runs past the label's bounds.
        case drawnPastBounds([String])
    }

    /// What `label` draws in its current frame (after a layout pass).
    static func outcome(of label: UILabel, shown: ShownText) throws(TypesettingError) -> Outcome {
        guard shown.isTruncated else { return .fits }
        if shown.layout.isTruncated { return .truncated(shown.lines) }
        // Only the height is short: every line fits the width.
        let count = shown.layout.lines.count
        if count <= 1 { return .drawnPastBounds(shown.lines) }
        guard shown.fontScale >= 1 else { return .truncated(shown.lines) }
        let scale = Double(label.traitCollection.displayScale)
        let room = Double(label.frame.size.height - label.textPadding.top - label.textPadding.bottom)
        let saved = label.numberOfLines
        defer { label.numberOfLines = saved }
        // The most lines whose height fits, at least one; the last of them shows the ellipsis.
        var lines = 1
        while lines < count {
            label.numberOfLines = lines + 1
            let fewer = try label.shownText()
            guard PixelGrid.ceil(fewer.layout.height, scale: scale) <= room + 1e-9 else { break }
            lines += 1
        }
        label.numberOfLines = lines
        return .truncated(try label.shownText().lines)
    }
}

/// What a text field draws: its text (or its placeholder, while the text is empty) on one
/// line in the field's width less its border's padding (`Controls.TextField`), cut at the tail
/// with "…" when it does not fit, as `UITextField` shows a long text or placeholder when not
/// editing.
enum FieldDrawing {
    /// The text as drawn, and whether it is cut.
    static func shown(_ text: String, in field: UITextField) throws(TypesettingError) -> (
        text: String, isTruncated: Bool
    ) {
        let padding = field.borderStyle == .roundedRect ? TextField.roundedRectHorizontalPadding : 0
        let room = max(Double(field.frame.size.width) - padding, 1)
        let prepared = try PreparedText(
            text, font: try field.font.resolve(), language: field.traitCollection.typesettingLanguage)
        let scale = Double(field.traitCollection.displayScale)
        let natural = try prepared.measure(LayoutOptions(width: .infinity, numberOfLines: 1))
        guard PixelGrid.ceil(natural.width, scale: scale) > room + 0.01 else { return (text, false) }
        let layout = try prepared.layout(LayoutOptions(width: room, numberOfLines: 1, lineBreakMode: .byTruncatingTail))
        return (layout.lines.first.map { prepared.displayedText(of: $0) } ?? text, true)
    }
}
