import Foundation
import XCTest

@testable import Controls
@testable import Typesetting

/// A system-font label without SF Pro: Inter's glyphs with SF Pro's line height, so its height
/// is iOS's (17 pt: 20.287, 20.5 at @2x, 20.333 at @3x) where Inter's own gives 21.
final class SystemFontLabelTests: XCTestCase {
    static let registry = FontRegistry()

    func testSystemFontLabelHasSFProLineHeight() throws {
        let font = try Self.registry.systemFont(size: 17)
        XCTAssertTrue(font.face.isSystemFontStandIn, "no SF Pro in the bundled fonts")
        let label = Label(text: "Sign up for free", font: font)
        XCTAssertEqual(try label.intrinsicContentSize(scale: 2).height, 20.5)
        XCTAssertEqual(try label.intrinsicContentSize(scale: 3).height, 61.0 / 3, accuracy: 1e-9)
        var wrapped = Label(text: "Sign up to get started with your new account", font: font)
        wrapped.numberOfLines = 0
        wrapped.preferredMaxLayoutWidth = 200
        XCTAssertEqual(try wrapped.layout(width: 200).lineCount, 2)
        XCTAssertEqual(try wrapped.intrinsicContentSize(scale: 2).height, 41, "2 × 20.287 = 40.57")
        let inter = Label(text: "Sign up for free", font: try Self.registry.font("Inter", size: 17))
        XCTAssertEqual(try inter.intrinsicContentSize(scale: 2).height, 21, "Inter's own: 20.57")
        // A 15 pt button title: 17.9, 18 at @2x, plus 6 above and below.
        let button = Button(title: "Continue", font: try Self.registry.systemFont(size: 15))
        XCTAssertEqual(try button.intrinsicContentSize(scale: 2).height, 30)
    }
}
