import Foundation
import XCTest

@testable import Controls
@testable import Typesetting

final class TextViewTests: XCTestCase {
    static let line17 = 20.287109375

    func testScrollingEnabledHasNoIntrinsicSize() throws {
        let view = TextView(text: "Hello", font: try TestFont.font(17))
        XCTAssertTrue(view.isScrollEnabled)
        XCTAssertEqual(try view.intrinsicContentSize(), CGSize(width: -1, height: -1))
        XCTAssertEqual(noIntrinsicMetric, -1)
    }

    func testScrollingDisabledAddsInsetAndPadding() throws {
        var view = TextView(text: "Hello", font: try TestFont.font(17))
        view.isScrollEnabled = false
        // 44.625 + 10 = 54.625 → 55 @2x; 20.287109375 + 16 = 36.287109375 → 36.5 @2x.
        XCTAssertEqual(try view.intrinsicContentSize(scale: 2), CGSize(width: 55, height: 36.5))
        XCTAssertEqual(try view.intrinsicContentSize(scale: 3), CGSize(width: 164.0 / 3, height: 109.0 / 3))
    }

    func testWrapsAtWidthMinusTen() throws {
        // "abcd " words: 34 pt each at 17 pt, spaces 4.25.
        let text = "abcd abcd abcd abcd"
        var view = TextView(text: text, font: try TestFont.font(17))
        view.isScrollEnabled = false
        XCTAssertEqual(view.textWidth(forViewWidth: 82.25), 72.25)
        // Two words are 72.25 wide: they fit a 82.25-wide view (72.25 for text) but not an 82.
        view.width = 82.25
        var layout = try view.layout()
        XCTAssertEqual(layout.lineCount, 2)
        XCTAssertEqual(layout.width, 72.25)
        XCTAssertEqual(
            try view.intrinsicContentSize(), CGSize(width: 82.5, height: TestFont.ceil(2 * Self.line17 + 16)))
        view.width = 82
        layout = try view.layout()
        XCTAssertEqual(layout.lineCount, 4)
        XCTAssertEqual(try view.intrinsicContentSize().height, TestFont.ceil(4 * Self.line17 + 16))
        // Unconstrained: one line.
        view.width = nil
        XCTAssertEqual(try view.layout().lineCount, 1)
        // A width with no room for text is an error.
        view.width = 10
        XCTAssertThrowsError(try view.intrinsicContentSize())
    }

    func testEmptyAndTrailingNewlineKeepACaretLine() throws {
        var view = TextView(text: "", font: try TestFont.font(17))
        view.isScrollEnabled = false
        XCTAssertEqual(try view.intrinsicContentSize(), CGSize(width: 10, height: TestFont.ceil(Self.line17 + 16)))
        view.text = "ab\n"
        XCTAssertEqual(try view.intrinsicContentSize().height, TestFont.ceil(2 * Self.line17 + 16))
    }
}
