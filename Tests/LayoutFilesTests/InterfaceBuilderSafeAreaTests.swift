import AutoLayout
import Foundation
import XCTest

@testable import LayoutFiles

/// The safe area Interface Builder simulates over a scene's root: the status bar by device and
/// Xcode, the bars a controller shows, and where a root shorter than the screen sits. Files
/// written for the tests, one construct each; docs/interface-builder.md ("Devices") gives the
/// evidence for each rule.
final class InterfaceBuilderSafeAreaTests: XCTestCase {
    /// A storyboard whose root holds one 10 pt tall view pinned to the safe area's top.
    private func pinnedToTop(
        device: String, tools: String, width: Int, height: Int, controllerExtra: String = ""
    ) -> String {
        IB.storyboard(
            """
            <subviews>
                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v">
                    \(ibRect(0, 0, Double(width), 10))
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
            """, device: device, tools: tools, width: width, height: height, controllerExtra: controllerExtra)
    }

    private func top(device: String, tools: String, width: Int, height: Int) throws -> CGFloat {
        try XCTUnwrap(IB.layOut(pinnedToTop(device: device, tools: tools, width: width, height: height)).first)
            .frame("v").minY
    }

    /// Home-button phones show a 20 pt status bar in files before toolsVersion 15000, none from
    /// 15000, and the status bar again from 21500, when every phone shows its own insets;
    /// notched phones show 44 until then and their own inset after (48 on retina6_1).
    func testStatusBarByXcode() throws {
        XCTAssertEqual(try top(device: "retina4_7", tools: "14868", width: 375, height: 667), 20)
        XCTAssertEqual(try top(device: "retina4_7", tools: "15400", width: 375, height: 667), 0)
        XCTAssertEqual(try top(device: "retina4_7", tools: "21225", width: 375, height: 667), 0)
        XCTAssertEqual(try top(device: "retina4_7", tools: "21701", width: 375, height: 667), 20)
        XCTAssertEqual(try top(device: "retina5_5", tools: "24506", width: 414, height: 736), 20)
        XCTAssertEqual(try top(device: "retina6_1", tools: "20037", width: 414, height: 896), 44)
        XCTAssertEqual(try top(device: "retina6_1", tools: "21507", width: 414, height: 896), 48)
        XCTAssertEqual(try top(device: "retina6_0", tools: "20037", width: 390, height: 844), 44)
        XCTAssertEqual(try top(device: "retina6_0", tools: "21701", width: 390, height: 844), 47)
    }

    /// Files that write the placeholder toolsVersion 32700.99.1234 are dated by the IB
    /// plug-in's version beside it.
    func testPlaceholderToolsVersionIsDatedByThePlugIn() throws {
        func file(plugin: String) -> String {
            pinnedToTop(device: "retina4_7", tools: "32700.99.1234", width: 375, height: 667)
                .replacingOccurrences(
                    of: "<scenes>",
                    with: """
                        <dependencies>
                            <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="\(plugin)"/>
                        </dependencies>
                        <scenes>
                        """)
        }
        XCTAssertEqual(try XCTUnwrap(IB.layOut(file(plugin: "20020")).first).frame("v").minY, 0)
        XCTAssertEqual(try XCTUnwrap(IB.layOut(file(plugin: "22685")).first).frame("v").minY, 20)
    }

    /// A root taller than a home-button phone's screen (a scrolling freeform canvas) is under
    /// the status bar like one as tall; a shorter one is not.
    func testRootsAsTallAsTheScreenOrTallerAreUnderTheStatusBar() throws {
        XCTAssertEqual(try top(device: "retina5_5", tools: "14113", width: 414, height: 1400), 20)
        XCTAssertEqual(try top(device: "retina5_5", tools: "14113", width: 414, height: 736), 20)
        XCTAssertEqual(try top(device: "retina5_5", tools: "14113", width: 414, height: 500), 0)
    }

    /// A scene of a view controller whose root (`root-ID`) holds a view `v-ID` pinned to the
    /// safe area's top and bottom.
    private func controllerScene(
        _ id: String, width: Int, height: Int, metrics: String = "", segues: String = ""
    ) -> String {
        """
        <scene sceneID="scene-\(id)">
            <objects>
                <viewController id="\(id)" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="root-\(id)">
                        \(ibRect(0, 0, Double(width), Double(height)))
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v-\(id)">
                                \(ibRect(0, 0, Double(width), Double(height)))
                            </view>
                        </subviews>
                        <viewLayoutGuide key="safeArea" id="safe-\(id)"/>
                        <constraints>
                            <constraint firstItem="v-\(id)" firstAttribute="top" secondItem="safe-\(id)" secondAttribute="top" id="t-\(id)"/>
                            <constraint firstItem="safe-\(id)" firstAttribute="bottom" secondItem="v-\(id)" secondAttribute="bottom" id="b-\(id)"/>
                            <constraint firstItem="v-\(id)" firstAttribute="leading" secondItem="root-\(id)" secondAttribute="leading" id="l-\(id)"/>
                            <constraint firstItem="v-\(id)" firstAttribute="trailing" secondItem="root-\(id)" secondAttribute="trailing" id="r-\(id)"/>
                        </constraints>
                    </view>
                    \(metrics)
                    <connections>\(segues)</connections>
                </viewController>
            </objects>
        </scene>
        """
    }

    /// A container controller's scene: `navigationController` or `tabBarController`, its bar
    /// (`navigationBar` or `tabBar`) with `barAttributes`, and its relationship segue.
    private func containerScene(_ kind: String, bar: String, barAttributes: String, child: String) -> String {
        let relationship = kind == "navigationController" ? "rootViewController" : "viewControllers"
        return """
            <scene sceneID="scene-container">
                <objects>
                    <\(kind) id="container" sceneMemberID="viewController">
                        <\(bar) key="\(bar)" contentMode="scaleToFill" \(barAttributes) id="bar">
                            <autoresizingMask key="autoresizingMask"/>
                        </\(bar)>
                        <connections>
                            <segue destination="\(child)" kind="relationship" relationship="\(relationship)" id="rel"/>
                        </connections>
                    </\(kind)>
                </objects>
            </scene>
            """
    }

    private func storyboard(device: String, tools: String, scenes: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\(tools)" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
            <device id="\(device)" orientation="portrait" appearance="light"/>
            <scenes>\(scenes.joined(separator: "\n"))</scenes>
        </document>
        """
    }

    private func frame(_ id: String, in text: String) throws -> CGRect {
        let reports = try IB.layOut(text)
        let report = try XCTUnwrap(reports.first { $0.views.contains { $0.object.id == id } })
        return report.frame(id)
    }

    /// A root shorter than the screen that is neither freeform nor embedded ends at the
    /// screen's bottom: a sheet (842 of 896 on retina6_1) keeps the home indicator's 34 below
    /// and none of the status bar above, with its navigation controller's 56 pt bar over it;
    /// a root under an opaque navigation bar (724 of 812 below a 44 + 44 bar) has nothing
    /// above; a root above an opaque tab bar (618 of 667) ends above it, with nothing below.
    func testShorterRootsSitAtTheBottomOfTheScreen() throws {
        let sheet = storyboard(
            device: "retina6_1", tools: "19529", scenes: [controllerScene("a", width: 414, height: 842)])
        assertFrame(try frame("v-a", in: sheet), CGRect(x: 0, y: 0, width: 414, height: 808))
        let sheetWithBar = storyboard(
            device: "retina6_1", tools: "16097",
            scenes: [
                controllerScene("a", width: 414, height: 842),
                containerScene(
                    "navigationController", bar: "navigationBar", barAttributes: "", child: "a"
                ).replacingOccurrences(of: "<autoresizingMask", with: ibRect(0, 0, 414, 56) + "<autoresizingMask"),
            ])
        assertFrame(try frame("v-a", in: sheetWithBar), CGRect(x: 0, y: 56, width: 414, height: 752))
        let opaqueNavigationBar = storyboard(
            device: "retina5_9", tools: "14490",
            scenes: [
                controllerScene("a", width: 375, height: 724),
                containerScene(
                    "navigationController", bar: "navigationBar", barAttributes: #"translucent="NO""#, child: "a"),
            ])
        assertFrame(try frame("v-a", in: opaqueNavigationBar), CGRect(x: 0, y: 0, width: 375, height: 690))
        let opaqueTabBar = storyboard(
            device: "retina4_7", tools: "15702",
            scenes: [
                controllerScene("a", width: 375, height: 618, metrics: #"<nil key="simulatedTopBarMetrics"/>"#),
                containerScene("tabBarController", bar: "tabBar", barAttributes: #"translucent="NO""#, child: "a"),
            ])
        assertFrame(try frame("v-a", in: opaqueTabBar), CGRect(x: 0, y: 0, width: 375, height: 618))
        // The same root above a translucent tab bar ends at the screen's bottom, under the bar.
        let translucentTabBar = opaqueTabBar.replacingOccurrences(of: #"translucent="NO""#, with: "")
        assertFrame(try frame("v-a", in: translucentTabBar), CGRect(x: 0, y: 0, width: 375, height: 569))
    }

    /// A controller shown from one that names a navigation bar in its simulated metrics infers
    /// that bar, like one pushed inside a navigation controller: on retina4_7 in an Xcode 10
    /// file, the status bar's 20 and the bar's 44.
    func testControllersShownFromANamedNavigationBarInferIt() throws {
        let text = storyboard(
            device: "retina4_7", tools: "14113",
            scenes: [
                controllerScene(
                    "a", width: 375, height: 667,
                    metrics: #"<simulatedNavigationBarMetrics key="simulatedTopBarMetrics" prompted="NO"/>"#,
                    segues: #"<segue destination="b" kind="show" id="s1"/>"#),
                controllerScene("b", width: 375, height: 667),
            ])
        assertFrame(try frame("v-a", in: text), CGRect(x: 0, y: 64, width: 375, height: 603))
        assertFrame(try frame("v-b", in: text), CGRect(x: 0, y: 64, width: 375, height: 603))
    }

    /// A XIB view shorter than the notched phone's insets (34 pt under a 44 pt status bar) is
    /// unsafe from its top down and has nothing unsafe below: a button held 5 above the safe
    /// area's bottom ends 5 above the safe area's top edge, 29, as simplenote's header stores
    /// it (one file: which edge keeps its inset is a guess, docs/interface-builder.md).
    func testSafeAreaNeverExceedsTheRoot() throws {
        let xib = IB.xib(
            """
            <view contentMode="scaleToFill" id="root">
                \(ibRect(0, 0, 414, 34))
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="b">
                        \(ibRect(16, 5, 50, 24))
                    </view>
                </subviews>
                <viewLayoutGuide key="safeArea" id="g"/>
                <constraints>
                    <constraint firstItem="b" firstAttribute="top" secondItem="root" secondAttribute="top" constant="5" id="c1"/>
                    <constraint firstItem="g" firstAttribute="bottom" secondItem="b" secondAttribute="bottom" constant="5" id="c2"/>
                    <constraint firstItem="b" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="16" id="c3"/>
                    <constraint firstItem="b" firstAttribute="width" constant="50" id="c4"/>
                </constraints>
                <freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/>
            </view>
            """, device: "retina6_1", tools: "17156")
        let report = try XCTUnwrap(IB.layOut(xib).first)
        assertFrame(report.frame("b"), CGRect(x: 16, y: 5, width: 50, height: 24))
        XCTAssertTrue(report.layout.problems.isEmpty, "\(report.layout.problems)")
    }

    /// A navigation controller that hides its bar simulates none over its children: on
    /// retina6_1 in an Xcode 14.3 file the child's safe area starts at the status bar's 48.
    func testHiddenNavigationBarIsNotSimulated() throws {
        func text(hidden: Bool) -> String {
            storyboard(
                device: "retina6_1", tools: "21701",
                scenes: [
                    controllerScene("a", width: 414, height: 896),
                    containerScene(
                        "navigationController", bar: "navigationBar", barAttributes: "", child: "a"
                    ).replacingOccurrences(
                        of: #"<navigationController id="container""#,
                        with: #"<navigationController id="container" navigationBarHidden="\#(hidden ? "YES" : "NO")""#),
                ])
        }
        XCTAssertEqual(try frame("v-a", in: text(hidden: true)).minY, 48)
        XCTAssertEqual(try frame("v-a", in: text(hidden: false)).minY, 92)
    }

    /// `<keyboardLayoutGuide key="keyboard">` is the root's keyboard guide, offscreen: a scroll
    /// view pinned above it ends on the safe area's bottom (852 − 34 on retina6_12), where a
    /// file without the guide would leave its bottom unconstrained.
    func testKeyboardLayoutGuideSitsOnTheSafeAreaBottom() throws {
        let text = IB.storyboard(
            """
            <subviews>
                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v">
                    \(ibRect(0, 59, 393, 759))
                </view>
            </subviews>
            <viewLayoutGuide key="safeArea" id="safe"/>
            <keyboardLayoutGuide key="keyboard" id="kb"/>
            <constraints>
                <constraint firstItem="v" firstAttribute="top" secondItem="safe" secondAttribute="top" id="t"/>
                <constraint firstItem="v" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="l"/>
                <constraint firstItem="v" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="r"/>
                <constraint firstItem="v" firstAttribute="bottom" secondItem="kb" secondAttribute="top" id="b"/>
            </constraints>
            """)
        let report = try XCTUnwrap(IB.layOut(text).first)
        XCTAssertEqual(report.frame("v"), CGRect(x: 0, y: 59, width: 393, height: 759))
        XCTAssertFalse(try XCTUnwrap(report.view("v")).differs)
        XCTAssertFalse(report.layout.problems.contains { $0.message.contains("kb") }, "\(report.layout.problems)")
    }
}
