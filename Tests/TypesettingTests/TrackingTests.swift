import Foundation
import XCTest

@testable import Typesetting

/// The 'trak' table, applied as Core Text does: track 0, linear between the table's sizes,
/// clamped at its ends, after every grapheme cluster like letter spacing. `TestTracking.ttf`
/// (1000 units per em) holds Apple's published SF Pro values: 6 pt +41, 12 pt 0, 17 pt −26,
/// 20 pt −23, 28 pt +14, 96 pt 0.
final class TrackingTests: XCTestCase {
    static var path: String { Fixtures.directory.appendingPathComponent("TestTracking.ttf").path }

    static let registry: FontRegistry = {
        let registry = FontRegistry(includeBundledFonts: false)
        _ = try? registry.addFonts(at: path)
        return registry
    }()

    func font(_ size: Double) throws -> Font { try Self.registry.font(Self.path, size: size) }

    func testTheTableIsReadAsWritten() throws {
        let table = try XCTUnwrap(try font(17).face.trackingTable)
        XCTAssertEqual(table.sizes, [6, 12, 17, 20, 28, 96])
        XCTAssertEqual(table.values, [41, 0, -26, -23, 14, 0])
    }

    /// Per glyph in thousandths of an em: the table's values at its sizes, interpolated
    /// between them, held past its ends (HarfBuzz 6.0 would extrapolate).
    func testTrackingInterpolatesAndClamps() throws {
        let expected: [(Double, Double)] = [
            (4, 41), (6, 41), (9, 20.5), (12, 0), (17, -26), (22, -23 + 37.0 / 4), (28, 14), (62, 7), (96, 0),
            (100, 0), (400, 0),
        ]
        for (size, thousandths) in expected {
            XCTAssertEqual(try font(size).tracking, thousandths * size / 1000, accuracy: 1e-12, "\(size) pt")
        }
        XCTAssertEqual(try font(17).tracking, -0.442, accuracy: 1e-12)
    }

    /// Widths at 6, 12, 17, 22, 28 and 100 pt equal hb-shape's advances plus the tracking
    /// after every glyph (one glyph per grapheme here).
    func testWidthsEqualHarfBuzzPlusPerGlyphTracking() throws {
        let text = "Sign up for free"
        let advances = try VariableFontTests.hbAdvances(Self.path, text)
        let table = TrackingTable(sizes: [6, 12, 17, 20, 28, 96], values: [41, 0, -26, -23, 14, 0])
        for size in [6.0, 12, 17, 22, 28, 100] {
            let perGlyph = table.value(atPointSize: size)
            let expected = advances.reduce(0.0) { $0 + (Double($1) + perGlyph) * size / 1000 }
            let prepared = try PreparedText(text, font: font(size), registry: Self.registry)
            XCTAssertEqual(prepared.naturalWidth, expected, accuracy: 1e-9, "\(size) pt")
            let layout = try prepared.layout(LayoutOptions())
            XCTAssertEqual(layout.width, expected, accuracy: 1e-9, "\(size) pt")
            // Drawing places the glyphs with the same advances.
            let runs = try prepared.glyphRuns(of: layout)
            XCTAssertEqual(runs[0].reduce(0) { $0 + $1.width }, expected, accuracy: 1e-9, "\(size) pt drawn")
        }
    }

    /// Tracking composes with explicit letter spacing: both go after each grapheme.
    func testTrackingComposesWithLetterSpacing() throws {
        let font = try font(17)
        let plain = try PreparedText("abc", font: font, registry: Self.registry).naturalWidth
        let spaced = try PreparedText("abc", font: font, letterSpacing: 1, registry: Self.registry).naturalWidth
        XCTAssertEqual(plain, 3 * (500 - 26) * 17 / 1000, accuracy: 1e-9)
        XCTAssertEqual(spaced, plain + 3, accuracy: 1e-9)
    }

    /// Wrapping and truncation use the tracked advances: at 6 pt (+41/1000 em) the text needs
    /// more room than untracked, and the ellipsis is tracked too.
    func testWrappingAndTruncationUseTrackedAdvances() throws {
        let font = try font(6)
        let text = "aaaa aaaa"
        let prepared = try PreparedText(text, font: font, registry: Self.registry)
        // Eight letters of 500 units, a space of 250, and 41 after each of the nine clusters.
        let tracked = (8 * 500 + 250 + 9 * 41) * 6 / 1000.0
        XCTAssertEqual(prepared.naturalWidth, tracked, accuracy: 1e-9)
        // Untracked, the text (25.5 pt) would fit in 26 pt; tracked (27.714) it wraps.
        let wrapped = try prepared.layout(LayoutOptions(width: 26))
        XCTAssertEqual(wrapped.lineCount, 2)
        let truncated = try prepared.layout(
            LayoutOptions(width: 20, numberOfLines: 1, lineBreakMode: .byTruncatingTail))
        XCTAssertTrue(truncated.isTruncated)
        // "…" is 1536 units wide in this font; it is tracked like any other cluster.
        let ellipsis = (1536 + 41) * 6 / 1000.0
        let kept = Double(Int((20 - ellipsis) / ((500 + 41) * 6 / 1000.0)))
        XCTAssertEqual(truncated.width, kept * (500 + 41) * 6 / 1000 + ellipsis, accuracy: 1e-9)
    }
}
