import Foundation
import XCTest

@testable import Controls
@testable import Typesetting

/// Labels, text views and buttons place tabs at the default stops, every 28 pt (box font at
/// 16 pt: uppercase 10 pt wide, so "A\tB" is 28 + 10 = 38 pt of text).
final class TabsInControlsTests: XCTestCase {
    func testLabelTextViewAndButtonUseTabStops() throws {
        let font = try TestFont.font(16)
        let label = Label(text: "A\tB", font: font)
        let text = try label.prepare(registry: TestFont.registry)
        XCTAssertEqual(try label.intrinsicContentSize(scale: 2, prepared: text).width, 38)

        var view = TextView(text: "A\tB", font: font)
        view.isScrollEnabled = false
        XCTAssertEqual(
            try view.intrinsicContentSize(scale: 2, prepared: try view.prepare(registry: TestFont.registry)).width,
            38 + 10, "plus the line fragment padding at both ends")

        let button = Button(title: "A\tB", font: font)
        XCTAssertEqual(
            try button.intrinsicContentSize(
                scale: 2, prepared: try button.titleLabel.prepare(registry: TestFont.registry)
            )
            .width, 38)
    }
}
