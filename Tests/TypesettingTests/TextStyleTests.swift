import XCTest

@testable import Typesetting

/// Dynamic Type: spot values against Apple's HIG tables, names, and resolution to fonts.
final class TextStyleTests: XCTestCase {
    func testSpotValuesMatchTheHIGTables() {
        // (style, category, size, leading) straight from the HIG's "Dynamic Type sizes" tables.
        let spots: [(TextStyle, ContentSizeCategory, Double, Double)] = [
            (.body, .large, 17, 22), (.body, .accessibilityExtraExtraExtraLarge, 53, 62),
            (.body, .extraSmall, 14, 19), (.body, .accessibilityMedium, 28, 34),
            (.body, .accessibilityLarge, 33, 40), (.body, .accessibilityExtraLarge, 40, 48),
            (.headline, .large, 17, 22), (.largeTitle, .extraSmall, 31, 38), (.largeTitle, .large, 34, 41),
            (.largeTitle, .accessibilityExtraExtraExtraLarge, 60, 70), (.title1, .extraExtraLarge, 32, 39),
            (.title2, .accessibilityExtraExtraLarge, 50, 59), (.title3, .small, 18, 23),
            (.subheadline, .extraExtraExtraLarge, 21, 28), (.callout, .medium, 15, 20),
            (.footnote, .accessibilityExtraLarge, 33, 40), (.footnote, .medium, 12, 16),
            (.caption1, .extraLarge, 14, 19), (.caption2, .large, 11, 13),
            (.caption2, .accessibilityExtraExtraExtraLarge, 40, 48),
        ]
        for (style, category, size, leading) in spots {
            XCTAssertEqual(style.size(at: category), size, "\(style) at \(category)")
            XCTAssertEqual(style.leading(at: category), leading, "\(style) at \(category)")
        }
        XCTAssertEqual(TextStyle.body.size(), 17, "large is the default category")
    }

    func testWeightsAndMonotonicSizes() {
        for style in TextStyle.allCases {
            XCTAssertEqual(style.weight, style == .headline ? .semibold : .regular, "\(style)")
            let sizes = ContentSizeCategory.allCases.map { style.size(at: $0) }
            XCTAssertEqual(sizes, sizes.sorted(), "\(style) never shrinks as the category grows")
            XCTAssertGreaterThan(style.size(at: .accessibilityExtraExtraExtraLarge), style.size(at: .large))
        }
        XCTAssertEqual(ContentSizeCategory.allCases.count, 12)
        XCTAssertTrue(ContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
        XCTAssertFalse(ContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
    }

    func testNamesParse() {
        XCTAssertEqual(TextStyle(parsing: "body"), .body)
        XCTAssertEqual(TextStyle(parsing: "Title 1"), .title1)
        XCTAssertEqual(TextStyle(parsing: "Subhead"), .subheadline)
        XCTAssertEqual(TextStyle(parsing: "caption-2"), .caption2)
        XCTAssertNil(TextStyle(parsing: "huge"))
        XCTAssertEqual(ContentSizeCategory(parsing: "accessibilityLarge"), .accessibilityLarge)
        XCTAssertEqual(ContentSizeCategory(parsing: "AX5"), .accessibilityExtraExtraExtraLarge)
        XCTAssertEqual(ContentSizeCategory(parsing: "xSmall"), .extraSmall)
        XCTAssertEqual(ContentSizeCategory(parsing: "xxxLarge"), .extraExtraExtraLarge)
        XCTAssertEqual(ContentSizeCategory(parsing: "accessibility3"), .accessibilityExtraLarge)
        XCTAssertEqual(ContentSizeCategory(parsing: "UICTContentSizeCategoryAccessibilityM"), .accessibilityMedium)
        XCTAssertEqual(ContentSizeCategory(parsing: "UICTContentSizeCategoryXL"), .extraLarge)
        XCTAssertNil(ContentSizeCategory(parsing: "AX6"))
        XCTAssertNil(ContentSizeCategory(parsing: "enormous"))
    }

    func testTextStylesResolveThroughTheRegistry() throws {
        let body = try FontRegistry.shared.font(textStyle: .body, category: .accessibilityLarge)
        XCTAssertEqual(body.size, 33)
        XCTAssertEqual(body.face.family, "Inter Display", "the stand-in from 20 pt")
        XCTAssertEqual(body.face.weight, .regular)
        let headline = try FontRegistry.shared.font(textStyle: .headline)
        XCTAssertEqual(headline.size, 17)
        XCTAssertEqual(headline.face.weight, .semibold, "\(headline)")
        let bold = try FontSpecification(textStyle: .body, weight: .bold).resolve()
        XCTAssertEqual(bold.face.weight, .bold, "an explicit weight wins over the style's")
        let plain = try FontSpecification(size: 12).resolve()
        XCTAssertEqual(plain.size, 12)
        XCTAssertEqual(try FontSpecification().resolve(defaultSize: 15).size, 15)
        XCTAssertThrowsError(try FontSpecification(textStyle: .body, size: 20).resolve()) { error in
            guard case .invalidParameter = error as? TypesettingError else { return XCTFail("\(error)") }
        }
    }
}
