import Foundation
import XCTest

/// Determinism of the CLI: the same input gives byte-identical output across runs
/// and thread counts.
final class MeasureDeterminismTests: XCTestCase {
    /// Requests in many scripts and fonts, with fallback, truncation, controls and bad lines.
    static let input: Data = {
        let texts = [
            "Sign up to get started", "مرحبا بالعالم، هذا نص عربي", "שלום עולם hello", "ภาษาไทยไม่มีช่องว่าง",
            "日本語のテキスト、改行テスト", "한국어 텍스트 줄 바꿈", "नमस्ते दुनिया", "Emoji 👨‍👩‍👧‍👦 🇫🇷 ok",
            "a\\u0301\\u200d\\u202e bidi \\u202c", "Line one\\nLine two",
        ]
        let fonts = ["Inter", "DejaVu Sans", "Noto Sans Arabic", "Droid Sans Fallback"]
        var lines: [String] = []
        for index in 0..<600 {
            if index % 53 == 7 {
                lines.append(#"{"id":\#(index),"text":"x","lines":-2}"#)
                continue
            }
            let text = texts[index % texts.count]
            let font = fonts[(index / texts.count) % fonts.count]
            let width = 40 + (index * 29) % 320
            let control = ["label", "button", "textview"][index % 3]
            lines.append(
                #"{"id":\#(index),"text":"\#(text) \#(index)","font":"\#(font)","width":\#(width),"lines":\#(index % 3),"control":"\#(control)","scale":\#(1 + index % 3)}"#
            )
        }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }()

    func testBatchOutputIsByteIdenticalAcrossRunsAndJobCounts() throws {
        var outputs: [(String, Data)] = []
        for jobs in ["1", "2", "8", "1", "8"] {
            let output = try MeasureProcess.run(["--batch", "-", "--jobs", jobs], stdin: Self.input)
            XCTAssertTrue(output.exitedCleanly, output.summary)
            XCTAssertEqual(output.status, 65, "some lines are bad")
            outputs.append(("--jobs \(jobs)", output.stdout))
        }
        let reference = outputs[0].1
        XCTAssertEqual(String(decoding: reference, as: UTF8.self).split(separator: "\n").count, 600)
        for (name, bytes) in outputs.dropFirst() {
            XCTAssertTrue(bytes == reference, "\(name) printed different bytes from --jobs 1")
        }
    }

    func testSingleMeasurementJSONIsByteIdenticalAcrossRuns() throws {
        let arguments = ["مرحبا Hello 日本 👍🏽", "--width", "120", "--lines", "2", "--json", "--control", "label"]
        let first = try MeasureProcess.run(arguments)
        XCTAssertEqual(first.status, 0, first.summary)
        for _ in 0..<3 {
            let again = try MeasureProcess.run(arguments)
            XCTAssertTrue(again.stdout == first.stdout, "a second run printed different bytes")
        }
    }
}
