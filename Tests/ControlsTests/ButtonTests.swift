import Foundation
import XCTest

@testable import Controls
@testable import Typesetting

final class ButtonTests: XCTestCase {
    func button(_ title: String = "Hello") throws -> Button {
        Button(title: title, font: try TestFont.font(15))
    }

    func testFifteenPointTitleGivesThirtyPointButton() throws {
        let button = try button()
        XCTAssertEqual(button.font.lineHeight, 17.900390625)
        // "Hello" at 15 pt: 5376 × 15 / 2048 = 39.375 → 39.5 @2x.
        XCTAssertEqual(try button.intrinsicContentSize(scale: 2), CGSize(width: 39.5, height: 30))
        XCTAssertEqual(try button.intrinsicContentSize(scale: 3), CGSize(width: 119.0 / 3, height: 54.0 / 3 + 12))
        XCTAssertEqual(try button.intrinsicContentSize(scale: 1), CGSize(width: 40, height: 30))
    }

    func testContentEdgeInsetsReplaceTheDefaultPadding() throws {
        var button = try button()
        button.contentEdgeInsets = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        XCTAssertEqual(try button.intrinsicContentSize(scale: 2), CGSize(width: 39.5 + 40, height: 18 + 20))
        // The "hug the title" trick: tiny non-zero insets remove the 6 pt padding.
        button.contentEdgeInsets = UIEdgeInsets(top: 0.01, left: 0, bottom: 0.01, right: 0)
        XCTAssertEqual(try button.intrinsicContentSize(scale: 2).height, 18.02, accuracy: 1e-9)
    }

    func testTitleAndImageInsetsDoNotChangeTheSize() throws {
        let plain = try button().intrinsicContentSize()
        var button = try button()
        button.titleEdgeInsets = UIEdgeInsets(top: 5, left: 30, bottom: 5, right: 30)
        button.imageEdgeInsets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        XCTAssertEqual(try button.intrinsicContentSize(), plain)
        button.contentEdgeInsets = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        XCTAssertEqual(try button.intrinsicContentSize(), CGSize(width: 79.5, height: 38))
    }

    func testEmptyTitleIsOneLineHigh() throws {
        let button = try button("")
        XCTAssertEqual(try button.intrinsicContentSize(), CGSize(width: 0, height: 30))
    }

    func testLongTitleStaysOnOneLineAndTruncatesInTheMiddle() throws {
        let title = "A rather long button title that will not fit"
        let button = try button(title)
        let size = try button.intrinsicContentSize()
        XCTAssertEqual(size.height, 30)
        XCTAssertEqual(size.width, TestFont.ceil(TestFont.width(title, size: 15)))
        let layout = try button.titleLayout(width: 100)
        XCTAssertEqual(layout.lineCount, 1)
        XCTAssertTrue(layout.isTruncated)
        XCTAssertEqual(layout.lines[0].visibleRanges.count, 2, "middle truncation keeps head and tail")
        XCTAssertLessThanOrEqual(layout.width, 100)
        XCTAssertThrowsError(try button.intrinsicContentSize(scale: 2.5))
    }
}
