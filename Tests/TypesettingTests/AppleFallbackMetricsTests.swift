import XCTest

@testable import Typesetting

/// Text that falls back from the system font takes the line metrics of Apple's face for its
/// script (docs/typesetting.md, "Line heights of fallback text"): SF Pro's line, raised to whole
/// points for Han and kana.
final class AppleFallbackMetricsTests: XCTestCase {
    func layout(_ text: String, size: Double = 17, language: String? = nil, font name: String = "system")
        throws -> (PreparedText, TextLayout)
    {
        let font = try FontRegistry.shared.font(name, size: size)
        let prepared = try PreparedText(text, font: font, language: language)
        return (prepared, try prepared.layout(LayoutOptions()))
    }

    /// At 17 pt a Latin line is 20.287 (20.5 at @2x); Chinese and Japanese lines are 21 (SF Pro's
    /// line raised to whole points); Korean, Arabic, Hebrew, Thai and Devanagari lines are SF
    /// Pro's, whatever the Linux face's own metrics (Droid Sans Fallback's line is 22.5 at @2x,
    /// Noto Sans Arabic's 36).
    func testLineHeightsAt17PointsFollowApplesFaces() throws {
        let cases: [(String, String?, Double)] = [
            ("Hello", nil, 20.5), ("桌面", "zh-Hans", 21), ("桌面", nil, 21), ("桌面", "zh-Hant", 21),
            ("デスクトップ", "ja", 21), ("デスクトップ", nil, 21), ("바탕화면", "ko", 20.5), ("سطح المكتب", nil, 20.5),
            ("שולחן עבודה", nil, 20.5), ("พื้นโต๊ะ", nil, 20.5), ("डेस्कटॉप", nil, 20.5), ("Hello 桌面", nil, 21),
        ]
        for (text, language, height) in cases {
            let (_, layout) = try layout(text, language: language)
            XCTAssertEqual(layout.size(scale: 2).height, height, "\(text) \(language ?? "")")
        }
    }

    /// The rule at the sizes the corpus shows (12 pt → 15, 13 → 16, 14 → 17, 15 → 18, 16 → 20,
    /// 18 → 22) and at a Dynamic Type size (33 pt body at accessibilityLarge: 39.38 → 40).
    func testHanLinesAreRaisedToWholePoints() throws {
        for (size, height) in [(12.0, 15.0), (13, 16), (14, 17), (15, 18), (16, 20), (18, 22), (33, 40)] {
            let (_, layout) = try layout("共2件商品", size: size, language: "zh-Hans")
            XCTAssertEqual(layout.size(scale: 2).height, height, "\(size) pt")
            XCTAssertEqual(layout.size(scale: 3).height, height, "\(size) pt at @3x")
        }
        let (_, twoLines) = try layout("共2件商品\n共2件商品", size: 12, language: "zh-Hans")
        XCTAssertEqual(twoLines.size(scale: 2).height, 30, "each line is raised")
    }

    /// The extra height goes below the baseline, so a mixed line keeps SF Pro's ascender.
    func testTheRoundingKeepsTheBaseline() throws {
        let (_, layout) = try layout("Hello 桌面")
        let line = try XCTUnwrap(layout.lines.first)
        XCTAssertEqual(line.ascent, 17 * 1950 / 2048, accuracy: 1e-9)
        XCTAssertEqual(line.ascent - line.descent, 21, accuracy: 1e-9)
    }

    /// The faces keep their glyphs and say which Apple face they stand in for.
    func testFallbackFacesNameTheAppleFace() throws {
        let names: [(String, String?, String)] = [
            ("桌面", "zh-Hans", "PingFang SC"), ("桌面", "zh-Hant", "PingFang TC"), ("桌面", "ja", "Hiragino Sans"),
            ("デスクトップ", nil, "Hiragino Sans"), ("바탕화면", nil, "Apple SD Gothic Neo"),
            ("سطح", nil, "Geeza Pro"), ("พื้น", nil, "Thonburi"), ("डेस्क", nil, "Kohinoor Devanagari"),
        ]
        for (text, language, apple) in names {
            let (prepared, _) = try layout(text, language: language)
            let fallback = try XCTUnwrap(prepared.fonts.dropFirst().first, text)
            XCTAssertEqual(fallback.face.standsInFor, apple, text)
            XCTAssertFalse(fallback.face.isSystemFontStandIn)
            let own = try PreparedText(text, font: FontRegistry.shared.font("Inter", size: 17), language: language)
            XCTAssertEqual(prepared.naturalWidth, own.naturalWidth, accuracy: 1e-9, "widths stay the Linux face's")
        }
    }

    /// A custom font's fallback keeps the Linux face's own metrics: no evidence says otherwise.
    func testOtherFontsKeepTheFallbackFacesOwnMetrics() throws {
        let (prepared, layout) = try layout("桌面", language: "zh-Hans", font: "Inter")
        XCTAssertNil(prepared.fonts.dropFirst().first?.face.standsInFor)
        XCTAssertEqual(layout.size(scale: 2).height, 22.5, "Droid Sans Fallback's own line")
    }

    /// Supplied SF Pro is the system font too.
    func testSuppliedSFProGetsTheSameFallbackMetrics() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/SystemFont/Static").path
        let registry = FontRegistry()
        try registry.addFonts(at: folder)
        let font = try registry.systemFont(size: 17)
        XCTAssertTrue(font.face.isSystemFont)
        XCTAssertFalse(font.face.isSystemFontStandIn)
        let prepared = try PreparedText("桌面", font: font, language: "zh-Hans", registry: registry)
        XCTAssertEqual(try prepared.layout(LayoutOptions()).size(scale: 2).height, 21)
    }

    /// UIKit raises tall-script lines in a text style's font (`UILetterformAwareAdjusting`) by an
    /// amount it does not document: there the fallback face keeps its own, taller metrics.
    func testTextStylesKeepTallScriptsOwnMetrics() throws {
        let style = try FontRegistry.shared.font(textStyle: .body, category: .accessibilityExtraLarge)
        XCTAssertTrue(style.isTextStyle)
        let plain = try FontRegistry.shared.font("system", size: style.size)
        XCTAssertFalse(plain.isTextStyle)
        let arabic = "سطح المكتب"
        let styled = try PreparedText(arabic, font: style).layout(LayoutOptions()).size(scale: 2).height
        let typographic = try PreparedText(arabic, font: plain).layout(LayoutOptions()).size(scale: 2).height
        XCTAssertEqual(typographic, PixelGrid.ceil(style.size * 2444 / 2048, scale: 2))
        XCTAssertGreaterThan(styled, typographic)
        let chinese = try PreparedText("桌面", font: style, language: "zh-Hans").layout(LayoutOptions())
        XCTAssertEqual(chinese.size(scale: 2).height, (style.size * 2444 / 2048).rounded(.up), "Han rounds in both")
    }

    func testTheTableRoundsOnlyHanAndKana() {
        for script in FallbackScript.allCases {
            let apple = AppleFallbackMetrics.face(for: script, language: nil)
            XCTAssertEqual(apple.lineMetrics.ascender, 1950.0 / 2048, accuracy: 1e-12)
            XCTAssertEqual(apple.lineMetrics.descender, -494.0 / 2048, accuracy: 1e-12)
            XCTAssertEqual(apple.lineMetrics.roundsLineHeightToPoints, script == .han || script == .kana, "\(script)")
        }
    }
}
