import AutoLayout
import Foundation

extension InterfaceBuilderSceneBuilder {
    /// The constraints each view's `<constraints>` holds, minus placeholders and those the
    /// size class masks out, in document order.
    mutating func makeConstraints() -> [LayoutScreen.FileConstraint] {
        var result: [LayoutScreen.FileConstraint] = []
        for object in objects {
            guard let owner = elementOfView[object.id], let list = tree.child(of: owner, named: "constraints")
            else { continue }
            let excluded = excluded(in: owner, key: "constraints")
            for index in tree.children(of: list, named: "constraint") {
                let element = varied(index)
                if element.attribute("placeholder") == "YES" {
                    placeholderItems.insert(element.attribute("firstItem") ?? object.id)
                    if let second = element.attribute("secondItem") { placeholderItems.insert(second) }
                    continue
                }
                if let id = element.attribute("id"), excluded.contains(id) { continue }
                if let made = makeConstraint(element, owner: object.id) { result.append(made) }
            }
        }
        return result
    }

    /// An item named by a constraint: a view or a guide of this scene; nil when the id is in
    /// the file but not installed here, or (with a problem) when no object of the file has it.
    func item(_ id: String, at element: XMLTree.Element) -> AnyObject? {
        if let view = views[id] { return view }
        if let guide = guides[id] { return guide }
        if file.allIDs.contains(id) { return nil }
        let named = element.attribute("id").map { " \"\($0)\"" } ?? ""
        ignore(
            element,
            "the constraint\(named) names the id \"\(id)\", which no object of the file has; the constraint is "
                + "left out")
        return nil
    }

    /// A multiplier as Interface Builder writes it: a number (`0.5`), a ratio (`16:9`) or a
    /// fraction (`2/3`), each the first number divided by the second; nil for anything else,
    /// a zero divisor or a value that is not finite (`testMultiplierSpellings`).
    static func multiplier(_ text: String) -> Double? {
        for separator: Character in [":", "/"] where text.contains(separator) {
            let parts = text.split(separator: separator, omittingEmptySubsequences: false)
            guard parts.count == 2,
                let a = Double(parts[0].trimmingCharacters(in: .whitespaces)),
                let b = Double(parts[1].trimmingCharacters(in: .whitespaces)), b != 0
            else { return nil }
            let value = a / b
            return value.isFinite && abs(value) < 1e9 ? value : nil
        }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, abs(value) < 1e9 else {
            return nil
        }
        return value
    }

    /// Reports a constraint left out because a value of it does not read, with its line.
    func ignore(_ element: XMLTree.Element, _ message: String) {
        ignored.add(LayoutReport.Problem(kind: .ignoredValue, view: nil, position: element.position, message: message))
    }

    /// The constraint an element describes; nil, with a problem naming the value, when a value
    /// does not read (Xcode opens such a file: the rest of it is laid out).
    mutating func makeConstraint(_ element: XMLTree.Element, owner: String) -> LayoutScreen.FileConstraint? {
        /// nil: the attribute does not read (reported); `.some(nil)`: it is absent.
        func attribute(_ key: String) -> NSLayoutConstraint.Attribute?? {
            guard let name = element.attribute(key) else { return .some(nil) }
            guard let value = InterfaceBuilderKinds.attribute(name) else {
                ignore(
                    element,
                    "\(key)=\"\(name)\" is not a layout attribute (leading, top, width, centerX, firstBaseline, "
                        + "leadingMargin, …); the constraint is left out")
                return nil
            }
            return .some(value)
        }
        guard let written = attribute("firstAttribute") else { return nil }
        guard let firstAttribute = written else {
            ignore(element, "the constraint has no firstAttribute; it is left out")
            return nil
        }
        let firstID = element.attribute("firstItem") ?? owner
        guard var first = item(firstID, at: element) else { return nil }
        var second: AnyObject?
        var secondAttribute = NSLayoutConstraint.Attribute.notAnAttribute
        var secondID: String?
        if let id = element.attribute("secondItem") {
            guard let found = item(id, at: element), let secondWritten = attribute("secondAttribute") else {
                return nil
            }
            second = found
            secondID = id
            secondAttribute = secondWritten ?? firstAttribute
        }
        let relation: NSLayoutConstraint.Relation
        switch element.attribute("relation") {
        case nil: relation = .equal
        case "greaterThanOrEqual": relation = .greaterThanOrEqual
        case "lessThanOrEqual": relation = .lessThanOrEqual
        case let other?:
            ignore(
                element,
                "relation=\"\(other)\" is not greaterThanOrEqual or lessThanOrEqual (equal is written by omission); "
                    + "the constraint is left out")
            return nil
        }
        var multiplier = 1.0
        if let text = element.attribute("multiplier") {
            guard let value = Self.multiplier(text) else {
                ignore(
                    element,
                    "multiplier=\"\(text)\" is neither a number, a ratio such as \"16:9\" nor a fraction such as "
                        + "\"2/3\"; the constraint is left out")
                return nil
            }
            multiplier = value
        }
        guard let constant = number(element, "constant", default: 0, leavesOut: "the constraint"),
            let priority = number(element, "priority", default: 1000, leavesOut: "the constraint")
        else { return nil }
        guard priority >= 1, priority <= 1000 else {
            let written = element.attribute("priority") ?? ""
            ignore(element, "priority=\"\(written)\" is outside 1…1000; the constraint is left out")
            return nil
        }
        // Edges between a scroll view and its content mean the content area (Apple, "Working
        // with Scroll Views"); sizes and centers mean the scroll view's frame.
        func isEdge(_ attribute: NSLayoutConstraint.Attribute) -> Bool {
            [.left, .right, .top, .bottom, .leading, .trailing].contains(attribute)
        }
        if let secondView = second as? UIView, let secondID, scrollViews.contains(secondID),
            let firstView = first as? UIView, firstView !== secondView, firstView.isDescendant(of: secondView),
            isEdge(secondAttribute)
        {
            second = contentGuide(of: secondID, view: secondView)
        } else if let firstView = first as? UIView, scrollViews.contains(firstID), let secondView = second as? UIView,
            secondView !== firstView, secondView.isDescendant(of: firstView), isEdge(firstAttribute)
        {
            first = contentGuide(of: firstID, view: firstView)
        }
        let constraint = NSLayoutConstraint(
            item: first, attribute: firstAttribute, relatedBy: relation, toItem: second,
            attribute: secondAttribute, multiplier: CGFloat(multiplier), constant: CGFloat(constant))
        constraint.priority = UILayoutPriority(Float(priority))
        constraint.identifier = element.attribute("id")
        let expression = ConstraintExpression(
            first: ConstraintExpression.Anchor(item: firstID, guide: nil, attribute: firstAttribute),
            relation: relation,
            second: secondID.map { ConstraintExpression.Anchor(item: $0, guide: nil, attribute: secondAttribute) },
            multiplier: multiplier, constant: constant, priority: Float(priority))
        let text = "\(element.attribute("id").map { "\($0): " } ?? "")\(expression)"
        return LayoutScreen.FileConstraint(
            constraint: constraint, text: text, expression: expression, position: element.position)
    }
}
