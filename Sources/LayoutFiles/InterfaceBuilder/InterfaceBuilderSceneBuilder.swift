import AutoLayout
import Foundation
import Typesetting

/// Builds one scene of an IB file: the window for its device, its views with IB's
/// properties, and its installed constraints.
struct InterfaceBuilderSceneBuilder {
    let file: InterfaceBuilderFile
    let scene: InterfaceBuilderFile.Scene
    let options: InterfaceBuilderOptions
    let device: InterfaceBuilderDevice
    let orientation: Device.Orientation
    let category: ContentSizeCategory
    /// The iOS release whose control sizes are used: the option's, else the file's.
    let release: UIKitRelease
    let sizeClasses: (horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass)
    var tree: XMLTree { file.tree }

    var views: [String: UIView] = [:]
    var elementOfView: [String: Int] = [:]
    var guides: [String: UILayoutGuide] = [:]
    var objects: [InterfaceBuilderObject] = []
    var screenViews: [LayoutScreen.View] = []
    var problems: [LayoutReport.Problem] = []
    /// Views that scroll their content, by id.
    var scrollViews: Set<String> = []
    /// Content layout guides of scroll views, made when a constraint needs one.
    var contentGuides: [String: UILayoutGuide] = [:]
    /// Ids of items of placeholder constraints: IB's stored frames obey constraints the
    /// build removes, so these frames are not what the app shows.
    var placeholderItems: Set<String> = []
    /// Ids of views not installed in this size class (`<mask key="subviews">`).
    var excludedIDs: Set<String> = []
    /// Values that did not read, each reported with its line and left out.
    let ignored = InterfaceBuilderIgnoredValues()

    init(file: InterfaceBuilderFile, scene: InterfaceBuilderFile.Scene, options: InterfaceBuilderOptions)
        throws(LayoutFileError)
    {
        self.file = file
        self.scene = scene
        self.options = options
        if let name = options.device, InterfaceBuilderDevice.named(name) == nil {
            throw LayoutFileError(
                .unknownDevice, at: nil,
                "unknown device \"\(name)\"; known: "
                    + InterfaceBuilderDevice.all.map { "\($0.id) (\($0.name))" }.joined(separator: ", "))
        }
        device = file.layoutDevice(named: options.device)
        orientation = options.orientation ?? file.orientation
        category = options.contentSizeCategory ?? .large
        release = options.uikitRelease ?? file.uikitRelease
        sizeClasses = device.sizeClasses(orientation)
        // A root frame that does not read makes `build()` throw before the width is used.
        let storedWidth =
            file.tree.child(of: scene.root, named: "rect", key: "frame")
            .flatMap { file.tree[$0].attribute("width") }.flatMap(Double.init) ?? 0
        let isDeviceFree = file.deviceID == nil && options.device == nil
        canvasWidth = isDeviceFree ? max(device.portraitSize.width, CGFloat(storedWidth)) : device.portraitSize.width
    }

    // MARK: Reading values

    /// A number attribute; nil when absent. A value that does not read is a problem with its
    /// line (`ignoredValue`) and is taken as absent: Xcode opens such a file, so the rest of it
    /// is laid out (`testValuesThatDoNotReadAreProblemsNotErrors`).
    func number(_ element: XMLTree.Element, _ key: String) -> Double? {
        guard let text = element.attribute(key) else { return nil }
        guard let value = Double(text), value.isFinite, abs(value) < 1e9 else {
            ignored.add(
                LayoutReport.Problem(
                    kind: .ignoredValue, view: element.attribute("id"), position: element.position,
                    message: "\(key)=\"\(text)\" of <\(element.name)> is not a finite number; it is read as absent"))
            return nil
        }
        return value
    }

    /// A number attribute whose value, when it does not read, leaves out all of `what` (a
    /// constraint): `fallback` when absent, nil with a problem when unreadable.
    func number(_ element: XMLTree.Element, _ key: String, default fallback: Double, leavesOut what: String)
        -> Double?
    {
        guard let text = element.attribute(key) else { return fallback }
        guard let value = Double(text), value.isFinite, abs(value) < 1e9 else {
            ignored.add(
                LayoutReport.Problem(
                    kind: .ignoredValue, view: nil, position: element.position,
                    message: "\(key)=\"\(text)\" of <\(element.name)> is not a finite number; \(what) is left out"))
            return nil
        }
        return value
    }

    func rect(of index: Int, key: String = "frame") -> CGRect? {
        guard let rect = tree.child(of: index, named: "rect", key: key) else { return nil }
        let element = tree[rect]
        return CGRect(
            x: number(element, "x") ?? 0, y: number(element, "y") ?? 0,
            width: number(element, "width") ?? 0, height: number(element, "height") ?? 0)
    }

    func insets(of index: Int, named name: String, key: String) -> UIEdgeInsets? {
        guard let child = tree.child(of: index, named: name, key: key) else { return nil }
        let element = tree[child]
        if name == "inset" {
            return UIEdgeInsets(
                top: number(element, "minY") ?? 0, left: number(element, "minX") ?? 0,
                bottom: number(element, "maxY") ?? 0, right: number(element, "maxX") ?? 0)
        }
        var left = number(element, "leading")
        if left == nil { left = number(element, "left") }
        var right = number(element, "trailing")
        if right == nil { right = number(element, "right") }
        return UIEdgeInsets(
            top: number(element, "top") ?? 0, left: left ?? 0, bottom: number(element, "bottom") ?? 0,
            right: right ?? 0)
    }

    /// Whether a `<variation key="heightClass=compact-widthClass=regular">` applies here.
    func variationApplies(_ key: String) -> Bool {
        // `default` is the base configuration: it applies in every size class.
        if key == "default" { return true }
        for part in key.split(separator: "-") {
            let pair = part.split(separator: "=")
            guard pair.count == 2 else { return false }
            let wanted: UIUserInterfaceSizeClass = pair[1] == "compact" ? .compact : .regular
            switch pair[0] {
            case "widthClass": if sizeClasses.horizontal != wanted { return false }
            case "heightClass": if sizeClasses.vertical != wanted { return false }
            default: return false
            }
        }
        return true
    }

    /// An element with the attributes its `<variation>` children set for this size class,
    /// IB's size-class customizations: `constant="-110"` on a constraint, `hidden="NO"` on a
    /// view, `spacing` or `axis` on a stack view (fonts come through
    /// ``variedChild(of:named:key:)``). Of the variations that apply, one naming more size classes
    /// wins over one naming fewer, as the more specific trait match does in UIKit; a key with
    /// any other trait (`userInterfaceIdiom=mac`) never applies.
    /// `InterfaceBuilderTests.testSizeClassVariationsSetAttributes` pins it.
    func varied(_ index: Int) -> XMLTree.Element {
        var element = tree[index]
        let applying = applyingVariations(of: index)
        guard !applying.isEmpty else { return element }
        for variation in applying {
            for attribute in tree[variation].attributes where attribute.name != "key" {
                element.attributes.removeAll { $0.name == attribute.name }
                element.attributes.append(attribute)
            }
        }
        return element
    }

    /// The `<variation>` children of an element that apply in this size class, less specific
    /// first (`default` holds only masks and is left to ``excluded(in:key:)``).
    func applyingVariations(of index: Int) -> [Int] {
        tree.children(of: index, named: "variation").compactMap { variation -> (Int, Int)? in
            let key = tree[variation].attribute("key") ?? ""
            guard key != "default", variationApplies(key) else { return nil }
            return (key.split(separator: "-").count, variation)
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// A child element (`<fontDescription key="fontDescription">`) as this size class has
    /// it: from the most specific applying variation that writes one, else the element's own.
    func variedChild(of index: Int, named name: String, key: String) -> Int? {
        for variation in applyingVariations(of: index).reversed() {
            if let child = tree.child(of: variation, named: name, key: key) { return child }
        }
        return tree.child(of: index, named: name, key: key)
    }

    /// The ids a view's masks of `key` (`constraints` or `subviews`) leave out in this size
    /// class: the base mask's excludes, less what applying variations include, plus what
    /// they exclude.
    func excluded(in index: Int, key: String) -> Set<String> {
        var excluded = Set<String>()
        func apply(_ mask: Int) {
            for entry in tree.children(of: mask) {
                guard let reference = tree[entry].attribute("reference") else { continue }
                if tree[entry].name == "exclude" { excluded.insert(reference) }
                if tree[entry].name == "include" { excluded.remove(reference) }
            }
        }
        if let mask = tree.child(of: index, named: "mask", key: key) { apply(mask) }
        for variation in tree.children(of: index, named: "variation")
        where variationApplies(tree[variation].attribute("key") ?? "") {
            if let mask = tree.child(of: variation, named: "mask", key: key) { apply(mask) }
        }
        return excluded
    }

    /// Whether the file names no device: Xcode 7 and earlier laid such files out on a canvas
    /// of the roots' stored size (600 × 600 for any width and height), not on a phone.
    var isDeviceFreeCanvas: Bool { file.deviceID == nil && options.device == nil }
    /// The width root views are laid out at for their side margins: the device's, or on a
    /// device-free canvas the wider of the device and the stored root.
    let canvasWidth: CGFloat

    /// Whether a controller's root view here has the regular side margins: in regular width
    /// and at 414 points wide and more (Plus and Max phones, Xcode 7's 600-point canvas)
    /// (docs/interface-builder.md).
    var hasRegularSideMargins: Bool {
        SystemSideMargins.areRegular(screenWidth: canvasWidth, regularSizeClass: sizeClasses.horizontal == .regular)
    }

    /// The side margins of a controller's root view here: 20 pt with the regular side
    /// margins, 16 otherwise.
    var rootSideMargin: CGFloat { SystemSideMargins.margin(regular: hasRegularSideMargins) }

    // MARK: The scene

    mutating func build(fonts: inout InterfaceBuilderFonts) throws(LayoutFileError) -> InterfaceBuilderScene {
        let rootElement = tree[scene.root]
        let isCell = InterfaceBuilderKinds.cells.contains(rootElement.name)
        let screen = device.screenSize(orientation)
        let stored = rect(of: scene.root)
        let freeform =
            tree.child(of: scene.root, named: "freeformSimulatedSizeMetrics") != nil
            || scene.controller.flatMap { tree.child(of: $0, named: "freeformSimulatedSizeMetrics") } != nil
        // On a device-free canvas a storyboard's stored root is the screen. A root as tall as
        // the screen or taller, freeform or not, is under the status bar (`fullScreen`).
        let fullScreen =
            (isDeviceFreeCanvas && file.isStoryboard) || (stored.map { $0.size.height >= screen.height } ?? true)
        var safeArea =
            isCell
            ? .zero : device.safeAreaInsets(orientation, toolsVersion: file.buildNumber, fullScreen: fullScreen)
        let bars = scene.controller.map { file.simulatedBars.insets(of: $0, in: tree) }
        if bars == nil, tree.child(of: scene.root, named: "nil", key: "simulatedBottomBarMetrics") != nil {
            // A XIB view whose Bottom Bar metric is set to None (`<nil key=…>`) is simulated
            // without the home indicator's inset: NoticeView (275 × 94) and
            // SPNoteHistoryViewController's view (414 × 258, a stack that ends 46 above the
            // bottom held 16 above the safe area) on retina6_1 keep 0 below and the status
            // bar's 44 above, where TitleNSubtitleView, with no such key, keeps 34
            // (`testXIBRootWithoutBottomBarHasNoBottomSafeArea`).
            safeArea.bottom = 0
        }
        let size = file.rootSize(screen: screen, stored: stored?.size, options: options)
        let isEmbedded = scene.controller.flatMap { tree[$0].attribute("id") }.map(file.simulatedBars.embedded.contains)
        if let stored, size != screen, file.isStoryboard, !freeform, isEmbedded != true, !isDeviceFreeCanvas,
            stored.height < screen.height
        {
            // A storyboard root shorter than the screen, neither freeform nor embedded, is a
            // sheet or sits between opaque bars: it ends at the screen's bottom, or above an
            // opaque bar there, and overlaps only what of the top inset reaches below its top.
            // An opaque navigation bar is above it; any other bar is over it
            // (`testShorterRootsSitAtTheBottomOfTheScreen`).
            let opaqueBottom = bars.map { $0.bottomIsOpaque && $0.bottom > 0 } ?? false
            let bottomEdge = screen.height - (opaqueBottom ? safeArea.bottom + (bars?.bottom ?? 0) : 0)
            safeArea.top = max(0, safeArea.top - (bottomEdge - stored.height))
            if let bar = bars?.navigationBar, !bar.isOpaque { safeArea.top += bar.height }
            safeArea.bottom = opaqueBottom ? 0 : safeArea.bottom + (bars?.bottom ?? 0)
        } else {
            if let bars { safeArea = safeArea + bars.edgeInsets }
            if let stored, size != screen, file.isStoryboard {
                // A root shorter than the screen keeps the unsafe area it overlaps.
                safeArea.top = max(0, safeArea.top - stored.minY)
                safeArea.bottom = max(0, safeArea.bottom - max(0, screen.height - stored.maxY))
            }
        }
        // The unsafe areas never overlap: a root shorter than its insets (simplenote's
        // 34 pt SPTagHeaderView under a 44 pt status bar) is unsafe from the top down and
        // keeps nothing below (`testSafeAreaNeverExceedsTheRoot`).
        safeArea.top = min(safeArea.top, size.height)
        safeArea.bottom = min(safeArea.bottom, size.height - safeArea.top)
        let sideMargin: UIUserInterfaceSizeClass = hasRegularSideMargins ? .regular : .compact
        var traits = UITraitCollection(horizontalSizeClass: sideMargin, verticalSizeClass: sizeClasses.vertical)
        traits.displayScale = device.scale
        traits.layoutDirection = options.layoutDirection ?? .leftToRight
        traits.preferredContentSizeCategory = category
        let window = UIWindow(size: size, scale: device.scale, safeAreaInsets: safeArea, traits: traits)

        let root = try makeView(scene.root, superviewID: nil, ancestors: [], fonts: &fonts, isRoot: true)
        if scene.controller != nil {
            let margins = root.layoutMargins
            let explicit =
                tree.child(of: scene.root, named: "edgeInsets", key: "layoutMargins") != nil
                || tree.child(of: scene.root, named: "directionalEdgeInsets", key: "directionalLayoutMargins") != nil
            window.rootViewController = UIViewController(view: root)
            if explicit { root.layoutMargins = margins }
        } else {
            root.translatesAutoresizingMaskIntoConstraints = true
            root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            root.frame = CGRect(origin: .zero, size: size)
            window.addSubview(root)
        }
        if let controller = scene.controller { addLegacyGuides(of: controller, to: root) }
        let constraints = makeConstraints()
        for index in objects.indices where placeholderItems.contains(objects[index].id) {
            objects[index].isPlacedByPlaceholder = true
        }
        NSLayoutConstraint.activate(constraints.map(\.constraint))
        for missing in fonts.missing
        where !problems.contains(where: { $0.message.contains("\"\(missing.postScriptName)\"") }) {
            problems.append(
                LayoutReport.Problem(
                    kind: .layoutDiagnostic, view: nil, position: missing.position,
                    message: "the custom font \"\(missing.postScriptName)\""
                        + (missing.fileName.map { " (\($0))" } ?? "")
                        + " was not found under the font folders or the project folder; text in it is measured in "
                        + "the system font at the same size"))
        }
        let layoutScreen = LayoutScreen(window: window, rootView: root, views: screenViews, constraints: constraints)
        return InterfaceBuilderScene(
            id: scene.id, name: scene.name, rootID: scene.rootID, screen: layoutScreen, objects: objects,
            readingProblems: problems + ignored.problems, keepsStoredLayout: options.keepsStoredLayout,
            scrollViews: scrollViews,
            deviceName: options.device == nil ? device.id : device.name, orientation: orientation)
    }

    /// `<viewControllerLayoutGuide type="top|bottom">`: the top guide ends where the safe
    /// area starts, the bottom guide starts where it ends.
    mutating func addLegacyGuides(of controller: Int, to root: UIView) {
        guard let list = tree.child(of: controller, named: "layoutGuides") else { return }
        for entry in tree.children(of: list, named: "viewControllerLayoutGuide") {
            guard let id = tree[entry].attribute("id") else { continue }
            let guide = UILayoutGuide()
            guide.identifier = id
            root.addLayoutGuide(guide)
            let safe = root.safeAreaLayoutGuide
            var constraints = [
                guide.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                guide.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            ]
            if tree[entry].attribute("type") == "bottom" {
                constraints += [
                    guide.topAnchor.constraint(equalTo: safe.bottomAnchor),
                    guide.bottomAnchor.constraint(equalTo: root.bottomAnchor),
                ]
            } else {
                constraints += [
                    guide.topAnchor.constraint(equalTo: root.topAnchor),
                    guide.bottomAnchor.constraint(equalTo: safe.topAnchor),
                ]
            }
            NSLayoutConstraint.activate(constraints)
            guides[id] = guide
        }
    }
}

/// The values of a file that did not read, each a problem with its line; the reader leaves
/// them out and lays out the rest. A reference, so reading functions that do not otherwise
/// change the builder can report.
final class InterfaceBuilderIgnoredValues {
    private(set) var problems: [LayoutReport.Problem] = []

    func add(_ problem: LayoutReport.Problem) { problems.append(problem) }
}
