import Foundation
import XCTest

/// `measure --batch` over a fixed sample of the benchmark corpus (Benchmarks/batch-sample:
/// 3,217 texts in 15 languages, labels, buttons and text views at many widths) gives exactly
/// the committed output, byte for byte, on one thread and on several. The speed work on the
/// text engine must not change a single result; a deliberate change of outputs regenerates
/// `expected.jsonl` with `INTRINSIC_SYSTEM_FONTS=0 measure --batch Benchmarks/batch-sample/requests.jsonl`,
/// font paths made relative to the package root (`sed 's#"/path/to/package/#"#g'`), as this test
/// compares them. The bundled faces alone: installed ones would make the results the machine's.
final class MeasureBatchSampleTests: XCTestCase {
    static let directory = MeasureProcess.packageRoot.appendingPathComponent("Benchmarks/batch-sample")

    func assertMatchesExpectation(jobs: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let requests = MeasureBatchSampleTests.directory.appendingPathComponent("requests.jsonl")
        let expected = try Data(contentsOf: MeasureBatchSampleTests.directory.appendingPathComponent("expected.jsonl"))
        let output = try MeasureProcess.run(
            ["--batch", requests.path, "--jobs", String(jobs)], environment: ["INTRINSIC_SYSTEM_FONTS": "0"])
        XCTAssertEqual(output.status, 0, output.stderr, file: file, line: line)
        XCTAssertGreaterThan(expected.count, 100_000, "the expectation holds the whole sample", file: file, line: line)
        // Font files are named by absolute path: compare them relative to the package root.
        let root = "\"" + MeasureProcess.packageRoot.standardizedFileURL.path + "/"
        let relative = Data(output.text.replacingOccurrences(of: root, with: "\"").utf8)
        guard relative != expected else { return }
        let got = String(decoding: relative, as: UTF8.self).split(separator: "\n").map(String.init)
        let want = String(decoding: expected, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(got.count, want.count, "one result per request", file: file, line: line)
        let differing = zip(got, want).enumerated().filter { $0.element.0 != $0.element.1 }
        XCTFail(
            "\(differing.count) results differ from Benchmarks/batch-sample/expected.jsonl; first: "
                + (differing.first.map { "line \($0.offset + 1): got \($0.element.0), expected \($0.element.1)" }
                    ?? "(extra or missing lines)"),
            file: file, line: line)
    }

    func testSampleOnOneThreadIsByteIdenticalToTheExpectation() throws {
        try assertMatchesExpectation(jobs: 1)
    }

    func testSampleOnThreeThreadsIsByteIdenticalToTheExpectation() throws {
        try assertMatchesExpectation(jobs: 3)
    }
}
