import AutoLayout
import Foundation
import Typesetting

/// One text of an IB file that a translation replaces: `ObjectID.property`, as
/// `xx.lproj/Main.strings` and String Catalogs named after the file key it.
public struct InterfaceBuilderText: Sendable, Hashable {
    /// The object's id.
    public var objectID: String
    /// `text`, `normalTitle`, `placeholder`, `segmentTitles[N]`, or a static table section's
    /// `headerTitle` or `footerTitle`.
    public var property: String
    /// The text the file itself holds (the Base localization).
    public var baseText: String
    /// The element's kind (`label`, `button`, …).
    public var kind: String
    /// The object's name (`userLabel`, else its kind and text).
    public var name: String
    /// Where the element starts in the IB file.
    public var position: SourcePosition
    /// The translation key, `ObjectID.property`.
    public var key: String { "\(objectID).\(property)" }
}

/// A built scene whose texts and text size change between layouts without rebuilding it:
/// new texts and fonts change intrinsic sizes, and the next layout pass updates the
/// solver's constants from them. `measure check` lays a scene out this way once per
/// language and content size category, building it once per layout direction.
public final class InterfaceBuilderVariableScene {
    /// The scene.
    public let scene: InterfaceBuilderScene
    /// Its translatable texts, in document order.
    public let texts: [InterfaceBuilderText]
    /// Views whose font is a Dynamic Type text style, with what reads it.
    private let styled: [(view: UIView, style: TextStyle, apply: (UIView, UIFont) -> Void)]
    /// Views inside a scroll view (their content may run past the screen).
    private let inScrollView: Set<String>
    private var category: ContentSizeCategory
    /// Whether a label adjusts its font to the screen's category itself.
    private let readsCategory: Bool
    private var shown: [String: String] = [:]

    init(
        scene: InterfaceBuilderScene, texts: [InterfaceBuilderText],
        styled: [(view: UIView, style: TextStyle, apply: (UIView, UIFont) -> Void)], category: ContentSizeCategory
    ) {
        self.scene = scene
        self.texts = texts
        self.styled = styled
        self.category = category
        var inside = Set<String>()
        for object in scene.objects {
            var parent = object.superviewID
            while let current = parent {
                if scene.scrollViews.contains(current) {
                    inside.insert(object.id)
                    break
                }
                parent = scene.object(id: current)?.superviewID
            }
        }
        inScrollView = inside
        readsCategory = scene.screen.views.contains { ($0.view as? UILabel)?.adjustsFontForContentSizeCategory == true }
        for text in texts { shown[text.key] = text.baseText }
    }

    /// Sets the language text is typeset in (a BCP 47 tag; nil for the development language):
    /// fallback fonts follow it, as they follow the app's language on a device.
    public func setLanguage(_ language: String?) {
        let window = scene.screen.window
        guard window.traitOverrides.typesettingLanguage != language else { return }
        window.traitOverrides.typesettingLanguage = language
    }

    /// Sets every text-style font to its size at `category` (fonts of a fixed size stay), and
    /// the screen's content size category.
    public func setContentSizeCategory(_ category: ContentSizeCategory) {
        guard category != self.category else { return }
        self.category = category
        // The screen's category is a trait change, which measures every view again: only for
        // labels that read it (`adjustsFontForContentSizeCategory`).
        if readsCategory { scene.screen.window.traitOverrides.preferredContentSizeCategory = category }
        for entry in styled {
            var specification = FontSpecification(textStyle: entry.style, category: category)
            specification.family = InterfaceBuilderFonts.systemFamily()
            entry.apply(entry.view, UIFont(specification))
        }
    }

    /// Shows `text` in place of a translatable text (the Base text when nil).
    public func show(_ text: String?, for item: InterfaceBuilderText) {
        let value = text ?? item.baseText
        guard shown[item.key] != value, let view = scene.view(id: item.objectID) else { return }
        shown[item.key] = value
        switch (view, item.property) {
        case (let label as UILabel, _): label.text = value
        case (let button as UIButton, _): button.setTitle(value, for: .normal)
        case (let field as UITextField, "placeholder"): field.placeholder = value
        case (let field as UITextField, _): field.text = value
        case (let textView as UITextView, _): textView.text = value
        case (let section as InterfaceBuilderTableSection, "headerTitle"): section.headerTitle = value
        case (let section as InterfaceBuilderTableSection, "footerTitle"): section.footerTitle = value
        case (let control as UISegmentedControl, let property):
            if let number = InterfaceBuilderVariableScene.segmentIndex(property),
                control.titles.indices.contains(number)
            {
                control.titles[number] = value
            }
        default: break
        }
    }

    /// The segment a property names: `segmentTitles[2]` → 2.
    public static func segmentIndex(_ property: String) -> Int? {
        guard property.hasPrefix("segmentTitles["), property.hasSuffix("]") else { return nil }
        return Int(property.dropFirst("segmentTitles[".count).dropLast())
    }

    /// Lays the scene out and reports the views that show the translatable texts, by object
    /// id, plus the layout pass's own problems. Ambiguity is not checked (it does not depend
    /// on texts), and content inside a scroll view is never off screen. The views `reporting`
    /// names (bars whose titles are checked at their laid-out width) are reported too.
    public func layOutTexts(reporting extra: Set<String> = []) -> (
        views: [String: LayoutReport.ViewReport], problems: [LayoutReport.Problem]
    ) {
        let screen = scene.screen
        screen.window.layoutIfNeeded()
        var placements = Placements(window: screen.window)
        var reports: [String: LayoutReport.ViewReport] = [:]
        var problems: [LayoutReport.Problem] = []
        let wanted = Set(texts.map(\.objectID)).union(extra)
        for entry in screen.views where wanted.contains(entry.name) {
            var (report, viewProblems) = screen.report(of: entry, placements: &placements, checksAmbiguity: false)
            if inScrollView.contains(entry.name) {
                report.isOffscreen = false
                viewProblems.removeAll { $0.kind == .offscreen }
            }
            reports[entry.name] = report
            problems += viewProblems
        }
        return (reports, problems)
    }
}

extension InterfaceBuilderFile {
    /// The scenes built with `options`, each ready to take other texts and text sizes.
    ///
    /// - Throws: what ``makeScenes(_:only:)`` throws.
    public func makeVariableScenes(
        _ options: InterfaceBuilderOptions = InterfaceBuilderOptions(), only: [Scene]? = nil
    ) throws(LayoutFileError) -> [InterfaceBuilderVariableScene] {
        let built = try makeScenes(options, only: only)
        var elementOfID: [String: Int] = [:]
        for (index, element) in tree.elements.enumerated() {
            if let id = element.attribute("id"), elementOfID[id] == nil { elementOfID[id] = index }
        }
        return built.map { scene in
            var texts: [InterfaceBuilderText] = []
            var styled: [(view: UIView, style: TextStyle, apply: (UIView, UIFont) -> Void)] = []
            for object in scene.objects {
                for (property, text) in object.texts.sorted(by: { InterfaceBuilderFile.order($0.key, $1.key) }) {
                    texts.append(
                        InterfaceBuilderText(
                            objectID: object.id, property: property, baseText: text, kind: object.kind,
                            name: object.name, position: object.position))
                }
                guard let index = elementOfID[object.id], let view = scene.view(id: object.id) else { continue }
                guard let (style, apply) = textStyle(of: index, view: view) else { continue }
                styled.append((view, style, apply))
            }
            return InterfaceBuilderVariableScene(
                scene: scene, texts: texts, styled: styled, category: options.contentSizeCategory ?? .large)
        }
    }

    /// A label that shrinks its text to fit, read by the reader's label case so `measure layout`
    /// and `measure check` both see it (`InterfaceBuilderShrinkingTests`): Interface Builder
    /// writes `adjustsFontSizeToFit="NO"` on labels that do not (543 of the 545 labels in
    /// ../shared/ib-corpus) and leaves the attribute out on those that do, writing instead
    /// `minimumScaleFactor` or, in the older form, `minimumFontSize` (a size in points, read
    /// as a fraction of the label's font size). Without either the scale is UIKit's default, 0.
    func readShrinking(_ element: XMLTree.Element, into label: UILabel) {
        guard !label.adjustsFontSizeToFitWidth, element.attribute("adjustsFontSizeToFit") != "NO" else { return }
        label.adjustsFontSizeToFitWidth = true
        var scale = element.attribute("minimumScaleFactor").flatMap(Double.init)
        if scale == nil, let size = element.attribute("minimumFontSize").flatMap(Double.init), label.font.pointSize > 0
        {
            scale = size / Double(label.font.pointSize)
        }
        if let scale, scale.isFinite { label.minimumScaleFactor = CGFloat(min(max(scale, 0), 1)) }
    }

    /// Properties in a stable order: `text`, `normalTitle`, `placeholder`, then segments by number.
    static func order(_ a: String, _ b: String) -> Bool {
        let ranks = ["text": 0, "normalTitle": 1, "placeholder": 2]
        let (ra, rb) = (ranks[a] ?? 3, ranks[b] ?? 3)
        if ra != rb { return ra < rb }
        let (sa, sb) = (InterfaceBuilderVariableScene.segmentIndex(a), InterfaceBuilderVariableScene.segmentIndex(b))
        if let sa, let sb { return sa < sb }
        return a < b
    }

    /// The text style a view's font is set in, and how to give the view another font: the
    /// same font element the reader reads (a label's first attributed fragment, a button
    /// configuration's title font, which is body when it names none).
    func textStyle(of index: Int, view: UIView) -> (TextStyle, (UIView, UIFont) -> Void)? {
        func style(_ owner: Int, key: String = "fontDescription") -> TextStyle? {
            let description =
                tree.child(of: owner, named: "fontDescription", key: key)
                ?? tree.child(of: owner, named: "font", key: key)
            return description.flatMap { tree[$0].attribute("style") }.flatMap(InterfaceBuilderFonts.textStyle)
        }
        switch view {
        case is UILabel:
            var found = style(index)
            if let attributed = tree.child(of: index, named: "attributedString", key: "attributedText"),
                let fragment = tree.children(of: attributed, named: "fragment").first,
                let attributes = tree.child(of: fragment, named: "attributes")
            {
                found = style(attributes, key: "NSFont")
            }
            return found.map { ($0, { ($0 as? UILabel)?.font = $1 }) }
        case is UIButton:
            var found = style(index)
            if let configuration = tree.child(of: index, named: "buttonConfiguration", key: "configuration") {
                found =
                    tree.child(of: configuration, named: "fontDescription", key: "titleFontDescription") != nil
                    ? style(configuration, key: "titleFontDescription") : .body
            }
            return found.map { ($0, { ($0 as? UIButton)?.titleFont = $1 }) }
        case is UITextField:
            return style(index).map { ($0, { ($0 as? UITextField)?.font = $1 }) }
        case is UITextView:
            return style(index).map { ($0, { ($0 as? UITextView)?.font = $1 }) }
        default:
            return nil
        }
    }
}
