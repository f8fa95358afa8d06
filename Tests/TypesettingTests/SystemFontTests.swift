import Foundation
import XCTest

@testable import Typesetting

/// The system font: SF Pro when supplied (static Text below 20 pt, Display from 20 pt; or the
/// variable SF Pro with its optical size and weight axes), else the bundled Inter with SF
/// Pro's line metrics. The SF Pro files here are box fonts made by `scripts/make_test_fonts.py`
/// under Apple's family names (Fixtures/SystemFont).
final class SystemFontTests: XCTestCase {
    static var folder: URL { Fixtures.directory.appendingPathComponent("SystemFont") }

    func registry(_ subfolder: String) throws -> FontRegistry {
        let registry = FontRegistry(includeBundledFonts: false)
        try registry.addFonts(at: Self.folder.appendingPathComponent(subfolder).path)
        return registry
    }

    /// Without SF Pro: Inter's glyphs, SF Pro's line height (17 pt: 20.287, 20.5 at @2x and
    /// 20.333 at @3x), marked as a stand-in.
    func testWithoutSFProTheBundledFamilyStandsInWithSFProLineMetrics() throws {
        let registry = FontRegistry()
        XCTAssertFalse(registry.hasSystemFont)
        let font = try registry.systemFont(size: 17)
        XCTAssertTrue(font.face.isSystemFontStandIn)
        XCTAssertEqual(font.face.family, "Inter")
        XCTAssertEqual(font.metrics.ascender, 17 * 1950 / 2048, accuracy: 1e-12)
        XCTAssertEqual(font.metrics.descender, -17 * 494 / 2048, accuracy: 1e-12)
        XCTAssertEqual(font.metrics.leading, 0)
        XCTAssertEqual(font.lineHeight, 20.287109375, accuracy: 1e-12)
        XCTAssertEqual(PixelGrid.ceil(font.lineHeight, scale: 2), 20.5)
        XCTAssertEqual(PixelGrid.ceil(font.lineHeight, scale: 3), 61.0 / 3, accuracy: 1e-12)
        let text = try PreparedText("Sign up for free", font: font, registry: registry)
        let layout = try text.layout(LayoutOptions())
        XCTAssertEqual(layout.size(scale: 2).height, 20.5)
        XCTAssertEqual(layout.size(scale: 3).height, 61.0 / 3, accuracy: 1e-9)
        // Widths are Inter's, tracked by the stand-in's fitted table: SF Pro's −26/1000 em at
        // 17 pt plus 3, after each of the 16 clusters.
        let inter = try PreparedText("Sign up for free", font: registry.font("Inter", size: 17), registry: registry)
        XCTAssertEqual(font.tracking, -23 * 17 / 1000, accuracy: 1e-12)
        XCTAssertEqual(text.naturalWidth, inter.naturalWidth + 16 * font.tracking, accuracy: 1e-9)
        // Bold and italic come from Inter's faces.
        XCTAssertEqual(try registry.systemFont(size: 17, weight: .bold).face.style, "Bold")
        XCTAssertTrue(try registry.systemFont(size: 17, italic: true).face.isItalic)
        // "system" names it.
        XCTAssertEqual(try registry.font("system", size: 17), font)
        XCTAssertEqual(try registry.font("System", size: 17, weight: .bold).face.style, "Bold")
    }

    /// Without SF Pro the stand-in follows SF Pro's switch at 20 pt: Inter below, Inter Display
    /// from 20 pt (Inter for italics, which the bundled Inter Display lacks), each with its
    /// fitted tracking (docs/system-font.md, "Widths without SF Pro").
    func testTheStandInIsInterBelow20PointsAndInterDisplayFrom20() throws {
        let registry = FontRegistry()
        let text = try registry.systemFont(size: 19.5)
        XCTAssertEqual(text.face.family, "Inter")
        XCTAssertEqual(text.tracking, (-23 + (-20 + 23) * 2.5 / 3) * 19.5 / 1000, accuracy: 1e-12)
        let display = try registry.systemFont(size: 20)
        XCTAssertEqual(display.face.family, "Inter Display")
        XCTAssertTrue(display.face.isSystemFontStandIn)
        XCTAssertEqual(display.face.standsInFor, "SF Pro")
        XCTAssertEqual(display.tracking, 13.5 * 20 / 1000, accuracy: 1e-12)
        XCTAssertEqual(try registry.systemFont(size: 34).tracking, 13.5 * 34 / 1000, accuracy: 1e-12)
        XCTAssertEqual(display.lineHeight, 20 * 2444 / 2048, accuracy: 1e-12, "SF Pro's line metrics")
        let bold = try registry.systemFont(size: 34, weight: .bold)
        XCTAssertEqual(bold.face.family, "Inter Display")
        XCTAssertEqual(bold.face.weight, .bold)
        let italic = try registry.systemFont(size: 34, italic: true)
        XCTAssertEqual(italic.face.family, "Inter")
        XCTAssertTrue(italic.face.isItalic)
        XCTAssertEqual(italic.tracking, -41.5 * 34 / 1000, accuracy: 1e-12)
        // Inter Display's own width, tracked: "Settings" has 8 clusters.
        let plain = try PreparedText("Settings", font: registry.font("Inter Display", size: 34), registry: registry)
        let tracked = try PreparedText("Settings", font: registry.systemFont(size: 34), registry: registry)
        XCTAssertEqual(tracked.naturalWidth, plain.naturalWidth + 8 * 13.5 * 34 / 1000, accuracy: 1e-9)
    }

    /// Static SF Pro: Text below 20 pt, Display from 20 pt, each tracked by its 'trak' table.
    func testStaticSFProSwitchesFromTextToDisplayAt20Points() throws {
        let registry = try registry("Static")
        XCTAssertTrue(registry.hasSystemFont)
        for (size, family) in [
            (11.0, "SF Pro Text"), (17, "SF Pro Text"), (19.5, "SF Pro Text"), (20, "SF Pro Display"),
            (34, "SF Pro Display"),
        ] {
            let font = try registry.systemFont(size: size)
            XCTAssertEqual(font.face.family, family, "\(size) pt")
            XCTAssertFalse(font.face.isSystemFontStandIn)
        }
        let text = try registry.systemFont(size: 17)
        XCTAssertEqual(text.tracking, -26 * 17 / 1000, accuracy: 1e-12)
        let width = try PreparedText("abc", font: text, registry: registry).naturalWidth
        XCTAssertEqual(width, 3 * (550 - 26) * 17 / 1000, accuracy: 1e-9)
        let display = try registry.systemFont(size: 28, weight: .bold)
        XCTAssertEqual(display.face.style, "Bold")
        let bold = try PreparedText("abc", font: display, registry: registry).naturalWidth
        XCTAssertEqual(bold, 3 * (560 + 14) * 28 / 1000, accuracy: 1e-9)
    }

    /// Variable SF Pro: 'opsz' follows the size, 'wght' the weight (a named instance where
    /// there is one), through `systemFont` and the name "system".
    func testVariableSFProFollowsSizeAndWeight() throws {
        let registry = try registry("Variable")
        XCTAssertTrue(registry.hasSystemFont)
        let body = try registry.systemFont(size: 17)
        XCTAssertEqual(body.face.family, "SF Pro")
        XCTAssertEqual(body.face.coordinates, ["wght": 400, "opsz": 17])
        let title = try registry.font("system", size: 34, weight: .semibold)
        XCTAssertEqual(title.face.coordinates, ["wght": 600, "opsz": 34])
        XCTAssertEqual(try registry.systemFont(size: 22, weight: .bold).face.style, "Bold")
    }

    /// `INTRINSIC_FONT_PATH` (folders separated by ":") adds its fonts to a registry with the
    /// bundled ones; a folder that does not exist is skipped.
    func testFontPathEnvironmentAddsFolders() throws {
        setenv("INTRINSIC_FONT_PATH", "/nonexistent:" + Self.folder.appendingPathComponent("Static").path, 1)
        defer { unsetenv("INTRINSIC_FONT_PATH") }
        let registry = FontRegistry()
        XCTAssertTrue(registry.hasSystemFont)
        XCTAssertEqual(try registry.systemFont(size: 17).face.family, "SF Pro Text")
    }

    func testSystemFontNames() {
        XCTAssertEqual(FontRegistry.systemDesign(named: "system"), .default)
        XCTAssertEqual(FontRegistry.systemDesign(named: ".SFUI-Semibold"), .default)
        XCTAssertEqual(FontRegistry.systemDesign(named: "System Rounded"), .rounded)
        XCTAssertEqual(FontRegistry.systemDesign(named: "system-compact"), .compact)
        XCTAssertNil(FontRegistry.systemDesign(named: "Inter"))
    }

    /// Dynamic Type with SF Pro: every style at every category has the HIG's size and weight,
    /// in the variable SF Pro with 'opsz' at that size (clamped to 17…96) and 'wght' at the
    /// weight.
    func testTextStylesUseVariableSFProAtEveryCategory() throws {
        let registry = try registry("Variable")
        for category in ContentSizeCategory.allCases {
            for style in TextStyle.allCases {
                let font = try registry.font(textStyle: style, category: category)
                XCTAssertEqual(font.size, style.size(at: category))
                XCTAssertEqual(font.face.family, "SF Pro")
                XCTAssertEqual(font.face.coordinates["opsz"], min(max(font.size, 17), 96), "\(style) \(category)")
                XCTAssertEqual(font.face.coordinates["wght"], style == .headline ? 600 : 400)
            }
        }
    }

    /// Dynamic Type with static SF Pro: Text below 20 pt, Display from 20 pt, tracked by size.
    func testTextStylesUseStaticSFProWithTracking() throws {
        let registry = try registry("Static")
        let body = try registry.font(textStyle: .body)
        XCTAssertEqual(body.face.family, "SF Pro Text")
        XCTAssertEqual(body.tracking, -26 * 17 / 1000, accuracy: 1e-12)
        let title = try registry.font(textStyle: .title1)
        XCTAssertEqual(title.face.family, "SF Pro Display")
        XCTAssertEqual(title.tracking, 14 * 28 / 1000, accuracy: 1e-12)
        let caption = try registry.font(textStyle: .caption2)
        // 11 pt lies between 6 pt (+41) and 12 pt (0): 41 / 6 thousandths of an em.
        XCTAssertEqual(caption.tracking, 41.0 / 6 * 11 / 1000, accuracy: 1e-12)
        // Headline is Semibold: of Regular and Bold, the nearer is Bold.
        XCTAssertEqual(try registry.font(textStyle: .headline).face.style, "Bold")
        let ax5 = try registry.font(textStyle: .body, category: .accessibilityExtraExtraExtraLarge)
        XCTAssertEqual(ax5.size, 53)
        XCTAssertEqual(ax5.face.family, "SF Pro Display")
    }

    /// "SF Pro" by name, with only the static faces, picks Text or Display by size as the system
    /// font does; a design the registry lacks (Rounded here) is SF Pro's default design.
    func testSFProByNameAndMissingDesigns() throws {
        let registry = try registry("Static")
        XCTAssertEqual(try registry.font("SF Pro", size: 17).face.family, "SF Pro Text")
        XCTAssertEqual(try registry.font("SF Pro", size: 34).face.family, "SF Pro Display")
        XCTAssertEqual(try registry.systemFont(size: 17, design: .rounded).face.family, "SF Pro Text")
        XCTAssertEqual(try registry.font("system-rounded", size: 28).face.family, "SF Pro Display")
        let variable = try self.registry("Variable")
        XCTAssertEqual(try variable.font("SF Pro", size: 17).face.coordinates["opsz"], 17)
        XCTAssertThrowsError(try FontRegistry(includeBundledFonts: false).font("SF Pro", size: 17))
    }
}
