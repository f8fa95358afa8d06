import Foundation
import XCTest

@testable import Typesetting

/// Shared helpers for the typesetting tests.
enum Fixtures {
    /// The fixtures directory next to this file (the same files `Bundle.module` copies).
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    /// The box font made by `scripts/make_test_fonts.py`: upem 2048, hhea 1950/−494/0,
    /// lowercase 1024, uppercase 1280, digits 1152, space 512, "…" 1536, kern A V −256.
    static var testFontPath: String { directory.appendingPathComponent("TestBoxes.ttf").path }

    /// A registry holding only the test font, so no fallback face can change a number.
    static let testRegistry: FontRegistry = {
        let registry = FontRegistry(includeBundledFonts: false)
        _ = try? registry.addFonts(at: testFontPath)
        return registry
    }()

    static func testFace() throws -> FontFace {
        try testRegistry.face(path: testFontPath)
    }

    static func testFont(_ size: Double) throws -> Font {
        try Font(face: testFace(), size: size)
    }

    /// The bundled fonts alone (no installed font), so a result does not depend on the fonts
    /// installed on the machine.
    static let bundledRegistry = FontRegistry(includeInstalledFonts: false)

    static func inter(_ size: Double = 17) throws -> Font {
        try FontRegistry.shared.font("Inter", size: size)
    }

    /// Prepares `text` in the test font with the test-only registry.
    static func boxes(_ text: String, size: Double = 16) throws -> PreparedText {
        try PreparedText(text, font: testFont(size), registry: testRegistry)
    }
}

/// Test-font advances in font units (see `scripts/make_test_fonts.py`).
enum Box {
    static let upem = 2048.0
    static let lower = 1024.0, upper = 1280.0, digit = 1152.0, space = 512.0, ellipsis = 1536.0
    static let kernAV = -256.0
    static let lineUnits = 1950.0 + 494.0

    /// The advance of one character, in font units (no kerning).
    static func units(_ c: Character) -> Double {
        if c == " " { return space }
        if c == "\u{2026}" { return ellipsis }
        if c.isNumber { return digit }
        if c.isUppercase { return upper }
        return lower
    }

    /// The width of `text` at `size` points, kerning included.
    static func width(_ text: String, size: Double) -> Double {
        var total = 0.0
        var previous: Character?
        for c in text {
            total += units(c)
            if previous == "A" && c == "V" { total += kernAV }
            previous = c
        }
        return total * size / upem
    }
}

extension String {
    /// The substring at a UTF-16 range.
    func utf16Slice(_ range: Range<Int>) -> String {
        let units = Array(utf16)
        return String(decoding: units[range], as: UTF16.self)
    }
}

/// Asserts that `body` throws a `TypesettingError` matching `matches`.
func assertThrows<T>(
    _ body: @autoclosure () throws -> T, _ message: String = "", file: StaticString = #filePath, line: UInt = #line,
    _ matches: (TypesettingError) -> Bool
) {
    do {
        _ = try body()
        XCTFail("expected an error. \(message)", file: file, line: line)
    } catch let error as TypesettingError {
        XCTAssertTrue(matches(error), "unexpected error \(error). \(message)", file: file, line: line)
        XCTAssertFalse(error.description.isEmpty, file: file, line: line)
    } catch {
        XCTFail("not a TypesettingError: \(error)", file: file, line: line)
    }
}
