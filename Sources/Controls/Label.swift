import Foundation
import Typesetting

/// `UILabel`'s sizing: the text measured with real fonts, raised to the pixel grid.
///
/// ```swift
/// var label = Label(text: "Hello", font: try FontRegistry.shared.font(size: 17))
/// label.numberOfLines = 0
/// label.preferredMaxLayoutWidth = 343
/// let size = try label.intrinsicContentSize(scale: 2)
/// ```
public struct Label: Sendable {
    /// The text; empty text has an intrinsic size of (0, 0).
    public var text: String
    /// The font (UIKit's default is the 17 pt system font).
    public var font: Font
    /// Stretches of `text` set in their own fonts, from its start (an attributed text's
    /// fonts); empty sets the whole text in `font`.
    public var fontRuns: [FontRun] = []
    /// The most lines; 0 is unlimited. UIKit's default is 1.
    public var numberOfLines: Int = 1
    /// How lines wrap and the last one truncates. UIKit's default is truncate tail.
    public var lineBreakMode: LineBreakMode = .byTruncatingTail
    /// The width multi-line text wraps at; 0 means "not set", and the text is measured on one line per paragraph.
    public var preferredMaxLayoutWidth: Double = 0
    /// Extra space after each grapheme cluster (the `kern` attribute).
    public var letterSpacing: Double = 0
    /// Space between lines (`NSParagraphStyle.lineSpacing`).
    public var lineSpacing: Double = 0
    /// Line height multiple (`NSParagraphStyle.lineHeightMultiple`); 0 is off.
    public var lineHeightMultiple: Double = 0
    /// The text's BCP 47 language ("ja", "ar"), a hint that picks fallback faces; nil is unknown.
    public var language: String?
    /// Whether the text is drawn smaller, down to `minimumScaleFactor`, instead of truncating
    /// when it does not fit its bounds (`adjustsFontSizeToFitWidth`). The intrinsic size stays
    /// the unshrunk text's; ``shownText(in:scale:prepared:registry:)`` gives the scale drawn.
    public var adjustsFontSizeToFitWidth = false
    /// The smallest fraction of the font size the text may shrink to (`minimumScaleFactor`);
    /// 0, UIKit's default, keeps the font size, so the text truncates as without shrinking.
    public var minimumScaleFactor: Double = 0

    /// Creates a label with UIKit's defaults.
    public init(text: String, font: Font) {
        self.text = text
        self.font = font
    }

    /// The text prepared once (itemized and shaped); lay it out at any width.
    public func prepare(registry: FontRegistry = .shared) throws(TypesettingError) -> PreparedText {
        try PreparedText(
            text, font: font, letterSpacing: letterSpacing, language: language, registry: registry,
            fontRuns: fontRuns)
    }

    /// `prepared` when given (prepared from this text), else the text prepared now.
    private func preparedText(_ prepared: PreparedText?) throws(TypesettingError) -> PreparedText {
        if let prepared { return prepared }
        return try prepare()
    }

    /// The layout at `width` (or unbounded), honouring `numberOfLines` and `lineBreakMode`.
    public func layout(width: Double = .infinity, prepared: PreparedText? = nil) throws(TypesettingError) -> TextLayout
    {
        try preparedText(prepared).layout(options(width: width))
    }

    /// The layout options of the label at `width`.
    ///
    /// Every line is set at ascender − descender, without the font's line gap: in public
    /// Interface Builder files, labels in fonts with a gap (D-DIN, Poppins: 86 and 100/1000 em)
    /// are stored at exactly `lines × (ascender − descender)` raised to the pixel grid (65
    /// single-line labels, none fitting with the gap; 379 of 461 wrapped ones against 237 with
    /// it). `lineSpacing` and `lineHeightMultiple` apply as before. Button titles are labels,
    /// so they follow the same rule; text views keep the gap (docs/system-font.md).
    /// `LineGapTests` pins it.
    public func options(width: Double) -> LayoutOptions {
        LayoutOptions(
            width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode, lineSpacing: lineSpacing,
            lineHeightMultiple: lineHeightMultiple, includesLineGap: false)
    }

    /// `intrinsicContentSize`, on the pixel grid of `scale`.
    ///
    /// - With `numberOfLines == 1` the width is the full text width, even when it is wider
    ///   than any bounds (UIKit reports 853 wide for a label 343 wide), trailing spaces
    ///   included: Interface Builder stores "Enter the amount " and "≈ $1.58 " one space wider
    ///   than their words, and labels of spaces alone as wide as the spaces
    ///   (docs/interface-builder.md; `LabelTests.testTrailingSpacesCountOnOneLine`).
    /// - Otherwise the text wraps at `preferredMaxLayoutWidth` when it is set; the width is
    ///   the widest line and the height the lines' heights, capped at `numberOfLines`.
    public func intrinsicContentSize(scale: Double = 2, prepared: PreparedText? = nil) throws(TypesettingError)
        -> CGSize
    {
        try PixelGrid.validate(scale: scale)
        if text.isEmpty { return .zero }
        let width = numberOfLines != 1 && preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : .infinity
        // The size alone: `measure(_:)` gives what `layout(_:)` does without building the lines.
        let text = try preparedText(prepared)
        var measurement = try text.measure(options(width: width))
        if numberOfLines == 1, measurement.lineCount == 1, !measurement.isTruncated {
            measurement.width += text.trailingWhitespaceWidth
        }
        let size = measurement.size(scale: scale)
        return CGSize(width: size.width, height: size.height)
    }
}

/// A label with padding around its text, whose insets add to the intrinsic size (the
/// `PaddingLabel` pattern: `super.intrinsicContentSize` plus the insets).
public struct PaddingLabel: Sendable {
    /// The label inside the padding.
    public var label: Label
    /// The padding; it is added to the label's intrinsic size and taken off the wrapping width.
    public var padding: UIEdgeInsets

    /// Wraps a label in padding.
    public init(label: Label, padding: UIEdgeInsets) {
        self.label = label
        self.padding = padding
    }

    /// The label's layout in a padded label `width` wide (or unbounded): the text wraps at the
    /// width minus the horizontal padding.
    /// - Throws: `widthTooNarrow` when the padding takes the whole width.
    public func layout(width: Double = .infinity, prepared: PreparedText? = nil) throws(TypesettingError) -> TextLayout
    {
        let available = try padding.innerWidth(
            of: width, rule: "a label's width must be greater than its left and right padding")
        return try label.layout(width: available, prepared: prepared)
    }

    /// The label's intrinsic size plus the padding. A set `preferredMaxLayoutWidth` is the
    /// padded label's width, so the text wraps at that width minus the horizontal padding.
    public func intrinsicContentSize(scale: Double = 2, prepared: PreparedText? = nil) throws(TypesettingError)
        -> CGSize
    {
        var inner = label
        if inner.preferredMaxLayoutWidth > 0 {
            inner.preferredMaxLayoutWidth = max(inner.preferredMaxLayoutWidth - padding.horizontal, 1)
        }
        let size = try inner.intrinsicContentSize(scale: scale, prepared: prepared)
        return CGSize(width: size.width + padding.horizontal, height: size.height + padding.vertical)
    }
}
