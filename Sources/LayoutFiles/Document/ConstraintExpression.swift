import AutoLayout

/// One constraint as people write it in prose and in the seeds:
/// `label.top = superview.top + 24`, `button.width >= 44 @750`,
/// `title.leading = avatar.trailing + 12`, `image.width = 0.5 * superview.width`.
///
/// Grammar (spaces are optional; `==` may be written `=`, `>=` `≥`, `<=` `≤`, `*` `×`, `-` `−`):
///
///     constraint := anchor relation right [ "@" priority ]
///     right      := number
///                 | [ number "*" ] anchor [ "*" number ] [ ("+" | "-") number ]
///     anchor     := name [ "." guide ] "." attribute
///     guide      := safeArea | safeAreaLayoutGuide | margins | layoutMarginsGuide
///     priority   := number (1…1000) | required | defaultHigh | high | defaultLow | low | fittingSizeLevel
///
/// `name` is a view's or layout guide's name, `superview` (the first view's superview) or
/// `view` (the root view). An attribute may carry UIKit's `Anchor` suffix (`topAnchor`).
public struct ConstraintExpression: Sendable, Hashable, CustomStringConvertible {
    /// An attribute of a named item: `label.top`, `superview.safeArea.bottom`.
    public struct Anchor: Sendable, Hashable, CustomStringConvertible {
        /// The item's name as written (`label`, `superview`, `view`).
        public var item: String
        /// The guide of that view, if one was named.
        public var guide: Guide?
        /// The attribute.
        public var attribute: NSLayoutConstraint.Attribute

        /// `label.top`.
        public var description: String {
            [item, guide?.rawValue, attribute.name].compactMap { $0 }.joined(separator: ".")
        }
    }

    /// The guides every view has.
    public enum Guide: String, Sendable, Hashable {
        /// `safeAreaLayoutGuide`.
        case safeArea
        /// `layoutMarginsGuide`.
        case margins
        /// `keyboardLayoutGuide`, with the keyboard offscreen (UIView.keyboardLayoutGuide).
        case keyboard
    }

    /// The constrained anchor.
    public var first: Anchor
    /// `==`, `<=` or `>=`.
    public var relation: NSLayoutConstraint.Relation
    /// The anchor it is related to, or nil for a constant.
    public var second: Anchor?
    /// The multiplier of `second` (1 when not written).
    public var multiplier: Double
    /// The constant.
    public var constant: Double
    /// The priority (1000 when not written).
    public var priority: Float

    /// `label.top == superview.top + 24 @750`, normalised.
    public var description: String {
        let relationText =
            switch relation {
            case .equal: "=="
            case .lessThanOrEqual: "<="
            case .greaterThanOrEqual: ">="
            }
        var text = "\(first) \(relationText) "
        if let second {
            if multiplier != 1 { text += "\(ConstraintExpression.format(multiplier)) * " }
            text += second.description
            if constant != 0 { text += constant > 0 ? " + " : " - " }
            if constant != 0 { text += ConstraintExpression.format(abs(constant)) }
        } else {
            text += ConstraintExpression.format(constant)
        }
        if priority != 1000 { text += " @\(ConstraintExpression.format(Double(priority)))" }
        return text
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// A parse error: the message and the character (0-based, in scalars) it points at.
    public struct ParseError: Error, Sendable, Hashable {
        /// What was wrong and what was expected.
        public var message: String
        /// The offset in the constraint text, in Unicode scalars.
        public var offset: Int
    }

    /// A constraint from its parts.
    public init(
        first: Anchor, relation: NSLayoutConstraint.Relation, second: Anchor?, multiplier: Double = 1,
        constant: Double = 0, priority: Float = 1000
    ) {
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
    }

    /// Parses a constraint.
    ///
    /// - Throws: `ParseError` naming the first problem and where it is.
    public init(parsing text: String) throws(ParseError) {
        var parser = ConstraintParser(text)
        self = try parser.constraint()
    }

    /// The named priorities.
    static let priorityNames: [String: Float] = [
        "required": 1000, "defaultHigh": 750, "high": 750, "defaultLow": 250, "low": 250, "fittingSizeLevel": 50,
    ]

    /// The attributes by the names people write: UIKit's names, with or without `Anchor`, and
    /// `baseline` for `lastBaseline`.
    static func attribute(named name: String) -> NSLayoutConstraint.Attribute? {
        let bare = name.hasSuffix("Anchor") ? String(name.dropLast(6)) : name
        if bare == "baseline" { return .lastBaseline }
        return NSLayoutConstraint.Attribute.allCases.first { $0 != .notAnAttribute && $0.name == bare }
    }

    static let marginAttributes: Set<NSLayoutConstraint.Attribute> = [
        .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
        .centerXWithinMargins, .centerYWithinMargins,
    ]

    static let guideNames: [String: Guide] = [
        "safeArea": .safeArea, "safeAreaLayoutGuide": .safeArea, "margins": .margins, "layoutMarginsGuide": .margins,
        "keyboard": .keyboard, "keyboardLayoutGuide": .keyboard,
    ]
}

/// A tiny hand-written scanner and parser for `ConstraintExpression`.
private struct ConstraintParser {
    enum Token: Equatable {
        case name(String)
        case number(Double)
        case dot, star, plus, minus, at, slash
        case relation(NSLayoutConstraint.Relation)
        case end
    }

    let scalars: [Unicode.Scalar]
    var index = 0
    /// Where the token last read started.
    var tokenStart = 0
    var lookahead: Token?
    var lookaheadStart = 0

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    func fail(_ message: String, at offset: Int? = nil) -> ConstraintExpression.ParseError {
        ConstraintExpression.ParseError(message: message, offset: offset ?? tokenStart)
    }

    mutating func peek() throws(ConstraintExpression.ParseError) -> Token {
        if let lookahead { return lookahead }
        let saved = tokenStart
        let token = try scan()
        lookahead = token
        lookaheadStart = tokenStart
        tokenStart = saved
        return token
    }

    mutating func next() throws(ConstraintExpression.ParseError) -> Token {
        if let token = lookahead {
            lookahead = nil
            tokenStart = lookaheadStart
            return token
        }
        return try scan()
    }

    mutating func scan() throws(ConstraintExpression.ParseError) -> Token {
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        tokenStart = index
        guard index < scalars.count else { return .end }
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case ".":
            if index < scalars.count, ("0"..."9").contains(scalars[index]) {
                index -= 1
                return try number()
            }
            return .dot
        case "*", "×": return .star
        case "/": return .slash
        case "+": return .plus
        case "-", "−": return .minus
        case "@": return .at
        case "≥": return .relation(.greaterThanOrEqual)
        case "≤": return .relation(.lessThanOrEqual)
        case "=":
            if index < scalars.count, scalars[index] == "=" { index += 1 }
            return .relation(.equal)
        case ">", "<":
            guard index < scalars.count, scalars[index] == "=" else {
                throw fail("'\(scalar)' must be '\(scalar)=': constraints are ==, >= or <=")
            }
            index += 1
            return .relation(scalar == ">" ? .greaterThanOrEqual : .lessThanOrEqual)
        case "0"..."9":
            index -= 1
            return try number()
        default:
            guard scalar.properties.isAlphabetic || scalar == "_" else {
                throw fail("unexpected '\(scalar)'")
            }
            var name = String.UnicodeScalarView([scalar])
            while index < scalars.count,
                scalars[index].properties.isAlphabetic || scalars[index] == "_"
                    || ("0"..."9").contains(scalars[index])
            {
                name.append(scalars[index])
                index += 1
            }
            return .name(String(name))
        }
    }

    mutating func number() throws(ConstraintExpression.ParseError) -> Token {
        let start = index
        while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." { index += 1 }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            index += 1
            if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        guard let value = Double(text), value.isFinite else {
            throw fail("'\(text)' is not a number")
        }
        if index < scalars.count, scalars[index].properties.isAlphabetic {
            throw fail(
                "'\(text)\(scalars[index])…' is not a number: a constant is digits with an optional decimal point")
        }
        return .number(value)
    }

    mutating func constraint() throws(ConstraintExpression.ParseError) -> ConstraintExpression {
        guard case .name = try peek() else {
            _ = try next()
            throw fail("a constraint starts with an anchor such as label.top")
        }
        let first = try anchor()
        guard case .relation(let relation) = try next() else {
            throw fail("expected ==, >= or <= after \(first)")
        }
        var result = ConstraintExpression(
            first: first, relation: relation, second: nil, multiplier: 1, constant: 0, priority: 1000)
        try right(into: &result)
        let token = try next()
        if token == .at {
            let priorityStart = index
            switch try next() {
            case .number(let value):
                guard value >= 1, value <= 1000 else {
                    throw fail("priority \(ConstraintExpression.format(value)) is out of range: 1…1000")
                }
                result.priority = Float(value)
            case .name(let name):
                guard let value = ConstraintExpression.priorityNames[name] else {
                    throw fail(
                        "unknown priority '\(name)': use a number from 1 to 1000 or required, defaultHigh, defaultLow, fittingSizeLevel"
                    )
                }
                result.priority = value
            default:
                throw fail("expected a priority after '@'", at: priorityStart)
            }
            guard try next() == .end else { throw fail("unexpected text after the priority") }
        } else if token != .end {
            throw fail("unexpected \(describe(token)); a constant is added with + or -, a priority follows @")
        }
        return result
    }

    /// The right-hand side: a constant, or an anchor with a multiplier and a constant.
    mutating func right(into result: inout ConstraintExpression) throws(ConstraintExpression.ParseError) {
        var sign = 1.0
        if try peek() == .minus {
            _ = try next()
            sign = -1
        }
        switch try peek() {
        case .number(let value):
            _ = try next()
            if try peek() == .star {
                _ = try next()
                guard case .name = try peek() else {
                    _ = try next()
                    throw fail("expected an anchor after '*'")
                }
                result.multiplier = sign * value
                result.second = try anchor()
            } else {
                result.constant = sign * value
                let following = try peek()
                if following == .plus || following == .minus {
                    _ = try next()
                    throw fail("write the anchor first: item.attribute + constant")
                }
                return
            }
        case .name:
            guard sign == 1 else { throw fail("a negative anchor is written -1 * item.attribute") }
            result.second = try anchor()
            let following = try peek()
            if following == .star || following == .slash {
                let divide = try next() == .slash
                guard case .number(let value) = try next() else { throw fail("expected a number as the multiplier") }
                if divide {
                    guard value != 0 else { throw fail("division by zero") }
                    result.multiplier = 1 / value
                } else {
                    result.multiplier = value
                }
            }
        default:
            _ = try next()
            throw fail("expected an anchor (item.attribute) or a number after the relation")
        }
        let token = try peek()
        if token == .plus || token == .minus {
            _ = try next()
            guard case .number(let value) = try next() else {
                throw fail("expected a number after '\(token == .plus ? "+" : "-")'")
            }
            result.constant = token == .plus ? value : -value
        }
    }

    mutating func anchor() throws(ConstraintExpression.ParseError) -> ConstraintExpression.Anchor {
        guard case .name(let item) = try next() else { throw fail("expected a view name") }
        let itemStart = tokenStart
        guard try next() == .dot else {
            throw fail("expected '.' and an attribute after '\(item)', as in \(item).top", at: itemStart + item.count)
        }
        guard case .name(var name) = try next() else { throw fail("expected an attribute after '\(item).'") }
        var guide: ConstraintExpression.Guide?
        if let named = ConstraintExpression.guideNames[name] {
            guide = named
            guard try next() == .dot, case .name(let attribute) = try next() else {
                throw fail("expected an attribute after '\(item).\(name).'")
            }
            name = attribute
        }
        guard let attribute = ConstraintExpression.attribute(named: name) else {
            throw fail(
                "unknown attribute '\(name)'; allowed: left, right, top, bottom, leading, trailing, width, height, centerX, centerY, firstBaseline, lastBaseline and the …Margin forms"
            )
        }
        if guide != nil,
            ConstraintExpression.marginAttributes.contains(attribute) || attribute == .firstBaseline
                || attribute == .lastBaseline
        {
            throw fail("a layout guide has no \(attribute.name)")
        }
        return ConstraintExpression.Anchor(item: item, guide: guide, attribute: attribute)
    }

    func describe(_ token: Token) -> String {
        switch token {
        case .name(let name): "'\(name)'"
        case .number(let value): "'\(ConstraintExpression.format(value))'"
        case .dot: "'.'"
        case .star: "'*'"
        case .slash: "'/'"
        case .plus: "'+'"
        case .minus: "'-'"
        case .at: "'@'"
        case .relation: "a second relation"
        case .end: "the end"
        }
    }
}
