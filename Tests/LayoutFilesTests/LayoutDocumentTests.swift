import AutoLayout
import Foundation
import LayoutFiles
import XCTest

/// Layout files read through the shared document reader and its bounds.
final class LayoutDocumentTests: XCTestCase {
    func testAYAMLAliasBombIsASyntaxErrorNotAnExpansion() {
        var lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
        let names = "abcdefghij".map(String.init)
        for (previous, name) in zip(names, names.dropFirst()) {
            lines.append(
                "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]")
        }
        lines.append("views: *j")
        let error = layoutError(lines.joined(separator: "\n"), format: .yaml)
        XCTAssertEqual(error?.kind, .syntax)
        XCTAssertNotNil(error?.position)
        XCTAssertEqual(error?.description.hasPrefix("test.yaml:"), true)
    }

    func testYAMLAliasesWithinTheBoundsStillWork() throws {
        let text = """
            screen: {width: 320, height: 480}
            views:
              - &label {name: a, kind: label, text: Hi, font: Inter}
              - {name: b, kind: label, text: There, font: Inter}
            constraints: [a.top = superview.top, a.leading = superview.leading, b.top = a.bottom, b.leading = a.leading]
            """
        let screen = try LayoutFile(bytes: Array(text.utf8), format: .yaml).makeScreen()
        XCTAssertEqual(screen.layOut().views.count >= 2, true)
    }

    /// `view.keyboard` is the keyboard's guide with the keyboard offscreen: on an iPhone 15 its
    /// top is the safe area's bottom, 852 − 34.
    func testKeyboardGuideInALayoutFile() throws {
        let text = """
            screen: {device: iPhone 15}
            views:
              - {name: list, kind: view}
            constraints: [list.top = view.safeArea.top, list.leading = view.leading, list.trailing = view.trailing,
                          list.bottom = view.keyboard.top]
            """
        let report = try LayoutFile(bytes: Array(text.utf8), format: .yaml).makeScreen().layOut()
        XCTAssertEqual(report.view("list")?.frame, CGRect(x: 0, y: 59, width: 393, height: 759))
    }

    func testADirectoryAsAViewsFontIsAnError() {
        let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fonts").path
        let error = layoutError(
            """
            {"screen": {"width": 320, "height": 480},
             "views": [{"name": "a", "kind": "label", "text": "Hi", "font": "\(fonts)/"}]}
            """)
        XCTAssertEqual(error?.kind, .unknownFont)
        XCTAssertEqual(error?.position?.line, 2)
        XCTAssertEqual(error?.message.contains("is a directory"), true, "\(String(describing: error))")
    }
}
