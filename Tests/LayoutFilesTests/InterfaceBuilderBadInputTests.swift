import AutoLayout
import Foundation
import LayoutFiles
import XCTest

/// IB files come from other people's repositories: each kind of hostile or broken input
/// gets its own error or problem, with the line and column, and nothing is expanded or read
/// elsewhere.
final class InterfaceBuilderBadInputTests: XCTestCase {
    func testBillionLaughsIsRefusedBeforeParsing() {
        var entities = "<!ENTITY lol \"lol\">"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE document [\(entities)]>\n<document>&lol9;</document>"
        let error = IB.error(text)
        XCTAssertEqual(error?.kind, .syntax)
        XCTAssertEqual(error?.position, SourcePosition(line: 2, column: 1))
        XCTAssertEqual(error?.message.contains("document type"), true, error?.message ?? "")
    }

    func testExternalEntitiesAreNeverRead() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("ib-secret-\(UUID().uuidString)")
        try Data("TOP-SECRET-CONTENT".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE document [<!ENTITY xxe SYSTEM "file://\(secret.path)">]>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects><view id="v"><rect key="frame" x="0" y="0" width="10" height="10"/><string key="text">&xxe;</string></view></objects></document>
            """
        let error = IB.error(text)
        XCTAssertEqual(error?.kind, .syntax)
        XCTAssertEqual(error?.description.contains("TOP-SECRET"), false)
        // An entity declared without a DOCTYPE keyword anywhere is refused the same way.
        let bare = IB.error("<document>\n<!ENTITY x \"y\">\n</document>")
        XCTAssertEqual(bare?.kind, .syntax)
        XCTAssertEqual(bare?.position?.line, 2)
    }

    func testMalformedXMLGivesLineAndColumnInOurWords() {
        let text =
            "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">\n  <objects>\n  </document>\n"
        let error = IB.error(text)
        XCTAssertEqual(error?.kind, .syntax)
        XCTAssertEqual(error?.position?.line, 4)
        XCTAssertEqual(error?.message.hasPrefix("malformed XML: "), true, error?.message ?? "")
        XCTAssertEqual(error?.message.contains("(null)"), false)

        let undeclared = IB.error("<document>\n  <objects>&nbsp;</objects>\n</document>")
        XCTAssertEqual(undeclared?.position?.line, 2)
        XCTAssertEqual(undeclared?.message.contains("entity"), true, undeclared?.message ?? "")

        let notIB = IB.error("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"></plist>")
        XCTAssertEqual(notIB?.message.contains("starts with <document>"), true)
    }

    /// Foundation's parser traps on names that are not UTF-8: such bytes are refused first.
    func testInvalidUTF8IsRefusedWithItsPlace() throws {
        var bytes = Array("<document>\n  <view i".utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array("d=\"a\"/>\n</document>".utf8)
        var error: LayoutFileError?
        do {
            _ = try InterfaceBuilderFile(bytes: bytes)
        } catch let caught {
            error = caught
        }
        XCTAssertEqual(error?.kind, .syntax)
        XCTAssertEqual(error?.position, SourcePosition(line: 2, column: 10))
        XCTAssertEqual(error?.message.contains("not valid UTF-8 (byte 0xFF)"), true, error?.message ?? "")
    }

    /// A constraint naming an id no object has: Xcode opens the file, so the constraint is a
    /// problem with its line and the rest is laid out.
    func testUnknownIDIsAProblemWithItsLine() throws {
        let xib = IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 320, 200))
                <constraints>
                    <constraint firstItem="nowhere" firstAttribute="top" secondItem="top" secondAttribute="top" id="c1"/>
                </constraints>
            </view>
            """)
        let report = try XCTUnwrap(IB.layOut(xib).first)
        let problem = try XCTUnwrap(report.layout.problems.first { $0.kind == .ignoredValue })
        XCTAssertEqual(problem.message.contains("\"nowhere\""), true)
        XCTAssertEqual(problem.position?.line, 10)
    }

    func testViewNestedInItselfAndDuplicateIDs() {
        let nested = IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 320, 200))
                <subviews>
                    <view contentMode="scaleToFill" id="inner">
                        \(ibRect(0, 0, 10, 10))
                        <subviews><view contentMode="scaleToFill" id="top">\(ibRect(0, 0, 1, 1))</view></subviews>
                    </view>
                </subviews>
            </view>
            """)
        XCTAssertEqual(IB.error(nested)?.kind, .cyclicHierarchy)
        let twice = IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 320, 200))
                <subviews>
                    <view contentMode="scaleToFill" id="same">\(ibRect(0, 0, 1, 1))</view>
                    <view contentMode="scaleToFill" id="same">\(ibRect(0, 0, 1, 1))</view>
                </subviews>
            </view>
            """)
        XCTAssertEqual(IB.error(twice)?.kind, .duplicateName)
    }

    /// Values that do not read are problems that say what is allowed; the file still lays out.
    func testBadValuesSayWhatIsAllowed() throws {
        func problem(_ attributes: String) throws -> String? {
            let text = IB.xib(
                """
                <view contentMode="scaleToFill" id="top">
                    \(ibRect(0, 0, 320, 200))
                    <constraints><constraint \(attributes) id="c1"/></constraints>
                </view>
                """)
            return try IB.layOut(text).first?.layout.problems.first { $0.kind == .ignoredValue }?.message
        }
        XCTAssertEqual(try problem("firstAttribute=\"sideways\"")?.contains("not a layout attribute"), true)
        XCTAssertEqual(try problem("firstAttribute=\"width\" multiplier=\"16:0\"")?.contains("ratio"), true)
        XCTAssertEqual(try problem("firstAttribute=\"width\" constant=\"nan\"")?.contains("finite number"), true)
        XCTAssertEqual(try problem("firstAttribute=\"width\" priority=\"2000\"")?.contains("1…1000"), true)
    }

    /// A 20 MB storyboard reads (the stream parser, not `XMLParser(data:)`), and one of its
    /// scenes lays out.
    func testTwentyMegabyteStoryboardReads() throws {
        var scenes = ""
        var index = 0
        let scene = { (index: Int) -> String in
            """
            <scene sceneID="s\(index)"><objects><viewController id="c\(index)" sceneMemberID="viewController">
            <view key="view" contentMode="scaleToFill" id="r\(index)"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
            <subviews><view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v\(index)"><rect key="frame" x="16" y="0.0" width="343" height="44"/>
            <constraints><constraint firstAttribute="height" constant="44" id="h\(index)"/></constraints></view></subviews>
            <constraints><constraint firstItem="v\(index)" firstAttribute="leading" secondItem="r\(index)" secondAttribute="leadingMargin" id="l\(index)"/>
            <constraint firstItem="v\(index)" firstAttribute="trailing" secondItem="r\(index)" secondAttribute="trailingMargin" id="t\(index)"/>
            <constraint firstItem="v\(index)" firstAttribute="top" secondItem="r\(index)" secondAttribute="top" id="p\(index)"/></constraints>
            </view></viewController></objects></scene>

            """
        }
        while scenes.utf8.count < 20 << 20 {
            scenes += scene(index)
            index += 1
        }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701">
            <device id="retina4_7" orientation="portrait"/><scenes>\(scenes)</scenes></document>
            """
        let file = try InterfaceBuilderFile(bytes: Array(text.utf8))
        XCTAssertEqual(file.scenes.count, index)
        let last = try XCTUnwrap(file.scene("s\(index - 1)"))
        let report = try XCTUnwrap(file.makeScenes(only: [last]).first?.layOut())
        assertFrame(report.frame("v\(index - 1)"), CGRect(x: 16, y: 0, width: 343, height: 44))
        XCTAssertEqual(report.differing.count, 0)
    }
}
