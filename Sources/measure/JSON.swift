import Controls
import Foundation
import Typesetting

/// A JSON value, for the batch mode's free-form `id` and for writing results in a fixed key order.
indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }

    /// Compact JSON text, keys in the order given.
    func serialized() -> String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value):
            guard value.isFinite else { return "null" }
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return "\(value)"
        case .string(let value): return JSONValue.quote(value)
        case .array(let values): return "[" + values.map { $0.serialized() }.joined(separator: ",") + "]"
        case .object(let pairs):
            return "{" + pairs.map { JSONValue.quote($0.0) + ":" + $0.1.serialized() }.joined(separator: ",") + "}"
        }
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension JSONValue: Decodable {
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
