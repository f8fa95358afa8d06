import Foundation
import LayoutFiles
import XCTest

/// What the XML parser hands the reader: only well-formed files, and ids that name something.
final class InterfaceBuilderParseTests: XCTestCase {
    /// libxml2 reports a control character inside an attribute value, drops the value and goes
    /// on, and the parse still succeeds; the reader refuses the file at that first complaint
    /// instead of laying out what the parser guessed.
    func testRecoveredParseErrorIsMalformed() {
        let text = IB.storyboard(
            """
            <subviews>
                <label opaque="NO" text="Hi" translatesAutoresizingMaskIntoConstraints="NO" id="\u{0B}lbl">
                    <rect key="frame" x="0" y="0" width="20" height="20"/>
                </label>
            </subviews>
            """)
        let error = IB.error(text)
        XCTAssertEqual(error?.kind, .syntax)
        XCTAssertEqual(error?.message.hasPrefix("malformed XML: "), true, error?.message ?? "")
        XCTAssertEqual(error?.position?.line, 13, "\(String(describing: error?.position))")

        // A processing instruction left open swallows the elements after it.
        let open = IB.error(IB.storyboard("<?unfinished key=\"x\"/>\n<subviews/>"))
        XCTAssertEqual(open?.message.contains("processing instruction"), true, open?.message ?? "")
    }

    /// An empty `id` names nothing: a tab bar item with one has no translation key, so it
    /// gives no bar title, and a view with one is a view without an id.
    func testEmptyIDNamesNothing() throws {
        let tabs = IB.storyboard(
            """
            <subviews>
                <tabBar contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="tabs">
                    <rect key="frame" x="0" y="769" width="393" height="49"/>
                    <items>
                        <tabBarItem title="Home" id=""/>
                        <tabBarItem title="Search" id="search"/>
                    </items>
                </tabBar>
            </subviews>
            """)
        let file = try InterfaceBuilderFile(bytes: Array(tabs.utf8))
        XCTAssertEqual(file.barTitles.map(\.text.key), ["search.title"])

        let view = IB.storyboard(
            """
            <subviews>
                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="">
                    <rect key="frame" x="0" y="0" width="20" height="20"/>
                </view>
            </subviews>
            """)
        let error = IB.error(view)
        XCTAssertEqual(error?.message.contains("has no id"), true, error?.message ?? "")
    }
}
