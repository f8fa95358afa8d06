import AutoLayout
import Foundation
import XCTest

@testable import LayoutFiles

/// Controls whose size follows the UIKit release a file's tools imply, beyond
/// `InterfaceBuilderReleaseTests`: sliders, segmented controls, page controls, date pickers
/// and rounded-rect text fields. Files written for the tests; docs/interface-builder.md ("UIKit
/// release") gives the evidence for each, and says which rest on apps outside the corpus.
final class InterfaceBuilderControlsTests: XCTestCase {
    /// A XIB view (375 × 200) holding one control `c` centred in it, with `content` inside
    /// the control's element, laid out with the file's tools.
    private func layOut(_ element: String, content: String = "", tools: String) throws -> InterfaceBuilderReport {
        let xib = IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 375, 200))
                <subviews>
                    <\(element) opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="c">
                        \(ibRect(0, 0, 10, 10))
                        \(content)
                    </\(element.split(separator: " ")[0])>
                </subviews>
                <constraints>
                    <constraint firstItem="c" firstAttribute="centerX" secondItem="top" secondAttribute="centerX" id="x"/>
                    <constraint firstItem="c" firstAttribute="centerY" secondItem="top" secondAttribute="centerY" id="y"/>
                </constraints>
            </view>
            """, tools: tools)
        return try XCTUnwrap(IB.layOut(xib).first)
    }

    private func control(_ element: String, content: String = "", tools: String) throws -> CGRect {
        try layOut(element, content: content, tools: tools).frame("c")
    }

    private let width300 = #"<constraints><constraint firstAttribute="width" constant="300" id="w"/></constraints>"#

    /// A slider's frame reaches 2 pt past its alignment rectangle at the sides and 1 pt below
    /// it in files of toolsVersion 14490 (iOS 12), not only from iOS 14; not in iOS 11's.
    func testSlidersReachPastTheirAlignmentRectangleFromIOS12() throws {
        assertFrame(
            try control("slider", content: width300, tools: "14490.70"), CGRect(x: 35.5, y: 85, width: 304, height: 31))
        assertFrame(
            try control("slider", content: width300, tools: "13771"), CGRect(x: 37.5, y: 85, width: 300, height: 30))
    }

    /// From iOS 13 a segmented control's frame is 1 pt taller than its alignment rectangle,
    /// below it: held 34 tall it is stored 35 tall; left to its own height (31) it is 32 tall
    /// with its top half a point lower than a 32 pt rectangle's. Up to iOS 12 it is 29 tall.
    func testSegmentedControlsReachBelowTheirAlignmentRectangle() throws {
        let segments = #"<segments><segment title="A"/><segment title="B"/></segments>"#
        let held = segments + #"<constraints><constraint firstAttribute="height" constant="34" id="h"/></constraints>"#
        let constrained = try control(#"segmentedControl segmentControlStyle="plain""#, content: held, tools: "20037")
        XCTAssertEqual(constrained.minY, 83)
        XCTAssertEqual(constrained.height, 35)
        let own = try control(#"segmentedControl segmentControlStyle="plain""#, content: segments, tools: "21225")
        XCTAssertEqual(own.minY, 84.5)
        XCTAssertEqual(own.height, 32)
        let older = try control(#"segmentedControl segmentControlStyle="plain""#, content: segments, tools: "14113")
        XCTAssertEqual(older.height, 29)
    }

    /// A 3-page page control is 123 × 28 in an Xcode 12.4 file (toolsVersion 17701), 121.5 ×
    /// 28 in an Xcode 12.5 one (18122) and about 115.67 × 26 from iOS 16 (21225).
    func testPageControlsOfLaterIOS14AndIOS16() throws {
        let pages = #"pageControl numberOfPages="3""#
        XCTAssertEqual(try control(pages, tools: "17701").size, CGSize(width: 123, height: 28))
        let later = try control(pages, tools: "18122")
        XCTAssertEqual(later.width, 121.5, accuracy: 0.5)
        XCTAssertEqual(later.height, 28)
        let sixteen = try control(pages, tools: "21225")
        XCTAssertEqual(sixteen.width, 115 + 2.0 / 3, accuracy: 0.5)
        XCTAssertEqual(sixteen.height, 26)
    }

    /// A date picker showing the wheels (asked for, or any before iOS 14) is 320 pt wide when
    /// nothing sets its width; a compact one has no width of its own, so its width is
    /// ambiguous.
    func testDatePickerWheelsAre320Wide() throws {
        let height = #"<constraints><constraint firstAttribute="height" constant="216" id="h"/></constraints>"#
        for (element, tools) in [(#"datePicker style="wheels""#, "21701"), ("datePicker", "13771")] {
            let report = try layOut(element, content: height, tools: tools)
            assertFrame(report.frame("c"), CGRect(x: 27.5, y: -8, width: 320, height: 216))
            XCTAssertTrue(report.layout.problems.isEmpty, "\(report.layout.problems)")
        }
        let compact = try layOut(#"datePicker style="compact""#, content: height, tools: "21701")
        XCTAssertTrue(compact.layout.problems.contains { $0.message.contains("ambiguous") })
    }

    /// A rounded-rect text field is 30 tall up to iOS 12 and 34 from iOS 13.
    func testRoundedRectTextFieldsBeforeIOS13() throws {
        let field = #"textField borderStyle="roundedRect" placeholder="Name""#
        XCTAssertEqual(try control(field, tools: "14113").height, 30)
        XCTAssertEqual(try control(field, tools: "15702").height, 34)
    }

    /// A switch's 51 pt frame reaches 2 pt past its alignment rectangle on the right: pinned
    /// 16 inside the trailing edge of a 375 pt view, it is stored at x 310 (not 308), and a
    /// label held 8 before it ends at 302; pinned by its leading edge it sits where the
    /// constraint says. Centred, the 49 pt rectangle is, at x 163.
    func testSwitchesReachPastTheirAlignmentRectangleOnTheRight() throws {
        try assertSwitches(tools: "21701", width: 51, height: 31)
    }

    /// A file saved by Xcode 26 (toolsVersion 24400 on) has iOS 26's switch, a 61 × 28
    /// alignment rectangle in a 63 × 28 frame reaching 2 pt past it on the right, as xdrip's
    /// 24412 storyboard stores its switch pinned 20 inside the safe area's trailing edge: at
    /// x 763 on an 844 pt wide screen, 63 wide.
    func testIOS26SwitchesAre63By28() throws {
        try assertSwitches(tools: "24412", width: 63, height: 28)
    }

    /// Three switches in a 375 pt view: one pinned 16 inside the trailing edge with a label
    /// held 8 before it, one pinned by its leading edge, one centred; each width × height.
    private func assertSwitches(tools: String, width: Double, height: Double, line: UInt = #line) throws {
        let alignment = width - 2
        let trailingX = 375 - 16 - alignment
        let centredX = (375 - alignment) / 2
        let xib = IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 375, 200))
                <subviews>
                    <label opaque="NO" text="Notifications" translatesAutoresizingMaskIntoConstraints="NO" id="l">
                        \(ibRect(16, 10, trailingX - 8 - 16, 21))
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    </label>
                    <switch opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="t">
                        \(ibRect(trailingX, 5, width, height))
                    </switch>
                    <switch opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="s">
                        \(ibRect(16, 60, width, height))
                    </switch>
                    <switch opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="c">
                        \(ibRect(centredX, 120, width, height))
                    </switch>
                </subviews>
                <constraints>
                    <constraint firstItem="l" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="16" id="c1"/>
                    <constraint firstItem="t" firstAttribute="leading" secondItem="l" secondAttribute="trailing" constant="8" id="c2"/>
                    <constraint firstAttribute="trailing" secondItem="t" secondAttribute="trailing" constant="16" id="c3"/>
                    <constraint firstItem="t" firstAttribute="top" secondItem="top" secondAttribute="top" constant="5" id="c4"/>
                    <constraint firstItem="l" firstAttribute="centerY" secondItem="t" secondAttribute="centerY" id="c5"/>
                    <constraint firstItem="s" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="16" id="c6"/>
                    <constraint firstItem="s" firstAttribute="top" secondItem="top" secondAttribute="top" constant="60" id="c7"/>
                    <constraint firstItem="c" firstAttribute="centerX" secondItem="top" secondAttribute="centerX" id="c8"/>
                    <constraint firstItem="c" firstAttribute="top" secondItem="top" secondAttribute="top" constant="120" id="c9"/>
                </constraints>
            </view>
            """, tools: tools)
        let report = try XCTUnwrap(IB.layOut(xib).first)
        assertFrame(report.frame("t"), CGRect(x: trailingX, y: 5, width: width, height: height), line: line)
        XCTAssertEqual(report.frame("l").maxX, trailingX - 8, line: line)
        assertFrame(report.frame("s"), CGRect(x: 16, y: 60, width: width, height: height), line: line)
        assertFrame(report.frame("c"), CGRect(x: centredX, y: 120, width: width, height: height), line: line)
    }
}
