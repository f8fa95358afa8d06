import Foundation
import Typesetting
import XCTest

/// The `measure` executable's output: the human line, the JSON fields and the numbers in them,
/// checked against the engine's own font metrics (line heights) and UIKit's rules.
final class MeasureOutputTests: XCTestCase {
    static let long = "The quick brown fox jumps over the lazy dog while the five boxing wizards jump quickly"

    static func interPath(_ file: String) -> String {
        MeasureProcess.fontsDirectory.appendingPathComponent("Inter").appendingPathComponent(file).path
    }

    /// `UIFont.lineHeight` of an Inter face, straight from the engine.
    static func lineHeight(_ file: String = "Inter-Regular.otf", size: Double) throws -> Double {
        try Font(face: FontFace(path: interPath(file)), size: size).lineHeight
    }

    /// The line height of the default font, the system font: without SF Pro, Inter with SF
    /// Pro's line metrics (size × 2444 / 2048; 20.287 at 17 pt).
    static func systemLineHeight(size: Double) -> Double { size * 2444 / 2048 }

    static func widest(_ result: [String: Any]) -> Double {
        result.objects("lines").map { $0.number("width") }.max() ?? 0
    }

    func testHumanOutputIsOneShortReadableLine() throws {
        let output = try MeasureProcess.run(["Hello, world"])
        XCTAssertEqual(output.status, 0, output.summary)
        XCTAssertTrue(output.exitedCleanly, output.summary)
        XCTAssertEqual(output.lines.count, 1, "one line: \(output.text)")
        let line = try XCTUnwrap(output.lines.first)
        XCTAssertLessThanOrEqual(line.count, 100, "short: \(line)")
        XCTAssertTrue(line.contains("×"), line)
        XCTAssertTrue(line.contains("pt"), line)
        XCTAssertTrue(line.contains("Inter"), line)
        XCTAssertFalse(line.hasPrefix("{"), "not JSON without --json: \(line)")
        // The numbers agree with --json.
        let json = try MeasureProcess.json(["Hello, world"])
        let width = formatPoints(json.number("width"))
        let height = formatPoints(json.number("height"))
        XCTAssertTrue(line.hasPrefix("\(width) × \(height) pt"), "\(line) vs \(width) × \(height)")
        // Without SF Pro the system font is a stand-in, and measure says so once.
        XCTAssertEqual(
            output.stderr.components(separatedBy: "SF Pro was not found").count, 2, "one note: \(output.stderr)")
        let inter = try MeasureProcess.run(["Hello, world", "--font", "Inter"])
        XCTAssertTrue(inter.stderr.isEmpty, "nothing on stderr with a named font: \(inter.stderr)")
    }

    func testJSONHasEveryFieldWithUnroundedLineWidthsAndExistingFonts() throws {
        let result = try MeasureProcess.json(["Hello"])
        for key in ["width", "height", "lineCount", "truncated", "scale", "lines", "fonts"] {
            XCTAssertNotNil(result[key], "missing '\(key)' in \(result)")
        }
        XCTAssertEqual(result.number("lineCount"), 1)
        XCTAssertEqual(result["systemFontStandIn"] as? String, "Inter", "SF Pro is not installed here")
        XCTAssertNil(try MeasureProcess.json(["Hello", "--font", "Inter"])["systemFontStandIn"])
        XCTAssertEqual(result.bool("truncated"), false)
        XCTAssertEqual(result.number("scale"), 2, "the default scale is 2")
        let lines = result.objects("lines")
        XCTAssertEqual(lines.count, 1)
        let line = try XCTUnwrap(lines.first)
        let range = try XCTUnwrap(line["range"] as? [String: Any], "range is an object: \(line)")
        XCTAssertEqual(range.number("location"), 0)
        XCTAssertEqual(range.number("length"), 5)
        XCTAssertEqual(line["text"] as? String, "Hello")
        let lineWidth = line.number("width")
        XCTAssertNotEqual(lineWidth * 2, (lineWidth * 2).rounded(), "line width is unrounded: \(lineWidth)")
        XCTAssertEqual(
            result.number("width"), PixelGrid.ceil(lineWidth, scale: 2), "width = widest line on the 2x grid")
        XCTAssertEqual(
            result.number("height"), PixelGrid.ceil(Self.systemLineHeight(size: 17), scale: 2), "one 17 pt line")
        let fonts = result.strings("fonts")
        XCTAssertEqual(fonts.first.map { URL(fileURLWithPath: $0).lastPathComponent }, "Inter-Regular.otf")
        for font in fonts { XCTAssertTrue(FileManager.default.fileExists(atPath: font), "font file exists: \(font)") }
    }

    func testRangesAreUTF16AndCoverTheText() throws {
        // "😀" is 2 UTF-16 units, "é" (precomposed) 1: a UTF-8 or scalar count would differ.
        let text = "Café 😀 déjà vu, naïve résumé 👍🏽 coöperate"
        let result = try MeasureProcess.json([text, "--width", "90"])
        let lines = result.objects("lines")
        XCTAssertGreaterThan(lines.count, 2, "wraps at 90: \(result)")
        XCTAssertEqual(result.number("lineCount"), Double(lines.count))
        var next = 0
        let utf16 = Array(text.utf16)
        for line in lines {
            let range = try XCTUnwrap(line["range"] as? [String: Any])
            let location = Int(range.number("location"))
            let length = Int(range.number("length"))
            XCTAssertEqual(location, next, "ranges are contiguous: \(lines)")
            let slice = String(decoding: utf16[location..<min(location + length, utf16.count)], as: UTF16.self)
            let shown = try XCTUnwrap(line["text"] as? String)
            XCTAssertEqual(
                slice.trimmingCharacters(in: .whitespaces), shown.trimmingCharacters(in: .whitespaces),
                "range \(location),\(length) is the line's text in UTF-16 units")
            next = location + length
        }
        XCTAssertEqual(next, utf16.count, "the lines cover all \(utf16.count) UTF-16 units")
        let fonts = result.strings("fonts")
        XCTAssertEqual(
            fonts.first.map { URL(fileURLWithPath: $0).lastPathComponent }, "Inter-Regular.otf", "primary first")
        XCTAssertTrue(fonts.contains { $0.lowercased().contains("emoji") }, "the emoji fallback is listed: \(fonts)")
        XCTAssertEqual(Set(fonts).count, fonts.count, "no duplicates: \(fonts)")
        for font in fonts { XCTAssertTrue(FileManager.default.fileExists(atPath: font), font) }
    }

    func testSizesAreOnThePixelGridOfEachScale() throws {
        let lineHeight = Self.systemLineHeight(size: 17)
        for scale in [1.0, 2.0, 3.0] {
            for (text, width) in [("Hello", nil), ("Wrapped text that is fairly long indeed", "120"), ("iiiil", nil)] {
                var arguments = [text, "--scale", formatPoints(scale)]
                if let width { arguments += ["--width", width] }
                let result = try MeasureProcess.json(arguments)
                XCTAssertEqual(result.number("scale"), scale)
                assertOnPixelGrid(result.number("width"), scale: scale, "\(arguments)")
                assertOnPixelGrid(result.number("height"), scale: scale, "\(arguments)")
                XCTAssertEqual(
                    result.number("width"), PixelGrid.ceil(Self.widest(result), scale: scale), "\(arguments)")
                let count = result.number("lineCount")
                XCTAssertEqual(
                    result.number("height"), PixelGrid.ceil(count * lineHeight, scale: scale), accuracy: 1e-9,
                    "\(arguments)")
            }
        }
    }

    func testScale3RoundsUpToThirds() throws {
        let lineHeight = Self.systemLineHeight(size: 17)
        let result = try MeasureProcess.json(["Thirds", "--scale", "3"])
        let expectedHeight = (lineHeight * 3).rounded(.up) / 3
        XCTAssertEqual(result.number("height"), expectedHeight, accuracy: 1e-9)
        XCTAssertGreaterThanOrEqual(result.number("height"), lineHeight)
        XCTAssertLessThan(result.number("height") - lineHeight, 1.0 / 3)
        let raw = Self.widest(result)
        XCTAssertEqual(result.number("width"), (raw * 3).rounded(.up) / 3, accuracy: 1e-9)
        XCTAssertLessThan(result.number("width") - raw, 1.0 / 3)
    }

    func testOneLineReportsTheFullIntrinsicWidthButTruncates() throws {
        let unbounded = try MeasureProcess.json([Self.long])
        XCTAssertEqual(unbounded.number("lineCount"), 1)
        XCTAssertEqual(unbounded.bool("truncated"), false)
        let oneLine = try MeasureProcess.json([Self.long, "--lines", "1", "--width", "100"])
        XCTAssertEqual(oneLine.number("lineCount"), 1)
        XCTAssertEqual(oneLine.bool("truncated"), true, "the text does not fit in 100 pt")
        XCTAssertEqual(
            oneLine.number("width"), unbounded.number("width"), "intrinsic width is the full single-line width")
        XCTAssertGreaterThan(oneLine.number("width"), 100)
        XCTAssertEqual(oneLine.number("height"), unbounded.number("height"))
        let shown = try XCTUnwrap(oneLine.objects("lines").first?["text"] as? String)
        XCTAssertTrue(shown.hasSuffix("…"), "the shown line ends with an ellipsis: \(shown)")
        XCTAssertEqual(oneLine.objects("lines").first?.bool("truncated"), true)
        XCTAssertLessThanOrEqual(
            oneLine.objects("lines").first?.number("width") ?? .infinity, 100, "the shown line fits")
    }

    func testLinesDefaultToZeroAndWrapAtTheWidth() throws {
        let lineHeight = Self.systemLineHeight(size: 17)
        let wrapped = try MeasureProcess.json([Self.long, "--width", "100"])
        let explicit = try MeasureProcess.json([Self.long, "--width", "100", "--lines", "0"])
        XCTAssertEqual(NSDictionary(dictionary: wrapped), NSDictionary(dictionary: explicit), "--lines defaults to 0")
        let count = wrapped.number("lineCount")
        XCTAssertGreaterThanOrEqual(count, 5, "\(Self.long) wraps into many lines at 100 pt: \(wrapped)")
        XCTAssertEqual(wrapped.bool("truncated"), false)
        XCTAssertLessThanOrEqual(wrapped.number("width"), 100)
        XCTAssertEqual(wrapped.number("height"), PixelGrid.ceil(count * lineHeight, scale: 2), accuracy: 1e-9)
        for line in wrapped.objects("lines") {
            XCTAssertLessThanOrEqual(line.number("width"), 100 + 1e-9, "no line wider than the width: \(line)")
        }
        let words = wrapped.objects("lines").compactMap { $0["text"] as? String }.joined(separator: " ")
            .split(separator: " ").joined(separator: " ")
        XCTAssertEqual(words, Self.long, "wrapping keeps every word, in order")
        // A narrower width never gives fewer lines.
        let narrower = try MeasureProcess.json([Self.long, "--width", "60"])
        XCTAssertGreaterThan(narrower.number("lineCount"), count)
        // --lines 2 caps it and truncates.
        let capped = try MeasureProcess.json([Self.long, "--width", "100", "--lines", "2"])
        XCTAssertEqual(capped.number("lineCount"), 2)
        XCTAssertEqual(capped.bool("truncated"), true)
        XCTAssertEqual(capped.number("height"), PixelGrid.ceil(2 * lineHeight, scale: 2), accuracy: 1e-9)
    }

    func testPaddingAddsToTheSize() throws {
        let plain = try MeasureProcess.json(["Padded"])
        let padded = try MeasureProcess.json(["Padded", "--padding", "4,8,4,8"])
        XCTAssertEqual(padded.number("width"), plain.number("width") + 16, "left + right = 16")
        XCTAssertEqual(padded.number("height"), plain.number("height") + 8, "top + bottom = 8")
        let uneven = try MeasureProcess.json(["Padded", "--padding", "1,2,3,4"])
        XCTAssertEqual(uneven.number("width"), plain.number("width") + 6, "order is top,left,bottom,right")
        XCTAssertEqual(uneven.number("height"), plain.number("height") + 4)
        // With a width, the text wraps inside the padding: width − 16.
        let wrappedPadded = try MeasureProcess.json([Self.long, "--padding", "4,8,4,8", "--width", "116"])
        let wrappedPlain = try MeasureProcess.json([Self.long, "--width", "100"])
        XCTAssertEqual(wrappedPadded.number("lineCount"), wrappedPlain.number("lineCount"))
        XCTAssertEqual(wrappedPadded.number("height"), wrappedPlain.number("height") + 8)
    }

    func testButtonUses15PointTitleAndSixPointsAboveAndBelow() throws {
        let button = try MeasureProcess.json(["Continue", "--control", "button"])
        let title = try MeasureProcess.json(["Continue", "--size", "15"])
        XCTAssertEqual(button["font"] as? String, "Inter Regular 15 pt", "a button's default title size is 15 pt")
        // A legacy button's title is raised to whole points, not to the pixel grid.
        XCTAssertEqual(button.number("height"), Self.systemLineHeight(size: 15).rounded(.up) + 12)
        XCTAssertEqual(button.number("width"), title.number("width").rounded(.up))
        XCTAssertEqual(button["control"] as? String, "button")

        let inset = try MeasureProcess.json(["Continue", "--control", "button", "--content-insets", "10,20,10,20"])
        XCTAssertEqual(inset.number("width"), title.number("width").rounded(.up) + 40)
        XCTAssertEqual(
            inset.number("height"), title.number("height").rounded(.up) + 20,
            "explicit insets replace the default 6 + 6")

        let sized = try MeasureProcess.json(["Continue", "--control", "button", "--size", "17"])
        let title17 = try MeasureProcess.json(["Continue"])
        XCTAssertEqual(title17.number("height"), 20.5, "a 17 pt line on the @2x grid")
        XCTAssertEqual(sized.number("height"), 21 + 12, "the same title in a button: whole points")
    }

    func testTextViewAddsInsetsAndLineFragmentPadding() throws {
        let label = try MeasureProcess.json(["Notes"])
        let view = try MeasureProcess.json(["Notes", "--control", "textview"])
        XCTAssertEqual(view.number("height"), label.number("height") + 16, "textContainerInset 8 + 8")
        XCTAssertEqual(view.number("width"), label.number("width") + 10, "lineFragmentPadding 5 + 5")
        // It wraps at width − 10.
        let wrappedView = try MeasureProcess.json([Self.long, "--control", "textview", "--width", "110"])
        let wrappedLabel = try MeasureProcess.json([Self.long, "--width", "100"])
        XCTAssertEqual(wrappedView.number("lineCount"), wrappedLabel.number("lineCount"))
        XCTAssertEqual(wrappedView.number("height"), wrappedLabel.number("height") + 16)
        XCTAssertLessThanOrEqual(wrappedView.number("width"), 110)
    }

    func testWeightAndItalicPickInterFaces() throws {
        let cases: [([String], String, String)] = [
            ([], "Inter-Regular.otf", "Inter Regular 17 pt"),
            (["--weight", "bold"], "Inter-Bold.otf", "Inter Bold 17 pt"),
            (["--weight", "700"], "Inter-Bold.otf", "Inter Bold 17 pt"),
            (["--weight", "semibold"], "Inter-SemiBold.otf", "Inter Semi Bold 17 pt"),
            (["--italic"], "Inter-Italic.otf", "Inter Italic 17 pt"),
            (["--weight", "bold", "--italic"], "Inter-BoldItalic.otf", "Inter Bold Italic 17 pt"),
        ]
        var widths: [String: Double] = [:]
        for (options, file, description) in cases {
            let result = try MeasureProcess.json(["Hamburgefonstiv"] + options)
            let fonts = result.strings("fonts")
            XCTAssertEqual(fonts.first.map { URL(fileURLWithPath: $0).lastPathComponent }, file, "\(options)")
            XCTAssertEqual(fonts.count, 1, "Latin text needs no fallback: \(fonts)")
            let font = result["font"] as? String ?? ""
            XCTAssertEqual(font, description, "\(options)")
            widths[file] = Self.widest(result)
        }
        XCTAssertGreaterThan(widths["Inter-Bold.otf"] ?? 0, widths["Inter-Regular.otf"] ?? .infinity, "bold is wider")
    }

    func testFontByFilePath() throws {
        let path = Self.interPath("Inter-SemiBold.otf")
        let result = try MeasureProcess.json(["Hello", "--font", path])
        XCTAssertEqual(result.strings("fonts").first, path)
        let byName = try MeasureProcess.json(["Hello", "--font", "Inter", "--weight", "semibold"])
        XCTAssertEqual(Self.widest(result), Self.widest(byName), accuracy: 1e-9, "same face, same width")
        let regular = try MeasureProcess.json(["Hello", "--font", "Inter"])
        XCTAssertNotEqual(Self.widest(result), Self.widest(regular), "the path's face is used, not the default")
    }

    func testFontDirAddsFontsUsableByPath() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let copy = directory.appendingPathComponent("MyCorporateFace.otf")
        try FileManager.default.copyItem(atPath: Self.interPath("Inter-Bold.otf"), toPath: copy.path)
        let result = try MeasureProcess.json(["Hello", "--font-dir", directory.path, "--font", copy.path])
        let primary = try XCTUnwrap(result.strings("fonts").first)
        XCTAssertEqual(
            URL(fileURLWithPath: primary).resolvingSymlinksInPath().path, copy.resolvingSymlinksInPath().path,
            "the added file is the primary font")
        let bold = try MeasureProcess.json(["Hello", "--font", "Inter", "--weight", "bold"])
        XCTAssertEqual(
            Self.widest(result), Self.widest(bold), accuracy: 1e-9, "a copy of Inter Bold measures as Inter Bold")
        XCTAssertEqual(result.number("width"), bold.number("width"))
        // --list-fonts shows the added file.
        let listing = try MeasureProcess.run(["--font-dir", directory.path, "--list-fonts"])
        XCTAssertEqual(listing.status, 0, listing.summary)
        XCTAssertTrue(listing.text.contains("MyCorporateFace.otf"), listing.text)
        // A missing directory is an error naming it.
        let missing = directory.appendingPathComponent("nope").path
        let failed = try MeasureProcess.run(["Hello", "--font-dir", missing])
        XCTAssertNotEqual(failed.status, 0)
        XCTAssertTrue(failed.exitedCleanly, failed.summary)
        XCTAssertTrue(failed.stderr.contains(missing), failed.stderr)
    }

    func testNegativeLetterSpacingIsAValueNotAnOption() throws {
        let plain = try MeasureProcess.json(["Tracking"])
        let tight = try MeasureProcess.json(["Tracking", "--letter-spacing", "-0.5"])
        XCTAssertLessThan(Self.widest(tight), Self.widest(plain), "negative tracking narrows the text")
    }

    func testEmptyTextIsZeroByZero() throws {
        let result = try MeasureProcess.json([""])
        XCTAssertEqual(result.number("width"), 0)
        XCTAssertEqual(result.number("height"), 0)
    }

    func testHelpMentionsTheExamples() throws {
        let help = try MeasureProcess.run(["--help"])
        XCTAssertEqual(help.status, 0, help.summary)
        XCTAssertTrue(help.text.contains("Examples"), help.text)
        XCTAssertTrue(help.text.contains("measure \"Sign up\""), help.text)
        XCTAssertTrue(help.text.contains("--batch"), help.text)
        for option in [
            "--width", "--lines", "--scale", "--padding", "--control", "--content-insets", "--json", "--font-dir",
        ] {
            XCTAssertTrue(help.text.contains(option), "help lists \(option)")
        }
    }
}

/// "41", "20.5", "2": how the human output prints a size.
func formatPoints(_ value: Double) -> String {
    if value == value.rounded() { return String(Int(value)) }
    return String((value * 1000).rounded() / 1000)
}
