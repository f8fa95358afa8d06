import Controls
import Foundation

/// A bar button item of a navigation item: a title to translate, a system item or an image.
public struct InterfaceBuilderBarButton: Sendable, Hashable {
    /// Its title (`ObjectID.title`), when it has one.
    public var title: InterfaceBuilderText?
    /// `systemItem` (`done`, `cancel`, `add`, …), when it is a system item.
    public var systemItem: String?
    /// The English word a text system item shows (`Done`, `Cancel`, …): the system
    /// translates it, so it is measured but never a key of the file's translations.
    public var systemTitle: String?
    /// The width of an item that shows no text, where the file gives it: its image's width
    /// from `<resources>`, a fixed space's `width`, a custom view's frame width, 0 for a
    /// flexible space. Nil for a system icon or an image the file does not size.
    public var contentWidth: Double?
    /// `style="done"`: its title is semibold.
    public var isDone: Bool
}

/// The back button a pushed controller's navigation bar shows on its leading side, made from
/// the navigation item below the top one: the titles UIKit tries in order, keeping the first
/// that leaves room for the button and the title (`UINavigationItem.BackButtonDisplayMode`).
public struct InterfaceBuilderBackButton: Sendable, Hashable {
    /// One title the back button may show beside its indicator (the chevron).
    public enum Title: Sendable, Hashable {
        /// A title of the file: the previous item's `backButtonTitle`, its title (the
        /// navigation item's, else its controller's), or its back bar button item's title.
        case text(InterfaceBuilderText)
        /// The system's generic title, *Back* (`BarTitles.genericBackTitle`).
        case generic
        /// The indicator alone.
        case indicatorOnly
    }

    /// The titles tried, in order; the last is kept when none leaves room.
    public var choices: [Title]
}

/// A title a bar shows rather than a view the reader lays out: a navigation item's title
/// (with the bar button items beside it), a bar button item's title, a tab bar item's title,
/// a toolbar item's title. `measure check` fits each in the room UIKit's bar gives it
/// (`Controls.BarTitles`).
public struct InterfaceBuilderBarTitle: Sendable, Hashable {
    /// Where the title sits.
    public enum Role: Sendable, Hashable {
        /// A navigation item's title, centered between its bar button items; large
        /// (`prefersLargeTitles`) when its navigation bar has `largeTitles="YES"` and the item
        /// does not say `largeTitleDisplayMode="never"`, or it says `always`.
        case navigationTitle(isLarge: Bool)
        /// The title of one of the navigation item's bar button items.
        case barButton
        /// A tab bar item's title, in a tab bar of `itemCount` items.
        case tabBarItem(itemCount: Int)
        /// The title of one of a toolbar's items (all of them are in `leading`).
        case toolbarItem
    }

    /// The translatable text: `ObjectID.title`.
    public var text: InterfaceBuilderText
    /// Where it sits.
    public var role: Role
    /// The bar button items on the leading side of the navigation item (for navigation titles
    /// and bar button items), or a toolbar's items in order; empty for tab bar items.
    public var leading: [InterfaceBuilderBarButton]
    /// The bar button items on the trailing side.
    public var trailing: [InterfaceBuilderBarButton]
    /// The controller's name, as scenes are named.
    public var scene: String
    /// The `<navigationBar>`, `<toolbar>` or `<tabBar>` view of a scene that shows the title:
    /// the bar is as wide as that view is laid out. Nil for the bar of a navigation or tab
    /// bar controller, as wide as the screen.
    public var barViewID: String? = nil
    /// The back buttons a navigation title may have beside it, one for each controller that
    /// pushes its controller (or the item below the top of a `<navigationBar>` view); empty
    /// when it has none. The title is checked beside the one that leaves it least room.
    public var backButtons: [InterfaceBuilderBackButton] = []
    /// The id of the scene of the controller whose bar shows the title (nil for a bar placed
    /// as a view, and for a controller without a scene).
    public var sceneID: String? = nil
}

extension InterfaceBuilderFile {
    /// The titles of every navigation item, bar button item and tab bar item of the file's
    /// controllers, and of the navigation bars, toolbars and tab bars placed as views in its
    /// scenes, in document order (docs/interface-builder-check.md, "Bar titles"). A
    /// navigation item with a custom `titleView` shows no title; one without a title shows its
    /// view controller's `title`. A back button item is shown by the next controller: it is
    /// read as the back button beside that controller's title.
    public var barTitles: [InterfaceBuilderBarTitle] {
        var titles: [InterfaceBuilderBarTitle] = []
        let stacks = navigationStacks()
        let controllers = controllerGraph.indices
        let tabCounts = tabBarItemCounts()
        var sceneOfController: [Int: String] = [:]
        for scene in scenes { if let controller = scene.controller { sceneOfController[controller] = scene.id } }
        for (index, element) in tree.elements.enumerated() {
            if InterfaceBuilderFile.isController(element.name) {
                let scene = controllerName(index)
                let id = element.attribute("id")
                let item = tree.child(of: index, named: "navigationItem", key: "navigationItem")
                let shown = id.map { stacks.controllers.contains($0) } ?? false
                if item != nil || (shown && !InterfaceBuilderFile.containers.contains(element.name)) {
                    var backButtons: [InterfaceBuilderBackButton] = []
                    if item.map(showsBackButton) ?? true {
                        for pusher in id.flatMap({ stacks.pushers[$0] }) ?? [] {
                            guard let source = controllers[pusher] else { continue }
                            backButtons.append(
                                backButton(
                                    below: tree.child(of: source, named: "navigationItem", key: "navigationItem"),
                                    controller: source))
                        }
                    }
                    titles += navigationTitles(
                        item: item, controller: index, inheritsLarge: id.map(stacks.largeTitles.contains) ?? false,
                        scene: scene, barViewID: nil, backButtons: backButtons
                    ).map { title in
                        var title = title
                        title.sceneID = sceneOfController[index]
                        return title
                    }
                }
                if let item = tree.child(of: index, named: "tabBarItem", key: "tabBarItem"),
                    let id, let count = tabCounts[id], let text = barText(item, kind: "tabBarItem")
                {
                    titles.append(
                        InterfaceBuilderBarTitle(
                            text: text, role: .tabBarItem(itemCount: count), leading: [], trailing: [], scene: scene,
                            sceneID: sceneOfController[index]))
                }
            } else if element.attribute("key") == nil, let id = element.attribute("id"),
                ["navigationBar", "toolbar", "tabBar"].contains(element.name)
            {
                titles += barViewTitles(index, id: id)
            }
        }
        return titles
    }

    /// Controllers that hold others and show no navigation item of their own.
    static let containers: Set<String> = ["navigationController", "tabBarController", "splitViewController"]

    /// The titles of a navigation item shown on top of a bar: its title (else its controller's
    /// `title`) and its bar button items' titles.
    private func navigationTitles(
        item: Int?, controller: Int?, inheritsLarge: Bool, scene: String, barViewID: String?,
        backButtons: [InterfaceBuilderBackButton]
    ) -> [InterfaceBuilderBarTitle] {
        var titles: [InterfaceBuilderBarTitle] = []
        let leading = item.map { barButtons(of: $0, single: "leftBarButtonItem", list: "leftBarButtonItems") } ?? []
        let trailing = item.map { barButtons(of: $0, single: "rightBarButtonItem", list: "rightBarButtonItems") } ?? []
        if let text = navigationTitleText(item: item, controller: controller) {
            let mode = item.flatMap { tree[$0].attribute("largeTitleDisplayMode") }
            let isLarge = mode == "always" || (mode != "never" && inheritsLarge)
            titles.append(
                InterfaceBuilderBarTitle(
                    text: text, role: .navigationTitle(isLarge: isLarge), leading: leading, trailing: trailing,
                    scene: scene, barViewID: barViewID, backButtons: backButtons))
        }
        for button in leading + trailing {
            guard let text = button.title else { continue }
            titles.append(
                InterfaceBuilderBarTitle(
                    text: text, role: .barButton, leading: leading, trailing: trailing, scene: scene,
                    barViewID: barViewID))
        }
        return titles
    }

    /// The title a navigation item shows: its own `title`, else its view controller's `title`
    /// (`UIViewController.title`: "If the view controller has a valid navigation item or
    /// tab-bar item, assigning a value to this property updates the title text of those
    /// objects"), translated under the controller's id; none with a custom `titleView`.
    private func navigationTitleText(item: Int?, controller: Int?) -> InterfaceBuilderText? {
        if let item {
            if tree.children(of: item).contains(where: { tree[$0].attribute("key") == "titleView" }) { return nil }
            if let text = barText(item, kind: "navigationItem") { return text }
        }
        return controller.flatMap { barText($0, kind: tree[$0].name) }
    }

    /// Whether a pushed controller's navigation item shows the back button: not when it says
    /// `hidesBackButton="YES"`, nor when it has leading items that do not supplement it
    /// (`UINavigationItem.leftBarButtonItems`: the back button is shown only when
    /// `leftItemsSupplementBackButton` is true).
    private func showsBackButton(_ item: Int) -> Bool {
        let element = tree[item]
        if element.attribute("hidesBackButton") == "YES" { return false }
        let hasLeading = !barButtons(of: item, single: "leftBarButtonItem", list: "leftBarButtonItems").isEmpty
        return !hasLeading || element.attribute("leftItemsSupplementBackButton") == "YES"
    }

    /// The back button the navigation item below the top one makes (`UINavigationItem`
    /// docs): its `backBarButtonItem` as it is (a blank title shows the indicator alone);
    /// else, by `backButtonDisplayMode`, `minimal` the indicator, `generic` *Back* then the
    /// indicator, and by default its `backButtonTitle` or its title (the item's, else the
    /// controller's), then *Back*, then the indicator. Without a title, *Back*.
    private func backButton(below item: Int?, controller: Int?) -> InterfaceBuilderBackButton {
        if let item, let back = tree.child(of: item, named: "barButtonItem", key: "backBarButtonItem") {
            let text = tree[back].attribute("image") == nil ? barText(back, kind: "barButtonItem") : nil
            return InterfaceBuilderBackButton(choices: [text.map { .text($0) } ?? .indicatorOnly])
        }
        let element = item.map { tree[$0] }
        switch element?.attribute("backButtonDisplayMode") {
        case "minimal": return InterfaceBuilderBackButton(choices: [.indicatorOnly])
        case "generic": return InterfaceBuilderBackButton(choices: [.generic, .indicatorOnly])
        default: break
        }
        if let element, let title = element.attribute("backButtonTitle") {
            guard let id = element.attribute("id"), !title.trimmingCharacters(in: .whitespaces).isEmpty else {
                return InterfaceBuilderBackButton(choices: [.indicatorOnly])
            }
            let text = InterfaceBuilderText(
                objectID: id, property: "backButtonTitle", baseText: title, kind: "navigationItem",
                name: element.attribute("userLabel") ?? "navigationItem '\(title)'", position: element.position)
            return InterfaceBuilderBackButton(choices: [.text(text), .generic, .indicatorOnly])
        }
        let specific = navigationTitleText(item: item, controller: controller)
        return InterfaceBuilderBackButton(choices: (specific.map { [.text($0)] } ?? []) + [.generic, .indicatorOnly])
    }

    /// The titles of a bar placed as a view in a scene: a `<navigationBar>`'s top item (the
    /// last of its `<items>`, with the one below it as its back button), a `<toolbar>`'s
    /// items, a `<tabBar>`'s items.
    private func barViewTitles(_ index: Int, id: String) -> [InterfaceBuilderBarTitle] {
        let element = tree[index]
        let scene = sceneName(containing: index)
        let items = tree.child(of: index, named: "items")
        switch element.name {
        case "navigationBar":
            let stack = items.map { tree.children(of: $0, named: "navigationItem") } ?? []
            guard let top = stack.last else { return [] }
            var backButtons: [InterfaceBuilderBackButton] = []
            if stack.count > 1, showsBackButton(top) {
                backButtons.append(backButton(below: stack[stack.count - 2], controller: nil))
            }
            return navigationTitles(
                item: top, controller: nil, inheritsLarge: element.attribute("largeTitles") == "YES", scene: scene,
                barViewID: id, backButtons: backButtons)
        case "toolbar":
            let list = items.map { tree.children(of: $0, named: "barButtonItem") } ?? []
            let buttons = barButtons(list)
            return buttons.compactMap { button in
                button.title.map {
                    InterfaceBuilderBarTitle(
                        text: $0, role: .toolbarItem, leading: buttons, trailing: [], scene: scene, barViewID: id)
                }
            }
        default:
            let list = items.map { tree.children(of: $0, named: "tabBarItem") } ?? []
            return list.compactMap { item in
                barText(item, kind: "tabBarItem").map {
                    InterfaceBuilderBarTitle(
                        text: $0, role: .tabBarItem(itemCount: list.count), leading: [], trailing: [], scene: scene,
                        barViewID: id)
                }
            }
        }
    }

    /// The name of the scene an element is in: its controller's, else (a XIB's top-level view)
    /// the file's scene that holds it.
    private func sceneName(containing index: Int) -> String {
        var parent = tree[index].parent
        var last = index
        while let current = parent {
            if InterfaceBuilderFile.isController(tree[current].name) { return controllerName(current) }
            last = current
            parent = tree[current].parent
        }
        return scenes.first { $0.root == last || isAncestor($0.root, of: index) }?.name ?? tree[index].name
    }

    private func isAncestor(_ ancestor: Int, of index: Int) -> Bool {
        var parent = tree[index].parent
        while let current = parent {
            if current == ancestor { return true }
            parent = tree[current].parent
        }
        return false
    }

    /// A bar item's non-empty `title` as a translatable text.
    private func barText(_ index: Int, kind: String) -> InterfaceBuilderText? {
        let element = tree[index]
        guard let id = element.attribute("id"), let title = element.attribute("title"),
            !title.trimmingCharacters(in: .whitespaces).isEmpty
        else { return nil }
        return InterfaceBuilderText(
            objectID: id, property: "title", baseText: title, kind: kind,
            name: element.attribute("userLabel") ?? "\(kind) '\(title)'", position: element.position)
    }

    /// The bar button items of one side: `<barButtonItem key="leftBarButtonItem">`, or the
    /// items of `<leftBarButtonItems>`.
    private func barButtons(of item: Int, single: String, list: String) -> [InterfaceBuilderBarButton] {
        var indices = tree.children(of: item, named: "barButtonItem").filter { tree[$0].attribute("key") == single }
        for group in tree.children(of: item, named: list) {
            indices += tree.children(of: group, named: "barButtonItem")
        }
        return barButtons(indices)
    }

    /// Bar button items, as a navigation bar or a toolbar shows them.
    private func barButtons(_ indices: [Int]) -> [InterfaceBuilderBarButton] {
        indices.map { index in
            let element = tree[index]
            let image = element.attribute("image")
            let systemItem = element.attribute("systemItem")
            // System items that are words (Done, Cancel, Edit, Save, Undo, Redo) show text; an
            // item with an image shows the image, not its title.
            let word = systemItem.flatMap { InterfaceBuilderFile.systemItemTitles[$0] }
            let text = image == nil ? barText(index, kind: "barButtonItem") : nil
            var width: Double?
            if let image {
                width = imageSizes[image].map { Double($0.width) }
            } else if systemItem == "flexibleSpace" {
                width = 0
            } else if systemItem == "fixedSpace" {
                width = element.attribute("width").flatMap(Double.init) ?? 0
            } else if let view = tree.child(of: index, named: "view", key: "customView"),
                let frame = tree.child(of: view, named: "rect", key: "frame")
            {
                width = tree[frame].attribute("width").flatMap(Double.init)
            }
            return InterfaceBuilderBarButton(
                title: text, systemItem: systemItem, systemTitle: text == nil && image == nil ? word : nil,
                contentWidth: width.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil },
                isDone: element.attribute("style") == "done" || systemItem == "done")
        }
    }

    /// The English titles of UIKit's text system items (`UIBarButtonItem.SystemItem`).
    static let systemItemTitles = [
        "done": "Done", "cancel": "Cancel", "edit": "Edit", "save": "Save", "undo": "Undo", "redo": "Redo",
    ]

    /// A controller's name, as its scene is named.
    private func controllerName(_ index: Int) -> String {
        let element = tree[index]
        return element.attribute("userLabel") ?? element.attribute("title") ?? element.attribute("customClass")
            ?? element.attribute("storyboardIdentifier") ?? element.name
    }

    /// The controllers navigation controllers show: every one (`controllers`), those under a
    /// bar that prefers large titles (`<navigationBar key="navigationBar" largeTitles="YES">`),
    /// and, for each pushed controller, the controllers that push it (by show and push
    /// segues from a controller in the stack), by id.
    private func navigationStacks() -> (
        controllers: Set<String>, largeTitles: Set<String>, pushers: [String: [String]]
    ) {
        let segues = controllerGraph.segues
        let kinds = controllerGraph.kinds
        var controllers = Set<String>()
        var large = Set<String>()
        var pushers: [String: [String]] = [:]
        for (index, element) in tree.elements.enumerated() where element.name == "navigationController" {
            guard let id = element.attribute("id") else { continue }
            let prefersLarge =
                tree.child(of: index, named: "navigationBar", key: "navigationBar").map {
                    tree[$0].attribute("largeTitles") == "YES"
                } ?? false
            var pending = (segues[id] ?? []).filter { $0.relationship == "rootViewController" }.map(\.destination)
            var seen = Set<String>()
            while let next = pending.popLast() {
                guard seen.insert(next).inserted else { continue }
                controllers.insert(next)
                if prefersLarge { large.insert(next) }
                // A container is presented, not pushed: it brings its own bar.
                for segue in segues[next] ?? [] where segue.kind == "show" || segue.kind == "push" {
                    guard let kind = kinds[segue.destination], !InterfaceBuilderFile.containers.contains(kind) else {
                        continue
                    }
                    if !(pushers[segue.destination] ?? []).contains(next) {
                        pushers[segue.destination, default: []].append(next)
                    }
                    pending.append(segue.destination)
                }
            }
        }
        return (controllers, large, pushers)
    }

    /// Each tab bar controller's children (`relationship="viewControllers"`), by id, with the
    /// number of items its bar shows. With more children than an iPhone tab bar shows
    /// (`BarTitles.maximumTabBarItems`), the bar shows the first four and a *More* item, so
    /// only those four have an item there.
    private func tabBarItemCounts() -> [String: Int] {
        var counts: [String: Int] = [:]
        for (source, list) in controllerGraph.segues.sorted(by: { $0.key < $1.key })
        where controllerGraph.kinds[source] == "tabBarController" {
            let children = list.filter { $0.kind == "relationship" && $0.relationship == "viewControllers" }
            let limit = BarTitles.maximumTabBarItems
            let shown = children.count > limit ? Array(children.prefix(limit - 1)) : children
            for child in shown { counts[child.destination] = min(children.count, limit) }
        }
        return counts
    }
}

/// The bars Interface Builder simulates over controllers' root views, inferred once per file
/// from its controllers and the segues between them (docs/interface-builder.md, "Devices").
///
/// A controller's `simulatedTopBarMetrics` and `simulatedBottomBarMetrics` name its bars;
/// without them it infers them: a navigation bar inside a navigation controller (its root and
/// what that shows or pushes; none when it hides its bar), or when shown or pushed from a
/// controller that names a navigation bar itself; a tab bar inside a tab bar controller.
struct InterfaceBuilderSimulatedBars: Sendable {
    /// A navigation bar a controller shows above its root view.
    struct NavigationBar: Sendable, Hashable {
        /// Its height: 44, 74 with a prompt, or what the navigation controller stores (56 in a
        /// sheet from iOS 13 on, 96 with large titles).
        var height: CGFloat
        /// `translucent="NO"`: the root view starts below the bar instead of under it.
        var isOpaque: Bool
    }

    /// The bars over one controller's root view.
    struct Insets: Sendable, Hashable {
        /// The navigation bar, if any.
        var navigationBar: NavigationBar?
        /// The tab bar (49) or toolbar (44) below, or 0.
        var bottom: CGFloat
        /// Whether the bar below is opaque (`translucent="NO"`): the root view ends above it.
        var bottomIsOpaque = false
        /// The bars' insets, the navigation bar counted whether opaque or not.
        var edgeInsets: UIEdgeInsets {
            UIEdgeInsets(top: navigationBar?.height ?? 0, left: 0, bottom: bottom, right: 0)
        }
    }

    /// The navigation bar each controller infers, by id.
    private(set) var navigationChildren: [String: NavigationBar] = [:]
    /// The controllers that infer a tab bar, with whether it is opaque (`translucent="NO"`).
    private(set) var tabBarChildren: [String: Bool] = [:]
    /// The controllers a container view embeds (`kind="embed"`): their root is laid out where
    /// the container is, not at an edge of the screen.
    private(set) var embedded: Set<String> = []

    init(tree: XMLTree, graph: InterfaceBuilderFile.ControllerGraph) {
        let segues = graph.segues
        func closure(from starts: [String]) -> [String] {
            var found: [String] = []
            var seen = Set<String>()
            var pending = starts
            while let next = pending.popLast() {
                guard seen.insert(next).inserted else { continue }
                found.append(next)
                for segue in segues[next] ?? []
                where segue.kind == "show" || segue.kind == "push"
                    || (segue.kind == "relationship" && segue.relationship == "rootViewController")
                {
                    pending.append(segue.destination)
                }
            }
            return found
        }
        var tabRoots: [(child: String, isOpaque: Bool)] = []
        var named: [(source: String, bar: NavigationBar)] = []
        for (source, list) in segues.sorted(by: { $0.key < $1.key }) {
            for segue in list {
                if segue.kind == "embed" { embedded.insert(segue.destination) }
                guard segue.kind == "relationship" else { continue }
                if graph.kinds[source] == "navigationController", segue.relationship == "rootViewController" {
                    // A navigation controller that hides its bar (`navigationBarHidden="YES"`)
                    // simulates none: rx-agent's InsurerDetailController sits at the status
                    // bar's 48.
                    let isHidden = graph.indices[source].map { tree[$0].attribute("navigationBarHidden") == "YES" }
                    let bar = NavigationBar(
                        height: isHidden == true ? 0 : CGFloat(graph.barHeights[source] ?? 44),
                        isOpaque: graph.indices[source].flatMap {
                            tree.child(of: $0, named: "navigationBar", key: "navigationBar")
                        }.map { tree[$0].attribute("translucent") == "NO" } ?? false)
                    for child in closure(from: [segue.destination]) where navigationChildren[child] == nil {
                        navigationChildren[child] = bar
                    }
                }
                if graph.kinds[source] == "tabBarController", segue.relationship == "viewControllers" {
                    let isOpaque =
                        graph.indices[source].flatMap { tree.child(of: $0, named: "tabBar", key: "tabBar") }.map {
                            tree[$0].attribute("translucent") == "NO"
                        } ?? false
                    tabRoots.append((segue.destination, isOpaque))
                }
            }
        }
        // A controller shown or pushed from one that names its navigation bar infers that bar
        // (Trela's and msa's pushed screens sit 64 below the top on retina4_7).
        for (id, index) in graph.indices.sorted(by: { $0.key < $1.key }) {
            guard let metrics = Self.topMetrics(of: index, in: tree), let bar = Self.namedBar(metrics, in: tree)
            else { continue }
            named.append((id, bar))
        }
        for (source, bar) in named {
            let shown = (segues[source] ?? []).filter { $0.kind == "show" || $0.kind == "push" }.map(\.destination)
            for child in closure(from: shown) where navigationChildren[child] == nil {
                navigationChildren[child] = bar
            }
        }
        for root in tabRoots {
            for child in closure(from: [root.child]) where tabBarChildren[child] == nil {
                tabBarChildren[child] = root.isOpaque
            }
        }
    }

    /// A controller's `simulatedTopBarMetrics` element, if it writes one.
    private static func topMetrics(of controller: Int, in tree: XMLTree) -> Int? {
        tree.children(of: controller).first { tree[$0].attribute("key") == "simulatedTopBarMetrics" }
    }

    /// The navigation bar a `simulatedNavigationBarMetrics` element names: 44, 74 with a prompt.
    private static func namedBar(_ metrics: Int, in tree: XMLTree) -> NavigationBar? {
        let element = tree[metrics]
        guard element.name == "simulatedNavigationBarMetrics" else { return nil }
        return NavigationBar(
            height: element.attribute("prompted") == "YES" ? 74 : 44, isOpaque: element.attribute("translucent") == "NO"
        )
    }

    /// The bars over a controller's root view: those its `simulated…Metrics` name (`<nil …>`
    /// names none), else those it infers.
    func insets(of controller: Int, in tree: XMLTree) -> Insets {
        let id = tree[controller].attribute("id")
        var insets = Insets(navigationBar: nil, bottom: 0)
        if let top = Self.topMetrics(of: controller, in: tree) {
            insets.navigationBar = Self.namedBar(top, in: tree)
        } else if let id {
            insets.navigationBar = navigationChildren[id]
        }
        let bottom = tree.children(of: controller).first { tree[$0].attribute("key") == "simulatedBottomBarMetrics" }
        if let bottom {
            if tree[bottom].name == "simulatedTabBarMetrics" { insets.bottom = 49 }
            if tree[bottom].name == "simulatedToolbarMetrics" { insets.bottom = 44 }
            insets.bottomIsOpaque = tree[bottom].attribute("translucent") == "NO"
        } else if let id, let isOpaque = tabBarChildren[id] {
            insets.bottom = 49
            insets.bottomIsOpaque = isOpaque
        }
        return insets
    }
}
