import AutoLayout
import Controls
import Foundation
import LayoutFiles
import Typesetting
import XCTest

/// Attributed strings whose fragments name different fonts: each fragment is measured in its
/// own `<font key="NSFont">`, not the whole text in the first fragment's font.
final class InterfaceBuilderAttributedTests: XCTestCase {
    /// A storyboard in a project folder holding the box font and the line-gap box font, with a
    /// label and a button whose attributed text is "Coupon " in TestBoxes 13 pt and "Code" in
    /// TestLineGap 20 pt.
    private func layOutCouponScene() throws -> InterfaceBuilderReport {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("ib-runs-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: temporary) }
        let fontFolder = temporary.appendingPathComponent("Fonts")
        try FileManager.default.createDirectory(at: fontFolder, withIntermediateDirectories: true)
        try Data("// swift-tools-version:5.9\n".utf8).write(to: temporary.appendingPathComponent("Package.swift"))
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TypesettingTests/Fixtures")
        for name in ["TestBoxes.ttf", "TestLineGap.ttf"] {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(name), to: fontFolder.appendingPathComponent(name))
        }
        let fragments = """
            <fragment content="Coupon ">
                <attributes><font key="NSFont" size="13" name="TestBoxes-Regular"/></attributes>
            </fragment>
            <fragment content="Code">
                <attributes><font key="NSFont" size="20" name="TestLineGap-Regular"/></attributes>
            </fragment>
            """
        let storyboard = IB.storyboard(
            """
            <subviews>
                <label opaque="NO" text="Coupon Code" translatesAutoresizingMaskIntoConstraints="NO" id="l">
                    \(ibRect(16, 100, 10, 10))
                    <attributedString key="attributedText">\(fragments)</attributedString>
                </label>
                <button opaque="NO" contentMode="scaleToFill" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="b">
                    \(ibRect(16, 200, 10, 10))
                    <state key="normal"><attributedString key="attributedTitle">\(fragments)</attributedString></state>
                </button>
            </subviews>
            <constraints>
                <constraint firstItem="l" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="16" id="c1"/>
                <constraint firstItem="l" firstAttribute="top" secondItem="root" secondAttribute="top" constant="100" id="c2"/>
                <constraint firstItem="b" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="16" id="c3"/>
                <constraint firstItem="b" firstAttribute="top" secondItem="root" secondAttribute="top" constant="200" id="c4"/>
            </constraints>
            """,
            extra: """
                <customFonts key="customFonts">
                    <array key="TestBoxes.ttf"><string>TestBoxes-Regular</string></array>
                    <array key="TestLineGap.ttf"><string>TestLineGap-Regular</string></array>
                </customFonts>
                """)
        let path = temporary.appendingPathComponent("Main.storyboard")
        try Data(storyboard.utf8).write(to: path)
        let file = try InterfaceBuilderFile(contentsOf: path.path)
        let report = try XCTUnwrap(file.makeScenes().first?.layOut())
        XCTAssertFalse(report.layout.problems.contains { $0.message.contains("not found") })
        return report
    }

    /// The label is as wide as its two fragments measured apart, each in its font (the box
    /// fonts' advances by hand), and as tall as the 20 pt font's ascender − descender, on the
    /// @3x grid of the iPhone 15 the storyboard is laid out on.
    func testLabelMeasuresEachFragmentInItsOwnFont() throws {
        let report = try layOutCouponScene()
        // "Coupon " = C + 5 lowercase + space at 13 pt; "Code" = C + 3 lowercase at 20 pt.
        let coupon = (1280.0 + 5 * 1024 + 512) * 13 / 2048
        let code = (1280.0 + 3 * 1024) * 20 / 2048
        XCTAssertEqual(coupon + code, 86.375)
        // The same fragments measured apart by the engine (the space, which would hang at the
        // end of a text of its own, by hand: 512 units).
        let small = try FontRegistry.shared.font("TestBoxes-Regular", size: 13)
        let large = try FontRegistry.shared.font("TestLineGap-Regular", size: 20)
        let apart =
            try PreparedText("Coupon", font: small).naturalWidth + 512 * 13 / 2048
            + PreparedText("Code", font: large).naturalWidth
        XCTAssertEqual(apart, coupon + code, accuracy: 1e-9)
        // Labels drop the line gap: the taller font's ascender − descender.
        let height = (1950.0 + 494) * 20 / 2048
        let frame = report.frame("l")
        XCTAssertEqual(Double(frame.width), PixelGrid.ceil(coupon + code, scale: 3), accuracy: 1e-9)
        XCTAssertEqual(Double(frame.height), PixelGrid.ceil(height, scale: 3), accuracy: 1e-9)
        XCTAssertEqual(Double(frame.width), 86 + 2.0 / 3, accuracy: 1e-9, "not 71.5, the whole text at 13 pt")
    }

    /// A button's attributed title is measured the same way: its width is the two-font
    /// title's, not the first font's.
    func testButtonTitleMeasuresEachFragmentInItsOwnFont() throws {
        let report = try layOutCouponScene()
        let small = try FontRegistry.shared.font("TestBoxes-Regular", size: 13)
        let large = try FontRegistry.shared.font("TestLineGap-Regular", size: 20)
        let runs = FontRun.runs([("Coupon ", small), ("Code", large)])
        let prepared = try PreparedText("Coupon Code", font: small, fontRuns: runs)
        let expected = try Button(title: "Coupon Code", font: small).intrinsicContentSize(scale: 3, prepared: prepared)
        let oneFont = try Button(title: "Coupon Code", font: small).intrinsicContentSize(scale: 3)
        XCTAssertGreaterThan(expected.width, oneFont.width + 10)
        XCTAssertEqual(Double(report.frame("b").width), expected.width, accuracy: 1e-9)
        XCTAssertEqual(Double(report.frame("b").height), expected.height, accuracy: 1e-9)
    }
}
