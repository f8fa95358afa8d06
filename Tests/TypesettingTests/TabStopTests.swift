import XCTest

@testable import Typesetting

/// Tabs advance to `NSParagraphStyle`'s default tab stops, every 28 pt from the line's start,
/// instead of taking their glyph's advance. The box font at 16 pt: uppercase 10 pt wide.
final class TabStopTests: XCTestCase {
    func prepared(_ text: String) throws -> PreparedText {
        let face = try Fixtures.testRegistry.face(path: Fixtures.testFontPath)
        return try PreparedText(text, font: try Font(face: face, size: 16), registry: Fixtures.testRegistry)
    }

    func width(_ text: String, at width: Double = .infinity) throws -> [Double] {
        try prepared(text).layout(LayoutOptions(width: width, numberOfLines: 0)).lines.map(\.width)
    }

    func testATabReachesTheNextStop() throws {
        XCTAssertEqual(try width("A\tB"), [28 + 10])
        XCTAssertEqual(try width("AAA\tB"), [56 + 10], "30 pt of text: the stop at 56")
        XCTAssertEqual(try width("\tB"), [28 + 10], "a tab at the line's start reaches the first stop")
        XCTAssertEqual(try width("A\t\tB"), [56 + 10], "each tab reaches the next stop")
        XCTAssertEqual(
            try width("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\tB"), [364 + 10], "past the twelfth stop, every 28 pt")
        XCTAssertEqual(TabStops.next(after: 28), 56, "a tab at a stop moves on to the next one")
    }

    func testTabStopsCountFromEachLinesStart() throws {
        // "AAAA\t" fills 56 pt; at 80 pt "BBBB" (40 pt) goes to the next line, which starts at 0.
        XCTAssertEqual(try width("AAAA\tBBBB", at: 80), [40, 40], "the tab hangs at the end of the first line")
        XCTAssertEqual(try width("AAAA\tBBBB\tC", at: 100), [96, 10], "the second tab would reach 112: it hangs")
        XCTAssertEqual(try prepared("A\tB").measure(LayoutOptions(width: .infinity, numberOfLines: 1)).width, 38)
        XCTAssertEqual(try prepared("A\tB").naturalWidth, 38)
    }
}
