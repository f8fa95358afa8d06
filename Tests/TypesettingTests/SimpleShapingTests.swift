import CTextShim
import Foundation
import XCTest

@testable import Typesetting

/// The simple path of `ts_shape` (simple.c) gives exactly HarfBuzz's glyphs: same glyph ids,
/// clusters, advances, offsets and unsafe-to-break marks as `hb_shape`, for every face in
/// Fonts/, over the words and whole runs of the benchmark corpus (every language), hand-written
/// texts and seeded random words from alphabets of simple characters, with kerning or
/// ligatures off as well as on. docs/typesetting.md ("Shaping simple words") gives the rule.
final class SimpleShapingTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every font file in Fonts/.
    static let facePaths: [String] = {
        let fonts = root.appendingPathComponent("Fonts")
        let families = (try? FileManager.default.contentsOfDirectory(atPath: fonts.path)) ?? []
        return families.sorted().flatMap { family -> [String] in
            let files =
                (try? FileManager.default.contentsOfDirectory(atPath: fonts.appendingPathComponent(family).path)) ?? []
            return files.filter { $0.hasSuffix(".otf") || $0.hasSuffix(".ttf") }.sorted().map { "\(family)/\($0)" }
        }
    }()

    static let handWritten = [
        "AVATAR Tyre WAVE Yoyo LTAV P.A.", "To: Mr. Wolf, Vol. 7", "naïve café Straße", "ffi fl office",
        "1/2 ½ 3⁄4", "Wi\u{FE0F}-Fi", "e\u{301}cole", "Zero\u{200D}width", "Sil\u{AD}ben", "tab\there", "nbsp\u{A0}x",
        "x 2x3 3×4", "-> <= =>", "Ελληνικά κείμενο", "Русский текст", "日本語のテキスト", "中文文本", "😀 ok", "a\u{E11A}b",
        "\u{FEFF}bom", "\u{2028}line", "Ǆemal ǅ ǆ", "İstanbul ıi", "ﬁ ﬂ", "ŉ ǰ", "Ꭰ Ա ა",
    ]

    /// Every 6th string of the corpus.
    static let corpus: [String] = {
        let url = root.appendingPathComponent("Benchmarks/corpus/ui-strings.tsv")
        guard let content = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var texts: [String] = []
        for (index, line) in content.split(separator: "\n").enumerated() where index > 0 && index % 6 == 0 {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            texts.append(String(line[line.index(after: tab)...]).replacingOccurrences(of: "\\n", with: "\n"))
        }
        return texts
    }()

    /// Words drawn from alphabets of mostly simple characters, kerning pairs among them
    /// (a fixed seed).
    static let random: [String] = {
        let alphabets = [
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,:;-'\"!?()/&@#%*+=<>[]{}_~|^` ",
            "AVTWYLPFkrtvwyxoaeTYVW.,-:'\"()fijl1/7 ",
            "àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞŸąćęłńśźżĄĆĘŁŃŚŹŻőűŐŰ«»‹›„“”‘’–—…·",
            "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ.,-«» ",
            "αβγδεζηθικλμνξοπρστυφχψωάέήίόύώΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΆΈΉΊΌΎΏ;· ",
            "0123456789:.,-+−×÷=%$€£¥¢°′″‰№™©®§¶†‡•½¼¾¹²³ⁿ→←↑↓↔ ",
            "的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里あいうえおアイウエオー・。、",
        ].map { Array($0.unicodeScalars) }
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<2400).map { index in
            let alphabet = alphabets[index % alphabets.count]
            var text = String.UnicodeScalarView()
            for _ in 0..<(1 + next(16)) { text.append(alphabet[next(alphabet.count)]) }
            return String(text)
        }
    }()

    /// The glyph fields compared.
    static func fields(_ glyphs: ArraySlice<TSGlyph>) -> [[Int64]] {
        glyphs.map {
            [
                Int64($0.glyph), Int64($0.cluster), Int64($0.xAdvance), Int64($0.yAdvance), Int64($0.xOffset),
                Int64($0.yOffset), Int64($0.unsafeToBreak),
            ]
        }
    }

    /// Shapes `utf16[range]` both ways; returns whether the simple path took it.
    static func compare(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, rightToLeft: Int32, script: Int32, kerning: Int32,
        ligatures: Int32
    ) -> Bool {
        let capacity = range.count * 2 + 8
        var simple = [TSGlyph](repeating: TSGlyph(), count: capacity)
        var harfBuzz = [TSGlyph](repeating: TSGlyph(), count: capacity)
        let (s, h) = utf16.withUnsafeBufferPointer { text in
            (
                ts_shape_simple(
                    face.handle, text.baseAddress, Int32(text.count), Int32(range.lowerBound), Int32(range.count),
                    rightToLeft, script, nil, kerning, ligatures, &simple, Int32(capacity)),
                ts_shape_harfbuzz(
                    face.handle, text.baseAddress, Int32(text.count), Int32(range.lowerBound), Int32(range.count),
                    rightToLeft, script, nil, kerning, ligatures, &harfBuzz, Int32(capacity))
            )
        }
        XCTAssertGreaterThanOrEqual(h, 0)
        if s == Int32(TS_NOT_SIMPLE) { return false }
        XCTAssertEqual(
            fields(simple[0..<Int(max(s, 0))]), fields(harfBuzz[0..<Int(max(h, 0))]),
            "\(face.postScriptName) kern \(kerning) liga \(ligatures) script \(script): "
                + String(decoding: utf16[range], as: UTF16.self).debugDescription)
        return true
    }

    /// Checks every run of `text` (by bidi level and script, as text is itemized), whole and
    /// cut into words at spaces, shaped alone and in place. Returns how many took the simple path.
    static func check(_ text: String, face: FontFace, variant: Int) throws -> Int {
        let utf16 = Array(text.utf16)
        guard !utf16.isEmpty else { return 0 }
        let levels = try TextAnalysis.bidiLevels(utf16)
        let scripts = try TextAnalysis.scripts(utf16)
        let kerning: Int32 = variant == 1 ? 0 : 1
        let ligatures: Int32 = variant == 2 ? 0 : 1
        var simple = 0
        var start = 0
        for end in 1...utf16.count {
            if end < utf16.count && levels[end] == levels[start] && scripts[end] == scripts[start] { continue }
            defer { start = end }
            let rightToLeft: Int32 = levels[start] & 1 == 1 ? 1 : 0
            let script = scripts[start]
            if compare(
                utf16, range: start..<end, face: face, rightToLeft: rightToLeft, script: script, kerning: kerning,
                ligatures: ligatures)
            {
                simple += 1
            }
            var word = start
            while word < end {
                var cut = word
                while cut < end && utf16[cut] != 0x20 { cut += 1 }
                while cut < end && utf16[cut] == 0x20 { cut += 1 }
                let alone = Array(utf16[word..<cut])
                for (buffer, range) in [(utf16, word..<cut), (alone, 0..<alone.count)]
                where compare(
                    buffer, range: range, face: face, rightToLeft: rightToLeft, script: script, kerning: kerning,
                    ligatures: ligatures)
                {
                    simple += 1
                }
                word = cut
            }
        }
        return simple
    }

    func testSimplePathGivesHarfBuzzGlyphsInEveryBundledFace() throws {
        XCTAssertGreaterThan(Self.corpus.count, 5000, "the benchmark corpus should be readable from the tests")
        XCTAssertGreaterThan(Self.facePaths.count, 15)
        for path in Self.facePaths {
            let face = try FontFace(path: Self.root.appendingPathComponent("Fonts").appendingPathComponent(path).path)
            var simple = 0
            for (index, text) in (Self.handWritten + Self.corpus + Self.random).enumerated() {
                simple += try Self.check(text, face: face, variant: index % 3)
            }
            if path.hasPrefix("Inter") || path.hasPrefix("DejaVu") {
                // Most Latin, Cyrillic and Greek words take the simple path in these faces.
                XCTAssertGreaterThan(simple, 20000, path)
            }
        }
    }

    /// What keeps Inter Regular's words on HarfBuzz: characters a rule of its default
    /// features can start on among simple glyphs (the hyphen and colon of its case forms, "x"
    /// between digits, arrows' parts), and characters HarfBuzz treats apart.
    func testInterSimpleCharacters() throws {
        let face = try FontFace(path: Self.root.appendingPathComponent("Fonts/Inter/Inter-Regular.otf").path)
        func simple(_ text: String, script: String = "Latn", kerning: Int32 = 1) -> Bool {
            let utf16 = Array(text.utf16)
            var glyphs = [TSGlyph](repeating: TSGlyph(), count: utf16.count * 2 + 8)
            return ts_shape_simple(
                face.handle, utf16, Int32(utf16.count), 0, Int32(utf16.count), 0, Shaper.scriptCode(named: script),
                nil, kerning, 1, &glyphs, Int32(glyphs.count)) >= 0
        }
        XCTAssertTrue(simple("AVATAR Tyre, Wolf."))
        XCTAssertTrue(simple("Straße café"))
        XCTAssertTrue(simple("Привет", script: "Cyrl"))
        XCTAssertTrue(simple("Tyre", kerning: 0))
        XCTAssertFalse(simple("e-mail"))
        XCTAssertFalse(simple("Note:"))
        XCTAssertFalse(simple("2x3"))
        XCTAssertFalse(simple("e\u{301}"))
        XCTAssertFalse(simple("a\u{AD}b"))
        XCTAssertFalse(simple("1\u{2044}2"))
        XCTAssertFalse(simple("😀"))
        XCTAssertFalse(simple("abc", script: "Arab"))
        var glyphs = [TSGlyph](repeating: TSGlyph(), count: 8)
        let hebrew = Array("abc".utf16)
        XCTAssertEqual(
            ts_shape_simple(
                face.handle, hebrew, 3, 0, 3, 1, Shaper.scriptCode(named: "Latn"), nil, 1, 1, &glyphs, 8),
            Int32(TS_NOT_SIMPLE), "right to left goes to HarfBuzz")
    }
}
