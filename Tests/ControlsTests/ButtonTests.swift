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
        // "Hello" at 15 pt: 5376 × 15 / 2048 = 39.375 → 40, whole points on every display.
        XCTAssertEqual(try button.intrinsicContentSize(scale: 2), CGSize(width: 40, height: 30))
        XCTAssertEqual(try button.intrinsicContentSize(scale: 3), CGSize(width: 40, height: 30))
        XCTAssertEqual(try button.intrinsicContentSize(scale: 1), CGSize(width: 40, height: 30))
    }

    /// A legacy button's title is raised to whole points, not to the pixel grid: Interface
    /// Builder stores @3x buttons 147, 107 and 110 wide where the grid gives 146.33, 106.33
    /// and 109.33 (docs/interface-builder.md). Here the two answers differ in both axes.
    func testTitleIsRaisedToWholePoints() throws {
        let font = try TestFont.font(15)
        let text = TestFont.width("Hello", size: 15)
        XCTAssertEqual(text, 39.375)
        // 16 pt: a line of 17.900390625 × 16 / 15 = 19.09 pt → 19.5 @2x, 19.333 @3x, 20 whole.
        let button = Button(title: "Hello", font: try font.withSize(16))
        let line = button.font.metrics.ascender - button.font.metrics.descender
        XCTAssertNotEqual(PixelGrid.ceil(line, scale: 2), line.rounded(.up))
        let wide = 5376.0 * 16 / 2048  // 42.0 exactly: whole either way
        XCTAssertEqual(try button.intrinsicContentSize(scale: 2), CGSize(width: wide, height: line.rounded(.up) + 12))
        XCTAssertEqual(try button.intrinsicContentSize(scale: 3), CGSize(width: wide, height: line.rounded(.up) + 12))
        // The 15 pt width, 39.375, is 39.5 on the @2x grid and 40 as a button title.
        XCTAssertEqual(PixelGrid.ceil(text, scale: 2), 39.5)
        XCTAssertEqual(try Button(title: "Hello", font: font).intrinsicContentSize(scale: 2).width, 40)
        // Insets add after the rounding, so fractional insets survive.
        var inset = Button(title: "Hello", font: font)
        inset.contentEdgeInsets = UIEdgeInsets(top: 0.25, left: 0.25, bottom: 0.25, right: 0.25)
        XCTAssertEqual(try inset.intrinsicContentSize(scale: 3), CGSize(width: 40.5, height: 18.5))
    }

    func testContentEdgeInsetsReplaceTheDefaultPadding() throws {
        var button = try button()
        button.contentEdgeInsets = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        XCTAssertEqual(try button.intrinsicContentSize(scale: 2), CGSize(width: 40 + 40, height: 18 + 20))
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
        XCTAssertEqual(try button.intrinsicContentSize(), CGSize(width: 80, height: 38))
    }

    /// A button with no title is one line high and 30 pt wide (the width Interface Builder
    /// stores for an empty rounded-rect button placed only by its centre), plus its insets.
    func testEmptyTitleIsOneLineHigh() throws {
        var button = try button("")
        XCTAssertEqual(try button.intrinsicContentSize(), CGSize(width: 30, height: 30))
        button.contentEdgeInsets = UIEdgeInsets(top: 1, left: 4, bottom: 1, right: 6)
        XCTAssertEqual(try button.intrinsicContentSize(), CGSize(width: 40, height: 20))
    }

    /// A legacy button's title narrower than 30 pt is widened to 30, as an empty one is, and
    /// the content insets add after: Interface Builder stores short titles ("EDIT", "编辑",
    /// "删除") at 30 wide (docs/interface-builder.md). A title with an image keeps its width.
    func testShortTitleIsThirtyPointsWide() throws {
        let short = try button("OK")
        XCTAssertLessThan(TestFont.width("OK", size: 15), 29)
        XCTAssertEqual(try short.intrinsicContentSize(scale: 2), CGSize(width: 30, height: 30))
        var inset = short
        inset.contentEdgeInsets = UIEdgeInsets(top: 1, left: 4, bottom: 1, right: 6)
        XCTAssertEqual(try inset.intrinsicContentSize(scale: 3).width, 40)
        var withImage = short
        withImage.imageSize = CGSize(width: 10, height: 6)
        XCTAssertEqual(
            try withImage.intrinsicContentSize(scale: 2).width, TestFont.width("OK", size: 15).rounded(.up) + 10)
        // Wider titles are untouched: "Hello" is 39.375 → 40.
        XCTAssertEqual(try button().intrinsicContentSize(scale: 2).width, 40)
    }

    /// A legacy button with an image and a title is as tall as the larger of its title line
    /// (raised to whole points) and its image, without the 6 pt padding: Interface Builder
    /// stores a 12 pt "Ethereum" beside a 10 × 6 image at 15 tall, and one beside a 24 pt
    /// image at 24 (docs/interface-builder.md). Content insets still add.
    func testImageAndTitleHaveNoPadding() throws {
        var button = try button()
        button.imageSize = CGSize(width: 10, height: 6)
        // "Hello" 39.375 → 40, line 17.9 → 18; the image adds its width.
        XCTAssertEqual(try button.intrinsicContentSize(scale: 2), CGSize(width: 50, height: 18))
        button.imageSize = CGSize(width: 24, height: 24)
        XCTAssertEqual(try button.intrinsicContentSize(scale: 3), CGSize(width: 64, height: 24))
        button.contentEdgeInsets = UIEdgeInsets(top: 2, left: 3, bottom: 4, right: 5)
        XCTAssertEqual(try button.intrinsicContentSize(scale: 2), CGSize(width: 72, height: 30))
        // Without a title: the image, at least 22 tall.
        var imageOnly = try self.button("")
        imageOnly.imageSize = CGSize(width: 20, height: 15)
        XCTAssertEqual(try imageOnly.intrinsicContentSize(scale: 2), CGSize(width: 20, height: 22))
    }

    /// A button a `UIButton.Configuration` sizes raises its title's width to the pixel grid,
    /// not to whole points, keeps its line height unrounded, and adds the configuration's
    /// content insets (12 at the sides and 7 above and below for the plain style) instead of
    /// the 6 pt padding: title + 24 wide.
    func testConfigurationSizesTheTitleOnThePixelGrid() throws {
        var button = try button()
        button.usesConfiguration = true
        button.contentEdgeInsets = UIEdgeInsets(top: 7, left: 12, bottom: 7, right: 12)
        // "Hello" 39.375 → 39.5 @2x, 39.667 @3x (40 as a legacy title); line 17.900390625.
        XCTAssertEqual(try button.intrinsicContentSize(scale: 2), CGSize(width: 63.5, height: 17.900390625 + 14))
        XCTAssertEqual(try button.intrinsicContentSize(scale: 3).width, 119.0 / 3 + 24, accuracy: 1e-9)
        button.usesConfiguration = false
        XCTAssertEqual(try button.intrinsicContentSize(scale: 2), CGSize(width: 64, height: 32))
    }

    func testLongTitleStaysOnOneLineAndTruncatesInTheMiddle() throws {
        let title = "A rather long button title that will not fit"
        let button = try button(title)
        let size = try button.intrinsicContentSize()
        XCTAssertEqual(size.height, 30)
        XCTAssertEqual(size.width, TestFont.width(title, size: 15).rounded(.up))
        let layout = try button.titleLayout(width: 100)
        XCTAssertEqual(layout.lineCount, 1)
        XCTAssertTrue(layout.isTruncated)
        XCTAssertEqual(layout.lines[0].visibleRanges.count, 2, "middle truncation keeps head and tail")
        XCTAssertLessThanOrEqual(layout.width, 100)
        XCTAssertThrowsError(try button.intrinsicContentSize(scale: 2.5))
    }
}
