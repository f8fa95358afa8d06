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

/// A title a bar shows rather than a view the reader lays out: a navigation item's title
/// (with the bar button items beside it), a bar button item's title, a tab bar item's title.
/// `measure check` fits each in the room UIKit's bar gives it (`Controls.BarTitles`).
public struct InterfaceBuilderBarTitle: Sendable, Hashable {
    /// Where the title sits.
    public enum Role: Sendable, Hashable {
        /// A navigation item's title, centered between its bar button items; large
        /// (`prefersLargeTitles`) when its navigation controller's bar has `largeTitles="YES"`
        /// and the item does not say `largeTitleDisplayMode="never"`, or it says `always`.
        case navigationTitle(isLarge: Bool)
        /// The title of one of the navigation item's bar button items.
        case barButton
        /// A tab bar item's title, in a tab bar of `itemCount` items.
        case tabBarItem(itemCount: Int)
    }

    /// The translatable text: `ObjectID.title`.
    public var text: InterfaceBuilderText
    /// Where it sits.
    public var role: Role
    /// The bar button items on the leading side of the navigation item (for navigation titles
    /// and bar button items; empty for tab bar items).
    public var leading: [InterfaceBuilderBarButton]
    /// The bar button items on the trailing side.
    public var trailing: [InterfaceBuilderBarButton]
    /// The controller's name, as scenes are named.
    public var scene: String
}

extension InterfaceBuilderFile {
    /// The titles of every navigation item, bar button item and tab bar item of the file's
    /// controllers, in document order (docs/interface-builder-check.md, "Bar titles").
    /// A navigation item with a custom `titleView` shows no title; a back button item is shown
    /// by the next controller, and is not read.
    public var barTitles: [InterfaceBuilderBarTitle] {
        var titles: [InterfaceBuilderBarTitle] = []
        let largeTitleControllers = controllersUnderLargeTitleBars()
        let tabCounts = tabBarItemCounts()
        for (index, element) in tree.elements.enumerated() where InterfaceBuilderFile.isController(element.name) {
            let scene = controllerName(index)
            if let item = tree.child(of: index, named: "navigationItem", key: "navigationItem") {
                let leading = barButtons(of: item, single: "leftBarButtonItem", list: "leftBarButtonItems")
                let trailing = barButtons(of: item, single: "rightBarButtonItem", list: "rightBarButtonItems")
                let hasTitleView = tree.children(of: item).contains { tree[$0].attribute("key") == "titleView" }
                if !hasTitleView, let text = barText(item, kind: "navigationItem") {
                    let mode = tree[item].attribute("largeTitleDisplayMode")
                    let inherits = element.attribute("id").map(largeTitleControllers.contains) ?? false
                    let isLarge = mode == "always" || (mode != "never" && inherits)
                    titles.append(
                        InterfaceBuilderBarTitle(
                            text: text, role: .navigationTitle(isLarge: isLarge), leading: leading,
                            trailing: trailing, scene: scene))
                }
                for button in leading + trailing {
                    guard let text = button.title else { continue }
                    titles.append(
                        InterfaceBuilderBarTitle(
                            text: text, role: .barButton, leading: leading, trailing: trailing, scene: scene))
                }
            }
            if let item = tree.child(of: index, named: "tabBarItem", key: "tabBarItem"),
                let id = element.attribute("id"), let count = tabCounts[id],
                let text = barText(item, kind: "tabBarItem")
            {
                titles.append(
                    InterfaceBuilderBarTitle(
                        text: text, role: .tabBarItem(itemCount: count), leading: [], trailing: [], scene: scene))
            }
        }
        return titles
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
        return indices.map { index in
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

    /// The segues of each controller, by its id: destination, kind and relationship.
    private func seguesBySource() -> [String: [(destination: String, kind: String, relationship: String?)]] {
        var segues: [String: [(destination: String, kind: String, relationship: String?)]] = [:]
        for element in tree.elements where element.name == "segue" {
            guard let destination = element.attribute("destination") else { continue }
            var parent = element.parent
            while let current = parent, !InterfaceBuilderFile.isController(tree[current].name) {
                parent = tree[current].parent
            }
            guard let source = parent.flatMap({ tree[$0].attribute("id") }) else { continue }
            segues[source, default: []].append(
                (destination, element.attribute("kind") ?? "", element.attribute("relationship")))
        }
        return segues
    }

    /// The controllers shown by a navigation controller whose bar prefers large titles
    /// (`<navigationBar key="navigationBar" largeTitles="YES">`): its root and what it pushes.
    private func controllersUnderLargeTitleBars() -> Set<String> {
        let segues = seguesBySource()
        var found = Set<String>()
        for (index, element) in tree.elements.enumerated() where element.name == "navigationController" {
            guard let bar = tree.child(of: index, named: "navigationBar", key: "navigationBar"),
                tree[bar].attribute("largeTitles") == "YES", let id = element.attribute("id")
            else { continue }
            var pending = (segues[id] ?? []).filter { $0.relationship == "rootViewController" }.map(\.destination)
            while let next = pending.popLast() {
                guard found.insert(next).inserted else { continue }
                pending += (segues[next] ?? []).filter { $0.kind == "show" || $0.kind == "push" }.map(\.destination)
            }
        }
        return found
    }

    /// Each tab bar controller's children (`relationship="viewControllers"`), by id, with the
    /// number of items its bar shows. With more children than an iPhone tab bar shows
    /// (`BarTitles.maximumTabBarItems`), the bar shows the first four and a *More* item, so
    /// only those four have an item there.
    private func tabBarItemCounts() -> [String: Int] {
        var counts: [String: Int] = [:]
        for (source, list) in seguesBySource() {
            guard
                tree.elements.contains(where: { $0.name == "tabBarController" && $0.attribute("id") == source })
            else { continue }
            let children = list.filter { $0.kind == "relationship" && $0.relationship == "viewControllers" }
            let limit = BarTitles.maximumTabBarItems
            let shown = children.count > limit ? Array(children.prefix(limit - 1)) : children
            for child in shown { counts[child.destination] = min(children.count, limit) }
        }
        return counts
    }
}
