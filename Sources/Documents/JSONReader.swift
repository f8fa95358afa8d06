extension DocumentNode {
    /// Reads a JSON text: strict RFC 8259 (no trailing commas, no comments, no repeated keys),
    /// UTF-8, a leading byte order mark skipped. Every value keeps its line and column.
    ///
    /// This one reader serves every JSON the product reads: layout files, `measure check`
    /// specs, String Catalogs and `measure --batch` lines.
    ///
    /// - Throws: `DocumentError` with the line and column of the first problem: `.encoding`
    ///   for invalid UTF-8; `.syntax` for an unexpected character, a trailing comma, an
    ///   unterminated string, a bad escape (an invalid Unicode escape such as a lone
    ///   surrogate), a number out of range (not a finite double), a repeated key; `.limit`
    ///   for a text over ``DocumentLimits/maximumBytes`` or nesting deeper than
    ///   ``DocumentLimits/maximumDepth``.
    public static func parseJSON(_ bytes: [UInt8]) throws(DocumentError) -> DocumentNode {
        guard bytes.count <= DocumentLimits.maximumBytes else {
            throw DocumentError(
                .limit, at: nil,
                "the document is larger than \(DocumentLimits.maximumBytes >> 20) MiB (\(bytes.count) bytes)")
        }
        var reader = JSONReader(bytes: bytes)
        if let offset = UTF8Check.firstInvalidOffset(bytes) {
            reader.moveLines(upTo: offset)
            throw DocumentError(.encoding, at: reader.position(ofByte: offset), "the file is not valid UTF-8")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            reader.index = 3
            reader.lineStart = 3
        }
        let node = try reader.value(depth: 0)
        reader.skipWhitespace()
        if reader.index < bytes.count {
            throw reader.error("unexpected \(reader.describeCurrent()) after the end of the document")
        }
        return node
    }
}

/// The reader behind `DocumentNode.parseJSON(_:)`: recursive descent over UTF-8 bytes (already
/// validated), keeping the line and column as it goes.
struct JSONReader {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    /// The byte offset at which the current line starts.
    var lineStart = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Where column counting left off on the current line: a byte offset and its column.
    /// Positions are asked for in order along a line, so each is counted on from the last one
    /// rather than from the line's start; a long line (minified JSON is one line) stays linear.
    private var counted = (offset: 0, column: 1)

    /// The line and column of the current byte.
    var position: SourcePosition {
        mutating get {
            if counted.offset < lineStart || counted.offset > index { counted = (lineStart, 1) }
            let end = min(index, bytes.count)
            var column = counted.column
            var cursor = counted.offset
            while cursor < end {
                if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
                cursor += 1
            }
            counted = (end, column)
            return SourcePosition(line: line, column: column)
        }
    }

    /// The line and column of a byte offset on the current line (columns in scalars).
    func position(ofByte offset: Int) -> SourcePosition {
        var column = 1
        for cursor in lineStart..<min(offset, bytes.count) where bytes[cursor] & 0xC0 != 0x80 { column += 1 }
        return SourcePosition(line: line, column: column)
    }

    /// Moves `line` and `lineStart` to the line of a byte offset (from the start of the text).
    mutating func moveLines(upTo offset: Int) {
        for cursor in 0..<min(offset, bytes.count) where bytes[cursor] == 0x0A {
            line += 1
            lineStart = cursor + 1
        }
    }

    mutating func error(_ message: String) -> DocumentError { DocumentError(.syntax, at: position, message) }

    func describeCurrent() -> String {
        guard let byte = current else { return "the end of the document" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        switch byte {
        case 0x20: return "a space"
        case 0x0A, 0x0D: return "the end of the line"
        case 0x09: return "a tab"
        default: break
        }
        // Valid UTF-8 (checked first): show the whole character.
        var end = index + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'\(String(decoding: bytes[index..<end], as: UTF8.self))'"
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(DocumentError) -> DocumentNode {
        skipWhitespace()
        guard let byte = current else { throw error("the document ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < DocumentLimits.maximumDepth else {
                throw DocumentError(
                    .limit, at: position, "nesting is deeper than \(DocumentLimits.maximumDepth) levels")
            }
            return byte == UInt8(ascii: "{") ? try object(depth: depth + 1) : try array(depth: depth + 1)
        case UInt8(ascii: "\""):
            let start = position
            return DocumentNode(value: .string(try string()), position: start)
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default:
            throw error(
                "expected a value (object, array, string, number, true, false or null), found \(describeCurrent())")
        }
    }

    mutating func literal(_ word: StaticString, _ value: DocumentNode.Value) throws(DocumentError) -> DocumentNode {
        let start = position
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("expected \(word)") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw error("expected \(word)")
        }
        index += count
        return DocumentNode(value: value, position: start)
    }

    /// After a comma: refuses a closing bracket, which JSON does not allow there.
    mutating func refuseTrailingComma(before closing: UInt8, comma: SourcePosition) throws(DocumentError) {
        skipWhitespace()
        if current == closing {
            throw DocumentError(
                .syntax, at: comma,
                "a trailing comma before '\(Character(Unicode.Scalar(closing)))' is not allowed in JSON; remove it")
        }
    }

    mutating func object(depth: Int) throws(DocumentError) -> DocumentNode {
        let start = position
        index += 1
        var members: [DocumentNode.Member] = []
        // Small objects (a batch line's fields) are checked for repeated keys by a scan of the
        // members, cheaper than hashing; large ones keep a set.
        var seen: Set<String>?
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
            let repeated: Bool
            if let set = seen {
                repeated = set.contains(key)
                seen?.insert(key)
            } else {
                repeated = members.contains { $0.key == key }
                if members.count >= 16 { seen = Set(members.map(\.key) + [key]) }
            }
            if repeated {
                throw DocumentError(.syntax, at: keyPosition, "the key \"\(key)\" appears twice in this object")
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
            case UInt8(ascii: ","):
                let comma = position
                index += 1
                try refuseTrailingComma(before: UInt8(ascii: "}"), comma: comma)
            case UInt8(ascii: "}"):
                index += 1
                return DocumentNode(value: .object(members), position: start)
            default: throw error("expected ',' or '}' after a member, found \(describeCurrent())")
            }
        }
    }

    mutating func array(depth: Int) throws(DocumentError) -> DocumentNode {
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
            case UInt8(ascii: ","):
                let comma = position
                index += 1
                try refuseTrailingComma(before: UInt8(ascii: "]"), comma: comma)
            case UInt8(ascii: "]"):
                index += 1
                return DocumentNode(value: .array(elements), position: start)
            default: throw error("expected ',' or ']' after an element, found \(describeCurrent())")
            }
        }
    }

    /// A string, from its opening quote.
    mutating func string() throws(DocumentError) -> String {
        index += 1
        let start = index
        // The common case: no escapes, so the text is the bytes between the quotes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacter(byte) }
            index += 1
        }
        var text = Array(bytes[start..<index])
        while true {
            guard let byte = current else { throw error("the string is not closed before the end of the document") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &text)
            case 0..<0x20: throw controlCharacter(byte)
            default:
                text.append(byte)
                index += 1
            }
        }
    }

    mutating func controlCharacter(_ byte: UInt8) -> DocumentError {
        if byte == 0x0A || byte == 0x0D {
            return error("the string is not closed before the end of the line (write a line break as \\n)")
        }
        return error("a control character (U+\(hex(UInt32(byte)))) inside a string must be escaped")
    }

    func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// One escape, after its backslash, appended to `text` as UTF-8.
    mutating func escape(into text: inout [UInt8]) throws(DocumentError) {
        guard let byte = current else { throw error("the string is not closed before the end of the document") }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            index -= 1
            let escapeStart = position
            index += 2
            let first = try hex4()
            let scalar: Unicode.Scalar
            if (0xD800..<0xDC00).contains(first) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw DocumentError(
                        .syntax, at: escapeStart,
                        "invalid Unicode escape \\u\(hex(first)): a high surrogate must be followed by a low surrogate (\\uDC00 to \\uDFFF)"
                    )
                }
                index += 2
                let second = try hex4()
                guard (0xDC00..<0xE000).contains(second),
                    let joined = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                else {
                    throw DocumentError(
                        .syntax, at: escapeStart,
                        "invalid Unicode escape \\u\(hex(first))\\u\(hex(second)): a high surrogate must be followed by a low surrogate (\\uDC00 to \\uDFFF)"
                    )
                }
                scalar = joined
            } else if let single = Unicode.Scalar(first) {
                scalar = single
            } else {
                throw DocumentError(
                    .syntax, at: escapeStart,
                    "invalid Unicode escape \\u\(hex(first)): a low surrogate must follow a high surrogate")
            }
            text.append(contentsOf: String(scalar).utf8)
            return
        default:
            let found = describeCurrentEscape()
            throw error(
                "unknown escape \\\(found); allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
        index += 1
    }

    /// The character after a backslash, for an error message (it is the current byte).
    func describeCurrentEscape() -> String {
        var end = index + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    mutating func hex4() throws(DocumentError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt32
            switch current {
            case let byte? where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"):
                digit = UInt32(byte - UInt8(ascii: "0"))
            case let byte? where byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"):
                digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case let byte? where byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"):
                digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid Unicode escape: \\u needs four hexadecimal digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, read as the nearest double.
    mutating func number() throws(DocumentError) -> DocumentNode {
        let start = position
        let startIndex = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            return index - first
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
            if let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                throw error("a number cannot start with 0 followed by more digits")
            }
        } else if digits() == 0 {
            throw error("expected digits in a number, found \(describeCurrent())")
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
            throw DocumentError(
                .syntax, at: start,
                "the number \(text) is out of range: numbers must be finite (magnitude below 1.8e308)")
        }
        return DocumentNode(value: .number(value), position: start)
    }
}
