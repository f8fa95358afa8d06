import Foundation
import Typesetting

/// `UITextField`'s sizing: one line of text (or the placeholder when the text is empty).
///
/// Rounded-rect fields are the text width plus 28 by 34 pt (30 pt before iOS 13); the other
/// border styles are the text width by the line height plus 1.5. The text width is at least
/// 5 pt (the caret's room). These are measured on Mac Catalyst and unverified on iOS (see
/// docs/autolayout.md), but for the rounded rectangle's height by release, which Interface
/// Builder files show (docs/interface-builder.md, "UIKit release").
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
    /// The release whose size is wanted (nil: this library's table, a 34 pt rounded rectangle).
    public var release: UIKitRelease?

    /// The narrowest text width: room for the caret in an empty field.
    public static let minimumTextWidth: Double = 5
    /// The width a rounded rectangle adds around the text.
    public static let roundedRectHorizontalPadding: Double = 28
    /// A rounded-rect field's height from iOS 13.
    public static let roundedRectHeight: Double = 34
    /// A rounded-rect field's height before iOS 13: Interface Builder files of toolsVersion
    /// 12118 and 14113 store unconstrained rounded-rect fields 30 tall, those of 15702 and
    /// later 34 (docs/interface-builder.md, "UIKit release").
    public static let olderRoundedRectHeight: Double = 30

    /// The rounded rectangle's height for ``release``.
    public var roundedRectHeight: Double {
        if let release, release.major < 13 { return Self.olderRoundedRectHeight }
        return Self.roundedRectHeight
    }
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
            return CGSize(width: width + Self.roundedRectHorizontalPadding, height: roundedRectHeight)
        }
        return CGSize(width: width, height: PixelGrid.ceil(font.lineHeight + Self.borderlessExtraHeight, scale: scale))
    }
}

/// `UISegmentedControl`'s sizing: segments of equal width, 32 pt tall, with 13 pt titles.
///
/// UIKit's width has no published formula: each segment is the widest title plus 18.5 pt, and
/// at least 32 pt (an approximation; see docs/autolayout.md). For a release, the height is
/// Interface Builder's: 29 up to iOS 12; from iOS 13's redesign an alignment rectangle 31 tall
/// (what constraints hold) with the frame reaching 1 pt below it, so a control held 34 tall is
/// stored 35 tall and one left to its own height 32 (docs/interface-builder.md, "UIKit
/// release").
public struct SegmentedControl: Sendable {
    /// The segment titles.
    public var titles: [String]
    /// The title font (UIKit's is the 13 pt system font).
    public var font: Font
    /// The titles' BCP 47 language, a hint that picks fallback faces; nil is unknown.
    public var language: String?
    /// The release whose height is wanted (nil: this library's 32, without insets).
    public var release: UIKitRelease?

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

    /// The alignment rectangle's height: 29 before iOS 13, 31 from it, 32 without a release.
    public var alignmentHeight: Double {
        guard let release else { return Self.height }
        return release.major < 13 ? 29 : 31
    }

    /// How far the frame reaches past the alignment rectangle: 1 below from iOS 13 (files of
    /// toolsVersion 19529 and 20037 store controls held 34 and 31 tall at 35 and 32).
    public var alignmentRectInsets: UIEdgeInsets { Self.alignmentRectInsets(for: release) }

    /// ``alignmentRectInsets`` for a release.
    public static func alignmentRectInsets(for release: UIKitRelease?) -> UIEdgeInsets {
        if let release, release.major >= 13 { return UIEdgeInsets(top: 0, left: 0, bottom: 1, right: 0) }
        return .zero
    }

    /// `intrinsicContentSize`: the widest title's width on the pixel grid plus 18.5 (at least
    /// 32) per segment, by ``alignmentHeight``.
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
        return CGSize(width: segment * Double(titles.count), height: alignmentHeight)
    }
}

/// One unbounded line: how a text field and a segmented control measure their titles (the
/// width only, so no lines are built).
private let oneUnboundedLine = LayoutOptions(width: .infinity, numberOfLines: 1)
