import Foundation
import Typesetting

/// A legacy `UIButton`'s sizing (no `UIButton.Configuration`).
///
/// The intrinsic size is the title's size plus `contentEdgeInsets`. When those insets are
/// all zero and the button shows no image, UIKit pads the title 6 pt above and below, so a
/// 15 pt title gives the familiar 30 pt height; any non-zero `contentEdgeInsets` replace that
/// padding. An image sits beside the title: its width adds to the title's and the height is
/// the larger of the two, without the padding. `titleEdgeInsets` and `imageEdgeInsets` only
/// move the title and image after sizing and never change it.
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
    /// The size of the image shown beside the title, or nil without one.
    public var imageSize: CGSize?
    /// Whether a `UIButton.Configuration` sizes the button (iOS 15 and later): the title's
    /// width is raised to the pixel grid rather than to whole points and its line height is
    /// kept as it is, and the configuration's content insets (``contentEdgeInsets``) replace
    /// the default padding (docs/interface-builder.md, "iOS 15 button configurations").
    public var usesConfiguration = false

    /// The padding UIKit puts above and below the title when `contentEdgeInsets` is zero.
    public static let defaultTitleVerticalPadding: Double = 6

    /// The smallest content width of a button without an image, title or not: Interface
    /// Builder stores YOD's empty rounded-rect button, placed only by its centre, its top and
    /// a 30 pt height, at 30 wide, and short titles ("EDIT", "24H", "编辑") at 30 or, in a
    /// proportional stack, in proportion to 30 (docs/interface-builder.md).
    /// `ButtonTests.testEmptyTitleIsOneLineHigh` and
    /// `ButtonTests.testShortTitleIsThirtyPointsWide` pin it.
    public static let minimumContentWidth: Double = 30

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

    /// The insets around the content: `contentEdgeInsets`, or when they are all zero and there
    /// is no image the default 6 pt above and below (what the intrinsic size and the title's
    /// baselines use).
    public var effectiveContentInsets: UIEdgeInsets {
        contentEdgeInsets.isZero && imageSize == nil && !usesConfiguration
            ? UIEdgeInsets(top: Button.defaultTitleVerticalPadding, bottom: Button.defaultTitleVerticalPadding)
            : contentEdgeInsets
    }

    /// The smallest height of a button showing an image and no title, before its content
    /// insets: Interface Builder stores buttons of 20 × 15, 14 × 14 and 21 × 21 pt images at
    /// 20 × 22, 14 × 22 and 21 × 22 (docs/interface-builder.md).
    public static let minimumImageOnlyHeight: Double = 22

    /// `intrinsicContentSize`: the title's size raised to whole points plus the content insets
    /// (or the default 6 pt above and below). An empty title measures one line high; without
    /// an image, the title is at least ``minimumContentWidth`` wide.
    ///
    /// The title is measured at scale 1 on every display: Interface Builder stores a 20 pt
    /// Montserrat "LOG IN" (69.1 × 24.4 pt of text) at 70 × 37 on @2x, and @3x buttons 147,
    /// 107 and 110 wide where the pixel grid would give 146.33, 106.33 and 109.33
    /// (docs/interface-builder.md). `scale` is still validated, so callers pass their display's.
    /// `ButtonTests.testTitleIsRaisedToWholePoints` pins it.
    ///
    /// With an image, the width is the title's and the image's, and the height the larger of
    /// the title line and the image, plus `contentEdgeInsets` only: a 12 pt Karla "Ethereum"
    /// beside a 10 × 6 image is stored 64 × 15, not 27 tall (docs/interface-builder.md,
    /// `ButtonTests.testImageAndTitleHaveNoPadding`). Without a title, the image's width by
    /// its height but at least ``minimumImageOnlyHeight``.
    public func intrinsicContentSize(scale: Double = 2, prepared: PreparedText? = nil) throws(TypesettingError)
        -> CGSize
    {
        try PixelGrid.validate(scale: scale)
        let insets = effectiveContentInsets
        if let image = imageSize, title.isEmpty {
            return CGSize(
                width: Double(image.width) + insets.horizontal,
                height: max(Double(image.height), Button.minimumImageOnlyHeight) + insets.vertical)
        }
        if usesConfiguration, !title.isEmpty {
            // The title's width on the pixel grid, its height unrounded: rx-agent's plain
            // "Отмена" is stored 86 wide (title + 24) and, centred at 617.5 on @2x, 34 tall,
            // which only the 20.29 pt body line + 14 (edges 600.36 and 634.64 rounded apart)
            // gives (`ButtonTests.testConfigurationSizesTheTitleOnThePixelGrid`).
            let label = titleLabel
            let text: PreparedText
            if let prepared { text = prepared } else { text = try label.prepare() }
            var measurement = try text.measure(label.options(width: .infinity))
            if !measurement.isTruncated { measurement.width += text.trailingWhitespaceWidth }
            return CGSize(
                width: PixelGrid.ceil(measurement.width, scale: scale) + Double(imageSize?.width ?? 0)
                    + insets.horizontal,
                height: max(measurement.height, Double(imageSize?.height ?? 0)) + insets.vertical)
        }
        let titleSize = try titleLabel.intrinsicContentSize(scale: 1, prepared: prepared)
        // An empty title is one line high, set like any title line: without the line gap.
        let line = font.metrics.ascender - font.metrics.descender
        let titleHeight = title.isEmpty ? PixelGrid.ceil(line, scale: 1) : titleSize.height
        // Without an image, a title narrower than 30 pt (an empty one too) is widened to 30.
        let titleWidth = imageSize == nil ? max(titleSize.width, Button.minimumContentWidth) : titleSize.width
        let imageWidth = Double(imageSize?.width ?? 0)
        let contentHeight = max(titleHeight, Double(imageSize?.height ?? 0))
        return CGSize(width: titleWidth + imageWidth + insets.horizontal, height: contentHeight + insets.vertical)
    }
}
