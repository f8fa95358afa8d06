import Foundation
import XCTest

@testable import Typesetting

/// Ascender, descender, leading, cap height and x height, and
/// `lineHeight = ascender − descender + leading`.
final class MetricsTests: XCTestCase {
    func testTestFontMetrics() throws {
        for size in [10.0, 15, 17, 20, 34] {
            let m = try Fixtures.testFont(size).metrics
            let scale = size / 2048
            XCTAssertEqual(m.size, size)
            XCTAssertEqual(m.unitsPerEm, 2048)
            XCTAssertEqual(m.ascender, 1950 * scale)
            XCTAssertEqual(m.descender, -494 * scale)
            XCTAssertEqual(m.leading, 0)
            XCTAssertEqual(m.capHeight, 1400 * scale)
            XCTAssertEqual(m.xHeight, 1000 * scale)
            XCTAssertEqual(m.lineHeight, m.ascender - m.descender + m.leading)
            XCTAssertEqual(m.lineHeight, 2444 * scale)
        }
        let m17 = try Fixtures.testFont(17).metrics
        XCTAssertEqual(m17.ascender, 16.1865234375)
        XCTAssertEqual(m17.descender, -4.1005859375)
        let m20 = try Fixtures.testFont(20).metrics
        XCTAssertEqual(m20.ascender, 19.04296875)
        XCTAssertEqual(m20.descender, -4.82421875)
        XCTAssertEqual(try Fixtures.testFace().tables.capHeightSource, .os2)
    }

    func testInterMetrics() throws {
        let face = try FontRegistry.shared.face(family: "Inter")
        XCTAssertEqual(face.family, "Inter")
        XCTAssertEqual(face.weight, .regular)
        XCTAssertFalse(face.isItalic)
        XCTAssertEqual(face.tables.unitsPerEm, 2816)
        XCTAssertEqual(face.tables.hheaAscender, 2728)
        XCTAssertEqual(face.tables.hheaDescender, -680)
        XCTAssertEqual(face.tables.hheaLineGap, 0)
        XCTAssertEqual(face.tables.capHeight, 2048)
        XCTAssertEqual(face.tables.xHeight, 1536)
        for size in [12.0, 17, 28] {
            let font = try Font(face: face, size: size)
            let m = font.metrics
            XCTAssertEqual(m.ascender, 2728 * size / 2816, accuracy: 1e-12)
            XCTAssertEqual(m.descender, -680 * size / 2816, accuracy: 1e-12)
            XCTAssertEqual(m.leading, 0)
            XCTAssertEqual(m.capHeight, 2048 * size / 2816, accuracy: 1e-12)
            XCTAssertEqual(m.xHeight, 1536 * size / 2816, accuracy: 1e-12)
            XCTAssertEqual(m.lineHeight, m.ascender - m.descender + m.leading)
            XCTAssertEqual(font.lineHeight, 3408 * size / 2816, accuracy: 1e-12)
            // A one-line layout is one line height tall.
            XCTAssertEqual(
                try PreparedText("Hxg", font: font).layout(LayoutOptions()).height, font.lineHeight, accuracy: 1e-12)
        }
        XCTAssertEqual(try Fixtures.inter(17).lineHeight, 20.573863636363637, accuracy: 1e-12)
    }

    func testOtherWeightsAndFamilies() throws {
        let bold = try FontRegistry.shared.face(family: "Inter", weight: .bold)
        XCTAssertEqual(bold.weight, .bold)
        let semiboldItalic = try FontRegistry.shared.face(family: "Inter", weight: .semibold, italic: true)
        XCTAssertEqual(semiboldItalic.weight, .semibold)
        XCTAssertTrue(semiboldItalic.isItalic)
        XCTAssertEqual(try FontRegistry.shared.face(family: "inter-bold").postScriptName, "Inter-Bold")
        // Every bundled fallback family reports positive metrics with lineHeight = a − d + l.
        for family in FontRegistry.shared.families {
            let font = try FontRegistry.shared.font(family, size: 17)
            let m = font.metrics
            XCTAssertGreaterThan(m.ascender, 0, family)
            XCTAssertLessThanOrEqual(m.descender, 0, family)
            XCTAssertGreaterThanOrEqual(m.leading, 0, family)
            XCTAssertEqual(m.lineHeight, m.ascender - m.descender + m.leading, family)
        }
    }
}
