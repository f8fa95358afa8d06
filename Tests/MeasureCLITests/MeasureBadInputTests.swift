import Foundation
import XCTest

/// Bad input gets a clear error on stderr and a non-zero exit code, never a crash.
final class MeasureBadInputTests: XCTestCase {
    /// Runs `arguments`, expects a clean failure whose stderr contains every one of `words`.
    @discardableResult
    func assertFails(
        _ arguments: [String], mentioning words: [String] = [], file: StaticString = #filePath, line: UInt = #line
    ) throws -> MeasureProcess.Output {
        let output = try MeasureProcess.run(arguments, file: file, line: line)
        XCTAssertNotEqual(output.status, 0, "\(arguments) must fail: \(output.summary)", file: file, line: line)
        XCTAssertTrue(output.exitedCleanly, "\(arguments) must not crash: \(output.summary)", file: file, line: line)
        XCTAssertTrue(output.text.isEmpty, "\(arguments) prints no result: \(output.text)", file: file, line: line)
        XCTAssertFalse(output.stderr.isEmpty, "\(arguments) explains on stderr", file: file, line: line)
        for word in words {
            XCTAssertTrue(
                output.stderr.contains(word), "\(arguments): stderr mentions '\(word)': \(output.stderr)", file: file,
                line: line)
        }
        return output
    }

    func testUnknownFontNamesItAndListsTheFamilies() throws {
        let output = try assertFails(["Hello", "--font", "Helvetica Nueue"], mentioning: ["Helvetica Nueue", "Inter"])
        XCTAssertTrue(output.stderr.lowercased().contains("available"), output.stderr)
        XCTAssertTrue(output.stderr.contains("Noto Sans Arabic"), "lists the other families too: \(output.stderr)")
        try assertFails(["Hello", "--font", "Nope", "--json"], mentioning: ["Nope", "Inter"])
    }

    func testInvalidWidthsNameTheWidthAndTheAllowedRange() throws {
        let cases: [([String], String)] = [
            (["--width=-5"], "-5"),
            (["--width", "-5"], "-5"),
            (["--width", "-0.5"], "-0.5"),
            (["--width", "nan"], "nan"),
            (["--width", "0"], "0"),
            (["--width=0"], "0"),
            (["--width", "inf"], "inf"),
        ]
        for (options, value) in cases {
            let output = try assertFails(["Hello"] + options, mentioning: ["width", value, "greater than 0"])
            XCTAssertFalse(
                output.stderr.contains("Missing value"), "\(options): not mistaken for an option: \(output.stderr)")
        }
        // Not a number at all: argument-parser's own message, still naming the option.
        try assertFails(["Hello", "--width", "wide"], mentioning: ["wide", "--width"])
        // A width that leaves no room inside a control's insets names those insets.
        try assertFails(["Hello", "--control", "textview", "--width", "8"], mentioning: ["width", "8"])
        try assertFails(
            ["Hello", "--control", "button", "--width", "10", "--content-insets", "0,5,0,5"], mentioning: ["width"])
        try assertFails(["Hello", "--width", "10", "--padding", "0,6,0,6"], mentioning: ["width", "padding"])
    }

    func testCorruptFontFileNamesThePath() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        var generator = SystemRandomNumberGenerator()
        let garbage = directory.appendingPathComponent("Garbage.ttf")
        try Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: garbage)
        try assertFails(["Hello", "--font", garbage.path], mentioning: [garbage.path])

        // Starts like a TrueType file, then stops: the header promises tables that are not there.
        let truncated = directory.appendingPathComponent("Truncated.ttf")
        try Data(
            [0x00, 0x01, 0x00, 0x00, 0x00, 0x10, 0x01, 0x00, 0x00, 0x04, 0x00, 0x00]
                + [UInt8](repeating: 0x41, count: 40)
        )
        .write(to: truncated)
        try assertFails(["Hello", "--font", truncated.path], mentioning: [truncated.path])

        let empty = directory.appendingPathComponent("Empty.otf")
        try Data().write(to: empty)
        try assertFails(["Hello", "--font", empty.path], mentioning: [empty.path])

        let text = directory.appendingPathComponent("Readme.otf")
        try Data("This is not a font, just text.\n".utf8).write(to: text)
        try assertFails(["Hello", "--font", text.path, "--json"], mentioning: [text.path])

        // The first 1000 bytes of a real font: a truncated copy.
        let real = MeasureProcess.fontsDirectory.appendingPathComponent("Inter/Inter-Regular.otf")
        let cut = directory.appendingPathComponent("Cut.otf")
        try Data(try Data(contentsOf: real).prefix(1000)).write(to: cut)
        let output = try MeasureProcess.run(["Hello", "--font", cut.path])
        XCTAssertTrue(output.exitedCleanly, "a truncated font must not crash: \(output.summary)")
        if output.status != 0 { XCTAssertTrue(output.stderr.contains(cut.path), output.stderr) }

        let missing = directory.appendingPathComponent("Missing.ttf")
        try assertFails(["Hello", "--font", missing.path], mentioning: [missing.path])
        try assertFails(["Hello", "--font", directory.path], mentioning: [directory.path, "--font-dir"])
        // A corrupt file given with --font-dir (a single file) is also an error naming it.
        try assertFails(["Hello", "--font-dir", garbage.path], mentioning: [garbage.path])
    }

    func testCorruptFilesInsideAFontDirectoryAreSkipped() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        try Data([UInt8](repeating: 0xAB, count: 2000)).write(to: directory.appendingPathComponent("Broken.ttf"))
        let output = try MeasureProcess.run(["Hello", "--font-dir", directory.path, "--json"])
        XCTAssertEqual(output.status, 0, "a directory skips broken files: \(output.summary)")
    }

    func testOtherBadOptionsGetClearErrors() throws {
        try assertFails(["Hello", "--scale", "1.5"], mentioning: ["1.5", "1, 2", "3"])
        try assertFails(["Hello", "--scale", "0"], mentioning: ["scale"])
        try assertFails(["Hello", "--lines", "-1"], mentioning: ["-1", "lines"])
        try assertFails(["Hello", "--lines=-1"], mentioning: ["-1", "lines"])
        try assertFails(["Hello", "--lines", "1.5"], mentioning: ["1.5"])
        try assertFails(["Hello", "--padding", "1,2,3"], mentioning: ["1,2,3", "top,left,bottom,right"])
        try assertFails(["Hello", "--padding", "a,b,c,d"], mentioning: ["a,b,c,d"])
        try assertFails(["Hello", "--padding", "1,2,3,nan"], mentioning: ["1,2,3,nan"])
        try assertFails(["Continue", "--control", "button", "--content-insets", "1,2"], mentioning: ["1,2"])
        try assertFails(["Hello", "--control", "slider"], mentioning: ["slider", "label", "textview", "button"])
        try assertFails(["Hello", "--weight", "heavyish"], mentioning: ["heavyish", "bold"])
        try assertFails(["Hello", "--weight", "0"], mentioning: ["weight", "1000"])
        try assertFails(["Hello", "--size", "0"], mentioning: ["size"])
        try assertFails(["Hello", "--size", "-3"], mentioning: ["size", "-3"])
        try assertFails(["Hello", "--size", "nan"], mentioning: ["size"])
        try assertFails(["Hello", "--line-break-mode", "wrapAround"], mentioning: ["wrapAround", "truncateTail"])
        try assertFails(["Hello", "--frobnicate"], mentioning: ["frobnicate"])
        let weightError = try assertFails(["Hello", "--weight", "1001"], mentioning: ["1001"])
        XCTAssertFalse(weightError.stderr.contains("nan"), "no stray 'nan' in the weight error: \(weightError.stderr)")
    }

    func testNoTextAndNoBatchIsAnError() throws {
        try assertFails([], mentioning: ["text", "--batch"])
        try assertFails(["--json"], mentioning: ["text"])
        try assertFails(["--width", "100"], mentioning: ["text"])
    }

    func testHugeValuesAreRejectedNotTrapped() throws {
        // Each of these once trapped (Int(Double) overflow while printing the size or font).
        try assertFails(["Hello", "--size", "1e300"], mentioning: ["size"])
        try assertFails(["Hello", "--size=1e20", "--json"], mentioning: ["size"])
        try assertFails(["Hello", "--padding", "1e308,0,0,0"], mentioning: ["padding"])
        try assertFails(["Hello", "--control", "button", "--content-insets", "0,1e300,0,0"], mentioning: ["insets"])
        try assertFails(["Hello", "--width", "10", "--line-spacing", "1e308"], mentioning: ["line spacing"])
        try assertFails(["Hello", "--line-height-multiple", "1e308"], mentioning: ["line height multiple"])
        try assertFails(["Hello", "--letter-spacing", "1e308"], mentioning: ["letter spacing"])
        try assertFails(["Hello", "--line-spacing", "-1"], mentioning: ["line spacing"])
        // Large but sane values still measure.
        let big = try MeasureProcess.run([
            "Hello", "--size", "1000", "--padding", "1000,1000,1000,1000", "--width", "1e9",
        ])
        XCTAssertEqual(big.status, 0, big.summary)
        XCTAssertTrue(big.exitedCleanly, big.summary)
    }

    func testExitCodesFollowSysexits() throws {
        XCTAssertEqual(try MeasureProcess.run(["Hello", "--width", "0"]).status, 64, "usage error")
        XCTAssertEqual(try MeasureProcess.run(["Hello", "--font", "Nope"]).status, 66, "no input (font)")
        XCTAssertEqual(try MeasureProcess.run(["Hello"]).status, 0)
    }
}
