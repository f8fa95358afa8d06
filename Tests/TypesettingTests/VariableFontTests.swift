import Foundation
import XCTest

@testable import Typesetting

/// Variable fonts: 'wght' from the weight asked for, 'opsz' from the point size (clamped to
/// the axis), line metrics from the varied instance ('MVAR'), instances as faces, and widths
/// equal to `hb-shape --variations` on the same file.
final class VariableFontTests: XCTestCase {
    static var variablePath: String { Fixtures.directory.appendingPathComponent("TestVariable.ttf").path }
    static let interVariable = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"

    /// Runs `hb-shape` with `arguments` before the font and text; the x advances in font units.
    static func hbAdvances(_ fontPath: String, _ text: String, arguments: [String] = []) throws -> [Int] {
        let hbShape = "/usr/bin/hb-shape"
        guard FileManager.default.isExecutableFile(atPath: hbShape) else {
            throw XCTSkip("hb-shape is not installed (scripts/bootstrap.sh installs libharfbuzz-bin)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: hbShape)
        process.arguments = ["--output-format=json", "--no-glyph-names"] + arguments + [fontPath, text]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "hb-shape failed for \(text)")
        let glyphs = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return glyphs.map { ($0["ax"] as? Int) ?? 0 }
    }

    func registry() throws -> FontRegistry {
        let registry = FontRegistry(includeBundledFonts: false)
        try registry.addFonts(at: Self.variablePath)
        return registry
    }

    func width(_ text: String, _ font: Font, registry: FontRegistry) throws -> Double {
        try PreparedText(text, font: font, registry: registry).naturalWidth
    }

    func testAxesAndNamedInstancesAreListedAsFaces() throws {
        let registry = try registry()
        let faces = registry.faces
        XCTAssertEqual(faces.map(\.style), ["Regular", "Bold"])
        XCTAssertEqual(faces.map(\.weight), [.regular, .bold])
        XCTAssertEqual(faces.map(\.family), ["Test Variable", "Test Variable"])
        let axes = try XCTUnwrap(faces.first?.axes)
        XCTAssertEqual(axes.map(\.tag), ["wght", "opsz"])
        XCTAssertEqual(axes[1].minimum, 17)
        XCTAssertEqual(axes[1].defaultValue, 28)
        XCTAssertEqual(axes[1].maximum, 96)
        XCTAssertEqual(faces[1].coordinates, ["wght": 700, "opsz": 28])
    }

    /// Widths at 6, 12, 17, 22, 28 and 100 pt, regular and bold, equal hb-shape with 'wght'
    /// and 'opsz' (the size clamped to 17…96) set to match.
    func testWidthsEqualHarfBuzzWithMatchingVariations() throws {
        let registry = try registry()
        let text = "Sign up 42"
        for weight in [FontWeight.regular, .bold, FontWeight(value: 550)!] {
            for size in [6.0, 12, 17, 22, 28, 100] {
                let font = try registry.font("Test Variable", size: size, weight: weight)
                let opsz = min(max(size, 17), 96)
                XCTAssertEqual(font.face.coordinates["opsz"], opsz, "opsz at \(size) pt")
                XCTAssertEqual(font.face.coordinates["wght"], Double(weight.value))
                let advances = try Self.hbAdvances(
                    Self.variablePath, text,
                    arguments: ["--variations=wght=\(weight.value),opsz=\(PixelGrid.format(opsz))"])
                let expected = Double(advances.reduce(0, +)) * size / 2048
                XCTAssertEqual(
                    try width(text, font, registry: registry), expected, accuracy: 0.001, "\(weight) \(size) pt")
            }
        }
    }

    /// Between the optical size masters (17 and 28) the advance is interpolated; past the
    /// axis's ends it is the end master's.
    func testOpticalSizeInterpolatesBetweenMastersAndClamps() throws {
        let registry = try registry()
        func unitsOfA(_ size: Double) throws -> Double {
            try width("a", registry.font("Test Variable", size: size), registry: registry) * 2048 / size
        }
        XCTAssertEqual(try unitsOfA(12), 1100, accuracy: 0.5)
        XCTAssertEqual(try unitsOfA(17), 1100, accuracy: 0.5)
        XCTAssertEqual(try unitsOfA(22), 1000 + 100 * 6 / 11, accuracy: 1)
        XCTAssertEqual(try unitsOfA(28), 1000, accuracy: 0.5)
        XCTAssertEqual(try unitsOfA(100), 950, accuracy: 0.5)
        XCTAssertEqual(try unitsOfA(500), 950, accuracy: 0.5)
    }

    /// The Bold masters' ascender is 100 units higher ('MVAR' hasc): the bold instance's line
    /// height is, and the regular one's is not.
    func testLineMetricsComeFromTheVariedInstance() throws {
        let registry = try registry()
        let regular = try registry.font("Test Variable", size: 20.48)
        let bold = try registry.font("Test Variable", size: 20.48, weight: .bold)
        XCTAssertEqual(regular.metrics.ascender, 19.5, accuracy: 1e-9)
        XCTAssertEqual(bold.metrics.ascender, 20.5, accuracy: 1e-9)
        let between = try registry.font("Test Variable", size: 20.48, weight: FontWeight(value: 550)!)
        XCTAssertEqual(between.metrics.ascender, 20.0, accuracy: 1e-9)
    }

    /// Coordinates are part of the face's identity: the same coordinates give the same face,
    /// other ones another, so caches keyed by face (shaping, prepared text) keep them apart.
    func testCoordinatesAreInEveryCacheKey() throws {
        let registry = try registry()
        let a = try registry.font("Test Variable", size: 17)
        let b = try registry.font("Test Variable", size: 17)
        let c = try registry.font("Test Variable", size: 18)
        XCTAssertTrue(a.face === b.face)
        XCTAssertFalse(a.face === c.face)
        XCTAssertNotEqual(a, try registry.font("Test Variable", size: 17, weight: .bold))
        let cache = ShapingCache(maximumBytes: 1 << 20)
        let regular = try PreparedText("Sign up", font: a, registry: registry, shapingCache: cache)
        let bold = try PreparedText(
            "Sign up", font: registry.font("Test Variable", size: 17, weight: .bold), registry: registry,
            shapingCache: cache)
        XCTAssertGreaterThan(bold.naturalWidth, regular.naturalWidth + 1)
    }

    /// A font given by path takes the weight asked for.
    func testWeightAppliesToAFontGivenByPath() throws {
        let registry = try registry()
        let regular = try registry.font(Self.variablePath, size: 28)
        let bold = try registry.font(Self.variablePath, size: 28, weight: .bold)
        XCTAssertEqual(regular.face.style, "Regular")
        XCTAssertEqual(bold.face.style, "Bold")
        XCTAssertEqual(try width("a", bold, registry: registry), 1150 * 28 / 2048, accuracy: 1e-9)
    }

    /// Outlines follow the coordinates too (FreeType set to the same design coordinates).
    func testOutlinesFollowTheCoordinates() throws {
        let registry = try registry()
        let regular = try registry.font("Test Variable", size: 28)
        let bold = try registry.font("Test Variable", size: 28, weight: .bold)
        let glyph = try XCTUnwrap(regular.face.glyph(for: "a"))
        let thin = try XCTUnwrap(regular.face.outline(of: glyph, size: 28).controlBounds)
        let wide = try XCTUnwrap(bold.face.outline(of: glyph, size: 28).controlBounds)
        XCTAssertEqual(thin.maxX - thin.minX, (1000 - 2 * 64) * 28 / 2048, accuracy: 0.01)
        XCTAssertEqual(wide.maxX - wide.minX, (1150 - 2 * 64) * 28 / 2048, accuracy: 0.01)
    }

    /// Debian's variable Inter (fonts-inter-variable, installed by scripts/bootstrap.sh) at
    /// regular, semibold and bold measures as the bundled static Inter faces, to 0.01 pt.
    func testInterVariableEqualsTheStaticInterFaces() throws {
        guard FileManager.default.fileExists(atPath: Self.interVariable) else {
            throw XCTSkip("fonts-inter-variable is not installed: run scripts/bootstrap.sh")
        }
        let registry = FontRegistry(includeBundledFonts: false)
        let statics = FontRegistry(includeBundledFonts: false)
        try statics.addFonts(at: FontRegistry.bundledFontsDirectory! + "/Inter")
        let text = "Sign up for free"
        for weight in [FontWeight.regular, .semibold, .bold] {
            let variable = try registry.font(Self.interVariable, size: 17, weight: weight)
            let fixed = try statics.font("Inter", size: 17, weight: weight)
            XCTAssertEqual(variable.face.weight, weight)
            XCTAssertEqual(
                try width(text, variable, registry: registry), try width(text, fixed, registry: statics),
                accuracy: 0.01, "\(weight)")
            XCTAssertEqual(variable.lineHeight, fixed.lineHeight, accuracy: 0.01)
        }
        let bold = try registry.font(Self.interVariable, size: 17, weight: .bold)
        XCTAssertEqual(try width(text, bold, registry: registry), 127.24, accuracy: 0.01)
    }

    /// Italic without an italic file: the 'slnt' axis at its most slanted end. `TestSlant.ttf`
    /// has one axis, slnt −12…0, and its slanted master's lowercase is 1100 units (upright 1000).
    func testItalicSetsTheSlantAxisWhenThereIsNoItalicFile() throws {
        let path = Fixtures.directory.appendingPathComponent("TestSlant.ttf").path
        let registry = FontRegistry(includeBundledFonts: false)
        try registry.addFonts(at: path)
        let upright = try registry.font("Test Slant", size: 20.48)
        let italic = try registry.font("Test Slant", size: 20.48, italic: true)
        XCTAssertFalse(upright.face.isItalic)
        XCTAssertTrue(italic.face.isItalic)
        XCTAssertEqual(italic.face.coordinates, ["slnt": -12])
        XCTAssertEqual(try width("a", upright, registry: registry), 10, accuracy: 1e-9)
        XCTAssertEqual(try width("a", italic, registry: registry), 11, accuracy: 1e-9)
        XCTAssertTrue(try registry.font(path, size: 20.48, italic: true).face.isItalic, "by path too")
    }
}
