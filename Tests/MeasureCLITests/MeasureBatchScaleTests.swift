import Foundation
import XCTest

/// `measure --batch` at scale: every core, output in input order and equal to a serial run,
/// streaming (results of early lines come out before the input ends), and a progress bar on
/// stderr only when stderr is a terminal.
final class MeasureBatchScaleTests: XCTestCase {
    /// Many different requests: texts of several scripts and lengths, widths, controls, and a
    /// bad line now and then.
    static func requests(_ count: Int) -> [String] {
        let texts = [
            "Sign up", "The quick brown fox jumps over the lazy dog", "Einstellungen für Datenschutzbenachrichtigungen",
            "مرحبا بالعالم", "你好，世界！这是一个用于测试换行的中文长句子", "Great job! 🎉", "Съешь же ещё этих мягких французских булок",
        ]
        return (0..<count).map { index in
            if index % 97 == 13 { return #"{"id":\#(index),"text":"bad","width":-1}"# }
            let text = texts[index % texts.count] + " \(index)"
            let width = 60 + (index * 37) % 300
            let control = ["label", "button", "textview"][index % 3]
            return #"{"id":\#(index),"text":"\#(text)","width":\#(width),"control":"\#(control)"}"#
        }
    }

    func testManyLinesComeOutInInputOrderAndEqualASerialRun() throws {
        let lines = Self.requests(3000)
        let input = Data((lines.joined(separator: "\n") + "\n").utf8)
        let parallel = try MeasureProcess.run(["--batch", "-", "--jobs", "4"], stdin: input)
        let serial = try MeasureProcess.run(["--batch", "-", "--jobs", "1"], stdin: input)
        XCTAssertTrue(parallel.exitedCleanly, parallel.summary)
        XCTAssertEqual(parallel.status, 65, "some lines are bad: \(parallel.stderr)")
        XCTAssertEqual(parallel.text, serial.text, "a parallel run prints what a serial one does")
        let objects = try parallel.lines.map { try MeasureProcess.object($0) }
        XCTAssertEqual(objects.count, lines.count)
        for (index, object) in objects.enumerated() {
            XCTAssertEqual(object["id"] as? Int, index, "line \(index + 1) answers request \(index)")
            if index % 97 == 13 {
                XCTAssertEqual(object["line"] as? Int, index + 1)
                XCTAssertNotNil(object["error"])
            } else {
                XCTAssertNotNil(object["width"], "\(object)")
            }
        }
        XCTAssertEqual(parallel.stderr, serial.stderr)
        XCTAssertFalse(parallel.stderr.contains("lines/s"), "no progress bar when stderr is not a terminal")
    }

    /// Results of the first window are written while the input is still open.
    func testResultsStreamBeforeTheInputEnds() throws {
        guard case .success(let executable) = MeasureProcess.located else {
            throw XCTSkip("the measure binary is not built")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--batch", "-"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        // More than one window (2,048 lines), then wait for answers with the input still open.
        let lines = (0..<2500).map { #"{"id":\#($0),"text":"Line \#($0)"}"# }
        input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        var received = Data()
        let deadline = Date().addingTimeInterval(60)
        while received.split(separator: 0x0A).count < 2048 && Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        XCTAssertGreaterThanOrEqual(
            received.split(separator: 0x0A).count, 2048, "the first window is answered before the input ends")
        try input.fileHandleForWriting.close()
        received.append(output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let all = received.split(separator: 0x0A)
        XCTAssertEqual(all.count, 2500)
        XCTAssertEqual(try MeasureProcess.object(String(decoding: all[2499], as: UTF8.self))["id"] as? Int, 2499)
    }

    /// Under a terminal (script(1) gives the child one), a long run draws the bar on stderr.
    func testProgressBarOnATerminal() throws {
        guard case .success(let executable) = MeasureProcess.located,
            FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
        else { throw XCTSkip("needs the measure binary and script(1)") }
        let directory = try MeasureProcess.temporaryDirectory(self)
        let requests = directory.appendingPathComponent("requests.jsonl")
        let results = directory.appendingPathComponent("results.jsonl")
        try Data((Self.requests(20000).joined(separator: "\n") + "\n").utf8).write(to: requests)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        // stdout to a file, stderr to the terminal that script records.
        let command = "'\(executable.path)' --batch '\(requests.path)' > '\(results.path)'"
        process.arguments = ["-qec", command, "/dev/null"]
        let terminal = Pipe()
        process.standardOutput = terminal
        process.standardInput = Pipe()
        try process.run()
        let screen = String(decoding: terminal.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 65, "some requests are bad")
        XCTAssertTrue(screen.contains("lines/s"), "the bar shows a rate: \(screen.suffix(300))")
        XCTAssertTrue(screen.contains("ETA"), "with a file the bar shows the time left")
        XCTAssertTrue(screen.contains("%"), "and the share done")
        let written = try String(contentsOf: results, encoding: .utf8)
        XCTAssertEqual(written.split(separator: "\n").count, 20000, "the results go to stdout, not the bar")
        XCTAssertFalse(written.contains("lines/s"))
    }

    func testBadJobsAndUnreadableInputAreClearErrors() throws {
        let zero = try MeasureProcess.run(["--batch", "-", "--jobs", "0"], stdin: Data())
        XCTAssertEqual(zero.status, 64, zero.summary)
        XCTAssertTrue(zero.stderr.contains("--jobs"), zero.stderr)
        let directory = try MeasureProcess.temporaryDirectory(self)
        let folder = try MeasureProcess.run(["--batch", directory.path])
        XCTAssertEqual(folder.status, 66, folder.summary)
        XCTAssertTrue(folder.stderr.contains("cannot read"), folder.stderr)
    }
}
