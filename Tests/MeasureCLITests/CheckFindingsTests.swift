import Foundation
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Findings a reviewer agrees with, on a storyboard written for them: *truncated* only when
/// the text as drawn differs from the whole text (`LabelDrawing`, `FieldDrawing`); a label's
/// single line taller than its frame is *drawnPastBounds*, a warning (a SARIF note, a JUnit
/// pass with a message); `--fail-on` chooses what fails the run.
final class CheckFindingsTests: XCTestCase {
    /// A label (or field) pinned at the top left with a fixed size, in Inter 17 (which does not
    /// follow Dynamic Type, so each finding is one at both categories).
    static func label(_ id: String, _ text: String, width: Int, height: Int, lines: Int, y: Int) -> String {
        """
        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="\(text)" numberOfLines="\(lines)" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
            <rect key="frame" x="20" y="\(y)" width="\(width)" height="\(height)"/>
            <constraints>
                <constraint firstAttribute="width" constant="\(width)" id="w-\(id)"/>
                <constraint firstAttribute="height" constant="\(height)" id="h-\(id)"/>
            </constraints>
            <fontDescription key="fontDescription" name="Inter-Regular" family="Inter" pointSize="17"/>
            <nil key="textColor"/>
            <nil key="highlightedColor"/>
        </label>
        """
    }

    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="vc1-FD-001">
            <device id="retina4_7" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="scn-FD-001">
                    <objects>
                        <viewController id="vc1-FD-001" userLabel="Cards" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="roo-FD-001">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>
                                    \(label("one-FD-001", "Hello", width: 200, height: 15, lines: 1, y: 40))
                                    \(label("two-FD-002", "One two three four five six seven", width: 100, height: 30, lines: 0, y: 80))
                                    \(label("fit-FD-003", "Short", width: 200, height: 21, lines: 1, y: 140))
                                    \(label("per-FD-005", "50% off, today: now", width: 60, height: 21, lines: 1, y: 240))
                                    <!-- more views -->
                                    <textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" placeholder="Email address" textAlignment="natural" minimumFontSize="17" translatesAutoresizingMaskIntoConstraints="NO" id="fld-FD-004">
                                        <rect key="frame" x="20" y="180" width="80" height="34"/>
                                        <constraints>
                                            <constraint firstAttribute="width" constant="80" id="w-fld-FD-004"/>
                                        </constraints>
                                        <fontDescription key="fontDescription" name="Inter-Regular" family="Inter" pointSize="14"/>
                                        <textInputTraits key="textInputTraits"/>
                                    </textField>
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="saf-FD-001"/>
                                <constraints>
                                    <constraint firstItem="one-FD-001" firstAttribute="leading" secondItem="roo-FD-001" secondAttribute="leading" constant="20" id="c01-FD-001"/>
                                    <constraint firstItem="one-FD-001" firstAttribute="top" secondItem="roo-FD-001" secondAttribute="top" constant="40" id="c02-FD-001"/>
                                    <constraint firstItem="two-FD-002" firstAttribute="leading" secondItem="roo-FD-001" secondAttribute="leading" constant="20" id="c03-FD-001"/>
                                    <constraint firstItem="two-FD-002" firstAttribute="top" secondItem="roo-FD-001" secondAttribute="top" constant="80" id="c04-FD-001"/>
                                    <constraint firstItem="fit-FD-003" firstAttribute="leading" secondItem="roo-FD-001" secondAttribute="leading" constant="20" id="c05-FD-001"/>
                                    <constraint firstItem="fit-FD-003" firstAttribute="top" secondItem="roo-FD-001" secondAttribute="top" constant="140" id="c06-FD-001"/>
                                    <constraint firstItem="fld-FD-004" firstAttribute="leading" secondItem="roo-FD-001" secondAttribute="leading" constant="20" id="c07-FD-001"/>
                                    <constraint firstItem="fld-FD-004" firstAttribute="top" secondItem="roo-FD-001" secondAttribute="top" constant="180" id="c08-FD-001"/>
                                    <constraint firstItem="per-FD-005" firstAttribute="leading" secondItem="roo-FD-001" secondAttribute="leading" constant="20" id="c09-FD-001"/>
                                    <constraint firstItem="per-FD-005" firstAttribute="top" secondItem="roo-FD-001" secondAttribute="top" constant="240" id="c10-FD-001"/>
                                    <!-- more constraints -->
                                </constraints>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="frs-FD-001" userLabel="First Responder" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    var folder: URL!
    var path: String { folder.appendingPathComponent("Base.lproj/Cards.storyboard").path }

    override func setUpWithError() throws {
        folder = try MeasureProcess.temporaryDirectory(self)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Base.lproj"), withIntermediateDirectories: true)
        try Self.storyboard.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func check(_ extra: [String] = []) throws -> (findings: [[String: Any]], output: MeasureProcess.Output) {
        let output = try MeasureProcess.run(
            ["check", path, "--categories", "large,AX3", "--json", "--no-progress"] + extra)
        let object = try MeasureProcess.object(output.lines.first ?? "")
        return (object["findings"] as? [[String: Any]] ?? [], output)
    }

    func testWhatADrawnTextShows() throws {
        let (findings, output) = try check()
        func finding(_ key: String) throws -> [String: Any] {
            try XCTUnwrap(findings.first { $0["key"] as? String == key }, "\(key) in \(findings)")
        }
        // One line 20.5 pt tall in a 15 pt label: drawn whole, past its top and bottom.
        let one = try finding("one-FD-001.text")
        XCTAssertEqual(one["problem"] as? String, "drawnPastBounds")
        XCTAssertEqual(one["severity"] as? String, "warning")
        XCTAssertEqual(one["shown"] as? [String], ["Hello"])
        XCTAssertEqual(one["categories"] as? [String], ["large", "accessibilityExtraLarge"])
        // Several lines in 30 pt: the line that fits, ending in an ellipsis.
        let two = try finding("two-FD-002.text")
        XCTAssertEqual(two["problem"] as? String, "truncated")
        let shown = try XCTUnwrap(two["shown"] as? [String])
        XCTAssertEqual(shown.count, 1, "\(shown)")
        XCTAssertTrue(shown[0].hasPrefix("One") && shown[0].hasSuffix("…"), "\(shown)")
        XCTAssertGreaterThan((two["needed"] as? [String: Any])?["height"] as? Double ?? 0, 30)
        // A placeholder wider than the field less its padding, cut at the tail.
        let field = try finding("fld-FD-004.placeholder")
        XCTAssertEqual(field["problem"] as? String, "truncated")
        let placeholder = try XCTUnwrap((field["shown"] as? [String])?.first)
        XCTAssertTrue(placeholder.hasPrefix("Em") && placeholder.hasSuffix("…"), placeholder)
        XCTAssertNil(findings.first { $0["key"] as? String == "fit-FD-003.text" })
        // The label and the field fail the run; the line drawn past the bounds does not.
        XCTAssertEqual(output.status, 1, output.summary)
        let (_, onlyWarnings) = try check(["--fail-on", "drawnPastBounds"])
        XCTAssertEqual(onlyWarnings.status, 1, "--fail-on drawnPastBounds: \(onlyWarnings.summary)")
        let (_, none) = try check(["--fail-on", "none"])
        XCTAssertEqual(none.status, 0, "--fail-on none: \(none.summary)")
        let bad = try MeasureProcess.run(["check", path, "--fail-on", "cut", "--no-progress"])
        XCTAssertEqual(bad.status, 64, bad.summary)
        XCTAssertTrue(bad.stderr.contains("--fail-on names 'cut', which is not a kind; kinds: truncated,"), bad.stderr)
    }

    /// drawnPastBounds is a SARIF note and a JUnit pass that carries its message.
    func testReportsTreatDrawnPastBoundsAsAWarning() throws {
        let sarif = folder.appendingPathComponent("cards.sarif")
        let junit = folder.appendingPathComponent("cards.xml")
        _ = try check(["--sarif", sarif.path, "--junit", junit.path])
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: sarif)) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let results = run["results"] as? [[String: Any]] ?? []
        let levels = Dictionary(
            results.map { ($0["ruleId"] as? String ?? "", $0["level"] as? String ?? "") },
            uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(levels["drawnPastBounds"], "note")
        XCTAssertEqual(levels["truncated"], "error")
        // Paths are relative to %SRCROOT%, the current folder when files are named.
        let bases = run["originalUriBaseIds"] as? [String: Any]
        XCTAssertEqual(
            (bases?["%SRCROOT%"] as? [String: Any])?["uri"] as? String,
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).absoluteString.hasSuffix("/")
                ? URL(fileURLWithPath: FileManager.default.currentDirectoryPath).absoluteString
                : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).absoluteString + "/")

        let document = try XMLDocument(data: Data(contentsOf: junit))
        let cases = try document.nodes(forXPath: "//testcase[@name='one-FD-001.text']").compactMap { $0 as? XMLElement }
        XCTAssertEqual(cases.count, 2, "one case per category")
        for element in cases {
            XCTAssertTrue(element.elements(forName: "failure").isEmpty, "a pass")
            XCTAssertTrue(
                element.elements(forName: "system-out").first?.stringValue?.contains("drawn past its bounds") == true,
                element.xmlString)
        }
    }

    /// `--format github`: workflow commands, one per finding, escaped as the Actions toolkit
    /// escapes them (actions/toolkit `command.ts`: `%`, CR and LF in a message; `:` and `,`
    /// too in a property).
    func testGitHubFormat() throws {
        let output = try MeasureProcess.run([
            "check", path, "--categories", "large", "--format", "github", "--no-progress",
        ])
        XCTAssertEqual(output.status, 1, output.summary)
        let commands = output.lines.filter { $0.hasPrefix("::") }
        XCTAssertEqual(commands.count, 4, output.text)
        let label = try XCTUnwrap(commands.first { $0.contains("two-FD-002") })
        XCTAssertTrue(label.hasPrefix("::error file="), label)
        XCTAssertTrue(label.contains(",line=\(lineOf("two-FD-002")),title=truncated%3A two-FD-002.text::"), label)
        let note = try XCTUnwrap(commands.first { $0.contains("one-FD-001") })
        XCTAssertTrue(note.hasPrefix("::notice "), note)
        XCTAssertFalse(output.lines.last?.hasPrefix("::") ?? true, "the summary is plain text")
        // "50% off, today: now" is cut to "50% o…": its percent sign is escaped in the message.
        let percent = try XCTUnwrap(commands.first { $0.contains("per-FD-005") })
        XCTAssertTrue(percent.contains("shown: 50%25"), percent)
        XCTAssertFalse(percent.contains("50%…") || percent.contains("50% "), percent)
        let both = try MeasureProcess.run(["check", path, "--format", "github", "--json", "--no-progress"])
        XCTAssertEqual(both.status, 64, both.summary)
    }

    /// A button with an iOS 15 configuration shows its configuration's title, keyed
    /// `ObjectID.configuration.title`, even where a state has a title too: that one is skipped.
    func testConfiguredButtonShowsItsConfigurationsTitle() throws {
        let button = """
            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="cfg-FD-006">
                <rect key="frame" x="20" y="300" width="120" height="35"/>
                <constraints>
                    <constraint firstAttribute="width" constant="120" id="w-cfg-FD-006"/>
                </constraints>
                <state key="normal" title="Button"/>
                <buttonConfiguration key="configuration" style="filled" title="Continue"/>
            </button>
            """
        let text = Self.adding(button, at: "cfg-FD-006", y: 300)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let german = folder.appendingPathComponent("de.lproj/Cards.strings")
        try FileManager.default.createDirectory(
            at: german.deletingLastPathComponent(), withIntermediateDirectories: true)
        try """
        "cfg-FD-006.normalTitle" = "Knopf";
        "cfg-FD-006.configuration.title" = "Weiter zur nächsten Seite";
        """.write(to: german, atomically: true, encoding: .utf8)
        let output = try MeasureProcess.run(["check", path, "--categories", "large", "--json", "--no-progress"])
        let object = try MeasureProcess.object(output.lines.first ?? "")
        let findings = object["findings"] as? [[String: Any]] ?? []
        let configured = findings.filter { ($0["key"] as? String ?? "").hasPrefix("cfg-FD-006") }
        XCTAssertEqual(configured.map { $0["key"] as? String }, ["cfg-FD-006.configuration.title"], "\(configured)")
        XCTAssertEqual(configured.first?["languages"] as? [String], ["de"])
        let skipped = (object["summary"] as? [String: Any])?["skipped"] as? [String: String] ?? [:]
        XCTAssertEqual(
            skipped["\(path): cfg-FD-006.normalTitle"],
            "not shown: UIButton.normalTitle: the button shows its configuration's title")
    }

    /// A button whose state titles differ is checked in each state: the highlighted title,
    /// shown in the normal title's place, is cut where the normal title fits.
    func testEachButtonStatesTitleIsChecked() throws {
        let button = """
            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="sta-FD-007">
                <rect key="frame" x="20" y="340" width="60" height="30"/>
                <constraints>
                    <constraint firstAttribute="width" constant="60" id="w-sta-FD-007"/>
                </constraints>
                <fontDescription key="fontDescription" name="Inter-Regular" family="Inter" pointSize="15"/>
                <state key="normal" title="Play"/>
                <state key="highlighted" title="Playing right now"/>
            </button>
            """
        try Self.adding(button, at: "sta-FD-007", y: 340).write(toFile: path, atomically: true, encoding: .utf8)
        let output = try MeasureProcess.run(["check", path, "--categories", "large", "--json", "--no-progress"])
        let object = try MeasureProcess.object(output.lines.first ?? "")
        let findings = (object["findings"] as? [[String: Any]] ?? []).filter {
            ($0["key"] as? String ?? "").hasPrefix("sta-FD-007")
        }
        XCTAssertEqual(findings.map { $0["key"] as? String }, ["sta-FD-007.highlightedTitle"], "\(findings)")
        let shown = (findings.first?["shown"] as? [String])?.first ?? ""
        XCTAssertTrue(shown.contains("…") && shown.hasPrefix("Pl"), shown)
        XCTAssertEqual(findings.first?["text"] as? String, "Playing right now")
        let skipped = (object["summary"] as? [String: Any])?["skipped"] as? [String: String] ?? [:]
        XCTAssertNil(skipped["\(path): sta-FD-007.highlightedTitle"], "checked, not skipped")
    }

    /// The storyboard with one more view, pinned 20 pt from the left at `y`.
    static func adding(_ view: String, at id: String, y: Int) -> String {
        storyboard.replacingOccurrences(of: "<!-- more views -->", with: view)
            .replacingOccurrences(
                of: "<!-- more constraints -->",
                with: """
                    <constraint firstItem="\(id)" firstAttribute="leading" secondItem="roo-FD-001" secondAttribute="leading" constant="20" id="l-\(id)"/>
                    <constraint firstItem="\(id)" firstAttribute="top" secondItem="roo-FD-001" secondAttribute="top" constant="\(y)" id="t-\(id)"/>
                    """)
    }

    func lineOf(_ id: String) -> Int {
        let lines = Self.storyboard.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.contains("id=\"\(id)\"") && $0.contains("<label") } ?? -1) + 1
    }
}
