import XCTest

@testable import Typesetting

/// Fallback picks faces made for the script, and for Han, the language.
final class LanguageFontsTests: XCTestCase {
    /// The fallback families of `text`, with the bundled fonts alone (no installed font).
    func families(_ text: String, weight: FontWeight = .regular, language: String? = nil) throws -> [String] {
        let registry = Fixtures.bundledRegistry
        let font = try registry.font("Inter", size: 17, weight: weight)
        let prepared = try PreparedText(text, font: font, language: language, registry: registry)
        return prepared.fonts.dropFirst().map { "\($0.face.family) \($0.face.style)" }
    }

    func testEachScriptGetsItsOwnFace() throws {
        XCTAssertEqual(try families("سطح المكتب"), ["Noto Sans Arabic Regular"])
        XCTAssertEqual(try families("שולחן עבודה"), ["Noto Sans Hebrew Regular"])
        XCTAssertEqual(try families("พื้นโต๊ะ"), ["Noto Sans Thai Regular"])
        XCTAssertEqual(try families("डेस्कटॉप"), ["Noto Sans Devanagari Regular"])
        XCTAssertEqual(try families("デスクトップ"), ["Droid Sans Fallback Regular"])
        XCTAssertEqual(try families("桌面", language: "zh-Hans"), ["Droid Sans Fallback Regular"])
        XCTAssertEqual(try families("바탕화면", language: "ko"), ["NanumGothic Regular"])
        XCTAssertEqual(try families("바탕화면"), ["NanumGothic Regular"], "Hangul is Korean without a hint too")
        XCTAssertEqual(try families("שולחן", weight: .bold), ["Noto Sans Hebrew Bold"])
    }

    func testKoreanIsMeasuredWithRealGlyphs() throws {
        // Droid Sans Fallback lacks these syllables; without NanumGothic they would be .notdef boxes.
        let font = try FontRegistry.shared.font("Inter", size: 17)
        let prepared = try PreparedText("바탕화면", font: font, language: "ko")
        for run in prepared.runs {
            XCTAssertTrue(run.glyphs.allSatisfy { $0.glyph != 0 }, "no .notdef in \(run.font)")
        }
    }

    func testScriptDetection() {
        XCTAssertEqual(FallbackScript.of("12 +-".unicodeScalars), nil)
        XCTAssertEqual(FallbackScript.of("abc".unicodeScalars), .latin)
        XCTAssertEqual(FallbackScript.of("1 سطح".unicodeScalars), .arabic)
        XCTAssertEqual(FallbackScript.of("é".unicodeScalars), .latin)
        XCTAssertEqual(FallbackScript.of("ж".unicodeScalars), .cyrillic)
        XCTAssertEqual(FallbackScript.of("த".unicodeScalars), .tamil)
        XCTAssertEqual(FallbackScript.of("ෂ".unicodeScalars), .sinhala)
        XCTAssertEqual(FallbackScript.of("𞤀".unicodeScalars), .adlam)
        XCTAssertEqual(FallbackScript.of("\u{10FFFD}".unicodeScalars), nil)
        XCTAssertEqual(FallbackScript.of("公開".unicodeScalars), .han)
        XCTAssertEqual(FallbackScript.of("。".unicodeScalars), .han)
        XCTAssertEqual(FallbackScript.of("カ".unicodeScalars), .kana)
        XCTAssertEqual(FallbackScript.of("한".unicodeScalars), .hangul)
        XCTAssertEqual(FallbackScript.of("ก".unicodeScalars), .thai)
        XCTAssertEqual(FallbackScript.of("ש".unicodeScalars), .hebrew)
        XCTAssertEqual(FallbackScript.of("क".unicodeScalars), .devanagari)
    }

    func testLanguageOrdersHanFaces() {
        XCTAssertEqual(LanguageFonts.hanVariant(language: "ja-JP"), .japanese)
        XCTAssertEqual(LanguageFonts.hanVariant(language: "zh_TW"), .traditionalChinese)
        XCTAssertEqual(LanguageFonts.hanVariant(language: "zh-Hant"), .traditionalChinese)
        XCTAssertEqual(LanguageFonts.hanVariant(language: "zh-Hans-HK"), .simplifiedChinese)
        XCTAssertEqual(LanguageFonts.hanVariant(language: "zh"), .simplifiedChinese)
        XCTAssertEqual(LanguageFonts.hanVariant(language: "ko"), .korean)
        XCTAssertNil(LanguageFonts.hanVariant(language: "de"))
        func first(_ language: String?, among names: [String]) -> String? {
            LanguageFonts.preferredFamilies(for: .han, language: language).first(where: names.contains)
        }
        let cjk = ["Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans CJK JP", "Noto Sans CJK KR"]
        XCTAssertEqual(first("ja", among: cjk), "Noto Sans CJK JP")
        XCTAssertEqual(first("zh-TW", among: cjk), "Noto Sans CJK TC")
        XCTAssertEqual(first("zh-CN", among: cjk), "Noto Sans CJK SC")
        XCTAssertEqual(first("ko", among: cjk), "Noto Sans CJK KR")
        XCTAssertEqual(first(nil, among: cjk), "Noto Sans CJK SC")
    }
}
