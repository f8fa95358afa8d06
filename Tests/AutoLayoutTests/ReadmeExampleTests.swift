import AutoLayout
import Foundation
import XCTest

/// The README's and docs/autolayout.md's example, checked.
final class ReadmeExampleTests: XCTestCase {
    func testReadmeExample() {
        let window = UIWindow(device: .iPhone15)
        window.logsLayoutDiagnostics = false
        let controller = UIViewController()
        window.rootViewController = controller
        let title = UILabel(text: "Sign up to get started with your new account")
        title.numberOfLines = 0
        title.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(title)
        NSLayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.topAnchor, constant: 24),
            title.leadingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.leadingAnchor),
            title.trailingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.trailingAnchor),
        ])
        window.layoutIfNeeded()
        XCTAssertEqual(title.frame.minX, 16)
        XCTAssertEqual(title.frame.minY, 83)
        XCTAssertEqual(title.frame.width, 361)
        XCTAssertEqual(
            title.frame.height, 61.0 / 3, accuracy: 1e-9, "one line of the system font's 20.287 pt, ceiled at @3x")
        XCTAssertFalse(title.hasAmbiguousLayout)
        XCTAssertTrue(window.layoutDiagnostics.isEmpty)
    }
}
