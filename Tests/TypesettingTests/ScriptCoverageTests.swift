import Foundation
import XCTest

@testable import Typesetting

/// Every script an app ships is drawn by a real face: a word of each, in the system font, falls
/// back to a face of its script's cascade (bundled, or installed by scripts/bootstrap.sh and
/// found through fontconfig) that has every character, and measures as HarfBuzz shapes it in
/// that face. A character no face draws is reported, never measured silently as a box.
final class ScriptCoverageTests: XCTestCase {
    /// A word per script, with no space (so it is one run), and the language it is written in.
    static let words: [(script: FallbackScript, word: String, language: String?)] = [
        (.latin, "Willkommen", "de"), (.greek, "Καλημέρα", "el"), (.cyrillic, "Здравствуйте", "ru"),
        (.armenian, "Բարեւ", "hy"), (.georgian, "გამარჯობა", "ka"), (.hebrew, "שלום", "he"),
        (.arabic, "مرحبا", "ar"), (.syriac, "ܫܠܡܐ", "syr"), (.thaana, "ދިވެހި", "dv"), (.nko, "ߒߞߏ", "nqo"),
        (.devanagari, "नमस्ते", "hi"), (.bengali, "নমস্কার", "bn"), (.gurmukhi, "ਪੰਜਾਬੀ", "pa"),
        (.gujarati, "નમસ્તે", "gu"), (.oriya, "ନମସ୍କାର", "or"), (.tamil, "வணக்கம்", "ta"),
        (.telugu, "నమస్కారం", "te"), (.kannada, "ನಮಸ್ಕಾರ", "kn"), (.malayalam, "നമസ്കാരം", "ml"),
        (.sinhala, "ආයුබෝවන්", "si"), (.thai, "สวัสดี", "th"), (.lao, "ສະບາຍດີ", "lo"),
        (.tibetan, "བཀྲ་ཤིས", "bo"), (.myanmar, "မင်္ဂလာပါ", "my"), (.khmer, "សួស្តី", "km"),
        (.ethiopic, "ሰላም", "am"), (.cherokee, "ᏣᎳᎩ", "chr"), (.canadianSyllabics, "ᐃᓄᒃᑎᑐᑦ", "iu"),
        (.mongolian, "ᠮᠣᠩᠭᠣᠯ", "mn"), (.tifinagh, "ⵜⴰⵎⴰⵣⵉⵖⵜ", "zgh"), (.olChiki, "ᱥᱟᱱᱛᱟᱲᱤ", "sat"),
        (.adlam, "𞤆𞤵𞤤𞤢𞤪", "ff"), (.vai, "ꕙꔤ", "vai"), (.javanese, "ꦗꦮ", "jv"), (.yi, "ꆈꌠ", "ii"),
        (.han, "你好世界", "zh-Hans"), (.kana, "こんにちは", "ja"), (.hangul, "안녕하세요", "ko"),
    ]

    /// The registry with the installed fonts whatever the environment says (the test is about them).
    static let registry = FontRegistry(includeInstalledFonts: true)

    func testEveryScriptHasAWordAndItsOwnFace() {
        XCTAssertGreaterThanOrEqual(Set(Self.words.map(\.script)).count, 30)
        for (script, word, _) in Self.words {
            XCTAssertEqual(FallbackScript.of(word.unicodeScalars), script, word)
        }
    }

    func testEveryScriptIsDrawnByAListedFaceThatHasEveryCharacter() throws {
        let registry = Self.registry
        let font = try registry.systemFont(size: 17)
        var listed: Set<String> = []
        for (script, word, language) in Self.words {
            let prepared = try PreparedText(word, font: font, language: language, registry: registry)
            XCTAssertEqual(
                prepared.missingCharacters, [],
                "\(script): \(word) has characters no face draws; run scripts/bootstrap.sh (fonts-noto-core)")
            let runs = prepared.runs
            XCTAssertEqual(runs.count, 1, "\(script): \(word) is one run: \(runs.map(\.font))")
            for run in runs {
                let face = run.font.face
                for scalar in word.unicodeScalars where !Itemizer.isIgnorable(scalar) {
                    XCTAssertTrue(face.covers(scalar), "\(script): \(face.family)'s cmap lacks \(scalar)")
                }
                XCTAssertTrue(run.glyphs.allSatisfy { $0.glyph != 0 }, "\(script): a .notdef in \(face.family)")
                // The face is one of the script's cascade (Apple's or a stand-in), or the primary.
                let families = LanguageFonts.preferredFamilies(for: script, language: language).map { $0.lowercased() }
                XCTAssertTrue(
                    families.contains(face.family.lowercased()) || face === font.face,
                    "\(script): \(face.family) is not in the cascade \(families)")
            }
            if listed.isEmpty || !runs.allSatisfy({ listed.contains($0.font.face.path) }) {
                listed = Set(registry.listedFaces().map(\.path))
            }
            for run in runs {
                XCTAssertTrue(listed.contains(run.font.face.path), "\(script): \(run.font.face.path) is not listed")
            }
        }
    }

    func testEveryScriptsWidthIsHarfBuzzsForItsFace() throws {
        let registry = Self.registry
        let font = try registry.systemFont(size: 17)
        for (script, word, language) in Self.words {
            let prepared = try PreparedText(word, font: font, language: language, registry: registry)
            guard let run = prepared.runs.first, prepared.runs.count == 1 else {
                XCTFail("\(script): \(word) is not one run")
                continue
            }
            let face = run.font.face
            let advances = try HarfBuzzEqualityTests.hbAdvances(
                fontPath: face.path, text: word, faceIndex: face.index)
            // The system font's stand-in is tracked after every grapheme cluster ('trak', fitted).
            let expected =
                Double(advances.reduce(0, +)) * run.font.size / Double(face.tables.unitsPerEm)
                + Double(word.count) * run.font.tracking
            XCTAssertEqual(prepared.naturalWidth, expected, accuracy: 0.001, "\(script): \(word) in \(face.family)")
        }
    }

    func testAPrivateUseCharacterIsReportedNotDrawnSilently() throws {
        let registry = Self.registry
        let font = try registry.systemFont(size: 17)
        let prepared = try PreparedText("Logo \u{10FFFD}\u{10FFFD} here", font: font, registry: registry)
        XCTAssertEqual(prepared.missingCharacters, ["\u{10FFFD}"], "each character once")
        XCTAssertEqual(try PreparedText("Logo here", font: font, registry: registry).missingCharacters, [])
        // Tabs and joiners need no glyph: never missing.
        XCTAssertEqual(try PreparedText("a\tb\u{200D}c", font: font, registry: registry).missingCharacters, [])
    }

    func testWithoutInstalledFontsTamilIsMissingAndSaysSo() throws {
        let bundled = Fixtures.bundledRegistry
        let prepared = try PreparedText("வணக்கம்", font: try bundled.systemFont(size: 17), registry: bundled)
        XCTAssertEqual(prepared.missingCharacters.first, "வ")
        XCTAssertTrue(prepared.missingCharacters.allSatisfy { FallbackScript.of($0) == .tamil })
        XCTAssertEqual(prepared.fonts.count, 1, "no face is picked for characters none draws")
    }

    func testStandInsNameTheAppleFace() throws {
        let registry = Self.registry
        let system = try registry.systemFont(size: 17)
        let tamil = try PreparedText("Hi வணக்கம்", font: system, language: "ta", registry: registry)
        XCTAssertEqual(
            tamil.standIns.map(\.description),
            ["Inter for SF Pro", "Noto Sans Tamil for Tamil Sangam MN"])
        XCTAssertEqual(tamil.fonts.dropFirst().first?.fallbackFor?.family, "Tamil Sangam MN")
        // Inter asked for by name is exact; a Hebrew fallback is not.
        let inter = try registry.font("Inter", size: 17)
        XCTAssertEqual(try PreparedText("Hello", font: inter, registry: registry).standIns, [])
        XCTAssertEqual(
            try PreparedText("שלום", font: inter, registry: registry).standIns.map(\.description),
            ["Noto Sans Hebrew for Arial Hebrew"])
    }

    func testInstalledFacesAreOpenedOnlyWhenNeeded() throws {
        let registry = FontRegistry(includeInstalledFonts: true)
        let before = registry.faces.count
        _ = try PreparedText("Plain Latin text", font: try registry.systemFont(size: 17), registry: registry)
        XCTAssertEqual(registry.faces.count, before, "a text the bundled faces draw opens no installed face")
        _ = try PreparedText("வணக்கம்", font: try registry.systemFont(size: 17), registry: registry)
        let tamil = registry.faces.dropFirst(before).map(\.family)
        XCTAssertEqual(Set(tamil), ["Noto Sans Tamil"], "only the Tamil family is opened")
        // By name, too.
        XCTAssertEqual(try registry.font("Noto Sans Ethiopic", size: 17).face.family, "Noto Sans Ethiopic")
        let off = FontRegistry(includeInstalledFonts: false)
        XCTAssertThrowsError(try off.font("Noto Sans Ethiopic", size: 17))
    }
}
