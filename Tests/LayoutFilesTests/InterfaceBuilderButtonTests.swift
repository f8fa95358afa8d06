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
        let withImage = try button(#"<state key="normal" title="Continue" image="arrow"/>"#)
        let titleOnly = try button(#"<state key="normal" title="Continue"/>"#)
        let frame = withImage.frame("b")
        XCTAssertEqual(frame.height, titleOnly.frame("b").height - 12)
        XCTAssertEqual(frame.width, titleOnly.frame("b").width + 10)
    }

    /// Short titles are 30 pt wide, so a proportional stack of them shares its width in
    /// proportion to 30 each, the spacing counted in the whole: in a 343 pt stack with 34 pt
    /// spacing, five buttons titled "1D" … "All" at 10 pt are each 30 / (5 × 30 + 4 × 34) of
    /// 343 = 35.98, on the @2x grid 36, and the last takes what is left, 63, as Krystal's
    /// chart-period stacks are stored (docs/interface-builder.md).
    func testShortTitlesShareAProportionalStackAsThirtyPointsEach() throws {
        let titles = ["1D", "1W", "1M", "1Y", "All"]
        let buttons = titles.enumerated().map { index, title in
            """
            <button opaque="NO" contentMode="scaleToFill" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="b\(index)">
                \(ibRect(0, 0, 36, 24))
                <fontDescription key="fontDescription" type="system" pointSize="10"/>
                <state key="normal" title="\(title)"/>
            </button>
            """
        }
        let xib = IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 375, 200))
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" distribution="fillProportionally" spacing="34" translatesAutoresizingMaskIntoConstraints="NO" id="s">
                        \(ibRect(16, 16, 343, 24))
                        <subviews>
                            \(buttons.joined(separator: "\n"))
                        </subviews>
                        <constraints>
                            <constraint firstAttribute="height" constant="24" id="h"/>
                        </constraints>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="s" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="16" id="c1"/>
                    <constraint firstAttribute="trailing" secondItem="s" secondAttribute="trailing" constant="16" id="c2"/>
                    <constraint firstItem="s" firstAttribute="top" secondItem="top" secondAttribute="top" constant="16" id="c3"/>
                </constraints>
            </view>
            """)
        let report = try XCTUnwrap(IB.layOut(xib).first)
        for index in 0..<4 {
            XCTAssertEqual(report.frame("b\(index)"), CGRect(x: Double(index) * 70, y: 0, width: 36, height: 24))
        }
        XCTAssertEqual(report.frame("b4"), CGRect(x: 280, y: 0, width: 63, height: 24))
    }
}
