import Foundation
import XCTest

/// `measure check` over the localized apps of `../shared/ib-corpus` (real storyboards with
/// their translations, outside the repository; the test skips when they are absent): no
/// finding says *truncated* while the text it draws is the whole text, and every text is
/// accounted for.
final class CheckCorpusTests: XCTestCase {
    static let corpus = MeasureProcess.packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/ib-corpus/localized")

    /// A text with its whitespace removed: a label's lines joined give back its words.
    static func letters(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    func testNoTruncatedFindingDrawsTheWholeText() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: Self.corpus.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw XCTSkip("the localized IB corpus is not at \(Self.corpus.path) (it is not part of the repository)")
        }
        let output = try MeasureProcess.run(["check", Self.corpus.path, "--json", "--no-progress"])
        XCTAssertTrue(output.exitedCleanly, output.summary)
        XCTAssertTrue([0, 1, 65].contains(output.status), output.summary)
        let object = try MeasureProcess.object(output.lines.first ?? "")
        let findings = object["findings"] as? [[String: Any]] ?? []
        XCTAssertGreaterThan(findings.count, 100, "the corpus has findings to judge")
        var truncated = 0
        for finding in findings where finding["problem"] as? String == "truncated" {
            truncated += 1
            let shown = (finding["shown"] as? [String] ?? []).joined()
            let text = finding["text"] as? String ?? ""
            XCTAssertNotEqual(
                Self.letters(shown), Self.letters(text),
                "\(finding["key"] ?? "") (\(finding["languages"] ?? "")) is truncated yet draws its whole text")
        }
        XCTAssertGreaterThan(truncated, 0)
        let summary = object["summary"] as? [String: Any] ?? [:]
        let skipped = summary["skipped"] as? [String: String] ?? [:]
        XCTAssertEqual(summary["texts"] as? Int, (summary["keys"] as? Int ?? 0) + skipped.count)
        XCTAssertTrue(skipped.values.allSatisfy { !$0.isEmpty }, "every skipped text has a reason")
    }
}
