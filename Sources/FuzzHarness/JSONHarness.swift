import Foundation
import LayoutFiles
import MeasureCommands
import Typesetting

/// Fuzz target 3: JSON through solving. An input starting with `L` is a layout file in JSON
/// (`Y`: in YAML) after that letter, read, built into views and constraints and laid out;
/// any other input is `measure --batch` lines, answered by the CLI's own batch code (parse,
/// validate, measure, serialise).
///
/// Invariants: a layout file either fails with a `LayoutFileError` or lays out to finite
/// frames. Every batch line gets exactly one answer, which is one valid JSON object; a
/// successful answer has a finite, non-negative size and at least one line for non-empty
/// text; answering the lines as one window gives the same bytes as answering each alone.
package enum JSONHarness {
    /// Runs one input; traps on a broken invariant.
    package static func run(_ bytes: [UInt8]) {
        switch bytes.first {
        case UInt8(ascii: "L"): layOut(Array(bytes.dropFirst()), format: .json)
        case UInt8(ascii: "Y"): layOut(Array(bytes.dropFirst()), format: .yaml)
        default: answer(bytes)
        }
    }

    /// Reads, builds and lays out a layout file.
    static func layOut(_ bytes: [UInt8], format: LayoutFile.Format) {
        let screen: LayoutScreen
        do {
            screen = try LayoutFile(bytes: bytes, format: format).makeScreen()
        } catch {
            require(!error.description.isEmpty, "a layout file error without a message")
            return
        }
        let report = screen.layOut()
        for view in report.views {
            for (name, rect) in [("frame", view.frame), ("window frame", view.windowFrame)] {
                let values = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].map { Double($0) }
                require(values.allSatisfy(\.isFinite), "\(view.name)'s \(name) is \(rect)")
            }
        }
    }

    /// Answers batch lines.
    static func answer(_ bytes: [UInt8]) {
        var lines: [(number: Int, bytes: [UInt8])] = []
        var current: [UInt8] = []
        for byte in bytes {
            if byte == 0x0A {
                lines.append((lines.count + 1, current))
                current = []
            } else {
                current.append(byte)
            }
        }
        lines.append((lines.count + 1, current))
        // A few lines are plenty; more only slows the fuzzer down.
        lines = Array(lines.prefix(8))

        let registry = FontRegistry.shared
        let window = BatchAnswers.answer(lines, registry: registry)
        require(window.count == lines.count, "\(lines.count) lines gave \(window.count) answers")
        for (line, answer) in zip(lines, window) {
            let alone = BatchAnswers.answer(line.bytes, line.number, registry)
            require(
                alone.json == answer.json,
                "line \(line.number) answered \(alone.json) alone, \(answer.json) in a window")
            check(answer.json, failed: answer.failed, line: line.bytes)
        }
    }

    static func check(_ json: String, failed: Bool, line: [UInt8]) {
        require(!json.contains("\n"), "an answer spans lines: \(json)")
        guard let answer = BatchAnswers.summary(ofAnswer: Array(json.utf8)) else {
            fatalError("the answer \(json) to \(line) is not one JSON object")
        }
        if failed {
            require(answer.keys.contains("error"), "a failed line has no error: \(json)")
            return
        }
        for field in ["width", "height"] {
            guard let value = answer.numbers[field] else { fatalError("no \(field) in \(json)") }
            require(value.isFinite && value >= 0, "\(field) \(value) in \(json)")
        }
        guard let count = answer.numbers["lineCount"] else { fatalError("no lineCount in \(json)") }
        if let text = BatchAnswers.requestedText(line), !text.isEmpty {
            require(count >= 1, "no lines for non-empty text in \(json)")
        }
    }
}
