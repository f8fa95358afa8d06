import Foundation
import XCTest

/// Batch lines are read by the product's one JSON reader: strict RFC 8259, each refusal with
/// its column and a specific reason.
extension MeasureBatchTests {
    func testLinesAreStrictJSONWithSpecificErrors() throws {
        let deep = String(repeating: "[", count: 255) + String(repeating: "]", count: 255)
        let lines = [
            #"{"text":"a","id":[1,{"b":2,"a":"x\n\u00e9\ud83d\ude00\/"}]}"#,  // 1: escapes, members as written
            "\u{FEFF}" + #"{"text":"a","id":-0.0}"#,  // 2: a byte order mark; -0 is 0
            #"{"text":"a","id":-0e1}"#,  // 3
            #"{"text":"a","id":1.5E2}"#,  // 4
            #"{"text":"a","id":1e-400}"#,  // 5: rounds to zero, a finite double
            #"{"text":"a","id":\#(deep)}"#,  // 6: 256 levels with the line's object
            #"{"text":"a","id":[\#(deep)]}"#,  // 7: 257 levels
            #"{"text":"a","id":1,"id":2}"#,  // 8: a repeated key
            #"{"text":"a","id":1e400}"#,  // 9: out of range
            #"{"text":"\ud83d"}"#,  // 10: a lone high surrogate
            #"{"text":"\udc00x"}"#,  // 11: a lone low surrogate
            #"{"text":"a","id":[1,],}"#,  // 12: trailing commas
            #"{"text":"a",}"#,  // 13
            #"{"text":"\x"}"#,  // 14
            "{\"text\":\"a\u{1}\"}",  // 15: a control character
            #"{"text":"a","id":01}"#,  // 16
            #"{"text":"a"} x"#,  // 17
        ]
        let (output, objects) = try batch(lines)
        XCTAssertEqual(output.status, 65, output.summary)
        XCTAssertEqual(objects.count, lines.count, output.text)
        guard objects.count == lines.count else { return }
        let first = try XCTUnwrap(objects[0]["id"] as? [Any], "\(objects[0])")
        XCTAssertEqual(first.first as? Int, 1)
        let member = try XCTUnwrap(first.last as? [String: Any])
        XCTAssertEqual(member["a"] as? String, "x\né😀/")
        XCTAssertEqual(member["b"] as? Int, 2)
        XCTAssertTrue(output.lines[0].contains(#"{"b":2,"a":"#), "an echoed id keeps its order: \(output.lines[0])")
        XCTAssertEqual(objects[1]["id"] as? Int, 0)
        XCTAssertEqual(objects[2]["id"] as? Int, 0)
        XCTAssertEqual(objects[3]["id"] as? Int, 150)
        XCTAssertEqual(objects[4]["id"] as? Int, 0)
        XCTAssertNotNil(objects[5]["width"], "256 levels are read")
        let expected: [(Int, [String])] = [
            (7, ["column 273", "nesting is deeper than 256 levels"]),
            (8, ["column 20", #"the key "id" appears twice"#]),
            (9, ["column 18", "the number 1e400 is out of range"]),
            (10, ["column 10", #"invalid Unicode escape \uD83D"#, "high surrogate"]),
            (11, ["column 10", #"invalid Unicode escape \uDC00"#, "low surrogate"]),
            (12, ["column 20", "a trailing comma before ']' is not allowed"]),
            (13, ["column 12", "a trailing comma before '}' is not allowed"]),
            (14, ["column 11", #"unknown escape \x"#]),
            (15, ["column 11", "control character (U+0001)"]),
            (16, ["column 19", "0 followed by more digits"]),
            (17, ["column 14", "unexpected 'x' after the end"]),
        ]
        for (line, words) in expected {
            assertError(objects[line - 1], line: line, kind: "invalidJSON", mentioning: words)
        }
        XCTAssertEqual(objects[7]["id"] as? Int, nil, "a line with a repeated key echoes no id")
    }
}
