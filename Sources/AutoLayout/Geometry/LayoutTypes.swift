// `UIEdgeInsets`, `CGSize`-returning sizing rules and `noIntrinsicMetric` come from `Controls`;
// a user of these views imports `AutoLayout` alone, as an app imports UIKit.
@_exported import Controls
import Foundation
import Typesetting

/// The priority of a constraint, from 1 to 1000 (`UILayoutPriority`).
///
/// A higher priority is satisfied before any number of lower ones; 1000 is required.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, CustomStringConvertible
{
    /// The priority's value, 1...1000.
    public var rawValue: Float
    /// Creates a priority from its value.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// Creates a priority from its value.
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// Creates a priority from a literal such as `750`.
    public init(integerLiteral value: Int) { rawValue = Float(value) }
    /// Creates a priority from a literal such as `999.5`.
    public init(floatLiteral value: Float) { rawValue = value }

    /// 1000: the constraint must hold.
    public static let required = UILayoutPriority(1000)
    /// 750: the default compression resistance.
    public static let defaultHigh = UILayoutPriority(750)
    /// 250: the default content hugging of views made in code.
    public static let defaultLow = UILayoutPriority(250)
    /// 50: the priority `systemLayoutSizeFitting` uses to get as close as possible to a target.
    public static let fittingSizeLevel = UILayoutPriority(50)

    /// Whether the priority is required (1000).
    public var isRequired: Bool { rawValue >= 1000 }
    /// A textual form such as `750`.
    public var description: String { PixelGrid.format(Double(rawValue)) }

    /// Orders priorities by value.
    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
    /// A priority raised by `rhs`, as in `.defaultHigh + 1`.
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
        UILayoutPriority(lhs.rawValue + rhs)
    }
    /// A priority lowered by `rhs`, as in `.defaultLow - 1`.
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
        UILayoutPriority(lhs.rawValue - rhs)
    }
}

/// Insets that follow the layout direction (`NSDirectionalEdgeInsets`).
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    /// The top inset.
    public var top: CGFloat
    /// The inset on the leading side.
    public var leading: CGFloat
    /// The bottom inset.
    public var bottom: CGFloat
    /// The inset on the trailing side.
    public var trailing: CGFloat
    /// Creates directional insets.
    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    /// No insets.
    public static let zero = NSDirectionalEdgeInsets()
}

/// The direction text and leading/trailing constraints run in.
public enum UIUserInterfaceLayoutDirection: String, Sendable, Hashable, CaseIterable {
    /// Leading is left (English).
    case leftToRight
    /// Leading is right (Arabic, Hebrew).
    case rightToLeft
}

/// A size class: how much room an axis has (`UIUserInterfaceSizeClass`).
public enum UIUserInterfaceSizeClass: String, Sendable, Hashable, CaseIterable {
    /// Not known (a view outside a window).
    case unspecified
    /// Little room: every iPhone's width in portrait.
    case compact
    /// Much room: iPad, or an iPhone's height in portrait.
    case regular
}

/// The environment a view is laid out in (`UITraitCollection`, the part layout needs).
public struct UITraitCollection: Hashable, Sendable {
    /// The width's size class.
    public var horizontalSizeClass: UIUserInterfaceSizeClass
    /// The height's size class.
    public var verticalSizeClass: UIUserInterfaceSizeClass
    /// Pixels per point: 1, 2 or 3.
    public var displayScale: CGFloat
    /// The layout direction.
    public var layoutDirection: UIUserInterfaceLayoutDirection
    /// The user's text size (Dynamic Type), `large` by default.
    public var preferredContentSizeCategory: ContentSizeCategory
    /// The language text is set in (`typesettingLanguage`, a BCP 47 tag such as "ja"): the
    /// screen's locale, as an app's preferred language is in UIKit. It picks fallback faces
    /// (Han characters in a Japanese or a Chinese face); nil is unknown.
    public var typesettingLanguage: String?
    /// Creates a trait collection.
    public init(
        horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified,
        verticalSizeClass: UIUserInterfaceSizeClass = .unspecified, displayScale: CGFloat = 2,
        layoutDirection: UIUserInterfaceLayoutDirection = .leftToRight,
        preferredContentSizeCategory: ContentSizeCategory = .large, typesettingLanguage: String? = nil
    ) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.displayScale = displayScale
        self.layoutDirection = layoutDirection
        self.preferredContentSizeCategory = preferredContentSizeCategory
        self.typesettingLanguage = typesettingLanguage
    }
}

/// A font by description (`UIFont`): a family, a size, a weight and a slant, resolved to a
/// real face through ``FontRegistry`` when text is measured.
///
/// The system font is SF Pro when supplied, else Inter with SF Pro's line metrics
/// (`FontRegistry.systemFont`, docs/system-font.md).
public struct UIFont: Hashable, Sendable, CustomStringConvertible {
    /// A weight such as `.regular` or `.semibold`.
    public typealias Weight = FontWeight
    /// A family name, PostScript name or font file path.
    public var fontName: String
    /// The size in points.
    public var pointSize: CGFloat
    /// The weight.
    public var weight: Weight
    /// Whether the italic face is wanted.
    public var isItalic: Bool
    /// The Dynamic Type text style the font was made from (`UIFontDescriptor`'s text style),
    /// or nil for a font of a fixed size.
    public var textStyle: TextStyle?

    /// The system font at a size and weight (`FontRegistry.systemFont`).
    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(fontName: FontRegistry.systemFamily, pointSize: size, weight: weight, isItalic: false)
    }
    /// The bold system font at a size.
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { systemFont(ofSize: size, weight: .bold) }
    /// The italic system font at a size.
    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(fontName: FontRegistry.systemFamily, pointSize: size, weight: .regular, isItalic: true)
    }
    /// The font of a Dynamic Type text style at a content size category (Apple's HIG
    /// tables; see docs/dynamic-type.md), in the system family.
    public static func preferredFont(
        forTextStyle style: TextStyle, compatibleWith traits: UITraitCollection? = nil
    ) -> UIFont {
        UIFont(FontSpecification(textStyle: style, category: traits?.preferredContentSizeCategory ?? .large))
    }
    /// The font a specification describes (a family or the system font, a size or a text
    /// style at its category, a weight, a slant), at `defaultSize` when it gives no size; it is
    /// resolved when text is measured.
    public init(_ specification: FontSpecification, defaultSize: CGFloat = 17) {
        self.init(
            fontName: specification.family ?? FontRegistry.systemFamily,
            pointSize: CGFloat(specification.pointSize(defaultSize: Double(defaultSize))),
            weight: specification.resolvedWeight, isItalic: specification.italic)
        textStyle = specification.textStyle
    }
    /// A font by name, or nil when no registered face has that name (as `UIFont(name:size:)`).
    public init?(name: String, size: CGFloat, registry: FontRegistry = .shared) {
        guard (try? registry.font(name, size: Double(size))) != nil else { return nil }
        self.init(fontName: name, pointSize: size, weight: .regular, isItalic: false)
    }
    /// A font from its parts; it is resolved (and may fail) when text is measured.
    public init(fontName: String, pointSize: CGFloat, weight: Weight = .regular, isItalic: Bool = false) {
        self.fontName = fontName
        self.pointSize = pointSize
        self.weight = weight
        self.isItalic = isItalic
    }
    /// The font at a content size category: a text-style font at that category's size for its
    /// style; a font of a fixed size unchanged.
    public func adjusted(to category: ContentSizeCategory) -> UIFont {
        guard let textStyle else { return self }
        var copy = self
        copy.pointSize = CGFloat(textStyle.size(at: category))
        return copy
    }
    /// The same font at another size.
    public func withSize(_ size: CGFloat) -> UIFont {
        var copy = self
        copy.pointSize = size
        return copy
    }
    /// The real font: a face from the registry at this size.
    public func resolve(registry: FontRegistry = .shared) throws(TypesettingError) -> Font {
        try registry.font(fontName, size: Double(pointSize), weight: weight, italic: isItalic)
    }
    /// `Inter 17 pt semibold`.
    public var description: String {
        "\(fontName) \(PixelGrid.format(Double(pointSize))) pt\(weight == .regular ? "" : " \(weight)")"
            + (isItalic ? " italic" : "")
    }
}

/// The traits a view sets for itself and its subviews (`UITraitOverrides`, iOS 17), over
/// those it inherits; nil leaves a trait as inherited.
public struct UITraitOverrides: Hashable, Sendable {
    /// The text size (Dynamic Type).
    public var preferredContentSizeCategory: ContentSizeCategory?
    /// The language text is set in (a BCP 47 tag).
    public var typesettingLanguage: String?
    /// The layout direction.
    public var layoutDirection: UIUserInterfaceLayoutDirection?

    /// Overrides of the traits given; the others are inherited.
    public init(
        preferredContentSizeCategory: ContentSizeCategory? = nil, typesettingLanguage: String? = nil,
        layoutDirection: UIUserInterfaceLayoutDirection? = nil
    ) {
        self.preferredContentSizeCategory = preferredContentSizeCategory
        self.typesettingLanguage = typesettingLanguage
        self.layoutDirection = layoutDirection
    }

    /// Whether no trait is overridden.
    public var isEmpty: Bool {
        preferredContentSizeCategory == nil && typesettingLanguage == nil && layoutDirection == nil
    }

    /// Sets the overridden traits in `traits`.
    func apply(to traits: inout UITraitCollection) {
        if let preferredContentSizeCategory { traits.preferredContentSizeCategory = preferredContentSizeCategory }
        if let typesettingLanguage { traits.typesettingLanguage = typesettingLanguage }
        if let layoutDirection { traits.layoutDirection = layoutDirection }
    }
}
