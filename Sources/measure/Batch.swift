import Controls
import Foundation
import Typesetting

/// The JSON-lines batch mode: one request per line in, one result (or error) per line out,
/// in input order. A bad line gets an error object and the run goes on.
enum Batch {
    /// Runs every line of `data`; writes results with `write`. Returns how many lines failed.
    static func run(_ data: [UInt8], registry: FontRegistry, write: (String) -> Void) -> Int {
        var failures = 0
        var lineNumber = 0
        var start = 0
        while start < data.count {
            var end = start
            while end < data.count && data[end] != 0x0A { end += 1 }
            lineNumber += 1
            var slice = data[start..<end]
            if slice.last == 0x0D { slice = slice.dropLast() }
            start = end + 1
            if slice.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            switch parse(Array(slice), line: lineNumber) {
            case .failure(let error):
                failures += 1
                write(errorObject(error, line: lineNumber, id: echoedID(Array(slice))))
            case .success(let request):
                do {
                    write(try request.run(registry: registry).json.serialized())
                } catch {
                    failures += 1
                    write(errorObject(error, line: lineNumber, id: request.id))
                }
            }
        }
        return failures
    }

    /// The `id` of a line that failed validation, when the line is still a JSON object, so
    /// callers can match every error to its request.
    static func echoedID(_ bytes: [UInt8]) -> JSONValue? {
        guard let text = String(validating: bytes, as: UTF8.self),
            case .object(let pairs)? = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        else { return nil }
        return pairs.first(where: { $0.0 == "id" })?.1
    }

    static func errorObject(_ error: RequestError, line: Int, id: JSONValue?) -> String {
        var pairs: [(String, JSONValue)] = []
        if let id { pairs.append(("id", id)) }
        pairs += [
            ("line", .number(Double(line))),
            ("error", .object([("kind", .string(error.kind)), ("message", .string(error.message))])),
        ]
        return JSONValue.object(pairs).serialized()
    }

    /// Decodes one line: strict UTF-8, a JSON object, known fields of the right types.
    static func parse(_ bytes: [UInt8], line: Int) -> Result<MeasureRequest, RequestError> {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let offset = firstInvalidUTF8(bytes)
            return .failure(
                RequestError(
                    kind: "invalidUTF8",
                    "line \(line): invalid UTF-8 at byte \(offset); batch input must be UTF-8 JSON lines", exitCode: 65)
            )
        }
        let object: JSONValue
        do {
            object = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        } catch {
            return .failure(
                RequestError(
                    kind: "invalidJSON",
                    "line \(line): not valid JSON; each line must be one JSON object such as {\"text\":\"Hello\",\"width\":343}",
                    exitCode: 65))
        }
        guard case .object(let pairs) = object else {
            return .failure(
                RequestError(
                    kind: "invalidJSON", "line \(line): expected a JSON object, such as {\"text\":\"Hello\"}",
                    exitCode: 65))
        }
        var fields: [String: JSONValue] = [:]
        for (key, value) in pairs { fields[key] = value }
        do {
            return .success(try request(from: fields, line: line))
        } catch {
            return .failure(error)
        }
    }

    static let knownFields = Set<String>([
        "id", "text", "font", "size", "weight", "italic", "width", "lines", "scale", "padding", "control",
        "contentInsets", "content-insets", "lineBreakMode", "line-break-mode", "letterSpacing", "letter-spacing",
        "lineSpacing", "line-spacing", "lineHeightMultiple", "line-height-multiple", "scrollEnabled", "scroll-enabled",
    ]).union(MeasureRequest.typeFields)

    static func request(from fields: [String: JSONValue], line: Int) throws(RequestError) -> MeasureRequest {
        func fail(_ field: String, _ expected: String) -> RequestError {
            RequestError(kind: "invalidField", "line \(line): field '\(field)' must be \(expected)")
        }
        if let unknown = fields.keys.sorted().first(where: { !knownFields.contains($0) }) {
            let known = knownFields.filter { !$0.contains("-") }.sorted().joined(separator: ", ")
            throw RequestError(kind: "unknownField", "line \(line): unknown field '\(unknown)'; known fields: \(known)")
        }
        func raw(_ names: [String]) -> (String, JSONValue)? {
            for name in names { if let value = fields[name], value != .null { return (name, value) } }
            return nil
        }
        func number(_ names: String...) throws(RequestError) -> Double? {
            guard let (name, value) = raw(names) else { return nil }
            guard case .number(let number) = value else { throw fail(name, "a number") }
            return number
        }
        func string(_ names: String...) throws(RequestError) -> String? {
            guard let (name, value) = raw(names) else { return nil }
            guard case .string(let text) = value else { throw fail(name, "a string") }
            return text
        }
        func bool(_ names: String...) throws(RequestError) -> Bool? {
            guard let (name, value) = raw(names) else { return nil }
            guard case .bool(let flag) = value else { throw fail(name, "true or false") }
            return flag
        }
        func insets(_ names: String...) throws(RequestError) -> EdgeInsets? {
            guard let (name, value) = raw(names) else { return nil }
            switch value {
            case .string(let text):
                do { return try EdgeInsets(parsing: text) } catch { throw fail(name, "four numbers \"t,l,b,r\"") }
            case .array(let items):
                let numbers = items.compactMap { item -> Double? in
                    if case .number(let number) = item { return number }
                    return nil
                }
                guard numbers.count == 4, items.count == 4 else {
                    throw fail(name, "[top, left, bottom, right] or \"t,l,b,r\"")
                }
                return EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
            default:
                throw fail(name, "[top, left, bottom, right] or \"t,l,b,r\"")
            }
        }

        var request = MeasureRequest()
        request.id = fields["id"]
        guard let text = try string("text") else { throw fail("text", "present: the string to measure") }
        request.text = text
        if let font = try string("font") { request.font = font }
        request.size = try number("size")
        if let (_, weight) = raw(["weight"]) {
            switch weight {
            case .string(let name): request.weight = name
            case .number(let number):
                request.weight = number == number.rounded() && abs(number) < 1e6 ? String(Int(number)) : String(number)
            default: throw fail("weight", "a name or a number")
            }
        }
        if let italic = try bool("italic") { request.italic = italic }
        request.width = try number("width")
        if let lines = try number("lines") {
            guard lines == lines.rounded(), abs(lines) < 1e9 else { throw fail("lines", "a whole number ≥ 0") }
            request.lines = Int(lines)
        }
        if let scale = try number("scale") { request.scale = scale }
        request.padding = try insets("padding")
        request.contentInsets = try insets("contentInsets", "content-insets")
        if let control = try string("control") {
            guard let kind = ControlKind(rawValue: control) else {
                throw fail("control", "one of label, textview, button")
            }
            request.control = kind
        }
        if let mode = try string("lineBreakMode", "line-break-mode") {
            guard let parsed = LineBreakMode(rawValue: mode) else {
                throw fail("lineBreakMode", "one of " + LineBreakMode.allCases.map(\.rawValue).joined(separator: ", "))
            }
            request.lineBreakMode = parsed
        }
        if let spacing = try number("letterSpacing", "letter-spacing") { request.letterSpacing = spacing }
        if let spacing = try number("lineSpacing", "line-spacing") { request.lineSpacing = spacing }
        if let multiple = try number("lineHeightMultiple", "line-height-multiple") {
            request.lineHeightMultiple = multiple
        }
        if let scroll = try bool("scrollEnabled", "scroll-enabled") { request.scrollEnabled = scroll }
        try request.readTypeFields(fields, line: line)
        return request
    }

    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var index = 0
        while index < bytes.count {
            let length: Int
            switch bytes[index] {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            if index + length > bytes.count { return index }
            if String(validating: bytes[index..<(index + length)], as: UTF8.self) == nil { return index }
            index += length
        }
        return index
    }
}

extension EdgeInsets {
    /// Parses "top,left,bottom,right" (UIEdgeInsets order); each a finite number.
    init(parsing text: String) throws(RequestError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 4, let values = parts as? [Double], values.allSatisfy(\.isFinite) else {
            throw RequestError(
                kind: "invalidInsets", "insets '\(text)' must be four numbers 'top,left,bottom,right', such as 4,8,4,8")
        }
        self.init(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }
}
