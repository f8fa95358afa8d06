import Documents
import XCTest

/// YAML through Yams, with aliases expanded inside the shared bounds.
final class YAMLReaderTests: XCTestCase {
    func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> DocumentError? {
        do {
            _ = try DocumentNode.parseYAML(text)
            XCTFail("the YAML was read", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// Nine levels of nine aliases each: 9⁹ (387 million) values once expanded, from 11 lines.
    static let aliasBomb = """
        a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
        b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
        c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
        d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
        e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
        f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
        g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
        h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
        i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
        views: *i
        """

    func testAnAliasBombIsRefusedQuickly() {
        let start = Date()
        let error = refusal(Self.aliasBomb)
        XCTAssertEqual(error?.kind, .limit)
        XCTAssertEqual(
            error?.message.contains("YAML aliases are used") == true
                || error?.message.contains("once its aliases are expanded") == true, true,
            "\(String(describing: error))")
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "refused before the expansion")
    }

    func testAliasedTextIsBoundedToo() {
        let long = String(repeating: "x", count: 1 << 20)
        let lines = ["a: &a \"\(long)\""] + (0..<70).map { "k\($0): *a" }
        let error = refusal(lines.joined(separator: "\n"))
        XCTAssertEqual(error?.kind, .limit)
        XCTAssertEqual(error?.message, "the YAML expands to more than 64 MiB of text once its aliases are expanded")
    }

    func testAFewAliasesAreExpanded() throws {
        let node = try DocumentNode.parseYAML("style: &s {size: 17, weight: bold}\nfirst: *s\nsecond: *s\n")
        XCTAssertEqual(node["second"]?["size"]?.numberValue, 17)
        XCTAssertEqual(node["first"]?["weight"]?.stringValue, "bold")
    }

    func testAliasesAsKeysAndComplexKeysAreRefused() {
        XCTAssertEqual(
            refusal("a: &a [1, 2]\n*a : 3\n")?.message, "an alias cannot be a mapping key; write the key out")
        let complex = refusal("a: &a [1, 2]\n? [*a, *a]\n: 3\n")
        XCTAssertEqual(complex?.position, SourcePosition(line: 2, column: 1))
        XCTAssertEqual(complex?.message.hasPrefix("a complex mapping key"), true)
        // Text that only looks like an alias is text.
        XCTAssertEqual(
            try DocumentNode.parseYAML("text: \"*a: b\"\nnote: 'it''s *b: c' # *c: d\n")["text"]?.stringValue, "*a: b")
    }

    func testBlockScalarsAreText() throws {
        let text = "style: &s {size: 17}\nfirst: *s\nnote: |\n  *Important: read this\n  ? really\n\n  [[[\nlast: *s\n"
        let node = try DocumentNode.parseYAML(text)
        XCTAssertEqual(node["note"]?.stringValue, "*Important: read this\n? really\n\n[[[\n")
        XCTAssertEqual(node["last"]?["size"]?.numberValue, 17)
        XCTAssertEqual(
            refusal("style: &s {size: 17}\nnote: >-\n  text\n*s : 1\n")?.message,
            "an alias cannot be a mapping key; write the key out", "the block ends where its indentation does")
    }

    func testDeepFlowNestingIsRefusedBeforeYamsRecurses() {
        let deep = "v: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = refusal(deep)
        XCTAssertEqual(error?.kind, .limit)
        XCTAssertEqual(error?.message, "nesting is deeper than 256 levels")
    }
}
