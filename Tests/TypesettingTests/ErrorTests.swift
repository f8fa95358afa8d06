import Foundation
import XCTest

@testable import Typesetting

/// Bad input gets a clear `TypesettingError`, never a crash.
final class ErrorTests: XCTestCase {
    var temporary: URL!

    override func setUpWithError() throws {
        temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
            "typesetting-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: temporary)
    }

    func testGarbageFontFile() throws {
        let path = temporary.appendingPathComponent("garbage.ttf").path
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        assertThrows(try FontFace(path: path)) { error in
            if case .unreadableFont(let reported, let reason) = error { return reported == path && !reason.isEmpty }
            return false
        }
        let registry = FontRegistry(includeBundledFonts: false)
        assertThrows(try registry.addFonts(at: path)) { error in
            if case .unreadableFont(let reported, _) = error { return reported.hasSuffix("garbage.ttf") }
            return false
        }
        assertThrows(try registry.font(path, size: 17)) { error in
            if case .unreadableFont(let reported, _) = error { return reported.hasSuffix("garbage.ttf") }
            return false
        }
        XCTAssertTrue(registry.faces.isEmpty)
    }

    func testEmptyAndTextFiles() throws {
        let empty = temporary.appendingPathComponent("empty.otf").path
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        assertThrows(try FontFace(path: empty)) { error in
            if case .unreadableFont(let reported, _) = error { return reported == empty }
            return false
        }
        let text = temporary.appendingPathComponent("notes.ttf").path
        try "this is not a font".write(toFile: text, atomically: true, encoding: .utf8)
        assertThrows(try FontFace(path: text)) { error in
            if case .unreadableFont(let reported, _) = error { return reported == text }
            return false
        }
    }

    func testTruncatedCopiesOfRealFonts() throws {
        for source in [Fixtures.testFontPath, try Fixtures.inter().face.path] {
            let data = try Data(contentsOf: URL(fileURLWithPath: source))
            for length in [12, 200, 1000] {
                let path = temporary.appendingPathComponent(
                    "truncated-\(length)-\(URL(fileURLWithPath: source).lastPathComponent)"
                ).path
                XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: data.prefix(length)))
                assertThrows(try FontFace(path: path), "\(source) cut at \(length)") { error in
                    if case .unreadableFont(let reported, _) = error { return reported == path }
                    return false
                }
            }
        }
    }

    func testMissingFontPath() throws {
        let path = temporary.appendingPathComponent("nothing-here.ttf").path
        assertThrows(try FontFace(path: path)) { error in
            if case .unreadableFont(let reported, _) = error { return reported == path }
            return false
        }
        assertThrows(try FontRegistry(includeBundledFonts: false).addFonts(at: path)) { error in
            if case .fontPathNotFound(let reported) = error { return reported == path }
            return false
        }
        // A directory with a broken file skips it.
        let directory = temporary.appendingPathComponent("dir")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: directory.appendingPathComponent("broken.ttf"))
        try FileManager.default.copyItem(
            atPath: Fixtures.testFontPath, toPath: directory.appendingPathComponent("boxes.ttf").path)
        let registry = FontRegistry(includeBundledFonts: false)
        let added = try registry.addFonts(at: directory.path)
        XCTAssertEqual(added.map(\.family), ["Test Boxes"])
    }

    func testUnknownFamilyListsAvailableFamilies() throws {
        assertThrows(try FontRegistry.shared.face(family: "Comic Sans Nonexistent")) { error in
            guard case .fontNotFound(let name, let available) = error else { return false }
            return name == "Comic Sans Nonexistent" && available.contains("Inter")
                && available.contains("Noto Sans Arabic") && error.description.contains("Inter")
                && error.description.contains("Comic Sans Nonexistent")
        }
        assertThrows(try FontRegistry.shared.font("Helvetica Neue", size: 17)) { error in
            if case .fontNotFound("Helvetica Neue", let available) = error { return available.contains("Inter") }
            return false
        }
        // An empty registry reports an empty list rather than crashing.
        assertThrows(try FontRegistry(includeBundledFonts: false).face(family: "Inter")) { error in
            if case .fontNotFound("Inter", let available) = error { return available.isEmpty }
            return false
        }
    }

    func testInvalidWidths() throws {
        let text = try Fixtures.boxes("hello world", size: 16)
        for width: Double in [.nan, 0, -1, -Double.infinity, -0.0] {
            assertThrows(try text.layout(LayoutOptions(width: width)), "width \(width)") { error in
                if case .invalidWidth(let reported) = error {
                    return reported.isNaN ? width.isNaN : reported == width
                }
                return false
            }
        }
        // Tiny positive and infinite widths are fine.
        XCTAssertEqual(try text.layout(LayoutOptions(width: .leastNonzeroMagnitude)).lineCount, 11 - 1)
        XCTAssertEqual(try text.layout(LayoutOptions(width: .infinity)).lineCount, 1)
        XCTAssertEqual(try text.layout(LayoutOptions(width: .greatestFiniteMagnitude)).lineCount, 1)
        // Empty text still validates the width.
        assertThrows(try Fixtures.boxes("", size: 16).layout(LayoutOptions(width: .nan))) { error in
            if case .invalidWidth = error { return true }
            return false
        }
    }

    func testInvalidNumberOfLinesAndParagraphValues() throws {
        let text = try Fixtures.boxes("hello", size: 16)
        assertThrows(try text.layout(LayoutOptions(numberOfLines: -1))) { $0 == .invalidNumberOfLines(-1) }
        assertThrows(try text.layout(LayoutOptions(lineSpacing: -2))) { error in
            if case .invalidParameter(let name, -2, _) = error { return name.contains("spacing") }
            return false
        }
        assertThrows(try text.layout(LayoutOptions(lineSpacing: .nan))) { error in
            if case .invalidParameter = error { return true }
            return false
        }
        assertThrows(try text.layout(LayoutOptions(lineHeightMultiple: -1))) { error in
            if case .invalidParameter(let name, -1, _) = error { return name.contains("multiple") }
            return false
        }
        assertThrows(try text.layout(LayoutOptions(lineHeightMultiple: .infinity))) { error in
            if case .invalidParameter = error { return true }
            return false
        }
        assertThrows(
            try PreparedText("x", font: Fixtures.testFont(16), letterSpacing: .nan, registry: Fixtures.testRegistry)
        ) {
            error in
            if case .invalidParameter = error { return true }
            return false
        }
    }

    func testInvalidScales() throws {
        for scale: Double in [1.5, 0, -2, 4, .nan, .infinity] {
            assertThrows(try PixelGrid.validate(scale: scale), "scale \(scale)") { error in
                if case .invalidScale(let reported) = error { return reported.isNaN ? scale.isNaN : reported == scale }
                return false
            }
        }
        for scale in PixelGrid.scales { XCTAssertNoThrow(try PixelGrid.validate(scale: scale)) }
    }

    func testInvalidFontSizes() throws {
        let face = try Fixtures.testFace()
        for size: Double in [-1.0, 0, .nan, .infinity, -Double.infinity] {
            assertThrows(try Font(face: face, size: size), "size \(size)") { error in
                if case .invalidFontSize(let reported) = error { return reported.isNaN ? size.isNaN : reported == size }
                return false
            }
        }
        assertThrows(try FontRegistry.shared.font("Inter", size: -12)) { $0 == .invalidFontSize(-12) }
        assertThrows(try Fixtures.testFont(17).withSize(0)) { $0 == .invalidFontSize(0) }
    }

    func testOddTextNeverCrashes() throws {
        let font = try Fixtures.inter(17)
        for text in [
            "\u{0}", "\u{FEFF}", "\u{200D}", "\u{301}", "\u{FFFF}", "\u{10FFFF}", "\u{E000}", "\u{202E}abc\u{202C}",
            "\t\t", String(repeating: "\u{301}", count: 50), "\u{1F3FB}", "\u{1F1E6}", "\n\n\n", "\r", " ",
        ] {
            let prepared = try PreparedText(text, font: font)
            for mode in LineBreakMode.allCases {
                for lines in [0, 1] {
                    let layout = try prepared.layout(LayoutOptions(width: 5, numberOfLines: lines, lineBreakMode: mode))
                    XCTAssertTrue(layout.width.isFinite && layout.height.isFinite, text.debugDescription)
                    XCTAssertGreaterThanOrEqual(layout.width, 0)
                }
            }
        }
    }
}
