import Documents
import Typesetting

/// The batch reader's answers, for the fuzz harness and tools inside the package: the same
/// code `measure --batch` runs, without reading a file descriptor.
package enum BatchAnswers {
    /// The answers to a window of lines, in its order, on `jobs` threads.
    package static func answer(
        _ window: [(number: Int, bytes: [UInt8])], registry: FontRegistry, jobs: Int = 1
    ) -> [(json: String, failed: Bool)] {
        Batch.answer(window, registry: registry, jobs: jobs)
    }

    /// The answer to one line (numbered from 1).
    package static func answer(_ bytes: [UInt8], _ lineNumber: Int, _ registry: FontRegistry) -> (
        json: String, failed: Bool
    ) {
        Batch.answer(bytes, lineNumber, registry)
    }

    /// The text a line asks to measure, when the line is a valid request.
    package static func requestedText(_ bytes: [UInt8]) -> String? {
        guard case .success(let request) = Batch.parse(bytes, line: 1) else { return nil }
        return request.text
    }

    /// What an answer holds, read back with the shared JSON reader: the top-level
    /// keys, its top-level numbers, and the text of each entry of `lines`. Nil when the answer
    /// is not one JSON object.
    package static func summary(ofAnswer bytes: [UInt8]) -> (
        keys: [String], numbers: [String: Double], lines: [String]
    )? {
        guard let node = try? DocumentNode.parseJSON(bytes), case .object(let pairs) = JSONValue(node) else {
            return nil
        }
        var numbers: [String: Double] = [:]
        var lines: [String] = []
        for (key, value) in pairs {
            if let number = value.numberValue { numbers[key] = number }
            if key == "lines", case .array(let items) = value {
                for case .object(let fields) in items {
                    lines.append(fields.first(where: { $0.0 == "text" })?.1.stringValue ?? "")
                }
            }
        }
        return (pairs.map(\.0), numbers, lines)
    }
}
