import Foundation
import XCTest

/// Adopting `measure check` gradually: `--write-baseline` records today's findings,
/// `--baseline` fails only on new ones and lists the fixed ones, an edit that only moves
/// lines changes nothing, and SARIF says which results are new (`baselineState`). The app is
/// a copy of `Fixtures/ib-localized`, edited as a team would edit it.
final class CheckBaselineTests: XCTestCase {
    var app: URL!
    var storyboard: String { app.appendingPathComponent("Base.lproj/Main.storyboard").path }
    var german: URL { app.appendingPathComponent("de.lproj/Main.strings") }
    var baseline: String { app.appendingPathComponent("measure-baseline.json").path }

    override func setUpWithError() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        app = directory.appendingPathComponent("App")
        try FileManager.default.copyItem(at: MeasureCheckInterfaceBuilderTests.folder, to: app)
    }

    func check(_ extra: [String]) throws -> (object: [String: Any], output: MeasureProcess.Output) {
        let output = try MeasureProcess.run(
            ["check", storyboard, "--categories", "large,AX3", "--json", "--no-progress"] + extra)
        return (try MeasureProcess.object(output.lines.first ?? ""), output)
    }

    func replace(_ old: String, with new: String, in file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(file.lastPathComponent) holds \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    func testWriteRerunNewFindingAndUnrelatedEdit() throws {
        // Write: today's findings are recorded, and the run still reports them.
        let (first, written) = try check(["--write-baseline", baseline])
        XCTAssertEqual(written.status, 1, written.summary)
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "{")
        let entries = lines.filter { $0.hasPrefix("    {") }
        XCTAssertEqual(entries, entries.sorted(), "sorted, one entry per line")
        XCTAssertTrue(entries.allSatisfy { !$0.contains("\"line\"") && !$0.contains("needed") }, "no lines, no sizes")
        // One entry per check: a grouped finding is expanded.
        let findings = first["findings"] as? [[String: Any]] ?? []
        let expected = findings.reduce(0) {
            $0 + ($1["languages"] as? [String] ?? []).count * ($1["categories"] as? [String] ?? []).count
        }
        XCTAssertEqual(entries.count, expected)
        XCTAssertTrue(
            entries.contains {
                $0.contains(
                    #"{"file":"Base.lproj/Main.storyboard","object":"ttl-AB-cde","property":"text","language":"de","category":"accessibilityExtraLarge","kind":"truncated"}"#
                )
            }, text)

        // Re-run against it: every finding is known, the run passes.
        let (known, rerun) = try check(["--baseline", baseline])
        XCTAssertEqual(rerun.status, 0, rerun.summary)
        let summary = known["summary"] as? [String: Any] ?? [:]
        XCTAssertEqual(summary["failed"] as? Int, 0)
        XCTAssertEqual((summary["baseline"] as? [String: Any])?["new"] as? Int, 0)

        // An edit that moves every line (a comment at the top of the translation and of the
        // storyboard) changes nothing.
        let strings = try String(contentsOf: german, encoding: .utf8)
        try ("/* Reviewed by the German team. */\n\n" + strings).write(to: german, atomically: true, encoding: .utf8)
        try replace(
            "<scenes>", with: "<!-- Moved down a line. -->\n    <scenes>",
            in: URL(fileURLWithPath: storyboard))
        let (_, moved) = try check(["--baseline", baseline])
        XCTAssertEqual(moved.status, 0, "lines moved, nothing new: \(moved.summary)")

        // A translation that no longer fits is one new finding, and the run fails.
        try replace("\"Notiz\"", with: "\"Eine sehr lange Notiz zum Konto\"", in: german)
        let (changed, failing) = try check(["--baseline", baseline])
        XCTAssertEqual(failing.status, 1, failing.summary)
        let new = (changed["findings"] as? [[String: Any]] ?? []).filter { $0["baseline"] as? String == "new" }
        XCTAssertEqual(new.map { $0["key"] as? String }, ["not-AB-cde.text"])
        XCTAssertEqual(new.first?["languages"] as? [String], ["de"])
        XCTAssertEqual(
            ((changed["summary"] as? [String: Any])?["baseline"] as? [String: Any])?["new"] as? Int, 1)
        // The table lists the new finding alone.
        let table = try MeasureProcess.run(
            ["check", storyboard, "--categories", "large,AX3", "--baseline", baseline, "--no-progress"])
        XCTAssertEqual(table.lines.filter { $0.contains("-AB-cde.") }.count, 1, table.text)
        XCTAssertTrue(table.lines.last?.contains("baseline: 1 new, 0 fixed") == true, table.text)
    }

    func testFixedEntriesAreListedAndSARIFSaysWhatIsNew() throws {
        _ = try check(["--write-baseline", baseline])
        // The shrunk German subtitle now fits: its entries are fixed.
        try replace("\"Benachrichtigungen\"", with: "\"Hinweise\"", in: german)
        try replace("\"Notiz\"", with: "\"Eine sehr lange Notiz zum Konto\"", in: german)
        let sarif = app.appendingPathComponent("check.sarif")
        let (object, output) = try check(["--baseline", baseline, "--sarif", sarif.path])
        XCTAssertEqual(output.status, 1, output.summary)
        let fixed = ((object["summary"] as? [String: Any])?["baseline"] as? [String: Any])?["fixed"] as? [[String: Any]]
        XCTAssertEqual(fixed?.map { $0["object"] as? String }, ["sub-AB-cde", "sub-AB-cde"])
        XCTAssertEqual(fixed?.map { $0["kind"] as? String }, ["shrunk", "shrunk"])
        let table = try MeasureProcess.run(
            ["check", storyboard, "--categories", "large,AX3", "--baseline", baseline, "--no-progress"])
        XCTAssertTrue(table.text.contains("Fixed since the baseline:"), table.text)
        XCTAssertTrue(table.text.contains("Base.lproj/Main.storyboard: sub-AB-cde.text de large shrunk"), table.text)

        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: sarif)) as? [String: Any])
        let results = (log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] ?? []
        let states = results.map { result -> String in
            let key = (result["properties"] as? [String: Any])?["key"] as? String ?? "fixed"
            return "\(key) \(result["baselineState"] as? String ?? "")"
        }
        XCTAssertTrue(states.contains("not-AB-cde.text new"), "\(states)")
        XCTAssertTrue(states.contains("ttl-AB-cde.text unchanged"), "\(states)")
        XCTAssertEqual(states.filter { $0.hasSuffix(" absent") }.count, 2, "\(states)")
        for result in results {
            let fingerprint = (result["partialFingerprints"] as? [String: Any])?["primaryLocationLineHash"] as? String
            XCTAssertEqual(fingerprint?.count, 16, "\(result)")
        }
    }

    func testMalformedBaselineIsAnErrorAtItsLine() throws {
        try "{\n  \"findings\": [\n    {\"file\": 3}\n  ]\n}\n".write(
            toFile: baseline, atomically: true, encoding: .utf8)
        let output = try MeasureProcess.run(["check", storyboard, "--baseline", baseline, "--no-progress"])
        XCTAssertEqual(output.status, 65, output.summary)
        XCTAssertTrue(output.stderr.contains("\(baseline):3:14: \"file\" must be a string"), output.stderr)
    }
}
