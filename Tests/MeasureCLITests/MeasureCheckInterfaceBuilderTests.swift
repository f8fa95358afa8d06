import Foundation
import XCTest

/// `measure check` on storyboards and XIBs: translations found beside the file, every scene
/// in every language × category, mirrored right-to-left layouts, untranslated keys, Xcode's
/// pseudolanguages. The fixture `Fixtures/ib-localized` was written for these tests: a
/// storyboard whose title is a body-style label between the safe area's margins (343 pt on
/// an iPhone 8), with German and Arabic `Main.strings`.
final class MeasureCheckInterfaceBuilderTests: XCTestCase {
    static let folder = MeasureProcess.packageRoot.appendingPathComponent("Tests/MeasureCLITests/Fixtures/ib-localized")
    static let storyboard = folder.appendingPathComponent("Base.lproj/Main.storyboard").path

    /// Runs `measure check --json` and returns the findings and the summary.
    func check(_ arguments: [String]) throws -> (findings: [[String: Any]], summary: [String: Any], status: Int32) {
        let output = try MeasureProcess.run(["check"] + arguments + ["--json", "--no-progress"])
        let object = try MeasureProcess.object(output.lines.first ?? "")
        return (
            object["findings"] as? [[String: Any]] ?? [], object["summary"] as? [String: Any] ?? [:],
            output.status
        )
    }

    func findings(_ all: [[String: Any]], key: String, language: String) -> [[String: Any]] {
        all.filter { $0["key"] as? String == key && $0["language"] as? String == language }
    }

    func testGermanTitleTruncatesAtAX3AndEachFindingNamesBothLines() throws {
        let (found, summary, status) = try check([Self.storyboard, "--categories", "large,AX3"])
        XCTAssertEqual(status, 1, "findings exit 1")
        XCTAssertEqual(summary["languages"] as? [String], ["Base", "ar", "de"])
        // "Kontoeinstellungen ändern" fits the 343 pt title at large and is cut at AX3 (body 43 pt).
        let title = findings(found, key: "ttl-AB-cde.text", language: "de")
        XCTAssertEqual(title.map { $0["category"] as? String }, ["accessibilityExtraLarge"])
        let finding = try XCTUnwrap(title.first)
        XCTAssertEqual(finding["problem"] as? String, "truncated")
        XCTAssertEqual(finding["text"] as? String, "Kontoeinstellungen ändern")
        XCTAssertEqual((finding["available"] as? [String: Any])?["width"] as? Double, 343)
        XCTAssertGreaterThan((finding["needed"] as? [String: Any])?["width"] as? Double ?? 0, 343)
        let shown = try XCTUnwrap((finding["shown"] as? [String])?.first)
        XCTAssertTrue(shown.hasPrefix("Kontoeinst") && shown.hasSuffix("…"), shown)
        // The translation's line and the element's line.
        XCTAssertEqual(finding["file"] as? String, Self.folder.appendingPathComponent("de.lproj/Main.strings").path)
        XCTAssertEqual(finding["line"] as? Int, 3)
        let element = try XCTUnwrap(finding["element"] as? [String: Any])
        XCTAssertEqual(element["file"] as? String, Self.storyboard)
        XCTAssertEqual(element["line"] as? Int, 12)
        XCTAssertEqual(element["kind"] as? String, "label")
        XCTAssertEqual(element["name"] as? String, "Title")
        XCTAssertEqual(element["scene"] as? String, "Settings")
        // The English title fits at both sizes.
        XCTAssertTrue(findings(found, key: "ttl-AB-cde.text", language: "Base").isEmpty)
        // The table names both places too.
        let table = try MeasureProcess.run(["check", Self.storyboard, "--categories", "AX3", "--no-progress"])
        let row = try XCTUnwrap(table.lines.first { $0.hasPrefix("ttl-AB-cde.text") && $0.contains(" de ") })
        XCTAssertTrue(row.hasSuffix("Base.lproj/Main.storyboard:12, \(Self.folder.path)/de.lproj/Main.strings:3"), row)
    }

    /// A 10 pt pin sits 50 pt from the *left* edge whatever the direction; the note follows its
    /// trailing edge by 8 pt. Left to right that is x = 68, on screen; mirrored, the pin's
    /// trailing edge is its left (x = 50), so the note ends at x = 42 and starts 58 pt off
    /// the screen. Only Arabic reports it.
    func testArabicLaysOutMirrored() throws {
        let (found, _, _) = try check([Self.storyboard, "--categories", "large"])
        let arabic = findings(found, key: "not-AB-cde.text", language: "ar")
        XCTAssertEqual(arabic.map { $0["problem"] as? String }, ["offscreen"])
        XCTAssertEqual(arabic.first?["line"] as? Int, 15, "ar.lproj/Main.strings line 15")
        XCTAssertEqual((arabic.first?["element"] as? [String: Any])?["line"] as? Int, 36)
        XCTAssertEqual((arabic.first?["available"] as? [String: Any])?["width"] as? Double, 42, "x 0…42 shows")
        XCTAssertTrue(findings(found, key: "not-AB-cde.text", language: "de").isEmpty)
        XCTAssertTrue(findings(found, key: "not-AB-cde.text", language: "Base").isEmpty)
    }

    /// The subtitle shrinks its text to fit (no `adjustsFontSizeToFit="NO"`, a minimum scale of
    /// 0.5): "Notifications" fits its 150 pt, "Benachrichtigungen" is drawn smaller, whole.
    func testShrinkingLabelIsReportedShrunk() throws {
        let (found, summary, _) = try check([Self.storyboard, "--categories", "large", "--languages", "Base,de"])
        XCTAssertTrue(findings(found, key: "sub-AB-cde.text", language: "Base").isEmpty)
        let german = findings(found, key: "sub-AB-cde.text", language: "de")
        XCTAssertEqual(german.map { $0["problem"] as? String }, ["shrunk"])
        let scale = try XCTUnwrap(german.first?["fontScale"] as? Double)
        XCTAssertTrue(scale > 0.5 && scale < 1, "\(scale)")
        XCTAssertEqual(german.first?["shown"] as? [String], ["Benachrichtigungen"], "whole, not cut")
        XCTAssertEqual(summary["shrunk"] as? Int, 1)
        let table = try MeasureProcess.run([
            "check", Self.storyboard, "--categories", "large", "--languages", "de", "--no-progress",
        ])
        XCTAssertTrue(table.lines.contains { $0.hasPrefix("sub-AB-cde.text") && $0.contains("shrunk to ") })
    }

    func testMissingKeysFallBackToBaseAndAreListed() throws {
        let (found, summary, _) = try check([Self.storyboard, "--categories", "large", "--languages", "de,ar"])
        let untranslated = try XCTUnwrap(summary["untranslated"] as? [String: Any])
        XCTAssertEqual(untranslated["de"] as? [String], ["nam-AB-cde.text"])
        XCTAssertNil(untranslated["ar"], "Arabic translates every text")
        XCTAssertEqual(summary["languages"] as? [String], ["ar", "de"])
        // The 10 pt badge is cut in every language; in German it shows the translation.
        XCTAssertEqual(findings(found, key: "tag-AB-cde.text", language: "de").first?["text"] as? String, "Etikett")
        let table = try MeasureProcess.run(["check", Self.storyboard, "--categories", "large", "--no-progress"])
        XCTAssertTrue(table.lines.last?.contains("untranslated (shown in Base): de 1") == true, table.summary)
    }

    /// Each pseudolanguage's text, read off the badge that truncates in all of them.
    func testPseudolanguages() throws {
        let (found, summary, _) = try check([
            Self.storyboard, "--categories", "large", "--pseudo", "double-length", "--pseudo", "accented",
            "--pseudo", "bounded", "--pseudo", "right-to-left", "--pseudo", "bounded+accented",
            "--languages", "double-length,accented,bounded,right-to-left,accented+bounded",
        ])
        XCTAssertEqual(
            Set(summary["languages"] as? [String] ?? []),
            ["double-length", "accented", "bounded", "right-to-left", "accented+bounded"])
        let texts = Dictionary(
            found.filter { $0["key"] as? String == "tag-AB-cde.text" }.map {
                ($0["language"] as? String ?? "", $0["text"] as? String ?? "")
            }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(texts["double-length"], "Tag Tag")
        XCTAssertEqual(texts["accented"], "Ţååĝ")
        XCTAssertEqual(texts["bounded"], "[# Tag #]")
        XCTAssertEqual(texts["right-to-left"], "Tag")
        XCTAssertEqual(texts["accented+bounded"], "[# Ţååĝ #]")
        // Right to left mirrors the layout with the Base text; the others do not.
        let notes = found.filter {
            $0["key"] as? String == "not-AB-cde.text" && $0["problem"] as? String == "offscreen"
        }
        XCTAssertEqual(notes.map { $0["language"] as? String }, ["right-to-left"])
        // Pseudolanguages have no translation file: the element's line is the only place.
        XCTAssertEqual(found.first?["file"] as? String, Self.storyboard)
        // Doubled, the title no longer fits at AX5 ("Settings Settings" in body at 53 pt).
        let (doubled, _, _) = try check([
            Self.storyboard, "--categories", "AX5", "--pseudo", "double-length", "--languages", "Base,double-length",
        ])
        XCTAssertEqual(
            doubled.filter { $0["key"] as? String == "ttl-AB-cde.text" }.map { $0["language"] as? String },
            ["double-length"])
    }

    /// A XIB beside its folder's `de.lproj/Cell.strings`, and a String Catalog named after a
    /// storyboard (its source language is the Base text and is not checked).
    func testXIBAndStringCatalog() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let source = try String(contentsOfFile: Self.storyboard, encoding: .utf8)
        let xib = directory.appendingPathComponent("Views/Cell.xib")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("Views/de.lproj"), withIntermediateDirectories: true)
        try Self.cellXIB.write(to: xib, atomically: true, encoding: .utf8)
        try "\"lbl-XY-zzz.text\" = \"Sehr lange Bezeichnung\";\n".write(
            to: directory.appendingPathComponent("Views/de.lproj/Cell.strings"), atomically: true, encoding: .utf8)
        let (cell, summary, status) = try check([xib.path, "--categories", "large"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(summary["languages"] as? [String], ["Base", "de"])
        XCTAssertEqual(cell.map { $0["language"] as? String }, ["de"], "the 80 pt label fits \"Label\", not the German")
        XCTAssertEqual((cell.first?["element"] as? [String: Any])?["line"] as? Int, 9)

        let board = directory.appendingPathComponent("App/Base.lproj/Main.storyboard")
        try FileManager.default.createDirectory(
            at: board.deletingLastPathComponent(), withIntermediateDirectories: true)
        try source.write(to: board, atomically: true, encoding: .utf8)
        try """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "ttl-AB-cde.text": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Settings"}},
            "fr": {"stringUnit": {"state": "translated", "value": "Paramètres du compte utilisateur"}}}}}}
        """.write(to: directory.appendingPathComponent("App/Main.xcstrings"), atomically: true, encoding: .utf8)
        let (french, frenchSummary, _) = try check([board.path, "--categories", "AX3"])
        XCTAssertEqual(frenchSummary["languages"] as? [String], ["Base", "fr"])
        let title = findings(french, key: "ttl-AB-cde.text", language: "fr")
        XCTAssertEqual(title.first?["line"] as? Int, 4, "the French value's line in the catalog")
        XCTAssertEqual(title.first?["file"] as? String, directory.appendingPathComponent("App/Main.xcstrings").path)
        let untranslated = frenchSummary["untranslated"] as? [String: [String]]
        XCTAssertEqual(untranslated?["fr"]?.count, 5, "the other five texts show the Base text")
    }

    /// A spec adds rules to the storyboard's texts: here the German save button must fit 60 pt.
    func testSpecAddsRules() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let spec = directory.appendingPathComponent("spec.json")
        try """
        {"rules": [{"key": "sav-AB-cde.normalTitle", "control": "button", "width": 60, "font": "Inter", "size": 15}]}
        """.write(to: spec, atomically: true, encoding: .utf8)
        let (found, _, _) = try check([
            Self.storyboard, "--spec", spec.path, "--categories", "large", "--languages", "Base,de",
        ])
        let save = found.filter { $0["key"] as? String == "sav-AB-cde.normalTitle" }
        XCTAssertEqual(save.map { $0["language"] as? String }, ["de"], "\"Speichern\" needs more than 60 pt")
        XCTAssertNil(save.first?["element"], "a spec rule's finding is about the rule, not a laid-out view")
    }

    func testBadArguments() throws {
        var output = try MeasureProcess.run(["check", Self.storyboard, "--pseudo", "klingon"])
        XCTAssertEqual(output.status, 64)
        XCTAssertTrue(output.stderr.contains("unknown pseudolanguage 'klingon'"), output.summary)
        output = try MeasureProcess.run(["check", Self.storyboard, "--languages", "fr"])
        XCTAssertEqual(output.status, 64)
        XCTAssertTrue(output.stderr.contains("found: Base, ar, de"), output.summary)
        output = try MeasureProcess.run(["check", Self.storyboard, "--categories", "huge"])
        XCTAssertEqual(output.status, 64)
        output = try MeasureProcess.run(["check", "/nonexistent/Main.storyboard"])
        XCTAssertEqual(output.status, 66)
        output = try MeasureProcess.run([
            "check", Self.folder.appendingPathComponent("de.lproj/Main.strings").path,
        ])
        XCTAssertEqual(output.status, 64, "catalogs still need a spec")
        XCTAssertTrue(output.stderr.contains("--spec is required"), output.summary)
    }

    /// A malformed translation is bad data naming its file and line; a file without texts
    /// checks nothing and passes.
    func testMalformedTranslationAndFileWithoutTexts() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)
        let xib = directory.appendingPathComponent("Cell.xib")
        try Self.cellXIB.write(to: xib, atomically: true, encoding: .utf8)
        try "\"lbl-XY-zzz.text\" = \"Étiquette\"\n\"oops\"\n".write(
            to: directory.appendingPathComponent("fr.lproj/Cell.strings"), atomically: true, encoding: .utf8)
        var output = try MeasureProcess.run(["check", xib.path])
        XCTAssertEqual(output.status, 65, output.summary)
        XCTAssertTrue(output.stderr.contains("fr.lproj/Cell.strings:2"), output.summary)

        let empty = directory.appendingPathComponent("Empty.xib")
        try Self.cellXIB.replacingOccurrences(of: "text=\"Label\" ", with: "").write(
            to: empty, atomically: true, encoding: .utf8)
        output = try MeasureProcess.run(["check", empty.path, "--no-progress"])
        XCTAssertEqual(output.status, 0, output.summary)
        XCTAssertEqual(output.lines.last, "0 checks (0 keys, 1 languages): everything fits")
    }

    static let cellXIB = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="retina4_7" orientation="portrait" appearance="light"/>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <view contentMode="scaleToFill" id="cel-XY-zzz" userLabel="Cell">
                    <rect key="frame" x="0.0" y="0.0" width="200" height="44"/>
                    <subviews>
                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Label" lineBreakMode="tailTruncation" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-XY-zzz">
                            <rect key="frame" x="8" y="12" width="80" height="20.5"/>
                            <constraints>
                                <constraint firstAttribute="width" constant="80" id="cwx-XY-zzz"/>
                            </constraints>
                            <fontDescription key="fontDescription" name="Inter-Regular" family="Inter" pointSize="17"/>
                            <nil key="textColor"/>
                            <nil key="highlightedColor"/>
                        </label>
                    </subviews>
                    <constraints>
                        <constraint firstItem="lbl-XY-zzz" firstAttribute="leading" secondItem="cel-XY-zzz" secondAttribute="leading" constant="8" id="cx1-XY-zzz"/>
                        <constraint firstItem="lbl-XY-zzz" firstAttribute="centerY" secondItem="cel-XY-zzz" secondAttribute="centerY" id="cx2-XY-zzz"/>
                    </constraints>
                    <freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/>
                </view>
            </objects>
        </document>
        """
}
