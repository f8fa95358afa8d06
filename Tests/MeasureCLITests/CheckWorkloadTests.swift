import Foundation
import MeasureCommands
import XCTest

/// The workload of `benchmarks check` (`CheckWorkload`), at a small size: its shape, and its
/// findings through the library entry point `CatalogCheckRun`, which must equal what the
/// `measure check` command finds in the same files. The benchmark's checksum is this count
/// at 2,000 keys; a change here is a change in what the check finds, not in its speed.
final class CheckWorkloadTests: XCTestCase {
    static let corpus = MeasureProcess.packageRoot.appendingPathComponent("Benchmarks/corpus/ui-strings.tsv").path

    func testWorkloadShapeAndFindingsAreFixed() throws {
        let texts = try CheckWorkload.texts(corpus: Self.corpus)
        XCTAssertEqual(texts.count, 15, "15 languages in the corpus")
        for language in CheckWorkload.allLanguages {
            XCTAssertGreaterThanOrEqual(texts[language]?.count ?? 0, 2000, language)
        }
        let workload = CheckWorkload(keys: 40, languages: 10)
        XCTAssertEqual(workload.checks, 40 * 10 * 3)
        XCTAssertEqual(
            (0..<5).map(CheckWorkload.key), ["title.0000", "button.0001", "body.0002", "caption.0003", "title.0004"])

        let directory = try MeasureProcess.temporaryDirectory(self)
        let paths = try workload.write(from: texts, to: directory.path)
        let catalog = try String(contentsOfFile: paths.catalog, encoding: .utf8)
        XCTAssertEqual(catalog.split(separator: "\n").count, 40 + 2, "one key a line, between the header and the end")
        XCTAssertTrue(catalog.contains("\"body.0002\": {\"localizations\":{\"en\":"), String(catalog.prefix(300)))

        let summary = try CatalogCheckRun(catalogs: [paths.catalog], spec: paths.spec).run()
        XCTAssertEqual(summary.checks, 1200)
        XCTAssertEqual(summary.keys, 40)
        XCTAssertEqual(summary.languages, 10)
        XCTAssertEqual(summary.unmatchedKeys, 0)
        XCTAssertEqual(summary.findings, summary.truncated + summary.overflow)
        XCTAssertEqual(summary.truncated, 657)
        XCTAssertEqual(summary.overflow, 85)

        // The command finds the same in the same files.
        let output = try MeasureProcess.run(["check", paths.catalog, "--spec", paths.spec, "--json", "--no-progress"])
        XCTAssertEqual(output.status, 1)
        let object = try MeasureProcess.object(output.lines.first ?? "")
        let counts = object["summary"] as? [String: Any]
        XCTAssertEqual(counts?["checks"] as? Int, summary.checks)
        // The command groups a finding alike at several categories: the checks behind its
        // findings are the library's.
        XCTAssertEqual(counts?["failedChecks"] as? Int, summary.findings)
        XCTAssertLessThanOrEqual(counts?["truncated"] as? Int ?? .max, summary.truncated)
        XCTAssertLessThanOrEqual(counts?["overflow"] as? Int ?? .max, summary.overflow)
    }

    func testMissingSpecIsAnErrorWithTheCommandsExitStatus() {
        XCTAssertThrowsError(try CatalogCheckRun(catalogs: ["none.xcstrings"], spec: "/nonexistent/spec.json").run()) {
            let error = $0 as? CatalogCheckError
            XCTAssertEqual(error?.exitCode, 66)
            XCTAssertEqual(error?.kind, "specNotFound")
        }
        XCTAssertThrowsError(try CheckWorkload.texts(corpus: "/nonexistent/corpus.tsv"))
    }
}
