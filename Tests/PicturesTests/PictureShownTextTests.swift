import AutoLayout
import Foundation
import Pictures
import Typesetting
import XCTest

/// A picture draws a label's text as the label shows it (`UILabel.shownText()`): a label that
/// shrinks its text to fit is drawn whole at the smaller size, not cut, and a label's text
/// padding insets its text.
final class PictureShownTextTests: XCTestCase {
    func testShrinkingLabelIsDrawnWholeAtItsShownScale() throws {
        let window = UIWindow(device: .iPhone15)
        window.logsLayoutDiagnostics = false
        let controller = UIViewController()
        window.rootViewController = controller
        let root = controller.view
        let label = UILabel()
        label.name = "shrinking"
        label.text = "Benachrichtigungen"
        label.font = try XCTUnwrap(UIFont(name: "Inter", size: 17))
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            label.widthAnchor.constraint(equalToConstant: 120),
        ])
        window.layoutIfNeeded()
        let shown = try label.shownText()
        XCTAssertTrue(shown.isShrunk, "the fixture shrinks: \(shown.fontScale)")
        XCTAssertFalse(shown.isTruncated)
        let picture = Picture(window: window)
        let box = try XCTUnwrap(picture.boxes.firstIndex { $0.name == "shrinking" })
        let lines = picture.texts.filter { $0.box == box }
        XCTAssertEqual(lines.count, 1)
        let runs = try XCTUnwrap(lines.first?.runs)
        XCTAssertFalse(runs.contains { $0.isEllipsis }, "drawn whole, not cut")
        // Every glyph is drawn: as many as the text has letters (Latin, one glyph each).
        XCTAssertEqual(runs.reduce(0) { $0 + $1.glyphs.count }, "Benachrichtigungen".count)
        let width = runs.reduce(0) { $0 + $1.width }
        XCTAssertLessThanOrEqual(width, 120.01, "the shrunk text fits the label")
        XCTAssertGreaterThan(width, 120 * 0.8, "at the shown scale, not smaller")
    }
}
