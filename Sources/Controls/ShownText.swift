import Foundation
import Typesetting

/// A label's text as it shows in the label's bounds: its lines, the fraction of the font size
/// it is drawn at, and whether it is cut.
///
/// A label that does not adjust its font size shows its text at full size, cut when it needs
/// more lines than `numberOfLines` or more height than the bounds. A label with
/// `adjustsFontSizeToFitWidth` and a `minimumScaleFactor` above 0 is drawn at the largest
/// scale, at or above that factor, at which the text fits; it is *shrunk*, not truncated.
/// When even the minimum scale does not fit, the text is drawn at that scale and cut.
public struct ShownText: Sendable {
    /// The text laid out as drawn, in the font at ``fontScale``.
    public var layout: TextLayout
    /// The text prepared in the font it is drawn in (turns lines into shown text).
    public var prepared: PreparedText
    /// The fraction of the label's font size the text is drawn at: 1 unless the label shrinks it.
    public var fontScale: Double
    /// Whether the text does not fit even at ``fontScale``: cut by `numberOfLines` (an
    /// ellipsis or clipped) or taller than the bounds.
    public var isTruncated: Bool

    /// Whether the text is drawn smaller than the label's font to fit.
    public var isShrunk: Bool { fontScale < 1 }
    /// The scale as a whole percentage (``percent(of:)``).
    public var fontScalePercent: Int { ShownText.percent(of: fontScale) }

    /// A font scale as a whole percentage, rounded, and at most 99 when below 1 so that a
    /// shrunk text never reads as 100% ("shrunk to 80%" for 0.7998, found by bisection).
    public static func percent(of scale: Double) -> Int {
        let rounded = Int((scale * 100).rounded())
        return scale < 1 ? min(rounded, 99) : rounded
    }

    /// The lines as displayed, with the ellipsis where the text is cut.
    public var lines: [String] { layout.lines.map { prepared.displayedText(of: $0) } }
}

extension Label {
    /// How many halvings the search for the largest fitting scale makes: the scale is found
    /// to within (1 − minimumScaleFactor) / 2¹⁰, under a tenth of a percent.
    static let shrinkSearchSteps = 10

    /// The text as it shows in `bounds` (the label's frame size): wrapped at the bounds' width
    /// on at most `numberOfLines` lines, shrunk when the label adjusts its font size and the
    /// text does not fit at full size. The height check uses the pixel-ceiled text height.
    ///
    /// The letter spacing is kept in points at every scale (an attributed `kern` is a length).
    public func shownText(
        in bounds: CGSize, scale: Double = 2, prepared: PreparedText? = nil, registry: FontRegistry = .shared
    ) throws(TypesettingError) -> ShownText {
        let width = numberOfLines == 1 && bounds.width <= 0 ? Double.infinity : max(Double(bounds.width), 1)
        let full: PreparedText
        if let prepared { full = prepared } else { full = try prepare(registry: registry) }
        let fullLayout = try full.layout(options(width: width))
        let fits = { (layout: TextLayout) in
            !layout.isTruncated && PixelGrid.ceil(layout.height, scale: scale) <= Double(bounds.height) + 1e-9
        }
        let shown = ShownText(layout: fullLayout, prepared: full, fontScale: 1, isTruncated: !fits(fullLayout))
        let minimum = min(minimumScaleFactor, 1)
        guard adjustsFontSizeToFitWidth, minimum > 0, shown.isTruncated, !text.isEmpty else { return shown }

        func attempt(_ fontScale: Double) throws(TypesettingError) -> ShownText {
            var shrunk = self
            shrunk.font = try font.withSize(font.size * fontScale)
            // An attributed text shrinks every font by the same factor, as UIKit scales it.
            shrunk.fontRuns = try fontRuns.map { (run) throws(TypesettingError) in
                FontRun(length: run.length, font: try run.font.withSize(run.font.size * fontScale))
            }
            let text = try shrunk.prepare(registry: registry)
            let layout = try text.layout(shrunk.options(width: width))
            return ShownText(layout: layout, prepared: text, fontScale: fontScale, isTruncated: !fits(layout))
        }
        let smallest = try attempt(minimum)
        if smallest.isTruncated { return smallest }
        // Fitting is monotonic in the scale: search between a scale that fits and one that does not.
        var (low, high) = (smallest, 1.0)
        for _ in 0..<Label.shrinkSearchSteps {
            let middle = try attempt((low.fontScale + high) / 2)
            if middle.isTruncated { high = middle.fontScale } else { low = middle }
        }
        return low
    }
}

extension PaddingLabel {
    /// The text as it shows in a padded label of size `bounds`: the label's
    /// ``Label/shownText(in:scale:prepared:registry:)`` in the bounds less the padding.
    public func shownText(
        in bounds: CGSize, scale: Double = 2, prepared: PreparedText? = nil, registry: FontRegistry = .shared
    ) throws(TypesettingError) -> ShownText {
        let inner = CGSize(
            width: bounds.width <= 0 ? bounds.width : max(bounds.width - padding.horizontal, 1),
            height: bounds.height - padding.vertical)
        return try label.shownText(in: inner, scale: scale, prepared: prepared, registry: registry)
    }
}

extension Button {
    /// The title as it shows in a button of size `bounds`: one line in the width less the
    /// content insets, truncated in the middle when it does not fit.
    public func shownTitle(in bounds: CGSize, prepared: PreparedText? = nil, registry: FontRegistry = .shared)
        throws(TypesettingError) -> ShownText
    {
        let title: PreparedText
        if let prepared { title = prepared } else { title = try titleLabel.prepare(registry: registry) }
        // A button no wider than its insets still lays its title out in 1 pt: an ellipsis.
        let width = max(Double(bounds.width - contentEdgeInsets.horizontal), 1)
        let layout = try titleLabel.layout(width: width, prepared: title)
        return ShownText(layout: layout, prepared: title, fontScale: 1, isTruncated: layout.isTruncated)
    }
}
