import Controls
import Documents
import Foundation
import Typesetting

/// A JSON value to write: results in a fixed key order, and a batch line's free-form `id`
/// echoed as read. Reading is the shared reader's (`DocumentNode.parseJSON`, module `Documents`).
indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.number(let left), .number(let right)): return left == right
        case (.string(let left), .string(let right)): return left == right
        case (.array(let left), .array(let right)): return left == right
        case (.object(let left), .object(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The number, or nil for another kind of value.
    var numberValue: Double? { if case .number(let value) = self { value } else { nil } }
    /// The string, or nil for another kind of value.
    var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    /// The boolean, or nil for another kind of value.
    var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }

    /// Compact JSON text, keys in the order given.
    func serialized() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    /// Appends the compact JSON text to `out`: one buffer for the whole value, not a string
    /// per member joined into its parent's.
    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value):
            if !value.isFinite {
                out += "null"
            } else if value == value.rounded(), abs(value) < 1e15 {
                out += String(Int64(value))
            } else {
                out += "\(value)"
            }
        case .string(let value): JSONValue.quote(value, into: &out)
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (index, (key, value)) in pairs.enumerated() {
                if index > 0 { out += "," }
                JSONValue.quote(key, into: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    static func quote(_ text: String) -> String {
        var out = ""
        quote(text, into: &out)
        return out
    }

    /// Appends `text` as a JSON string: the runs between characters that need escaping are
    /// copied whole. Those characters are all ASCII, so looking at the UTF-8 bytes is enough.
    static func quote(_ text: String, into out: inout String) {
        out += "\""
        var bytes = text
        if bytes.withUTF8({ !$0.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 } }) {
            out += text  // nothing to escape, the common case: one copy
            out += "\""
            return
        }
        let utf8 = text.utf8
        var run = utf8.startIndex
        var index = run
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                out += text[run..<index]
                switch byte {
                case UInt8(ascii: "\""): out += "\\\""
                case UInt8(ascii: "\\"): out += "\\\\"
                case UInt8(ascii: "\n"): out += "\\n"
                case UInt8(ascii: "\r"): out += "\\r"
                case UInt8(ascii: "\t"): out += "\\t"
                default:
                    out += (byte < 0x10 ? "\\u000" : "\\u001") + String(byte & 0xF, radix: 16)
                }
                run = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        out += text[run..<index]
        out += "\""
    }
}

extension JSONValue {
    /// The value of a node read by the shared document reader, members in the order written.
    init(_ node: DocumentNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(JSONValue.init))
        case .object(let members): self = .object(members.map { ($0.key, JSONValue($0.value)) })
        }
    }
}

extension MeasureResult {
    /// The result as one JSON object: `width`, `height` (the intrinsic size), `lineCount`,
    /// `truncated`, `scale`, `lines` (each with its UTF-16 range, text and unrounded width) and
    /// `fonts` (the font files used, the primary one first); then, when they apply,
    /// `systemFontStandIn`, `approximate` (the faces measured in place of iOS's) and
    /// `missingCharacters` (the characters no font draws).
    var json: JSONValue {
        var pairs: [(String, JSONValue)] = []
        if let id { pairs.append(("id", id)) }
        pairs += [
            ("control", .string(control.rawValue)),
            ("width", .number(width)),
            ("height", .number(height)),
            ("lineCount", .number(Double(lineCount))),
            ("truncated", .bool(truncated)),
            ("scale", .number(scale)),
            ("font", .string(fontDescription)),
            (
                "lines",
                .array(
                    lines.map { line in
                        .object([
                            (
                                "range",
                                .object([
                                    ("location", .number(Double(line.location))),
                                    ("length", .number(Double(line.length))),
                                ])
                            ),
                            ("text", .string(line.text)),
                            ("width", .number(line.width)),
                            ("truncated", .bool(line.truncated)),
                        ])
                    })
            ),
            ("fonts", .array(fonts.map { .string($0) })),
        ]
        // Only when SF Pro was not found: the family standing in for the system font.
        if let systemFontStandIn { pairs.append(("systemFontStandIn", .string(systemFontStandIn))) }
        // Only when some face was measured in place of iOS's, naming each.
        if let approximate { pairs.append(("approximate", .string(approximate))) }
        // Only when some character has no glyph in any font: each character, as a string.
        if !missingCharacters.isEmpty { pairs.append(("missingCharacters", MissingCharacters.json(missingCharacters))) }
        return .object(pairs)
    }

    /// One short readable line: "333 × 64.5 pt  (3 lines, Inter Regular 17 pt, @2x)".
    var humanReadable: String {
        if width == noIntrinsicMetric && height == noIntrinsicMetric {
            return "no intrinsic size (a scrolling text view): constrain its width and height"
        }
        let lineWord = lineCount == 1 ? "line" : "lines"
        let truncation = truncated ? ", truncated" : ""
        return
            "\(PixelGrid.format(width)) × \(PixelGrid.format(height)) pt  (\(lineCount) \(lineWord)\(truncation), \(fontDescription), @\(PixelGrid.format(scale))x)"
    }
}
