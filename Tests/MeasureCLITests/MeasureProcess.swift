import Foundation
import XCTest

/// Runs the built `measure` executable as a child process and collects what it printed.
///
/// The executable is looked for next to the test bundle (the products directory SwiftPM builds
/// both into), then in `$MEASURE_BINARY`, then in the usual `.build*/<config>/` directories of
/// the package. `swift test` builds every product, the executable included; with
/// `--skip-build`, run `swift build --build-tests` (same `--scratch-path`) first.
enum MeasureProcess {
    struct Output {
        var status: Int32
        var reason: Process.TerminationReason
        var stdout: Data
        var stderr: String

        var text: String { String(decoding: stdout, as: UTF8.self) }
        /// stdout split into its non-empty lines.
        var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
        /// True when the process exited by itself (no signal) and printed no Swift runtime trap.
        var exitedCleanly: Bool {
            reason == .exit && !stderr.contains("Fatal error") && !stderr.contains("Stack dump")
                && !stderr.contains("Illegal instruction") && !stderr.contains("Segmentation fault")
        }
        var summary: String {
            "exit \(status) (\(reason == .exit ? "exit" : "signal")), stdout: \(text), stderr: \(stderr)"
        }
    }

    /// The package root: Tests/MeasureCLITests/MeasureProcess.swift → ../../..
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let fontsDirectory = packageRoot.appendingPathComponent("Fonts")

    /// Where the executable is, or nil with the places tried.
    static let located: Result<URL, LocateError> = locate()

    struct LocateError: Error, CustomStringConvertible {
        var tried: [String]
        var description: String {
            "the `measure` executable was not found; build it first with "
                + "`swift build --build-tests` (or `swift build --product measure`) using the same --scratch-path as "
                + "`swift test`, or set MEASURE_BINARY. Looked in:\n  " + tried.joined(separator: "\n  ")
        }
    }

    private static func locate() -> Result<URL, LocateError> {
        var candidates: [URL] = []
        // 1. Next to the test bundle: on Linux the .xctest is an executable in the products
        //    directory; on macOS it is a bundle in it.
        let bundle = Bundle(for: BundleMarker.self).bundleURL
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("measure"))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("measure"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("measure"))
        if let first = CommandLine.arguments.first {
            candidates.append(
                URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent()
                    .appendingPathComponent("measure"))
        }
        // 2. An explicit override.
        if let custom = ProcessInfo.processInfo.environment["MEASURE_BINARY"], !custom.isEmpty {
            candidates.insert(URL(fileURLWithPath: custom), at: 0)
        }
        // 3. The package's build directories, newest first.
        var fallbacks: [URL] = []
        if let entries = try? FileManager.default.contentsOfDirectory(atPath: packageRoot.path) {
            for entry in entries where entry.hasPrefix(".build") {
                for config in ["debug", "release"] {
                    fallbacks.append(
                        packageRoot.appendingPathComponent(entry).appendingPathComponent(config).appendingPathComponent(
                            "measure"))
                }
            }
        }
        fallbacks.sort { modified($0) > modified($1) }
        candidates += fallbacks
        for candidate in candidates {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate.path)
            {
                return .success(candidate)
            }
        }
        return .failure(LocateError(tried: candidates.map(\.path)))
    }

    private static func modified(_ url: URL) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date) ?? .distantPast
    }

    /// Runs `measure` with `arguments`, feeding `stdin` (or nothing), with `environment` added
    /// to this process's (a nil value removes a variable), and waits for it.
    static func run(
        _ arguments: [String], stdin: Data? = nil, environment extra: [String: String?] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> Output {
        let executable: URL
        switch located {
        case .success(let url): executable = url
        case .failure(let error):
            XCTFail(error.description, file: file, line: line)
            throw error
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // The system font is the bundled stand-in in every test: a user's SF Pro stays out.
        var environment = ProcessInfo.processInfo.environment
        environment["INTRINSIC_FONT_PATH"] = nil
        for (name, value) in extra { environment[name] = value }
        process.environment = environment
        let outPipe = Pipe()
        let errPipe = Pipe()
        let inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        try process.run()
        // Drain both pipes concurrently so a chatty child never blocks on a full pipe.
        let collected = Collected()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            collected.setOut(outPipe.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            collected.setErr(errPipe.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        if let stdin { inPipe.fileHandleForWriting.write(stdin) }
        try? inPipe.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, reason: process.terminationReason, stdout: collected.out,
            stderr: String(decoding: collected.err, as: UTF8.self))
    }

    /// Runs `measure … --json` and decodes the single JSON object it prints.
    static func json(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any]
    {
        let output = try run(arguments + ["--json"], file: file, line: line)
        XCTAssertEqual(output.status, 0, output.summary, file: file, line: line)
        XCTAssertTrue(output.exitedCleanly, output.summary, file: file, line: line)
        XCTAssertEqual(output.lines.count, 1, "--json prints exactly one line: \(output.text)", file: file, line: line)
        return try object(output.lines.first ?? "", file: file, line: line)
    }

    /// Decodes one JSON object line.
    static func object(_ line: String, file: StaticString = #filePath, line sourceLine: UInt = #line) throws -> [String:
        Any]
    {
        let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
        guard let object = value as? [String: Any] else {
            XCTFail("expected a JSON object, got: \(line)", file: file, line: sourceLine)
            throw CocoaError(.coderReadCorrupt)
        }
        return object
    }

    /// A fresh temporary directory, removed by the test case's teardown.
    static func temporaryDirectory(_ testCase: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "measure-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        testCase.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

private final class BundleMarker {}

private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var outData = Data()
    private var errData = Data()
    func setOut(_ data: Data) { lock.withLock { outData = data } }
    func setErr(_ data: Data) { lock.withLock { errData = data } }
    var out: Data { lock.withLock { outData } }
    var err: Data { lock.withLock { errData } }
}

/// Numeric helpers for the JSON results.
extension Dictionary where Key == String, Value == Any {
    func number(_ key: String, file: StaticString = #filePath, line: UInt = #line) -> Double {
        guard let value = self[key] as? NSNumber else {
            XCTFail("'\(key)' is missing or not a number in \(self)", file: file, line: line)
            return .nan
        }
        return value.doubleValue
    }

    func bool(_ key: String, file: StaticString = #filePath, line: UInt = #line) -> Bool? {
        guard let value = self[key] else {
            XCTFail("'\(key)' is missing in \(self)", file: file, line: line)
            return nil
        }
        return value as? Bool
    }

    func objects(_ key: String, file: StaticString = #filePath, line: UInt = #line) -> [[String: Any]] {
        guard let value = self[key] as? [[String: Any]] else {
            XCTFail("'\(key)' is missing or not an array of objects in \(self)", file: file, line: line)
            return []
        }
        return value
    }

    func strings(_ key: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        guard let value = self[key] as? [String] else {
            XCTFail("'\(key)' is missing or not an array of strings in \(self)", file: file, line: line)
            return []
        }
        return value
    }
}

/// Asserts `value` lies on the 1/scale pixel grid.
func assertOnPixelGrid(
    _ value: Double, scale: Double, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
) {
    let scaled = value * scale
    XCTAssertEqual(
        scaled, scaled.rounded(), accuracy: 1e-9, "\(value) is not a multiple of 1/\(scale) \(message)", file: file,
        line: line)
}
