import AutoLayout
import Foundation
import LayoutFiles
import XCTest

/// Stored frames no correct engine reproduces are named as the file's fault, with evidence;
/// frames an engine should reproduce are not.
final class InterfaceBuilderStoredFrameTests: XCTestCase {
    /// A 320 × 200 XIB view holding `content` with `constraints`.
    private func card(_ content: String, constraints: String, extra: String = "") -> String {
        IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 320, 200))
                <subviews>\(content)</subviews>
                <constraints>\(constraints)</constraints>
            </view>
            """, device: "retina4_7", extra: extra)
    }

    /// The document's first scene, built and not yet laid out.
    private func firstScene(_ text: String) throws -> InterfaceBuilderScene {
        try XCTUnwrap(
            InterfaceBuilderFile(bytes: Array(text.utf8), path: nil).makeScenes(InterfaceBuilderOptions()).first)
    }

    private func cause(_ text: String, _ id: String) throws -> (StoredFrameCause?, String?) {
        let report = try XCTUnwrap(IB.layOut(text).first)
        let view = try XCTUnwrap(report.view(id))
        XCTAssertTrue(view.differs, "\(id) should differ from its stored frame")
        return (view.storedFrameCause, view.storedFrameEvidence)
    }

    func testDefaultLabelFrame() throws {
        let text = card(
            """
            <label opaque="NO" text="Label" translatesAutoresizingMaskIntoConstraints="NO" id="label">
                <rect key="frame" x="16" y="20" width="42" height="21"/>
                <fontDescription key="fontDescription" type="system" pointSize="17"/>
            </label>
            """,
            constraints: """
                <constraint firstItem="label" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="16" id="a"/>
                <constraint firstAttribute="trailing" secondItem="label" secondAttribute="trailing" constant="16" id="b"/>
                <constraint firstItem="label" firstAttribute="top" secondItem="top" secondAttribute="top" constant="20" id="c"/>
                """)
        XCTAssertEqual(try cause(text, "label").0, .defaultLabelFrame)
    }

    /// A label in a font IB did not have is stored at Helvetica Neue's line: 18 pt × 1.165 =
    /// 20.97, 21 on the @2x grid.
    func testMissingFontLine() throws {
        let text = card(
            """
            <label opaque="NO" text="Hello" translatesAutoresizingMaskIntoConstraints="NO" id="label">
                <rect key="frame" x="16" y="20" width="288" height="21"/>
                <fontDescription key="fontDescription" name="Nowhere-Regular" family="Nowhere" pointSize="18"/>
            </label>
            """,
            constraints: """
                <constraint firstItem="label" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="16" id="a"/>
                <constraint firstAttribute="trailing" secondItem="label" secondAttribute="trailing" constant="16" id="b"/>
                <constraint firstItem="label" firstAttribute="top" secondItem="top" secondAttribute="top" constant="20" id="c"/>
                """)
        let (found, evidence) = try cause(text, "label")
        XCTAssertEqual(found, .missingFont)
        XCTAssertEqual(evidence?.contains("1.165 em at 18 pt"), true, evidence ?? "")
    }

    /// An image view sized by its image, stored at 16 × 16: IB did not have the image.
    func testMissingImage() throws {
        let text = card(
            """
            <imageView userInteractionEnabled="NO" contentMode="scaleToFill" image="logo" translatesAutoresizingMaskIntoConstraints="NO" id="image">
                <rect key="frame" x="20" y="20" width="16" height="16"/>
            </imageView>
            """,
            constraints: """
                <constraint firstItem="image" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="20" id="a"/>
                <constraint firstItem="image" firstAttribute="top" secondItem="top" secondAttribute="top" constant="20" id="b"/>
                """,
            extra: "<resources><image name=\"logo\" width=\"40\" height=\"30\"/></resources>")
        XCTAssertEqual(try cause(text, "image").0, .missingImage)
    }

    func testDesignable() throws {
        let text = card(
            """
            <view contentMode="scaleToFill" customClass="GaugeView" translatesAutoresizingMaskIntoConstraints="NO" id="gauge">
                <rect key="frame" x="20" y="20" width="100" height="100"/>
            </view>
            """,
            constraints: """
                <constraint firstItem="gauge" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="20" id="a"/>
                <constraint firstItem="gauge" firstAttribute="top" secondItem="top" secondAttribute="top" constant="20" id="b"/>
                """,
            extra: """
                <designables><designable name="gauge"><size key="intrinsicContentSize" width="60" height="60"/></designable></designables>
                """)
        XCTAssertEqual(try cause(text, "gauge").0, .designable)
    }

    /// The stored frame breaks the file's own required width constraint: Xcode did not
    /// update it.
    func testBrokenConstraints() throws {
        let text = card(
            """
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                <rect key="frame" x="20" y="20" width="50" height="40"/>
                <constraints>
                    <constraint firstAttribute="width" constant="100" id="w"/>
                    <constraint firstAttribute="height" constant="40" id="h"/>
                </constraints>
            </view>
            """,
            constraints: """
                <constraint firstItem="box" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="20" id="a"/>
                <constraint firstItem="box" firstAttribute="top" secondItem="top" secondAttribute="top" constant="20" id="b"/>
                """)
        let (found, evidence) = try cause(text, "box")
        XCTAssertEqual(found, .brokenConstraints)
        XCTAssertEqual(evidence?.contains("by 50 pt"), true, evidence ?? "")
    }

    /// A frame whose own required constraints hold in the stored frames, with no font or image
    /// missing, is the engine's miss: no cause (a constraint below 1000 is not checked).
    func testEngineMissHasNoCause() throws {
        let text = card(
            """
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                <rect key="frame" x="20" y="20" width="50" height="40"/>
                <constraints>
                    <constraint firstAttribute="width" constant="100" priority="999" id="w"/>
                    <constraint firstAttribute="height" constant="40" id="h"/>
                </constraints>
            </view>
            """,
            constraints: """
                <constraint firstItem="box" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="20" id="a"/>
                <constraint firstItem="box" firstAttribute="top" secondItem="top" secondAttribute="top" constant="20" id="b"/>
                """)
        let (found, evidence) = try cause(text, "box")
        XCTAssertNil(found, evidence ?? "")
    }

    /// A view constrained below a label stored at Helvetica Neue's line is stored where that
    /// line put it: it takes the label's cause and names it, while its frame stays the
    /// engine's. A view that differs on its own keeps no cause.
    func testViewsThatFollowAMissingFontLabelShareItsCause() throws {
        let text = card(
            """
            <label opaque="NO" text="Hello" translatesAutoresizingMaskIntoConstraints="NO" id="label">
                <rect key="frame" x="16" y="20" width="288" height="21"/>
                <fontDescription key="fontDescription" name="Nowhere-Regular" family="Nowhere" pointSize="18"/>
            </label>
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="below">
                <rect key="frame" x="16" y="49" width="288" height="10"/>
            </view>
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="alone">
                <rect key="frame" x="16" y="150" width="30" height="10"/>
                <constraints>
                    <constraint firstAttribute="width" constant="40" priority="999" id="aw"/>
                    <constraint firstAttribute="height" constant="10" id="ah"/>
                </constraints>
            </view>
            """,
            constraints: """
                <constraint firstItem="label" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="16" id="a"/>
                <constraint firstAttribute="trailing" secondItem="label" secondAttribute="trailing" constant="16" id="b"/>
                <constraint firstItem="label" firstAttribute="top" secondItem="top" secondAttribute="top" constant="20" id="c"/>
                <constraint firstItem="below" firstAttribute="top" secondItem="label" secondAttribute="bottom" constant="8" id="d"/>
                <constraint firstItem="below" firstAttribute="leading" secondItem="label" secondAttribute="leading" id="e"/>
                <constraint firstItem="below" firstAttribute="trailing" secondItem="label" secondAttribute="trailing" id="f"/>
                <constraint firstItem="below" firstAttribute="height" constant="10" id="g"/>
                <constraint firstItem="alone" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="16" id="h"/>
                <constraint firstItem="alone" firstAttribute="top" secondItem="top" secondAttribute="top" constant="150" id="i"/>
                """)
        let scene = try firstScene(text)
        let report = scene.layOut(tracingFollowers: true)
        let label = try XCTUnwrap(report.view("label"))
        let below = try XCTUnwrap(report.view("below"))
        let alone = try XCTUnwrap(report.view("alone"))
        XCTAssertEqual(label.storedFrameCause, .missingFont)
        XCTAssertTrue(below.differs)
        XCTAssertEqual(below.storedFrameCause, .missingFont, below.storedFrameEvidence ?? "")
        XCTAssertEqual(below.followsStoredFrameOf, ["label"])
        XCTAssertEqual(
            below.storedFrameEvidence?.contains("label 'Hello' [label]"), true, below.storedFrameEvidence ?? "")
        // The frames reported and left on the views are the engine's, not the replay's.
        XCTAssertEqual(Double(below.report.frame.minY), Double(label.report.frame.maxY) + 8, accuracy: 0.01)
        XCTAssertEqual(scene.view(id: "below")?.frame, below.report.frame)
        XCTAssertEqual(scene.view(id: "label")?.frame, label.report.frame)
        XCTAssertTrue(alone.differs)
        XCTAssertNil(alone.storedFrameCause, alone.storedFrameEvidence ?? "")
        XCTAssertTrue(alone.followsStoredFrameOf.isEmpty)
    }

    /// A view placed after a view whose stored frame is stale (it breaks its own width
    /// constraint) is stored where the stale width put it: with that constraint relaxed and the
    /// stale view at its stored size, it lands there, so it shares the cause.
    func testViewsThatFollowAStaleFrameShareItsCause() throws {
        let text = card(
            """
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                <rect key="frame" x="20" y="20" width="50" height="40"/>
                <constraints>
                    <constraint firstAttribute="width" constant="100" id="w"/>
                    <constraint firstAttribute="height" constant="40" id="h"/>
                </constraints>
            </view>
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="next">
                <rect key="frame" x="80" y="20" width="30" height="40"/>
                <constraints>
                    <constraint firstAttribute="width" constant="30" id="nw"/>
                </constraints>
            </view>
            """,
            constraints: """
                <constraint firstItem="box" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="20" id="a"/>
                <constraint firstItem="box" firstAttribute="top" secondItem="top" secondAttribute="top" constant="20" id="b"/>
                <constraint firstItem="next" firstAttribute="leading" secondItem="box" secondAttribute="trailing" constant="10" id="c"/>
                <constraint firstItem="next" firstAttribute="top" secondItem="box" secondAttribute="top" id="d"/>
                <constraint firstItem="next" firstAttribute="height" secondItem="box" secondAttribute="height" id="e"/>
                """)
        let scene = try firstScene(text)
        XCTAssertNil(scene.layOut().view("next")?.storedFrameCause, "followers are traced only on request")
        let report = scene.layOut(tracingFollowers: true)
        let next = try XCTUnwrap(report.view("next"))
        XCTAssertEqual(report.view("box")?.storedFrameCause, .brokenConstraints)
        XCTAssertEqual(Double(next.report.frame.minX), 130, accuracy: 0.01)
        XCTAssertEqual(next.storedFrameCause, .brokenConstraints, next.storedFrameEvidence ?? "")
        XCTAssertEqual(next.followsStoredFrameOf, ["box"])
        XCTAssertEqual(
            next.storedFrameEvidence?.contains("view [box] at its stored size and the constraints"), true,
            next.storedFrameEvidence ?? "")
    }

    /// A view placed below a label in a missing font and beside a stale box follows both: the
    /// last round holds both, and the view takes the first cause in `StoredFrameCause` order.
    func testViewsThatFollowTwoCausesTakeTheFirst() throws {
        let text = card(
            """
            <label opaque="NO" text="Hello" translatesAutoresizingMaskIntoConstraints="NO" id="label">
                <rect key="frame" x="16" y="20" width="288" height="21"/>
                <fontDescription key="fontDescription" name="Nowhere-Regular" family="Nowhere" pointSize="18"/>
            </label>
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                <rect key="frame" x="16" y="100" width="50" height="40"/>
                <constraints>
                    <constraint firstAttribute="width" constant="100" id="w"/>
                    <constraint firstAttribute="height" constant="40" id="h"/>
                </constraints>
            </view>
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="both">
                <rect key="frame" x="76" y="49" width="30" height="10"/>
                <constraints>
                    <constraint firstAttribute="width" constant="30" id="bw"/>
                    <constraint firstAttribute="height" constant="10" id="bh"/>
                </constraints>
            </view>
            """,
            constraints: """
                <constraint firstItem="label" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="16" id="a"/>
                <constraint firstAttribute="trailing" secondItem="label" secondAttribute="trailing" constant="16" id="b"/>
                <constraint firstItem="label" firstAttribute="top" secondItem="top" secondAttribute="top" constant="20" id="c"/>
                <constraint firstItem="box" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="16" id="d"/>
                <constraint firstItem="box" firstAttribute="top" secondItem="top" secondAttribute="top" constant="100" id="e"/>
                <constraint firstItem="both" firstAttribute="top" secondItem="label" secondAttribute="bottom" constant="8" id="f"/>
                <constraint firstItem="both" firstAttribute="leading" secondItem="box" secondAttribute="trailing" constant="10" id="g"/>
                """)
        let scene = try firstScene(text)
        let report = scene.layOut(tracingFollowers: true)
        let both = try XCTUnwrap(report.view("both"))
        XCTAssertEqual(report.view("label")?.storedFrameCause, .missingFont)
        XCTAssertEqual(report.view("box")?.storedFrameCause, .brokenConstraints)
        XCTAssertEqual(both.storedFrameCause, .missingFont, both.storedFrameEvidence ?? "")
        XCTAssertEqual(Set(both.followsStoredFrameOf), ["label", "box"])
        XCTAssertEqual(
            both.storedFrameEvidence?.contains("(missingFont, brokenConstraints)"), true, both.storedFrameEvidence ?? ""
        )
    }
}
