import Foundation
import XCTest

/// `INTRINSIC_EXACT_SHAPING=1` turns every shaping shortcut off: `measure --version` says so
/// in a second line, and measurements come out the same (docs/typesetting.md, "Checked
/// against the HarfBuzz it runs with").
final class ExactShapingCLITests: XCTestCase {
    /// Runs `measure` with `arguments`, INTRINSIC_EXACT_SHAPING set to `exact` (or unset).
    func run(_ arguments: [String], exact: String?) throws -> (status: Int32, stdout: String) {
        guard case .success(let executable) = MeasureProcess.located else {
            _ = try MeasureProcess.run(["--version"])
            throw XCTSkip("unreachable: MeasureProcess.run fails the test first")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["INTRINSIC_FONT_PATH"] = nil
        environment["INTRINSIC_EXACT_SHAPING"] = exact
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testVersionSaysWhenTheShortcutsAreOff() throws {
        let off = try run(["--version"], exact: "1")
        XCTAssertEqual(off.status, 0)
        XCTAssertEqual(
            off.stdout.split(separator: "\n").last.map(String.init),
            "INTRINSIC_EXACT_SHAPING=1: every text is shaped whole by HarfBuzz (slower)")
        let on = try run(["--version"], exact: nil)
        XCTAssertEqual(on.status, 0)
        XCTAssertTrue(on.stdout.hasPrefix(off.stdout.split(separator: "\n")[0]))
    }

    func testMeasurementsAreTheSameWithoutShortcuts() throws {
        for text in [
            "Sign up to get started with your new account", "Name: - ABC (optional) 2 x 3",
            "שלום עולם: טקסט", "مرحبا بالعالم", "नमस्ते दुनिया", "日本語のテキスト です",
        ] {
            let whole = try run([text, "--width", "120", "--json"], exact: "1")
            let cut = try run([text, "--width", "120", "--json"], exact: nil)
            XCTAssertEqual(whole.status, 0)
            XCTAssertEqual(whole.stdout, cut.stdout, text)
        }
    }
}
