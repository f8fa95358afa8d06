import Foundation
import XCTest

/// `measure --batch FILE` and `--batch -`: one JSON result per input line, in order; a bad line
/// gets an error object and the run goes on; exit 65 when any line failed.
final class MeasureBatchTests: XCTestCase {
    /// Runs a batch from stdin and decodes every output line.
    func batch(_ input: Data) throws -> (MeasureProcess.Output, [[String: Any]]) {
        let output = try MeasureProcess.run(["--batch", "-"], stdin: input)
        XCTAssertTrue(output.exitedCleanly, output.summary)
        let objects = try output.lines.map { try MeasureProcess.object($0) }
        return (output, objects)
    }

    func batch(_ lines: [String]) throws -> (MeasureProcess.Output, [[String: Any]]) {
        try batch(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// The error object of a failed line: {"line":N,"error":{"kind":…,"message":…}}.
    func assertError(
        _ object: [String: Any], line: Int, kind: String, mentioning words: [String] = [],
        file: StaticString = #filePath,
        sourceLine: UInt = #line
    ) {
        XCTAssertEqual(object["line"] as? Int, line, "\(object)", file: file, line: sourceLine)
        guard let error = object["error"] as? [String: Any] else {
            XCTFail("no error object in \(object)", file: file, line: sourceLine)
            return
        }
        XCTAssertEqual(error["kind"] as? String, kind, "\(object)", file: file, line: sourceLine)
        let message = error["message"] as? String ?? ""
        XCTAssertFalse(message.isEmpty, "a message: \(object)", file: file, line: sourceLine)
        for word in words {
            XCTAssertTrue(message.contains(word), "'\(message)' mentions '\(word)'", file: file, line: sourceLine)
        }
        XCTAssertNil(object["width"], "an error has no size", file: file, line: sourceLine)
    }

    func testFileAndStdinGiveOneResultPerLineInOrderWithIDs() throws {
        let lines = [
            #"{"id":"first","text":"Hello"}"#,
            #"{"id":2,"text":"The quick brown fox jumps over the lazy dog","width":100}"#,
            #"{"id":{"nested":[1,2]},"text":"Continue","control":"button","contentInsets":[10,20,10,20]}"#,
            #"{"text":"No id","size":20,"scale":3,"weight":"bold","italic":true}"#,
        ]
        let directory = try MeasureProcess.temporaryDirectory(self)
        let file = directory.appendingPathComponent("requests.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let fromFile = try MeasureProcess.run(["--batch", file.path])
        XCTAssertEqual(fromFile.status, 0, fromFile.summary)
        let (fromStdin, objects) = try batch(lines)
        XCTAssertEqual(fromStdin.status, 0, fromStdin.summary)
        XCTAssertEqual(fromFile.text, fromStdin.text, "a file and stdin give the same output")
        XCTAssertEqual(objects.count, 4, fromStdin.text)
        guard objects.count == 4 else { return }
        XCTAssertEqual(objects[0]["id"] as? String, "first")
        XCTAssertEqual(objects[1]["id"] as? Int, 2)
        XCTAssertEqual((objects[2]["id"] as? [String: Any])?["nested"] as? [Int], [1, 2], "any JSON id is echoed")
        XCTAssertNil(objects[3]["id"], "no id, none echoed")
        XCTAssertEqual(objects[1].number("lineCount"), 4, "the second request wraps: \(objects[1])")
        XCTAssertEqual(objects[2]["control"] as? String, "button")
        XCTAssertEqual(objects[3].number("scale"), 3)
        XCTAssertEqual(
            objects[3].strings("fonts").first.map { URL(fileURLWithPath: $0).lastPathComponent }, "Inter-BoldItalic.otf"
        )

        // Each batch result equals the single measurement with the same options.
        let single = try MeasureProcess.json(["The quick brown fox jumps over the lazy dog", "--width", "100"])
        var second = objects[1]
        second["id"] = nil
        XCTAssertEqual(NSDictionary(dictionary: second), NSDictionary(dictionary: single))
        let button = try MeasureProcess.json(["Continue", "--control", "button", "--content-insets", "10,20,10,20"])
        var third = objects[2]
        third["id"] = nil
        XCTAssertEqual(NSDictionary(dictionary: third), NSDictionary(dictionary: button))
    }

    func testBadLinesGetErrorObjectsAndTheRunGoesOn() throws {
        let lines = [
            #"{"id":"a","text":"Good"}"#,  // 1
            #"not json at all"#,  // 2
            #"{"text":"Hi","colour":"red"}"#,  // 3 unknown field
            #"{"text":"Hi","width":"wide"}"#,  // 4 wrong type
            #"{"text":"Hi","width":-5}"#,  // 5 invalid width
            #"{"text":"Hi","width":0}"#,  // 6 invalid width
            #"{"id":"f","text":"Hi","font":"Comic Nope"}"#,  // 7 unknown font
            #"{"id":"b","text":"Still good","width":343}"#,  // 8
            #"[1,2,3]"#,  // 9 not an object
            #"{"width":100}"#,  // 10 no text
            #"{"text":"Hi","scale":1.5}"#,  // 11 bad scale
            #"{"text":"Hi","lines":-1}"#,  // 12 bad lines
            #"{"text":"Hi","padding":"1,2,3"}"#,  // 13 bad padding
            #"{"text":"Hi","control":"slider"}"#,  // 14 bad control
            #"{"text":"Hi","italic":"yes"}"#,  // 15 wrong type
            #"{"id":"c","text":"Last"}"#,  // 16
        ]
        let (output, objects) = try batch(lines)
        XCTAssertEqual(output.status, 65, "any failed line gives 65: \(output.summary)")
        XCTAssertTrue(output.stderr.contains("13 "), "stderr counts the 13 failed lines: \(output.stderr)")
        XCTAssertEqual(objects.count, lines.count, "one output line per input line: \(output.text)")
        guard objects.count == lines.count else { return }
        XCTAssertEqual(objects[0]["id"] as? String, "a")
        XCTAssertNotNil(objects[0]["width"])
        assertError(objects[1], line: 2, kind: "invalidJSON")
        assertError(objects[2], line: 3, kind: "unknownField", mentioning: ["colour", "text"])
        assertError(objects[3], line: 4, kind: "invalidField", mentioning: ["width", "number"])
        assertError(objects[4], line: 5, kind: "invalidWidth", mentioning: ["-5", "greater than 0"])
        assertError(objects[5], line: 6, kind: "invalidWidth", mentioning: ["0", "greater than 0"])
        assertError(objects[6], line: 7, kind: "fontNotFound", mentioning: ["Comic Nope", "Inter"])
        XCTAssertEqual(objects[6]["id"] as? String, "f", "a failed line still echoes its id")
        XCTAssertEqual(objects[7]["id"] as? String, "b")
        XCTAssertNotNil(objects[7]["width"], "the run went on after the errors")
        assertError(objects[8], line: 9, kind: "invalidJSON")
        assertError(objects[9], line: 10, kind: "invalidField", mentioning: ["text"])
        assertError(objects[10], line: 11, kind: "invalidScale", mentioning: ["1.5"])
        assertError(objects[11], line: 12, kind: "invalidLines", mentioning: ["-1"])
        assertError(objects[12], line: 13, kind: "invalidField", mentioning: ["padding"])
        assertError(objects[13], line: 14, kind: "invalidField", mentioning: ["control"])
        assertError(objects[14], line: 15, kind: "invalidField", mentioning: ["italic"])
        XCTAssertEqual(objects[15]["id"] as? String, "c")
        XCTAssertNotNil(objects[15]["height"])
    }

    func testInvalidUTF8FailsOnlyItsLine() throws {
        var input = Data(#"{"id":1,"text":"Before"}"#.utf8) + Data([0x0A])
        input += Data(#"{"id":2,"text":"bad "#.utf8) + Data([0xFF, 0xFE, 0xC3]) + Data(#"x"}"#.utf8) + Data([0x0A])
        input += Data(#"{"id":3,"text":"overlong "#.utf8) + Data([0xC0, 0xAF]) + Data(#""}"#.utf8) + Data([0x0A])
        input += Data(#"{"id":4,"text":"After ✓ é 😀"}"#.utf8) + Data([0x0A])
        let (output, objects) = try batch(input)
        XCTAssertEqual(output.status, 65, output.summary)
        XCTAssertEqual(objects.count, 4, output.text)
        guard objects.count == 4 else { return }
        XCTAssertEqual(objects[0]["id"] as? Int, 1)
        XCTAssertNotNil(objects[0]["width"])
        assertError(objects[1], line: 2, kind: "invalidUTF8", mentioning: ["UTF-8"])
        assertError(objects[2], line: 3, kind: "invalidUTF8", mentioning: ["UTF-8"])
        XCTAssertEqual(objects[3]["id"] as? Int, 4)
        XCTAssertEqual(objects[3].number("lineCount"), 1)
        XCTAssertGreaterThan(objects[3].number("width"), 0)
    }

    func testBlankLinesAreSkippedButCountedInLineNumbers() throws {
        let input =
            "\n" + #"{"text":"One"}"# + "\n   \n\t\n" + #"{"text":"Two","width":-1}"# + "\r\n\n" + #"{"text":"Three"}"#
        let (output, objects) = try batch(Data(input.utf8))
        XCTAssertEqual(objects.count, 3, "blank lines give no output: \(output.text)")
        guard objects.count == 3 else { return }
        XCTAssertNotNil(objects[0]["width"])
        assertError(objects[1], line: 5, kind: "invalidWidth")
        XCTAssertNotNil(objects[2]["width"], "a last line without a newline is still read")
        XCTAssertEqual(output.status, 65)
    }

    func testAllGoodLinesExitZeroAndEmptyInputPrintsNothing() throws {
        let (output, objects) = try batch([#"{"text":"A"}"#, #"{"text":"B","lines":1,"width":5}"#])
        XCTAssertEqual(output.status, 0, output.summary)
        XCTAssertEqual(objects.count, 2)
        // Only the one note that the system font is a stand-in (SF Pro is not installed here).
        XCTAssertEqual(output.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count, 1, output.stderr)
        XCTAssertTrue(output.stderr.contains("SF Pro was not found"), output.stderr)
        XCTAssertEqual(objects.first?["systemFontStandIn"] as? String, "Inter")

        let (empty, none) = try batch(Data())
        XCTAssertEqual(empty.status, 0, empty.summary)
        XCTAssertTrue(none.isEmpty, empty.text)
    }

    func testHugeValuesInABatchAreErrorsNotCrashes() throws {
        let lines = [
            #"{"text":"Hi","size":1e300}"#,
            #"{"text":"Hi","padding":[1e308,0,0,0]}"#,
            #"{"text":"Hi","width":10,"lineSpacing":1e308}"#,
            #"{"text":"Hi","lineHeightMultiple":1e308}"#,
            #"{"text":"Hi","lines":1e300}"#,
            #"{"text":"Hi","weight":1e300}"#,
            #"{"text":"Fine"}"#,
        ]
        let (output, objects) = try batch(lines)
        XCTAssertEqual(output.status, 65, output.summary)
        XCTAssertEqual(objects.count, lines.count, output.text)
        for (index, object) in objects.enumerated().dropLast() {
            XCTAssertEqual(object["line"] as? Int, index + 1, "\(lines[index]) fails: \(object)")
            XCTAssertNotNil(object["error"], "\(lines[index]) fails: \(object)")
        }
        XCTAssertNotNil(objects.last?["width"])
    }

    func testMissingBatchFileIsAClearError() throws {
        let path = "/nonexistent/requests-\(UUID().uuidString).jsonl"
        let output = try MeasureProcess.run(["--batch", path])
        XCTAssertNotEqual(output.status, 0)
        XCTAssertTrue(output.exitedCleanly, output.summary)
        XCTAssertTrue(output.stderr.contains(path), output.stderr)
        XCTAssertTrue(output.text.isEmpty)
    }
}
