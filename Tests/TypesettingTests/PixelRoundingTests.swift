import Foundation
import XCTest

@testable import Typesetting

/// Pixel rounding with the box test font, whose metrics are known exactly
/// (upem 2048, ascender 1950, descender −494, line gap 0: the iOS system font's numbers).
final class PixelRoundingTests: XCTestCase {
    func testTestFontTables() throws {
        let face = try Fixtures.testFace()
        XCTAssertEqual(face.family, "Test Boxes")
        XCTAssertEqual(face.tables.unitsPerEm, 2048)
        XCTAssertEqual(face.tables.hheaAscender, 1950)
        XCTAssertEqual(face.tables.hheaDescender, -494)
        XCTAssertEqual(face.tables.hheaLineGap, 0)
        XCTAssertEqual(face.tables.typoAscender, 1950)
        XCTAssertEqual(face.tables.typoDescender, -494)
        XCTAssertEqual(face.tables.winAscent, 1950)
        XCTAssertEqual(face.tables.winDescent, 494)
    }

    func testLineHeightAt17IsExact() throws {
        let font = try Fixtures.testFont(17)
        XCTAssertEqual(font.lineHeight, 20.287109375)
        XCTAssertEqual(font.lineHeight, 17 * 2444 / 2048)
        XCTAssertEqual(try Fixtures.testFont(15).lineHeight, 17.900390625)
        XCTAssertEqual(try Fixtures.testFont(20).lineHeight, 23.8671875)
    }

    func testPixelGridCeil() {
        let h = 20.287109375
        XCTAssertEqual(PixelGrid.ceil(h, scale: 2), 20.5)
        XCTAssertEqual(PixelGrid.ceil(h, scale: 3), 61.0 / 3)
        XCTAssertEqual(PixelGrid.ceil(h, scale: 1), 21)
        // Values on the grid stay there; floating-point noise never adds a pixel.
        XCTAssertEqual(PixelGrid.ceil(20.5, scale: 2), 20.5)
        XCTAssertEqual(PixelGrid.ceil(61.0 / 3, scale: 3), 61.0 / 3)
        XCTAssertEqual(PixelGrid.ceil(0.1 + 0.2, scale: 10), 3.0 / 10)
        XCTAssertEqual(PixelGrid.ceil(356.25, scale: 2), 356.5)
        XCTAssertEqual(PixelGrid.ceil(0, scale: 3), 0)
        // Frames round to the nearest pixel, halves up.
        XCTAssertEqual(PixelGrid.round(173.5, scale: 2), 173.5)
        XCTAssertEqual(PixelGrid.round(173.5, scale: 3), 521.0 / 3)
        XCTAssertEqual(PixelGrid.round(173.25, scale: 3), 520.0 / 3)
        XCTAssertEqual(PixelGrid.round(0.25, scale: 2), 0.5)
    }

    func testHalvesFromFloatingPointNoiseRoundUp() {
        // 3 + 1/6 pt is 9.5 pixels at 3x; computed through a sum it is 9.499999999999998.
        let noisy = (3 + 1.1) - 1.1 + 1.0 / 6
        XCTAssertLessThan(noisy * 3, 9.5)
        XCTAssertEqual(PixelGrid.round(noisy, scale: 3), 10.0 / 3)
        XCTAssertEqual(PixelGrid.round(3.0 + 1.0 / 6 - 1e-4, scale: 3), 3, "a real shortfall still rounds down")
    }

    func testSingleLineSizeAt17() throws {
        let layout = try Fixtures.boxes("Hello", size: 17).layout(LayoutOptions())
        // H 1280 + ello 4 × 1024 = 5376 units.
        XCTAssertEqual(layout.width, 5376 * 17 / 2048)
        XCTAssertEqual(layout.width, 44.625)
        XCTAssertEqual(layout.height, 20.287109375)
        XCTAssertEqual(layout.size(scale: 2).width, 45)  // 89.25 px → 90 px
        XCTAssertEqual(layout.size(scale: 2).height, 20.5)
        XCTAssertEqual(layout.size(scale: 3).width, 134.0 / 3)  // 133.875 px → 134 px
        XCTAssertEqual(layout.size(scale: 3).height, 61.0 / 3)
        XCTAssertEqual(layout.size(scale: 1).width, 45)
        XCTAssertEqual(layout.size(scale: 1).height, 21)
    }

    func testWidthsFromKnownAdvances() throws {
        for (text, size) in [
            ("a", 16.0), ("A", 16), ("0", 16), ("a b", 16), ("Hello World 2024", 17), ("AV", 17), ("AVA", 10),
            ("VA", 17), ("Zz 9", 13),
        ] {
            let prepared = try Fixtures.boxes(text, size: size)
            XCTAssertEqual(prepared.naturalWidth, Box.width(text, size: size), "\(text) at \(size)")
        }
        // The kern pair: "AV" = 1280 + 1280 − 256 units.
        XCTAssertEqual(try Fixtures.boxes("AV", size: 16).naturalWidth, 18)
        XCTAssertEqual(try Fixtures.boxes("VA", size: 16).naturalWidth, 20)
        // Kerning off gives the plain sum.
        let unkerned = try PreparedText(
            "AV", font: Fixtures.testFont(16), kerning: false, registry: Fixtures.testRegistry)
        XCTAssertEqual(unkerned.naturalWidth, 20)
        // Letter spacing adds after every cluster.
        let spaced = try PreparedText(
            "abc", font: Fixtures.testFont(16), letterSpacing: 1.5, registry: Fixtures.testRegistry)
        XCTAssertEqual(spaced.naturalWidth, 24 + 4.5)
    }

    func testMultiLineHeightIsLinesTimesLineHeightThenCeiled() throws {
        let lineHeight = 20.287109375
        for n in 1...6 {
            let text = Array(repeating: "abcd", count: n).joined(separator: " ")
            // Each word is 4 × 8.5 = 34 pt wide; at 40 pt every word gets its own line.
            let layout = try Fixtures.boxes(text, size: 17).layout(LayoutOptions(width: 40))
            XCTAssertEqual(layout.lineCount, n)
            XCTAssertEqual(layout.height, Double(n) * lineHeight, accuracy: 1e-12)
            XCTAssertEqual(layout.width, 34)
            let size2 = layout.size(scale: 2)
            let size3 = layout.size(scale: 3)
            let size1 = layout.size(scale: 1)
            XCTAssertEqual(size2.height, (Double(n) * lineHeight * 2).rounded(.up) / 2, "\(n) lines @2x")
            XCTAssertEqual(size3.height, (Double(n) * lineHeight * 3).rounded(.up) / 3, "\(n) lines @3x")
            XCTAssertEqual(size1.height, (Double(n) * lineHeight).rounded(.up), "\(n) lines @1x")
        }
        // Two lines: 40.57421875 → 41 @2x, 122/3 @3x (no per-line rounding: 2 × 20.5 would also be 41,
        // but 3 lines give 60.861328125 → 61, not 61.5).
        let three = try Fixtures.boxes("abcd abcd abcd", size: 17).layout(LayoutOptions(width: 40))
        XCTAssertEqual(three.size(scale: 2).height, 61)
        XCTAssertEqual(three.size(scale: 3).height, 183.0 / 3)
    }

    func testLineSpacing() throws {
        let lineHeight = 19.09375  // 16 × 2444 / 2048
        let text = try Fixtures.boxes("abcd abcd abcd", size: 16)
        let layout = try text.layout(LayoutOptions(width: 40, lineSpacing: 4))
        XCTAssertEqual(layout.lineCount, 3)
        XCTAssertEqual(layout.height, 3 * lineHeight + 2 * 4)
        // One line: no spacing below it.
        let single = try text.layout(LayoutOptions(width: .infinity, lineSpacing: 4))
        XCTAssertEqual(single.height, lineHeight)
        XCTAssertEqual(single.size(scale: 2).height, 19.5)
    }

    func testLineHeightMultiple() throws {
        let lineHeight = 19.09375
        let text = try Fixtures.boxes("abcd abcd", size: 16)
        let layout = try text.layout(LayoutOptions(width: 40, lineHeightMultiple: 1.5))
        XCTAssertEqual(layout.lineCount, 2)
        XCTAssertEqual(layout.height, 2 * lineHeight * 1.5)
        XCTAssertEqual(layout.lines[0].height, lineHeight * 1.5)
        let both = try text.layout(LayoutOptions(width: 40, lineSpacing: 2, lineHeightMultiple: 2))
        XCTAssertEqual(both.height, 2 * lineHeight * 2 + 2)
        XCTAssertEqual(both.size(scale: 2).height, (both.height * 2).rounded(.up) / 2)
        // 0 means off.
        XCTAssertEqual(try text.layout(LayoutOptions(width: 40, lineHeightMultiple: 0)).height, 2 * lineHeight)
    }

    func testEmptyTextIsZero() throws {
        let layout = try Fixtures.boxes("", size: 17).layout(LayoutOptions(width: 100))
        XCTAssertEqual(layout.lineCount, 0)
        XCTAssertEqual(layout.width, 0)
        XCTAssertEqual(layout.height, 0)
        for scale in PixelGrid.scales {
            XCTAssertEqual(layout.size(scale: scale).width, 0)
            XCTAssertEqual(layout.size(scale: scale).height, 0)
        }
        XCTAssertEqual(try Fixtures.boxes("", size: 17).naturalWidth, 0)
    }
}
