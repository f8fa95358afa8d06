import AutoLayout
import Foundation
import LayoutFiles
import Typesetting
import XCTest

/// Which file a custom font is read from when a project holds more than one with its
/// PostScript name.
final class InterfaceBuilderFontsTests: XCTestCase {
    /// A project whose app ships `TestCopy.ttf` (lowercase half an em wide) and whose `Pods/`
    /// holds a copy of the same name and PostScript name with wider letters, met first (its
    /// folder is searched first, and the registry already has it): the label is measured in
    /// the app's copy, the file `<customFonts>` names, as Xcode does.
    func testTheAppsCopyOfAFontWinsOverAPodsCopy() throws {
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("ib-copies-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: project) }
        let appFonts = project.appendingPathComponent("App/Fonts")
        let podFonts = project.appendingPathComponent("Pods/SomeKit/Resources")
        for folder in [appFonts, podFonts] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("// swift-tools-version:5.9\n".utf8).write(to: project.appendingPathComponent("Package.swift"))
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TypesettingTests/Fixtures")
        try FileManager.default.copyItem(
            at: fixtures.appendingPathComponent("TestCopyApp.ttf"), to: appFonts.appendingPathComponent("TestCopy.ttf"))
        let podCopy = podFonts.appendingPathComponent("TestCopy.ttf")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("TestCopyPod.ttf"), to: podCopy)
        _ = try FontRegistry.shared.addFonts(at: podCopy.path)

        let xib = IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 320, 100))
                <subviews>
                    <label opaque="NO" text="abc" translatesAutoresizingMaskIntoConstraints="NO" id="l">
                        \(ibRect(10, 10, 24, 20))
                        <fontDescription key="fontDescription" name="TestCopy-Regular" family="Test Copy" pointSize="16"/>
                    </label>
                </subviews>
                <constraints>
                    <constraint firstItem="l" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="10" id="c1"/>
                    <constraint firstItem="l" firstAttribute="top" secondItem="top" secondAttribute="top" constant="10" id="c2"/>
                </constraints>
            </view>
            """,
            extra: """
                <customFonts key="customFonts">
                    <array key="TestCopy.ttf"><string>TestCopy-Regular</string></array>
                </customFonts>
                """)
        let path = project.appendingPathComponent("App/View.xib")
        try Data(xib.utf8).write(to: path)
        let file = try InterfaceBuilderFile(contentsOf: path.path)
        let options = InterfaceBuilderOptions(fontDirectories: [podFonts.path])
        let report = try XCTUnwrap(file.makeScenes(options).first).layOut()
        // "abc": 3 × 1024 units at 16 pt = 24 in the app's copy; 36 in the copy under Pods/.
        XCTAssertEqual(report.frame("l").width, 24)
        XCTAssertTrue(report.layout.problems.isEmpty, "\(report.layout.problems)")
    }
}
