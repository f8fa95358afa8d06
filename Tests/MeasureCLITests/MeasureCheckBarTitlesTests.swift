import Foundation
import Typesetting
import XCTest

/// `measure check` on the titles bars show: a navigation item's title between its bar button
/// items, a large title, bar button items' titles, tab bar items' titles and segments' titles,
/// each in the room `Controls.BarTitles` gives it (docs/interface-builder-check.md, "Bar
/// titles"). Each test writes a storyboard with one construct, laid out on an iPhone 8
/// (375 pt wide, so 16 pt side margins), and a German `de.lproj/Main.strings`; the expected
/// rooms are worked out here from the rule, with titles measured in the system font as the
/// bars set them.
final class MeasureCheckBarTitlesTests: XCTestCase {
    /// A storyboard of `scenes` on an iPhone 8 (or without a `<device>` when `device` is
    /// false), and its German strings; returns the storyboard's path and its text (for element
    /// lines).
    func write(_ scenes: String, german: [(String, String)], resources: String = "", device: Bool = true) throws -> (
        path: String, text: String, strings: String
    ) {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let board = directory.appendingPathComponent("Base.lproj/Main.storyboard")
        let strings = directory.appendingPathComponent("de.lproj/Main.strings")
        for folder in [board, strings] {
            try FileManager.default.createDirectory(
                at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        // The XML declaration must open the file.
        let text = String(
            """
                        <?xml version="1.0" encoding="UTF-8"?>
                        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
                            \(device ? "<device id=\"retina4_7\" orientation=\"portrait\" appearance=\"light\"/>" : "")
                            <scenes>
                        \(scenes)
                            </scenes>
                            <resources>\(resources)</resources>
                        </document>

            """
            .drop { $0 == " " })
        try text.write(to: board, atomically: true, encoding: .utf8)
        // One entry a line from line 1: a key's line is its index + 1.
        try german.map { "\"\($0.0)\" = \"\($0.1)\";" }.joined(separator: "\n").write(
            to: strings, atomically: true, encoding: .utf8)
        return (board.path, text, strings.path)
    }

    /// A view controller scene with an empty root view, and `inside` in the controller.
    func controller(_ id: String, name: String, size: (Int, Int) = (375, 667), _ inside: String) -> String {
        """
                        <scene sceneID="scn-\(id)">
                            <objects>
                                <viewController id="\(id)" userLabel="\(name)" sceneMemberID="viewController">
                                    <view key="view" contentMode="scaleToFill" id="roo-\(id)">
                                        <rect key="frame" x="0.0" y="0.0" width="\(size.0)" height="\(size.1)"/>
                                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    </view>
                    \(inside)
                                </viewController>
                            </objects>
                        </scene>
        """
    }

    /// A navigation controller whose root is `root`, its bar preferring large titles or not.
    func navigationController(root: String, largeTitles: Bool = false) -> String {
        """
                <scene sceneID="scn-nav-00-001">
                    <objects>
                        <navigationController id="nav-00-001" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill"\(largeTitles ? " largeTitles=\"YES\"" : "") id="bar-00-001">
                                <rect key="frame" x="0.0" y="20" width="375" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                            </navigationBar>
                            <connections>
                                <segue destination="\(root)" kind="relationship" relationship="rootViewController" id="sgr-00-001"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
        """
    }

    /// Runs `measure check --json` at the large category.
    func check(_ path: String) throws -> (findings: [[String: Any]], summary: [String: Any], status: Int32) {
        let output = try MeasureProcess.run(["check", path, "--categories", "large", "--json", "--no-progress"])
        XCTAssertFalse(output.stderr.contains("error:"), output.stderr)
        let object = try MeasureProcess.object(output.lines.first ?? "")
        return (
            object["findings"] as? [[String: Any]] ?? [], object["summary"] as? [String: Any] ?? [:], output.status
        )
    }

    /// A title's width in the system font, pixel-ceiled at @2x, as the bars measure it.
    func width(_ text: String, size: Double, weight: FontWeight) throws -> Double {
        let font = try FontRegistry.shared.systemFont(size: size, weight: weight)
        let measured = try PreparedText(text, font: font, language: "de").measure(
            LayoutOptions(width: .infinity, numberOfLines: 1))
        return PixelGrid.ceil(measured.width, scale: 2)
    }

    /// The line of the element with an id in the storyboard's text.
    func line(of id: String, in text: String) -> Int? {
        text.components(separatedBy: "\n").firstIndex { $0.contains("id=\"\(id)\"") }.map { $0 + 1 }
    }

    func number(_ finding: [String: Any]?, _ size: String, _ axis: String = "width") -> Double? {
        (finding?[size] as? [String: Any])?[axis] as? Double
    }

    /// The German title is cut between "Abbrechen" and "Sichern": the room is the bar less
    /// 16 pt margins, each item and 6 pt between it and the title. The finding names the
    /// navigation item's line and the translation's.
    func testGermanNavigationTitleTruncatesBetweenItsBarButtonItems() throws {
        let scenes =
            navigationController(root: "vc1-AB-001")
            + controller(
                "vc1-AB-001", name: "Settings",
                """
                                <navigationItem key="navigationItem" title="Settings" id="nvi-AB-001">
                                    <barButtonItem key="leftBarButtonItem" title="Cancel" id="can-AB-001"/>
                                    <barButtonItem key="rightBarButtonItem" style="done" title="Save" id="sav-AB-001"/>
                                </navigationItem>
                """)
        let german = [
            ("nvi-AB-001.title", "Benachrichtigungseinstellungen"), ("can-AB-001.title", "Abbrechen"),
            ("sav-AB-001.title", "Sichern"),
        ]
        let (path, text, strings) = try write(scenes, german: german)
        let (found, summary, status) = try check(path)
        XCTAssertEqual(status, 1)
        XCTAssertEqual(summary["checks"] as? Int, 6, "3 titles × Base and de")
        XCTAssertEqual(found.count, 1, "\(found)")
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(finding["key"] as? String, "nvi-AB-001.title")
        XCTAssertEqual(finding["language"] as? String, "de")
        XCTAssertEqual(finding["problem"] as? String, "truncated")
        let room =
            375 - 16 - (try width("Abbrechen", size: 17, weight: .regular)) - 6 - 16
            - (try width("Sichern", size: 17, weight: .semibold)) - 6
        XCTAssertEqual(try XCTUnwrap(number(finding, "available")), room, accuracy: 1e-9)
        XCTAssertEqual(
            try XCTUnwrap(number(finding, "needed")),
            try width("Benachrichtigungseinstellungen", size: 17, weight: .semibold), accuracy: 1e-9)
        let shown = try XCTUnwrap((finding["shown"] as? [String])?.first)
        XCTAssertTrue(shown.hasPrefix("Benachrichtigungs") && shown.hasSuffix("…"), shown)
        XCTAssertEqual(finding["file"] as? String, strings)
        XCTAssertEqual(finding["line"] as? Int, 1)
        let element = try XCTUnwrap(finding["element"] as? [String: Any])
        XCTAssertEqual(element["file"] as? String, path)
        XCTAssertEqual(element["line"] as? Int, line(of: "nvi-AB-001", in: text))
        XCTAssertEqual(element["kind"] as? String, "navigationItem")
        XCTAssertEqual(element["scene"] as? String, "Settings")
        // The table names both places.
        let table = try MeasureProcess.run(["check", path, "--categories", "large", "--no-progress"])
        let row = try XCTUnwrap(table.lines.first { $0.hasPrefix("nvi-AB-001.title") })
        XCTAssertTrue(row.hasSuffix("Main.storyboard:\(line(of: "nvi-AB-001", in: text) ?? 0), \(strings):1"), row)

        // A String Catalog named after the storyboard translates the title by the same key.
        let catalog = URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Main.xcstrings")
        try """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "nvi-AB-001.title": {"localizations": {
            "fr": {"stringUnit": {"state": "translated", "value": "Paramètres des notifications du compte"}}}}}}
        """.write(to: catalog, atomically: true, encoding: .utf8)
        let (withFrench, _, _) = try check(path)
        let french = try XCTUnwrap(withFrench.first { $0["language"] as? String == "fr" })
        XCTAssertEqual(french["key"] as? String, "nvi-AB-001.title")
        XCTAssertEqual(french["file"] as? String, catalog.path)
        XCTAssertEqual(french["line"] as? Int, 3, "the French value's line")
    }

    /// Items without text take their own widths: an image its size in `<resources>` (its
    /// title is not shown, so not checked), a fixed space its `width`.
    func testBarButtonItemsWithoutTextTakeTheirWidths() throws {
        let scenes =
            navigationController(root: "vc1-AB-007")
            + controller(
                "vc1-AB-007", name: "Account",
                """
                                <navigationItem key="navigationItem" title="Account" id="nvi-AB-007">
                                    <leftBarButtonItems>
                                        <barButtonItem title="Settings" image="gear" id="gea-AB-007"/>
                                        <barButtonItem width="20" systemItem="fixedSpace" id="fix-AB-007"/>
                                    </leftBarButtonItems>
                                </navigationItem>
                """)
        let (path, _, _) = try write(
            scenes, german: [("nvi-AB-007.title", "Benachrichtigungseinstellungen verwalten")],
            resources: "<image name=\"gear\" width=\"30\" height=\"30\"/>")
        let (found, summary, _) = try check(path)
        XCTAssertEqual(summary["checks"] as? Int, 2, "the title in Base and de; the image item's title is not shown")
        XCTAssertEqual(found.map { $0["key"] as? String }, ["nvi-AB-007.title"])
        // Left: margin 16, gear 30, 8 pt, space 20, 6 pt to the title; right, no items: 8 pt.
        XCTAssertEqual(number(found.first, "available"), 375 - (16 + 30 + 8 + 20 + 6) - 8)
    }

    /// Under a bar preferring large titles the root's title is 34 pt bold across the bar
    /// less its margins (343 pt); a pushed controller that says `largeTitleDisplayMode="never"`
    /// keeps the 17 pt semibold title, 8 pt from each edge of a bar without items, where the
    /// same German fits.
    func testLargeTitleHasTheBarLessItsMargins() throws {
        let scenes =
            navigationController(root: "vc1-AB-002", largeTitles: true)
            + controller(
                "vc1-AB-002", name: "Inbox",
                """
                                <navigationItem key="navigationItem" title="Inbox" id="nvi-AB-002"/>
                                <connections>
                                    <segue destination="vc2-AB-002" kind="show" id="sgs-AB-002"/>
                                </connections>
                """)
            + controller(
                "vc2-AB-002", name: "Details",
                """
                                <navigationItem key="navigationItem" title="Details" largeTitleDisplayMode="never" id="nvi-AB-003"/>
                """)
        let german = [
            ("nvi-AB-002.title", "Benachrichtigungseinstellungen"),
            ("nvi-AB-003.title", "Benachrichtigungseinstellungen"),
        ]
        let (path, _, _) = try write(scenes, german: german)
        let (found, _, _) = try check(path)
        XCTAssertEqual(found.map { $0["key"] as? String }, ["nvi-AB-002.title"])
        XCTAssertEqual(number(found.first, "available"), 343)
        XCTAssertEqual(
            try XCTUnwrap(number(found.first, "needed")),
            try width("Benachrichtigungseinstellungen", size: 34, weight: .bold), accuracy: 1e-9)
        XCTAssertLessThan(try width("Benachrichtigungseinstellungen", size: 17, weight: .semibold), 375 - 16)
    }

    /// In a file with no `<device>` (Xcode 7's canvas), a controller's root view is laid out at
    /// its stored 600 × 600, and its bar is as wide: a large title has 600 less 20 pt margins
    /// (600 ≥ 414 pt), not the fallback phone's 375 less 16.
    func testDeviceFreeCanvasBarTitlesTakeTheSceneWidth() throws {
        let scenes =
            navigationController(root: "vc1-AB-004", largeTitles: true)
            + controller(
                "vc1-AB-004", name: "Inbox", size: (600, 600),
                """
                                <navigationItem key="navigationItem" title="Inbox" id="nvi-AB-004"/>
                """)
        let long = "Benachrichtigungseinstellungen und Datenschutz"
        let (path, _, _) = try write(scenes, german: [("nvi-AB-004.title", long)], device: false)
        let (found, _, _) = try check(path)
        XCTAssertEqual(found.map { $0["key"] as? String }, ["nvi-AB-004.title"])
        XCTAssertEqual(number(found.first, "available"), 560)
        XCTAssertGreaterThan(try width(long, size: 34, weight: .bold), 560)
    }

    /// Bar button items keep their widths while they all fit between the margins (8 pt apart
    /// on a side); German titles too long for that leave each item what the others do not take.
    func testBarButtonItemsThatDoNotFitTogetherAreCut() throws {
        let scenes =
            navigationController(root: "vc1-AB-004")
            + controller(
                "vc1-AB-004", name: "Editor",
                """
                                <navigationItem key="navigationItem" id="nvi-AB-004">
                                    <barButtonItem key="leftBarButtonItem" title="Cancel" id="can-AB-004"/>
                                    <rightBarButtonItems>
                                        <barButtonItem title="Save" id="sav-AB-004"/>
                                        <barButtonItem title="Share" id="shr-AB-004"/>
                                    </rightBarButtonItems>
                                </navigationItem>
                """)
        let german = [
            ("can-AB-004.title", "Abbrechen und zurück"), ("sav-AB-004.title", "Speichern und schließen"),
            ("shr-AB-004.title", "Mit anderen teilen"),
        ]
        let (path, _, _) = try write(scenes, german: german)
        let (found, summary, _) = try check(path)
        XCTAssertEqual(summary["checks"] as? Int, 6, "three items in Base and de; the item has no title")
        XCTAssertEqual(Set(found.map { $0["language"] as? String }), ["de"])
        XCTAssertEqual(found.count, 3, "\(found)")
        let save = try XCTUnwrap(found.first { $0["key"] as? String == "sav-AB-004.title" })
        XCTAssertEqual((save["element"] as? [String: Any])?["kind"] as? String, "barButtonItem")
        let others =
            (try width("Abbrechen und zurück", size: 17, weight: .regular))
            + (try width("Mit anderen teilen", size: 17, weight: .regular))
        XCTAssertEqual(try XCTUnwrap(number(save, "available")), max(0, 375 - 32 - others - 8), accuracy: 1e-9)
    }

    /// A tab bar of six controllers shows four items and *More* (five items, 75 pt each):
    /// "Benachrichtigungen" in 10 pt medium is cut, "Profil" fits, and the fifth and sixth
    /// controllers' items are in the More list, not the bar.
    func testTabBarItemTitleHasItsShareOfTheBar() throws {
        let children = (1...6).map { "tb\($0)-AB-005" }
        var scenes = """
                                <scene sceneID="scn-tab-00-005">
                                    <objects>
                                        <tabBarController id="tab-00-005" sceneMemberID="viewController">
                                            <tabBar key="tabBar" contentMode="scaleToFill" id="tbb-00-005">
                                                <rect key="frame" x="0.0" y="618" width="375" height="49"/>
                                                <autoresizingMask key="autoresizingMask"/>
                                            </tabBar>
                                            <connections>
                        \(children.enumerated().map { "                        <segue destination=\"\($1)\" kind=\"relationship\" relationship=\"viewControllers\" id=\"sg\($0)-AB-005\"/>" }.joined(separator: "\n"))
                                            </connections>
                                        </tabBarController>
                                    </objects>
                                </scene>

            """
        for (number, id) in children.enumerated() {
            scenes += controller(
                id, name: "Tab \(number + 1)",
                """
                                <tabBarItem key="tabBarItem" title="Tab \(number + 1)" id="it\(number + 1)-AB-005"/>
                """)
        }
        let german = [
            ("it1-AB-005.title", "Benachrichtigungen"), ("it2-AB-005.title", "Profil"),
            ("it6-AB-005.title", "Benachrichtigungen"),
        ]
        let (path, text, strings) = try write(scenes, german: german)
        let (found, summary, _) = try check(path)
        XCTAssertEqual(summary["keys"] as? Int, 4, "the four items the bar shows")
        XCTAssertEqual(found.map { $0["key"] as? String }, ["it1-AB-005.title"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(number(finding, "available"), 75)
        XCTAssertEqual(
            try XCTUnwrap(number(finding, "needed")),
            try width("Benachrichtigungen", size: 10, weight: .medium), accuracy: 1e-9)
        XCTAssertGreaterThan(try width("Benachrichtigungen", size: 10, weight: .medium), 75)
        XCTAssertLessThan(try width("Profil", size: 10, weight: .medium), 75)
        XCTAssertEqual(finding["file"] as? String, strings)
        XCTAssertEqual((finding["element"] as? [String: Any])?["line"] as? Int, line(of: "it1-AB-005", in: text))
        XCTAssertEqual((finding["element"] as? [String: Any])?["scene"] as? String, "Tab 1")
    }

    /// A segmented control 200 pt wide with three segments: each title has 200 / 3 less the
    /// segment's 18.5 pt padding, in 13 pt regular.
    func testSegmentTitleHasItsShareOfTheControlLessPadding() throws {
        let scenes = controller(
            "vc1-AB-006", name: "Calendar",
            """
                            <connections/>
            """
        ).replacingOccurrences(
            of: "<autoresizingMask key=\"autoresizingMask\" widthSizable=\"YES\" heightSizable=\"YES\"/>\n",
            with: """
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                            <subviews>
                                                <segmentedControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" segmentControlStyle="plain" selectedSegmentIndex="0" translatesAutoresizingMaskIntoConstraints="NO" id="seg-AB-006">
                                                    <rect key="frame" x="16" y="40" width="200" height="32"/>
                                                    <constraints>
                                                        <constraint firstAttribute="width" constant="200" id="sw1-AB-006"/>
                                                    </constraints>
                                                    <segments>
                                                        <segment title="Day"/>
                                                        <segment title="Week"/>
                                                        <segment title="Month"/>
                                                    </segments>
                                                </segmentedControl>
                                            </subviews>
                                            <constraints>
                                                <constraint firstItem="seg-AB-006" firstAttribute="leading" secondItem="roo-vc1-AB-006" secondAttribute="leading" constant="16" id="sc1-AB-006"/>
                                                <constraint firstItem="seg-AB-006" firstAttribute="top" secondItem="roo-vc1-AB-006" secondAttribute="top" constant="40" id="sc2-AB-006"/>
                                            </constraints>

                """)
        let german = [
            ("seg-AB-006.segmentTitles[0]", "Tag"), ("seg-AB-006.segmentTitles[1]", "Woche"),
            ("seg-AB-006.segmentTitles[2]", "Monatsübersicht"),
        ]
        let (path, _, _) = try write(scenes, german: german)
        let (found, summary, _) = try check(path)
        XCTAssertEqual(summary["checks"] as? Int, 6)
        XCTAssertEqual(found.map { $0["key"] as? String }, ["seg-AB-006.segmentTitles[2]"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(try XCTUnwrap(number(finding, "available")), 200.0 / 3 - 18.5, accuracy: 1e-9)
        XCTAssertEqual(
            try XCTUnwrap(number(finding, "needed")), try width("Monatsübersicht", size: 13, weight: .regular),
            accuracy: 1e-9)
        XCTAssertLessThan(try width("Woche", size: 13, weight: .regular), 200.0 / 3 - 18.5)
        XCTAssertEqual(finding["line"] as? Int, 3)
    }
}
