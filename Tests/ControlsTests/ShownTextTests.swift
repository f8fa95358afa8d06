import Foundation
import XCTest

@testable import Controls
@testable import Typesetting

/// How text shows in a control's bounds (shrunk, cut) and the sizes of the controls that moved
/// into `Controls`. Box font at 16 pt: uppercase 10 pt wide, a line (1950 + 494) / 2048 × 16 pt.
final class ShownTextTests: XCTestCase {
    func label(_ text: String) throws -> Label { Label(text: text, font: try TestFont.font(16)) }

    func testALabelThatShrinksFitsAtTheLargestScaleItCan() throws {
        var label = try label("AAAAAAAAAA")  // 100 pt
        let bounds = CGSize(width: 80, height: 20)
        let plain = try label.shownText(in: bounds, registry: TestFont.registry)
        XCTAssertTrue(plain.isTruncated, "without shrinking the text is cut")
        XCTAssertEqual(plain.fontScale, 1)
        XCTAssertTrue(plain.lines[0].hasSuffix("…"))

        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0  // UIKit's default: the font size is the smallest size
        XCTAssertTrue(try label.shownText(in: bounds, registry: TestFont.registry).isTruncated)

        label.minimumScaleFactor = 0.5
        let shrunk = try label.shownText(in: bounds, registry: TestFont.registry)
        XCTAssertFalse(shrunk.isTruncated)
        XCTAssertTrue(shrunk.isShrunk)
        XCTAssertEqual(shrunk.fontScale, 0.8, accuracy: 0.001, "80 pt of 100: widths scale with the size")
        XCTAssertLessThanOrEqual(shrunk.fontScale, 0.8)
        XCTAssertEqual(shrunk.fontScalePercent, 80)
        XCTAssertEqual(shrunk.lines, ["AAAAAAAAAA"])
        XCTAssertEqual(shrunk.prepared.font.size, 16 * shrunk.fontScale, accuracy: 1e-9)
        XCTAssertEqual(try label.intrinsicContentSize().width, 100, "the intrinsic size stays unshrunk")

        label.minimumScaleFactor = 0.9
        let cut = try label.shownText(in: bounds, registry: TestFont.registry)
        XCTAssertTrue(cut.isTruncated, "below its minimum the text is cut, drawn at the minimum")
        XCTAssertEqual(cut.fontScale, 0.9)

        let fits = try label.shownText(in: CGSize(width: 120, height: 20), registry: TestFont.registry)
        XCTAssertFalse(fits.isShrunk, "a text that fits is not shrunk")
        XCTAssertEqual(ShownText.percent(of: 0.996), 99, "a shrunk text never reads 100%")
    }

    /// A label in two fonts shrinks both by the same factor: "AAAAA" at 16 pt and "AAAAA" at
    /// 32 pt are 50 + 100 pt wide, so 120 pt of bounds take 0.8 of both sizes.
    func testALabelInTwoFontsShrinksBothFonts() throws {
        let small = try TestFont.font(16)
        let large = try TestFont.font(32)
        var label = Label(text: "AAAAAAAAAA", font: small)
        label.fontRuns = FontRun.runs([("AAAAA", small), ("AAAAA", large)])
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        let shrunk = try label.shownText(in: CGSize(width: 120, height: 40), registry: TestFont.registry)
        XCTAssertFalse(shrunk.isTruncated)
        XCTAssertEqual(shrunk.fontScale, 0.8, accuracy: 0.001, "120 pt of 150")
        XCTAssertEqual(shrunk.prepared.fontRuns.map(\.font.size), [16 * shrunk.fontScale, 32 * shrunk.fontScale])
        XCTAssertLessThanOrEqual(shrunk.layout.width, 120)
    }

    func testAPaddingLabelShowsItsTextInsideThePadding() throws {
        var label = try label("AAAAAAAAAA")
        label.numberOfLines = 0
        let padded = PaddingLabel(label: label, padding: UIEdgeInsets(top: 2, left: 20, bottom: 2, right: 20))
        let shown = try padded.shownText(in: CGSize(width: 100, height: 100), registry: TestFont.registry)
        XCTAssertEqual(shown.layout.lineCount, 2, "60 pt inside the padding: two lines of 6 and 4")
        XCTAssertFalse(shown.isTruncated)
    }

    func testAButtonShowsItsTitleCutInTheMiddle() throws {
        var button = Button(title: "ABCDEFGHIJ", font: try TestFont.font(16))
        button.contentEdgeInsets = UIEdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
        let title = try button.titleLabel.prepare(registry: TestFont.registry)
        let whole = try button.shownTitle(in: CGSize(width: 110, height: 30), prepared: title)
        XCTAssertFalse(whole.isTruncated)
        XCTAssertEqual(whole.lines, ["ABCDEFGHIJ"])
        let cut = try button.shownTitle(in: CGSize(width: 80, height: 30), prepared: title)
        XCTAssertTrue(cut.isTruncated)
        XCTAssertEqual(cut.lines.count, 1)
        XCTAssertTrue(cut.lines[0].hasPrefix("AB") && cut.lines[0].hasSuffix("IJ") && cut.lines[0].contains("…"))
    }

    func testTextFieldAndSegmentedControlSizes() throws {
        let font = try TestFont.font(16)
        var field = TextField(text: "AAA", font: font)
        let text = try PreparedText(field.measuredText, font: font, registry: TestFont.registry)
        XCTAssertEqual(try field.intrinsicContentSize(prepared: text).width, 30)
        XCTAssertEqual(
            try field.intrinsicContentSize(prepared: text).height, PixelGrid.ceil(font.lineHeight + 1.5, scale: 2))
        field.borderStyle = .roundedRect
        XCTAssertEqual(try field.intrinsicContentSize(prepared: text), CGSize(width: 30 + 28, height: 34))
        field.text = ""
        field.placeholder = "AAAAA"
        XCTAssertEqual(field.measuredText, "AAAAA", "an empty field measures its placeholder")
        let empty = TextField(text: "", font: font)
        let nothing = try PreparedText("", font: font, registry: TestFont.registry)
        XCTAssertEqual(try empty.intrinsicContentSize(prepared: nothing).width, 5, "room for the caret")

        let segments = SegmentedControl(titles: ["AAAA", "A"], font: font)
        XCTAssertEqual(
            try segments.intrinsicContentSize(registry: TestFont.registry),
            CGSize(width: 2 * (40 + 18.5), height: 32), "each segment is the widest title plus 18.5")
        let narrow = SegmentedControl(titles: ["A", "A", "A"], font: font)
        XCTAssertEqual(try narrow.intrinsicContentSize(registry: TestFont.registry).width, 3 * 32, "at least 32")
        XCTAssertEqual(PageControl(numberOfPages: 4).intrinsicContentSize, CGSize(width: 92, height: 26))
        XCTAssertEqual(ImageView().intrinsicContentSize, CGSize(width: noIntrinsicMetric, height: noIntrinsicMetric))
    }
}
