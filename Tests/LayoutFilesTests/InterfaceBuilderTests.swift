import AutoLayout
import Controls
import Foundation
import Typesetting
import XCTest

@testable import LayoutFiles

/// Storyboards and XIBs written for the tests, one construct each, solved to the frames
/// UIKit's documented rules give.
final class InterfaceBuilderTests: XCTestCase {
    /// Margin attributes, a `16:9`-style ratio, a multiplier, a relation, and a placeholder
    /// constraint that the build removes.
    func testConstraintFormsAndPlaceholders() throws {
        let xib = IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 320, 200))
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a">
                        \(ibRect(18, 20, 100, 50))
                        <constraints>
                            <constraint firstAttribute="width" constant="100" id="a-w"/>
                            <constraint firstAttribute="width" secondItem="a" secondAttribute="height" multiplier="2:1" id="a-ratio"/>
                            <constraint firstAttribute="width" constant="300" placeholder="YES" id="a-placeholder"/>
                        </constraints>
                    </view>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="b">
                        \(ibRect(262, 78, 50, 114))
                        <constraints>
                            <constraint firstAttribute="height" relation="greaterThanOrEqual" constant="30" id="b-h"/>
                        </constraints>
                    </view>
                    <view contentMode="scaleToFill" misplaced="YES" translatesAutoresizingMaskIntoConstraints="NO" id="stale">
                        \(ibRect(0, 0, 1, 1))
                        <constraints>
                            <constraint firstAttribute="width" constant="10" id="s-w"/>
                            <constraint firstAttribute="height" constant="10" id="s-h"/>
                        </constraints>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="a" firstAttribute="leading" secondItem="top" secondAttribute="leadingMargin" constant="10" id="c1"/>
                    <constraint firstItem="a" firstAttribute="top" secondItem="top" secondAttribute="top" constant="20" id="c2"/>
                    <constraint firstItem="b" firstAttribute="top" secondItem="a" secondAttribute="bottom" constant="8" id="c3"/>
                    <constraint firstItem="b" firstAttribute="trailing" secondItem="top" secondAttribute="trailingMargin" id="c4"/>
                    <constraint firstItem="b" firstAttribute="width" secondItem="a" secondAttribute="width" multiplier="0.5" id="c5"/>
                    <constraint firstAttribute="bottomMargin" secondItem="b" secondAttribute="bottom" id="c6"/>
                    <constraint firstItem="stale" firstAttribute="leading" secondItem="top" secondAttribute="leading" id="c7"/>
                    <constraint firstItem="stale" firstAttribute="top" secondItem="top" secondAttribute="top" id="c8"/>
                </constraints>
                <freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/>
            </view>
            """)
        let report = try XCTUnwrap(IB.layOut(xib).first)
        // A XIB view's margins are UIView's default 8 pt: 8 + 10 from the left.
        assertFrame(report.frame("a"), CGRect(x: 18, y: 20, width: 100, height: 50))
        // Its bottom is the bottom margin (200 − 8); half a's width; the trailing margin.
        assertFrame(report.frame("b"), CGRect(x: 262, y: 78, width: 50, height: 114))
        XCTAssertTrue(report.layout.isClean, "\(report.layout.problems.map(\.message))")
        // Not compared: the root, a misplaced view, and a view a placeholder constraint places
        // (IB's canvas obeys it; the app does not).
        XCTAssertEqual(report.compared.map(\.object.id), ["b"])
        XCTAssertEqual(report.view("a")?.object.isPlacedByPlaceholder, true)
        XCTAssertEqual(report.differing.count, 0)
        XCTAssertEqual(report.view("stale")?.differs, false)
    }

    /// A view that translates its autoresizing mask keeps its frame and follows its
    /// superview's size.
    func testAutoresizingViewsFollowTheirSuperview() throws {
        let xib = IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 320, 200))
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="c">
                        \(ibRect(0, 0, 100, 100))
                        <subviews>
                            <view contentMode="scaleToFill" id="d">
                                \(ibRect(10, 10, 80, 80))
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstAttribute="width" constant="200" id="c-w"/>
                            <constraint firstAttribute="height" constant="100" id="c-h"/>
                        </constraints>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="c" firstAttribute="leading" secondItem="top" secondAttribute="leading" id="c1"/>
                    <constraint firstItem="c" firstAttribute="top" secondItem="top" secondAttribute="top" id="c2"/>
                </constraints>
            </view>
            """)
        let report = try XCTUnwrap(IB.layOut(xib).first)
        // c grew by 100 pt; d's flexible width takes all of it, its margins stay.
        assertFrame(report.frame("d"), CGRect(x: 10, y: 10, width: 180, height: 80))
        XCTAssertEqual(report.view("d")?.isCompared, false, "autoresizing views are not compared")
        XCTAssertEqual(report.view("c")?.differs, true, "c's stored 100 × 100 is stale")
    }

    /// A stack view's arranged subviews are its `<subviews>`, with frames in its coordinates.
    func testStackViewFillEqually() throws {
        let xib = IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 320, 200))
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" distribution="fillEqually" spacing="10" translatesAutoresizingMaskIntoConstraints="NO" id="s">
                        \(ibRect(0, 0, 210, 40))
                        <subviews>
                            <view contentMode="scaleToFill" id="v1">\(ibRect(0, 0, 100, 40))</view>
                            <view contentMode="scaleToFill" id="v2">\(ibRect(110, 0, 100, 40))</view>
                        </subviews>
                        <constraints>
                            <constraint firstAttribute="width" constant="210" id="s-w"/>
                            <constraint firstAttribute="height" constant="40" id="s-h"/>
                        </constraints>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="s" firstAttribute="leading" secondItem="top" secondAttribute="leading" id="c1"/>
                    <constraint firstItem="s" firstAttribute="top" secondItem="top" secondAttribute="top" id="c2"/>
                </constraints>
            </view>
            """)
        let report = try XCTUnwrap(IB.layOut(xib).first)
        assertFrame(report.frame("v1"), CGRect(x: 0, y: 0, width: 100, height: 40))
        assertFrame(report.frame("v2"), CGRect(x: 110, y: 0, width: 100, height: 40))
        XCTAssertEqual(report.view("v2")?.object.superviewID, "s")
    }

    private func safeAreaScene(device: String, tools: String, width: Int, height: Int) -> String {
        IB.storyboard(
            """
            <subviews>
                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="s">
                    \(ibRect(0, 0, 10, 10))
                </view>
            </subviews>
            <viewLayoutGuide key="safeArea" id="safe"/>
            <constraints>
                <constraint firstItem="s" firstAttribute="top" secondItem="safe" secondAttribute="top" id="c1"/>
                <constraint firstItem="safe" firstAttribute="bottom" secondItem="s" secondAttribute="bottom" id="c2"/>
                <constraint firstItem="s" firstAttribute="leading" secondItem="root" secondAttribute="leadingMargin" id="c3"/>
                <constraint firstAttribute="trailingMargin" secondItem="s" secondAttribute="trailing" id="c4"/>
            </constraints>
            """, device: device, tools: tools, width: width, height: height)
    }

    /// A freeform XIB view on a notched phone keeps the status bar's inset above and the
    /// home indicator's below, unless its Bottom Bar metric is None (`<nil key=
    /// "simulatedBottomBarMetrics"/>`): then nothing is simulated below.
    func testXIBRootWithoutBottomBarHasNoBottomSafeArea() throws {
        func pinned(_ extra: String) -> String {
            IB.xib(
                """
                <view contentMode="scaleToFill" id="root">
                    \(ibRect(0, 0, 300, 120))
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="s">
                            \(ibRect(0, 44, 300, 76))
                        </view>
                    </subviews>
                    <viewLayoutGuide key="safeArea" id="g"/>
                    <constraints>
                        <constraint firstItem="s" firstAttribute="top" secondItem="g" secondAttribute="top" id="c1"/>
                        <constraint firstItem="s" firstAttribute="bottom" secondItem="g" secondAttribute="bottom" id="c2"/>
                        <constraint firstItem="s" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c3"/>
                        <constraint firstItem="s" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="c4"/>
                    </constraints>
                    \(extra)
                    <freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/>
                </view>
                """, device: "retina6_1", tools: "18122")
        }
        let plain = try XCTUnwrap(IB.layOut(pinned("")).first)
        assertFrame(plain.frame("s"), CGRect(x: 0, y: 44, width: 300, height: 42))
        let noBottomBar = try XCTUnwrap(
            IB.layOut(pinned(#"<nil key="simulatedTopBarMetrics"/><nil key="simulatedBottomBarMetrics"/>"#)).first)
        assertFrame(noBottomBar.frame("s"), CGRect(x: 0, y: 44, width: 300, height: 76))
    }

    /// The device's simulated safe area and the root view's side margins.
    func testSafeAreaAndRootMarginsPerDevice() throws {
        // retina6_12 (iPhone 15, 393 × 852 @3x): 59 above, 34 below, 16 pt margins.
        let modern = try XCTUnwrap(
            IB.layOut(safeAreaScene(device: "retina6_12", tools: "21701", width: 393, height: 852)).first)
        assertFrame(modern.frame("s"), CGRect(x: 16, y: 59, width: 361, height: 759))
        XCTAssertEqual(modern.layout.screen.scale, 3)
        // retina6_1 in an Xcode 12 file: 44 above (every notched phone then), 20 pt margins
        // on a 414-point-wide phone.
        let older = try XCTUnwrap(
            IB.layOut(safeAreaScene(device: "retina6_1", tools: "17701", width: 414, height: 896)).first)
        assertFrame(older.frame("s"), CGRect(x: 20, y: 44, width: 374, height: 818))
        // `--device` lays the same scene out elsewhere, and frames are no longer compared.
        let moved = try XCTUnwrap(
            IB.layOut(
                safeAreaScene(device: "retina6_12", tools: "21701", width: 393, height: 852),
                options: InterfaceBuilderOptions(device: "retina4_0")
            ).first)
        // A home-button phone in a file of toolsVersion 21701: its 20 pt status bar.
        assertFrame(moved.frame("s"), CGRect(x: 16, y: 20, width: 288, height: 548))
        XCTAssertFalse(moved.keepsStoredLayout)
        XCTAssertTrue(moved.compared.isEmpty)
    }

    /// `<variation key="heightClass=compact">` swaps constraints in landscape; `default`
    /// applies everywhere.
    func testSizeClassVariations() throws {
        func scene(_ orientation: String, _ width: Int, _ height: Int) -> String {
            IB.storyboard(
                """
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v">
                        \(ibRect(0, 0, 10, 10))
                        <constraints>
                            <constraint firstAttribute="height" constant="100" id="h-regular"/>
                            <constraint firstAttribute="height" constant="50" id="h-compact"/>
                            <constraint firstAttribute="width" constant="10" id="w"/>
                        </constraints>
                        <variation key="default">
                            <mask key="constraints"><exclude reference="h-compact"/></mask>
                        </variation>
                        <variation key="heightClass=compact">
                            <mask key="constraints"><include reference="h-compact"/><exclude reference="h-regular"/></mask>
                        </variation>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="v" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c1"/>
                    <constraint firstItem="v" firstAttribute="top" secondItem="root" secondAttribute="top" id="c2"/>
                </constraints>
                """, orientation: orientation, width: width, height: height)
        }
        let portrait = try XCTUnwrap(IB.layOut(scene("portrait", 393, 852)).first)
        XCTAssertEqual(portrait.frame("v").height, 100)
        let landscape = try XCTUnwrap(IB.layOut(scene("landscape", 852, 393)).first)
        XCTAssertEqual(landscape.frame("v").height, 50)
        XCTAssertTrue(landscape.layout.isClean, "\(landscape.layout.problems.map(\.message))")
    }

    /// `<variation key=… constant=…/>` on a constraint, `hidden=` on a view and a
    /// `<fontDescription>` in a variation set the attribute or font in that size class; the variation naming more size classes wins, and one
    /// with another trait (`userInterfaceIdiom=mac`) never applies.
    func testSizeClassVariationsSetAttributes() throws {
        func scene(_ orientation: String, _ width: Int, _ height: Int) -> String {
            IB.storyboard(
                """
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v">
                        \(ibRect(0, 0, 10, 10))
                        <constraints>
                            <constraint firstAttribute="height" constant="100" id="h">
                                <variation key="heightClass=compact-widthClass=compact" constant="30"/>
                                <variation key="heightClass=compact" constant="40"/>
                                <variation key="userInterfaceIdiom=mac" constant="5"/>
                            </constraint>
                            <constraint firstAttribute="width" constant="10" id="w"/>
                        </constraints>
                    </view>
                    <label opaque="NO" text="Hello" translatesAutoresizingMaskIntoConstraints="NO" id="lab">
                        \(ibRect(0, 0, 10, 10))
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        <variation key="heightClass=compact">
                            <fontDescription key="fontDescription" type="system" pointSize="34"/>
                        </variation>
                    </label>
                    <view hidden="YES" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="shown">
                        \(ibRect(0, 0, 10, 10))
                        <variation key="widthClass=compact" hidden="NO"/>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="v" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c1"/>
                    <constraint firstItem="v" firstAttribute="top" secondItem="root" secondAttribute="top" id="c2"/>
                    <constraint firstItem="shown" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c3"/>
                    <constraint firstItem="shown" firstAttribute="top" secondItem="root" secondAttribute="top" id="c4"/>
                    <constraint firstItem="shown" firstAttribute="width" constant="10" id="c5"/>
                    <constraint firstItem="shown" firstAttribute="height" constant="10" id="c6"/>
                    <constraint firstItem="lab" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c7"/>
                    <constraint firstItem="lab" firstAttribute="top" secondItem="root" secondAttribute="top" constant="200" id="c8"/>
                </constraints>
                """, orientation: orientation, width: width, height: height)
        }
        let portrait = try XCTUnwrap(IB.layOut(scene("portrait", 393, 852)).first)
        XCTAssertEqual(portrait.frame("v").height, 100)
        XCTAssertEqual(portrait.view("shown")?.report.isHidden, false)
        let landscape = try XCTUnwrap(IB.layOut(scene("landscape", 852, 393)).first)
        XCTAssertEqual(landscape.frame("v").height, 30)
        XCTAssertGreaterThan(
            landscape.frame("lab").height, 1.8 * portrait.frame("lab").height, "34 pt in compact height")
        XCTAssertTrue(landscape.layout.isClean, "\(landscape.layout.problems.map(\.message))")
    }

    private func labelXIB(text: String, font: String, ids: [String] = ["l"]) -> String {
        let labels = ids.enumerated().map { index, id in
            """
            <label opaque="NO" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="\(text)" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
                \(ibRect(20, 20 + 40 * Double(index), 10, 10))
                \(font)
            </label>
            """
        }.joined()
        let constraints = ids.enumerated().map { index, id in
            """
            <constraint firstItem="\(id)" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="20" id="\(id)-1"/>
            <constraint firstItem="\(id)" firstAttribute="top" secondItem="top" secondAttribute="top" constant="\(20 + 40 * index)" id="\(id)-2"/>
            """
        }.joined()
        return IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 320, 200))
                <subviews>\(labels)</subviews>
                <constraints>\(constraints)</constraints>
            </view>
            """)
    }

    /// A label in a custom font by PostScript name is its text's size raised to the pixel grid.
    func testLabelInACustomFont() throws {
        let report = try XCTUnwrap(
            IB.layOut(
                labelXIB(
                    text: "Hello",
                    font:
                        "<fontDescription key=\"fontDescription\" name=\"Inter-Regular\" family=\"Inter\" pointSize=\"17\"/>"
                )
            )
            .first)
        let font = try FontRegistry.shared.font("Inter-Regular", size: 17)
        let expected = try Label(text: "Hello", font: font).intrinsicContentSize(scale: 2)
        // Inter's ascender − descender at 17 pt is 20.57 pt, raised to 21 on the @2x grid.
        assertFrame(report.frame("l"), CGRect(x: 20, y: 20, width: expected.width, height: 21))
        XCTAssertEqual(report.view("l")?.object.usesCustomFont, true)
        XCTAssertEqual(report.view("l")?.object.name, "label 'Hello'")
    }

    /// An attributed label's font is its first fragment's `<font key="NSFont">`, which writes
    /// its size as `size` (not `pointSize`): the label is measured at 13 pt, not the 17 pt default.
    func testAttributedLabelTakesItsFragmentFontSize() throws {
        let attributed = """
            <attributedString key="attributedText">
                <fragment content="Hello">
                    <attributes><font key="NSFont" size="13" name="Inter-Regular"/></attributes>
                </fragment>
            </attributedString>
            """
        let report = try XCTUnwrap(IB.layOut(labelXIB(text: "", font: attributed)).first)
        let font = try FontRegistry.shared.font("Inter-Regular", size: 13)
        let expected = try Label(text: "Hello", font: font).intrinsicContentSize(scale: 2)
        // Inter's ascender − descender at 13 pt is 15.73 pt, raised to 16 on the @2x grid.
        XCTAssertEqual(expected.height, 16)
        assertFrame(report.frame("l"), CGRect(x: 20, y: 20, width: expected.width, height: 16))
        XCTAssertEqual(report.view("l")?.object.usesCustomFont, true)
    }

    /// A custom font that cannot be found is one problem, naming the fallback, however many
    /// labels use it.
    func testMissingCustomFontIsReportedOnce() throws {
        let xib = labelXIB(
            text: "Hi",
            font:
                "<fontDescription key=\"fontDescription\" name=\"NoSuchFace-Bold\" family=\"No Such\" pointSize=\"17\"/>",
            ids: ["l1", "l2"])
        let firstUse = try XCTUnwrap(
            xib.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("NoSuchFace") })
        let report = try XCTUnwrap(IB.layOut(xib).first)
        let missing = report.layout.problems.filter { $0.message.contains("NoSuchFace-Bold") }
        XCTAssertEqual(missing.count, 1)
        XCTAssertEqual(missing.first?.message.contains("was not found"), true)
        XCTAssertEqual(missing.first?.message.contains("system font"), true)
        XCTAssertEqual(missing.first?.position?.line, firstUse + 1, "the first use of the font")
    }

    /// Custom font files are found under the project folder: the nearest ancestor with a
    /// Package.swift (or .xcodeproj, .xcworkspace, .git), searched recursively.
    func testCustomFontFoundByWalkingUpToTheProject() throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("ib-fonts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let project = temporary.appendingPathComponent("App")
        let storyboardFolder = project.appendingPathComponent("Sources/UI/Base.lproj")
        let fontFolder = project.appendingPathComponent("Resources/Fonts")
        try FileManager.default.createDirectory(at: storyboardFolder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: fontFolder, withIntermediateDirectories: true)
        try Data("// swift-tools-version:5.9\n".utf8).write(to: project.appendingPathComponent("Package.swift"))
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TypesettingTests/Fixtures/TestBoxes.ttf")
        try FileManager.default.copyItem(at: fixture, to: fontFolder.appendingPathComponent("TestBoxes.ttf"))
        let storyboard = IB.storyboard(
            """
            <subviews>
                <label opaque="NO" text="Boxes" translatesAutoresizingMaskIntoConstraints="NO" id="l">
                    \(ibRect(16, 100, 10, 10))
                    <fontDescription key="fontDescription" name="TestBoxes-Regular" family="Test Boxes" pointSize="17"/>
                </label>
                <label opaque="NO" text="Boxes" translatesAutoresizingMaskIntoConstraints="NO" id="m">
                    \(ibRect(16, 200, 10, 10))
                    <fontDescription key="fontDescription" name="Boxes" family="Test Boxes" pointSize="17"/>
                </label>
            </subviews>
            <constraints>
                <constraint firstItem="l" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="16" id="c1"/>
                <constraint firstItem="l" firstAttribute="top" secondItem="root" secondAttribute="top" constant="100" id="c2"/>
                <constraint firstItem="m" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="16" id="c3"/>
                <constraint firstItem="m" firstAttribute="top" secondItem="root" secondAttribute="top" constant="200" id="c4"/>
            </constraints>
            """,
            extra: """
                <customFonts key="customFonts">
                    <array key="TestBoxes.ttf"><string>TestBoxes-Regular</string><string>Boxes</string></array>
                </customFonts>
                """)
        let path = storyboardFolder.appendingPathComponent("Main.storyboard")
        try Data(storyboard.utf8).write(to: path)

        XCTAssertEqual(
            InterfaceBuilderFonts.projectFolder(of: path.path), project.standardizedFileURL.path)
        let lonely = temporary.appendingPathComponent("Lonely/View.xib")
        XCTAssertEqual(
            InterfaceBuilderFonts.projectFolder(of: lonely.path),
            lonely.deletingLastPathComponent().standardizedFileURL.path, "without a project, the file's own folder")

        let file = try InterfaceBuilderFile(contentsOf: path.path)
        let report = try XCTUnwrap(file.makeScenes().first?.layOut())
        XCTAssertFalse(report.layout.problems.contains { $0.message.contains("not found") })
        let font = try FontRegistry.shared.font("TestBoxes-Regular", size: 17)
        let expected = try Label(text: "Boxes", font: font).intrinsicContentSize(scale: 3)
        assertFrame(report.frame("l"), CGRect(x: 16, y: 100, width: expected.width, height: expected.height))
        // The map names the file of "Boxes", whose face calls itself TestBoxes-Regular.
        assertFrame(report.frame("m"), CGRect(x: 16, y: 200, width: expected.width, height: expected.height))
    }

    /// Apple's private system font names are the system font at their weight, not custom fonts.
    func testPrivateSystemFontNames() throws {
        let xib = labelXIB(
            text: "Bold",
            font:
                "<fontDescription key=\"fontDescription\" name=\".AppleSystemUIFontEmphasized\" family=\".AppleSystemUIFont\" pointSize=\"17\"/>"
        )
        let file = try InterfaceBuilderFile(bytes: Array(xib.utf8))
        let scene = try XCTUnwrap(file.makeScenes().first)
        let label = try XCTUnwrap(scene.view(id: "l") as? UILabel)
        XCTAssertEqual(label.font.fontName, InterfaceBuilderFonts.systemFamily())
        XCTAssertEqual(label.font.weight, .bold)
        XCTAssertEqual(scene.object(id: "l")?.usesCustomFont, false)
        XCTAssertTrue(scene.layOut().layout.problems.isEmpty)
        XCTAssertEqual(InterfaceBuilderFonts.systemWeight(ofPrivateName: ".SFUIText-Semibold"), .semibold)
        XCTAssertNil(InterfaceBuilderFonts.systemWeight(ofPrivateName: "Lato-Bold"))
    }

    /// Text styles are read at the content size category the screen is laid out in.
    func testTextStylesFollowTheCategory() throws {
        let xib = labelXIB(
            text: "Body", font: "<fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleBody\"/>")
        for category in [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge] {
            let file = try InterfaceBuilderFile(bytes: Array(xib.utf8))
            let scene = try XCTUnwrap(file.makeScenes(InterfaceBuilderOptions(contentSizeCategory: category)).first)
            let label = try XCTUnwrap(scene.view(id: "l") as? UILabel)
            XCTAssertEqual(Double(label.font.pointSize), TextStyle.body.size(at: category))
        }
        XCTAssertEqual(InterfaceBuilderFonts.textStyle("UICTFontTextStyleTitle0"), .largeTitle)
        XCTAssertEqual(InterfaceBuilderFonts.textStyle("UICTFontTextStyleSubhead"), .subheadline)
    }

    /// Image sizes come from `<resources>`; a button with an image and no title is the
    /// image's width by at least 22 pt.
    func testImagesFromResources() throws {
        let xib =
            IB.xib(
                """
                <view contentMode="scaleToFill" id="top">
                    \(ibRect(0, 0, 320, 200))
                    <subviews>
                        <imageView contentMode="scaleToFill" image="logo" translatesAutoresizingMaskIntoConstraints="NO" id="i">\(ibRect(0, 0, 24, 24))</imageView>
                        <button opaque="NO" contentMode="scaleToFill" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="b">
                            \(ibRect(40, 0, 20, 22))
                            <state key="normal" image="chevron"/>
                        </button>
                    </subviews>
                    <constraints>
                        <constraint firstItem="i" firstAttribute="leading" secondItem="top" secondAttribute="leading" id="c1"/>
                        <constraint firstItem="i" firstAttribute="top" secondItem="top" secondAttribute="top" id="c2"/>
                        <constraint firstItem="b" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="40" id="c3"/>
                        <constraint firstItem="b" firstAttribute="top" secondItem="top" secondAttribute="top" id="c4"/>
                    </constraints>
                </view>
                """,
                extra: "",
            ) + ""
        let withResources = xib.replacingOccurrences(
            of: "</document>",
            with: """
                <resources>
                    <image name="logo" width="24" height="24"/>
                    <image name="chevron" width="20" height="15"/>
                </resources>
                </document>
                """)
        let report = try XCTUnwrap(IB.layOut(withResources).first)
        assertFrame(report.frame("i"), CGRect(x: 0, y: 0, width: 24, height: 24))
        assertFrame(report.frame("b"), CGRect(x: 40, y: 0, width: 20, height: 22))
    }

    /// A table cell's content view has 11 pt above and below and the root's side margins.
    func testTableCellContentViewMargins() throws {
        let xib = IB.xib(
            """
            <tableViewCell contentMode="scaleToFill" selectionStyle="default" rowHeight="60" id="cell">
                \(ibRect(0, 0, 375, 60))
                <autoresizingMask key="autoresizingMask"/>
                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="cell" id="content">
                    \(ibRect(0, 0, 375, 60))
                    <autoresizingMask key="autoresizingMask"/>
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="x">\(ibRect(16, 11, 343, 38))</view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="x" firstAttribute="leading" secondItem="content" secondAttribute="leadingMargin" id="c1"/>
                        <constraint firstItem="x" firstAttribute="top" secondItem="content" secondAttribute="topMargin" id="c2"/>
                        <constraint firstAttribute="trailingMargin" secondItem="x" secondAttribute="trailing" id="c3"/>
                        <constraint firstAttribute="bottomMargin" secondItem="x" secondAttribute="bottom" id="c4"/>
                    </constraints>
                </tableViewCellContentView>
            </tableViewCell>
            """)
        let report = try XCTUnwrap(IB.layOut(xib).first)
        assertFrame(report.frame("x"), CGRect(x: 16, y: 11, width: 343, height: 38))
        XCTAssertEqual(report.differing.count, 0)
    }

    /// Translations by object id replace texts, and the texts are addressable by property.
    func testTranslationsByObjectID() throws {
        let xib = labelXIB(
            text: "Hello",
            font: "<fontDescription key=\"fontDescription\" name=\"Inter-Regular\" family=\"Inter\" pointSize=\"17\"/>")
        let file = try InterfaceBuilderFile(bytes: Array(xib.utf8))
        let scene = try XCTUnwrap(file.makeScenes(InterfaceBuilderOptions(strings: ["l.text": "Bonjour"])).first)
        XCTAssertEqual((scene.view(id: "l") as? UILabel)?.text, "Bonjour")
        XCTAssertEqual(scene.object(id: "l")?.texts["text"], "Bonjour")
        XCTAssertFalse(scene.layOut().keepsStoredLayout, "a translation changes what the file stores")
    }
}
