import Catalogs
import Controls
import Foundation
import LayoutFiles
import Typesetting

/// The titles bars show in an IB file, checked in each language: a navigation item's title
/// between its bar button items (or as a large title), the bar button items' titles, and
/// tab bar items' titles, in the room `Controls.BarTitles` gives each on the file's device
/// (docs/interface-builder-check.md, "Bar titles"; `MeasureCheckBarTitlesTests`).
struct BarTitleCheck {
    /// The IB file's path, as findings name it.
    var path: String
    /// The width of the bars: the device's screen in the file's orientation.
    var barWidth: Double
    var registry: FontRegistry = .shared

    /// The findings of every title in one language; nil entries are titles that fit. They do
    /// not depend on the content size category: UIKit's bars keep their title sizes.
    func findings(_ titles: [InterfaceBuilderBarTitle], language: InterfaceBuilderLanguage) throws(RequestError)
        -> [Finding?]
    {
        do {
            return try titles.map { title throws(TypesettingError) in try finding(title, language: language) }
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
    func finding(_ title: InterfaceBuilderBarTitle, language: InterfaceBuilderLanguage) throws(TypesettingError)
        -> Finding?
    {
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
                let room = BarTitles.navigationTitleWidth(
                    barWidth: barWidth, leading: try widths(title.leading, language: language),
                    trailing: try widths(title.trailing, language: language))
                fit = try fitted(text, BarTitles.titleFont, room, language)
            }
        case .barButton:
            control = .button
            let others = try widths(
                (title.leading + title.trailing).filter { $0.title != title.text }, language: language)
            let room = BarTitles.barButtonWidth(
                barWidth: barWidth, otherWidths: others, leadingCount: title.leading.count,
                trailingCount: title.trailing.count)
            let font = (
                size: BarTitles.barButtonFont.size, weight: isDone(title) ? .semibold : BarTitles.barButtonFont.weight
            )
            fit = try fitted(text, font, room, language)
        case .tabBarItem(let count):
            control = .label
            fit = try fitted(
                text, BarTitles.tabBarItemFont, BarTitles.tabBarItemWidth(barWidth: barWidth, itemCount: count),
                language)
        }
        guard fit.isTruncated else { return nil }
        let entry = CatalogEntry(
            key: title.text.key, variant: nil, language: language.name, text: text,
            file: translation?.file ?? path, line: translation?.line ?? title.text.position.line)
        var finding = Finding(
            entry: entry, category: .large, problem: .truncated, control: control, font: fit.font.description,
            needed: CGSize(width: fit.needed, height: fit.height),
            available: CGSize(width: fit.available, height: fit.height),
            shown: [fit.shown])
        finding.element = ElementReference(
            file: path, line: title.text.position.line, kind: title.text.kind, name: title.text.name, scene: title.scene
        )
        return finding
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
