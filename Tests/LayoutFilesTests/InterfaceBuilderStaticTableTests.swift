import AutoLayout
import Foundation
import LayoutFiles
import XCTest

/// Static table views (`dataMode="static"`): sections with titles, static cells, the built-in
/// cell styles and accessories, in a file written for the tests.
final class InterfaceBuilderStaticTableTests: XCTestCase {
    /// A grouped settings table on an iPhone 8 saved by Xcode 12 (toolsVersion 18122, iOS 14).
    /// Stored frames of the built-in labels and the first content view are stale on purpose:
    /// UIKit lays those out itself.
    static let settings = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="18122" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES">
            <device id="retina4_7" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="scene-1">
                    <objects>
                        <tableViewController id="settings" sceneMemberID="viewController">
                            <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="static" style="grouped" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="18" sectionFooterHeight="18" id="table">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <sections>
                                    <tableViewSection headerTitle="Account" footerTitle="Signed in since May." id="s1">
                                        <cells>
                                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" accessoryType="disclosureIndicator" indentationWidth="10" textLabel="t1" style="IBUITableViewCellStyleDefault" id="c1">
                                                <rect key="frame" x="0.0" y="55.5" width="375" height="44"/>
                                                <autoresizingMask key="autoresizingMask"/>
                                                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="c1" id="cv1">
                                                    <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                                                    <autoresizingMask key="autoresizingMask"/>
                                                    <subviews>
                                                        <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="Username" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="t1">
                                                            <rect key="frame" x="0.0" y="0.0" width="42" height="21"/>
                                                            <autoresizingMask key="autoresizingMask"/>
                                                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                        </label>
                                                    </subviews>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="none" accessoryType="checkmark" indentationWidth="10" id="c2">
                                                <rect key="frame" x="0.0" y="99.5" width="375" height="44"/>
                                                <autoresizingMask key="autoresizingMask"/>
                                                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="c2" id="cv2">
                                                    <rect key="frame" x="0.0" y="0.0" width="335" height="44"/>
                                                    <autoresizingMask key="autoresizingMask"/>
                                                    <subviews>
                                                        <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="toggle">
                                                            <rect key="frame" x="278" y="6.5" width="51" height="31"/>
                                                        </switch>
                                                    </subviews>
                                                    <constraints>
                                                        <constraint firstAttribute="trailingMargin" secondItem="toggle" secondAttribute="trailing" id="k1"/>
                                                        <constraint firstItem="toggle" firstAttribute="centerY" secondItem="cv2" secondAttribute="centerY" id="k2"/>
                                                    </constraints>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                        </cells>
                                    </tableViewSection>
                                    <tableViewSection id="s2">
                                        <cells>
                                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" textLabel="t3" detailTextLabel="d3" style="IBUITableViewCellStyleValue1" id="c3">
                                                <rect key="frame" x="0.0" y="214" width="375" height="44"/>
                                                <autoresizingMask key="autoresizingMask"/>
                                                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="c3" id="cv3">
                                                    <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                                                    <autoresizingMask key="autoresizingMask"/>
                                                    <subviews>
                                                        <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="Version" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="t3">
                                                            <rect key="frame" x="8" y="12" width="56" height="20.5"/>
                                                            <autoresizingMask key="autoresizingMask"/>
                                                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                        </label>
                                                        <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="1.0" textAlignment="right" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="d3">
                                                            <rect key="frame" x="300" y="12" width="44" height="20.5"/>
                                                            <autoresizingMask key="autoresizingMask"/>
                                                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                        </label>
                                                    </subviews>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                        </cells>
                                    </tableViewSection>
                                </sections>
                            </tableView>
                        </tableViewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    /// The cells of every section are read, with the Auto Layout views in them compared.
    func testStaticCellsAreLaidOutAndCompared() throws {
        let report = try XCTUnwrap(IB.layOut(Self.settings).first)
        for id in ["s1", "c1", "cv1", "t1", "c2", "cv2", "toggle", "s2", "c3", "t3", "d3"] {
            XCTAssertNotNil(report.views.first { $0.object.id == id }, id)
        }
        // Any accessory leaves the content view an 8 pt trailing margin: the switch's
        // alignment rectangle ends 8 before the checkmark's content view ends, its frame 2 pt
        // further (`InterfaceBuilderControlsTests`), as stored.
        assertFrame(report.frame("toggle"), CGRect(x: 278, y: 6.5, width: 51, height: 31))
        XCTAssertEqual(report.view("toggle")?.isCompared, true)
        XCTAssertEqual(report.differing.map(\.object.id), [])
    }

    /// A disclosure indicator takes the trailing margin and 9.5 pt (iOS 14) from the content
    /// view; the Basic style's label fills the content view between the leading margin and
    /// the 8 pt trailing margin an accessory leaves.
    func testDisclosureIndicatorNarrowsTheContentViewAndBasicLabelFillsIt() throws {
        let report = try XCTUnwrap(IB.layOut(Self.settings).first)
        assertFrame(report.frame("cv1"), CGRect(x: 0, y: 0, width: 349.5, height: 44))
        assertFrame(report.frame("t1"), CGRect(x: 16, y: 0, width: 325.5, height: 44))
    }

    /// Right Detail: the title at the leading margin, the detail ending at the trailing
    /// margin, both as wide as their text and centred.
    func testRightDetailStyle() throws {
        let report = try XCTUnwrap(IB.layOut(Self.settings).first)
        let title = report.frame("t3")
        let detail = report.frame("d3")
        XCTAssertEqual(title.minX, 16)
        XCTAssertEqual(detail.maxX, 359, accuracy: 0.001)
        XCTAssertEqual(title.midY, 22, accuracy: 0.5)
        XCTAssertEqual(detail.midY, 22, accuracy: 0.5)
        XCTAssertLessThan(detail.width, 40)
        XCTAssertGreaterThan(detail.width, 10)
    }

    /// Section titles are texts of the section object, by localization property, and take
    /// their translations; the header sits above the first cell and the footer below the last.
    func testSectionTitlesAreTextsAndFrameTheCells() throws {
        let file = try InterfaceBuilderFile(bytes: Array(Self.settings.utf8))
        let scene = try XCTUnwrap(file.makeScenes().first)
        XCTAssertEqual(
            scene.object(id: "s1")?.texts, ["headerTitle": "Account", "footerTitle": "Signed in since May."])
        XCTAssertEqual(scene.object(id: "s2")?.texts, [:])
        XCTAssertEqual(scene.object(id: "t3")?.texts, ["text": "Version"])
        let report = scene.layOut()
        let section = report.frame("s1")
        let header = try XCTUnwrap(scene.view(id: "s1")?.subviews.first)
        XCTAssertEqual(section.minY + 16.5 + header.frame.height + 6, 55.5, accuracy: 0.01)
        XCTAssertEqual(header.frame.minX, 16)
        XCTAssertEqual(header.frame.width, 343)
        XCTAssertEqual(report.frame("s2").minY, 214 - 18, accuracy: 0.01)
        XCTAssertEqual(report.frame("s2").maxY, 258 + 18, accuracy: 0.01)

        let translated = try XCTUnwrap(
            file.makeScenes(InterfaceBuilderOptions(strings: ["s1.headerTitle": "Konto"])).first)
        XCTAssertEqual(translated.object(id: "s1")?.texts["headerTitle"], "Konto")

        let variable = try XCTUnwrap(file.makeVariableScenes().first)
        let texts = variable.texts.filter { $0.objectID == "s1" }
        XCTAssertEqual(texts.map(\.key), ["s1.footerTitle", "s1.headerTitle"])
        let headerText = try XCTUnwrap(texts.first { $0.property == "headerTitle" })
        variable.show(String(repeating: "Einstellungen ", count: 12), for: headerText)
        _ = variable.layOutTexts()
        let wrapped = try XCTUnwrap(variable.scene.view(id: "s1")?.subviews.first)
        XCTAssertGreaterThan(wrapped.frame.height, 2 * header.frame.height, "a long title wraps")
    }
}
