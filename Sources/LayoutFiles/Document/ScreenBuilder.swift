import AutoLayout
import Foundation
import Typesetting

/// Turns a parsed layout file into a window of views and active constraints.
struct ScreenBuilder {
    let options: ScreenOptions
    var window: UIWindow?
    var root = UIView()
    /// Every named item: views and custom layout guides.
    var items: [String: NamedItem] = [:]
    /// The views in document order.
    var views: [LayoutScreen.View] = []
    /// Constraint strings (or objects) in document order, with their place.
    var constraintSources: [DocumentNode] = []
    /// Views placed by name (`superview` key, or a name in `arrangedSubviews`), resolved last.
    private(set) var placements: [Placement] = []
    /// The views `placements` names, so asking whether a view is placed by name does not
    /// search the list (which made a file of many such views quadratic to build).
    private var placedByName: Set<String> = []
    var counters: [String: Int] = [:]

    enum NamedItem {
        case view(UIView, SourcePosition)
        case guide(UILayoutGuide, SourcePosition)
    }

    struct Placement {
        var view: String
        var parent: String
        var arranged: Bool
        var position: SourcePosition
    }

    static let reservedNames: Set<String> = ["superview", "view", "window"]

    static let viewKinds = [
        "view", "label", "button", "textView", "textField", "image", "stack", "switch", "slider", "progress",
        "stepper", "activityIndicator", "pageControl", "segmentedControl",
    ]

    static let commonKeys = [
        "name", "kind", "comment", "superview", "subviews", "constraints", "layoutGuides", "isHidden",
        "translatesAutoresizingMaskIntoConstraints", "frame", "autoresizingMask", "layoutMargins",
        "directionalLayoutMargins", "insetsLayoutMarginsFromSafeArea", "contentHuggingPriority",
        "contentCompressionResistancePriority", "intrinsicContentSize",
    ]
    static let fontKeys = ["font", "size", "weight", "italic", "textStyle"]

    static func keys(for kind: String) -> [String] {
        switch kind {
        case "label":
            commonKeys + fontKeys + [
                "text", "numberOfLines", "lineBreakMode", "letterSpacing", "lineSpacing", "lineHeightMultiple",
                "preferredMaxLayoutWidth", "padding", "textAlignment", "adjustsFontSizeToFitWidth",
                "minimumScaleFactor",
            ]
        case "button": commonKeys + fontKeys + ["title", "image", "contentEdgeInsets", "type"]
        case "textView": commonKeys + fontKeys + ["text", "isScrollEnabled", "textContainerInset"]
        case "textField": commonKeys + fontKeys + ["text", "placeholder", "borderStyle"]
        case "image": commonKeys + ["image"]
        case "stack":
            commonKeys + [
                "axis", "spacing", "distribution", "alignment", "isLayoutMarginsRelativeArrangement",
                "isBaselineRelativeArrangement", "arrangedSubviews", "customSpacing",
            ]
        case "activityIndicator": commonKeys + ["style"]
        case "pageControl": commonKeys + ["numberOfPages"]
        case "segmentedControl": commonKeys + ["segments"]
        default: commonKeys
        }
    }

    init(options: ScreenOptions) { self.options = options }

    mutating func build(_ document: DocumentNode) throws(LayoutFileError) -> LayoutScreen {
        let top = try ObjectReader(
            document, context: "the layout file",
            allowed: ["$schema", "comment", "screen", "rootView", "views", "constraints"])
        let window = try makeWindow(top["screen"])
        self.window = window
        let controller = UIViewController(view: root)
        root.name = "view"
        window.rootViewController = controller
        items["view"] = .view(root, document.position)
        if let rootNode = top["rootView"] {
            let reader = try ObjectReader(
                rootNode, context: "rootView",
                allowed: [
                    "layoutMargins", "directionalLayoutMargins", "insetsLayoutMarginsFromSafeArea", "layoutGuides",
                    "comment",
                ])
            try applyMargins(reader, to: root)
            try addGuides(reader, to: root)
        }
        guard let viewNodes = try top.array("views") else {
            throw LayoutFileError(
                .invalidValue, at: document.position,
                "the layout file needs \"views\": an array of views (may be empty)")
        }
        for node in viewNodes {
            let view = try makeView(node, parentKind: nil)
            if !placedByName.contains(view.name ?? "") { root.addSubview(view) }
        }
        try resolvePlacements()
        constraintSources += try top.array("constraints") ?? []
        let constraints = try makeConstraints()
        NSLayoutConstraint.activate(constraints.map(\.constraint))
        return LayoutScreen(window: window, rootView: root, views: views, constraints: constraints)
    }

    // MARK: Screen

    func makeWindow(_ node: DocumentNode?) throws(LayoutFileError) -> UIWindow {
        let reader = try node.map { (node) throws(LayoutFileError) in
            try ObjectReader(
                node, context: "screen",
                allowed: [
                    "device", "orientation", "width", "height", "scale", "safeArea", "contentSizeCategory",
                    "layoutDirection", "horizontalSizeClass", "verticalSizeClass", "language", "comment",
                ])
        }
        var orientation = Device.Orientation.portrait
        if let forced = options.orientation {
            orientation = forced
        } else if let reader,
            let written = try reader.choice(
                "orientation", ["portrait": Device.Orientation.portrait, "landscape": .landscape])
        {
            orientation = written
        }
        var category = options.contentSizeCategory ?? .large
        if options.contentSizeCategory == nil, let categoryNode = reader?["contentSizeCategory"] {
            guard case .string(let text) = categoryNode.value, let parsed = ContentSizeCategory(parsing: text) else {
                throw LayoutFileError(
                    .invalidValue, at: categoryNode.position,
                    "\"contentSizeCategory\" of screen must be one of "
                        + ContentSizeCategory.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                        + ", found \(ObjectReader.show(categoryNode))")
            }
            category = parsed
        }
        let direction =
            try reader?.choice("layoutDirection", ["leftToRight": .leftToRight, "rightToLeft": .rightToLeft])
            ?? UIUserInterfaceLayoutDirection.leftToRight
        var language = options.language
        if language == nil, let reader { language = try ScreenBuilder.language(reader) }
        var deviceName = options.device
        var devicePosition = node?.position
        if deviceName == nil, let deviceNode = reader?["device"] {
            deviceName = try reader?.string("device")
            devicePosition = deviceNode.position
        }
        if let deviceName {
            guard let device = Device.named(deviceName) else {
                throw LayoutFileError(
                    .unknownDevice, at: options.device == nil ? devicePosition : nil,
                    "unknown device \"\(deviceName)\"; known: " + Device.all.map(\.name).joined(separator: ", "))
            }
            if options.device == nil, let reader {
                for key in ["width", "height", "scale", "safeArea"] where reader[key] != nil {
                    throw LayoutFileError(
                        .invalidValue, at: reader[key]?.position,
                        "give a \"device\" or an explicit \"\(key)\", not both: the device sets the screen")
                }
            }
            return UIWindow(
                device: device, orientation: orientation, layoutDirection: direction, contentSizeCategory: category,
                typesettingLanguage: language)
        }
        guard let reader, let width = try reader.number("width", in: 1...100_000),
            let height = try reader.number("height", in: 1...100_000)
        else {
            throw LayoutFileError(
                .invalidValue, at: node?.position ?? SourcePosition(line: 1, column: 1),
                "the screen needs a \"device\" (such as \"iPhone 15\") or a \"width\" and \"height\" in points")
        }
        // iOS screens are @1x, @2x or @3x (`PixelGrid.scales`); the CLI, batch lines and specs
        // take the same, and 2.5 or 4 is refused alike (VocabularyTests.testScaleIsOneTwoOrThreeEverywhere).
        var scale = 2.0
        if let node = reader["scale"] {
            guard case .number(let value) = node.value, PixelGrid.scales.contains(value) else {
                throw reader.fail("scale", node, "1, 2 or 3")
            }
            scale = value
        }
        let safeArea = try reader.insets("safeArea") ?? .zero
        let sizeClasses: KeyValuePairs<String, UIUserInterfaceSizeClass> = ["compact": .compact, "regular": .regular]
        var traits = UITraitCollection(
            horizontalSizeClass: try reader.choice("horizontalSizeClass", sizeClasses)
                ?? (width > height ? .regular : .compact),
            verticalSizeClass: try reader.choice("verticalSizeClass", sizeClasses)
                ?? (width > height ? .compact : .regular))
        traits.displayScale = scale
        traits.layoutDirection = direction
        traits.preferredContentSizeCategory = category
        traits.typesettingLanguage = language
        return UIWindow(
            size: CGSize(width: width, height: height), scale: scale, safeAreaInsets: safeArea, traits: traits)
    }

    /// The screen's `language`: a BCP 47 tag ("ja", "zh-Hant", "sr-Latn-RS"), checked by the
    /// rule the CLI and batch lines use (`LanguageTag.isWellFormed`).
    static func language(_ reader: ObjectReader) throws(LayoutFileError) -> String? {
        guard let node = reader["language"] else { return nil }
        guard case .string(let text) = node.value, LanguageTag.isWellFormed(text) else {
            throw reader.fail("language", node, "a BCP 47 language tag such as \"ja\", \"de\" or \"zh-Hant\"")
        }
        return text
    }

    // MARK: Views

    mutating func makeView(_ node: DocumentNode, parentKind: String?) throws(LayoutFileError) -> UIView {
        guard case .object(let members) = node.value else {
            throw LayoutFileError(
                .invalidValue, at: node.position, "a view must be an object, found \(node.kindDescription)")
        }
        let kindNode = members.first { $0.key == "kind" }?.value
        var kind = "view"
        if let kindNode {
            guard case .string(let text) = kindNode.value, ScreenBuilder.viewKinds.contains(text) else {
                let found = ObjectReader.show(kindNode)
                let suggestion =
                    (kindNode.value.string.flatMap { ObjectReader.closest(to: $0, in: ScreenBuilder.viewKinds) })
                    .map { " (did you mean \"\($0)\"?)" } ?? ""
                throw LayoutFileError(
                    .invalidValue, at: kindNode.position,
                    "unknown view kind \(found)\(suggestion); allowed: "
                        + ScreenBuilder.viewKinds.joined(separator: ", "))
            }
            kind = text
        }
        let nameNode = members.first { $0.key == "name" }?.value
        let name: String
        if let nameNode {
            guard case .string(let text) = nameNode.value, ScreenBuilder.isIdentifier(text) else {
                throw LayoutFileError(
                    .invalidValue, at: nameNode.position,
                    "a view's \"name\" must be an identifier (letters, digits, _; not starting with a digit), found \(ObjectReader.show(nameNode))"
                )
            }
            guard !ScreenBuilder.reservedNames.contains(text) else {
                throw LayoutFileError(
                    .duplicateName, at: nameNode.position,
                    "\"\(text)\" is reserved (superview, view and window name items in constraints); choose another name"
                )
            }
            if let existing = items[text] {
                throw LayoutFileError(
                    .duplicateName, at: nameNode.position,
                    "the name \"\(text)\" is already used (\(ScreenBuilder.position(of: existing))); names must be unique"
                )
            }
            name = text
        } else {
            var counter = counters[kind, default: 0]
            repeat { counter += 1 } while items["\(kind)\(counter)"] != nil
            counters[kind] = counter
            name = "\(kind)\(counter)"
        }
        let context = "view \"\(name)\""
        let reader = try ObjectReader(node, context: context, allowed: ScreenBuilder.keys(for: kind))
        let view = try makeView(kind: kind, reader)
        view.name = name
        items[name] = .view(view, node.position)
        views.append(LayoutScreen.View(name: name, kind: kind, view: view, position: node.position))
        try configureCommon(view, reader)

        if let superviewNode = reader["superview"] {
            guard parentKind == nil else {
                throw LayoutFileError(
                    .invalidValue, at: superviewNode.position,
                    "\"superview\" is for views listed at the top level; this view is already inside another")
            }
            guard case .string(let parent) = superviewNode.value else {
                throw reader.fail("superview", superviewNode, "the name of another view")
            }
            addPlacement(Placement(view: name, parent: parent, arranged: false, position: superviewNode.position))
        }
        for child in try reader.array("subviews") ?? [] {
            view.addSubview(try makeView(child, parentKind: kind))
        }
        if let stack = view as? UIStackView {
            for child in try reader.array("arrangedSubviews") ?? [] {
                if case .string(let childName) = child.value {
                    addPlacement(
                        Placement(view: childName, parent: name, arranged: true, position: child.position))
                } else {
                    stack.addArrangedSubview(try makeView(child, parentKind: kind))
                }
            }
            if let spacingNode = reader["customSpacing"] {
                guard case .object(let entries) = spacingNode.value else {
                    throw reader.fail("customSpacing", spacingNode, "an object of view name → spacing after it")
                }
                customSpacings.append((stack, entries))
            }
        }
        try addGuides(reader, to: view)
        constraintSources += try reader.array("constraints") ?? []
        return view
    }

    /// Custom spacings of stacks, set once every arranged view exists.
    var customSpacings: [(UIStackView, [DocumentNode.Member])] = []

    /// Records a view placed by name, resolved once every view exists.
    mutating func addPlacement(_ placement: Placement) {
        placements.append(placement)
        placedByName.insert(placement.view)
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0) }
    }

    static func position(of item: NamedItem) -> String {
        switch item {
        case .view(_, let position), .guide(_, let position): "at \(position)"
        }
    }

    mutating func makeView(kind: String, _ reader: ObjectReader) throws(LayoutFileError) -> UIView {
        let override = try reader.size("intrinsicContentSize", allowNegativeOne: true)
        switch kind {
        case "label":
            let label = FileLabel()
            label.sizeOverride = override
            label.text = try reader.string("text")
            label.font = try font(reader, defaultSize: 17)
            if let lines = try reader.integer("numberOfLines", in: 0...100_000) { label.numberOfLines = lines }
            if let node = reader["lineBreakMode"] {
                // UIKit's names, with the CLI's short ones as aliases (LineBreakMode(parsing:)).
                guard case .string(let text) = node.value, let mode = LineBreakMode(parsing: text) else {
                    throw reader.fail("lineBreakMode", node, "one of " + LineBreakMode.allowedNames)
                }
                label.lineBreakMode = mode
            }
            // The CLI's, batch's and specs' limit too (docs/reliability.md, "Limits").
            if let value = try reader.number("letterSpacing", in: -10_000...10_000) { label.letterSpacing = value }
            if let value = try reader.number("lineSpacing", in: 0...1000) { label.lineSpacing = value }
            if let value = try reader.number("lineHeightMultiple", in: 0...100) { label.lineHeightMultiple = value }
            if let value = try reader.number("preferredMaxLayoutWidth", in: 0...100_000) {
                label.preferredMaxLayoutWidth = value
            }
            if let padding = try reader.insets("padding") { label.textPadding = padding }
            if let alignment = try reader.choice("textAlignment", ScreenBuilder.alignments) {
                label.textAlignment = alignment
            }
            if let value = try reader.bool("adjustsFontSizeToFitWidth") { label.adjustsFontSizeToFitWidth = value }
            if let value = try reader.number("minimumScaleFactor", in: 0...1) { label.minimumScaleFactor = value }
            return label
        case "button":
            let type = try reader.choice("type", ["system": UIButton.ButtonType.system, "custom": .custom]) ?? .system
            let button = FileButton(type: type)
            button.sizeOverride = override
            button.setTitle(try reader.string("title"), for: .normal)
            button.titleFont = try font(reader, defaultSize: 15)
            if let size = try reader.size("image") {
                button.setImage(UIImage(size: CGSize(width: size.width ?? 0, height: size.height ?? 0)), for: .normal)
            }
            if let insets = try reader.insets("contentEdgeInsets") { button.contentEdgeInsets = insets }
            return button
        case "textView":
            let textView = UITextView(text: try reader.string("text") ?? "")
            textView.font = try font(reader, defaultSize: 12)
            if let value = try reader.bool("isScrollEnabled") { textView.isScrollEnabled = value }
            if let insets = try reader.insets("textContainerInset") { textView.textContainerInset = insets }
            return try plain(textView, override, reader)
        case "textField":
            let field = UITextField(text: try reader.string("text"))
            field.placeholder = try reader.string("placeholder")
            field.font = try font(reader, defaultSize: 17)
            if let style = try reader.choice(
                "borderStyle",
                ["none": UITextField.BorderStyle.none, "line": .line, "bezel": .bezel, "roundedRect": .roundedRect])
            {
                field.borderStyle = style
            }
            return try plain(field, override, reader)
        case "image":
            let size = try reader.size("image")
            return try plain(
                UIImageView(image: size.map { UIImage(size: CGSize(width: $0.width ?? 0, height: $0.height ?? 0)) }),
                override, reader)
        case "stack":
            let stack = UIStackView()
            if let axis = try reader.choice(
                "axis", ["horizontal": NSLayoutConstraint.Axis.horizontal, "vertical": .vertical])
            {
                stack.axis = axis
            }
            if let spacing = try reader.number("spacing") { stack.spacing = spacing }
            if let distribution = try reader.choice("distribution", ScreenBuilder.distributions) {
                stack.distribution = distribution
            }
            if let alignment = try reader.choice("alignment", ScreenBuilder.stackAlignments) {
                stack.alignment = alignment
            }
            if let value = try reader.bool("isLayoutMarginsRelativeArrangement") {
                stack.isLayoutMarginsRelativeArrangement = value
            }
            if let value = try reader.bool("isBaselineRelativeArrangement") {
                stack.isBaselineRelativeArrangement = value
            }
            return try plain(stack, override, reader)
        case "switch": return try plain(UISwitch(), override, reader)
        case "slider": return try plain(UISlider(), override, reader)
        case "progress": return try plain(UIProgressView(), override, reader)
        case "stepper": return try plain(UIStepper(), override, reader)
        case "activityIndicator":
            let style = try reader.choice("style", ["medium": UIActivityIndicatorView.Style.medium, "large": .large])
            return try plain(UIActivityIndicatorView(style: style ?? .medium), override, reader)
        case "pageControl":
            let control = UIPageControl()
            if let pages = try reader.integer("numberOfPages", in: 0...1000) { control.numberOfPages = pages }
            return try plain(control, override, reader)
        case "segmentedControl":
            var titles: [String] = []
            for node in try reader.array("segments") ?? [] {
                guard case .string(let title) = node.value else {
                    throw reader.fail("segments", node, "an array of segment titles (strings)")
                }
                titles.append(title)
            }
            return try plain(UISegmentedControl(items: titles), override, reader)
        default:
            let view = FileView()
            view.sizeOverride = override
            return view
        }
    }

    /// A view that cannot take `intrinsicContentSize`: refuses one if given.
    func plain(_ view: UIView, _ override: (width: Double?, height: Double?)?, _ reader: ObjectReader)
        throws(LayoutFileError) -> UIView
    {
        if override != nil, let node = reader["intrinsicContentSize"] {
            throw LayoutFileError(
                .invalidValue, at: node.position,
                "\"intrinsicContentSize\" can be set on views, labels and buttons only; this \(reader.context) computes its own"
            )
        }
        return view
    }

    static let alignments: KeyValuePairs<String, NSTextAlignment> = [
        "natural": .natural, "left": .left, "center": .center, "right": .right, "justified": .justified,
    ]
    static let distributions: KeyValuePairs<String, UIStackView.Distribution> = [
        "fill": .fill, "fillEqually": .fillEqually, "fillProportionally": .fillProportionally,
        "equalSpacing": .equalSpacing, "equalCentering": .equalCentering,
    ]
    static let stackAlignments: KeyValuePairs<String, UIStackView.Alignment> = [
        "fill": .fill, "leading": .leading, "top": .leading, "center": .center, "trailing": .trailing,
        "bottom": .trailing, "firstBaseline": .firstBaseline, "lastBaseline": .lastBaseline,
    ]

    /// The font a view asks for: a family and size, or a Dynamic Type text style read at the
    /// screen's content size category, checked against the registry now so a typo is an error
    /// at its line rather than a failed measurement later.
    func font(_ reader: ObjectReader, defaultSize: Double) throws(LayoutFileError) -> UIFont {
        var specification = FontSpecification(family: try reader.string("font"))
        specification.size = try reader.number("size", in: 1...1000, expected: "a point size from 1 to 1000")
        if let weightNode = reader["weight"] {
            guard case .string(let text) = weightNode.value, let weight = FontWeight(parsing: text) else {
                throw reader.fail(
                    "weight", weightNode,
                    "a weight: ultraLight, thin, light, regular, medium, semibold, bold, heavy, black (or 100…900)")
            }
            specification.weight = weight
        }
        specification.italic = try reader.bool("italic") ?? false
        if let styleNode = reader["textStyle"] {
            guard case .string(let text) = styleNode.value, let style = TextStyle(parsing: text) else {
                throw reader.fail(
                    "textStyle", styleNode,
                    "one of " + TextStyle.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
            }
            guard specification.size == nil else {
                throw LayoutFileError(
                    .invalidValue, at: styleNode.position,
                    "give \"size\" or \"textStyle\", not both: the text style sets the size per content size category")
            }
            specification.textStyle = style
            specification.category = window?.traitCollection.preferredContentSizeCategory ?? .large
        }
        do {
            _ = try specification.resolve(defaultSize: defaultSize)
        } catch {
            throw LayoutFileError(
                .unknownFont, at: reader["font"]?.position ?? reader.node.position,
                "\(reader.context): \(error.description)")
        }
        return UIFont(specification, defaultSize: defaultSize)
    }

    func configureCommon(_ view: UIView, _ reader: ObjectReader) throws(LayoutFileError) {
        view.translatesAutoresizingMaskIntoConstraints = false
        if let frameNode = reader["frame"] {
            let frame = try ObjectReader(
                frameNode, context: "\"frame\" of \(reader.context)", allowed: ["x", "y", "width", "height"])
            view.frame = CGRect(
                x: try frame.number("x") ?? 0, y: try frame.number("y") ?? 0,
                width: try frame.number("width", in: 0...1e6) ?? 0,
                height: try frame.number("height", in: 0...1e6) ?? 0)
            view.translatesAutoresizingMaskIntoConstraints = true
        }
        if let value = try reader.bool("translatesAutoresizingMaskIntoConstraints") {
            view.translatesAutoresizingMaskIntoConstraints = value
        }
        if let maskNodes = try reader.array("autoresizingMask") {
            var mask: UIView.AutoresizingMask = []
            for node in maskNodes {
                guard case .string(let text) = node.value,
                    let part = ScreenBuilder.maskParts.first(where: { $0.key == text })
                else {
                    throw reader.fail(
                        "autoresizingMask", node,
                        "an array of " + ScreenBuilder.maskParts.map { "\"\($0.key)\"" }.joined(separator: ", "))
                }
                mask.insert(part.value)
            }
            view.autoresizingMask = mask
        }
        if let hidden = try reader.bool("isHidden") { view.isHidden = hidden }
        try applyMargins(reader, to: view)
        for (key, hugging) in [("contentHuggingPriority", true), ("contentCompressionResistancePriority", false)] {
            guard let node = reader[key] else { continue }
            let axes = try ObjectReader(
                node, context: "\"\(key)\" of \(reader.context)", allowed: ["horizontal", "vertical"])
            for (axisKey, axis) in [("horizontal", NSLayoutConstraint.Axis.horizontal), ("vertical", .vertical)] {
                guard let priorityNode = axes[axisKey] else { continue }
                let priority = try ScreenBuilder.priority(
                    priorityNode, context: "\(key).\(axisKey) of \(reader.context)")
                if hugging {
                    view.setContentHuggingPriority(priority, for: axis)
                } else {
                    view.setContentCompressionResistancePriority(priority, for: axis)
                }
            }
        }
    }

    static let maskParts: KeyValuePairs<String, UIView.AutoresizingMask> = [
        "flexibleLeftMargin": .flexibleLeftMargin, "flexibleWidth": .flexibleWidth,
        "flexibleRightMargin": .flexibleRightMargin, "flexibleTopMargin": .flexibleTopMargin,
        "flexibleHeight": .flexibleHeight, "flexibleBottomMargin": .flexibleBottomMargin,
    ]

    /// A priority: a number from 1 to 1000 or a UIKit name.
    static func priority(_ node: DocumentNode, context: String) throws(LayoutFileError) -> UILayoutPriority {
        switch node.value {
        case .number(let value) where value >= 1 && value <= 1000: return UILayoutPriority(Float(value))
        case .string(let name):
            if let value = ConstraintExpression.priorityNames[name] { return UILayoutPriority(value) }
        default: break
        }
        throw LayoutFileError(
            .invalidValue, at: node.position,
            "\(context) must be a priority from 1 to 1000 or required, defaultHigh, defaultLow, fittingSizeLevel; found \(ObjectReader.show(node))"
        )
    }

    func applyMargins(_ reader: ObjectReader, to view: UIView) throws(LayoutFileError) {
        if let margins = try reader.insets("layoutMargins") { view.layoutMargins = margins }
        if let node = reader["directionalLayoutMargins"] {
            let sides = try ObjectReader(
                node, context: "\"directionalLayoutMargins\" of \(reader.context)",
                allowed: ["top", "leading", "bottom", "trailing"])
            view.directionalLayoutMargins = NSDirectionalEdgeInsets(
                top: try sides.number("top") ?? 0, leading: try sides.number("leading") ?? 0,
                bottom: try sides.number("bottom") ?? 0, trailing: try sides.number("trailing") ?? 0)
        }
        if let value = try reader.bool("insetsLayoutMarginsFromSafeArea") {
            view.insetsLayoutMarginsFromSafeArea = value
        }
    }

    mutating func addGuides(_ reader: ObjectReader, to view: UIView) throws(LayoutFileError) {
        for node in try reader.array("layoutGuides") ?? [] {
            guard case .string(let name) = node.value, ScreenBuilder.isIdentifier(name) else {
                throw reader.fail("layoutGuides", node, "an array of guide names (identifiers)")
            }
            if ScreenBuilder.reservedNames.contains(name) || items[name] != nil {
                throw LayoutFileError(
                    .duplicateName, at: node.position, "the name \"\(name)\" is already used; names must be unique")
            }
            let guide = UILayoutGuide()
            guide.identifier = name
            view.addLayoutGuide(guide)
            items[name] = .guide(guide, node.position)
        }
    }

    /// Places the views named in `superview` keys and `arrangedSubviews`, refusing cycles.
    mutating func resolvePlacements() throws(LayoutFileError) {
        var parentOf: [String: Placement] = [:]
        for placement in placements {
            guard case .view = items[placement.view] else {
                throw LayoutFileError(
                    .unknownView, at: placement.position,
                    "no view is named \"\(placement.view)\"" + suggestion(for: placement.view))
            }
            guard case .view = items[placement.parent] else {
                throw LayoutFileError(
                    .unknownView, at: placement.position,
                    "no view is named \"\(placement.parent)\"" + suggestion(for: placement.parent))
            }
            if let earlier = parentOf[placement.view] {
                throw LayoutFileError(
                    .invalidValue, at: placement.position,
                    "\"\(placement.view)\" is already placed in \"\(earlier.parent)\" (\(earlier.position)); a view has one superview"
                )
            }
            parentOf[placement.view] = placement
        }
        // Walk up from every placed view: reaching it again means it would be its own ancestor.
        // A walk that reaches the top settles every view on it, and later walks stop at a
        // settled view (nothing above it loops), so each view is walked through once.
        var settled = Set<String>()
        for placement in placements {
            var chain = [placement.view]
            var onChain: Set<String> = [placement.view]
            var current = placement.parent
            while !settled.contains(current) {
                if onChain.contains(current) {
                    throw LayoutFileError(
                        .cyclicHierarchy, at: placement.position,
                        "\"\(placement.view)\" would be its own ancestor: "
                            + (chain + [current]).joined(separator: " → superview ")
                            + "; a view cannot contain itself")
                }
                chain.append(current)
                onChain.insert(current)
                if let next = parentOf[current] {
                    current = next.parent
                } else if case .view(let view, _) = items[current], let superview = view.superview,
                    let name = superview.name, name != "view", superview !== window
                {
                    current = name
                } else {
                    break
                }
            }
            settled.formUnion(chain)
        }
        // Place parents before children so each superview is in the tree first: climb to the
        // first ancestor already placed (or not placed by name), then place the chain top down.
        // A loop, not recursion: a chain of names can be as long as the file, deep enough to
        // overflow the stack.
        var placed = Set<String>()
        func place(_ name: String) {
            var chain: [Placement] = []
            var current = name
            while let placement = parentOf[current], placed.insert(current).inserted {
                chain.append(placement)
                current = placement.parent
            }
            for placement in chain.reversed() {
                guard case .view(let view, _) = items[placement.view],
                    case .view(let parent, _) = items[placement.parent]
                else { continue }
                if placement.arranged, let stack = parent as? UIStackView {
                    stack.addArrangedSubview(view)
                } else {
                    parent.addSubview(view)
                }
            }
        }
        for placement in placements {
            if placement.arranged, case .view(let parent, _) = items[placement.parent], !(parent is UIStackView) {
                throw LayoutFileError(
                    .invalidValue, at: placement.position,
                    "\"\(placement.parent)\" is not a stack; only stacks have arranged subviews")
            }
            place(placement.view)
        }
        for (stack, entries) in customSpacings {
            for entry in entries {
                guard case .view(let view, _) = items[entry.key], view.superview === stack else {
                    throw LayoutFileError(
                        .unknownView, at: entry.keyPosition,
                        "custom spacing after \"\(entry.key)\": no arranged view of this stack has that name")
                }
                guard case .number(let spacing) = entry.value.value, abs(spacing) <= 1e6 else {
                    throw LayoutFileError(
                        .invalidValue, at: entry.value.position, "a custom spacing must be a number of points")
                }
                stack.setCustomSpacing(spacing, after: view)
            }
        }
    }

    func suggestion(for name: String) -> String {
        let names = items.keys.sorted() + ["superview", "view"]
        if let close = ObjectReader.closest(to: name, in: names) { return " (did you mean \"\(close)\"?)" }
        return "; names in this file: " + items.keys.sorted().joined(separator: ", ")
    }

    // MARK: Constraints

    static let constraintKeys = ["constraint", "identifier", "comment"]

    func makeConstraints() throws(LayoutFileError) -> [LayoutScreen.FileConstraint] {
        var result: [LayoutScreen.FileConstraint] = []
        for node in constraintSources {
            var text: String
            var identifier: String?
            var textPosition = node.position
            switch node.value {
            case .string(let string): text = string
            case .object:
                let reader = try ObjectReader(node, context: "a constraint", allowed: ScreenBuilder.constraintKeys)
                guard let string = try reader.string("constraint") else {
                    throw LayoutFileError(
                        .invalidConstraint, at: node.position,
                        "a constraint object needs \"constraint\": a string such as \"label.top = superview.top + 24\"")
                }
                text = string
                identifier = try reader.string("identifier")
                textPosition = reader["constraint"]?.position ?? node.position
            default:
                throw LayoutFileError(
                    .invalidConstraint, at: node.position,
                    "a constraint must be a string such as \"label.top = superview.top + 24\", found \(node.kindDescription)"
                )
            }
            let expression: ConstraintExpression
            do {
                expression = try ConstraintExpression(parsing: text)
            } catch {
                throw LayoutFileError(
                    .invalidConstraint, at: textPosition,
                    "in \"\(text)\" at character \(error.offset + 1): \(error.message)")
            }
            let first = try resolve(expression.first, firstItem: nil, text: text, at: textPosition)
            let second = try expression.second.map { (anchor) throws(LayoutFileError) in
                try resolve(anchor, firstItem: first, text: text, at: textPosition)
            }
            let constraint = NSLayoutConstraint(
                item: first, attribute: expression.first.attribute, relatedBy: expression.relation, toItem: second,
                attribute: expression.second?.attribute ?? .notAnAttribute, multiplier: expression.multiplier,
                constant: expression.constant)
            constraint.priority = UILayoutPriority(expression.priority)
            constraint.identifier = identifier
            result.append(
                LayoutScreen.FileConstraint(
                    constraint: constraint, text: text, expression: expression, position: textPosition))
        }
        return result
    }

    /// The view or guide an anchor names. `superview` is the first item's superview.
    func resolve(
        _ anchor: ConstraintExpression.Anchor, firstItem: AnyObject?, text: String, at position: SourcePosition
    )
        throws(LayoutFileError) -> AnyObject
    {
        let view: UIView
        if anchor.item == "superview" {
            guard let first = firstItem else {
                throw LayoutFileError(
                    .invalidConstraint, at: position,
                    "in \"\(text)\": \"superview\" means the first view's superview, so it cannot come first")
            }
            let base = (first as? UIView) ?? (first as? UILayoutGuide)?.owningView
            guard let superview = (first is UILayoutGuide) ? base : base?.superview, superview !== window else {
                throw LayoutFileError(
                    .invalidConstraint, at: position, "in \"\(text)\": the first item has no superview in this file")
            }
            view = superview
        } else {
            switch items[anchor.item] {
            case .view(let named, _): view = named
            case .guide(let guide, _):
                guard anchor.guide == nil else {
                    throw LayoutFileError(
                        .invalidConstraint, at: position,
                        "in \"\(text)\": \"\(anchor.item)\" is a layout guide; it has no guides of its own")
                }
                return guide
            case nil:
                throw LayoutFileError(
                    .unknownView, at: position,
                    "in \"\(text)\": no view or guide is named \"\(anchor.item)\"" + suggestion(for: anchor.item))
            }
        }
        switch anchor.guide {
        case .safeArea: return view.safeAreaLayoutGuide
        case .margins: return view.layoutMarginsGuide
        case .keyboard: return view.keyboardLayoutGuide
        case nil: return view
        }
    }
}

extension DocumentNode.Value {
    /// The string, or nil for another kind of value.
    var string: String? { if case .string(let text) = self { text } else { nil } }
}
