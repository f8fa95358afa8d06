import AutoLayout
import Controls
import Foundation
import Typesetting

/// An image view with a design-time intrinsic size (`placeholderIntrinsicWidth`).
final class InterfaceBuilderImageView: UIImageView {
    var sizeOverride: SizeOverride?
    override var intrinsicContentSize: CGSize { sizeOverride.applied(to: super.intrinsicContentSize) }
}

/// A stack view with a design-time intrinsic size (an empty stack filled in code).
final class InterfaceBuilderStackView: UIStackView {
    var sizeOverride: SizeOverride?
    override var intrinsicContentSize: CGSize { sizeOverride.applied(to: super.intrinsicContentSize) }
}

extension InterfaceBuilderSceneBuilder {
    /// The child elements laid out as subviews of a view: its `<subviews>`, a cell's or
    /// effect view's content view, a table's prototype cells and header and footer, a
    /// collection view's cells, a static table's sections and their cells.
    func childViews(of index: Int) -> [Int] {
        // A static table's section lays out no subviews: its cells are the table's.
        if tree[index].name == "tableViewSection" { return [] }
        var result: [Int] = []
        for child in tree.children(of: index) {
            let element = tree[child]
            switch element.name {
            case "sections": result += staticTableChildren(of: child)
            case "subviews", "prototypes", "cells":
                result += tree.children(of: child).filter {
                    InterfaceBuilderKinds.isView(tree[$0].name) || isUnknownView($0)
                }
            default:
                if let key = element.attribute("key"),
                    ["contentView", "tableHeaderView", "tableFooterView", "backgroundView"].contains(key),
                    InterfaceBuilderKinds.isView(element.name)
                {
                    result.append(child)
                }
            }
        }
        return result
    }

    /// An element inside `<subviews>` that IB wrote for a view kind this reader does not know.
    func isUnknownView(_ index: Int) -> Bool {
        tree[index].attribute("id") != nil && tree.child(of: index, named: "rect", key: "frame") != nil
    }

    /// Makes the view of an element and, below it, its subviews.
    mutating func makeView(
        _ index: Int, superviewID: String?, ancestors: [String], fonts: inout InterfaceBuilderFonts,
        isRoot: Bool = false
    ) throws(LayoutFileError) -> UIView {
        let element = varied(index)
        // A collection view cell's content view is written without an id: it is named after its cell.
        guard
            let id = element.attribute("id")
                ?? superviewID.flatMap({ parent in element.attribute("key").map { "\(parent).\($0)" } }),
            !id.isEmpty
        else {
            throw LayoutFileError(.invalidValue, at: element.position, "<\(element.name)> has no id")
        }
        if ancestors.contains(id) {
            throw LayoutFileError(
                .cyclicHierarchy, at: element.position,
                "<\(element.name) id=\"\(id)\"> is nested inside itself: a view cannot be its own ancestor")
        }
        if views[id] != nil || guides[id] != nil {
            throw LayoutFileError(
                .duplicateName, at: element.position,
                "the id \"\(id)\" of <\(element.name)> is used twice; ids must be unique in the file")
        }
        let kind = element.name
        if !InterfaceBuilderKinds.isView(kind) {
            problems.append(
                LayoutReport.Problem(
                    kind: .layoutDiagnostic, view: id, position: element.position,
                    message: "<\(kind)> is not a view kind this reader knows; it is laid out as a plain view"))
        }
        var texts: [String: String] = [:]
        var usesCustomFont = false
        let view = makeControl(element, index: index, texts: &texts, usesCustomFont: &usesCustomFont, fonts: &fonts)
        view.name = id
        views[id] = view
        elementOfView[id] = index

        // Frames, autoresizing, priorities, margins.
        let stored = rect(of: index)
        let usesAutoLayout = element.attribute("translatesAutoresizingMaskIntoConstraints") == "NO"
        // `fixedFrame="YES"`: a view no constraint names, which the build gives autoresizing
        // constraints for its stored frame and mask (323 of the corpus's 324 such views carry
        // a mask, none is named by a constraint; `testFixedFrameKeepsTheStoredFrame`).
        let keepsFrame = !usesAutoLayout || element.attribute("fixedFrame") == "YES"
        if let stored { view.frame = stored }
        view.translatesAutoresizingMaskIntoConstraints = keepsFrame
        if keepsFrame, let mask = tree.child(of: index, named: "autoresizingMask") {
            let m = tree[mask]
            var result: UIView.AutoresizingMask = []
            if m.attribute("flexibleMinX") == "YES" { result.insert(.flexibleLeftMargin) }
            if m.attribute("widthSizable") == "YES" { result.insert(.flexibleWidth) }
            if m.attribute("flexibleMaxX") == "YES" { result.insert(.flexibleRightMargin) }
            if m.attribute("flexibleMinY") == "YES" { result.insert(.flexibleTopMargin) }
            if m.attribute("heightSizable") == "YES" { result.insert(.flexibleHeight) }
            if m.attribute("flexibleMaxY") == "YES" { result.insert(.flexibleBottomMargin) }
            view.autoresizingMask = result
        }
        let hugging = InterfaceBuilderKinds.defaultHugging(of: kind)
        view.setContentHuggingPriority(
            UILayoutPriority(Float(number(element, "horizontalHuggingPriority") ?? Double(hugging.0))),
            for: .horizontal)
        view.setContentHuggingPriority(
            UILayoutPriority(Float(number(element, "verticalHuggingPriority") ?? Double(hugging.1))),
            for: .vertical)
        view.setContentCompressionResistancePriority(
            UILayoutPriority(Float(number(element, "horizontalCompressionResistancePriority") ?? 750)),
            for: .horizontal)
        view.setContentCompressionResistancePriority(
            UILayoutPriority(Float(number(element, "verticalCompressionResistancePriority") ?? 750)),
            for: .vertical)
        if element.attribute("hidden") == "YES" { view.isHidden = true }
        if kind == "tableViewCellContentView" {
            // A table cell's content view: 11 pt above and below, the root's side margins from
            // iOS 11; UIView's 8 all round before (docs/interface-builder.md, read off stored
            // cell layouts).
            view.layoutMargins =
                release.major <= 10
                ? UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
                : UIEdgeInsets(top: 11, left: rootSideMargin, bottom: 11, right: rootSideMargin)
        }
        if let semantic = element.attribute("semanticContentAttribute").flatMap(UISemanticContentAttribute.init) {
            view.semanticContentAttribute = semantic
        }
        if let margins = insets(of: index, named: "edgeInsets", key: "layoutMargins") {
            view.layoutMargins = margins
        } else if let margins = insets(of: index, named: "directionalEdgeInsets", key: "directionalLayoutMargins") {
            view.layoutMargins = margins
        }
        if element.attribute("insetsLayoutMarginsFromSafeArea") == "NO" { view.insetsLayoutMarginsFromSafeArea = false }
        if element.attribute("preservesSuperviewLayoutMargins") == "YES" { view.preservesSuperviewLayoutMargins = true }

        // Guides the view owns.
        for child in tree.children(of: index, named: "viewLayoutGuide") {
            guard let guideID = tree[child].attribute("id") else { continue }
            switch tree[child].attribute("key") {
            case "safeArea": guides[guideID] = view.safeAreaLayoutGuide
            case "contentLayoutGuide": guides[guideID] = contentGuide(of: id, view: view)
            case "frameLayoutGuide":
                let guide = UILayoutGuide()
                guide.identifier = guideID
                view.addLayoutGuide(guide)
                NSLayoutConstraint.activate([
                    guide.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                    guide.topAnchor.constraint(equalTo: view.topAnchor),
                    guide.widthAnchor.constraint(equalTo: view.widthAnchor),
                    guide.heightAnchor.constraint(equalTo: view.heightAnchor),
                ])
                guides[guideID] = guide
            default: break
            }
        }
        // The keyboard's guide (`<keyboardLayoutGuide key="keyboard">`, iOS 15): no keyboard is
        // shown, so it sits where UIKit puts it while the keyboard is offscreen.
        for child in tree.children(of: index, named: "keyboardLayoutGuide") {
            if let guideID = tree[child].attribute("id") { guides[guideID] = view.keyboardLayoutGuide }
        }
        if InterfaceBuilderKinds.scrolling.contains(kind) { scrollViews.insert(id) }

        objects.append(
            InterfaceBuilderObject(
                id: id, kind: kind, customClass: element.attribute("customClass"),
                name: displayName(element, kind: kind, texts: texts), superviewID: superviewID,
                position: element.position, storedFrame: stored, usesAutoLayout: usesAutoLayout && !isRoot,
                isMarkedStale: element.attribute("misplaced") == "YES" || element.attribute("ambiguous") == "YES",
                isRoot: isRoot, usesCustomFont: usesCustomFont, texts: texts,
                facts: storedFrameFacts(element, index: index, view: view, usesCustomFont: usesCustomFont)))
        if !isRoot {
            screenViews.append(LayoutScreen.View(name: id, kind: kind, view: view, position: element.position))
        }

        // Subviews, minus those this size class leaves out.
        let excludedSubviews = excluded(in: index, key: "subviews")
        let stack = view as? UIStackView
        for child in childViews(of: index) {
            if let childID = tree[child].attribute("id"), excludedSubviews.contains(childID) {
                excludedIDs.insert(childID)
                continue
            }
            let subview = try makeView(child, superviewID: id, ancestors: ancestors + [id], fonts: &fonts)
            if let stack, tree[tree[child].parent ?? 0].name == "subviews" {
                stack.addArrangedSubview(subview)
            } else {
                view.addSubview(subview)
            }
            if kind == "tableViewCell", tree[child].name == "tableViewCellContentView" {
                fitContentView(subview, in: view, cellElement: element)
                layOutBuiltInStyle(of: element, contentView: subview)
            }
        }
        if kind == "tableView", tree.child(of: index, named: "sections") != nil {
            placeSections(of: index, table: view)
        }
        return view
    }

    /// What tells whether the stored frame of a view is the file's fault (`StoredFrameCause`).
    func storedFrameFacts(_ element: XMLTree.Element, index: Int, view: UIView, usesCustomFont: Bool)
        -> StoredFrameFacts
    {
        var facts = StoredFrameFacts()
        if let id = element.attribute("id") { facts.isDesignable = file.designableSizes[id] != nil }
        if let label = view as? UILabel {
            if usesCustomFont { facts.customFontSize = Double(label.font.pointSize) }
            facts.numberOfLines = label.numberOfLines
        }
        if let image = view as? UIImageView {
            facts.imageSize = image.image?.size
            facts.showsSymbol =
                element.attribute("catalog") == "system"
                || tree.children(of: index, named: "imageReference").contains {
                    tree[$0].attribute("catalog") == "system"
                }
        }
        return facts
    }

    /// A scroll view's content area: its top-left at the scroll view's (content offset zero),
    /// its size set by the content's constraints.
    mutating func contentGuide(of id: String, view: UIView) -> UILayoutGuide {
        if let guide = contentGuides[id] { return guide }
        let guide = UILayoutGuide()
        guide.identifier = "\(id).contentLayoutGuide"
        view.addLayoutGuide(guide)
        NSLayoutConstraint.activate([
            guide.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            guide.topAnchor.constraint(equalTo: view.topAnchor),
        ])
        contentGuides[id] = guide
        return guide
    }

    func displayName(_ element: XMLTree.Element, kind: String, texts: [String: String]) -> String {
        if let label = element.attribute("userLabel") { return label }
        if let accessibility = tree.elements[
            element.children.first(where: {
                tree[$0].name == "accessibility"
            }) ?? 0
        ].attribute("identifier"), element.children.contains(where: { tree[$0].name == "accessibility" }) {
            return accessibility
        }
        let shown = ["text", "normalTitle", "configuration.title", "placeholder", "headerTitle", "footerTitle"].lazy
            .compactMap { texts[$0] }
        if let text = shown.first, !text.isEmpty {
            let short = text.count > 24 ? String(text.prefix(24)) + "…" : text
            return "\(kind) '\(short.replacingOccurrences(of: "\n", with: " "))'"
        }
        return kind
    }

    /// A text, replaced by its translation (`ObjectID.property`) when one is given.
    func localized(_ text: String?, id: String?, property: String, into texts: inout [String: String]) -> String? {
        guard let text else { return nil }
        let result = id.flatMap { options.strings["\($0).\(property)"] } ?? text
        texts[property] = result
        return result
    }

    /// The text of an `<attributedString>`, the font of its first fragment that names one, and
    /// each fragment's UTF-16 length with its `NSFont` element (nil where it names none).
    func attributed(_ index: Int) -> (text: String, font: Int?, fragments: [(length: Int, font: Int?)]) {
        var text = ""
        var font: Int?
        var fragments: [(length: Int, font: Int?)] = []
        for fragment in tree.children(of: index, named: "fragment") {
            var content = ""
            if let written = tree[fragment].attribute("content") {
                content = written
            } else if let string = tree.child(of: fragment, named: "string", key: "content") {
                content = tree[string].text ?? ""
            }
            text += content
            let own = tree.child(of: fragment, named: "attributes").flatMap {
                tree.child(of: $0, named: "font", key: "NSFont")
            }
            if font == nil { font = own }
            fragments.append((content.utf16.count, own))
        }
        return (text, font, fragments)
    }

    /// The font runs of an attributed string's fragments (`FontRun`): each fragment in its own
    /// `NSFont`, one without in `base`. Empty when every fragment shares one font (the text
    /// is then set in it alone) or a font does not resolve.
    mutating func fontRuns(
        _ fragments: [(length: Int, font: Int?)], base: UIFont, usesCustomFont: inout Bool,
        fonts: inout InterfaceBuilderFonts
    ) -> [FontRun] {
        var runs: [FontRun] = []
        var distinct = Set<Font>()
        for fragment in fragments {
            var font = base
            if let element = fragment.font {
                let (resolved, custom) = fonts.font(tree[element], category: category, defaultSize: base.pointSize)
                if custom { usesCustomFont = true }
                font = resolved
            }
            guard let resolved = try? font.resolve() else { return [] }
            distinct.insert(resolved)
            runs.append(FontRun(length: fragment.length, font: resolved))
        }
        return distinct.count > 1 ? runs : []
    }

    /// An attribute, or the text of a `<string key=…>` child (how IB writes long or
    /// multi-line values).
    func text(_ index: Int, _ key: String) -> String? {
        if let value = tree[index].attribute(key) { return value }
        return tree.child(of: index, named: "string", key: key).map { tree[$0].text ?? "" }
    }

    /// The UIKit view for an element, with its text, font and content.
    mutating func makeControl(
        _ element: XMLTree.Element, index: Int, texts: inout [String: String], usesCustomFont: inout Bool,
        fonts: inout InterfaceBuilderFonts
    ) -> UIView {
        let id = element.attribute("id")
        func font(_ defaultSize: CGFloat, key: String = "fontDescription", in parent: Int? = nil) -> UIFont {
            let owner = parent ?? index
            let description =
                variedChild(of: owner, named: "fontDescription", key: key)
                ?? tree.child(of: owner, named: "font", key: key)
            guard let description else { return .systemFont(ofSize: defaultSize) }
            let (resolved, custom) = fonts.font(tree[description], category: category, defaultSize: defaultSize)
            if custom { usesCustomFont = true }
            return resolved
        }
        func override() -> SizeOverride? {
            var width = placeholder(element, "placeholderIntrinsicWidth")
            var height = placeholder(element, "placeholderIntrinsicHeight")
            if let id, let designed = file.designableSizes[id] {
                width = width ?? Double(designed.width)
                height = height ?? Double(designed.height)
            }
            if width == nil, height == nil, let fixed = InterfaceBuilderKinds.intrinsicSize(of: element.name) {
                return (fixed.width, fixed.height)
            }
            return width == nil && height == nil ? nil : (width, height)
        }
        switch element.name {
        case "label":
            let label = FileLabel()
            var text = self.text(index, "text")
            var runs: [FontRun] = []
            label.font = font(17)
            if let attributed = tree.child(of: index, named: "attributedString", key: "attributedText") {
                let (content, fontIndex, fragments) = self.attributed(attributed)
                text = content
                if let fontIndex {
                    let (resolved, custom) = fonts.font(tree[fontIndex], category: category, defaultSize: 17)
                    label.font = resolved
                    if custom { usesCustomFont = true }
                }
                runs = fontRuns(fragments, base: label.font, usesCustomFont: &usesCustomFont, fonts: &fonts)
            }
            label.text = localized(text, id: id, property: "text", into: &texts)
            // A translation replaces the whole text: the fragments' lengths no longer apply.
            if label.text == text { label.fontRuns = runs }
            label.numberOfLines = Int(number(element, "numberOfLines") ?? 1)
            if label.numberOfLines < 0 { label.numberOfLines = 0 }
            if let mode = element.attribute("lineBreakMode").flatMap(InterfaceBuilderKinds.lineBreakMode) {
                label.lineBreakMode = mode
            }
            if let width = number(element, "preferredMaxLayoutWidth"), width > 0 {
                label.preferredMaxLayoutWidth = width
            }
            switch element.attribute("textAlignment") {
            case "left": label.textAlignment = .left
            case "center": label.textAlignment = .center
            case "right": label.textAlignment = .right
            case "justified": label.textAlignment = .justified
            default: break
            }
            // After the font: an older file's minimumFontSize is a fraction of its size.
            file.readShrinking(element, into: label)
            label.sizeOverride = override()
            return label
        case "button":
            let button = FileButton()
            let normal = tree.children(of: index, named: "state").first { tree[$0].attribute("key") == "normal" }
            var title = normal.flatMap { text($0, "title") }
            var titleRuns: [(length: Int, font: Int?)] = []
            if let normal, let string = tree.child(of: normal, named: "attributedString", key: "attributedTitle") {
                (title, _, titleRuns) = attributed(string)
            }
            var titleFont = font(15)
            // Xcode keys a state's title `normalTitle` and a configuration's `configuration.title`.
            var titleProperty = "normalTitle"
            if let configuration = tree.child(of: index, named: "buttonConfiguration", key: "configuration") {
                // iOS 15 buttons: the configuration's title, its font (body by default) and
                // its content insets (7, 12, 7, 12 by default; Apple forums thread 733541).
                // A configured button shows its configuration's title, over a state's.
                if let configured = tree[configuration].attribute("title") {
                    title = configured
                    titleRuns = []
                    titleProperty = "configuration.title"
                }
                button.usesConfiguration = true
                titleFont =
                    tree.child(of: configuration, named: "fontDescription", key: "titleFontDescription") != nil
                    ? font(17, key: "titleFontDescription", in: configuration)
                    : UIFont(
                        FontSpecification(
                            family: InterfaceBuilderFonts.systemFamily(), textStyle: .body, category: category))
                button.contentEdgeInsets =
                    insets(of: configuration, named: "directionalEdgeInsets", key: "contentInsets")
                    ?? UIEdgeInsets(top: 7, left: 12, bottom: 7, right: 12)
            } else if let insets = insets(of: index, named: "inset", key: "contentEdgeInsets") {
                button.contentEdgeInsets = insets
            }
            button.titleFont = titleFont
            let shownTitle = localized(title, id: id, property: titleProperty, into: &texts)
            button.setTitle(shownTitle, for: .normal)
            if shownTitle == title, !titleRuns.isEmpty {
                // A fragment without a font of its own is set in the button's title font.
                button.titleFontRuns = fontRuns(
                    titleRuns, base: titleFont, usesCustomFont: &usesCustomFont, fonts: &fonts)
            }
            if let image = normal.flatMap({ tree[$0].attribute("image") }), let size = file.imageSizes[image] {
                button.setImage(UIImage(size: size), for: .normal)
            }
            button.sizeOverride = override()
            return button
        case "imageView":
            let view = InterfaceBuilderImageView()
            if let name = element.attribute("image")
                ?? tree.child(of: index, named: "imageReference").flatMap({
                    tree[$0].attribute("image")
                }), let size = file.imageSizes[name]
            {
                view.image = UIImage(size: size)
            }
            view.sizeOverride = override()
            return view
        case "stackView":
            let stack = InterfaceBuilderStackView()
            stack.sizeOverride = override()
            stack.axis = element.attribute("axis") == "vertical" ? .vertical : .horizontal
            // "Use Standard" spacing writes `spacingType="standard"` and no `spacing`; a size
            // class's `spacing` still wins over it.
            stack.spacing =
                number(element, "spacing")
                ?? (element.attribute("spacingType") == "standard" ? UIStackView.spacingUseSystem : 0)
            if let written = element.attribute("distribution"), let value = UIStackView.Distribution(rawValue: written)
            {
                stack.distribution = value
            }
            switch element.attribute("alignment") {
            case "top", "leading": stack.alignment = .leading
            case "bottom", "trailing": stack.alignment = .trailing
            case "center": stack.alignment = .center
            case "firstBaseline": stack.alignment = .firstBaseline
            case "lastBaseline", "baseline": stack.alignment = .lastBaseline
            default: break
            }
            stack.isBaselineRelativeArrangement = element.attribute("baselineRelativeArrangement") == "YES"
            stack.isLayoutMarginsRelativeArrangement = element.attribute("layoutMarginsRelativeArrangement") == "YES"
            return stack
        case "textField":
            let field = UITextField()
            field.uikitRelease = release
            field.text = localized(text(index, "text"), id: id, property: "text", into: &texts)
            field.placeholder = localized(text(index, "placeholder"), id: id, property: "placeholder", into: &texts)
            field.font = font(14)
            switch element.attribute("borderStyle") {
            case "roundedRect": field.borderStyle = .roundedRect
            case "line": field.borderStyle = .line
            case "bezel": field.borderStyle = .bezel
            default: field.borderStyle = .none
            }
            return field
        case "textView":
            let view = UITextView()
            let text = self.text(index, "text")
            view.text = localized(text, id: id, property: "text", into: &texts) ?? ""
            view.font = font(14)
            view.isScrollEnabled = element.attribute("scrollEnabled") != "NO"
            return view
        case "switch": return sizedForRelease(UISwitch())
        case "slider": return sizedForRelease(UISlider())
        case "progressView": return sizedForRelease(UIProgressView())
        case "stepper": return sizedForRelease(UIStepper())
        case "activityIndicatorView":
            let style = element.attribute("style") ?? ""
            return UIActivityIndicatorView(style: style == "large" || style == "whiteLarge" ? .large : .medium)
        case "pageControl":
            let control = sizedForRelease(UIPageControl())
            control.numberOfPages = Int(number(element, "numberOfPages") ?? 3)
            return control
        case "segmentedControl":
            var titles: [String] = []
            if let segments = tree.child(of: index, named: "segments") {
                for (number, segment) in tree.children(of: segments, named: "segment").enumerated() {
                    let title = tree[segment].attribute("title") ?? ""
                    titles.append(
                        localized(title, id: id, property: "segmentTitles[\(number)]", into: &texts) ?? title)
                }
            }
            let control = UISegmentedControl(items: titles)
            control.uikitRelease = release
            return control
        case "tableViewSection":
            return makeSection(element, texts: &texts)
        case "datePicker":
            // The wheels' 320 pt width (`Controls.DatePicker`), unless the file sizes it.
            let view = FileView()
            let style: DatePicker.Style =
                switch element.attribute("style") {
                case "wheels": .wheels
                case "compact": .compact
                case "inline": .inline
                default: .automatic
                }
            let picker = DatePicker(style: style, release: release)
            view.sizeOverride =
                override() ?? (picker.showsWheels ? (Double(picker.intrinsicContentSize.width), nil) : nil)
            return view
        default:
            let view = FileView()
            view.sizeOverride = override()
            return view
        }
    }

    /// A control whose size changed across iOS releases, sized for the release that lays the
    /// file out (the option's, else the one the file's tools imply).
    func sizedForRelease<Control: UIReleaseSizedControl>(_ control: Control) -> Control {
        control.uikitRelease = release
        return control
    }

    /// `placeholderIntrinsicWidth`: a number, or `infinite` for no intrinsic size on that axis.
    func placeholder(_ element: XMLTree.Element, _ key: String) -> Double? {
        guard let text = element.attribute(key) else { return nil }
        if text == "infinite" { return Double(UIView.noIntrinsicMetric) }
        return number(element, key)
    }
}
