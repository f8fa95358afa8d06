import AutoLayout
import Foundation

extension InterfaceBuilderSceneBuilder {
    /// The constraints each view's `<constraints>` holds, minus placeholders and those the
    /// size class masks out, in document order.
    mutating func makeConstraints() throws(LayoutFileError) -> [LayoutScreen.FileConstraint] {
        var result: [LayoutScreen.FileConstraint] = []
        for object in objects {
            guard let owner = elementOfView[object.id], let list = tree.child(of: owner, named: "constraints")
            else { continue }
            let excluded = excluded(in: owner, key: "constraints")
            for index in tree.children(of: list, named: "constraint") {
                let element = tree[index]
                if element.attribute("placeholder") == "YES" {
                    placeholderItems.insert(element.attribute("firstItem") ?? object.id)
                    if let second = element.attribute("secondItem") { placeholderItems.insert(second) }
                    continue
                }
                if let id = element.attribute("id"), excluded.contains(id) { continue }
                if let made = try makeConstraint(element, owner: object.id) { result.append(made) }
            }
        }
        return result
    }

    /// An item named by a constraint: a view or a guide of this scene; nil when the id is in
    /// the file but not installed here.
    func item(_ id: String, at element: XMLTree.Element) throws(LayoutFileError) -> AnyObject? {
        if let view = views[id] { return view }
        if let guide = guides[id] { return guide }
        if file.allIDs.contains(id) { return nil }
        throw LayoutFileError(
            .unknownView, at: element.position,
            "the constraint\(element.attribute("id").map { " \"\($0)\"" } ?? "") names the id \"\(id)\", "
                + "which no object of the file has")
    }

    /// `multiplier="0.5"` or a ratio `"16:9"`.
    func multiplier(_ element: XMLTree.Element) throws(LayoutFileError) -> Double {
        guard let text = element.attribute("multiplier") else { return 1 }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite, b != 0 {
            return a / b
        }
        guard parts.count == 1, let value = Double(text), value.isFinite, abs(value) < 1e9 else {
            throw LayoutFileError(
                .invalidValue, at: element.position,
                "multiplier=\"\(text)\" is neither a number nor a ratio such as \"16:9\"")
        }
        return value
    }

    mutating func makeConstraint(_ element: XMLTree.Element, owner: String) throws(LayoutFileError)
        -> LayoutScreen.FileConstraint?
    {
        func attribute(_ key: String) throws(LayoutFileError) -> NSLayoutConstraint.Attribute? {
            guard let name = element.attribute(key) else { return nil }
            guard let value = InterfaceBuilderKinds.attribute(name) else {
                throw LayoutFileError(
                    .invalidValue, at: element.position,
                    "\(key)=\"\(name)\" is not a layout attribute (leading, top, width, centerX, firstBaseline, "
                        + "leadingMargin, …)")
            }
            return value
        }
        guard let firstAttribute = try attribute("firstAttribute") else {
            throw LayoutFileError(.invalidValue, at: element.position, "the constraint has no firstAttribute")
        }
        let firstID = element.attribute("firstItem") ?? owner
        guard var first = try item(firstID, at: element) else { return nil }
        var second: AnyObject?
        var secondAttribute = NSLayoutConstraint.Attribute.notAnAttribute
        var secondID: String?
        if let id = element.attribute("secondItem") {
            guard let found = try item(id, at: element) else { return nil }
            second = found
            secondID = id
            secondAttribute = try attribute("secondAttribute") ?? firstAttribute
        }
        let relation: NSLayoutConstraint.Relation
        switch element.attribute("relation") {
        case nil: relation = .equal
        case "greaterThanOrEqual": relation = .greaterThanOrEqual
        case "lessThanOrEqual": relation = .lessThanOrEqual
        case let other?:
            throw LayoutFileError(
                .invalidValue, at: element.position,
                "relation=\"\(other)\" is not greaterThanOrEqual or lessThanOrEqual (equal is written by omission)")
        }
        let multiplier = try multiplier(element)
        let constant = try number(element, "constant") ?? 0
        let priority = try number(element, "priority") ?? 1000
        guard priority >= 1, priority <= 1000 else {
            throw LayoutFileError(
                .invalidValue, at: element.position, "priority=\"\(priority)\" is outside 1…1000")
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
