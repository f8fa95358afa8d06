import AutoLayout
import Foundation
import XCTest

@testable import LayoutFiles

/// The UIKit release an IB file was laid out with (its tools version), the control sizes that
/// follow it, and the bars and status bars older Xcodes simulate. Files written for the tests,
/// one construct each; the expected frames are the sizes docs/interface-builder.md derives.
final class InterfaceBuilderReleaseTests: XCTestCase {
    /// A document's release, from its toolsVersion (and the plug-in version beside the
    /// placeholder toolsVersion 32700.99.1234).
    private func release(tools: String, plugin: String? = nil) throws -> Int {
        let dependencies = plugin.map {
            """
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="\($0)"/>
            </dependencies>
            """
        }
        let text = IB.xib("", tools: tools, extra: dependencies ?? "")
        return try InterfaceBuilderFile(bytes: Array(text.utf8)).uikitRelease.major
    }

    func testToolsVersionsNameTheReleaseOfTheirXcode() throws {
        XCTAssertEqual(try release(tools: "10117"), 9)
        XCTAssertEqual(try release(tools: "11201"), 10)
        XCTAssertEqual(try release(tools: "13771"), 11)
        XCTAssertEqual(try release(tools: "14460.31"), 12)
        XCTAssertEqual(try release(tools: "14490.70"), 12)
        XCTAssertEqual(try release(tools: "14868"), 13)
        XCTAssertEqual(try release(tools: "16096"), 13)
        XCTAssertEqual(try release(tools: "17506"), 14)
        XCTAssertEqual(try release(tools: "18122"), 14)
        XCTAssertEqual(try release(tools: "19162"), 15)
        XCTAssertEqual(try release(tools: "21701"), 16)
        XCTAssertEqual(try release(tools: "22505"), 17)
        XCTAssertEqual(try release(tools: "32700.99.1234", plugin: "22685"), 17)
        XCTAssertEqual(try release(tools: "23504"), 18)
        XCTAssertEqual(try release(tools: "24127"), 18)
        XCTAssertEqual(try release(tools: "24412"), 26)
        XCTAssertEqual(try release(tools: "24506"), 26)
    }

    /// A XIB view holding one control centred in it, laid out with the file's tools.
    private func control(_ element: String, tools: String, options: InterfaceBuilderOptions = .init()) throws
        -> CGRect
    {
        let xib = IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 320, 200))
                <subviews>
                    <\(element) opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="c">
                        \(ibRect(0, 0, 10, 10))
                    </\(element.split(separator: " ")[0])>
                </subviews>
                <constraints>
                    <constraint firstItem="c" firstAttribute="centerX" secondItem="top" secondAttribute="centerX" id="x"/>
                    <constraint firstItem="c" firstAttribute="centerY" secondItem="top" secondAttribute="centerY" id="y"/>
                </constraints>
            </view>
            """, tools: tools)
        return try XCTUnwrap(IB.layOut(xib, options: options).first).frame("c")
    }

    /// Page controls: (16 × pages − 9) × 37 up to iOS 13 (7 pt dots 16 apart), (16 × pages +
    /// 75) × 28 from iOS 14, (18 × pages + 20) × 26 on iOS 26.
    func testPageControlsTakeTheSizeOfTheirRelease() throws {
        let pages = #"pageControl numberOfPages="4""#
        assertFrame(try control(pages, tools: "14460.31"), CGRect(x: 132.5, y: 81.5, width: 55, height: 37))
        assertFrame(try control(pages, tools: "17701"), CGRect(x: 90.5, y: 86, width: 139, height: 28))
        let newest = InterfaceBuilderOptions(uikitRelease: UIKitRelease(26))
        assertFrame(
            try control(pages, tools: "14460.31", options: newest), CGRect(x: 114, y: 87, width: 92, height: 26))
        XCTAssertFalse(newest.keepsStoredLayout, "another release is not what the file stores")
    }

    /// Progress views are 2 pt tall before iOS 14, steppers 29 before iOS 13.
    func testProgressViewsAndSteppersBeforeTheirRedesigns() throws {
        XCTAssertEqual(try control("progressView", tools: "14460.31").size.height, 2)
        XCTAssertEqual(try control("progressView", tools: "17506").size.height, 4)
        XCTAssertEqual(try control("stepper", tools: "14460.31").size, CGSize(width: 94, height: 29))
        XCTAssertEqual(try control("stepper", tools: "15702").size, CGSize(width: 94, height: 32))
    }

    /// From iOS 12 a slider's frame reaches 2 pt past its alignment rectangle on each side and
    /// 1 pt below it: in a 300-wide vertical stack with 24 pt spacing, the slider is stored at
    /// x −2, 304 × 31, and the view after it starts 30 + 24 below its top.
    func testSlidersReachPastTheirAlignmentRectangle() throws {
        func stack(tools: String) throws -> InterfaceBuilderReport {
            let xib = IB.xib(
                """
                <view contentMode="scaleToFill" id="top">
                    \(ibRect(0, 0, 320, 200))
                    <subviews>
                        <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" spacing="24" translatesAutoresizingMaskIntoConstraints="NO" id="s">
                            \(ibRect(10, 10, 300, 98))
                            <subviews>
                                <slider opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="slider">
                                    \(ibRect(-2, 0, 304, 31))
                                </slider>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="below">
                                    \(ibRect(0, 54, 300, 44))
                                    <constraints>
                                        <constraint firstAttribute="height" constant="44" id="h"/>
                                    </constraints>
                                </view>
                            </subviews>
                        </stackView>
                    </subviews>
                    <constraints>
                        <constraint firstItem="s" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="10" id="l"/>
                        <constraint firstItem="s" firstAttribute="trailing" secondItem="top" secondAttribute="trailing" constant="-10" id="r"/>
                        <constraint firstItem="s" firstAttribute="top" secondItem="top" secondAttribute="top" constant="10" id="t"/>
                    </constraints>
                </view>
                """, tools: tools)
            return try XCTUnwrap(IB.layOut(xib).first)
        }
        let current = try stack(tools: "17506")
        assertFrame(current.frame("slider"), CGRect(x: -2, y: 0, width: 304, height: 31))
        assertFrame(current.frame("below"), CGRect(x: 0, y: 54, width: 300, height: 44))
        assertFrame(current.frame("s"), CGRect(x: 10, y: 10, width: 300, height: 98))
        XCTAssertEqual(current.differing.count, 0)
        // Before iOS 12 no inset was measured: the frame is the alignment rectangle.
        assertFrame(try stack(tools: "13771").frame("slider"), CGRect(x: 0, y: 0, width: 300, height: 30))
    }

    /// A controller shown by a navigation controller simulates the bar that controller stores:
    /// 56 pt in a sheet (iOS 13 and later), so a label 22 below the safe area sits at 78.
    func testControllersSimulateTheBarTheirNavigationControllerStores() throws {
        func storyboard(barHeight: Int) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17506" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
                <device id="retina4_7" orientation="portrait" appearance="light"/>
                <scenes>
                    <scene sceneID="content">
                        <objects>
                            <viewController id="vc" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="root">
                                    \(ibRect(0, 0, 375, 647))
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v">
                                            \(ibRect(16, 78, 100, 20))
                                            <constraints>
                                                <constraint firstAttribute="width" constant="100" id="w"/>
                                                <constraint firstAttribute="height" constant="20" id="h"/>
                                            </constraints>
                                        </view>
                                    </subviews>
                                    <viewLayoutGuide key="safeArea" id="safe"/>
                                    <constraints>
                                        <constraint firstItem="v" firstAttribute="leading" secondItem="safe" secondAttribute="leading" constant="16" id="l"/>
                                        <constraint firstItem="v" firstAttribute="top" secondItem="safe" secondAttribute="top" constant="22" id="t"/>
                                    </constraints>
                                </view>
                            </viewController>
                        </objects>
                    </scene>
                    <scene sceneID="navigation">
                        <objects>
                            <navigationController id="nav" sceneMemberID="viewController">
                                <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar">
                                    \(ibRect(0, 0, 375, Double(barHeight)))
                                    <autoresizingMask key="autoresizingMask"/>
                                </navigationBar>
                                <connections>
                                    <segue destination="vc" kind="relationship" relationship="rootViewController" id="root-segue"/>
                                </connections>
                            </navigationController>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        }
        let sheet = try XCTUnwrap(IB.layOut(storyboard(barHeight: 56)).first)
        assertFrame(sheet.frame("v"), CGRect(x: 16, y: 78, width: 100, height: 20))
        XCTAssertEqual(sheet.differing.count, 0)
        let fullScreen = try XCTUnwrap(IB.layOut(storyboard(barHeight: 44)).first)
        assertFrame(fullScreen.frame("v"), CGRect(x: 16, y: 66, width: 100, height: 20))
    }

    /// Before toolsVersion 17000 a root as tall as a home-button phone's screen sits under a
    /// 20 pt status bar even when narrower than the screen (a 375-wide pop-up on a 414-wide
    /// phone); a shorter freeform root does not.
    func testFullHeightRootsSitUnderTheOlderStatusBar() throws {
        func frame(height: Int) throws -> CGRect {
            let text = IB.storyboard(
                """
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v">
                        \(ibRect(0, 20, 375, 10))
                        <constraints>
                            <constraint firstAttribute="height" constant="10" id="h"/>
                        </constraints>
                    </view>
                </subviews>
                <viewLayoutGuide key="safeArea" id="safe"/>
                <constraints>
                    <constraint firstItem="v" firstAttribute="top" secondItem="safe" secondAttribute="top" id="t"/>
                    <constraint firstItem="v" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="l"/>
                    <constraint firstItem="v" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="r"/>
                </constraints>
                """, device: "retina5_5", tools: "14460.31", width: 375, height: height)
            return try XCTUnwrap(IB.layOut(text).first).frame("v")
        }
        assertFrame(try frame(height: 736), CGRect(x: 0, y: 20, width: 375, height: 10))
        assertFrame(try frame(height: 500), CGRect(x: 0, y: 0, width: 375, height: 10))
    }

    /// A button with an image, hugging and compression resistance at 1000 and required
    /// 30 × 30 constraints is 30 × 30: UIKit adds content-size constraints after the app's, so
    /// the content size is the constraint broken.
    func testRequiredSizeConstraintsWinOverRequiredContentSizes() throws {
        let xib = IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 320, 200))
                <subviews>
                    <button opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="1000" verticalHuggingPriority="1000" horizontalCompressionResistancePriority="1000" verticalCompressionResistancePriority="1000" translatesAutoresizingMaskIntoConstraints="NO" id="b">
                        \(ibRect(10, 10, 30, 30))
                        <constraints>
                            <constraint firstAttribute="width" constant="30" id="w"/>
                            <constraint firstAttribute="height" constant="30" id="h"/>
                        </constraints>
                        <state key="normal" image="cross"/>
                    </button>
                </subviews>
                <constraints>
                    <constraint firstItem="b" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="10" id="l"/>
                    <constraint firstItem="b" firstAttribute="top" secondItem="top" secondAttribute="top" constant="10" id="t"/>
                </constraints>
            </view>
            """,
            extra: ""
        )
        .replacingOccurrences(
            of: "</objects>",
            with: "</objects>\n<resources><image name=\"cross\" width=\"16\" height=\"16\"/></resources>")
        let report = try XCTUnwrap(IB.layOut(xib).first)
        assertFrame(report.frame("b"), CGRect(x: 10, y: 10, width: 30, height: 30))
        XCTAssertTrue(
            report.layout.problems.contains { $0.message.contains("NSContentSizeLayoutConstraint") },
            "the broken content size is reported")
    }

    /// A file without `<device>` (Xcode 7 and earlier) was laid out on a canvas of its roots'
    /// stored size, 600 × 600: the root is the screen, under the 20 pt status bar, with 20 pt
    /// side margins (600 points wide); a table cell's content view has UIView's 8 pt margins
    /// all round before iOS 11.
    func testDeviceFreeCanvasOfOlderFiles() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="10117" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES">
                <scenes>
                    <scene sceneID="scene-1">
                        <objects>
                            <viewController id="vc" sceneMemberID="viewController">
                                <layoutGuides>
                                    <viewControllerLayoutGuide type="top" id="top-guide"/>
                                </layoutGuides>
                                <view key="view" contentMode="scaleToFill" id="root">
                                    \(ibRect(0, 0, 600, 600))
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>
                                        <tableView clipsSubviews="YES" contentMode="scaleToFill" style="plain" rowHeight="56" translatesAutoresizingMaskIntoConstraints="NO" id="table">
                                            \(ibRect(0, 20, 600, 300))
                                            <prototypes>
                                                <tableViewCell contentMode="scaleToFill" id="cell">
                                                    \(ibRect(0, 28, 600, 56))
                                                    <autoresizingMask key="autoresizingMask"/>
                                                    <tableViewCellContentView key="contentView" opaque="NO" contentMode="center" tableViewCell="cell" id="content">
                                                        \(ibRect(0, 0, 600, 55))
                                                        <autoresizingMask key="autoresizingMask"/>
                                                        <subviews>
                                                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="inner">
                                                                \(ibRect(18, 8, 100, 20))
                                                                <constraints>
                                                                    <constraint firstAttribute="width" constant="100" id="iw"/>
                                                                    <constraint firstAttribute="height" constant="20" id="ih"/>
                                                                </constraints>
                                                            </view>
                                                        </subviews>
                                                        <constraints>
                                                            <constraint firstItem="inner" firstAttribute="leading" secondItem="content" secondAttribute="leadingMargin" constant="10" id="il"/>
                                                            <constraint firstItem="inner" firstAttribute="top" secondItem="content" secondAttribute="topMargin" id="it"/>
                                                        </constraints>
                                                    </tableViewCellContentView>
                                                </tableViewCell>
                                            </prototypes>
                                            <constraints>
                                                <constraint firstAttribute="height" constant="300" id="th"/>
                                            </constraints>
                                        </tableView>
                                    </subviews>
                                    <constraints>
                                        <constraint firstItem="table" firstAttribute="leading" secondItem="root" secondAttribute="leadingMargin" constant="-20" id="tl"/>
                                        <constraint firstAttribute="trailingMargin" secondItem="table" secondAttribute="trailing" constant="-20" id="tr"/>
                                        <constraint firstItem="table" firstAttribute="top" secondItem="top-guide" secondAttribute="bottom" id="tt"/>
                                    </constraints>
                                </view>
                            </viewController>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        let report = try XCTUnwrap(IB.layOut(text).first)
        assertFrame(report.frame("table"), CGRect(x: 0, y: 20, width: 600, height: 300))
        assertFrame(report.frame("inner"), CGRect(x: 18, y: 8, width: 100, height: 20))
        XCTAssertEqual(report.differing.map(\.object.id), [])
    }
}
