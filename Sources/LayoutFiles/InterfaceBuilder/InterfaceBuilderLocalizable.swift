import Foundation

/// A text of an IB file that Xcode exports for translation (*Export Localizations*, `ibtool
/// --generate-strings-file`), keyed `ObjectID.property` as `xx.lproj/NAME.strings` and String
/// Catalogs key it, whether or not the reader lays it out.
public struct InterfaceBuilderLocalizableText: Sendable, Hashable {
    /// The object's id.
    public var objectID: String
    /// The property, as Xcode names it in the key: `text`, `normalTitle`, `highlightedTitle`,
    /// `configuration.title`, `placeholder`, `prompt`, `segmentTitles[0]`,
    /// `scopeButtonTitles[1]`, `headerTitle`, `accessibilityLabel`, ….
    public var property: String
    /// The text the file holds.
    public var text: String
    /// The UIKit class Xcode's comment names (`UILabel`, `UIButton`, `UITableViewSection`).
    public var className: String
    /// Where the object's element starts.
    public var position: SourcePosition
    /// The translation key, `ObjectID.property`.
    public var key: String { "\(objectID).\(property)" }
}

extension InterfaceBuilderFile {
    /// Every text of the file Xcode exports for translation, in document order: label and
    /// text view text, button titles of each state and configuration titles and subtitles,
    /// text field text and placeholder, segment titles, navigation item title, prompt and
    /// back button title, bar button and tab bar item titles, search bar text, placeholder,
    /// prompt and scope titles, table view section header and footer titles, view controller
    /// titles, and accessibility labels, hints and values (docs/interface-builder-check.md,
    /// *Coverage*). Empty texts are left out, as Xcode leaves them out.
    public var localizableTexts: [InterfaceBuilderLocalizableText] {
        var found: [InterfaceBuilderLocalizableText] = []
        for (index, element) in tree.elements.enumerated() {
            guard let id = element.attribute("id") else { continue }
            let className = InterfaceBuilderFile.className(of: element.name)
            func add(_ property: String, _ text: String?) {
                guard let text, !text.isEmpty else { return }
                found.append(
                    InterfaceBuilderLocalizableText(
                        objectID: id, property: property, text: text, className: className,
                        position: element.position))
            }
            func value(_ owner: Int, _ key: String) -> String? {
                if let attribute = tree[owner].attribute(key) { return attribute }
                return tree.child(of: owner, named: "string", key: key).map { tree[$0].text ?? "" }
            }
            switch element.name {
            case "label", "textView":
                var text = value(index, "text")
                if let attributed = tree.child(of: index, named: "attributedString", key: "attributedText") {
                    text = attributedText(attributed)
                }
                add("text", text)
            case "textField":
                add("text", value(index, "text"))
                add("placeholder", value(index, "placeholder"))
            case "button":
                for state in tree.children(of: index, named: "state") {
                    guard let name = tree[state].attribute("key") else { continue }
                    var title = value(state, "title")
                    if let attributed = tree.child(of: state, named: "attributedString", key: "attributedTitle") {
                        title = attributedText(attributed)
                    }
                    add("\(name)Title", title)
                }
                if let configuration = tree.child(of: index, named: "buttonConfiguration", key: "configuration") {
                    add("configuration.title", value(configuration, "title"))
                    add("configuration.subtitle", value(configuration, "subtitle"))
                }
            case "segmentedControl":
                let segments = tree.child(of: index, named: "segments").map { tree.children(of: $0, named: "segment") }
                for (number, segment) in (segments ?? []).enumerated() {
                    add("segmentTitles[\(number)]", tree[segment].attribute("title"))
                }
            case "navigationItem":
                add("title", value(index, "title"))
                add("prompt", value(index, "prompt"))
                add("backButtonTitle", value(index, "backButtonTitle"))
            case "barButtonItem", "tabBarItem":
                add("title", value(index, "title"))
            case "searchBar":
                add("text", value(index, "text"))
                add("placeholder", value(index, "placeholder"))
                add("prompt", value(index, "prompt"))
                if let titles = tree.child(of: index, named: "scopeButtonTitles") {
                    for (number, title) in tree.children(of: titles, named: "string").enumerated() {
                        add("scopeButtonTitles[\(number)]", tree[title].text)
                    }
                }
            case "tableViewSection":
                add("headerTitle", value(index, "headerTitle"))
                add("footerTitle", value(index, "footerTitle"))
            default:
                if InterfaceBuilderFile.isController(element.name) { add("title", element.attribute("title")) }
            }
            if let accessibility = tree.child(of: index, named: "accessibility", key: "accessibilityConfiguration") {
                add("accessibilityLabel", tree[accessibility].attribute("label"))
                add("accessibilityHint", tree[accessibility].attribute("hint"))
                add("accessibilityValue", tree[accessibility].attribute("value"))
            }
        }
        return found
    }

    /// The UIKit class of every object of the file (`UILabel`), as Xcode's comments name it,
    /// by id (the first element with the id): what a translation key's object id names.
    public var objectClassNames: [String: String] {
        var names: [String: String] = [:]
        for element in tree.elements {
            guard let id = element.attribute("id"), names[id] == nil else { continue }
            names[id] = InterfaceBuilderFile.className(of: element.name)
        }
        return names
    }

    /// The ids of the buttons that show an image: their normal state's `image`, or their
    /// configuration's. With a blank title, such a button shows the image alone.
    public var buttonsWithImages: Set<String> {
        var ids = Set<String>()
        for (index, element) in tree.elements.enumerated() where element.name == "button" {
            guard let id = element.attribute("id") else { continue }
            let normal = tree.children(of: index, named: "state").first { tree[$0].attribute("key") == "normal" }
            let configuration = tree.child(of: index, named: "buttonConfiguration", key: "configuration")
            if normal.flatMap({ tree[$0].attribute("image") }) != nil
                || configuration.flatMap({ tree[$0].attribute("image") }) != nil
            {
                ids.insert(id)
            }
        }
        return ids
    }

    /// The *Localizer Hint* IB keeps for each object (`<attributedString key="userComments">`),
    /// by object id: the note Xcode exports as `Note = "…"`.
    public var localizerHints: [String: String] {
        var hints: [String: String] = [:]
        for (index, element) in tree.elements.enumerated() {
            guard let id = element.attribute("id"),
                let comments = tree.child(of: index, named: "attributedString", key: "userComments")
            else { continue }
            let text = attributedText(comments).trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty { hints[id] = text }
        }
        return hints
    }

    /// The text of an `<attributedString>`: its fragments' `content`, joined.
    private func attributedText(_ index: Int) -> String {
        tree.children(of: index, named: "fragment").map { fragment in
            tree[fragment].attribute("content")
                ?? tree.child(of: fragment, named: "string", key: "content").map { tree[$0].text ?? "" } ?? ""
        }.joined()
    }

    /// The UIKit class of an element: `label` → `UILabel`, `tableViewSection` →
    /// `UITableViewSection`, as Xcode's `.strings` comments write `Class = "…"`.
    static func className(of element: String) -> String {
        guard let first = element.first else { return element }
        return "UI" + first.uppercased() + element.dropFirst()
    }
}

extension InterfaceBuilderText {
    /// A text from its parts (`text` is the file's own, ``baseText``): for a text the reader
    /// does not lay out itself, shown in a view it does (a button's highlighted title,
    /// checked in the button's place).
    public init(
        objectID: String, property: String, text: String, kind: String, name: String, position: SourcePosition
    ) {
        self.objectID = objectID
        self.property = property
        self.baseText = text
        self.kind = kind
        self.name = name
        self.position = position
    }
}
