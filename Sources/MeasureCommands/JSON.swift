import Controls
import Foundation
import Typesetting

/// A JSON value: a batch line as read (`init(parsing:)`), its free-form `id`, and results written
/// in a fixed key order.
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
    /// Reads one JSON text, or nil when it is not JSON, accepting exactly what Foundation's
    /// `JSONDecoder` accepts, and several times faster on a batch line: RFC 8259 plus a byte
    /// order mark at the start and one trailing comma before a closing `]` or `}`; at most 512
    /// levels of nesting; numbers that are finite and not rounded to zero. An object's keys
    /// come out sorted. `bytes` must be valid UTF-8.
    ///
    /// Two rare things are left to `JSONDecoder` itself, which has quirks there: an object that
    /// repeats a key (compared as Swift strings; it keeps the first value and never reads the
    /// others, so it lets through anything in them its first pass does not check, such as a
    /// lone surrogate or `01`), and a number with an exponent (it refuses `-0.0e1` but not
    /// `-0e1`).
    init?(parsing bytes: [UInt8]) {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        if let value = parser.value() {
            parser.skipWhitespace()
            guard parser.index == bytes.count else { return nil }
            self = value
        } else if parser.deferred, let value = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) {
            self = value
        } else {
            return nil
        }
    }
}

extension JSONValue: Decodable {
    /// Decodes with `JSONDecoder`: only for what `init(parsing:)` leaves to it.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            let object = try container.decode([String: JSONValue].self)
            self = .object(object.keys.sorted().map { ($0, object[$0] ?? .null) })
        }
    }
}

/// The recursive-descent reader behind `JSONValue(parsing:)`.
private struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0
    /// Set when the text has something only `JSONDecoder` can settle; reading stops there.
    var deferred = false

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Containers open at once, the outermost included.
    static let maximumDepth = 512

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    mutating func value() -> JSONValue? {
        skipWhitespace()
        guard let byte = current else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return container(closing: UInt8(ascii: "}"))
        case UInt8(ascii: "["): return container(closing: UInt8(ascii: "]"))
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return nil
        }
    }

    mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return nil }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
        index += count
        return value
    }

    /// An object or an array, from its opening bracket.
    mutating func container(closing: UInt8) -> JSONValue? {
        let isObject = closing == UInt8(ascii: "}")
        depth += 1
        guard depth <= JSONParser.maximumDepth else { return nil }
        index += 1
        var items: [JSONValue] = []
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current != closing {
            while true {
                if isObject {
                    skipWhitespace()
                    guard current == UInt8(ascii: "\""), let key = string() else { return nil }
                    guard members[key] == nil else {
                        deferred = true
                        return nil
                    }
                    skipWhitespace()
                    guard current == UInt8(ascii: ":") else { return nil }
                    index += 1
                    guard let value = value() else { return nil }
                    members[key] = value
                } else {
                    guard let value = value() else { return nil }
                    items.append(value)
                }
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    index += 1
                    skipWhitespace()
                    if current == closing { break }
                } else if current == closing {
                    break
                } else {
                    return nil
                }
            }
        }
        index += 1
        depth -= 1
        guard isObject else { return .array(items) }
        return .object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// A string, from its opening quote.
    mutating func string() -> String? {
        index += 1
        let start = index
        // The common case: no escapes, so the text is the bytes between the quotes.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { return nil }
            index += 1
        }
        guard let stop = current else { return nil }
        if stop == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }
        var text = Array(bytes[start..<index])
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = current else { return nil }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = escapedScalar() else { return nil }
                    text.append(contentsOf: String(scalar).utf8)
                default: return nil
                }
            case 0..<0x20: return nil
            default: text.append(byte)
            }
        }
        return nil
    }

    /// The scalar of a `\uXXXX` escape (after the `u`), joining a surrogate pair; nil for a
    /// lone surrogate.
    mutating func escapedScalar() -> Unicode.Scalar? {
        guard let unit = hex4() else { return nil }
        switch unit {
        case 0xD800..<0xDC00:
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            index += 2
            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        case 0xDC00..<0xE000: return nil
        default: return Unicode.Scalar(unit)
        }
    }

    mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    /// A number without an exponent: `-? (0 | [1-9][0-9]*) (. [0-9]+)?`.
    mutating func number() -> JSONValue? {
        let start = index
        var nonzeroDigit = false
        func digits() -> Int {
            let first = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                if byte != UInt8(ascii: "0") { nonzeroDigit = true }
                index += 1
            }
            return index - first
        }
        if current == UInt8(ascii: "-") { index += 1 }
        let leadingZero = current == UInt8(ascii: "0")
        let integer = digits()
        guard integer > 0, !(leadingZero && integer > 1) else { return nil }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            deferred = true
            return nil
        }
        // Like JSONDecoder: too large, or so small it rounds to zero, is not a number.
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite,
            value != 0 || !nonzeroDigit
        else { return nil }
        return .number(value)
    }
}

extension MeasureResult {
    /// The result as one JSON object: `width`, `height` (the intrinsic size), `lineCount`,
    /// `truncated`, `scale`, `lines` (each with its UTF-16 range, text and unrounded width) and
    /// `fonts` (the font files used, the primary one first).
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
