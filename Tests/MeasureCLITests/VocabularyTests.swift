import Foundation
import XCTest

/// One vocabulary on the command line, in batch lines, check specs and layout files: the same
/// names and the same limits are accepted (and refused) everywhere.
final class VocabularyTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try MeasureProcess.temporaryDirectory(self)
    }

    func write(_ text: String, to name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// `measure layout` over a one-label file whose label has `labelFields` and whose screen
    /// has `screenFields`.
    func layOut(label labelFields: String = "", screen screenFields: String = "\"device\": \"iPhone 15\"")
        throws -> MeasureProcess.Output
    {
        let file = try write(
            """
            {"screen": {\(screenFields)},
             "views": [{"name": "title", "kind": "label", "text": "Sign up to get started", "font": "Inter",
                        "size": 17 \(labelFields.isEmpty ? "" : ", " + labelFields)}],
             "constraints": ["title.top = view.safeArea.top", "title.leading = view.margins.leading",
                             "title.width = 100"]}
            """, to: "screen-\(UUID().uuidString).json")
        return try MeasureProcess.run(["layout", file, "--json"])
    }

    /// A one-key `.strings` catalog checked against a spec with `ruleFields` and `topFields`.
    func check(rule ruleFields: String, top topFields: String = "") throws -> MeasureProcess.Output {
        let catalog = try write("\"title\" = \"Sign up to get started\";\n", to: "en.strings")
        let spec = try write(
            """
            {\(topFields.isEmpty ? "" : topFields + ", ")
             "rules": [{"key": "*", "control": "label", "width": 100, "font": "Inter", "size": 17 \(ruleFields.isEmpty ? "" : ", " + ruleFields)}]}
            """, to: "spec-\(UUID().uuidString).json")
        return try MeasureProcess.run(["check", catalog, "--spec", spec, "--json"])
    }

    func testLineBreakModesTakeUIKitNamesEverywhere() throws {
        let base = ["Sign up to get started", "--font", "Inter", "--width", "100", "--lines", "1", "--json"]
        let uikit = try MeasureProcess.run(base + ["--line-break-mode", "byTruncatingHead"])
        let short = try MeasureProcess.run(base + ["--line-break-mode", "truncateHead"])
        let anyCase = try MeasureProcess.run(base + ["--line-break-mode", "BYTRUNCATINGHEAD"])
        XCTAssertEqual(uikit.status, 0, uikit.summary)
        XCTAssertEqual(uikit.text, short.text, "the short name is an alias")
        XCTAssertEqual(uikit.text, anyCase.text, "case does not matter")
        XCTAssertTrue(uikit.text.contains("\"text\":\"…"), "truncated at the head: \(uikit.text)")
        let wrong = try MeasureProcess.run(base + ["--line-break-mode", "truncatingTail"])
        XCTAssertEqual(wrong.status, 64, wrong.summary)
        XCTAssertTrue(wrong.stderr.contains("byTruncatingTail") && wrong.stderr.contains("truncateTail"), wrong.stderr)

        let batch = try MeasureProcess.run(
            ["--batch", "-"],
            stdin: Data(
                """
                {"text":"Sign up to get started","font":"Inter","width":100,"lines":1,"lineBreakMode":"byTruncatingHead"}
                {"text":"Sign up to get started","font":"Inter","width":100,"lines":1,"lineBreakMode":"truncateHead"}

                """.utf8))
        XCTAssertEqual(batch.status, 0, batch.summary)
        XCTAssertEqual(batch.lines.count, 2)
        XCTAssertEqual(batch.lines.first, batch.lines.last)
        XCTAssertTrue(batch.lines[0].contains("\"text\":\"…"), batch.lines[0])

        for name in ["byTruncatingHead", "truncateHead"] {
            let checked = try check(rule: "\"lineBreakMode\": \"\(name)\"")
            XCTAssertEqual(checked.status, 1, "\(name): \(checked.summary)")
            XCTAssertTrue(checked.text.contains("\"shown\":[\"…"), "\(name): \(checked.text)")

            let laidOut = try layOut(label: "\"lineBreakMode\": \"\(name)\"")
            XCTAssertEqual(laidOut.status, 1, "\(name): truncated: \(laidOut.summary)")
            XCTAssertTrue(laidOut.text.contains("\"truncated\":true"), laidOut.text)
        }
        let badFile = try layOut(label: "\"lineBreakMode\": \"truncatingTail\"")
        XCTAssertEqual(badFile.status, 65, badFile.summary)
        XCTAssertTrue(badFile.stderr.contains("byTruncatingTail"), badFile.stderr)
    }

    func testTheShortCategoryLettersAreAccepted() throws {
        let long = try MeasureProcess.run(["Hi", "--text-style", "body", "--category", "extraExtraExtraLarge"])
        for name in ["xxxl", "XXXL", "xxxLarge"] {
            let short = try MeasureProcess.run(["Hi", "--text-style", "body", "--category", name])
            XCTAssertEqual(short.status, 0, "\(name): \(short.summary)")
            XCTAssertEqual(short.text, long.text, name)
        }
        let file = try layOut(screen: "\"device\": \"iPhone 15\", \"contentSizeCategory\": \"xxxl\"")
        XCTAssertTrue([0, 1].contains(file.status), file.summary)
        XCTAssertTrue(file.text.contains("\"contentSizeCategory\":\"extraExtraExtraLarge\""), file.text)
        let option = try MeasureProcess.run(
            [
                "layout", try write("{\"screen\": {\"device\": \"iPhone 15\"}, \"views\": []}", to: "empty.json"),
                "--category", "xxxl",
            ])
        XCTAssertEqual(option.status, 0, option.summary)
    }

    func testScaleIsOneTwoOrThreeEverywhere() throws {
        for scale in ["4", "2.5", "0"] {
            let cli = try MeasureProcess.run(["Hi", "--scale", scale])
            XCTAssertEqual(cli.status, 64, cli.summary)
            let file = try layOut(screen: "\"width\": 320, \"height\": 480, \"scale\": \(scale)")
            XCTAssertEqual(file.status, 65, "\(scale): \(file.summary)")
            XCTAssertTrue(file.stderr.contains("1, 2 or 3"), file.stderr)
            let spec = try check(rule: "", top: "\"scale\": \(scale)")
            XCTAssertEqual(spec.status, 65, spec.summary)
            let batch = try MeasureProcess.run(
                ["--batch", "-"], stdin: Data("{\"text\":\"Hi\",\"scale\":\(scale)}\n".utf8))
            XCTAssertTrue(batch.text.contains("invalidScale"), batch.summary)
        }
        let three = try layOut(screen: "\"width\": 320, \"height\": 480, \"scale\": 3")
        XCTAssertTrue([0, 1].contains(three.status), three.summary)
        XCTAssertTrue(three.text.contains("\"scale\":3"), three.text)
    }

    func testLetterSpacingLimitIsTenThousandEverywhere() throws {
        let accepted = try MeasureProcess.run(["Hi", "--letter-spacing", "10000"])
        XCTAssertEqual(accepted.status, 0, accepted.summary)
        let refused = try MeasureProcess.run(["Hi", "--letter-spacing", "10001"])
        XCTAssertEqual(refused.status, 64, refused.summary)
        XCTAssertTrue(refused.stderr.contains("10000"), refused.stderr)

        let fileAccepted = try layOut(label: "\"letterSpacing\": 500")
        XCTAssertTrue([0, 1].contains(fileAccepted.status), fileAccepted.summary)
        let fileRefused = try layOut(label: "\"letterSpacing\": -10001")
        XCTAssertEqual(fileRefused.status, 65, fileRefused.summary)
        XCTAssertTrue(fileRefused.stderr.contains("10000"), fileRefused.stderr)

        let specRefused = try check(rule: "\"letterSpacing\": 20000")
        XCTAssertEqual(specRefused.status, 65, specRefused.summary)
        XCTAssertTrue(specRefused.stderr.contains("10000"), specRefused.stderr)
    }

    /// docs/layout-files.md says `screen` is required; a file without one is refused, and the
    /// message says what to add.
    func testAScreenIsRequiredAsDocumented() throws {
        let file = try write(#"{"views": []}"#, to: "no-screen.json")
        let output = try MeasureProcess.run(["layout", file])
        XCTAssertEqual(output.status, 65, output.summary)
        XCTAssertTrue(output.stderr.contains("screen") && output.stderr.contains("device"), output.stderr)
        let docs = try String(
            contentsOf: MeasureProcess.packageRoot.appendingPathComponent("docs/layout-files.md"), encoding: .utf8)
        XCTAssertTrue(docs.contains("`screen` (required"), "the docs say the screen is required")
    }
}
