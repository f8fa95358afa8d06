import Foundation
import FuzzHarness
import XCTest

/// Replays the fuzz targets' seed corpora and every crasher the fuzzers found (`Fuzz/`)
/// through the harnesses, so a regression traps here as it did under the fuzzer.
final class FuzzRegressionTests: XCTestCase {
    /// The package's `Fuzz/` folder.
    static let fuzzDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz")

    func inputs(_ target: FuzzTarget) throws -> [(String, [UInt8])] {
        var result: [(String, [UInt8])] = []
        for folder in ["seeds", "regressions"] {
            let directory = Self.fuzzDirectory.appendingPathComponent(folder).appendingPathComponent(target.rawValue)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                let data = try Data(contentsOf: directory.appendingPathComponent(name))
                result.append(("\(folder)/\(target.rawValue)/\(name)", Array(data)))
            }
        }
        return result
    }

    func replay(_ target: FuzzTarget) throws {
        let inputs = try inputs(target)
        XCTAssertFalse(inputs.isEmpty, "no seeds for \(target)")
        for (_, bytes) in inputs { target.run(bytes) }
    }

    /// Every folder of `Fuzz/regressions` and `Fuzz/seeds` belongs to a target, so no input
    /// is left out of the replays below.
    func testEveryInputFolderHasATarget() throws {
        for folder in ["seeds", "regressions"] {
            let directory = Self.fuzzDirectory.appendingPathComponent(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            for name in names where !name.hasPrefix(".") {
                XCTAssertNotNil(FuzzTarget(rawValue: name), "\(folder)/\(name) has no fuzz target")
            }
        }
    }

    func testTextInputs() throws { try replay(.text) }
    func testFontInputs() throws { try replay(.fonts) }
    func testJSONInputs() throws { try replay(.json) }
    func testIBInputs() throws { try replay(.ib) }
    func testSolverInputs() throws { try replay(.solver) }
    func testShapingInputs() throws { try replay(.shaping) }
}
