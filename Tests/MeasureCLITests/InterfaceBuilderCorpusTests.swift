import Foundation
import XCTest

/// The shared corpus is the test: `scripts/ib-fidelity` lays out every IB file of
/// ../shared/ib-corpus (or `$IB_CORPUS`) and fails when a repository loses more than 1 point
/// and more than 2 matched views against the figures committed in scripts/ib-fidelity.json.
/// A clean clone without the corpus skips it.
final class InterfaceBuilderCorpusTests: XCTestCase {
    func testNoRepositoryLosesViewsAgainstTheCommittedFigures() throws {
        let environment = ProcessInfo.processInfo.environment
        let corpus =
            environment["IB_CORPUS"].map { URL(fileURLWithPath: $0) }
            ?? MeasureProcess.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/ib-corpus")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: corpus.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw XCTSkip(
                "no IB corpus at \(corpus.path): set IB_CORPUS to a folder of custom-fonts/, system-font/, "
                    + "localized/ and cjk/ repositories (../shared/ib-corpus) to run it")
        }
        let measure = try MeasureProcess.located.get()
        let root = MeasureProcess.packageRoot
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", root.appendingPathComponent("scripts/ib-fidelity").path, corpus.path, "--measure", measure.path,
            "--compare", root.appendingPathComponent("scripts/ib-fidelity.json").path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("No repository lost more than 1 point"), text)
    }
}
