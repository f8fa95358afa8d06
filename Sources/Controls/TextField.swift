import Foundation
import Typesetting

/// `UITextField`'s sizing: one line of text (or the placeholder when the text is empty).
///
/// Rounded-rect fields are the text width plus 28 by 34 pt; the other border styles are the
/// text width by the line height plus 1.5. The text width is at least 5 pt (the caret's
/// room). These are measured on Mac Catalyst and unverified on iOS (see docs/autolayout.md).
public struct TextField: Sendable {
    /// The field's border (`UITextField.BorderStyle`).
    public enum BorderStyle: Sendable, Hashable {
        /// No border (the default in code).
        case none
        /// A thin line (sized like `none`).
        case line
        /// A bezel (sized like `none`).
        case bezel
        /// The rounded rectangle: 34 pt tall.
        case roundedRect
    }

    /// The text.
    public var text: String
    /// The placeholder, measured when the text is empty.
    public var placeholder: String?
    /// The font (UIKit's default is the 17 pt system font).
    public var font: Font
    /// The border style (none by default, as for fields made in code).
    public var borderStyle: BorderStyle = .none
    /// The text's BCP 47 language ("ja", "ar"), a hint that picks fallback faces; nil is unknown.
    public var language: String?

    /// The narrowest text width: room for the caret in an empty field.
    public static let minimumTextWidth: Double = 5
    /// The width a rounded rectangle adds around the text.
    public static let roundedRectHorizontalPadding: Double = 28
    /// A rounded-rect field's height.
    public static let roundedRectHeight: Double = 34
    /// What the other border styles add to the font's line height.
    public static let borderlessExtraHeight: Double = 1.5

    /// Creates a field with UIKit's defaults for code (no border).
    public init(text: String, font: Font) {
        self.text = text
        self.font = font
    }

    /// The string measured: the text, or the placeholder while the text is empty.
    public var measuredText: String {
        if text.isEmpty, let placeholder, !placeholder.isEmpty { return placeholder }
        return text
    }

    /// ``measuredText`` prepared once (itemized and shaped).
    public func prepare(registry: FontRegistry = .shared) throws(TypesettingError) -> PreparedText {
        try PreparedText(measuredText, font: font, language: language, registry: registry)
    }

    /// `intrinsicContentSize`: the text's one-line width on the pixel grid (at least 5) plus the
    /// border's padding, by the border's height.
    /// - Parameter prepared: ``measuredText`` already prepared, or nil to prepare it now.
    public func intrinsicContentSize(scale: Double = 2, prepared: PreparedText? = nil) throws(TypesettingError)
        -> CGSize
    {
        try PixelGrid.validate(scale: scale)
        let text: PreparedText
        if let prepared { text = prepared } else { text = try prepare() }
        let width = max(PixelGrid.ceil(try text.measure(oneUnboundedLine).width, scale: scale), Self.minimumTextWidth)
        if borderStyle == .roundedRect {
            return CGSize(width: width + Self.roundedRectHorizontalPadding, height: Self.roundedRectHeight)
        }
        return CGSize(width: width, height: PixelGrid.ceil(font.lineHeight + Self.borderlessExtraHeight, scale: scale))
    }
}

/// `UISegmentedControl`'s sizing: segments of equal width, 32 pt tall, with 13 pt titles.
///
/// UIKit's width has no published formula: each segment is the widest title plus 18.5 pt, and
/// at least 32 pt (an approximation; see docs/autolayout.md).
public struct SegmentedControl: Sendable {
    /// The segment titles.
    public var titles: [String]
    /// The title font (UIKit's is the 13 pt system font).
    public var font: Font
    /// The titles' BCP 47 language, a hint that picks fallback faces; nil is unknown.
    public var language: String?

    /// The point size of UIKit's segment titles.
    public static let defaultFontSize: Double = 13
    /// What each segment adds to the widest title.
    public static let segmentPadding: Double = 18.5
    /// The narrowest segment.
    public static let minimumSegmentWidth: Double = 32
    /// The control's height.
    public static let height: Double = 32

    /// Creates a segmented control.
    public init(titles: [String], font: Font) {
        self.titles = titles
        self.font = font
    }

    /// `intrinsicContentSize`: the widest title's width on the pixel grid plus 18.5 (at least
    /// 32) per segment, by 32.
    public func intrinsicContentSize(scale: Double = 2, registry: FontRegistry = .shared) throws(TypesettingError)
        -> CGSize
    {
        try PixelGrid.validate(scale: scale)
        var widest = 0.0
        for title in titles {
            let text = try PreparedText(title, font: font, language: language, registry: registry)
            widest = max(widest, try text.measure(oneUnboundedLine).width)
        }
        let segment = max(PixelGrid.ceil(widest, scale: scale) + Self.segmentPadding, Self.minimumSegmentWidth)
        return CGSize(width: segment * Double(titles.count), height: Self.height)
    }
}

/// One unbounded line: how a text field and a segmented control measure their titles (the
/// width only, so no lines are built).
private let oneUnboundedLine = LayoutOptions(width: .infinity, numberOfLines: 1)
