import Controls
import Documents
import Foundation
import Typesetting

/// The JSON-lines batch mode: one request per line in, one result (or error) per line out,
/// in input order. A bad line gets an error object and the run goes on.
///
/// Input is read and answered in windows of lines: each window is measured on every core
/// (workers take the next line from a shared counter), then written in input order before
/// the next window is read, so memory stays bounded however long the input is.
enum Batch {
    /// Lines measured together; the window also ends after `windowBytes` of input.
    static let windowLines = 2048
    static let windowBytes = 4 << 20

    /// Reads JSON lines from `descriptor` until its end and writes one result per line with
    /// `write` (a window's results at a time, each line ending in "\n"), on `jobs` threads.
    /// `progress` is told how far the run has got. Returns how many lines failed.
    static func stream(
        from descriptor: Int32, registry: FontRegistry, jobs: Int, progress: ProgressBar?, write: (String) -> Void
    ) throws(RequestError) -> Int {
        var reader = LineReader(descriptor: descriptor)
        var failures = 0
        var lineNumber = 0
        while true {
            var window: [(number: Int, bytes: [UInt8])] = []
            var bytes = 0
            while window.count < windowLines && bytes < windowBytes, let line = try reader.next() {
                lineNumber += 1
                bytes += line.count + 1
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                window.append((lineNumber, line))
            }
            if window.isEmpty && reader.atEnd { break }
            let results = answer(window, registry: registry, jobs: jobs)
            var text = ""
            for result in results {
                if result.failed { failures += 1 }
                text += result.json
                text += "\n"
            }
            if !text.isEmpty { write(text) }
            progress?.update(lines: lineNumber, bytes: reader.bytesRead)
        }
        progress?.finish()
        return failures
    }

    /// The results of `window`, in its order, measured on up to `jobs` threads.
    static func answer(_ window: [(number: Int, bytes: [UInt8])], registry: FontRegistry, jobs: Int) -> [(
        json: String, failed: Bool
    )] {
        let slots = Slots(count: window.count)
        let workers = max(1, min(jobs, window.count))
        if workers == 1 {
            for index in window.indices {
                slots.set(index, answer(window[index].bytes, window[index].number, registry))
            }
        } else {
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while let index = slots.claim() {
                    slots.set(index, answer(window[index].bytes, window[index].number, registry))
                }
            }
        }
        return slots.results
    }

    /// One line's result: the measurement's JSON, or an error object.
    static func answer(_ bytes: [UInt8], _ lineNumber: Int, _ registry: FontRegistry) -> (json: String, failed: Bool) {
        switch parse(bytes, line: lineNumber) {
        case .failure(let error):
            return (errorObject(error, line: lineNumber, id: echoedID(bytes)), true)
        case .success(let request):
            do {
                return (try request.run(registry: registry).json.serialized(), false)
            } catch {
                return (errorObject(error, line: lineNumber, id: request.id), true)
            }
        }
    }

    /// The `id` of a line that failed validation, when the line is still a JSON object, so
    /// callers can match every error to its request.
    static func echoedID(_ bytes: [UInt8]) -> JSONValue? {
        guard let node = try? DocumentNode.parseJSON(bytes), let id = node["id"] else { return nil }
        return JSONValue(id)
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

    /// Decodes one line: strict UTF-8, one JSON object (RFC 8259, read by the shared reader:
    /// no trailing commas, no repeated keys, numbers within a double's range), known fields
    /// of the right types. A blank line never gets here: it is skipped without an answer.
    static func parse(_ bytes: [UInt8], line: Int) -> Result<MeasureRequest, RequestError> {
        let node: DocumentNode
        do {
            node = try DocumentNode.parseJSON(bytes)
        } catch {
            return .failure(lineError(error, line: line))
        }
        guard case .object(let members) = node.value else {
            return .failure(
                RequestError(
                    kind: "invalidJSON", "line \(line): expected a JSON object, such as {\"text\":\"Hello\"}",
                    exitCode: 65))
        }
        var fields: [String: DocumentNode] = [:]
        for member in members { fields[member.key] = member.value }
        do {
            return .success(try request(from: fields, line: line))
        } catch {
            return .failure(error)
        }
    }

    /// A line the JSON reader refused: where on the line (the column, in characters) and why.
    static func lineError(_ error: DocumentError, line: Int) -> RequestError {
        let column = error.position.map { ", column \($0.column)" } ?? ""
        switch error.kind {
        case .encoding:
            return RequestError(
                kind: "invalidUTF8",
                "line \(line)\(column): invalid UTF-8; batch input must be UTF-8 JSON lines", exitCode: 65)
        case .syntax, .limit:
            return RequestError(
                kind: "invalidJSON",
                "line \(line)\(column): not valid JSON: \(error.message); each line must be one JSON object such as {\"text\":\"Hello\",\"width\":343}",
                exitCode: 65)
        }
    }

    static let knownFields = Set<String>([
        "id", "text", "font", "size", "weight", "italic", "width", "lines", "scale", "padding", "control",
        "contentInsets", "content-insets", "lineBreakMode", "line-break-mode", "letterSpacing", "letter-spacing",
        "lineSpacing", "line-spacing", "lineHeightMultiple", "line-height-multiple", "scrollEnabled", "scroll-enabled",
        "textStyle", "text-style", "category", "language",
    ])

    static func request(from fields: [String: DocumentNode], line: Int) throws(RequestError) -> MeasureRequest {
        func fail(_ field: String, _ expected: String) -> RequestError {
            RequestError(kind: "invalidField", "line \(line): field '\(field)' must be \(expected)")
        }
        if fields.keys.contains(where: { !knownFields.contains($0) }),
            let unknown = fields.keys.sorted().first(where: { !knownFields.contains($0) })
        {
            let known = knownFields.filter { !$0.contains("-") }.sorted().joined(separator: ", ")
            throw RequestError(kind: "unknownField", "line \(line): unknown field '\(unknown)'; known fields: \(known)")
        }
        func raw(_ names: [String]) -> (String, DocumentNode)? {
            for name in names { if let value = fields[name], !value.isNull { return (name, value) } }
            return nil
        }
        func typed<T>(_ names: [String], _ expected: String, _ read: (DocumentNode) -> T?) throws(RequestError) -> T? {
            guard let (name, value) = raw(names) else { return nil }
            guard let typed = read(value) else { throw fail(name, expected) }
            return typed
        }
        func number(_ names: String...) throws(RequestError) -> Double? { try typed(names, "a number", \.numberValue) }
        func string(_ names: String...) throws(RequestError) -> String? { try typed(names, "a string", \.stringValue) }
        func bool(_ names: String...) throws(RequestError) -> Bool? { try typed(names, "true or false", \.boolValue) }
        func insets(_ names: String...) throws(RequestError) -> UIEdgeInsets? {
            guard let (name, value) = raw(names) else { return nil }
            switch value.value {
            case .string(let text):
                do { return try UIEdgeInsets(parsing: text) } catch { throw fail(name, "four numbers \"t,l,b,r\"") }
            case .array(let items):
                let numbers = items.compactMap(\.numberValue)
                guard numbers.count == 4, items.count == 4 else {
                    throw fail(name, "[top, left, bottom, right] or \"t,l,b,r\"")
                }
                return UIEdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
            default:
                throw fail(name, "[top, left, bottom, right] or \"t,l,b,r\"")
            }
        }

        var request = MeasureRequest()
        request.id = fields["id"].map(JSONValue.init)
        guard let text = try string("text") else { throw fail("text", "present: the string to measure") }
        request.text = text
        if let font = try string("font") { request.font = font }
        request.size = try number("size")
        if let (_, weight) = raw(["weight"]) {
            switch weight.value {
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
            guard let parsed = LineBreakMode(parsing: mode) else {
                throw fail("lineBreakMode", "one of " + LineBreakMode.allowedNames)
            }
            request.lineBreakMode = parsed
        }
        if let spacing = try number("letterSpacing", "letter-spacing") { request.letterSpacing = spacing }
        if let spacing = try number("lineSpacing", "line-spacing") { request.lineSpacing = spacing }
        if let multiple = try number("lineHeightMultiple", "line-height-multiple") {
            request.lineHeightMultiple = multiple
        }
        if let scroll = try bool("scrollEnabled", "scroll-enabled") { request.scrollEnabled = scroll }
        if let style = try string("textStyle", "text-style") { request.textStyle = try TextStyle(validating: style) }
        if let name = try string("category") { request.category = try ContentSizeCategory(validating: name) }
        request.language = try string("language")
        return request
    }
}

/// The results of one window, written by the worker threads: each index is claimed by one
/// worker (under the lock) and written by it alone.
final class Slots: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var values: [(json: String, failed: Bool)]

    init(count: Int) { values = Array(repeating: ("", false), count: count) }

    /// The next index to answer, or nil when every index is taken.
    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < values.count else { return nil }
        next += 1
        return next - 1
    }

    func set(_ index: Int, _ value: (json: String, failed: Bool)) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    var results: [(json: String, failed: Bool)] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}

/// Reads lines (without their "\n" or "\r\n") from a file descriptor, a block at a time.
struct LineReader {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private var position = 0
    private(set) var atEnd = false
    /// Bytes read from the descriptor so far.
    private(set) var bytesRead = 0

    /// Where the search for the next newline resumes: the bytes from `position` to here have
    /// none. Searching a long line again from its start after every read would take time
    /// quadratic in its length (BatchLimitTests.testLongLineIsReadWhole).
    private var scanned = 0
    /// Lines returned so far.
    private(set) var lineCount = 0
    /// The longest line accepted by default: 64 MiB, room for a 10 MB text even escaped as \uXXXX.
    static let defaultMaximumLineBytes = 64 << 20
    /// The longest line accepted.
    let maximumLineBytes: Int

    init(descriptor: Int32, maximumLineBytes: Int = LineReader.defaultMaximumLineBytes) {
        self.descriptor = descriptor
        self.maximumLineBytes = maximumLineBytes
    }

    /// The next line, or nil at the end of the input.
    ///
    /// - Throws: `lineTooLong` for a line over `maximumLineBytes`; `batchReadFailed`.
    mutating func next() throws(RequestError) -> [UInt8]? {
        while true {
            if let newline = buffer[max(position, scanned)...].firstIndex(of: 0x0A) {
                return take(upTo: newline, skipping: 1)
            }
            scanned = buffer.count
            if buffer.count - position > maximumLineBytes {
                throw RequestError(
                    kind: "lineTooLong",
                    "line \(lineCount + 1): longer than \(PixelGrid.format(Double(maximumLineBytes) / 1_048_576)) MiB; "
                        + "each batch line must be one JSON object of at most \(maximumLineBytes) bytes",
                    exitCode: 65)
            }
            if atEnd {
                guard position < buffer.count else { return nil }
                return take(upTo: buffer.count, skipping: 0)
            }
            try fill()
        }
    }

    /// The line from `position` to `end` (without a final CR); the next starts `skipping` bytes later.
    private mutating func take(upTo end: Int, skipping: Int) -> [UInt8] {
        var line = Array(buffer[position..<end])
        position = end + skipping
        scanned = position
        lineCount += 1
        if line.last == 0x0D { line.removeLast() }
        return line
    }

    private mutating func fill() throws(RequestError) {
        if position > 0 {
            buffer.removeFirst(position)
            scanned -= position
            position = 0
        }
        let block = 1 << 16
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: block))
        var count = 0
        repeat {
            count = buffer.withUnsafeMutableBufferPointer { storage in
                guard let base = storage.baseAddress else { return 0 }
                return read(descriptor, base + old, block)
            }
        } while count < 0 && errno == EINTR
        guard count >= 0 else {
            buffer.removeLast(block)
            throw RequestError(
                kind: "batchReadFailed", "cannot read the batch input: \(String(cString: strerror(errno)))",
                exitCode: 66)
        }
        buffer.removeLast(block - count)
        bytesRead += count
        if count == 0 { atEnd = true }
    }
}

extension UIEdgeInsets {
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
