import Typesetting

/// The room UIKit's bars give their titles, and the fonts they set them in: a navigation
/// bar's title between its bar button items, a large title across the bar, a tab bar item's
/// title in its share of the bar, a segment's title in its share of the control. Each
/// constant's source is in docs/interface-builder-check.md ("Bar titles"); the rules are
/// pinned by `MeasureCheckBarTitlesTests`, one construct each.
public enum BarTitles {
    /// A navigation bar's title: 17 pt semibold (the emphasized body style, as the Headline
    /// text style sets it).
    public static let titleFont = (size: 17.0, weight: FontWeight.semibold)
    /// A large title (`prefersLargeTitles`): 34 pt bold.
    public static let largeTitleFont = (size: 34.0, weight: FontWeight.bold)
    /// A bar button item's title: 17 pt regular; a `done` item's is semibold.
    public static let barButtonFont = (size: 17.0, weight: FontWeight.regular)
    /// A tab bar item's title on iPhone, stacked under its icon: 10 pt medium.
    public static let tabBarItemFont = (size: 10.0, weight: FontWeight.medium)
    /// A segment's title: 13 pt regular (`SegmentedControl.defaultFontSize`).
    public static let segmentFont = (size: SegmentedControl.defaultFontSize, weight: FontWeight.regular)
    /// The space between two bar button items on the same side.
    public static let itemSpacing = 8.0
    /// The space between the title and the nearest bar button item.
    public static let titleSpacing = 6.0
    /// The space between the title and the bar's edge on a side without items.
    public static let titleEdgeInset = 8.0
    /// A bar button item with an image, when the file does not give the image's size: the
    /// HIG's target size for navigation bar and toolbar icons (24 × 24 pt).
    public static let iconWidth = 24.0
    /// The most items a tab bar shows on iPhone: with more view controllers than that,
    /// `UITabBarController` shows four and a *More* item ("If you add more than five items
    /// to the viewControllers property, the tab bar controller automatically inserts a
    /// special view controller (called the More view controller)").
    public static let maximumTabBarItems = 5

    /// A navigation bar's side margins: 16 pt on phones narrower than 414 pt, 20 on wider
    /// screens (the system minimum layout margins, as for a controller's root view).
    public static func sideMargin(barWidth: Double) -> Double { barWidth >= 414 ? 20 : 16 }

    /// One bar button item, as wide as its title or image.
    public enum BarButton: Sendable, Hashable {
        /// A text item (a title, or a system item such as Done), `isDone` for the `done` style.
        case title(String, isDone: Bool)
        /// An item without text (an image, a system icon, a space or a custom view), this wide.
        case image(width: Double)
    }

    /// The width a navigation bar leaves its title (given its bar button items' widths on each
    /// side): on a side with items, the side margin, the items, the spacing between them and
    /// the title's spacing from the nearest; on a side without, the title's edge inset. The
    /// title is centered on the bar when it fits there and slides toward the shorter side when
    /// it does not; it is cut only when it is wider than the room between the items.
    public static func navigationTitleWidth(
        barWidth: Double, leading: [Double], trailing: [Double]
    ) -> Double {
        let margin = sideMargin(barWidth: barWidth)
        func side(_ items: [Double]) -> Double {
            guard !items.isEmpty else { return titleEdgeInset }
            return margin + items.reduce(0, +) + itemSpacing * Double(items.count - 1) + titleSpacing
        }
        return max(0, barWidth - side(leading) - side(trailing))
    }

    /// The width one bar button item has, given the widths of the others on each side: the
    /// items keep their widths while they all fit between the side margins (8 pt apart on a
    /// side); when they do not, this item has what the margins, the others and the spacing
    /// leave it.
    public static func barButtonWidth(
        barWidth: Double, otherWidths: [Double], leadingCount: Int, trailingCount: Int
    ) -> Double {
        let gaps = max(0, leadingCount - 1) + max(0, trailingCount - 1)
        return max(
            0, barWidth - 2 * sideMargin(barWidth: barWidth) - otherWidths.reduce(0, +) - itemSpacing * Double(gaps))
    }

    /// The width a large title has: the bar less its side margins (the items sit on the row above).
    public static func largeTitleWidth(barWidth: Double) -> Double {
        max(0, barWidth - 2 * sideMargin(barWidth: barWidth))
    }

    /// The width one tab bar item's title has: the bar's width over the items it shows.
    public static func tabBarItemWidth(barWidth: Double, itemCount: Int) -> Double {
        barWidth / Double(min(max(1, itemCount), maximumTabBarItems))
    }

    /// The width one segment's title has: the control's width over its segments, less the
    /// padding each segment keeps around its title (`SegmentedControl.segmentPadding`).
    public static func segmentTitleWidth(controlWidth: Double, segmentCount: Int) -> Double {
        max(0, controlWidth / Double(max(1, segmentCount)) - SegmentedControl.segmentPadding)
    }

    /// A title set on one line in the system font (`FontRegistry.systemFont(size:weight:)`):
    /// its whole width on the pixel grid, and the text as shown in `width` (cut at the tail
    /// with "…" when it does not fit).
    public static func fit(
        _ text: String, font: (size: Double, weight: FontWeight), width: Double, language: String?,
        scale: Double = 2, registry: FontRegistry = .shared
    ) throws(TypesettingError) -> BarTitleFit {
        let resolved = try registry.systemFont(size: font.size, weight: font.weight)
        let prepared = try PreparedText(text, font: resolved, language: language, registry: registry)
        let whole = try prepared.measure(LayoutOptions(width: .infinity, numberOfLines: 1))
        let needed = PixelGrid.ceil(whole.width, scale: scale)
        let height = PixelGrid.ceil(whole.height, scale: scale)
        guard needed > width + 0.01 else {
            return BarTitleFit(needed: needed, height: height, available: width, shown: text, font: resolved)
        }
        var shown = "\u{2026}"
        if width > 0 {
            let layout = try prepared.layout(
                LayoutOptions(width: width, numberOfLines: 1, lineBreakMode: .byTruncatingTail))
            shown = layout.lines.first.map { prepared.displayedText(of: $0) } ?? shown
        }
        return BarTitleFit(needed: needed, height: height, available: width, shown: shown, font: resolved)
    }

    /// The width of a bar button item's title or image.
    public static func width(
        of item: BarButton, language: String?, scale: Double = 2, registry: FontRegistry = .shared
    ) throws(TypesettingError) -> Double {
        switch item {
        case .image(let width): return width
        case .title(let title, let isDone):
            let font = (size: barButtonFont.size, weight: isDone ? FontWeight.semibold : barButtonFont.weight)
            return try fit(title, font: font, width: .infinity, language: language, scale: scale, registry: registry)
                .needed
        }
    }
}

/// A bar title against the width it has.
public struct BarTitleFit: Sendable {
    /// The whole title's width, pixel-ceiled.
    public var needed: Double
    /// One line's height, pixel-ceiled.
    public var height: Double
    /// The width the bar gives it.
    public var available: Double
    /// The title as drawn: whole, or cut with "…".
    public var shown: String
    /// The font it is set in.
    public var font: Font
    /// Whether it is cut.
    public var isTruncated: Bool { needed > available + 0.01 }
}
