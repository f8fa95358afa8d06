import Foundation
import XCTest

/// `measure layout FILE.xib|FILE.storyboard`: the scenes' JSON, the comparison with Xcode's
/// stored frames, `--diff`'s exit status and errors pointing into the XML.
final class MeasureInterfaceBuilderTests: XCTestCase {
    /// A XIB whose view `a` is stored where its constraints put it and `b` 5 pt off.
    static let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701">
            <device id="retina4_7" orientation="portrait"/>
            <objects>
                <view contentMode="scaleToFill" id="top" userLabel="Card">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="200"/>
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a">
                            <rect key="frame" x="10" y="10" width="100" height="50"/>
                        </view>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="b" customClass="Badge">
                            <rect key="frame" x="10" y="65" width="100" height="50"/>
                        </view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="a" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="10" id="c1"/>
                        <constraint firstItem="a" firstAttribute="top" secondItem="top" secondAttribute="top" constant="10" id="c2"/>
                        <constraint firstItem="a" firstAttribute="width" constant="100" id="c3"/>
                        <constraint firstItem="a" firstAttribute="height" constant="50" id="c4"/>
                        <constraint firstItem="b" firstAttribute="top" secondItem="a" secondAttribute="bottom" constant="10" id="c5"/>
                        <constraint firstItem="b" firstAttribute="leading" secondItem="a" secondAttribute="leading" id="c6"/>
                        <constraint firstItem="b" firstAttribute="width" secondItem="a" secondAttribute="width" id="c7"/>
                        <constraint firstItem="b" firstAttribute="height" secondItem="a" secondAttribute="height" id="c8"/>
                    </constraints>
                </view>
            </objects>
        </document>
        """

    func write(_ text: String, name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("measure-ib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testJSONHasTheScenesShape() throws {
        let path = try write(Self.xib, name: "Card.xib")
        let output = try MeasureProcess.run(["layout", path, "--json"])
        XCTAssertEqual(output.status, 0, output.summary)
        let object = try MeasureProcess.object(output.lines.first ?? "")
        XCTAssertEqual(Array(object.keys).sorted(), ["file", "scenes"])
        let scenes = try XCTUnwrap(object["scenes"] as? [[String: Any]])
        let scene = try XCTUnwrap(scenes.first)
        XCTAssertEqual(Array(scene.keys).sorted(), ["diff", "id", "name", "problems", "screen", "views"])
        XCTAssertEqual(scene["id"] as? String, "top")
        XCTAssertEqual(scene["name"] as? String, "Card")
        let views = try XCTUnwrap(scene["views"] as? [[String: Any]])
        XCTAssertEqual(views.map { $0["id"] as? String }, ["top", "a", "b"])
        let b = try XCTUnwrap(views.last)
        XCTAssertEqual(
            Array(b.keys).sorted(),
            [
                "compared", "customClass", "delta", "frame", "ibFrame", "id", "kind", "name", "sizeWithinStandInError",
                "storedFrameCause", "storedFrameEvidence", "superview",
            ])
        // Its stored frame breaks the file's own constraint (5 pt higher than c5 places it).
        XCTAssertEqual(b["storedFrameCause"] as? String, "brokenConstraints")
        XCTAssertEqual((b["storedFrameEvidence"] as? String)?.contains("by 5 pt"), true)
        XCTAssertEqual(b["customClass"] as? String, "Badge")
        XCTAssertEqual(b["superview"] as? String, "top")
        XCTAssertEqual((b["frame"] as? [String: Double])?["y"], 70)
        XCTAssertEqual((b["ibFrame"] as? [String: Double])?["y"], 65)
        XCTAssertEqual(b["delta"] as? Double, 5)
        XCTAssertEqual(views.first?["compared"] as? Bool, false, "the root is not compared")
        let diff = try XCTUnwrap(scene["diff"] as? [String: Double])
        XCTAssertEqual(diff["compared"], 2)
        XCTAssertEqual(diff["differing"], 1)
    }

    func testDiffListsDifferencesAndExitsOne() throws {
        let path = try write(Self.xib, name: "Card.xib")
        let plain = try MeasureProcess.run(["layout", path])
        XCTAssertEqual(plain.status, 0, "without --diff, a stale frame is not a problem: \(plain.summary)")
        XCTAssertTrue(plain.text.contains("2 views compared with Xcode's stored frames; 1 differ"), plain.text)
        let diff = try MeasureProcess.run(["layout", path, "--diff"])
        XCTAssertEqual(diff.status, 1, diff.summary)
        XCTAssertTrue(diff.text.contains("Card.xib:11:17: view [b] Δ 5"), diff.text)
        // Another device changes what the file stores: nothing is compared.
        let moved = try MeasureProcess.run(["layout", path, "--diff", "--device", "retina6_12", "--json"])
        XCTAssertEqual(moved.status, 0, moved.summary)
        XCTAssertFalse(moved.text.contains("\"diff\""), moved.text)
    }

    func testErrorsPointIntoTheXML() throws {
        let broken = try write(
            Self.xib.replacingOccurrences(
                of: "secondItem=\"a\" secondAttribute=\"bottom\"", with: "secondItem=\"zz\" secondAttribute=\"bottom\""),
            name: "Bad.xib")
        // A constraint naming an id no object has is a problem at its line; the rest lays out.
        let output = try MeasureProcess.run(["layout", broken])
        XCTAssertEqual(output.status, 1, output.summary)
        XCTAssertTrue(output.text.contains("Bad.xib:20:17"), output.text)
        XCTAssertTrue(output.text.contains("the constraint \"c5\" names the id \"zz\""), output.text)
        // Malformed XML is still an invalid file.
        let malformed = try write(Self.xib.replacingOccurrences(of: "</objects>", with: ""), name: "Malformed.xib")
        let invalid = try MeasureProcess.run(["layout", malformed])
        XCTAssertEqual(invalid.status, 65, invalid.summary)
        XCTAssertTrue(invalid.stderr.contains("Malformed.xib:"), invalid.stderr)
        let missing = try MeasureProcess.run(["layout", "/nonexistent/Main.storyboard"])
        XCTAssertEqual(missing.status, 66, missing.summary)
        let scene = try MeasureProcess.run(["layout", try write(Self.xib, name: "Card.xib"), "--scene", "Nope"])
        XCTAssertEqual(scene.status, 64, scene.summary)
        XCTAssertTrue(scene.stderr.contains("scenes: Card (top)"), scene.stderr)
    }
}
