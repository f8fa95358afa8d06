import AutoLayout
import Documents
import Foundation
import Typesetting

/// A storyboard or XIB read from Interface Builder's XML (document version 3.0), ready to
/// lay out scene by scene into the same ``LayoutScreen`` layout files make.
///
/// ```swift
/// let file = try InterfaceBuilderFile(contentsOf: "Base.lproj/Main.storyboard")
/// for scene in try file.makeScenes() {
///     let report = scene.layOut()
///     print(scene.name, report.differing.count, "views differ from Xcode's stored frames")
/// }
/// ```
///
/// docs/interface-builder.md lists what is read and where IB's behaviour comes from.
public struct InterfaceBuilderFile: Sendable {
    /// One scene: a storyboard view controller's root view, or a XIB's top-level view.
    public struct Scene: Sendable, Hashable {
        /// The storyboard's `sceneID`, or the XIB view's id.
        public var id: String
        /// The controller's or view's label, class or kind.
        public var name: String
        /// The root view's object id.
        public var rootID: String
        /// Where the scene's root view is written.
        public var position: SourcePosition
        /// The root view's element index.
        let root: Int
        /// The controller's element index (storyboards).
        let controller: Int?
    }

    /// The path it was read from.
    public let path: String?
    /// Whether it is a storyboard (else a XIB).
    public let isStoryboard: Bool
    /// Xcode's `toolsVersion` (its major number).
    public let toolsVersion: Double
    /// The iOS release whose UIKit laid the file out, implied by its `toolsVersion` (and IB
    /// plug-in version): controls whose size changed across releases take that release's.
    public let uikitRelease: UIKitRelease
    /// The device the file was laid out for, from `<device>` (nil when the file names none).
    public let deviceID: String?
    /// The orientation the file was laid out in.
    public let orientation: Device.Orientation
    /// The scenes, in document order.
    public let scenes: [Scene]

    let tree: XMLTree
    /// Image name → size in points, from `<resources>`.
    let imageSizes: [String: CGSize]
    /// Object id → intrinsic size IB computed for a designable view.
    let designableSizes: [String: CGSize]
    /// PostScript name → font file name, from `<customFonts>`.
    let customFontFiles: [String: String]
    /// Every object id in the file, for telling an unknown id from one outside the scene.
    let allIDs: Set<String>
    /// Controllers shown inside a navigation controller (they simulate its bar), with the
    /// height of that controller's stored navigation bar.
    let navigationChildren: [String: Double]
    /// Controllers shown inside a tab bar controller (they simulate its bar).
    let tabBarChildren: Set<String>
    /// The controllers and the segues between them, read once for the containment above
    /// and the bar titles.
    let controllerGraph: ControllerGraph

    /// A file's controllers, by id, and the segues between them.
    struct ControllerGraph: Sendable {
        /// One segue, from the controller it sits in.
        struct Segue: Sendable {
            var destination: String
            var kind: String
            var relationship: String?
        }

        /// Each controller's element name (`navigationController`, …), by id.
        var kinds: [String: String] = [:]
        /// Each controller's element index, by id (the first element with the id).
        var indices: [String: Int] = [:]
        /// The height of the `<navigationBar key="navigationBar">` a controller stores, by id.
        var barHeights: [String: Double] = [:]
        /// The segues of each controller, by its id, in document order.
        var segues: [String: [Segue]] = [:]

        init(_ tree: XMLTree) {
            for (index, element) in tree.elements.enumerated() {
                if isController(element.name), let id = element.attribute("id") {
                    kinds[id] = element.name
                    if indices[id] == nil { indices[id] = index }
                    if let bar = tree.child(of: index, named: "navigationBar", key: "navigationBar"),
                        let frame = tree.child(of: bar, named: "rect", key: "frame"),
                        let height = tree[frame].attribute("height").flatMap(Double.init), height > 0, height < 200
                    {
                        barHeights[id] = height
                    }
                }
                guard element.name == "segue", let destination = element.attribute("destination") else { continue }
                // The segue's source: the controller it sits in.
                var parent = element.parent
                while let current = parent, !isController(tree[current].name) { parent = tree[current].parent }
                guard let source = parent.flatMap({ tree[$0].attribute("id") }) else { continue }
                segues[source, default: []].append(
                    Segue(
                        destination: destination, kind: element.attribute("kind") ?? "",
                        relationship: element.attribute("relationship")))
            }
        }
    }

    /// Reads a file from disk.
    ///
    /// - Throws: `unreadableFile` (exit 66 in the CLI) for a file that is missing, not a
    ///   regular file or over 64 MiB (`DocumentFile.read(path:limit:)`), or a `syntax` /
    ///   `invalidValue` error with the line and column.
    public init(contentsOf path: String) throws(LayoutFileError) {
        let bytes: [UInt8]
        do {
            bytes = try DocumentFile.read(path: path, limit: XMLTree.maximumSize)
        } catch {
            throw LayoutFileError(.unreadableFile, at: nil, error.message, path: path)
        }
        try self.init(bytes: bytes, path: path)
    }

    /// Reads the bytes of a storyboard or XIB.
    ///
    /// - Throws: a `syntax` error for malformed XML, entity declarations or a document that is
    ///   not Interface Builder's; `invalidValue` for a value that does not read.
    public init(bytes: [UInt8], path: String? = nil) throws(LayoutFileError) {
        do throws(LayoutFileError) {
            let tree = try XMLTree(bytes: bytes)
            let document = tree[0]
            guard document.name == "document" else {
                throw LayoutFileError(
                    .syntax, at: document.position,
                    "the root element is <\(document.name)>; an Interface Builder file starts with <document>")
            }
            let type = document.attribute("type") ?? ""
            guard type.hasPrefix("com.apple.InterfaceBuilder3.CocoaTouch") else {
                throw LayoutFileError(
                    .invalidValue, at: document.position,
                    "the document type \"\(type)\" is not an iOS storyboard or XIB "
                        + "(com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB or …CocoaTouch.XIB)")
            }
            if let version = document.attribute("version"), version != "3.0" {
                throw LayoutFileError(
                    .invalidValue, at: document.position,
                    "document version \(version) is not read; Xcode 8 and later write version 3.0")
            }
            self.tree = tree
            self.path = path
            isStoryboard = type.hasSuffix("Storyboard.XIB")
            toolsVersion = document.attribute("toolsVersion").flatMap(InterfaceBuilderFile.majorVersion) ?? 0
            let plugin = tree.child(of: 0, named: "dependencies").flatMap { dependencies in
                tree.children(of: dependencies, named: "plugIn").first {
                    tree[$0].attribute("identifier") == "com.apple.InterfaceBuilder.IBCocoaTouchPlugin"
                }
            }
            uikitRelease = InterfaceBuilderRelease.release(
                toolsVersion: toolsVersion,
                pluginVersion: plugin.flatMap { tree[$0].attribute("version") }.flatMap(
                    InterfaceBuilderFile.majorVersion))
            let device = tree.child(of: 0, named: "device")
            deviceID = device.flatMap { tree[$0].attribute("id") }
            orientation = device.flatMap { tree[$0].attribute("orientation") } == "landscape" ? .landscape : .portrait
            var images: [String: CGSize] = [:]
            var designables: [String: CGSize] = [:]
            var fonts: [String: String] = [:]
            var ids = Set<String>()
            var scenes: [Scene] = []
            for (index, element) in tree.elements.enumerated() {
                if let id = element.attribute("id") { ids.insert(id) }
                switch element.name {
                case "image" where element.parent.map({ tree[$0].name == "resources" }) == true:
                    if let name = element.attribute("name"),
                        let width = element.attribute("width").flatMap(Double.init),
                        let height = element.attribute("height").flatMap(Double.init)
                    {
                        images[name] = CGSize(width: width, height: height)
                    }
                case "designable":
                    if let name = element.attribute("name"),
                        let size = tree.child(of: index, named: "size", key: "intrinsicContentSize")
                    {
                        designables[name] = CGSize(
                            width: tree[size].attribute("width").flatMap(Double.init) ?? -1,
                            height: tree[size].attribute("height").flatMap(Double.init) ?? -1)
                    }
                case "array" where element.parent.map({ tree[$0].name == "customFonts" }) == true:
                    let fileName = element.attribute("key") ?? ""
                    for string in tree.children(of: index, named: "string") {
                        if let name = tree[string].text?.trimmingCharacters(in: .whitespacesAndNewlines) {
                            fonts[name] = fileName
                        }
                    }
                default: break
                }
            }
            if isStoryboard {
                for scene in tree.elements.indices where tree[scene].name == "scene" {
                    guard let objects = tree.child(of: scene, named: "objects") else { continue }
                    for controller in tree.children(of: objects)
                    where InterfaceBuilderFile.isController(tree[controller].name) {
                        guard
                            let root = tree.children(of: controller).first(where: {
                                tree[$0].attribute("key") == "view" && InterfaceBuilderKinds.isView(tree[$0].name)
                            })
                        else { continue }
                        let element = tree[controller]
                        let name =
                            element.attribute("userLabel") ?? element.attribute("title")
                            ?? element.attribute("customClass") ?? element.attribute("storyboardIdentifier")
                            ?? element.name
                        scenes.append(
                            Scene(
                                id: tree[scene].attribute("sceneID") ?? element.attribute("id") ?? "",
                                name: name, rootID: tree[root].attribute("id") ?? "", position: tree[root].position,
                                root: root, controller: controller))
                        break
                    }
                }
            } else if let objects = tree.child(of: 0, named: "objects") {
                for view in tree.children(of: objects) where InterfaceBuilderKinds.isView(tree[view].name) {
                    let element = tree[view]
                    let id = element.attribute("id") ?? ""
                    scenes.append(
                        Scene(
                            id: id,
                            name: element.attribute("userLabel") ?? element.attribute("customClass") ?? element.name,
                            rootID: id, position: element.position, root: view, controller: nil))
                }
            }
            self.scenes = scenes
            controllerGraph = ControllerGraph(tree)
            (navigationChildren, tabBarChildren) = InterfaceBuilderFile.containment(controllerGraph)
            imageSizes = images
            designableSizes = designables
            customFontFiles = fonts
            allIDs = ids
        } catch {
            throw path.map { error.inFile($0) } ?? error
        }
    }

    /// The controllers inside navigation and tab bar controllers: their relationship
    /// segues' destinations, then what those show or push, transitively. Those inside a
    /// navigation controller come with the height of its bar: the `<navigationBar
    /// key="navigationBar">` it stores (56 in a sheet from iOS 13 on, 44 elsewhere), else 44.
    static func containment(_ graph: ControllerGraph) -> (navigation: [String: Double], tabBar: Set<String>) {
        let segues = graph.segues
        func closure(from starts: [String]) -> Set<String> {
            var found = Set<String>()
            var pending = starts
            while let next = pending.popLast() {
                guard found.insert(next).inserted else { continue }
                for segue in segues[next] ?? []
                where segue.kind == "show" || segue.kind == "push"
                    || (segue.kind == "relationship" && segue.relationship == "rootViewController")
                {
                    pending.append(segue.destination)
                }
            }
            return found
        }
        var navigation: [String: Double] = [:]
        var tabRoots: [String] = []
        for (source, list) in segues.sorted(by: { $0.key < $1.key }) {
            for segue in list where segue.kind == "relationship" {
                if graph.kinds[source] == "navigationController", segue.relationship == "rootViewController" {
                    for child in closure(from: [segue.destination]) where navigation[child] == nil {
                        navigation[child] = graph.barHeights[source] ?? 44
                    }
                }
                if graph.kinds[source] == "tabBarController", segue.relationship == "viewControllers" {
                    tabRoots.append(segue.destination)
                }
            }
        }
        return (navigation, closure(from: tabRoots))
    }

    /// The device scenes are laid out on: the one `name` gives (an IB id or a phone's name,
    /// as ``InterfaceBuilderDevice/named(_:)`` reads it) when it names one, else the file's
    /// `<device>`, else ``InterfaceBuilderDevice/fallback``.
    public func layoutDevice(named name: String? = nil) -> InterfaceBuilderDevice {
        name.flatMap(InterfaceBuilderDevice.named) ?? deviceID.flatMap(InterfaceBuilderDevice.named)
            ?? InterfaceBuilderDevice.fallback
    }

    /// The size a scene's root view is laid out at on a screen of `screen`: the root's stored
    /// size where it is the canvas (a XIB's root; a storyboard root that is not the screen's
    /// size: freeform, shorter under a bar, or Xcode 7's device-free 600 × 600 canvas), unless
    /// another device or orientation is asked for: then a storyboard root fills the screen.
    func rootSize(screen: CGSize, stored: CGSize?, options: InterfaceBuilderOptions) -> CGSize {
        let keepsCanvas = !isStoryboard || (options.device == nil && options.orientation == nil)
        guard let stored, stored.width > 0, stored.height > 0, keepsCanvas, !isStoryboard || stored != screen else {
            return screen
        }
        return stored
    }

    /// The width a controller's bar title is measured at: the width of the screen its scenes
    /// are laid out on; on a device-free canvas (no `<device>` and none asked for), the width
    /// its controller's scene is laid out at (`testDeviceFreeCanvasBarTitlesTakeTheSceneWidth`).
    public func barWidth(of title: InterfaceBuilderBarTitle, options: InterfaceBuilderOptions) -> Double {
        let screen = layoutDevice(named: options.device).screenSize(options.orientation ?? orientation)
        guard deviceID == nil, options.device == nil,
            let scene = title.sceneID.flatMap({ id in scenes.first { $0.id == id } }),
            let frame = tree.child(of: scene.root, named: "rect", key: "frame")
        else { return Double(screen.width) }
        let stored = ["width", "height"].map { tree[frame].attribute($0).flatMap(Double.init) ?? 0 }
        guard stored.allSatisfy({ $0.isFinite }) else { return Double(screen.width) }
        return Double(
            rootSize(screen: screen, stored: CGSize(width: stored[0], height: stored[1]), options: options).width)
    }

    /// The major number of a version such as `32700.99.1234` (32700).
    static func majorVersion(_ version: String) -> Double? {
        Double(version.split(separator: ".").first ?? "")
    }

    static func isController(_ name: String) -> Bool {
        name.hasSuffix("Controller") || name == "viewController"
    }

    /// The scene a name or id picks: its scene id, root view id or name.
    public func scene(_ nameOrID: String) -> Scene? {
        scenes.first { $0.id == nameOrID || $0.rootID == nameOrID }
            ?? scenes.first { $0.name == nameOrID }
    }

    /// Builds scenes ready to lay out: every scene, or those `only` names.
    ///
    /// - Throws: `duplicateName` / `cyclicHierarchy` for an id used twice or a view inside
    ///   itself, `invalidValue` for a view without an id, `unknownDevice` for `options.device`.
    ///   A value that does not read and a constraint naming an id the file does not have are
    ///   not errors: each is an `ignoredValue` problem of the scene, and the rest is laid out.
    public func makeScenes(_ options: InterfaceBuilderOptions = InterfaceBuilderOptions(), only: [Scene]? = nil)
        throws(LayoutFileError) -> [InterfaceBuilderScene]
    {
        do throws(LayoutFileError) {
            let project = path.map { InterfaceBuilderFonts.projectFolder(of: $0) }
            var fonts = InterfaceBuilderFonts(
                fileNames: customFontFiles, searchFolders: options.fontDirectories + (project.map { [$0] } ?? []))
            var built: [InterfaceBuilderScene] = []
            for scene in only ?? scenes {
                var builder = try InterfaceBuilderSceneBuilder(file: self, scene: scene, options: options)
                built.append(try builder.build(fonts: &fonts))
            }
            return built
        } catch {
            throw path.map { error.inFile($0) } ?? error
        }
    }

    /// The screens of every scene of an IB file, by scene id: the reader in one call.
    public static func screens(of url: URL, options: InterfaceBuilderOptions = InterfaceBuilderOptions())
        throws(LayoutFileError) -> [String: LayoutScreen]
    {
        let file = try InterfaceBuilderFile(contentsOf: url.path)
        var screens: [String: LayoutScreen] = [:]
        for scene in try file.makeScenes(options) { screens[scene.id] = scene.screen }
        return screens
    }
}

/// Settings that change what an IB file stores: another device, text size, language.
public struct InterfaceBuilderOptions: Sendable, Hashable {
    /// A device (an IB id such as `retina6_12`, or a preset name such as `iPhone 15`) instead of the file's.
    public var device: String?
    /// The orientation instead of the file's.
    public var orientation: Device.Orientation?
    /// The content size category text styles are read at (large by default).
    public var contentSizeCategory: ContentSizeCategory?
    /// The layout direction (left to right by default).
    public var layoutDirection: UIUserInterfaceLayoutDirection?
    /// Folders (or files) searched for custom fonts, before the project folder.
    public var fontDirectories: [String]
    /// Translations by `ObjectID.property` (`text`, `normalTitle`, `placeholder`, `title`),
    /// as `xx.lproj/Main.strings` keys them.
    public var strings: [String: String]
    /// The iOS release whose control sizes are used instead of the one the file's tools imply
    /// (`InterfaceBuilderFile.uikitRelease`).
    public var uikitRelease: UIKitRelease?

    /// Options that change nothing, or the parts given.
    public init(
        device: String? = nil, orientation: Device.Orientation? = nil, contentSizeCategory: ContentSizeCategory? = nil,
        layoutDirection: UIUserInterfaceLayoutDirection? = nil, fontDirectories: [String] = [],
        strings: [String: String] = [:], uikitRelease: UIKitRelease? = nil
    ) {
        self.device = device
        self.orientation = orientation
        self.contentSizeCategory = contentSizeCategory
        self.layoutDirection = layoutDirection
        self.fontDirectories = fontDirectories
        self.strings = strings
        self.uikitRelease = uikitRelease
    }

    /// Whether the layout is the one the file stores, so its frames can be compared.
    public var keepsStoredLayout: Bool {
        device == nil && orientation == nil && contentSizeCategory == nil
            && (layoutDirection == nil || layoutDirection == .leftToRight) && strings.isEmpty && uikitRelease == nil
    }
}

/// One IB object laid out as a view: its id, element, class and texts.
public struct InterfaceBuilderObject: Sendable, Hashable {
    /// The object id, unique in the file.
    public var id: String
    /// The element name (`label`, `stackView`, …).
    public var kind: String
    /// `customClass`, if any.
    public var customClass: String?
    /// `userLabel`, else the accessibility identifier, else the kind and its text.
    public var name: String
    /// The superview's id (nil for the root).
    public var superviewID: String?
    /// Where the element starts.
    public var position: SourcePosition
    /// The frame IB stores, if any.
    public var storedFrame: CGRect?
    /// Whether Auto Layout places it (`translatesAutoresizingMaskIntoConstraints="NO"`).
    public var usesAutoLayout: Bool
    /// Whether IB marks its stored frame stale (`misplaced` or `ambiguous`).
    public var isMarkedStale: Bool
    /// Whether a design-time constraint (`placeholder="YES"`, removed at build time) places
    /// it, so its stored frame is IB's canvas, not the app's.
    public var isPlacedByPlaceholder = false
    /// Whether it is the scene's root.
    public var isRoot: Bool
    /// Whether its text is set in a custom (non-system) font.
    public var usesCustomFont: Bool
    /// Its texts by localization property: `text`, `normalTitle`, `placeholder`, `title`,
    /// a static table section's `headerTitle` and `footerTitle`.
    public var texts: [String: String]
    /// What tells a stored frame that is the file's fault (``StoredFrameCause``).
    var facts = StoredFrameFacts()

    /// Whether its solved frame is compared with the stored one.
    public var isCompared: Bool {
        !isRoot && !isMarkedStale && !isPlacedByPlaceholder && usesAutoLayout && storedFrame != nil
    }
}
