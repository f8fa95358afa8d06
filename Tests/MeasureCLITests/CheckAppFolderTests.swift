import Foundation
import XCTest

/// `measure check FOLDER` over an app written for it (`Fixtures/check-app`, not copied from any
/// project): every storyboard found, build products and dependencies skipped, every translated
/// text checked or skipped with a reason, stale keys listed, findings grouped, and a malformed
/// file reported at its line while every other file's findings are there (exit 65).
final class CheckAppFolderTests: XCTestCase {
    static let folder = MeasureProcess.packageRoot.appendingPathComponent("Tests/MeasureCLITests/Fixtures/check-app")
    static let app = folder.appendingPathComponent("App").path

    /// The run over the whole folder, as JSON.
    func check(_ extra: [String] = []) throws -> (
        findings: [[String: Any]], summary: [String: Any], output: MeasureProcess.Output
    ) {
        let output = try MeasureProcess.run(["check", Self.folder.path, "--json", "--no-progress"] + extra)
        let object = try MeasureProcess.object(output.lines.first ?? "")
        return (object["findings"] as? [[String: Any]] ?? [], object["summary"] as? [String: Any] ?? [:], output)
    }

    func name(_ file: String, _ key: String) -> String { "\(Self.folder.path)/App/\(file): \(key)" }

    func testEveryTextIsAccountedForAndAMalformedFileHidesNoOther() throws {
        let junit = try MeasureProcess.temporaryDirectory(self).appendingPathComponent("app.xml")
        let (findings, summary, output) = try check(["--junit", junit.path])
        XCTAssertEqual(output.status, 65, "a file held invalid data: \(output.summary)")

        // The malformed storyboard is reported at its line; Pods/ and build/ are never read.
        let errors = summary["errors"] as? [[String: Any]] ?? []
        XCTAssertEqual(errors.map { $0["file"] as? String }, ["\(Self.app)/Base.lproj/Broken.storyboard"])
        XCTAssertEqual(errors.first?["exitCode"] as? Int, 65)
        XCTAssertTrue(
            output.stderr.contains("\(Self.app)/Base.lproj/Broken.storyboard:9:"), "the error's place: \(output.stderr)"
        )
        XCTAssertFalse(output.stderr.contains("Pods") || output.stderr.contains("Built.storyboard"), output.stderr)

        // Every translatable text: checked, or skipped once with a reason; stale keys apart.
        let main = "Base.lproj/Main.storyboard"
        let settings = "Base.lproj/Settings.storyboard"
        XCTAssertEqual(
            summary["skipped"] as? [String: String],
            [
                name(main, "dnt-AP-004.text"): "marked do-not-translate: Placeholder – do not translate",
                name(main, "img-AP-003.normalTitle"): "image-only button",
                name(main, "pic-AP-005.accessibilityLabel"): "not drawn: accessibilityLabel",
                name(settings, "ver-ST-002.text"): "marked do-not-translate: shouldTranslate: false",
            ])
        XCTAssertEqual(summary["stale"] as? [String], [name(main, "old-AP-099.text")])
        // Heading, greeting, email, the static table's header, footer and three cell labels,
        // the sign-out button, and the label laid out by a fraction multiplier.
        XCTAssertEqual(summary["keys"] as? Int, 10, "texts checked")
        XCTAssertEqual(summary["texts"] as? Int, 14, "texts checked and skipped")
        XCTAssertEqual(summary["languages"] as? [String], ["Base", "de", "fr"])
        // The static table's section header and footer and its cells' built-in labels are
        // checked in every language: each is a test case of the JUnit report.
        let cases = try String(contentsOf: junit, encoding: .utf8)
        for key in [
            "sec-AP-001.headerTitle", "sec-AP-001.footerTitle", "cl1-AP-001.text", "cl2-AP-002.text", "cd2-AP-002.text",
        ] {
            for language in ["Base", "de", "fr"] {
                XCTAssertTrue(
                    cases.contains("<testcase name=\"\(key)\" classname=\"\(language).large\""), "\(key) \(language)")
            }
        }
        XCTAssertEqual((summary["untranslated"] as? [String: Any])?["de"] as? [String], ["unt-AP-002.text"])

        // One finding per problem: the untranslated greeting shows its Base text, cut alike,
        // in every language and at every category (its font does not scale).
        func found(_ key: String) -> [[String: Any]] { findings.filter { $0["key"] as? String == key } }
        let greeting = found("unt-AP-002.text")
        XCTAssertEqual(greeting.count, 1, "\(greeting)")
        XCTAssertEqual(greeting.first?["languages"] as? [String], ["Base", "de", "fr"])
        XCTAssertEqual(greeting.first?["categories"] as? [String], ["large", "accessibilityExtraExtraExtraLarge"])
        // The translated heading is a finding per language, each at both categories.
        let heading = found("hdr-AP-001.text")
        XCTAssertEqual(heading.map { $0["languages"] as? [String] }, [["Base"], ["de"], ["fr"]])
        for finding in heading {
            XCTAssertEqual(finding["categories"] as? [String], ["large", "accessibilityExtraExtraExtraLarge"])
        }
        // Skipped texts are never findings.
        for key in ["dnt-AP-004.text", "img-AP-003.normalTitle", "ver-ST-002.text"] {
            XCTAssertTrue(found(key).isEmpty, key)
        }
        // The other files' findings are all there: the catalog in mul.lproj translates the
        // sign-out button, each language at its own line; the fraction multiplier's label.
        let signOut = found("out-ST-001.normalTitle")
        XCTAssertEqual(signOut.map { $0["languages"] as? [String] }, [["de"], ["fr"]])
        XCTAssertEqual(
            signOut.map { $0["file"] as? String },
            Array(repeating: "\(Self.app)/mul.lproj/Settings.xcstrings", count: 2))
        XCTAssertEqual(signOut.map { $0["line"] as? Int }, [11, 23])
        XCTAssertEqual(found("bal-RT-001.text").first?["languages"] as? [String], ["de"])

        // summary.failed counts findings; summary.failedChecks the checks behind them.
        let failing = findings.filter { $0["severity"] as? String == "error" }
        XCTAssertEqual(summary["failed"] as? Int, failing.count)
        let checks = failing.reduce(0) {
            $0 + ($1["languages"] as? [String] ?? []).count * ($1["categories"] as? [String] ?? []).count
        }
        XCTAssertEqual(summary["failedChecks"] as? Int, checks)
        XCTAssertGreaterThan(checks, failing.count, "grouped findings stand for several checks")
    }

    /// The table says the same: one line for the grouped finding, the coverage in the summary.
    func testTableListsGroupedFindingsAndCoverage() throws {
        let output = try MeasureProcess.run(["check", Self.folder.path, "--no-progress"])
        XCTAssertEqual(output.status, 65, output.summary)
        let greeting = output.lines.filter { $0.hasPrefix("unt-AP-002.text") }
        XCTAssertEqual(greeting.count, 1, output.text)
        XCTAssertTrue(greeting.first?.contains("Base,de,fr") == true, output.text)
        let summary = try XCTUnwrap(output.lines.last)
        XCTAssertTrue(
            summary.contains(
                "10 of 14 translated texts checked; 4 skipped (2 marked do-not-translate, 1 image-only button, 1 not drawn); 1 stale key"
            ), summary)
        XCTAssertTrue(summary.contains("1 file could not be checked"), summary)
    }

    /// Without a spec, a catalog named beside IB files applies to the file of its name, and
    /// one named after no IB file is an error rather than ignored.
    func testCatalogNamedOnTheCommandLineAppliesToTheIBFileOfItsName() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let board = directory.appendingPathComponent("Settings.storyboard")
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: "\(Self.app)/Base.lproj/Settings.storyboard"), to: board)
        let catalog = directory.appendingPathComponent("Strings/Settings.xcstrings")
        try FileManager.default.createDirectory(
            at: catalog.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: "\(Self.app)/mul.lproj/Settings.xcstrings"), to: catalog)
        let output = try MeasureProcess.run(["check", board.path, catalog.path, "--json", "--no-progress"])
        let summary = try MeasureProcess.object(output.lines.first ?? "")["summary"] as? [String: Any]
        XCTAssertEqual(summary?["languages"] as? [String], ["Base", "de", "fr"], output.summary)

        let other = directory.appendingPathComponent("Other.xcstrings")
        try FileManager.default.copyItem(at: catalog, to: other)
        let unmatched = try MeasureProcess.run(["check", board.path, other.path, "--no-progress"])
        XCTAssertEqual(unmatched.status, 64, unmatched.summary)
        XCTAssertTrue(
            unmatched.stderr.contains("'\(other.path)' is named after no storyboard or XIB"), unmatched.stderr)
    }

    func testFolderWithoutStoryboardsIsAnError() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let output = try MeasureProcess.run(["check", directory.path, "--no-progress"])
        XCTAssertEqual(output.status, 66, output.summary)
        XCTAssertTrue(output.stderr.contains("no storyboard or XIB under"), output.stderr)
    }
}
