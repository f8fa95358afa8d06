import CTextShim
import Foundation
import XCTest

@testable import Typesetting

/// Cutting runs next to spaces far enough from every zone centre (`SpaceZones`) gives exactly
/// the glyphs of shaping each run whole: same glyph ids, clusters, advances, offsets and
/// unsafe-to-break marks, for the regular face of every bundled family, over the benchmark
/// corpus, hand-written texts around Inter's contextual forms and random texts.
final class SpaceZoneTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The regular face of every family in Fonts/.
    static let facePaths = [
        "Inter/Inter-Regular.otf", "DejaVu/DejaVuSans.ttf", "Droid/DroidSansFallbackFull.ttf",
        "Nanum/NanumGothic.ttf", "Noto/NotoSansArabic-Regular.ttf", "Noto/NotoSansDevanagari-Regular.ttf",
        "Noto/NotoSansHebrew-Regular.ttf", "Noto/NotoSansThai-Regular.ttf", "Noto/NotoColorEmoji.ttf",
    ]

    static let handWritten = [
        "Error: File not found", "Name: - Value", "2 x 3 = 6", "2 × 3 − 1 ≠ 4", "a - b", "A - B : C + D = E",
        "(see below) [1] {x} @home", "A:  B", "A:   B   C", "x: Straße", "naïve café: Bar", "cafe\u{301}: Ok",
        "e\u{301} - E\u{301} \u{301}A", "Title — Subtitle – Part ‒ Fig", "-> => <= <-> -- --- ==>", "ffi fl: fi",
        "Hello!? What?! ¡Hola! ¿Qué?", "שלום: עולם - (טקסט) [1]", "مرحبا: بالعالم - (نص)", "Zero\u{200D}width: joiner",
        "Sil\u{AD}ben-trennung: Wort", "Emoji 🎉: party - fun 👨‍👩‍👧", "№ 5: o o o o o o o o o O", "日本語: テキスト - (括弧)",
        "Ελληνικά: κείμενο - (παρένθεση)", "Русский: текст - (скобки) [1]", "tab\tcolon:\tB", "nbsp\u{A0}:\u{A0}B",
        "1 - 2 - 3 - 4 - 5 - 6 - 7 - 8 - 9 - 10", "Settings: General Privacy Security Notifications Display Sound",
        "Long words before the colon appear here: and then very many words follow after it",
        "• Bullet point with several words ◦ another one ▪ third: X", "x x x x x x x x x x x x x x x x x",
        "Price: 10 × 20 = 200 ± 5", "a:b c:d e - f g–h i—j", "Wi\u{FE0F}-Fi: on", "a\u{E11A} b\u{F6C3} c",
        "office: fi fl ffi ffl", "Ratio 1:2 and 3:4 — vs 5 : 6",
    ]

    /// Every 10th string of the corpus.
    static let corpus: [String] = {
        let url = root.appendingPathComponent("Benchmarks/corpus/ui-strings.tsv")
        guard let content = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var texts: [String] = []
        for (index, line) in content.split(separator: "\n").enumerated() where index > 0 && index % 10 == 0 {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            texts.append(String(line[line.index(after: tab)...]).replacingOccurrences(of: "\\n", with: "\n"))
        }
        return texts
    }()

    /// Texts drawn from the characters Inter's rules act on around spaces, with letters,
    /// capitals, marks, ligature parts and spaces in between (a fixed seed).
    static let random: [String] = {
        let pieces = [
            " ", " ", " ", "  ", "a", "word", "Word", "CAPS", "x", "X", ":", "-", "–", "—", "(", ")", "[", "]", "{",
            "}", "@", "•", "=", "+", "−", "×", "<", ">", "*", "é", "e\u{301}", "\u{301}", "!", "?", "o", "2", "f",
            "i", "fi", "\u{200D}", "\u{AD}", ".", ",", "Δ", "Ж",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<3000).map { _ in (0..<(4 + next(40))).map { _ in pieces[next(pieces.count)] }.joined() }
    }()

    /// Checks every run of `text` in `face`; returns how many runs with a zone centre were cut.
    static func check(_ text: String, face: FontFace, file: StaticString = #filePath, line: UInt = #line) throws
        -> Int
    {
        let utf16 = Array(text.utf16)
        guard !utf16.isEmpty else { return 0 }
        let levels = try TextAnalysis.bidiLevels(utf16)
        let raw = try TextAnalysis.scripts(utf16)
        // Common and Inherited take the script before them (else the first real one).
        var scripts = raw.map { $0 > 1 ? $0 : -1 }
        var last: Int32 = -1
        for i in scripts.indices { if scripts[i] >= 0 { last = scripts[i] } else { scripts[i] = last } }
        let first = scripts.first(where: { $0 >= 0 }) ?? 0
        for i in scripts.indices where scripts[i] < 0 { scripts[i] = first }
        var starts = [Bool](repeating: false, count: utf16.count + 1)
        var offset = 0
        for character in text {
            starts[offset] = true
            offset += character.utf16.count
        }
        var cutZones = 0
        var start = 0
        for end in 1...utf16.count {
            if end < utf16.count && (!starts[end] || (levels[end] == levels[start] && scripts[end] == scripts[start])) {
                continue
            }
            defer { start = end }
            let range = start..<end
            let rightToLeft = levels[start] & 1 == 1
            let segments = SpaceZones.segments(
                utf16, range: range, face: face, rightToLeft: rightToLeft, script: scripts[start],
                graphemeStart: { starts[$0] })
            XCTAssertEqual(segments.first?.lowerBound, range.lowerBound, file: file, line: line)
            XCTAssertEqual(segments.last?.upperBound, range.upperBound, file: file, line: line)
            guard segments.count > 1 else { continue }
            var scalars = 0
            var hasCentre = false
            for scalar in String(decoding: utf16[range], as: UTF16.self).unicodeScalars {
                scalars += 1
                if ts_face_space_safe(face.handle, scalar.value) == 0 { hasCentre = true }
            }
            if hasCentre { cutZones += 1 }
            let whole = try Shaper.glyphs(
                utf16, range: range, face: face, rightToLeft: rightToLeft, script: scripts[start])
            var pieces: [TSGlyph] = []
            for segment in rightToLeft ? segments.reversed() : segments {
                let part = Array(utf16[segment])
                for var glyph in try Shaper.glyphs(
                    part, range: 0..<part.count, face: face, rightToLeft: rightToLeft, script: scripts[start])
                {
                    glyph.cluster += UInt32(segment.lowerBound)
                    pieces.append(glyph)
                }
            }
            func fields(_ glyphs: [TSGlyph]) -> [[Int64]] {
                glyphs.map {
                    [
                        Int64($0.glyph), Int64($0.cluster), Int64($0.xAdvance), Int64($0.yAdvance), Int64($0.xOffset),
                        Int64($0.yOffset), Int64($0.unsafeToBreak),
                    ]
                }
            }
            XCTAssertEqual(
                fields(pieces), fields(whole), "\(face.postScriptName): \(text.debugDescription) cut at \(segments)",
                file: file, line: line)
        }
        return cutZones
    }

    func testCutRunsShapeAsWholeRunsInEveryBundledFamily() throws {
        XCTAssertGreaterThan(Self.corpus.count, 3000, "the benchmark corpus should be readable from the tests")
        for path in Self.facePaths {
            let face = try FontFace(path: Self.root.appendingPathComponent("Fonts").appendingPathComponent(path).path)
            var cut = 0
            for text in Self.handWritten + Self.corpus + Self.random { cut += try Self.check(text, face: face) }
            if path.hasPrefix("Inter") {
                // Inter's contextual forms make zones: many runs with centres are still cut.
                XCTAssertGreaterThan(ts_face_zone_reach(face.handle), 0)
                XCTAssertGreaterThan(cut, 500, "runs with zone centres cut in Inter")
            }
        }
    }

    /// The reach and classes that the cut rule reads, for Inter Regular. Its case forms look
    /// across spaces: a hyphen or colon changes with up to three glyphs before it and seven
    /// after it ("- " then capitals), a bracket with six and seven, "x" between digits with
    /// three either way. Letters count; marks, default ignorables and the parts of arrow
    /// ligatures ("->", "<=") do not; U+2044 keeps runs whole.
    func testInterReachAndClasses() throws {
        let face = try FontFace(path: Self.root.appendingPathComponent("Fonts/Inter/Inter-Regular.otf").path)
        XCTAssertEqual(ts_face_zone_reach(face.handle), 8)
        let expected: [(UInt32, Int32)] = [
            (0x3A, 0x37), (0x2D, 0x37), (0x28, 0x67), (0x78, 0x33), (0x2013, 0x37), (0x61, 0x100), (0x41, 0x100),
            (0x430, 0x100), (0x3B1, 0x100), (0x301, 0x88), (0xAD, 0), (0x200D, 0x88), (0x3F, 0x100), (0x3C, 0x37),
            (0x10FFFF, 0x88),
            (0x2044, 0x200),
        ]
        for (scalar, zoneClass) in expected {
            XCTAssertEqual(ts_face_zone_class(face.handle, scalar), zoneClass, String(scalar, radix: 16))
        }
    }

    /// Faces whose lookups cannot be bounded keep runs with centres whole: DejaVu Sans joins
    /// the space in a ligature, so nothing next to a space is cut at all.
    func testUnboundedFacesKeepRunsWhole() throws {
        let face = try FontFace(path: Self.root.appendingPathComponent("Fonts/DejaVu/DejaVuSans.ttf").path)
        XCTAssertEqual(ts_face_space_safe(face.handle, 0x20), 0)
        let utf16 = Array("Error: not found here at all today".utf16)
        let segments = SpaceZones.segments(
            utf16, range: 0..<utf16.count, face: face, rightToLeft: false, script: Shaper.scriptCode(named: "Latn"),
            graphemeStart: { _ in true })
        XCTAssertEqual(segments, [0..<utf16.count])
    }

    /// In Inter, a cut before a colon needs three counting characters between the space and
    /// the colon, a cut after it seven.
    func testCutsOnlyOutOfReachOfCentres() throws {
        let face = try FontFace(path: Self.root.appendingPathComponent("Fonts/Inter/Inter-Regular.otf").path)
        func parts(_ text: String) -> [String] {
            let utf16 = Array(text.utf16)
            return SpaceZones.segments(
                utf16, range: 0..<utf16.count, face: face, rightToLeft: false,
                script: Shaper.scriptCode(named: "Latn"), graphemeStart: { _ in true }
            ).map { String(decoding: utf16[$0], as: UTF16.self) }
        }
        // "Defg" holds 4 counting characters; " Hijklmnop" 10.
        XCTAssertEqual(parts("Abc Defg: Hijklmnop qr"), ["Abc", " ", "Defg: Hijklmnop", " ", "qr"])
        // "Cd" holds 2; " Hijklm" 7 (a space counts).
        XCTAssertEqual(parts("Ab Cd: Hijklm n"), ["Ab Cd: Hijklm", " ", "n"])
        XCTAssertEqual(parts("Ab Cd: Hijkl n"), ["Ab Cd: Hijkl n"])
        // Right to left, or another script, stays whole.
        let utf16 = Array("Abc Defg: Hijklmnop qr".utf16)
        XCTAssertEqual(
            SpaceZones.segments(
                utf16, range: 0..<utf16.count, face: face, rightToLeft: true, script: Shaper.scriptCode(named: "Latn"),
                graphemeStart: { _ in true }), [0..<utf16.count])
    }
}
