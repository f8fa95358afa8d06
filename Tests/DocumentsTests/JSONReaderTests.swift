import Documents
import XCTest

/// The one JSON reader: strict RFC 8259 with the line and column of every value and of every
/// refusal.
final class JSONReaderTests: XCTestCase {
    func read(_ text: String) throws(DocumentError) -> DocumentNode { try DocumentNode.parseJSON(Array(text.utf8)) }

    func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> DocumentError? {
        do {
            _ = try read(text)
            XCTFail("\(text) was read", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testValuesKeepTheirPositionsAndOrder() throws {
        let node = try read("{\n  \"b\": [1, true, null],\n  \"a\": \"é\\u00e9\"\n}")
        let members = try XCTUnwrap(node.members)
        XCTAssertEqual(members.map(\.key), ["b", "a"], "members in the order written")
        XCTAssertEqual(members[0].keyPosition, SourcePosition(line: 2, column: 3))
        XCTAssertEqual(members[1].value.position, SourcePosition(line: 3, column: 8))
        XCTAssertEqual(node["a"]?.stringValue, "éé")
        XCTAssertEqual(node["b"]?.arrayValue?.first?.numberValue, 1)
        XCTAssertEqual(node["b"]?.arrayValue?[1].boolValue, true)
        XCTAssertEqual(node["b"]?.arrayValue?[2].isNull, true)
    }

    func testTrailingCommasAreRefusedAtTheComma() {
        let object = refusal("{\"a\": 1,\n}")
        XCTAssertEqual(object?.position, SourcePosition(line: 1, column: 8))
        XCTAssertEqual(object?.message, "a trailing comma before '}' is not allowed in JSON; remove it")
        let array = refusal("[1, 2, ]")
        XCTAssertEqual(array?.position, SourcePosition(line: 1, column: 6))
        XCTAssertEqual(array?.kind, .syntax)
    }

    func testARepeatedKeyIsAnError() {
        let error = refusal("{\"a\": 1,\n \"a\": 2}")
        XCTAssertEqual(error?.position, SourcePosition(line: 2, column: 2))
        XCTAssertEqual(error?.message, "the key \"a\" appears twice in this object")
        // Past the size where the reader switches from a scan to a set.
        let many = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        XCTAssertEqual(refusal("{\(many), \"k7\": 0}")?.message, "the key \"k7\" appears twice in this object")
        XCTAssertNotNil(try? read("{\(many)}"))
    }

    func testNumbersOutOfRangeAndEscapes() {
        XCTAssertEqual(refusal("[1e400]")?.message.hasPrefix("the number 1e400 is out of range"), true)
        XCTAssertEqual(refusal("[-1e400]")?.position, SourcePosition(line: 1, column: 2))
        XCTAssertEqual(try? read("[1e-400]").arrayValue?.first?.numberValue, 0)
        let high = refusal("[\"ab\\ud83d\"]")
        XCTAssertEqual(high?.position, SourcePosition(line: 1, column: 5))
        XCTAssertEqual(high?.message.hasPrefix("invalid Unicode escape \\uD83D"), true, "\(String(describing: high))")
        XCTAssertEqual(refusal("[\"\\udc00\"]")?.message.hasPrefix("invalid Unicode escape \\uDC00"), true)
        XCTAssertEqual(
            refusal("[\"\\ud83d\\u0041\"]")?.message.hasPrefix("invalid Unicode escape \\uD83D\\u0041"), true)
        XCTAssertEqual(refusal("[\"\\u12\"]")?.message.hasPrefix("invalid Unicode escape"), true)
        XCTAssertEqual(try? read("[\"\\ud83d\\ude00\"]").arrayValue?.first?.stringValue, "😀")
    }

    func testTruncatedDocumentsNameTheirEnd() {
        let error = refusal("{\n  \"strings\": {\n    \"a\": {")
        XCTAssertEqual(error?.position, SourcePosition(line: 3, column: 11))
        XCTAssertEqual(error?.message, "expected a key in double quotes, found the end of the document")
        XCTAssertEqual(refusal("[\"open")?.message, "the string is not closed before the end of the document")
    }

    func testLimits() {
        let deep = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        XCTAssertNotNil(try? read(deep))
        let tooDeep = refusal("[" + deep + "]")
        XCTAssertEqual(tooDeep?.kind, .limit)
        XCTAssertEqual(tooDeep?.message, "nesting is deeper than 256 levels")
        XCTAssertEqual(tooDeep?.position, SourcePosition(line: 1, column: 257))

        let big = [UInt8](repeating: 0x20, count: DocumentLimits.maximumBytes + 1)
        XCTAssertThrowsError(try DocumentNode.parseJSON(big)) { error in
            XCTAssertEqual((error as? DocumentError)?.kind, .limit)
        }
    }

    func testInvalidUTF8IsAnEncodingError() {
        XCTAssertThrowsError(try DocumentNode.parseJSON([0x5B, 0x0A, 0x22, 0xC3, 0x28, 0x22, 0x5D])) { error in
            let error = error as? DocumentError
            XCTAssertEqual(error?.kind, .encoding)
            XCTAssertEqual(error?.position, SourcePosition(line: 2, column: 2))
        }
    }
}
