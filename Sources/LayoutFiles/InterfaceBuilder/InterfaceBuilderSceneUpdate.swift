import AutoLayout
import Foundation
import Typesetting

extension InterfaceBuilderScene {
    /// Puts other texts and another text size into the built scene, in place, so the next
    /// ``layOut()`` re-solves incrementally (constants and intrinsic sizes change; nothing is
    /// rebuilt): what checking one storyboard in every language and category needs.
    ///
    /// - Parameters:
    ///   - contentSizeCategory: the category text styles are set at (nil keeps the current one).
    ///   - strings: translations by `ObjectID.property` (`text`, `normalTitle`,
    ///     `placeholder`); a text without one returns to the text the scene was built with.
    public func update(contentSizeCategory category: ContentSizeCategory? = nil, strings: [String: String]) {
        if let category { contentSizeCategory = category }
        for index in objects.indices {
            let id = objects[index].id
            guard let built = builtTexts[id], let view = view(id: id) else { continue }
            var texts: [String: String] = [:]
            for (property, text) in built {
                let shown = strings["\(id).\(property)"] ?? text
                texts[property] = shown
                switch (view, property) {
                case (let label as UILabel, "text"): label.text = shown
                case (let button as UIButton, "normalTitle"): button.setTitle(shown, for: .normal)
                case (let field as UITextField, "text"): field.text = shown
                case (let field as UITextField, "placeholder"): field.placeholder = shown
                case (let textView as UITextView, "text"): textView.text = shown
                default: break
                }
            }
            objects[index].texts = texts
        }
        for (id, style) in textStyles {
            guard let view = view(id: id) else { continue }
            let font = UIFont(
                FontSpecification(
                    family: InterfaceBuilderFonts.systemFamily(), textStyle: style, category: contentSizeCategory))
            switch view {
            case let label as UILabel: if label.font != font { label.font = font }
            case let button as UIButton: if button.titleFont != font { button.titleFont = font }
            case let field as UITextField: if field.font != font { field.font = font }
            case let textView as UITextView: if textView.font != font { textView.font = font }
            default: break
            }
        }
        keepsStoredLayout = false
    }
}
