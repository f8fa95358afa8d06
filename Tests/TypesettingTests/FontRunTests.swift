import XCTest

@testable import Typesetting

/// Texts set in several fonts (`FontRun`): each stretch is shaped in its own font, and a line
/// that mixes sizes is as tall as its tallest ascender and deepest descender.
final class FontRunTests: XCTestCase {
    /// Two stretches in the box font at 13 and 20 pt: the text is exactly as wide as the two
    /// prepared apart, as the box font's advances give them by hand.
    func testWidthIsTheSumOfTheStretchesSetApart() throws {
        let small = try Fixtures.testFont(13)
        let large = try Fixtures.testFont(20)
        let text = try PreparedText(
            "Coupon Code", font: small, registry: Fixtures.testRegistry,
            fontRuns: FontRun.runs([("Coupon ", small), ("Code", large)]))
        let first = try PreparedText("Coupon ", font: small, registry: Fixtures.testRegistry)
        let second = try PreparedText("Code", font: large, registry: Fixtures.testRegistry)
        // The first stretch's trailing space counts: it sits inside the line.
        let spaceIncluded = first.paragraphs[0].prefix[first.paragraphs[0].count]
        XCTAssertEqual(text.naturalWidth, spaceIncluded + second.naturalWidth, accuracy: 1e-9)
        // "Coupon " = C + 5 lowercase + space; "Code" = C + 3 lowercase (font units of 2048).
        let byHand =
            (Box.upper + 5 * Box.lower + Box.space) * 13 / Box.upem + (Box.upper + 3 * Box.lower) * 20 / Box.upem
        XCTAssertEqual(text.naturalWidth, byHand, accuracy: 1e-9)
        XCTAssertEqual(text.fonts, [small, large])
        XCTAssertEqual(text.fontRuns.map(\.length), [7, 4])
    }

    /// A line mixing a 13 pt and a 20 pt font takes the largest ascender and the deepest
    /// descender of its fonts (TextKit's rule, the one fallback faces follow).
    func testMixedSizeLineTakesTheLargestAscentAndDescent() throws {
        let small = try Fixtures.testFont(13)
        let large = try Fixtures.inter(20)
        let text = try PreparedText(
            "ab cd", font: small, registry: .shared, fontRuns: FontRun.runs([("ab ", small), ("cd", large)]))
        let line = try XCTUnwrap(text.layout(LayoutOptions(includesLineGap: false)).lines.first)
        let expectedAscent = max(small.metrics.ascender, large.metrics.ascender)
        let expectedDescent = min(small.metrics.descender, large.metrics.descender)
        XCTAssertEqual(line.ascent, expectedAscent, accuracy: 1e-9)
        XCTAssertEqual(line.descent, expectedDescent, accuracy: 1e-9)
        XCTAssertEqual(line.height, expectedAscent - expectedDescent, accuracy: 1e-9)
        XCTAssertGreaterThan(line.height, small.metrics.ascender - small.metrics.descender + 1)

        // Wrapped, each line takes only the fonts on it.
        let wrapped = try text.layout(LayoutOptions(width: text.naturalWidth - 1))
        XCTAssertEqual(wrapped.lines.count, 2)
        XCTAssertEqual(wrapped.lines[0].ascent, small.metrics.ascender, accuracy: 1e-9)
        XCTAssertEqual(wrapped.lines[1].ascent, large.metrics.ascender, accuracy: 1e-9)
    }

    /// Runs in the primary font alone change nothing: the same widths and lines as without runs.
    func testRunsInThePrimaryFontChangeNothing() throws {
        let font = try Fixtures.testFont(17)
        let text = "Sign up to get started\nAVA"
        let plain = try PreparedText(text, font: font, registry: Fixtures.testRegistry)
        let runs = try PreparedText(
            text, font: font, registry: Fixtures.testRegistry,
            fontRuns: [FontRun(length: 5, font: font), FontRun(length: 100, font: font)])
        XCTAssertEqual(runs.naturalWidth, plain.naturalWidth)
        for width in [40.0, 90, 200] {
            XCTAssertEqual(try runs.layout(LayoutOptions(width: width)), try plain.layout(LayoutOptions(width: width)))
        }
        XCTAssertEqual(runs.fonts, [font])
    }

    /// A cluster the run's font has no glyph for keeps the face the primary font gives it:
    /// "é" is not in the box font, so it is set in Inter, the primary font.
    func testClusterMissingFromTheRunsFontFallsBack() throws {
        let inter = try Fixtures.inter(17)
        let boxes = try Fixtures.testFont(17)
        let text = try PreparedText("aé", font: inter, fontRuns: [FontRun(length: 2, font: boxes)])
        let interE = try PreparedText("é", font: inter).naturalWidth
        XCTAssertEqual(text.naturalWidth, Box.lower * 17 / Box.upem + interE, accuracy: 1e-9)
        // The stretch after the runs is in the primary font.
        let after = try PreparedText("ab", font: inter, fontRuns: [FontRun(length: 1, font: boxes)])
        let interB = try PreparedText("b", font: inter).naturalWidth
        XCTAssertEqual(after.naturalWidth, Box.lower * 17 / Box.upem + interB, accuracy: 1e-9)
    }

    /// A fallback face takes the primary font's size even when a run holds the same face at
    /// another size: "é", missing from the 13 pt box font, falls back to Inter at 13 pt, not to
    /// the run's Inter 20 pt.
    func testFallbackKeepsThePrimarySizeBesideARunOfTheSameFace() throws {
        let boxes = try Fixtures.testFont(13)
        let large = try Fixtures.inter(20)
        let text = try PreparedText("abé", font: boxes, fontRuns: [FontRun(length: 2, font: large)])
        XCTAssertEqual(text.fonts.map(\.size), [13, 20, 13])
        XCTAssertTrue(text.fonts[2].face === large.face, "the fallback face is Inter")
        let expected =
            try PreparedText("ab", font: large).naturalWidth + PreparedText("é", font: Fixtures.inter(13)).naturalWidth
        XCTAssertEqual(text.naturalWidth, expected, accuracy: 1e-9)
    }

    /// A negative run length is a clear error.
    func testNegativeRunLengthIsRejected() throws {
        let font = try Fixtures.testFont(17)
        XCTAssertThrowsError(
            try PreparedText(
                "ab", font: font, registry: Fixtures.testRegistry, fontRuns: [FontRun(length: -1, font: font)])
        ) { error in
            guard case TypesettingError.invalidParameter(let name, _, _) = error else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(name, "font run length")
        }
    }
}
