import Foundation
import XCTest

/// The README, checked as a user would check it: every `$` command of a `console` block (in
/// README.md and in docs/*.md) runs and prints what the page shows; the synopsis is
/// `measure --help`'s; the spec example is a valid spec; the Swift examples are the sources
/// `scripts/consumer-check` builds and runs.
///
/// The expected output is read from the pages, never repeated here, so a change of output
/// (a new default font, say) means changing the page, and this test says where.
final class ReadmeExamplesTests: XCTestCase {
    static let root = MeasureProcess.packageRoot
    static let readme = (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// A fenced block of the README: its language, its lines, and the README line it starts on.
    struct Block {
        var language: String
        var lines: [String]
        var line: Int
        /// The prose just before the block.
        var preceding: String
    }

    static var blocks: [Block] { blocks(in: readme) }

    /// The pages whose console blocks are run: README.md, then docs/*.md by name.
    static var pages: [(name: String, text: String)] {
        let docs = root.appendingPathComponent("docs")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted()
        return [("README.md", readme)]
            + names.map { name in
                ("docs/\(name)", (try? String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)) ?? "")
            }
    }

    /// The fenced blocks of a Markdown page.
    static func blocks(in text: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        var prose: [String] = []
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") {
                if let block = current {
                    blocks.append(block)
                    current = nil
                    prose = []
                } else {
                    current = Block(
                        language: String(line.dropFirst(3)), lines: [], line: index + 1,
                        preceding: prose.suffix(3).joined(separator: "\n"))
                }
            } else if current != nil {
                current?.lines.append(line)
            } else {
                prose.append(line)
            }
        }
        return blocks
    }

    /// One `$ command` and the lines shown after it, on a page (README.md or docs/NAME.md).
    struct Example {
        var command: String
        var expected: [String]
        var line: Int
        var page = "README.md"
    }

    static var examples: [Example] {
        pages.flatMap { examples(in: $0.text, page: $0.name) }
    }

    static func examples(in text: String, page: String) -> [Example] {
        var examples: [Example] = []
        for block in blocks(in: text) where block.language == "console" {
            for (offset, line) in block.lines.enumerated() {
                if line.hasPrefix("$ ") {
                    examples.append(
                        Example(
                            command: String(line.dropFirst(2)), expected: [], line: block.line + 1 + offset, page: page)
                    )
                } else if !examples.isEmpty {
                    examples[examples.count - 1].expected.append(line)
                }
            }
        }
        return examples
    }

    /// Whether `actual` is `expected`, where a line "…" stands for any number of lines.
    /// Trailing spaces do not count.
    static func matches(_ expected: [String], _ actual: [String]) -> Bool {
        let expected = expected.map { $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
        let actual = actual.map { $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
        // matched[i][j]: expected[i...] matches actual[j...].
        var matched = [[Bool]](repeating: [Bool](repeating: false, count: actual.count + 1), count: expected.count + 1)
        matched[expected.count][actual.count] = true
        for i in stride(from: expected.count - 1, through: 0, by: -1) {
            for j in stride(from: actual.count, through: 0, by: -1) {
                if expected[i] == "…" {
                    matched[i][j] = matched[i + 1][j] || (j < actual.count && matched[i][j + 1])
                } else {
                    matched[i][j] = j < actual.count && expected[i] == actual[j] && matched[i + 1][j + 1]
                }
            }
        }
        return matched[0][0]
    }

    func testMatchingTreatsAnEllipsisLineAsAnyLines() {
        XCTAssertTrue(Self.matches(["a", "…", "d"], ["a", "b", "c", "d"]))
        XCTAssertTrue(Self.matches(["a", "…", "d"], ["a", "d"]))
        XCTAssertTrue(Self.matches(["…"], ["x"]))
        XCTAssertFalse(Self.matches(["a", "…", "d"], ["a", "b", "c"]))
        XCTAssertFalse(Self.matches(["a", "b"], ["a", "c"]))
        XCTAssertTrue(Self.matches(["a  "], ["a"]), "trailing spaces do not count")
    }

    /// A working directory that sees the repository's files the README names, and a PATH on
    /// which `measure` is the build under test.
    func sandbox() throws -> (directory: URL, path: String) {
        let directory = try MeasureProcess.temporaryDirectory(self)
        // Not Fonts/: the binary finds the bundled fonts itself, as it does for a user.
        for entry in ["Examples", "Tests"] {
            try FileManager.default.createSymbolicLink(
                at: directory.appendingPathComponent(entry), withDestinationURL: Self.root.appendingPathComponent(entry)
            )
        }
        let binary = try MeasureProcess.located.get()
        let bin = directory.appendingPathComponent(".bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("measure"), withDestinationURL: binary)
        return (directory, bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"))
    }

    /// Runs `command` with bash in `directory`.
    func shell(_ command: String, in directory: URL, path: String) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = path
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let group = DispatchGroup()
        let box = OutputBox()
        group.enter()
        DispatchQueue.global().async {
            box.set(err: err.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: box.err, as: UTF8.self)
        )
    }

    func testEveryCommandPrintsWhatTheReadmeShows() throws {
        let examples = Self.examples
        XCTAssertGreaterThanOrEqual(examples.count, 6, "the README's console examples were found")
        XCTAssertTrue(examples.contains { $0.command.hasPrefix("scripts/measure ") }, "the quick start is checked")
        XCTAssertTrue(
            examples.contains { $0.page == "docs/layout-files.md" }, "the docs' console examples are checked too")
        let (directory, path) = try sandbox()
        for example in examples {
            // scripts/measure builds the release binary and runs it; here the build under test runs.
            var command = example.command
            if command.hasPrefix("scripts/measure ") {
                command = "measure " + command.dropFirst("scripts/measure ".count)
            }
            let result = try shell(command, in: directory, path: path)
            let context =
                "\(example.page):\(example.line): \(example.command)\nexit \(result.status), stderr: \(result.stderr)"
            XCTAssertTrue([0, 1].contains(result.status), "exits 0, or 1 for problems found: \(context)")
            XCTAssertFalse(result.stderr.contains("error"), context)
            var actual = result.stdout.components(separatedBy: "\n")
            if actual.last == "" { actual.removeLast() }
            XCTAssertTrue(
                Self.matches(example.expected, actual),
                "\(context)\nthe page shows:\n\(example.expected.joined(separator: "\n"))\nit prints:\n\(actual.joined(separator: "\n"))"
            )
        }
    }

    func testTheSynopsisIsTheHelpsUsage() throws {
        let synopsis = try XCTUnwrap(
            Self.blocks.first { $0.lines.first?.hasPrefix("measure \"TEXT\"") == true }, "the README has a synopsis")
        let help = try MeasureProcess.run(["--help"])
        XCTAssertEqual(help.status, 0, help.summary)
        // USAGE: first line after "USAGE: ", the rest indented by as much, up to a blank line.
        let lines = help.text.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("USAGE: ") }, help.text)
        var usage = [String(lines[start].dropFirst("USAGE: ".count))]
        for line in lines[(start + 1)...] {
            if line.isEmpty { break }
            usage.append(String(line.dropFirst("USAGE: ".count)))
        }
        XCTAssertEqual(synopsis.lines, usage, "README.md:\(synopsis.line) repeats `measure --help`'s USAGE")
        for form in ["measure check", "measure layout", "measure --batch", "measure --list-fonts", "measure --version"]
        {
            XCTAssertTrue(synopsis.lines.contains { $0.hasPrefix(form) }, "the synopsis lists \(form)")
        }
    }

    /// The spec the README shows is the one its `measure check` example runs with.
    func testTheSpecExampleIsTheOneTheExampleRuns() throws {
        let block = try XCTUnwrap(
            Self.blocks.first { $0.language == "json" && $0.preceding.contains("with `fit.json`") }, "the spec example")
        let fixture = Self.root.appendingPathComponent("Tests/MeasureCLITests/Fixtures/check-example/fit.json")
        let committed = try String(contentsOf: fixture, encoding: .utf8)
        XCTAssertEqual(
            block.lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines),
            committed.trimmingCharacters(in: .whitespacesAndNewlines),
            "README.md:\(block.line) shows Tests/MeasureCLITests/Fixtures/check-example/fit.json")
        XCTAssertTrue(
            Self.examples.contains { $0.command.contains("check-example") && $0.command.contains("--spec fit.json") },
            "a README example runs measure check with it")
    }

    /// Each Swift example is a consumer's source (Tests/Consumers, built and run by
    /// scripts/consumer-check), and each consumer is in the README.
    func testTheSwiftExamplesAreTheConsumersSources() throws {
        let consumers = Self.root.appendingPathComponent("Tests/Consumers")
        let sources = try FileManager.default.contentsOfDirectory(
            atPath: consumers.appendingPathComponent("Sources").path
        ).sorted().map { name in
            (
                name,
                try String(contentsOf: consumers.appendingPathComponent("Sources/\(name)/main.swift"), encoding: .utf8)
            )
        }
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let products = manifest.matches(of: #/\.library\(name: "([A-Za-z]+)"/#).map { String($0.1) }
        XCTAssertEqual(Set(sources.map(\.0)), Set(products.map { "Uses\($0)" }), "one consumer per library product")

        let swiftBlocks = Self.blocks.filter { $0.language == "swift" }
        let examples = swiftBlocks.filter { $0.lines.first?.hasPrefix("import ") == true }
        for block in examples {
            let text = block.lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertTrue(
                sources.contains { $0.1.trimmingCharacters(in: .whitespacesAndNewlines) == text },
                "README.md:\(block.line) is the main.swift of a consumer in Tests/Consumers/Sources, word for word")
        }
        for (name, source) in sources {
            let text = source.trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertTrue(
                examples.contains {
                    $0.lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines) == text
                },
                "Tests/Consumers/Sources/\(name)/main.swift is shown in the README")
        }
        // The dependency snippet names the package the way the consumer package does.
        let snippet = try XCTUnwrap(
            swiftBlocks.first { $0.lines.contains { $0.contains(".package(") } }, "the Package.swift snippet")
        let consumerManifest = try String(
            contentsOf: consumers.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertTrue(
            snippet.lines.contains { $0.contains(#".package(name: "Intrinsic", path: "#) }, "\(snippet.lines)")
        XCTAssertTrue(consumerManifest.contains(#".package(name: "Intrinsic", path: "../..")"#))
        XCTAssertTrue(snippet.lines.contains { $0.contains(#"package: "Intrinsic")"#) }, "\(snippet.lines)")
    }
}

private final class OutputBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(err: Data) { lock.withLock { data = err } }
    var err: Data { lock.withLock { data } }
}
