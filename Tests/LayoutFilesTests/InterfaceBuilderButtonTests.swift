import AutoLayout
import Foundation
import LayoutFiles
import XCTest

/// Buttons as Interface Builder writes them: legacy buttons with an image and a title, and
/// iOS 15 buttons whose `<buttonConfiguration>` carries their title. Files written for the
/// tests; docs/interface-builder.md gives the stored frames each rule reproduces.
final class InterfaceBuilderButtonTests: XCTestCase {
    /// A XIB whose view holds one button `b` placed by its top and leading edges only.
    private func button(_ content: String, attributes: String = "") throws -> InterfaceBuilderReport {
        let xib = IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 375, 200))
                <subviews>
                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" \(attributes) translatesAutoresizingMaskIntoConstraints="NO" id="b">
                        \(ibRect(20, 20, 10, 10))
                        \(content)
                    </button>
                </subviews>
                <constraints>
                    <constraint firstItem="b" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="20" id="c1"/>
                    <constraint firstItem="b" firstAttribute="top" secondItem="top" secondAttribute="top" constant="20" id="c2"/>
                </constraints>
            </view>
            """, extra: #"<resources><image name="arrow" width="10" height="6"/></resources>"#)
        return try XCTUnwrap(IB.layOut(xib).first)
    }

    /// The title of an iOS 15 button is its configuration's, not the state title IB also
    /// writes ("Button"), and a translation reaches it as `ID.configuration.title`.
    func testConfigurationTitleWinsOverTheStateTitle() throws {
        let configured = try button(
            """
            <state key="normal" title="Button"/>
            <buttonConfiguration key="configuration" style="plain" title="Go"/>
            """)
        let reference = try button(
            """
            <state key="normal" title="Go"/>
            <buttonConfiguration key="configuration" style="plain" title="Go"/>
            """)
        let stateTitle = try button(
            """
            <state key="normal" title="Button"/>
            <buttonConfiguration key="configuration" style="plain" title="Button"/>
            """)
        XCTAssertEqual(configured.frame("b"), reference.frame("b"))
        XCTAssertGreaterThan(stateTitle.frame("b").width, configured.frame("b").width + 10)
        XCTAssertEqual(configured.view("b")?.object.texts["configuration.title"], "Go")
        XCTAssertNil(configured.view("b")?.object.texts["normalTitle"])
    }

    /// A legacy button with a 10 × 6 image beside its title is one title line tall: the
    /// image does not reach it, and no 6 pt padding is added.
    func testImageAndTitleButtonIsOneLineTall() throws {
        let withImage = try button(#"<state key="normal" title="Go" image="arrow"/>"#)
        let titleOnly = try button(#"<state key="normal" title="Go"/>"#)
        let frame = withImage.frame("b")
        XCTAssertEqual(frame.height, titleOnly.frame("b").height - 12)
        XCTAssertEqual(frame.width, titleOnly.frame("b").width + 10)
    }
}
