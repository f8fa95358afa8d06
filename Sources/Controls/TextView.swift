import Foundation
import Typesetting

/// `UITextView`'s sizing.
///
/// With scrolling enabled (UIKit's default) a text view has no intrinsic size. With scrolling
/// disabled it sizes like a label with `numberOfLines = 0`, inside `textContainerInset`
/// (8, 0, 8, 0) and with `lineFragmentPadding` (5) at both ends of every line, so the text
/// wraps at the width − 10. Unconstrained, its intrinsic size is the unwrapped text.
public struct TextView: Sendable {
    /// The text. An empty text view still has one line (where the caret sits).
    public var text: String
    /// The font. UIKit's text view falls back to a 12 pt font when none is set.
    public var font: Font
    /// Whether the view scrolls; a scrolling text view has no intrinsic size.
    public var isScrollEnabled: Bool = true
    /// The inset of the text container (UIKit's default: 8 top, 8 bottom).
    public var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0)
    /// Padding at each end of every line fragment (UIKit's default: 5).
    public var lineFragmentPadding: Double = 5
    /// The view's width when it is constrained; nil lets the text run on one line per paragraph.
    public var width: Double?
    /// Extra space after each grapheme cluster.
    public var letterSpacing: Double = 0
    /// Space between lines.
    public var lineSpacing: Double = 0
    /// Line height multiple; 0 is off.
    public var lineHeightMultiple: Double = 0

    /// The text's BCP 47 language ("ja", "ar"), a hint that picks fallback faces; nil is unknown.
    public var language: String?

    /// Creates a text view with UIKit's defaults (scrolling enabled).
    public init(text: String, font: Font) {
        self.text = text
        self.font = font
    }

    /// The width the text wraps at for a view `width` wide: width − insets − 2 × padding.
    public func textWidth(forViewWidth width: Double) -> Double {
        width - textContainerInset.horizontal - 2 * lineFragmentPadding
    }

    /// The text prepared once (itemized and shaped).
    public func prepare(registry: FontRegistry = .shared) throws(TypesettingError) -> PreparedText {
        try PreparedText(text, font: font, letterSpacing: letterSpacing, language: language, registry: registry)
    }

    /// `prepared` when given (prepared from this text), else the text prepared now.
    private func preparedText(_ prepared: PreparedText?) throws(TypesettingError) -> PreparedText {
        if let prepared { return prepared }
        return try prepare()
    }

    /// The text's layout inside the container.
    public func layout(prepared: PreparedText? = nil) throws(TypesettingError) -> TextLayout {
        let options = try layoutOptions()
        return try preparedText(prepared).layout(options)
    }

    /// The layout options of the text inside the container.
    /// - Throws: `widthTooNarrow` when the insets and padding take the whole width.
    func layoutOptions() throws(TypesettingError) -> LayoutOptions {
        let wrapWidth = width.map(textWidth(forViewWidth:)) ?? .infinity
        if let width, !(wrapWidth > 0) {
            throw .widthTooNarrow(
                width: width, reserved: width - wrapWidth,
                rule:
                    "a text view's width must be greater than its horizontal text container insets plus its line fragment padding at both ends"
            )
        }
        return LayoutOptions(
            width: wrapWidth, numberOfLines: 0, lineBreakMode: .byWordWrapping, lineSpacing: lineSpacing,
            lineHeightMultiple: lineHeightMultiple, includesTrailingEmptyLine: true)
    }

    /// `intrinsicContentSize`: (−1, −1) while scrolling is enabled; otherwise the text size plus
    /// the container inset and line fragment padding, on the pixel grid of `scale`.
    public func intrinsicContentSize(scale: Double = 2, prepared: PreparedText? = nil) throws(TypesettingError)
        -> CGSize
    {
        try PixelGrid.validate(scale: scale)
        if isScrollEnabled { return CGSize(width: noIntrinsicMetric, height: noIntrinsicMetric) }
        // The size alone: `measure(_:)` gives what `layout(_:)` does without building the lines.
        let options = try layoutOptions()
        let measured = try preparedText(prepared).measure(options)
        var textHeight = measured.height
        if measured.lineCount == 0 {
            textHeight = font.lineHeight * (lineHeightMultiple > 0 ? lineHeightMultiple : 1)
        }
        let width = measured.width + textContainerInset.horizontal + 2 * lineFragmentPadding
        let height = textHeight + textContainerInset.vertical
        return CGSize(width: PixelGrid.ceil(width, scale: scale), height: PixelGrid.ceil(height, scale: scale))
    }
}
