import Foundation
import Typesetting
import Yams

/// A place in a layout file: 1-based line and column (columns count Unicode scalars).
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// A position from its line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position `offset` scalars further along the same line.
    public func advanced(by offset: Int) -> SourcePosition { SourcePosition(line: line, column: column + offset) }

    /// Orders by line, then column.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line 4, column 17`.
    public var description: String { "line \(line), column \(column)" }
}

/// A value read from a layout file, JSON or YAML, with the place each part was written, so
/// every later error can point at it.
public struct DocumentNode: Sendable {
    /// The kinds of value a document holds.
    public indirect enum Value: Sendable {
        /// `null` (JSON) or `~`/`null`/empty (YAML).
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A finite number.
        case number(Double)
        /// A string.
        case string(String)
        /// An array.
        case array([DocumentNode])
        /// An object: its members in the order written, each key with its position.
        case object([Member])
    }

    /// One member of an object.
    public struct Member: Sendable {
        /// The key.
        public var key: String
        /// Where the key was written.
        public var keyPosition: SourcePosition
        /// The value.
        public var value: DocumentNode
    }

    /// The value.
    public var value: Value
    /// Where the value starts.
    public var position: SourcePosition

    /// The kind of value, as error messages name it: "a string", "an object", ….
    public var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The most nested arrays and objects a document may hold; deeper input is refused rather
    /// than risking the stack.
    public static let maximumDepth = 256
}

// MARK: - JSON

extension DocumentNode {
    /// Reads a JSON text (RFC 8259; a leading byte order mark is skipped).
    ///
    /// - Throws: `LayoutFileError` with kind `.syntax` and the line and column of the first
    ///   problem: invalid UTF-8, an unexpected character, an unterminated string, a bad escape,
    ///   a number that is not finite, a repeated key, nesting deeper than ``maximumDepth``.
    public static func parseJSON(_ bytes: [UInt8]) throws(LayoutFileError) -> DocumentNode {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            let offset = bytes.firstInvalidUTF8Offset()
            var reader = JSONReader(bytes: bytes)
            reader.countLines(upTo: offset)
            throw LayoutFileError(.syntax, at: reader.position(ofByte: offset), "the file is not valid UTF-8")
        }
        var reader = JSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        let node = try reader.value(depth: 0)
        reader.skipWhitespace()
        if reader.index < bytes.count {
            throw reader.error("unexpected \(reader.describeCurrent()) after the end of the document")
        }
        return node
    }
}

/// The reader behind `DocumentNode.parseJSON(_:)`: recursive descent over UTF-8 bytes, keeping
/// the line and column as it goes.
private struct JSONReader {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    /// The byte offset at which the current line starts.
    var lineStart = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Where column counting left off on the current line: a byte offset and its column.
    /// Positions are asked for in order along a line, so each is counted on from the last one
    /// rather than from the line's start, which made a long line (minified JSON is one line)
    /// quadratic to read.
    private var counted = (offset: 0, column: 1)

    /// The line and column of the current byte.
    var position: SourcePosition {
        mutating get {
            if counted.offset < lineStart || counted.offset > index { counted = (lineStart, 1) }
            let end = min(index, bytes.count)
            counted.column += scalarStarts(from: counted.offset, to: end)
            counted.offset = end
            return SourcePosition(line: line, column: counted.column)
        }
    }

    /// The line and column of a byte offset on the current line (columns in scalars).
    func position(ofByte offset: Int) -> SourcePosition {
        SourcePosition(line: line, column: 1 + scalarStarts(from: lineStart, to: offset))
    }

    /// How many scalars start in `bytes[start..<end]` (bytes that are not UTF-8 continuations).
    private func scalarStarts(from start: Int, to end: Int) -> Int {
        var count = 0
        var cursor = start
        while cursor < end && cursor < bytes.count {
            if bytes[cursor] & 0xC0 != 0x80 { count += 1 }
            cursor += 1
        }
        return count
    }

    /// Moves `line` and `lineStart` to the line of a byte offset (from the start of the text).
    mutating func countLines(upTo offset: Int) {
        for cursor in 0..<offset where bytes[cursor] == 0x0A {
            line += 1
            lineStart = cursor + 1
        }
    }

    mutating func error(_ message: String) -> LayoutFileError { LayoutFileError(.syntax, at: position, message) }

    func describeCurrent() -> String {
        guard let byte = current else { return "end of file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 { return "space" }
        return String(format: "byte 0x%02X", byte)
    }

    mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(LayoutFileError) -> DocumentNode {
        skipWhitespace()
        let start = position
        guard let byte = current else { throw error("the document ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < DocumentNode.maximumDepth else {
                throw error("nesting is deeper than \(DocumentNode.maximumDepth) levels")
            }
            return byte == UInt8(ascii: "{") ? try object(depth: depth + 1) : try array(depth: depth + 1)
        case UInt8(ascii: "\""): return DocumentNode(value: .string(try string()), position: start)
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default:
            throw error(
                "expected a value (object, array, string, number, true, false or null), found \(describeCurrent())")
        }
    }

    mutating func literal(_ word: String, _ value: DocumentNode.Value) throws(LayoutFileError) -> DocumentNode {
        let start = position
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("expected \(word)")
        }
        index += utf8.count
        return DocumentNode(value: value, position: start)
    }

    mutating func object(depth: Int) throws(LayoutFileError) -> DocumentNode {
        let start = position
        index += 1
        var members: [DocumentNode.Member] = []
        var seen = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return DocumentNode(value: .object(members), position: start)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes, found \(describeCurrent())")
            }
            let keyPosition = position
            let key = try string()
            guard seen.insert(key).inserted else {
                throw LayoutFileError(.syntax, at: keyPosition, "the key \"\(key)\" appears twice in this object")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key)\", found \(describeCurrent())")
            }
            index += 1
            let value = try value(depth: depth)
            members.append(DocumentNode.Member(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return DocumentNode(value: .object(members), position: start)
            default: throw error("expected ',' or '}' after a member, found \(describeCurrent())")
            }
        }
    }

    mutating func array(depth: Int) throws(LayoutFileError) -> DocumentNode {
        let start = position
        index += 1
        var elements: [DocumentNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return DocumentNode(value: .array(elements), position: start)
        }
        while true {
            elements.append(try value(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return DocumentNode(value: .array(elements), position: start)
            default: throw error("expected ',' or ']' after an element, found \(describeCurrent())")
            }
        }
    }

    mutating func string() throws(LayoutFileError) -> String {
        index += 1  // the opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ end: Int) {
            if end > runStart, let text = String(validating: bytes[runStart..<end], as: UTF8.self) {
                scalars.append(contentsOf: text.unicodeScalars)
            }
        }
        while true {
            guard let byte = current else { throw error("the string is not closed before the end of the file") }
            switch byte {
            case UInt8(ascii: "\""):
                flush(index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(index)
                index += 1
                scalars.append(try escape())
                runStart = index
            case 0..<0x20:
                throw error("a control character (\(String(format: "0x%02X", byte))) inside a string must be escaped")
            default: index += 1
            }
        }
    }

    mutating func escape() throws(LayoutFileError) -> Unicode.Scalar {
        guard let byte = current else { throw error("the string is not closed before the end of the file") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hex4()
            if (0xD800..<0xDC00).contains(first) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw error("a high surrogate \\u\(String(first, radix: 16)) must be followed by a low surrogate")
                }
                index += 2
                let second = try hex4()
                guard (0xDC00..<0xE000).contains(second),
                    let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                else { throw error("\\u\(String(second, radix: 16)) is not a low surrogate") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else {
                throw error("a lone low surrogate \\u\(String(first, radix: 16)) is not a character")
            }
            return scalar
        default:
            index -= 1
            throw error(
                "unknown escape \\\(Character(Unicode.Scalar(byte))); allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"
            )
        }
    }

    mutating func hex4() throws(LayoutFileError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexDigit(byte) else {
                throw error("\\u needs four hexadecimal digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    mutating func number() throws(LayoutFileError) -> DocumentNode {
        let start = position
        let startIndex = index
        func digits() -> Int {
            var count = 0
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                index += 1
                count += 1
            }
            return count
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
            if let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                throw error("a number cannot start with 0 followed by more digits")
            }
        } else if digits() == 0 {
            throw error("expected digits in a number")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected digits after the decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[startIndex..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw LayoutFileError(.syntax, at: start, "the number \(text) is too large")
        }
        return DocumentNode(value: .number(value), position: start)
    }
}

// MARK: - YAML

extension DocumentNode {
    /// Reads a YAML text (YAML 1.1 through Yams: plain scalars resolve to booleans, numbers and
    /// null as usual; quoted scalars stay strings). Anchors and aliases are expanded.
    ///
    /// - Throws: `LayoutFileError` with kind `.syntax` and the line and column Yams reports.
    public static func parseYAML(_ text: String) throws(LayoutFileError) -> DocumentNode {
        let node: Yams.Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw LayoutFileError(yaml: error)
        } catch {
            throw LayoutFileError(.syntax, at: nil, "the YAML could not be read: \(error)")
        }
        guard let node else { return DocumentNode(value: .null, position: SourcePosition(line: 1, column: 1)) }
        return try convert(node, depth: 0)
    }

    private static func convert(_ node: Yams.Node, depth: Int) throws(LayoutFileError) -> DocumentNode {
        let position =
            node.mark.map { SourcePosition(line: $0.line, column: $0.column) } ?? SourcePosition(line: 1, column: 1)
        guard depth < maximumDepth else {
            throw LayoutFileError(.syntax, at: position, "nesting is deeper than \(maximumDepth) levels")
        }
        switch node {
        case .scalar(let scalar):
            switch node.tag.rawValue {
            case Tag.Name.null.rawValue: return DocumentNode(value: .null, position: position)
            case Tag.Name.bool.rawValue:
                guard let value = node.bool else { break }
                return DocumentNode(value: .bool(value), position: position)
            case Tag.Name.int.rawValue, Tag.Name.float.rawValue:
                guard let value = node.float, value.isFinite else {
                    throw LayoutFileError(.syntax, at: position, "the number \(scalar.string) is not finite")
                }
                return DocumentNode(value: .number(value), position: position)
            default: break
            }
            return DocumentNode(value: .string(scalar.string), position: position)
        case .sequence(let sequence):
            var elements: [DocumentNode] = []
            for element in sequence { elements.append(try convert(element, depth: depth + 1)) }
            return DocumentNode(value: .array(elements), position: position)
        case .mapping(let mapping):
            var members: [Member] = []
            var seen = Set<String>()
            for (key, value) in mapping {
                let keyPosition = key.mark.map { SourcePosition(line: $0.line, column: $0.column) } ?? position
                guard case .scalar(let scalar) = key else {
                    throw LayoutFileError(.syntax, at: keyPosition, "keys must be plain strings")
                }
                guard seen.insert(scalar.string).inserted else {
                    throw LayoutFileError(
                        .syntax, at: keyPosition, "the key \"\(scalar.string)\" appears twice in this mapping")
                }
                members.append(
                    Member(key: scalar.string, keyPosition: keyPosition, value: try convert(value, depth: depth + 1)))
            }
            return DocumentNode(value: .object(members), position: position)
        case .alias:
            throw LayoutFileError(.syntax, at: position, "YAML aliases are not supported")
        }
    }
}

extension LayoutFileError {
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
                "keys appear twice in a mapping: \(duplicates.joined(separator: ", "))")
        default:
            self.init(.syntax, at: nil, "the YAML could not be read: \(error)")
        }
    }
}
