import Foundation
import XCTest

@testable import Controls
@testable import Typesetting

final class LabelTests: XCTestCase {
    static let line17 = 20.287109375

    // 100 words "word" plus spaces: 100 × 34 + 99 × 4.25 = 3820.75 pt at 17 pt.
    let long = Array(repeating: "word", count: 100).joined(separator: " ")

    func label(_ text: String, size: Double = 17) throws -> Label {
        Label(text: text, font: try TestFont.font(size))
    }

    func testSingleLineIntrinsicSize() throws {
        let label = try label("Hello")
        XCTAssertEqual(label.numberOfLines, 1)
        XCTAssertEqual(label.lineBreakMode, .byTruncatingTail)
        XCTAssertEqual(try label.intrinsicContentSize(scale: 2), CGSize(width: 45, height: 20.5))
        XCTAssertEqual(try label.intrinsicContentSize(scale: 3), CGSize(width: 134.0 / 3, height: 61.0 / 3))
        XCTAssertEqual(try label.intrinsicContentSize(scale: 1), CGSize(width: 45, height: 21))
    }

    func testOneLineWidthIsTheFullTextEvenWithAPreferredWidth() throws {
        // Seed 001: intrinsic (853 × 20.5) inside a label whose bounds are 343 wide.
        let text =
            "Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua Ut enim ad minim veniam"
        var label = try label(text)
        label.preferredMaxLayoutWidth = 343
        let full = TestFont.width(text, size: 17)
        XCTAssertGreaterThan(full, 343)
        let size = try label.intrinsicContentSize(scale: 2)
        XCTAssertEqual(size.width, TestFont.ceil(full))
        XCTAssertEqual(size.height, 20.5)
        // The layout itself is truncated at a 343 bounds width, but the intrinsic width is not.
        let bounded = try label.layout(width: 343)
        XCTAssertEqual(bounded.lineCount, 1)
        XCTAssertTrue(bounded.isTruncated)
        XCTAssertLessThanOrEqual(bounded.width, 343)
    }

    /// A single-line label counts the spaces its text ends with (Interface Builder stores
    /// "Enter the amount " one space wider than "Enter the amount"); spaces alone are as wide
    /// as they are. Wrapped lines still let their trailing spaces hang.
    func testTrailingSpacesCountOnOneLine() throws {
        // "Hello " at 17 pt: 44.625 + a 4.25 pt space = 48.875 → 49 @2x; "Hello" alone 45.
        XCTAssertEqual(try label("Hello ").intrinsicContentSize(scale: 2).width, 49)
        XCTAssertEqual(try label("Hello").intrinsicContentSize(scale: 2).width, 45)
        XCTAssertEqual(try label("   ").intrinsicContentSize(scale: 2).width, 13)
        // Wrapped at 45, "Hello Hello " is two lines of 45: the trailing space hangs.
        var wrapped = try label("Hello Hello ")
        wrapped.numberOfLines = 0
        wrapped.preferredMaxLayoutWidth = 45
        XCTAssertEqual(try wrapped.intrinsicContentSize(scale: 2).width, 45)
    }

    func testMultiLineWrapsAtPreferredWidth() throws {
        var label = try label(long)
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 343
        let layout = try label.layout(width: 343)
        // "word " is 38.25 pt: 8 words (8 × 34 + 7 × 4.25 = 301.75) fit in 343; 9 (340.0) fit too; 10 do not.
        XCTAssertEqual(TestFont.width(Array(repeating: "word", count: 9).joined(separator: " "), size: 17), 340)
        XCTAssertEqual(layout.lines.first?.width, 340)
        XCTAssertEqual(layout.lineCount, 12)  // 100 words, 9 a line
        let size = try label.intrinsicContentSize(scale: 2)
        XCTAssertEqual(size.width, 340)  // the widest line, not the preferred width
        XCTAssertEqual(size.height, TestFont.ceil(12 * Self.line17))
        XCTAssertEqual(size.height, 243.5)
        // numberOfLines caps the height.
        label.numberOfLines = 3
        XCTAssertEqual(try label.intrinsicContentSize(scale: 2).height, TestFont.ceil(3 * Self.line17))
        XCTAssertTrue(try label.layout(width: 343).isTruncated)
    }

    func testMultiLineWithoutPreferredWidthIsOneLinePerParagraph() throws {
        var label = try label("abc def\nghij")
        label.numberOfLines = 0
        let size = try label.intrinsicContentSize(scale: 2)
        XCTAssertEqual(size.width, TestFont.ceil(TestFont.width("abc def", size: 17)))
        XCTAssertEqual(size.height, TestFont.ceil(2 * Self.line17))
    }

    func testPaddingLabelAddsInsets() throws {
        // Seed 004: padding (4, 8, 4, 8) adds to super.intrinsicContentSize.
        let inner = try label("Hello")
        let padded = PaddingLabel(label: inner, padding: UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
        XCTAssertEqual(try padded.intrinsicContentSize(scale: 2), CGSize(width: 45 + 16, height: 20.5 + 8))
        XCTAssertEqual(try padded.intrinsicContentSize(scale: 3), CGSize(width: 134.0 / 3 + 16, height: 61.0 / 3 + 8))
        // Empty text: the padding alone.
        let empty = PaddingLabel(label: try label(""), padding: UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
        XCTAssertEqual(try empty.intrinsicContentSize(), CGSize(width: 16, height: 8))
        // A preferred width is the padded width: the text wraps 16 pt narrower.
        var wrapping = try label(long)
        wrapping.numberOfLines = 0
        wrapping.preferredMaxLayoutWidth = 343 + 16
        let paddedWrap = PaddingLabel(label: wrapping, padding: UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
        XCTAssertEqual(try paddedWrap.intrinsicContentSize(), CGSize(width: 340 + 16, height: 243.5 + 8))
    }

    func testEmptyLabelIsZero() throws {
        for lines in [0, 1, 2] {
            var label = try label("")
            label.numberOfLines = lines
            label.preferredMaxLayoutWidth = 100
            for scale in [1.0, 2, 3] {
                XCTAssertEqual(try label.intrinsicContentSize(scale: scale), CGSize.zero)
            }
        }
        XCTAssertEqual(CGSize.zero, CGSize(width: 0, height: 0))
    }

    func testLineSpacingAndMultiple() throws {
        var label = try label("abcd abcd abcd")
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 40
        label.lineSpacing = 3
        XCTAssertEqual(try label.intrinsicContentSize().height, TestFont.ceil(3 * Self.line17 + 6))
        label.lineSpacing = 0
        label.lineHeightMultiple = 1.2
        XCTAssertEqual(try label.intrinsicContentSize().height, TestFont.ceil(3 * Self.line17 * 1.2))
    }

    func testBadInput() throws {
        let label = try label("Hello")
        XCTAssertThrowsError(try label.intrinsicContentSize(scale: 1.5)) { error in
            XCTAssertEqual(error as? TypesettingError, .invalidScale(1.5))
        }
        var negative = label
        negative.numberOfLines = -1
        XCTAssertThrowsError(try negative.intrinsicContentSize()) { error in
            XCTAssertEqual(error as? TypesettingError, .invalidNumberOfLines(-1))
        }
        XCTAssertThrowsError(try label.layout(width: 0)) { error in
            XCTAssertEqual(error as? TypesettingError, .invalidWidth(0))
        }
    }
}
