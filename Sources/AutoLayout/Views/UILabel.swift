import Controls
import Foundation
import Typesetting

/// A view that shows text (`UILabel`). Its intrinsic size is `Controls.Label`'s: the text
/// measured with real fonts, raised to the pixel grid, plus its padding (`textPadding`).
///
/// With `numberOfLines` other than 1 and no `preferredMaxLayoutWidth`, the label wraps at
/// the width layout gives it and is measured again (UIKit's automatic preferred width).
open class UILabel: UIView {
    /// The text; nil or empty has an intrinsic size of (0, 0).
    public var text: String? { didSet { if text != oldValue { invalidateIntrinsicContentSize() } } }
    /// The font (the 17 pt system font by default).
    public var font: UIFont = .systemFont(ofSize: 17) { didSet { invalidateIntrinsicContentSize() } }
    /// Stretches of the text set in their own fonts, from its start (what an attributed
    /// text's fonts give); empty, the default, sets the whole text in ``font``.
    public var fontRuns: [FontRun] = [] { didSet { if fontRuns != oldValue { invalidateIntrinsicContentSize() } } }
    /// The most lines; 0 is unlimited. The default is 1.
    public var numberOfLines = 1 { didSet { invalidateIntrinsicContentSize() } }
    /// How lines wrap and the last one truncates (truncate tail by default).
    public var lineBreakMode: LineBreakMode = .byTruncatingTail { didSet { invalidateIntrinsicContentSize() } }
    /// The width multi-line text wraps at; 0 lets layout decide.
    public var preferredMaxLayoutWidth: CGFloat = 0 { didSet { invalidateIntrinsicContentSize() } }
    /// Extra space after each character (the `kern` attribute).
    public var letterSpacing: CGFloat = 0 { didSet { invalidateIntrinsicContentSize() } }
    /// Space between lines (`NSParagraphStyle.lineSpacing`).
    public var lineSpacing: CGFloat = 0 { didSet { invalidateIntrinsicContentSize() } }
    /// Line height multiple (`NSParagraphStyle.lineHeightMultiple`); 0 is off.
    public var lineHeightMultiple: CGFloat = 0 { didSet { invalidateIntrinsicContentSize() } }
    /// Where lines sit across the label (natural by default). Display only: pictures use it;
    /// sizes do not depend on it.
    public var textAlignment: NSTextAlignment = .natural
    /// Space around the text, added to the intrinsic size and taken off the width the text
    /// wraps at: the common `PaddingLabel` subclass (insets applied in `drawText(in:)`,
    /// `textRect(forBounds:limitedToNumberOfLines:)` and `intrinsicContentSize`), sized by
    /// `Controls.PaddingLabel`; layout files' `padding`. Zero, as a plain `UILabel`. Package
    /// access: UIKit's label has no such property, and a subclass of one's own may name its own
    /// `padding`.
    package var textPadding: UIEdgeInsets = .zero {
        didSet { if textPadding != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// Whether the text is drawn smaller, down to ``minimumScaleFactor``, rather than truncated
    /// when it does not fit (false by default). The intrinsic size stays the unshrunk text's,
    /// so frames do not change; ``shownText()`` gives the scale drawn.
    public var adjustsFontSizeToFitWidth = false { didSet { setNeedsLayout() } }
    /// The smallest fraction of the font size the text may shrink to; 0 (the default) keeps
    /// the font size.
    public var minimumScaleFactor: CGFloat = 0 { didSet { setNeedsLayout() } }
    /// Whether a text-style font follows the content size category when the traits change
    /// (false by default, as in UIKit): the font is read again from its text style at the new
    /// category, as `UIFont.preferredFont(forTextStyle:compatibleWith:)` gives it.
    public var adjustsFontForContentSizeCategory = false {
        didSet { if adjustsFontForContentSizeCategory != oldValue { invalidateIntrinsicContentSize() } }
    }

    var cache = PreparedTextCache()

    /// Creates a label with UIKit's defaults for code: hugging 250, compression resistance 750.
    public init(text: String? = nil, frame: CGRect = .zero) {
        self.text = text
        super.init(frame: frame)
    }

    override var wrapsAtLayoutWidth: Bool { numberOfLines != 1 && preferredMaxLayoutWidth <= 0 }

    /// The font measured: ``font``, or when the label adjusts to the content size category
    /// and the font has a text style, that style at the traits' category.
    func effectiveFont(_ traits: UITraitCollection) -> UIFont {
        guard adjustsFontForContentSizeCategory else { return font }
        return font.adjusted(to: traits.preferredContentSizeCategory)
    }

    override func traitCollectionDidChange(_ previous: UITraitCollection) {
        super.traitCollectionDidChange(previous)
        if adjustsFontForContentSizeCategory { font = effectiveFont(traitCollection) }
    }

    /// The label's text prepared in its font and language.
    private func prepared(_ traits: UITraitCollection) throws(TypesettingError) -> (font: Font, text: PreparedText) {
        try cache.prepared(
            text ?? "", font: effectiveFont(traits), letterSpacing: letterSpacing, language: traits.typesettingLanguage,
            fontRuns: fontRuns)
    }

    /// The label as the text engine measures it, wrapping at `wrapWidth` (0: not set), which
    /// is the padded label's width.
    func measurer(font: Font, wrapWidth: CGFloat, traits: UITraitCollection) -> PaddingLabel {
        var label = Label(text: text ?? "", font: font)
        label.fontRuns = fontRuns
        label.numberOfLines = numberOfLines
        label.lineBreakMode = lineBreakMode
        label.preferredMaxLayoutWidth = Double(wrapWidth)
        label.letterSpacing = Double(letterSpacing)
        label.lineSpacing = Double(lineSpacing)
        label.lineHeightMultiple = Double(lineHeightMultiple)
        label.language = traits.typesettingLanguage
        label.adjustsFontSizeToFitWidth = adjustsFontSizeToFitWidth
        label.minimumScaleFactor = Double(minimumScaleFactor)
        return PaddingLabel(label: label, padding: textPadding)
    }

    var effectiveWrapWidth: CGFloat {
        if numberOfLines == 1 { return 0 }
        return preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : automaticWrapWidth ?? 0
    }

    /// The text's size on the pixel grid plus the padding: on one line when
    /// `numberOfLines == 1` (even wider than the label), else wrapped at the preferred or
    /// laid-out width less the padding.
    open override var intrinsicContentSize: CGSize {
        let traits = traitCollection
        do {
            let (resolved, prepared) = try prepared(traits)
            return try measurer(font: resolved, wrapWidth: effectiveWrapWidth, traits: traits)
                .intrinsicContentSize(scale: Double(traits.displayScale), prepared: prepared)
        } catch {
            measurementError = error
            return .zero
        }
    }

    override func measureBaselines() -> BaselineOffsets? {
        let traits = traitCollection
        guard let (resolved, prepared) = try? prepared(traits) else { return nil }
        let wrap = effectiveWrapWidth > 0 ? Double(effectiveWrapWidth) : .infinity
        let padded = measurer(font: resolved, wrapWidth: effectiveWrapWidth, traits: traits)
        guard let layout = try? padded.layout(width: wrap, prepared: prepared) else { return nil }
        return BaselineOffsets(
            layout, font: resolved, scale: Double(traits.displayScale), top: textPadding.top,
            bottom: textPadding.bottom)
    }

    /// The text as it shows in the label's current bounds (after a layout pass): its lines,
    /// the font scale it is drawn at (below 1 when it is shrunk to fit) and whether it is cut.
    public func shownText() throws(TypesettingError) -> ShownText {
        let traits = traitCollection
        let (resolved, prepared) = try prepared(traits)
        return try measurer(font: resolved, wrapWidth: 0, traits: traits).shownText(
            in: frame.size, scale: Double(traits.displayScale), prepared: prepared)
    }

    /// The text laid out in the label's current bounds (after a layout pass), in the font it
    /// is drawn in: its lines and whether it is truncated.
    public func textLayout() throws(TypesettingError) -> TextLayout { try shownText().layout }

    /// The label's text prepared in its font (unshrunk): what turns a line of
    /// ``textLayout()`` back into the text it shows (`displayedText(of:)`) when the label
    /// does not shrink its text; ``shownText()`` carries the prepared text in every case.
    public func preparedText() throws(TypesettingError) -> PreparedText { try prepared(traitCollection).text }

    /// Whether the text does not fit the label's current bounds, even shrunk: cut by
    /// `numberOfLines`, or taller than the bounds.
    public var isTruncated: Bool { (try? shownText().isTruncated) ?? false }

    override var defaultName: String {
        guard let text, !text.isEmpty else { return super.defaultName }
        return "'\(text.count > 20 ? String(text.prefix(20)) + "…" : text)'"
    }
}
