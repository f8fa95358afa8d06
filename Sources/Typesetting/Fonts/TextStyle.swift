/// A Dynamic Type text style: `UIFont.TextStyle`, with the size, weight and leading iOS gives it
/// at every content size category.
///
/// The numbers are Apple's published tables: Human Interface Guidelines › Typography ›
/// Specifications › "iOS, iPadOS Dynamic Type sizes" and "iOS, iPadOS larger accessibility type
/// sizes" (https://developer.apple.com/design/human-interface-guidelines/typography#Specifications).
/// `docs/dynamic-type.md` reproduces them. Every style is Regular except `headline` (Semibold).
///
/// ```swift
/// let font = try FontRegistry.shared.font(textStyle: .body, category: .accessibilityLarge)
/// font.size   // 33
/// ```
public enum TextStyle: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// Large Title: 34 pt at `large`.
    case largeTitle
    /// Title 1: 28 pt at `large`.
    case title1
    /// Title 2: 22 pt at `large`.
    case title2
    /// Title 3: 20 pt at `large`.
    case title3
    /// Headline: 17 pt Semibold at `large`.
    case headline
    /// Subheadline ("Subhead" in the HIG): 15 pt at `large`.
    case subheadline
    /// Body: 17 pt at `large`, 53 pt at AX5.
    case body
    /// Callout: 16 pt at `large`.
    case callout
    /// Footnote: 13 pt at `large`.
    case footnote
    /// Caption 1: 12 pt at `large`.
    case caption1
    /// Caption 2: 11 pt at `large`.
    case caption2

    /// The style's weight at every category: Semibold for `headline`, Regular for the rest.
    public var weight: FontWeight { self == .headline ? .semibold : .regular }

    /// The point size at `category` (HIG table).
    public func size(at category: ContentSizeCategory = .large) -> Double {
        Double(TextStyle.table[category.tableIndex][tableIndex].size)
    }

    /// The leading (recommended line-to-line distance, in points) at `category` (HIG table).
    /// Layout uses the font's own line height, as UIKit does; this is the designer's figure.
    public func leading(at category: ContentSizeCategory = .large) -> Double {
        Double(TextStyle.table[category.tableIndex][tableIndex].leading)
    }

    /// Parses a style name: the `UIFont.TextStyle` case name (`body`, `title1`, …), or the HIG's
    /// label ("Title 1", "Subhead", "Caption 2"); case, spaces, `-` and `_` do not matter.
    public init?(parsing text: String) {
        let key = TextStyle.normalized(text)
        let aliases: [String: TextStyle] = ["subhead": .subheadline, "title": .title1, "caption": .caption1]
        if let match = TextStyle.allCases.first(where: { TextStyle.normalized($0.rawValue) == key }) {
            self = match
        } else if let alias = aliases[key] {
            self = alias
        } else {
            return nil
        }
    }

    /// The `UIFont.TextStyle` case name.
    public var description: String { rawValue }

    static func normalized(_ text: String) -> String {
        String(text.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" && $0 != "." })
    }

    private var tableIndex: Int { TextStyle.allCases.firstIndex(of: self) ?? 0 }

    /// Size / leading in points, one row per category (xSmall … AX5), one column per style in
    /// declaration order: largeTitle, title1, title2, title3, headline, subheadline, body,
    /// callout, footnote, caption1, caption2. Copied from the HIG tables named above.
    private static let table: [[(size: Int, leading: Int)]] = [
        // xSmall
        [(31, 38), (25, 31), (19, 24), (17, 22), (14, 19), (12, 16), (14, 19), (13, 18), (12, 16), (11, 13), (11, 13)],
        // Small
        [(32, 39), (26, 32), (20, 25), (18, 23), (15, 20), (13, 18), (15, 20), (14, 19), (12, 16), (11, 13), (11, 13)],
        // Medium
        [(33, 40), (27, 33), (21, 26), (19, 24), (16, 21), (14, 19), (16, 21), (15, 20), (12, 16), (11, 13), (11, 13)],
        // Large (default)
        [(34, 41), (28, 34), (22, 28), (20, 25), (17, 22), (15, 20), (17, 22), (16, 21), (13, 18), (12, 16), (11, 13)],
        // xLarge
        [(36, 43), (30, 37), (24, 30), (22, 28), (19, 24), (17, 22), (19, 24), (18, 23), (15, 20), (14, 19), (13, 18)],
        // xxLarge
        [(38, 46), (32, 39), (26, 32), (24, 30), (21, 26), (19, 24), (21, 26), (20, 25), (17, 22), (16, 21), (15, 20)],
        // xxxLarge
        [(40, 48), (34, 41), (28, 34), (26, 32), (23, 29), (21, 28), (23, 29), (22, 28), (19, 24), (18, 23), (17, 22)],
        // AX1
        [(44, 52), (38, 46), (34, 41), (31, 38), (28, 34), (25, 31), (28, 34), (26, 32), (23, 29), (22, 28), (20, 25)],
        // AX2
        [(48, 57), (43, 51), (39, 47), (37, 44), (33, 40), (30, 37), (33, 40), (32, 39), (27, 33), (26, 32), (24, 30)],
        // AX3
        [(52, 61), (48, 57), (44, 52), (43, 51), (40, 48), (36, 43), (40, 48), (38, 46), (33, 40), (32, 39), (29, 35)],
        // AX4
        [(56, 66), (53, 62), (50, 59), (49, 58), (47, 56), (42, 50), (47, 56), (44, 52), (38, 46), (37, 44), (34, 41)],
        // AX5
        [(60, 70), (58, 68), (56, 66), (55, 65), (53, 62), (49, 58), (53, 62), (51, 60), (44, 52), (43, 51), (40, 48)],
    ]
}

/// The user's preferred text size: `UIContentSizeCategory`, named as UIKit names its cases.
/// Ordered from smallest to largest; `large` is the default.
public enum ContentSizeCategory: String, CaseIterable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// xSmall (`UIContentSizeCategory.extraSmall`).
    case extraSmall
    /// Small.
    case small
    /// Medium.
    case medium
    /// Large, the default.
    case large
    /// xLarge.
    case extraLarge
    /// xxLarge.
    case extraExtraLarge
    /// xxxLarge, the largest size without "Larger Accessibility Sizes".
    case extraExtraExtraLarge
    /// AX1.
    case accessibilityMedium
    /// AX2.
    case accessibilityLarge
    /// AX3.
    case accessibilityExtraLarge
    /// AX4.
    case accessibilityExtraExtraLarge
    /// AX5, the largest.
    case accessibilityExtraExtraExtraLarge

    /// Whether this is one of the five larger accessibility sizes (AX1–AX5).
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// The HIG's short name: "xSmall", "Large", "AX3", ….
    public var shortName: String {
        ["xSmall", "Small", "Medium", "Large", "xLarge", "xxLarge", "xxxLarge", "AX1", "AX2", "AX3", "AX4", "AX5"][
            tableIndex]
    }

    /// Parses a category: the `UIContentSizeCategory` name (`accessibilityLarge`), the SwiftUI
    /// `DynamicTypeSize` name (`xSmall`, `xxxLarge`, `accessibility2`), the HIG's short name
    /// (`AX2`), UIKit's raw value (`UICTContentSizeCategoryAccessibilityL`) or its size letters
    /// alone (`xs`, `s`, `m`, `l`, `xl`, `xxl`, `xxxl`). Case does not matter.
    public init?(parsing text: String) {
        let key = TextStyle.normalized(text)
        if let match = ContentSizeCategory.allCases.first(where: {
            TextStyle.normalized($0.rawValue) == key || TextStyle.normalized($0.shortName) == key
        }) {
            self = match
            return
        }
        let uikitRaw = ["xs", "s", "m", "l", "xl", "xxl", "xxxl"]
        let prefix = "uictcontentsizecategory"
        if key.hasPrefix("accessibility"), let level = Int(key.dropFirst("accessibility".count)),
            (1...5).contains(level)
        {
            self = ContentSizeCategory.allCases[6 + level]
        } else if let index = uikitRaw.firstIndex(of: key) {
            // The size letters alone (`xs` … `xxxl`), as docs/layout-files.md documents them.
            self = ContentSizeCategory.allCases[index]
        } else if key.hasPrefix(prefix) {
            var rest = String(key.dropFirst(prefix.count))
            let accessible = rest.hasPrefix("accessibility")
            if accessible { rest = String(rest.dropFirst("accessibility".count)) }
            guard let index = uikitRaw.firstIndex(of: rest) else { return nil }
            if accessible {
                guard (2...6).contains(index) else { return nil }  // M, L, XL, XXL, XXXL
                self = ContentSizeCategory.allCases[5 + index]
            } else {
                self = ContentSizeCategory.allCases[index]
            }
        } else {
            return nil
        }
    }

    /// Smaller categories sort first.
    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool {
        lhs.tableIndex < rhs.tableIndex
    }

    /// The `UIContentSizeCategory` case name.
    public var description: String { rawValue }

    var tableIndex: Int { ContentSizeCategory.allCases.firstIndex(of: self) ?? 3 }
}

/// What a font is asked for: a family (or file path), or a Dynamic Type text style at a content
/// size category, plus size, weight and slant. `resolve(in:)` turns it into a `Font`; the CLI,
/// batch lines, `measure check` specs (and layout files, later) all describe fonts this way.
public struct FontSpecification: Sendable, Hashable {
    /// A family name, PostScript name or font file path, or "system" (`FontRegistry.systemFamily`);
    /// nil is the system font, as in UIKit (SF Pro when the registry has it, else Inter with SF
    /// Pro's line metrics).
    public var family: String?
    /// A Dynamic Type style; it sets the size and the default weight.
    public var textStyle: TextStyle?
    /// The content size category a text style is read at.
    public var category: ContentSizeCategory
    /// The point size; with a text style it must be nil (the style decides).
    public var size: Double?
    /// The weight; nil is the text style's weight, or regular.
    public var weight: FontWeight?
    /// Whether to use an italic face.
    public var italic: Bool

    /// Creates a specification; every part is optional.
    public init(
        family: String? = nil, textStyle: TextStyle? = nil, category: ContentSizeCategory = .large,
        size: Double? = nil, weight: FontWeight? = nil, italic: Bool = false
    ) {
        self.family = family
        self.textStyle = textStyle
        self.category = category
        self.size = size
        self.weight = weight
        self.italic = italic
    }

    /// The same specification with another family (a per-language override, say).
    public func withFamily(_ family: String?) -> FontSpecification {
        var copy = self
        copy.family = family
        return copy
    }

    /// The same specification at another content size category.
    public func at(_ category: ContentSizeCategory) -> FontSpecification {
        var copy = self
        copy.category = category
        return copy
    }

    /// The point size this resolves to: the text style's size at the category, else `size`,
    /// else `defaultSize`.
    public func pointSize(defaultSize: Double = 17) -> Double {
        if let textStyle { return textStyle.size(at: category) }
        return size ?? defaultSize
    }

    /// The weight this resolves to: the given one, else the text style's, else regular.
    public var resolvedWeight: FontWeight { weight ?? textStyle?.weight ?? .regular }

    /// The font: the family's face closest to the weight (the style's weight by default) at the
    /// point size.
    ///
    /// - Throws: `invalidParameter` when both a text style and a size are given;
    ///   `fontNotFound`, `fontPathNotFound`, `unreadableFont` or `invalidFontSize` from the registry.
    public func resolve(in registry: FontRegistry = .shared, defaultSize: Double = 17) throws(TypesettingError)
        -> Font
    {
        if textStyle != nil, let size {
            throw .invalidParameter(
                name: "font size with a text style", value: size,
                allowed: "no size: a text style sets the size from its content size category")
        }
        // The system font by default, as in UIKit: a text style's optical size and tracking
        // then follow its size when SF Pro is present (docs/dynamic-type.md).
        let name = family ?? FontRegistry.systemFamily
        var font = try registry.font(
            name, size: pointSize(defaultSize: defaultSize), weight: resolvedWeight, italic: italic)
        font.isTextStyle = textStyle != nil
        return font
    }
}

extension FontRegistry {
    /// The font of a Dynamic Type text style at a content size category, in `family` (by
    /// default the system font; see `FontSpecification.family`):
    /// `UIFont.preferredFont(forTextStyle:compatibleWith:)`.
    public func font(
        textStyle: TextStyle, category: ContentSizeCategory = .large, family: String? = nil
    ) throws(TypesettingError) -> Font {
        try FontSpecification(family: family, textStyle: textStyle, category: category).resolve(in: self)
    }
}
