import Foundation
import XCTest

/// The command line as a new user meets it: help, version, error format, and options that
/// would do nothing refused rather than ignored.
final class MeasureUsageTests: XCTestCase {
    /// Runs `arguments`, expects exit `status` with "measure: error: " on stderr, nothing on
    /// stdout, and every one of `words` in the message.
    @discardableResult
    func assertError(
        _ arguments: [String], status: Int32 = 64, mentioning words: [String] = [], stdin: Data? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> MeasureProcess.Output {
        let output = try MeasureProcess.run(arguments, stdin: stdin, file: file, line: line)
        XCTAssertEqual(output.status, status, "\(arguments): \(output.summary)", file: file, line: line)
        XCTAssertTrue(output.exitedCleanly, output.summary, file: file, line: line)
        XCTAssertEqual(output.text, "", "\(arguments) prints no result", file: file, line: line)
        // Every line is the error, a note (such as the system font's) or the pointer to --help.
        let stderrLines = output.stderr.split(separator: "\n")
        XCTAssertTrue(stderrLines.contains { $0.hasPrefix("measure: error: ") }, output.stderr, file: file, line: line)
        for stderrLine in stderrLines {
            XCTAssertTrue(
                stderrLine.hasPrefix("measure: error: ") || stderrLine.hasPrefix("measure: note: ")
                    || stderrLine.hasPrefix("See 'measure"), "\(arguments): \(output.stderr)", file: file, line: line)
        }
        XCTAssertFalse(
            output.stderr.contains("Error:"), "no argument-parser prefix: \(output.stderr)", file: file, line: line)
        for word in words {
            XCTAssertTrue(
                output.stderr.contains(word), "\(arguments): mentions '\(word)': \(output.stderr)", file: file,
                line: line)
        }
        return output
    }

    func testHelpListsEverySubcommandAndTheExitCodes() throws {
        let help = try MeasureProcess.run(["--help"])
        XCTAssertEqual(help.status, 0, help.summary)
        for form in ["measure check CATALOG", "measure layout FILE", "measure --batch FILE", "measure --version"] {
            XCTAssertTrue(help.text.contains(form), "USAGE shows '\(form)': \(help.text)")
        }
        for code in ["64", "65", "66", "70", "73"] {
            XCTAssertTrue(help.text.contains(code), "help documents exit status \(code)")
        }
        let layoutHelp = try MeasureProcess.run(["layout", "--help"])
        XCTAssertEqual(layoutHelp.status, 0, layoutHelp.summary)
        for code in ["70", "73"] { XCTAssertTrue(layoutHelp.text.contains(code), layoutHelp.text) }
        let checkHelp = try MeasureProcess.run(["check", "--help"])
        XCTAssertEqual(checkHelp.status, 0, checkHelp.summary)
        XCTAssertTrue(checkHelp.text.contains("--spec"), checkHelp.text)
    }

    /// `measure help` and `measure help check` print help, as `--help` does; `measure -- help`
    /// measures the word.
    func testHelpSubcommand() throws {
        let help = try MeasureProcess.run(["help"])
        XCTAssertEqual(help.status, 0, help.summary)
        XCTAssertTrue(help.text.contains("USAGE:") && help.text.contains("measure check CATALOG"), help.text)
        let check = try MeasureProcess.run(["help", "check"])
        XCTAssertEqual(check.status, 0, check.summary)
        XCTAssertTrue(check.text.contains("--fail-on"), check.text)
        XCTAssertEqual(check.text, try MeasureProcess.run(["check", "--help"]).text)
        let unknown = try MeasureProcess.run(["help", "chek"])
        XCTAssertEqual(unknown.status, 64, unknown.summary)
        XCTAssertTrue(unknown.stderr.contains("Did you mean 'check'?"), unknown.stderr)
        let word = try MeasureProcess.run(["--", "help"])
        XCTAssertEqual(word.status, 0, word.summary)
        XCTAssertTrue(word.text.contains(" pt"), "measures the word: \(word.text)")
    }

    /// A typo's suggestion is the option one edit away (a swap of two letters is one edit):
    /// `--widht` is `--width`, not `--weight`.
    func testMisspelledOptionSuggestsTheNearestOption() throws {
        let output = try MeasureProcess.run(["Hello", "--widht", "100"])
        XCTAssertEqual(output.status, 64, output.summary)
        XCTAssertTrue(output.stderr.contains("unknown option '--widht'. Did you mean '--width'?"), output.stderr)
        let check = try MeasureProcess.run(["check", "x.storyboard", "--catgories", "all"])
        XCTAssertTrue(check.stderr.contains("Did you mean '--categories'?"), check.stderr)
    }

    /// A first word one edit from a subcommand is still measured, with a note on stderr.
    func testWordNearASubcommandIsMeasuredWithANote() throws {
        let output = try MeasureProcess.run(["chek"])
        XCTAssertEqual(output.status, 0, output.summary)
        XCTAssertTrue(output.text.contains(" pt"), output.text)
        XCTAssertTrue(
            output.stderr.contains("measure: note: did you mean 'measure check'? (measure -- chek measures the word)"),
            output.stderr)
        let quiet = try MeasureProcess.run(["--", "chek"])
        XCTAssertFalse(quiet.stderr.contains("did you mean"), quiet.stderr)
        let far = try MeasureProcess.run(["Hello"])
        XCTAssertFalse(far.stderr.contains("did you mean"), far.stderr)
    }

    func testVersionPrintsTheVersion() throws {
        let output = try MeasureProcess.run(["--version"])
        XCTAssertEqual(output.status, 0, output.summary)
        XCTAssertNotNil(
            output.text.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+\n$"#, options: .regularExpression), output.summary)
    }

    func testArgumentParsersOwnErrorsSpeakAsMeasure() throws {
        try assertError(["Hello", "--no-such-option"], mentioning: ["--no-such-option", "measure --help"])
        try assertError(["Hello", "extra"], mentioning: ["extra"])
        try assertError(["Hello", "--width", "wide"], mentioning: ["wide", "--width"])
        try assertError(
            ["check", "x.po", "--spec", "spec.json", "--bogus"], mentioning: ["--bogus", "measure check --help"])
        try assertError(["layout"], mentioning: ["measure layout --help"])
        // The commands' own errors use the same prefix.
        try assertError(["check", "x.po", "--spec", "/nonexistent/spec.json"], status: 66)
        try assertError(["layout", "/nonexistent/screen.json"], status: 66)
    }

    func testJobsOutOfRangeIsARangeErrorNotAMissingValue() throws {
        for value in ["-1", "0", "5000"] {
            let output = try assertError(
                ["--batch", "-", "--jobs", value], mentioning: ["--jobs", value, "from 1 to 1024"], stdin: Data())
            XCTAssertFalse(output.stderr.contains("Missing value"), output.stderr)
        }
    }

    func testOptionsThatWouldDoNothingAreErrors() throws {
        // A label has padding, not content insets; a button the reverse.
        try assertError(["Hello", "--content-insets", "1,2,3,4"], mentioning: ["content insets", "button", "padding"])
        try assertError(["Hello", "--control", "button", "--padding", "1,2,3,4"], mentioning: ["padding", "label"])
        try assertError(["Hello", "--control", "textview", "--line-break-mode", "byClipping"], mentioning: ["label"])
        try assertError(["Hello", "--control", "button", "--lines", "2"], mentioning: ["lines", "label"])
        try assertError(["Hello", "--scroll-enabled"], mentioning: ["text view"])
        // Text, or one text's options, beside --batch or --list-fonts.
        try assertError(["Hello", "--batch", "-"], mentioning: ["--batch", "Hello"], stdin: Data())
        try assertError(["--batch", "-", "--width", "100"], mentioning: ["--width", "JSON"], stdin: Data())
        try assertError(["Hello", "--list-fonts"], mentioning: ["--list-fonts", "Hello"])
        try assertError(["--list-fonts", "--size", "12"], mentioning: ["--size"])
        // --jobs needs --batch.
        try assertError(["Hello", "--jobs", "2"], mentioning: ["--jobs", "--batch"])
        // A language that is not a BCP 47 tag.
        for language in ["j@", "", "english language", "ja--JP", "x", "toolongtag"] {
            try assertError(["Hello", "--language", language], mentioning: ["language", "BCP 47"])
        }
        // The same rules hold for batch lines.
        let batch = try MeasureProcess.run(
            ["--batch", "-"],
            stdin: Data(
                """
                {"text":"Hello","contentInsets":"1,2,3,4"}
                {"text":"Hello","language":"ja JP"}
                {"text":"Hello","language":"zh-Hant-TW"}

                """.utf8))
        XCTAssertEqual(batch.status, 65, batch.summary)
        XCTAssertTrue(
            batch.stderr.hasSuffix("measure: error: 2 batch lines failed; see their error objects\n"), batch.stderr)
        XCTAssertEqual(batch.lines.count, 3, batch.summary)
        XCTAssertTrue(batch.lines[0].contains("unusedOption"), batch.lines[0])
        XCTAssertTrue(batch.lines[1].contains("invalidLanguage"), batch.lines[1])
        XCTAssertTrue(batch.lines[2].contains("\"width\""), "a well-formed tag is measured: \(batch.lines[2])")
    }

    func testWellFormedLanguagesAreAccepted() throws {
        for language in ["ja", "zh-Hant", "zh_TW", "pt-BR", "sr-Latn-RS", "und", "de-CH-1996"] {
            let output = try MeasureProcess.run(["Hello", "--language", language])
            XCTAssertEqual(output.status, 0, "\(language): \(output.summary)")
        }
    }

    func testALayoutDirectoryIsNamedAsADirectory() throws {
        let examples = MeasureProcess.packageRoot.appendingPathComponent("Examples").path
        let output = try assertError(
            ["layout", examples], status: 66, mentioning: ["is a directory", "such as", "Examples/feed-cell.json"])
        XCTAssertFalse(output.stderr.contains("NSCocoaErrorDomain"), output.stderr)
        XCTAssertFalse(output.stderr.contains("256"), output.stderr)
    }

    /// Exit status 73 (can't create), as the help and the README document it.
    func testAPictureThatCannotBeWrittenExits73() throws {
        let file = MeasureProcess.packageRoot.appendingPathComponent("Examples/sign-up.json").path
        try assertError(
            ["layout", file, "--svg", "/nonexistent-folder/screen.svg"], status: 73,
            mentioning: ["/nonexistent-folder/screen.svg"])
    }

    /// Human-readable output rounds to the pixel grid and prints at most three decimals; the
    /// JSON keeps the exact values.
    func testHumanOutputHasNoFloatNoise() throws {
        let output = try MeasureProcess.run(
            ["layout", MeasureProcess.packageRoot.appendingPathComponent("Examples/feed-cell.json").path])
        XCTAssertTrue([0, 1].contains(output.status), output.summary)
        let noisy = output.text.range(of: #"[0-9]\.[0-9]{4,}"#, options: .regularExpression)
        XCTAssertNil(noisy, "no value printed with more than three decimals: \(output.text)")
        XCTAssertNotNil(
            output.text.range(of: #"\.333|\.667"#, options: .regularExpression),
            "the @3x screen has thirds of a point, printed as .333 or .667: \(output.text)")
        let json = try MeasureProcess.run(
            ["layout", MeasureProcess.packageRoot.appendingPathComponent("Examples/feed-cell.json").path, "--json"])
        XCTAssertNotNil(
            json.text.range(of: #"\.(3333|6666)"#, options: .regularExpression),
            "JSON keeps the exact thirds: \(json.text.prefix(400))")
    }
}
