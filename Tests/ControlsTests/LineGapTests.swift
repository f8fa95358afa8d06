import Foundation
import XCTest

@testable import Controls
@testable import Typesetting

/// Labels and button titles set every line at ascender − descender, without the font's line
/// gap, raised to the pixel grid; text views keep the gap. `TestLineGap.ttf` (made by
/// `scripts/make_test_fonts.py`) is the box font with hhea 1950 / −494 and a line gap of 200,
/// at 2048 units per em: at 17 pt a line is 20.287 pt without the gap, 21.948 with it.
final class LineGapTests: XCTestCase {
    static var path: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TypesettingTests/Fixtures/TestLineGap.ttf").path
    }

    static let registry: FontRegistry = {
        let registry = FontRegistry(includeBundledFonts: false)
        _ = try? registry.addFonts(at: path)
        return registry
    }()

    static let line = 17 * 2444 / 2048.0
    static let gap = 17 * 200 / 2048.0

    func font() throws -> Font {
        let font = try Font(face: Self.registry.face(path: Self.path), size: 17)
        XCTAssertEqual(font.metrics.leading, Self.gap, accuracy: 1e-12, "the font has a line gap")
        return font
    }

    func testSingleLineLabelIsAscenderMinusDescender() throws {
        let label = Label(text: "Sign up", font: try font())
        XCTAssertEqual(try label.intrinsicContentSize(scale: 2).height, 20.5)
        XCTAssertEqual(try label.intrinsicContentSize(scale: 3).height, 61.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(try label.layout().height, Self.line, accuracy: 1e-9)
    }

    func testWrappedLabelIsLinesTimesAscenderMinusDescender() throws {
        var label = Label(text: "aaaa bbbb cccc", font: try font())
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 40
        XCTAssertEqual(try label.layout(width: 40).lineCount, 3)
        // 3 × 20.287 = 60.861: 61 at @2x (with the gap it would be 65.845, 66).
        XCTAssertEqual(try label.intrinsicContentSize(scale: 2).height, PixelGrid.ceil(3 * Self.line, scale: 2))
        XCTAssertEqual(try label.intrinsicContentSize(scale: 2).height, 61)
        XCTAssertEqual(try label.intrinsicContentSize(scale: 3).height, PixelGrid.ceil(3 * Self.line, scale: 3))
    }

    /// `lineSpacing` and `lineHeightMultiple` apply to the gap-less line as they did before.
    func testLineSpacingAndMultipleStillApply() throws {
        var label = Label(text: "aaaa bbbb", font: try font())
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 40
        label.lineSpacing = 4
        XCTAssertEqual(try label.intrinsicContentSize(scale: 2).height, PixelGrid.ceil(2 * Self.line + 4, scale: 2))
        label.lineSpacing = 0
        label.lineHeightMultiple = 1.5
        XCTAssertEqual(try label.intrinsicContentSize(scale: 2).height, PixelGrid.ceil(3 * Self.line, scale: 2))
    }

    func testButtonTitleIsAscenderMinusDescender() throws {
        let button = Button(title: "Sign up", font: try font())
        XCTAssertEqual(try button.intrinsicContentSize(scale: 2).height, 21 + 12)
        let empty = Button(title: "", font: try font())
        XCTAssertEqual(try empty.intrinsicContentSize(scale: 2).height, 21 + 12)
    }

    /// Text views keep the line gap (the evidence for them is too thin to change the rule).
    func testTextViewKeepsTheLineGap() throws {
        var view = TextView(text: "Sign up", font: try font())
        view.isScrollEnabled = false
        XCTAssertEqual(
            try view.intrinsicContentSize(scale: 2).height, PixelGrid.ceil(Self.line + Self.gap, scale: 2) + 16)
    }
}
