import Yams

extension DocumentNode {
    /// Reads a YAML text (YAML 1.1 through Yams: plain scalars resolve to booleans, numbers and
    /// null as usual; quoted scalars stay strings; mapping keys are strings). Anchors and
    /// aliases are expanded, within bounds: at most ``DocumentLimits/maximumAliases`` alias
    /// uses, ``DocumentLimits/maximumExpandedValues`` values and
    /// ``DocumentLimits/maximumExpandedBytes`` of scalar text once expanded. An alias cannot
    /// be a mapping key, and a document with aliases cannot use complex keys (`? key` or a
    /// flow collection as a key): comparing such keys would expand them before any bound is
    /// checked.
    ///
    /// - Throws: `DocumentError`: `.syntax` with the line and column Yams reports, or of a
    ///   repeated key, a non-string key, a number that is not finite; `.limit` past a bound.
    public static func parseYAML(_ text: String) throws(DocumentError) -> DocumentNode {
        guard text.utf8.count <= DocumentLimits.maximumBytes else {
            throw DocumentError(
                .limit, at: nil,
                "the document is larger than \(DocumentLimits.maximumBytes >> 20) MiB (\(text.utf8.count) bytes)")
        }
        try YAMLAliasScan.check(text)
        let parser: Parser
        let root: Node?
        do {
            parser = try Parser(yaml: text)
            root = try parser.singleRoot()
        } catch let error as YamlError {
            throw DocumentError(yaml: error)
        } catch {
            throw DocumentError(.syntax, at: nil, "the YAML could not be read: \(error)")
        }
        guard let root else { return DocumentNode(value: .null, position: SourcePosition(line: 1, column: 1)) }
        // Yams holds its anchors weakly; the parser keeps them alive while aliases are counted.
        return try withExtendedLifetime(parser) { () throws(DocumentError) -> DocumentNode in
            var expansion = YAMLExpansion()
            return try expansion.convert(root, depth: 0)
        }
    }
}

/// The walk from Yams' nodes to `DocumentNode`s, counting what aliases expand to.
struct YAMLExpansion {
    /// Anchors met so far: meeting one again is a use of its alias.
    var anchors: Set<ObjectIdentifier> = []
    var aliases = 0
    var values = 0
    var bytes = 0

    static func position(_ node: Node) -> SourcePosition {
        node.mark.map { SourcePosition(line: $0.line, column: $0.column) } ?? SourcePosition(line: 1, column: 1)
    }

    mutating func count(_ node: Node, text: Int, at position: SourcePosition) throws(DocumentError) {
        if let anchor = node.anchor, !anchors.insert(ObjectIdentifier(anchor)).inserted {
            aliases += 1
            if aliases > DocumentLimits.maximumAliases {
                throw DocumentError(
                    .limit, at: position,
                    "more than \(DocumentLimits.maximumAliases) YAML aliases are used (counting aliases inside aliased parts at each use); write the repeated parts out or use fewer aliases"
                )
            }
        }
        values += 1
        bytes += text
        if values > DocumentLimits.maximumExpandedValues {
            throw DocumentError(
                .limit, at: position,
                "the YAML expands to more than \(DocumentLimits.maximumExpandedValues) values once its aliases are expanded"
            )
        }
        if bytes > DocumentLimits.maximumExpandedBytes {
            throw DocumentError(
                .limit, at: position,
                "the YAML expands to more than \(DocumentLimits.maximumExpandedBytes >> 20) MiB of text once its aliases are expanded"
            )
        }
    }

    mutating func convert(_ node: Node, depth: Int) throws(DocumentError) -> DocumentNode {
        let position = YAMLExpansion.position(node)
        switch node {
        case .scalar(let scalar):
            try count(node, text: scalar.string.utf8.count, at: position)
            switch node.tag.rawValue {
            case Tag.Name.null.rawValue: return DocumentNode(value: .null, position: position)
            case Tag.Name.bool.rawValue:
                guard let value = node.bool else { break }
                return DocumentNode(value: .bool(value), position: position)
            case Tag.Name.int.rawValue, Tag.Name.float.rawValue:
                guard let value = node.float, value.isFinite else {
                    throw DocumentError(
                        .syntax, at: position,
                        "the number \(scalar.string) is out of range: numbers must be finite (magnitude below 1.8e308)")
                }
                return DocumentNode(value: .number(value), position: position)
            default: break
            }
            return DocumentNode(value: .string(scalar.string), position: position)
        case .sequence(let sequence):
            try nest(node, depth: depth, at: position)
            var elements: [DocumentNode] = []
            for element in sequence { elements.append(try convert(element, depth: depth + 1)) }
            return DocumentNode(value: .array(elements), position: position)
        case .mapping(let mapping):
            try nest(node, depth: depth, at: position)
            var members: [DocumentNode.Member] = []
            var seen = Set<String>()
            for (key, value) in mapping {
                let keyPosition = key.mark.map { SourcePosition(line: $0.line, column: $0.column) } ?? position
                guard case .scalar(let scalar) = key else {
                    throw DocumentError(.syntax, at: keyPosition, "keys must be plain strings")
                }
                try count(key, text: scalar.string.utf8.count, at: keyPosition)
                guard seen.insert(scalar.string).inserted else {
                    throw DocumentError(
                        .syntax, at: keyPosition, "the key \"\(scalar.string)\" appears twice in this mapping")
                }
                members.append(
                    DocumentNode.Member(
                        key: scalar.string, keyPosition: keyPosition, value: try convert(value, depth: depth + 1)))
            }
            return DocumentNode(value: .object(members), position: position)
        case .alias:
            // Yams replaces aliases by the nodes they name; an unresolved one is an error.
            throw DocumentError(.syntax, at: position, "an alias that names no anchor")
        }
    }

    mutating func nest(_ node: Node, depth: Int, at position: SourcePosition) throws(DocumentError) {
        guard depth < DocumentLimits.maximumDepth else {
            throw DocumentError(.limit, at: position, "nesting is deeper than \(DocumentLimits.maximumDepth) levels")
        }
        try count(node, text: 0, at: position)
    }
}

/// A look at the YAML text before Yams composes it. Yams compares every mapping's keys as
/// whole values while composing, so a key that is an alias, or a complex key holding one,
/// would be expanded before any bound is checked. Aliases in those places are refused here.
/// Flow collections nested deeper than ``DocumentLimits/maximumDepth`` are refused here too,
/// since Yams composes recursively. The scan skips quoted scalars, block scalars and comments;
/// it is conservative elsewhere (a plain scalar with many unclosed brackets is refused too).
enum YAMLAliasScan {
    static func check(_ text: String) throws(DocumentError) {
        let bytes = Array(text.utf8)
        var line = 1
        var lineStart = 0
        var index = 0
        var firstAlias: SourcePosition?
        var complexKey: SourcePosition?
        var flowDepth = 0
        func position(_ offset: Int) -> SourcePosition {
            var column = 1
            for cursor in lineStart..<offset where bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            return SourcePosition(line: line, column: column)
        }
        func isAnchorCharacter(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_") || byte >= 0x80
        }
        func isBlank(_ offset: Int) -> Bool {
            offset >= bytes.count || bytes[offset] == 0x20 || bytes[offset] == 0x09 || bytes[offset] == 0x0A
                || bytes[offset] == 0x0D
        }
        /// Whether a block scalar's header (`|`, `>`, then chomping and indentation indicators)
        /// ends its line from `offset` (a comment may follow).
        func isBlockHeader(_ offset: Int) -> Bool {
            var cursor = offset
            while cursor < bytes.count, "+-0123456789".utf8.contains(bytes[cursor]) { cursor += 1 }
            while cursor < bytes.count && (bytes[cursor] == 0x20 || bytes[cursor] == 0x09) { cursor += 1 }
            return cursor >= bytes.count || bytes[cursor] == 0x0A || bytes[cursor] == 0x0D
                || bytes[cursor] == UInt8(ascii: "#")
        }
        /// Whether a `:` that makes what came before a key follows `offset` (after blanks).
        func keyFollows(_ offset: Int) -> Bool {
            var cursor = offset
            while cursor < bytes.count && (bytes[cursor] == 0x20 || bytes[cursor] == 0x09) { cursor += 1 }
            return cursor < bytes.count && bytes[cursor] == UInt8(ascii: ":")
                && (isBlank(cursor + 1)
                    || bytes[cursor + 1] == UInt8(ascii: ",") || bytes[cursor + 1] == UInt8(ascii: "}")
                    || bytes[cursor + 1] == UInt8(ascii: "]"))
        }
        while index < bytes.count {
            let byte = bytes[index]
            let atTokenStart =
                index == 0 || isBlank(index - 1) || bytes[index - 1] == UInt8(ascii: "[")
                || bytes[index - 1] == UInt8(ascii: "{") || bytes[index - 1] == UInt8(ascii: ",")
            switch byte {
            case 0x0A:
                line += 1
                lineStart = index + 1
                index += 1
            case UInt8(ascii: "#") where atTokenStart:
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard atTokenStart else {
                    index += 1
                    continue
                }
                let quote = byte
                index += 1
                while index < bytes.count {
                    let inside = bytes[index]
                    if inside == 0x0A {
                        line += 1
                        lineStart = index + 1
                    }
                    if quote == UInt8(ascii: "\"") && inside == UInt8(ascii: "\\") {
                        index += 2
                        continue
                    }
                    index += 1
                    if inside == quote {
                        if quote == UInt8(ascii: "'") && index < bytes.count && bytes[index] == quote {
                            index += 1
                            continue
                        }
                        break
                    }
                }
            case UInt8(ascii: "*") where atTokenStart && index + 1 < bytes.count && isAnchorCharacter(bytes[index + 1]):
                let start = index
                index += 1
                while index < bytes.count && isAnchorCharacter(bytes[index]) { index += 1 }
                if firstAlias == nil { firstAlias = position(start) }
                if keyFollows(index) {
                    throw DocumentError(
                        .syntax, at: position(start),
                        "an alias cannot be a mapping key; write the key out")
                }
            case UInt8(ascii: "|") where atTokenStart && isBlockHeader(index + 1),
                UInt8(ascii: ">") where atTokenStart && isBlockHeader(index + 1):
                // A block scalar: its lines, indented deeper than the line that opens it (or
                // blank), are text.
                var indent = 0
                while lineStart + indent < bytes.count && bytes[lineStart + indent] == 0x20 { indent += 1 }
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                while index < bytes.count {
                    var next = index + 1
                    var nextIndent = 0
                    while next < bytes.count && bytes[next] == 0x20 {
                        next += 1
                        nextIndent += 1
                    }
                    let blank = next >= bytes.count || bytes[next] == 0x0A || bytes[next] == 0x0D
                    guard blank || nextIndent > indent else { break }
                    line += 1
                    lineStart = index + 1
                    index = next
                    while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                }
            case UInt8(ascii: "?") where atTokenStart && isBlank(index + 1):
                if complexKey == nil { complexKey = position(index) }
                index += 1
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                // Yams composes recursively: a deep flow collection is refused before it runs.
                flowDepth += 1
                if flowDepth > DocumentLimits.maximumDepth {
                    throw DocumentError(
                        .limit, at: position(index), "nesting is deeper than \(DocumentLimits.maximumDepth) levels")
                }
                index += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                flowDepth = max(0, flowDepth - 1)
                if complexKey == nil && keyFollows(index + 1) { complexKey = position(index) }
                index += 1
            default:
                index += 1
            }
        }
        if firstAlias != nil, let complexKey {
            throw DocumentError(
                .syntax, at: complexKey,
                "a complex mapping key ('? key', or a list or mapping used as a key) cannot be used in a document with aliases; keys must be plain strings"
            )
        }
    }
}

extension DocumentError {
    /// The error Yams reports, with its line and column.
    init(yaml error: YamlError) {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let prefix = context.map { "\($0.text) " } ?? ""
            self.init(.syntax, at: SourcePosition(line: mark.line, column: mark.column), "\(prefix)\(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            self.init(
                .syntax, at: SourcePosition(line: context.mark.line, column: context.mark.column),
                "keys appear twice in a mapping: \(duplicates.map { "\($0)" }.joined(separator: ", "))")
        default:
            self.init(.syntax, at: nil, "the YAML could not be read: \(error)")
        }
    }
}
