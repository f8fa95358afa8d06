import Foundation
import XCTest

/// A storyboard label that shrinks its text (Interface Builder's *Autoshrink*: no
/// `adjustsFontSizeToFit="NO"`, a `minimumScaleFactor`) is read the same way by `measure
/// layout` and `measure check`: both say it is shrunk, neither that it is truncated.
final class InterfaceBuilderShrinkingTests: XCTestCase {
    static func xib(scale: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701">
            <device id="retina4_7" orientation="portrait"/>
            <objects>
                <view contentMode="scaleToFill" id="top" userLabel="Card">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="200"/>
                    <subviews>
                        <label opaque="NO" contentMode="left" text="Notifications" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" \(scale) translatesAutoresizingMaskIntoConstraints="NO" id="lbl">
                            <rect key="frame" x="10" y="10" width="80" height="21"/>
                            <fontDescription key="fontDescription" name="Inter-Regular" family="Inter" pointSize="17"/>
                            <nil key="textColor"/>
                            <nil key="highlightedColor"/>
                        </label>
                    </subviews>
                    <constraints>
                        <constraint firstItem="lbl" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="10" id="c1"/>
                        <constraint firstItem="lbl" firstAttribute="top" secondItem="top" secondAttribute="top" constant="10" id="c2"/>
                        <constraint firstItem="lbl" firstAttribute="width" constant="80" id="c3"/>
                    </constraints>
                </view>
            </objects>
        </document>
        """
    }

    func write(_ text: String) throws -> String {
        let folder = try MeasureProcess.temporaryDirectory(self)
        let path = folder.appendingPathComponent("Card.xib").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testLayoutAndCheckAgreeOnAShrinkingLabel() throws {
        let shrinking = try write(Self.xib(scale: #"minimumScaleFactor="0.5""#))
        let layout = try MeasureProcess.run(["layout", shrinking])
        XCTAssertEqual(layout.status, 1, layout.summary)
        XCTAssertTrue(layout.text.contains("shrunk to"), "measure layout: \(layout.text)")
        XCTAssertFalse(layout.text.contains("truncated"), "measure layout: \(layout.text)")
        let check = try MeasureProcess.run(["check", shrinking, "--categories", "large"])
        XCTAssertEqual(check.status, 0, "a shrunk label is a warning: \(check.summary)")
        XCTAssertTrue(check.text.contains("1 warning (1 shrunk)"), check.text)
        let failing = try MeasureProcess.run(["check", shrinking, "--categories", "large", "--fail-on", "shrunk"])
        XCTAssertEqual(failing.status, 1, "--fail-on shrunk: \(failing.summary)")
        XCTAssertTrue(check.text.contains("shrunk to"), "measure check: \(check.text)")
        XCTAssertFalse(check.text.contains("truncated  "), "measure check: \(check.text)")

        // With adjustsFontSizeToFit="NO" both say it is truncated.
        let fixed = try write(Self.xib(scale: #"adjustsFontSizeToFit="NO""#))
        let fixedLayout = try MeasureProcess.run(["layout", fixed])
        XCTAssertEqual(fixedLayout.status, 1, fixedLayout.summary)
        XCTAssertTrue(fixedLayout.text.contains("truncated"), fixedLayout.text)
        XCTAssertFalse(fixedLayout.text.contains("shrunk to"), fixedLayout.text)
        let fixedCheck = try MeasureProcess.run(["check", fixed, "--categories", "large"])
        XCTAssertEqual(fixedCheck.status, 1, fixedCheck.summary)
        XCTAssertTrue(fixedCheck.text.contains("truncated"), fixedCheck.text)
    }
}
