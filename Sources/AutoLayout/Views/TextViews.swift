import Controls
import Foundation
import Typesetting

/// Text prepared once per text, font, spacing and language, laid out again at every width.
struct PreparedTextCache {
    private var key: Key?
    private var value: (font: Font, text: PreparedText)?

    struct Key: Equatable {
        var text: String
        var font: UIFont
        var letterSpacing: CGFloat
        var language: String?
        var fontRuns: [FontRun]
    }

    mutating func prepared(
        _ text: String, font: UIFont, letterSpacing: CGFloat, language: String?, fontRuns: [FontRun] = []
    ) throws(TypesettingError) -> (font: Font, text: PreparedText) {
        let newKey = Key(text: text, font: font, letterSpacing: letterSpacing, language: language, fontRuns: fontRuns)
        if newKey == key, let value { return value }
        let resolved = try font.resolve()
        let prepared = try PreparedText(
            text, font: resolved, letterSpacing: Double(letterSpacing), language: language, fontRuns: fontRuns)
        key = newKey
        value = (resolved, prepared)
        return (resolved, prepared)
    }
}

/// Where a single-line-or-more text sits vertically in a view at its intrinsic height.
struct BaselineOffsets {
    var fromTop: CGFloat
    var fromBottom: CGFloat

    /// Text of `layout` centred in its pixel-ceiled height, with `top`/`bottom` insets.
    init(_ layout: TextLayout, font: Font, scale: Double, top: CGFloat = 0, bottom: CGFloat = 0) {
        let metrics = font.metrics
        let raw = layout.lines.isEmpty ? font.lineHeight : layout.height
        let pad = (PixelGrid.ceil(raw, scale: scale) - raw) / 2
        let firstAscent = layout.lines.first?.ascent ?? metrics.ascender
        let lastDescent = layout.lines.last?.descent ?? -metrics.descender
        fromTop = top + CGFloat(pad + firstAscent)
        fromBottom = bottom + CGFloat(pad + abs(lastDescent))
    }
}

/// How lines of text sit across a view (`NSTextAlignment`). It changes where text is drawn,
/// never a view's size.
public enum NSTextAlignment: String, Sendable, Hashable, CaseIterable {
    /// Along the left edge.
    case left
    /// Centred.
    case center
    /// Along the right edge.
    case right
    /// Stretched to both edges, the last line natural (drawn here as natural).
    case justified
    /// Leading: left in a left-to-right layout, right in a right-to-left one (the default).
    case natural
}

/// A tappable title (`UIButton`, legacy sizing without `UIButton.Configuration`): the
/// title's size plus `contentEdgeInsets`, or 6 pt above and below when those are zero.
open class UIButton: UIView {
    /// The button's states; only `.normal` is laid out.
    public enum State: Sendable {
        /// The resting state.
        case normal
        /// While touched.
        case highlighted
        /// While disabled.
        case disabled
        /// While selected.
        case selected
    }
    /// The button's type.
    public enum ButtonType: Sendable {
        /// No system styling.
        case custom
        /// The system button (sizing is the same).
        case system
    }

    /// The title, on one line (buttons truncate in the middle).
    public private(set) var currentTitle: String?
    /// The title font (the 15 pt system font by default).
    public var titleFont: UIFont = .systemFont(ofSize: 15) { didSet { invalidateIntrinsicContentSize() } }
    /// Stretches of the title set in their own fonts, from its start (an attributed title's
    /// fonts); empty, the default, sets the whole title in ``titleFont``.
    public var titleFontRuns: [FontRun] = [] {
        didSet { if titleFontRuns != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// An image left of the title; its size adds to the width and can set the height.
    public private(set) var currentImage: UIImage?
    /// Insets around the content; they add to the intrinsic size. Zero means the default 6 pt above and below.
    public var contentEdgeInsets: UIEdgeInsets = .zero { didSet { invalidateIntrinsicContentSize() } }
    /// Moves the title; does not change the intrinsic size.
    public var titleEdgeInsets: UIEdgeInsets = .zero
    /// Moves the image; does not change the intrinsic size.
    public var imageEdgeInsets: UIEdgeInsets = .zero
    /// Whether a `UIButton.Configuration` sizes the button (iOS 15 buttons): the title on the
    /// pixel grid, its line unrounded, inside ``contentEdgeInsets`` as the configuration's
    /// content insets (`Controls.Button.usesConfiguration`).
    public var usesConfiguration = false { didSet { invalidateIntrinsicContentSize() } }

    var cache = PreparedTextCache()

    /// Creates a button.
    public init(type: ButtonType = .system, frame: CGRect = .zero) {
        super.init(frame: frame)
    }

    /// Sets the title for a state (only `.normal` is used for sizing).
    public func setTitle(_ title: String?, for state: State) {
        guard state == .normal else { return }
        currentTitle = title
        invalidateIntrinsicContentSize()
    }
    /// Sets the image for a state (only `.normal` is used for sizing).
    public func setImage(_ image: UIImage?, for state: State) {
        guard state == .normal else { return }
        currentImage = image
        invalidateIntrinsicContentSize()
    }

    /// The title's size plus the content insets; an image adds its width and can raise the
    /// height (`Controls.Button`).
    open override var intrinsicContentSize: CGSize {
        do {
            let (button, prepared) = try measurer()
            let size = try button.intrinsicContentSize(
                scale: Double(traitCollection.displayScale), prepared: prepared)
            return CGSize(width: size.width, height: size.height)
        } catch {
            measurementError = error
            return .zero
        }
    }

    /// The button as the text engine measures it, with its prepared title.
    private func measurer() throws(TypesettingError) -> (Button, PreparedText) {
        let (resolved, prepared) = try cache.prepared(
            currentTitle ?? "", font: titleFont, letterSpacing: 0, language: traitCollection.typesettingLanguage,
            fontRuns: titleFontRuns)
        var button = Button(title: currentTitle ?? "", font: resolved)
        button.contentEdgeInsets = contentEdgeInsets
        button.language = prepared.language
        button.imageSize = currentImage?.size
        button.usesConfiguration = usesConfiguration
        return (button, prepared)
    }

    /// The title as it shows in the button's current bounds (after a layout pass): one line,
    /// truncated in the middle when the button is narrower than its title.
    public func shownTitle() throws(TypesettingError) -> ShownText {
        let (button, prepared) = try measurer()
        var bounds = frame.size
        if let image = currentImage { bounds.width -= image.size.width }
        return try button.shownTitle(in: bounds, prepared: prepared)
    }

    /// The title's baselines inside the insets (or the default padding), centred in the
    /// content height when the image is taller.
    override func measureBaselines() -> BaselineOffsets? {
        let scale = Double(traitCollection.displayScale)
        guard let (button, prepared) = try? measurer(), let layout = try? button.titleLayout(prepared: prepared),
            let size = try? button.intrinsicContentSize(scale: scale, prepared: prepared)
        else { return nil }
        let insets = button.effectiveContentInsets
        // The title is centred in its whole-point height (`Button.intrinsicContentSize`).
        var offsets = BaselineOffsets(
            layout, font: button.font, scale: 1, top: CGFloat(insets.top), bottom: CGFloat(insets.bottom))
        let titleHeight = CGFloat(
            PixelGrid.ceil(layout.lines.isEmpty ? button.font.lineHeight : layout.height, scale: 1))
        let extra = max(0, CGFloat(size.height) - CGFloat(insets.vertical) - titleHeight) / 2
        offsets.fromTop += extra
        offsets.fromBottom += extra
        return offsets
    }

    override var defaultName: String {
        guard let title = currentTitle, !title.isEmpty else { return super.defaultName }
        return "'\(title)'"
    }
}

/// Scrollable, editable text (`UITextView`). While scrolling is enabled it has no intrinsic
/// size; with scrolling off it sizes like a label with unlimited lines, wrapping at the
/// width layout gives it, plus `textContainerInset` and the line fragment padding.
open class UITextView: UIView {
    /// The text.
    public var text: String = "" { didSet { if text != oldValue { invalidateIntrinsicContentSize() } } }
    /// The font (UIKit falls back to a 12 pt font when none is set).
    public var font: UIFont = .systemFont(ofSize: 12) { didSet { invalidateIntrinsicContentSize() } }
    /// Whether the text scrolls inside fixed bounds (true by default: no intrinsic size).
    public var isScrollEnabled = true { didSet { if isScrollEnabled != oldValue { invalidateIntrinsicContentSize() } } }
    /// Insets around the text container, (8, 0, 8, 0) by default.
    public var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) {
        didSet { invalidateIntrinsicContentSize() }
    }

    var cache = PreparedTextCache()

    /// Creates a text view.
    public init(text: String = "", frame: CGRect = .zero) {
        self.text = text
        super.init(frame: frame)
    }

    override var wrapsAtLayoutWidth: Bool { !isScrollEnabled }

    /// ``UIView/noIntrinsicMetric`` on both axes while scrolling; the text's size otherwise.
    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled else {
            return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
        }
        do {
            let (view, prepared) = try measurer()
            let size = try view.intrinsicContentSize(scale: Double(traitCollection.displayScale), prepared: prepared)
            return CGSize(width: size.width, height: size.height)
        } catch {
            measurementError = error
            return .zero
        }
    }

    /// The text view as the text engine measures it (not scrolling), with its prepared text.
    private func measurer() throws(TypesettingError) -> (TextView, PreparedText) {
        let language = traitCollection.typesettingLanguage
        let (resolved, prepared) = try cache.prepared(text, font: font, letterSpacing: 0, language: language)
        var view = TextView(text: text, font: resolved)
        view.language = language
        view.isScrollEnabled = false
        view.textContainerInset = textContainerInset
        if let width = automaticWrapWidth, width > 0 { view.width = Double(width) }
        return (view, prepared)
    }

    override func measureBaselines() -> BaselineOffsets? {
        guard !isScrollEnabled, let (view, prepared) = try? measurer(),
            let layout = try? view.layout(prepared: prepared)
        else { return nil }
        return BaselineOffsets(
            layout, font: view.font, scale: Double(traitCollection.displayScale), top: textContainerInset.top,
            bottom: textContainerInset.bottom)
    }

}
