import Foundation
import Typesetting

/// A legacy `UIButton`'s sizing (no `UIButton.Configuration`).
///
/// The intrinsic size is the title's size plus `contentEdgeInsets`. When those insets are
/// all zero UIKit pads the title 6 pt above and below, so a 15 pt title gives the familiar
/// 30 pt height; any non-zero `contentEdgeInsets` replace that padding. `titleEdgeInsets`
/// and `imageEdgeInsets` only move the title and image after sizing and never change it.
public struct Button: Sendable {
    /// The title, on one line (buttons truncate in the middle).
    public var title: String
    /// The title font (UIKit's default is the 15 pt system font).
    public var font: Font
    /// Insets around the content; they add to the intrinsic size.
    public var contentEdgeInsets: UIEdgeInsets = .zero
    /// Moves the title; does not change the intrinsic size.
    public var titleEdgeInsets: UIEdgeInsets = .zero
    /// Moves the image; does not change the intrinsic size.
    public var imageEdgeInsets: UIEdgeInsets = .zero
    /// Extra space after each grapheme cluster of the title.
    public var letterSpacing: Double = 0
    /// The title's BCP 47 language ("ja", "ar"), a hint that picks fallback faces; nil is unknown.
    public var language: String?

    /// The padding UIKit puts above and below the title when `contentEdgeInsets` is zero.
    public static let defaultTitleVerticalPadding: Double = 6

    /// The content width of a button with neither title nor image: Interface Builder stores
    /// YOD's empty rounded-rect button, placed only by its centre, its top and a 30 pt height,
    /// at 30 wide (docs/interface-builder.md). `ButtonTests.testEmptyTitleIsOneLineHigh`
    /// pins it.
    public static let emptyContentWidth: Double = 30

    /// Creates a button with UIKit's defaults.
    public init(title: String, font: Font) {
        self.title = title
        self.font = font
    }

    /// The title as a one-line label truncating in the middle.
    public var titleLabel: Label {
        var label = Label(text: title, font: font)
        label.numberOfLines = 1
        label.lineBreakMode = .byTruncatingMiddle
        label.letterSpacing = letterSpacing
        label.language = language
        return label
    }

    /// The title's layout in a button `width` wide (unbounded by default): use it to see
    /// whether a title truncates.
    public func titleLayout(width: Double = .infinity, prepared: PreparedText? = nil) throws(TypesettingError)
        -> TextLayout
    {
        let available = try contentEdgeInsets.innerWidth(
            of: width, rule: "a button's width must be greater than its left and right content insets")
        return try titleLabel.layout(width: available, prepared: prepared)
    }

    /// The insets around the title: `contentEdgeInsets`, or when they are all zero the default
    /// 6 pt above and below (what the intrinsic size and the title's baselines use).
    public var effectiveContentInsets: UIEdgeInsets {
        contentEdgeInsets.isZero
            ? UIEdgeInsets(top: Button.defaultTitleVerticalPadding, bottom: Button.defaultTitleVerticalPadding)
            : contentEdgeInsets
    }

    /// `intrinsicContentSize`: the title's size raised to whole points plus the content insets
    /// (or the default 6 pt above and below). An empty title measures one line high and
    /// ``emptyContentWidth`` wide.
    ///
    /// The title is measured at scale 1 on every display: Interface Builder stores a 20 pt
    /// Montserrat "LOG IN" (69.1 × 24.4 pt of text) at 70 × 37 on @2x, and @3x buttons 147,
    /// 107 and 110 wide where the pixel grid would give 146.33, 106.33 and 109.33
    /// (docs/interface-builder.md). `scale` is still validated, so callers pass their display's.
    /// `ButtonTests.testTitleIsRaisedToWholePoints` pins it.
    public func intrinsicContentSize(scale: Double = 2, prepared: PreparedText? = nil) throws(TypesettingError)
        -> CGSize
    {
        try PixelGrid.validate(scale: scale)
        let titleSize = try titleLabel.intrinsicContentSize(scale: 1, prepared: prepared)
        // An empty title is one line high, set like any title line: without the line gap.
        let line = font.metrics.ascender - font.metrics.descender
        let titleHeight = title.isEmpty ? PixelGrid.ceil(line, scale: 1) : titleSize.height
        let insets = effectiveContentInsets
        let titleWidth = title.isEmpty ? Button.emptyContentWidth : titleSize.width
        return CGSize(width: titleWidth + insets.horizontal, height: titleHeight + insets.vertical)
    }
}
