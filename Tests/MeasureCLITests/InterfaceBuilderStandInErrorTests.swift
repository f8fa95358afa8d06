import Foundation
import XCTest

/// `measure layout --json` and `--diff` say which system-font views differ from Xcode's stored
/// frame by no more than the stand-in's documented error (docs/system-font.md, "Widths without
/// SF Pro"): width within 4% of the stored one, height the same.
final class InterfaceBuilderStandInErrorTests: XCTestCase {
    /// Three 17 pt system-font labels placed by their leading and top edges. The stand-in sets
    /// "Sign up for free" 118 wide and "Continue" 69.5 (20.5 tall at @2x): `near` is stored 121
    /// wide (3 pt, 2.5% off), `far` 80 (13% off), `tall` at the right width but 30 tall.
    static let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701">
            <device id="retina4_7" orientation="portrait"/>
            <objects>
                <view contentMode="scaleToFill" id="top">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="200"/>
                    <subviews>
                        <label text="Sign up for free" translatesAutoresizingMaskIntoConstraints="NO" id="near">
                            <rect key="frame" x="10" y="10" width="121" height="20.5"/>
                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        </label>
                        <label text="Continue" translatesAutoresizingMaskIntoConstraints="NO" id="far">
                            <rect key="frame" x="10" y="50" width="80" height="20.5"/>
                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        </label>
                        <label text="Continue" translatesAutoresizingMaskIntoConstraints="NO" id="tall">
                            <rect key="frame" x="10" y="90" width="69.5" height="30"/>
                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        </label>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                            <rect key="frame" x="10" y="130" width="50" height="50"/>
                        </view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="near" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="10" id="c1"/>
                        <constraint firstItem="near" firstAttribute="top" secondItem="top" secondAttribute="top" constant="10" id="c2"/>
                        <constraint firstItem="far" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="10" id="c3"/>
                        <constraint firstItem="far" firstAttribute="top" secondItem="top" secondAttribute="top" constant="50" id="c4"/>
                        <constraint firstItem="tall" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="10" id="c5"/>
                        <constraint firstItem="tall" firstAttribute="top" secondItem="top" secondAttribute="top" constant="90" id="c6"/>
                        <constraint firstItem="box" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="10" id="c7"/>
                        <constraint firstItem="box" firstAttribute="top" secondItem="top" secondAttribute="top" constant="135" id="c8"/>
                        <constraint firstItem="box" firstAttribute="width" constant="50" id="c9"/>
                        <constraint firstItem="box" firstAttribute="height" constant="50" id="c10"/>
                    </constraints>
                </view>
            </objects>
        </document>
        """

    func write() throws -> String {
        let folder = try MeasureProcess.temporaryDirectory(self)
        let path = folder.appendingPathComponent("Labels.xib").path
        try Data(Self.xib.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func verdicts(_ arguments: [String]) throws -> [String: Any] {
        let output = try MeasureProcess.run(["layout"] + arguments + ["--json"])
        let object = try MeasureProcess.object(output.lines.first ?? "")
        let scene = try XCTUnwrap((object["scenes"] as? [[String: Any]])?.first)
        let views = try XCTUnwrap(scene["views"] as? [[String: Any]])
        var result: [String: Any] = [:]
        for view in views {
            if let id = view["id"] as? String { result[id] = view["sizeWithinStandInError"] ?? NSNull() }
        }
        return result
    }

    func testJSONSaysWhichSystemFontViewsAreWithinTheStandInsError() throws {
        let path = try write()
        let verdicts = try verdicts([path])
        XCTAssertEqual(verdicts["near"] as? Bool, true)
        XCTAssertEqual(verdicts["far"] as? Bool, false)
        XCTAssertEqual(verdicts["tall"] as? Bool, false, "the height is SF Pro's, exact")
        XCTAssertTrue(verdicts["box"] is NSNull, "no text")
        XCTAssertTrue(verdicts["top"] is NSNull, "the root is not compared")
    }

    func testDiffMarksThemToo() throws {
        let path = try write()
        let output = try MeasureProcess.run(["layout", path, "--diff"])
        XCTAssertEqual(output.status, 1, output.summary)
        let near = try XCTUnwrap(output.lines.first { $0.contains("[near]") })
        XCTAssertTrue(near.hasSuffix("(size within the system font stand-in's error)"), near)
        let far = try XCTUnwrap(output.lines.first { $0.contains("[far]") })
        XCTAssertFalse(far.contains("stand-in"), far)
    }

    func testWithSFProThereIsNoStandInError() throws {
        let path = try write()
        let sfPro = MeasureProcess.packageRoot.appendingPathComponent(
            "Tests/TypesettingTests/Fixtures/SystemFont/Static")
        let verdicts = try verdicts([path, "--font-dir", sfPro.path])
        for id in ["near", "far", "tall", "box"] {
            XCTAssertTrue(verdicts[id] is NSNull, id)
        }
    }
}
