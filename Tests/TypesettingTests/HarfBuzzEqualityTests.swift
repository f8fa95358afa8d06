import Foundation
import XCTest

@testable import Typesetting

/// The single-line width of a text equals the sum of HarfBuzz's advances (what `hb-shape`
/// prints) for the same font file and size, to 0.001 pt.
final class HarfBuzzEqualityTests: XCTestCase {
    static let hbShape = "/usr/bin/hb-shape"

    /// Runs `hb-shape` and returns the x advances in font units (the default font size is upem),
    /// for face `faceIndex` of a collection.
    func hbAdvances(fontPath: String, text: String, faceIndex: Int = 0) throws -> [Int] {
        try Self.hbAdvances(fontPath: fontPath, text: text, faceIndex: faceIndex)
    }

    /// `hbAdvances(fontPath:text:faceIndex:)` for other test cases.
    static func hbAdvances(fontPath: String, text: String, faceIndex: Int = 0) throws -> [Int] {
        guard FileManager.default.isExecutableFile(atPath: Self.hbShape) else {
            throw XCTSkip("hb-shape is not installed (apt-get install libharfbuzz-bin); CI installs it")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.hbShape)
        process.arguments = ["--output-format=json", "--no-glyph-names", "--face-index=\(faceIndex)", fontPath, text]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "hb-shape failed for \(text)")
        // hb-shape prints one JSON array per line of input.
        let json = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        let glyphs = try XCTUnwrap(json, "hb-shape printed no JSON: \(String(decoding: data, as: UTF8.self))")
        return glyphs.map { ($0["ax"] as? Int) ?? 0 }
    }

    func check(_ text: String, font: Font, file: StaticString = #filePath, line: UInt = #line) throws {
        let prepared = try PreparedText(text, font: font)
        // The comparison is exact only when every run is set in the one font.
        for run in prepared.runs {
            XCTAssertEqual(
                run.font.face.path, font.face.path, "\(text): run \(run.range) fell back to \(run.font)", file: file,
                line: line)
        }
        let advances = try hbAdvances(fontPath: font.face.path, text: text)
        let expected = Double(advances.reduce(0, +)) * font.size / Double(font.face.tables.unitsPerEm)
        let layout = try prepared.layout(LayoutOptions(width: .infinity))
        XCTAssertEqual(layout.lineCount, 1, "\(text) should be one line", file: file, line: line)
        XCTAssertEqual(layout.width, expected, accuracy: 0.001, "\(text) in \(font)", file: file, line: line)
        XCTAssertEqual(prepared.naturalWidth, expected, accuracy: 0.001, "\(text) in \(font)", file: file, line: line)
        let runWidths = prepared.runs.reduce(0) { $0 + $1.width }
        XCTAssertEqual(runWidths, expected, accuracy: 0.001, "\(text) runs", file: file, line: line)
        XCTAssertEqual(
            prepared.runs.reduce(0) { $0 + $1.glyphs.count }, advances.count, "\(text): glyph count", file: file,
            line: line)
    }

    func testLatinKerningMatchesHarfBuzz() throws {
        for size in [11.0, 17.0, 34.5] {
            let font = try Fixtures.inter(size)
            for text in ["AVAWAY To", "Type LTA Wave", "Hello, World!", "The quick brown fox jumps over 13 lazy dogs."]
            {
                try check(text, font: font)
            }
        }
    }

    func testKerningIsApplied() throws {
        // Guard against a silent "kerning off": Inter kerns A/V, so the pair is narrower than its parts.
        let font = try Fixtures.inter(17)
        let pair = try PreparedText("AV", font: font).naturalWidth
        let apart = try PreparedText("A", font: font).naturalWidth + PreparedText("V", font: font).naturalWidth
        XCTAssertLessThan(pair, apart - 0.1)
    }

    func testLigaturesMatchHarfBuzz() throws {
        let font = try Fixtures.inter(17)
        try check("office affluent", font: font)
        try check("fi fl ffi ffl", font: font)
    }

    func testBoldAndItalicFacesMatchHarfBuzz() throws {
        let bold = try FontRegistry.shared.font("Inter", size: 20, weight: .bold)
        XCTAssertTrue(bold.face.path.hasSuffix("Inter-Bold.otf"), bold.face.path)
        try check("AVAWAY To office", font: bold)
        let italic = try FontRegistry.shared.font("Inter", size: 15, italic: true)
        XCTAssertTrue(italic.face.isItalic)
        try check("Wavy italic Type", font: italic)
    }

    func testArabicMatchesHarfBuzz() throws {
        let font = try FontRegistry.shared.font("Noto Sans Arabic", size: 17)
        try check("مرحبا بالعالم", font: font)
        try check("السلام عليكم", font: font)
    }

    func testHebrewMatchesHarfBuzz() throws {
        let font = try FontRegistry.shared.font("Noto Sans Hebrew", size: 17)
        try check("שלום עולם", font: font)
    }

    func testDevanagariMatchesHarfBuzz() throws {
        let font = try FontRegistry.shared.font("Noto Sans Devanagari", size: 17)
        try check("नमस्ते दुनिया", font: font)
        try check("क्षत्रिय", font: font)
    }

    func testTestFontMatchesHarfBuzzAndHandArithmetic() throws {
        let font = try Fixtures.testFont(17)
        let text = "AVA Wave 42"
        let advances = try hbAdvances(fontPath: font.face.path, text: text)
        let prepared = try PreparedText(text, font: font, registry: Fixtures.testRegistry)
        let hb = Double(advances.reduce(0, +)) * 17 / 2048
        XCTAssertEqual(prepared.naturalWidth, hb, accuracy: 0.001)
        XCTAssertEqual(prepared.naturalWidth, Box.width(text, size: 17))
    }
}
