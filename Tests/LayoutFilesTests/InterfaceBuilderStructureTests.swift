import AutoLayout
import Foundation
import LayoutFiles
import XCTest

/// Files Xcode opens lay out whole: fraction multipliers, values that do not read, fixed
/// frames. Each test is a file written for it that fails without its rule.
final class InterfaceBuilderStructureTests: XCTestCase {
    /// A view whose width is the root's times `multiplier`, plus 10.
    private func widthFile(multiplier: String) -> String {
        IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 300, 200))
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                        \(ibRect(0, 0, 210, 20))
                        <constraints><constraint firstAttribute="height" constant="20" id="h"/></constraints>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="box" firstAttribute="leading" secondItem="top" secondAttribute="leading" id="l"/>
                    <constraint firstItem="box" firstAttribute="top" secondItem="top" secondAttribute="top" id="t"/>
                    <constraint firstItem="box" firstAttribute="width" secondItem="top" secondAttribute="width" multiplier="\(multiplier)" constant="10" id="w"/>
                </constraints>
            </view>
            """)
    }

    /// IB writes a multiplier as typed: a number, a ratio or a fraction, each the first number
    /// divided by the second.
    func testMultiplierSpellings() throws {
        for (written, width) in [("2/3", 210.0), ("1/2", 160.0), ("2:3", 210.0), ("0.5", 160.0), ("1 / 4", 85.0)] {
            let report = try XCTUnwrap(IB.layOut(widthFile(multiplier: written)).first)
            assertFrame(report.frame("box"), CGRect(x: 0, y: 0, width: width, height: 20), written)
            XCTAssertTrue(report.layout.problems.isEmpty, "\(written): \(report.layout.problems.map(\.message))")
        }
    }

    /// A value the reader does not understand is a problem with its line; the constraint is
    /// left out and the rest of the file is laid out.
    func testValuesThatDoNotReadAreProblemsNotErrors() throws {
        for (written, words) in [("2/0", "fraction"), ("x:y", "ratio"), ("two", "neither a number")] {
            let report = try XCTUnwrap(IB.layOut(widthFile(multiplier: written)).first)
            let problem = try XCTUnwrap(report.layout.problems.first { $0.kind == .ignoredValue }, written)
            XCTAssertEqual(problem.position?.line, 18, written)
            XCTAssertTrue(problem.message.contains(words), problem.message)
            XCTAssertTrue(problem.message.contains("left out"), problem.message)
            // The constraints that read still hold.
            XCTAssertEqual(report.frame("box").height, 20)
            XCTAssertEqual(report.frame("box").minY, 0)
        }
        let unknown = IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 320, 200))
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                        \(ibRect(10, 10, 50, 50))
                        <constraints>
                            <constraint firstAttribute="width" constant="50" id="w"/>
                            <constraint firstAttribute="height" constant="50" priority="nan" id="h"/>
                        </constraints>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="nowhere" firstAttribute="top" secondItem="top" secondAttribute="top" id="c1"/>
                    <constraint firstItem="box" firstAttribute="top" secondItem="top" secondAttribute="top" constant="10" id="c2"/>
                    <constraint firstItem="box" firstAttribute="leading" secondItem="top" secondAttribute="sideways" id="c3"/>
                    <constraint firstItem="box" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="10" id="c4"/>
                    <constraint firstItem="box" firstAttribute="bottom" relation="sometimes" secondItem="top" secondAttribute="bottom" id="c5"/>
                </constraints>
            </view>
            """)
        let report = try XCTUnwrap(IB.layOut(unknown).first)
        let ignored = report.layout.problems.filter { $0.kind == .ignoredValue }
        XCTAssertEqual(
            ignored.compactMap { $0.position?.line }.sorted(), [14, 19, 21, 23], ignored.map(\.message).description)
        XCTAssertTrue(ignored.contains { $0.message.contains("\"nowhere\"") }, ignored.map(\.message).description)
        XCTAssertTrue(ignored.contains { $0.message.contains("priority=\"nan\"") })
        XCTAssertTrue(ignored.contains { $0.message.contains("secondAttribute=\"sideways\"") })
        XCTAssertTrue(ignored.contains { $0.message.contains("relation=\"sometimes\"") })
        let box = report.frame("box")
        XCTAssertEqual([box.minX, box.minY, box.width], [10, 10, 50])
    }

    /// `fixedFrame="YES"`: a view no constraint names keeps the frame IB stores, and follows
    /// its superview through its autoresizing mask.
    func testFixedFrameKeepsTheStoredFrame() throws {
        let text = IB.storyboard(
            """
            <subviews>
                <view contentMode="scaleToFill" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="fixed">
                    <rect key="frame" x="37" y="120" width="240" height="128"/>
                    <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                    <subviews>
                        <label opaque="NO" text="Inside" translatesAutoresizingMaskIntoConstraints="NO" id="inside">
                            <rect key="frame" x="8" y="8" width="100" height="20"/>
                            <constraints>
                                <constraint firstAttribute="width" constant="100" id="iw"/>
                                <constraint firstAttribute="height" constant="20" id="ih"/>
                            </constraints>
                        </label>
                    </subviews>
                    <constraints>
                        <constraint firstItem="inside" firstAttribute="leading" secondItem="fixed" secondAttribute="leading" constant="8" id="il"/>
                        <constraint firstItem="inside" firstAttribute="top" secondItem="fixed" secondAttribute="top" constant="8" id="it"/>
                    </constraints>
                </view>
            </subviews>
            """, device: "retina4_7", width: 375, height: 667)
        let report = try XCTUnwrap(IB.layOut(text).first)
        assertFrame(report.frame("fixed"), CGRect(x: 37, y: 120, width: 240, height: 128))
        assertFrame(report.frame("inside"), CGRect(x: 8, y: 8, width: 100, height: 20))
        XCTAssertEqual(report.view("fixed")?.isCompared, true)
        XCTAssertEqual(report.differing.count, 0, report.differing.map(\.object.id).description)
    }

    /// A stack view's "Use Standard" spacing (`spacingType="standard"`, no `spacing`) is
    /// UIKit's `spacingUseSystem`: 8 pt between siblings. Two views sharing a 375-wide stack
    /// equally are 183.5 wide each on either side of the 8 pt gap, on the @3x grid 183.67 and
    /// 183.33, as IB stores YOD's filter bar.
    func testStackViewStandardSpacing() throws {
        let text = IB.storyboard(
            """
            <subviews>
                <stackView opaque="NO" contentMode="scaleToFill" distribution="fillEqually" spacingType="standard" translatesAutoresizingMaskIntoConstraints="NO" id="bar">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="65"/>
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sort">
                            <rect key="frame" x="0.0" y="0.0" width="183.66666666666666" height="65"/>
                        </view>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="filter">
                            <rect key="frame" x="191.66666666666663" y="0.0" width="183.33333333333337" height="65"/>
                        </view>
                    </subviews>
                    <constraints>
                        <constraint firstAttribute="height" constant="65" id="bh"/>
                    </constraints>
                </stackView>
            </subviews>
            <constraints>
                <constraint firstItem="bar" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="bl"/>
                <constraint firstAttribute="trailing" secondItem="bar" secondAttribute="trailing" id="bt"/>
                <constraint firstItem="bar" firstAttribute="top" secondItem="root" secondAttribute="top" id="bto"/>
            </constraints>
            """, device: "retina5_9", width: 375, height: 812)
        let report = try XCTUnwrap(IB.layOut(text).first)
        assertFrame(report.frame("sort"), CGRect(x: 0, y: 0, width: 551.0 / 3, height: 65))
        assertFrame(report.frame("filter"), CGRect(x: 575.0 / 3, y: 0, width: 550.0 / 3, height: 65))
        XCTAssertEqual(report.differing.count, 0, report.differing.map(\.object.id).description)
    }
}
