import Pictures
import XCTest

/// The one escaping rule of SVG pictures and HTML / JUnit reports.
final class MarkupTextTests: XCTestCase {
    func testMarkupCharactersBecomeReferences() {
        XCTAssertEqual(
            MarkupText.escaped(#"<a href="x">Tom & Jerry's</a>"#),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;")
    }

    func testLineBreaksAndTabsSurviveInAttributes() {
        XCTAssertEqual(MarkupText.escaped("a\nb\tc\rd"), "a&#10;b&#9;c&#13;d")
    }

    func testCharactersXMLForbidsBecomeReplacementMarks() {
        XCTAssertEqual(MarkupText.escaped("a\u{0}b\u{1B}c\u{FFFE}d\u{FFFF}"), "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}")
    }

    func testOtherTextIsKeptAsWritten() {
        XCTAssertEqual(MarkupText.escaped("Grüße مرحبا 👋🏽 \u{200F}"), "Grüße مرحبا 👋🏽 \u{200F}")
    }
}
