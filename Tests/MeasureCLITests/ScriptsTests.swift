import Foundation
import XCTest

/// `scripts/measure`, run in a copy of the repository's layout where `swift` and
/// `scripts/bootstrap.sh` are stand-ins that log their calls: it builds (and checks the system
/// packages) only when the binary is missing or older than the sources.
final class ScriptsTests: XCTestCase {
    func testScriptsMeasureBuildsOnlyWhenTheBinaryIsStale() throws {
        let root = try MeasureProcess.temporaryDirectory(self)
        let manager = FileManager.default
        let log = root.appendingPathComponent("calls.log")
        func write(_ text: String, _ path: String, executable: Bool = false) throws {
            let url = root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            if executable { try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path) }
        }
        try write(
            try String(
                contentsOf: MeasureProcess.packageRoot.appendingPathComponent("scripts/measure"), encoding: .utf8),
            "scripts/measure", executable: true)
        try write("#!/bin/sh\necho bootstrap >> \"\(log.path)\"\n", "scripts/bootstrap.sh", executable: true)
        try write("// swift-tools-version:6.0\n", "Package.swift")
        try write("let x = 1\n", "Sources/Tool/main.swift")
        // The stand-in `swift build` logs and writes a release binary that echoes its arguments.
        try write(
            """
            #!/bin/sh
            echo "swift $*" >> "\(log.path)"
            mkdir -p .build/release
            printf '#!/bin/sh\\necho measured "$@"\\n' > .build/release/measure
            chmod +x .build/release/measure

            """, "bin/swift", executable: true)

        func run() throws -> (stdout: String, calls: [String]) {
            let process = Process()
            process.executableURL = root.appendingPathComponent("scripts/measure")
            process.arguments = ["Sign up"]
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = root.appendingPathComponent("bin").path + ":/usr/bin:/bin"
            process.environment = environment
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            let calls = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            try? manager.removeItem(at: log)
            return (String(decoding: data, as: UTF8.self), calls.split(separator: "\n").map(String.init))
        }

        let first = try run()
        XCTAssertEqual(first.stdout, "measured Sign up\n")
        XCTAssertEqual(first.calls, ["bootstrap", "swift build -c release --product measure"], "no binary yet: builds")

        let second = try run()
        XCTAssertEqual(second.stdout, "measured Sign up\n")
        XCTAssertEqual(second.calls, [], "an up-to-date binary runs without apt checks or a build")

        try manager.setAttributes(
            [.modificationDate: Date().addingTimeInterval(60)],
            ofItemAtPath: root.appendingPathComponent("Sources/Tool/main.swift").path)
        let third = try run()
        XCTAssertEqual(
            third.calls, ["bootstrap", "swift build -c release --product measure"], "a newer source rebuilds")
        XCTAssertEqual(third.stdout, "measured Sign up\n")
    }
}
