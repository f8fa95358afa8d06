import AutoLayout
import Typesetting

/// Reads the members of one object of a layout file, with errors that name the object, the
/// key, the position and what is allowed.
struct ObjectReader {
    let node: DocumentNode
    let members: [String: DocumentNode.Member]
    /// How errors name the object: `view "title"`, `screen`.
    let context: String

    /// Reads `node` as an object whose keys must all be in `allowed`.
    init(_ node: DocumentNode, context: String, allowed: [String]) throws(LayoutFileError) {
        guard case .object(let list) = node.value else {
            throw LayoutFileError(
                .invalidValue, at: node.position, "\(context) must be an object, found \(node.kindDescription)")
        }
        self.node = node
        self.context = context
        var members: [String: DocumentNode.Member] = [:]
        for member in list {
            guard allowed.contains(member.key) else {
                let suggestion =
                    ObjectReader.closest(to: member.key, in: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw LayoutFileError(
                    .invalidValue, at: member.keyPosition,
                    "unknown key \"\(member.key)\" in \(context)\(suggestion); allowed: \(allowed.joined(separator: ", "))"
                )
            }
            members[member.key] = member
        }
        self.members = members
    }

    /// The value of a key, if present and not null.
    subscript(key: String) -> DocumentNode? {
        guard let node = members[key]?.value else { return nil }
        if case .null = node.value { return nil }
        return node
    }

    func fail(_ key: String, _ node: DocumentNode, _ expected: String) -> LayoutFileError {
        LayoutFileError(
            .invalidValue, at: node.position,
            "\"\(key)\" of \(context) must be \(expected), found \(ObjectReader.show(node))")
    }

    static func show(_ node: DocumentNode) -> String {
        switch node.value {
        case .string(let text): "\"\(text)\""
        case .number(let value): ConstraintExpression.format(value)
        case .bool(let value): String(value)
        default: node.kindDescription
        }
    }

    func string(_ key: String) throws(LayoutFileError) -> String? {
        guard let node = self[key] else { return nil }
        guard case .string(let text) = node.value else { throw fail(key, node, "a string") }
        return text
    }

    func number(_ key: String, in range: ClosedRange<Double> = -1e6...1e6, expected: String? = nil)
        throws(LayoutFileError) -> Double?
    {
        guard let node = self[key] else { return nil }
        guard case .number(let value) = node.value, range.contains(value) else {
            throw fail(
                key, node,
                expected
                    ?? "a number from \(ConstraintExpression.format(range.lowerBound)) to \(ConstraintExpression.format(range.upperBound))"
            )
        }
        return value
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(LayoutFileError) -> Int? {
        guard let node = self[key] else { return nil }
        guard case .number(let value) = node.value, value == value.rounded(), value >= Double(range.lowerBound),
            value <= Double(range.upperBound)
        else { throw fail(key, node, "a whole number from \(range.lowerBound) to \(range.upperBound)") }
        return Int(value)
    }

    func bool(_ key: String) throws(LayoutFileError) -> Bool? {
        guard let node = self[key] else { return nil }
        guard case .bool(let value) = node.value else { throw fail(key, node, "true or false") }
        return value
    }

    /// A string that must be one of `choices` (their keys), mapped to its value.
    func choice<T>(_ key: String, _ choices: KeyValuePairs<String, T>) throws(LayoutFileError) -> T? {
        guard let node = self[key] else { return nil }
        guard case .string(let text) = node.value, let match = choices.first(where: { $0.key == text }) else {
            throw fail(key, node, "one of " + choices.map { "\"\($0.key)\"" }.joined(separator: ", "))
        }
        return match.value
    }

    /// Edge insets: a number for every side, or an object with `top`, `left`, `bottom`, `right`
    /// (missing sides are 0).
    func insets(_ key: String) throws(LayoutFileError) -> UIEdgeInsets? {
        guard let node = self[key] else { return nil }
        if case .number(let value) = node.value {
            guard abs(value) <= 1e6 else { throw fail(key, node, "a number of points or an object of sides") }
            return UIEdgeInsets(top: value, left: value, bottom: value, right: value)
        }
        let sides = try ObjectReader(
            node, context: "\"\(key)\" of \(context)", allowed: ["top", "left", "bottom", "right"])
        return UIEdgeInsets(
            top: try sides.number("top") ?? 0, left: try sides.number("left") ?? 0,
            bottom: try sides.number("bottom") ?? 0, right: try sides.number("right") ?? 0)
    }

    /// A size `{"width": …, "height": …}`; a missing side is nil.
    func size(_ key: String, allowNegativeOne: Bool = false) throws(LayoutFileError) -> (
        width: Double?, height: Double?
    )? {
        guard let node = self[key] else { return nil }
        let sides = try ObjectReader(node, context: "\"\(key)\" of \(context)", allowed: ["width", "height"])
        let range: ClosedRange<Double> = allowNegativeOne ? -1...1e6 : 0...1e6
        return (try sides.number("width", in: range), try sides.number("height", in: range))
    }

    /// An array of nodes.
    func array(_ key: String) throws(LayoutFileError) -> [DocumentNode]? {
        guard let node = self[key] else { return nil }
        guard case .array(let elements) = node.value else { throw fail(key, node, "an array") }
        return elements
    }

    /// The allowed word closest to a misspelt one (edit distance at most 2), for "did you mean".
    static func closest(to word: String, in allowed: [String]) -> String? {
        let lowered = Array(word.lowercased())
        var best: (String, Int)?
        for candidate in allowed {
            let other = Array(candidate.lowercased())
            var previous = Array(0...other.count)
            for (i, a) in lowered.enumerated() {
                var row = [i + 1]
                for (j, b) in other.enumerated() {
                    row.append(min(previous[j + 1] + 1, row[j] + 1, previous[j] + (a == b ? 0 : 1)))
                }
                previous = row
            }
            let distance = previous[other.count]
            if distance <= 2, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0
    }
}
