import Catalogs
import Controls
import Foundation
import LayoutFiles
import Typesetting

/// The titles bars show in an IB file, checked in each language: a navigation item's title
/// between its bar button items and back button (or as a large title), the bar button items'
/// titles, toolbar items' titles and tab bar items' titles, in the room `Controls.BarTitles`
/// gives each (docs/interface-builder-check.md, "Bar titles"; `MeasureCheckBarTitlesTests`).
struct BarTitleCheck {
    /// The IB file's path, as findings name it.
    var path: String
    /// The width of controllers' bars: the device's screen in the file's orientation. A bar
    /// placed as a view is as wide as it is laid out, given to `findings(_:language:barWidth:)`.
    var barWidth: Double
    var registry: FontRegistry = .shared

    /// The findings of every title in one language; nil entries are titles that fit. They do
    /// not depend on the content size category: UIKit's bars keep their title sizes.
    func findings(
        _ titles: [InterfaceBuilderBarTitle], language: InterfaceBuilderLanguage, barWidth: Double? = nil
    ) throws(RequestError) -> [Finding?] {
        let width = barWidth ?? self.barWidth
        do {
            return try titles.map { title throws(TypesettingError) in
                try finding(title, language: language, barWidth: width)
            }
        } catch {
            throw RequestError(error, context: "\(path): bar titles (\(language.name))")
        }
    }

    /// The widths of one side's bar button items, with their titles in `language`.
    func widths(_ items: [InterfaceBuilderBarButton], language: InterfaceBuilderLanguage) throws(TypesettingError)
        -> [Double]
    {
        try items.map { item throws(TypesettingError) in
            if let text = item.title.map({ language.text(for: $0).text }) ?? item.systemTitle {
                return try BarTitles.width(
                    of: .title(text, isDone: item.isDone), language: language.typesettingLanguage, registry: registry)
            }
            return try BarTitles.width(of: .image(width: item.contentWidth ?? BarTitles.iconWidth), language: nil)
        }
    }

    /// One title against its room; nil when it shows whole.
    func finding(
        _ title: InterfaceBuilderBarTitle, language: InterfaceBuilderLanguage, barWidth: Double
    ) throws(TypesettingError) -> Finding? {
        let (text, translation) = language.text(for: title.text)
        let fit: BarTitleFit
        let control: ControlKind
        switch title.role {
        case .navigationTitle(let isLarge):
            control = .label
            if isLarge {
                fit = try fitted(
                    text, BarTitles.largeTitleFont, BarTitles.largeTitleWidth(barWidth: barWidth), language)
            } else {
                let leading = try widths(title.leading, language: language)
                let trailing = try widths(title.trailing, language: language)
                var room = BarTitles.navigationTitleWidth(barWidth: barWidth, leading: leading, trailing: trailing)
                if !title.backButtons.isEmpty {
                    let needed = try fitted(text, BarTitles.titleFont, .infinity, language).needed
                    room =
                        try title.backButtons.map { back throws(TypesettingError) in
                            try roomBeside(
                                back, titleWidth: needed, leading: leading, trailing: trailing, barWidth: barWidth,
                                language: language)
                        }.min() ?? room
                }
                fit = try fitted(text, BarTitles.titleFont, room, language)
            }
        case .barButton:
            control = .button
            let others = try widths(
                (title.leading + title.trailing).filter { $0.title != title.text }, language: language)
            let room = BarTitles.barButtonWidth(
                barWidth: barWidth, otherWidths: others, leadingCount: title.leading.count,
                trailingCount: title.trailing.count)
            fit = try fitted(text, BarTitles.barButtonFont(isDone: isDone(title)), room, language)
        case .toolbarItem:
            control = .button
            // The items sit in one row between the side margins, 8 pt apart; a space item
            // stands in place of that gap (`BarTitles.itemSpacing`).
            let others = try widths(title.leading.filter { $0.title != title.text }, language: language)
            let gaps = zip(title.leading, title.leading.dropFirst()).filter { !isSpace($0) && !isSpace($1) }.count
            let room = BarTitles.barButtonWidth(
                barWidth: barWidth, otherWidths: others, leadingCount: gaps + 1, trailingCount: 0)
            fit = try fitted(text, BarTitles.barButtonFont(isDone: isDone(title)), room, language)
        case .tabBarItem(let count):
            control = .label
            fit = try fitted(
                text, BarTitles.tabBarItemFont, BarTitles.tabBarItemWidth(barWidth: barWidth, itemCount: count),
                language)
        }
        let entry = CatalogEntry(
            key: title.text.key, variant: nil, language: language.name, text: text,
            file: translation?.file ?? path, line: translation?.line ?? title.text.position.line)
        let element = ElementReference(
            file: path, line: title.text.position.line, kind: title.text.kind, name: title.text.name, scene: title.scene
        )
        // The title as set (the shaping cache holds its words): what no font draws, and the stand-ins.
        let prepared = try? PreparedText(
            text, font: fit.font, language: language.typesettingLanguage, registry: registry)
        if let prepared,
            var missing = CheckCoverage.missingFinding(
                prepared, entry: entry, category: .large, control: control, font: fit.font.description)
        {
            missing.element = element
            return missing
        }
        guard fit.isTruncated else { return nil }
        var finding = Finding(
            entry: entry, category: .large, problem: .truncated, control: control, font: fit.font.description,
            needed: CGSize(width: fit.needed, height: fit.height),
            available: CGSize(width: fit.available, height: fit.height),
            shown: [fit.shown])
        finding.element = element
        finding.approximate = prepared.flatMap { FontStandIn.phrase($0.standIns) }
        return finding
    }

    /// The room a navigation title has beside a back button: UIKit keeps the first of the
    /// button's titles with which the button and the title both show whole
    /// (`UINavigationItem.BackButtonDisplayMode.default`: "The navigation item selects the most
    /// appropriate title for the Back button according to the available space"), else the
    /// last (the indicator alone), beside which the title is cut.
    func roomBeside(
        _ back: InterfaceBuilderBackButton, titleWidth: Double, leading: [Double], trailing: [Double],
        barWidth: Double, language: InterfaceBuilderLanguage
    ) throws(TypesettingError) -> Double {
        var room = 0.0
        for choice in back.choices {
            let button = try backButtonWidth(choice, language: language)
            room = BarTitles.navigationTitleWidth(barWidth: barWidth, leading: [button] + leading, trailing: trailing)
            let buttonRoom = BarTitles.barButtonWidth(
                barWidth: barWidth, otherWidths: leading + trailing, leadingCount: leading.count + 1,
                trailingCount: trailing.count)
            if titleWidth <= room + 0.01, button <= buttonRoom + 0.01 { return room }
        }
        return room
    }

    /// A back button's width: the indicator, then its title in the bar button font.
    func backButtonWidth(_ choice: InterfaceBuilderBackButton.Title, language: InterfaceBuilderLanguage)
        throws(TypesettingError) -> Double
    {
        let title: String
        var typesetting: String?
        switch choice {
        case .indicatorOnly: return BarTitles.backIndicatorWidth
        case .generic: title = BarTitles.genericBackTitle
        case .text(let text):
            title = language.text(for: text).text
            typesetting = language.typesettingLanguage
        }
        guard !title.trimmingCharacters(in: .whitespaces).isEmpty else { return BarTitles.backIndicatorWidth }
        return try BarTitles.backIndicatorWidth
            + BarTitles.width(of: .title(title, isDone: false), language: typesetting, registry: registry)
    }

    private func isSpace(_ item: InterfaceBuilderBarButton) -> Bool {
        item.systemItem == "flexibleSpace" || item.systemItem == "fixedSpace"
    }

    private func isDone(_ title: InterfaceBuilderBarTitle) -> Bool {
        (title.leading + title.trailing).first { $0.title == title.text }?.isDone ?? false
    }

    private func fitted(
        _ text: String, _ font: (size: Double, weight: FontWeight), _ width: Double,
        _ language: InterfaceBuilderLanguage
    ) throws(TypesettingError) -> BarTitleFit {
        try BarTitles.fit(text, font: font, width: width, language: language.typesettingLanguage, registry: registry)
    }
}

/// A bar title that `measure check` reports as cut: the width it needs, the width its bar
/// gives it, one line's height and the text as drawn.
package struct BarTitleShortfall: Sendable {
    /// The whole title's width.
    package var needed: Double
    /// The room the bar leaves it.
    package var available: Double
    /// One line's height.
    package var height: Double
    /// The text as drawn, cut with "…".
    package var shown: [String]
}

extension BarTitleShortfall {
    /// The file's own (Base) titles checked as `measure check` checks them
    /// (`BarTitleCheck.finding`), in bars `barWidth` wide: nil for a title that shows whole,
    /// and for one that is not judged because no font draws some of its characters (its
    /// finding is `missingCharacters`, which has no sizes). The ib fuzz target (`IBHarness`)
    /// runs the reader's bar titles through it.
    package static func inBaseLanguage(_ titles: [InterfaceBuilderBarTitle], barWidth: Double)
        throws(TypesettingError) -> [BarTitleShortfall?]
    {
        let check = BarTitleCheck(path: "", barWidth: barWidth)
        let base = InterfaceBuilderLanguage(name: InterfaceBuilderLanguage.base, direction: .leftToRight)
        return try titles.map { title throws(TypesettingError) in
            try check.finding(title, language: base, barWidth: barWidth).flatMap {
                guard $0.problem == .truncated else { return nil }
                return BarTitleShortfall(
                    needed: Double($0.needed.width), available: Double($0.available.width),
                    height: Double($0.needed.height), shown: $0.shown)
            }
        }
    }
}
