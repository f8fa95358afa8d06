import Foundation
import XCTest

/// Fallback as the CLI shows it: `--list-fonts` lists every face with its scripts; a character
/// no font draws is never measured as a silent box (`measure` warns on stderr and its JSON, and
/// each batch line, lists `missingCharacters`; `measure check` reports a `missingCharacters`
/// finding once per language and face instead of judging the text); every finding measured
/// with stand-ins says `approximate` in every report format.
final class MeasureFallbackTests: XCTestCase {
    static let privateUse = "\u{10FFFD}"

    func testListFontsShowsEachFacesScriptsAndWhereItWasFound() throws {
        let listing = try MeasureProcess.run(["--list-fonts"], environment: ["INTRINSIC_SYSTEM_FONTS": nil])
        XCTAssertEqual(listing.status, 0, listing.summary)
        let rows = listing.lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertTrue(rows.allSatisfy { $0.count == 6 }, "six columns: \(rows.filter { $0.count != 6 })")
        let inter = try XCTUnwrap(rows.first { $0[0] == "Inter" && $0[1] == "Regular" })
        XCTAssertEqual(inter[4], "latin greek cyrillic")
        XCTAssertEqual(inter[5], "bundled")
        let tamil = try XCTUnwrap(
            rows.first { $0[0] == "Noto Sans Tamil" && $0[1] == "Regular" }, "scripts/bootstrap.sh installs it")
        XCTAssertEqual(tamil[4], "tamil")
        XCTAssertEqual(tamil[5], "installed")
        XCTAssertEqual(rows.first { $0[0] == "Noto Color Emoji" }?[4], "emoji")
        // Without the installed fonts, the bundled ones alone.
        let off = try MeasureProcess.run(["--list-fonts"], environment: ["INTRINSIC_SYSTEM_FONTS": "0"])
        XCTAssertFalse(off.text.contains("\tinstalled"), off.text)
        XCTAssertTrue(off.text.contains("Inter\tRegular"), off.text)
    }

    func testAPrivateUseCharacterWarnsAndIsListedInJSON() throws {
        let output = try MeasureProcess.run(["Logo \(Self.privateUse) here", "--json"])
        XCTAssertEqual(output.status, 0, output.summary)
        XCTAssertTrue(
            output.stderr.contains(
                "measure: warning: no font draws U+10FFFD (private use); a private-use character is drawn only by the font made for it: pass it with --font-dir"
            ), output.stderr)
        let json = try MeasureProcess.object(output.lines.first ?? "")
        XCTAssertEqual(json["missingCharacters"] as? [String], [Self.privateUse])
        XCTAssertEqual(json["approximate"] as? String, "Inter for SF Pro")
        // Nothing missing, no key; a font asked for by name is exact.
        let plain = try MeasureProcess.json(["Logo here", "--font", "Inter"])
        XCTAssertNil(plain["missingCharacters"])
        XCTAssertNil(plain["approximate"])
    }

    func testWithoutInstalledFontsTamilSaysWhatToInstall() throws {
        let off = try MeasureProcess.run(["வணக்கம்"], environment: ["INTRINSIC_SYSTEM_FONTS": "0"])
        XCTAssertEqual(off.status, 0, off.summary)
        XCTAssertTrue(
            off.stderr.contains(
                "measure: warning: no font draws U+0BB5 TAMIL LETTER VA, U+0BA3 TAMIL LETTER NNA, U+0B95 TAMIL LETTER KA and 2 more; install a Tamil font, e.g. fonts-noto-core, or pass --font-dir"
            ), off.stderr)
        // With the installed fonts (scripts/bootstrap.sh installs fonts-noto-core), Noto Sans Tamil draws it.
        let on = try MeasureProcess.run(["வணக்கம்", "--json"], environment: ["INTRINSIC_SYSTEM_FONTS": nil])
        XCTAssertFalse(on.stderr.contains("no font draws"), on.stderr)
        let json = try MeasureProcess.object(on.lines.first ?? "")
        XCTAssertEqual(json["approximate"] as? String, "Inter for SF Pro; Noto Sans Tamil for Tamil Sangam MN")
        XCTAssertTrue(((json["fonts"] as? [String]) ?? []).contains { $0.hasSuffix("NotoSansTamil-Regular.ttf") })
    }

    func testBatchLinesCarryTheirOwnMissingCharacters() throws {
        let input = """
            {"id":1,"text":"Logo \(Self.privateUse)"}
            {"id":2,"text":"Logo"}

            """
        let output = try MeasureProcess.run(["--batch", "-"], stdin: Data(input.utf8))
        XCTAssertEqual(output.status, 0, output.summary)
        XCTAssertEqual(output.lines.count, 2)
        let first = try MeasureProcess.object(output.lines[0])
        let second = try MeasureProcess.object(output.lines[1])
        XCTAssertEqual(first["missingCharacters"] as? [String], [Self.privateUse])
        XCTAssertNil(second["missingCharacters"])
    }

    func testCheckReportsMissingCharactersOncePerLanguageAndFace() throws {
        let folder = try MeasureProcess.temporaryDirectory(self)
        let strings = folder.appendingPathComponent("ta.lproj")
        try FileManager.default.createDirectory(at: strings, withIntermediateDirectories: true)
        try """
        "logo" = "Logo \(Self.privateUse)";
        "logo.again" = "Again \(Self.privateUse) and \u{10FFFC}";
        "greeting" = "வணக்கம் நண்பர்களே";
        """.write(to: strings.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        let spec = folder.appendingPathComponent("fit.json")
        try #"{ "rules": [ { "key": "*", "control": "label", "width": 80, "lines": 1 } ] }"#.write(
            to: spec, atomically: true, encoding: .utf8)
        let (junit, sarif, html) = (
            folder.appendingPathComponent("r.xml").path, folder.appendingPathComponent("r.sarif").path,
            folder.appendingPathComponent("r.html").path
        )
        let output = try MeasureProcess.run([
            "check", strings.appendingPathComponent("Localizable.strings").path, "--spec", spec.path, "--json",
            "--junit", junit, "--sarif", sarif, "--report", html, "--no-progress",
        ])
        XCTAssertEqual(output.status, 1, output.summary)
        let json = try MeasureProcess.object(output.lines.first ?? "")
        let findings = json["findings"] as? [[String: Any]] ?? []
        let missing = findings.filter { $0["problem"] as? String == "missingCharacters" }
        XCTAssertEqual(missing.count, 1, "one finding for the language and face: \(findings)")
        XCTAssertEqual(missing.first?["missingCharacters"] as? [String], [Self.privateUse, "\u{10FFFC}"])
        XCTAssertEqual(missing.first?["key"] as? String, "logo")
        XCTAssertNil(findings.first { $0["key"] as? String == "logo.again" }, "not judged with boxes")
        let truncated = try XCTUnwrap(findings.first { $0["key"] as? String == "greeting" })
        XCTAssertEqual(truncated["problem"] as? String, "truncated")
        XCTAssertEqual(truncated["approximate"] as? String, "Inter for SF Pro; Noto Sans Tamil for Tamil Sangam MN")
        let summary = json["summary"] as? [String: Any]
        XCTAssertEqual(summary?["missingCharacters"] as? Int, 1)

        let sarifText = try String(contentsOfFile: sarif, encoding: .utf8)
        XCTAssertTrue(sarifText.contains("\"ruleId\":\"missingCharacters\""), sarifText)
        XCTAssertTrue(sarifText.contains("(approximate: Inter for SF Pro; Noto Sans Tamil for Tamil Sangam MN)"))
        XCTAssertTrue(sarifText.contains("\"approximate\":\"Inter for SF Pro; Noto Sans Tamil for Tamil Sangam MN\""))
        let junitText = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertTrue(junitText.contains("(approximate: Inter for SF Pro; Noto Sans Tamil for Tamil Sangam MN)"))
        // A warning by default (`--fail-on`): its message is in the passing case's output.
        XCTAssertEqual(missing.first?["severity"] as? String, "warning")
        XCTAssertFalse(junitText.contains("type=\"missingCharacters\""), junitText)
        XCTAssertTrue(junitText.contains("U+10FFFD"), junitText)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        XCTAssertTrue(page.contains("measured with stand-ins: Inter for SF Pro; Noto Sans Tamil for Tamil Sangam MN"))
        XCTAssertTrue(page.contains("U+10FFFD (private use)"), "the missing characters are named")
    }

    func testPicturesDrawAMissingCharacterAsACrossedBox() throws {
        let folder = try MeasureProcess.temporaryDirectory(self)
        let layout = folder.appendingPathComponent("screen.json")
        try """
        {"screen": {"width": 200, "height": 80, "scale": 2},
         "views": [ {"name": "logo", "kind": "label", "text": "Logo \(Self.privateUse)"} ],
         "constraints": ["logo.top = superview.top + 30", "logo.leading = superview.leading + 10"]}
        """.write(to: layout, atomically: true, encoding: .utf8)
        let svg = folder.appendingPathComponent("screen.svg").path
        let output = try MeasureProcess.run(["layout", layout.path, "--svg", svg])
        XCTAssertEqual(output.status, 0, output.summary)
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: "class=\"missing-glyph\"").count - 1, 1, "one placeholder")
        XCTAssertTrue(text.contains("<title>no font draws this character</title>"))
    }
}
