import CTextShim
import Foundation
import XCTest

@testable import Typesetting

/// The engine's widths equal whole-line `hb_shape` (`PreparedText.harfBuzzReference`: the same
/// runs, each shaped whole by HarfBuzz alone), in every way HarfBuzz can reach across a space:
/// the examples that showed cutting at spaces wrong, 100 random lines in every Regular face of
/// Debian's fonts-noto-core in its own script, and fonts built by scripts/make_shaping_fonts.py
/// for each case the analysis must catch. Opening any face stays within 50 ms of what
/// HarfBuzz alone needs (docs/typesetting.md, "Cutting at spaces" and "Bounded work").
final class ExactShapingTests: XCTestCase {
    static let notoDirectory = "/usr/share/fonts/truetype/noto"
    static let builtDirectory = Fixtures.directory.appendingPathComponent("Shaping")

    /// Every Regular face of fonts-noto-core (scripts/bootstrap.sh installs it).
    static let notoFaces: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: notoDirectory)) ?? []
        return names.filter { $0.hasSuffix("-Regular.ttf") }.sorted().map { "\(notoDirectory)/\($0)" }
    }()

    /// A face opened in a registry of its own (no fallback face can change a width).
    static func open(_ path: String) throws -> (FontFace, FontRegistry) {
        let registry = FontRegistry(includeBundledFonts: false)
        return (try registry.face(path: path), registry)
    }

    /// The engine's and the reference's one-line widths of `text`.
    static func widths(
        _ text: String, font: Font, registry: FontRegistry, cache: ShapingCache
    ) throws -> (engine: Double, harfBuzz: Double) {
        let engine = try PreparedText(text, font: font, registry: registry, shapingCache: cache)
        let reference = try PreparedText.harfBuzzReference(text, font: font, registry: registry)
        return (engine.naturalWidth, reference.naturalWidth)
    }

    /// `text` cut at every space and each part shaped alone: what cutting without the
    /// analysis would give.
    static func naiveWidth(_ text: String, font: Font, registry: FontRegistry) throws -> Double {
        var total = 0.0
        var part = ""
        for character in text {
            if (character == " ") != (part.last == " ") && !part.isEmpty {
                total += try PreparedText.harfBuzzReference(part, font: font, registry: registry).naturalWidth
                part = ""
            }
            part.append(character)
        }
        if !part.isEmpty {
            total += try PreparedText.harfBuzzReference(part, font: font, registry: registry).naturalWidth
        }
        return total
    }

    func assertExact(
        _ text: String, path: String, size: Double, expected: Double? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let (face, registry) = try Self.open(path)
        let font = try Font(face: face, size: size)
        let (engine, harfBuzz) = try Self.widths(
            text, font: font, registry: registry, cache: ShapingCache(maximumBytes: 1 << 20))
        XCTAssertEqual(engine, harfBuzz, accuracy: 0.001, "\(text.debugDescription) in \(face)", file: file, line: line)
        if let expected { XCTAssertEqual(harfBuzz, expected, accuracy: 0.001, file: file, line: line) }
    }

    /// In Noto Serif Balinese, "ᬈ" alone is decomposed into "ᬇ" and "ᬵ": HarfBuzz recomposes
    /// what it decomposed only in a buffer holding a mark after its first character, and
    /// " ᬽ" holds one. Cut at the space, the line measured 35.479 pt; whole it is 34.901.
    func testBalineseVowelComposesAsInTheWholeLine() throws {
        try assertExact("ᬈ ᬽ", path: "\(Self.notoDirectory)/NotoSerifBalinese-Regular.ttf", size: 17, expected: 34.901)
        let utf16 = Array("ᬈ ᬽ".utf16)
        var cuts = [Int32](repeating: 0, count: 4)
        cuts[0] = 0
        cuts[1] = 1
        cuts[2] = Int32(utf16.count)
        XCTAssertFalse(
            cuts.withUnsafeMutableBufferPointer { SpaceZones.normalizesAlike(utf16, cuts: $0.baseAddress!, count: 3) })
    }

    /// HarfBuzz gives a broken syllable a dotted circle unless the last one it gave a circle
    /// has the same syllable number (counted 1 to 15 from the buffer's start) and type: the
    /// line's last " ি" gets none, alone it gets one. Cut at spaces, the line measured
    /// 312.294 pt in Noto Sans Bengali; whole it is 296.484. Noto Serif Bengali, whose runs
    /// are cut, shows the same, and the run is shaped whole once two of its parts hold a
    /// broken syllable.
    func testBengaliBrokenSyllablesShapeAsTheWholeLine() throws {
        let text = "ঌ ু ঢঀতসণ ধঢঀভঊপ ি"
        try assertExact(text, path: "\(Self.notoDirectory)/NotoSansBengali-Regular.ttf", size: 31, expected: 296.484)
        let serif = "\(Self.notoDirectory)/NotoSerifBengali-Regular.ttf"
        try assertExact(text, path: serif, size: 31)
        let (face, registry) = try Self.open(serif)
        XCTAssertGreaterThanOrEqual(ts_face_cut_state(face.handle, nil, nil), 0, "Noto Serif Bengali's runs are cut")
        let font = try Font(face: face, size: 31)
        let whole = try PreparedText.harfBuzzReference(text, font: font, registry: registry).naturalWidth
        XCTAssertGreaterThan(try Self.naiveWidth(text, font: font, registry: registry) - whole, 1)
        // The part " ি" alone asks for the dotted circle.
        let part = Array(" ি".utf16)
        let segment = try part.withUnsafeBufferPointer {
            try Shaper.segment(
                $0, range: 0..<part.count, face: face, rightToLeft: false, script: Shaper.scriptCode(named: "Beng"),
                kerning: true, ligatures: true)
        }
        XCTAssertTrue(segment.hasBrokenSyllable)
    }

    /// A mark that starts a grapheme cluster after a space (UAX #29 leaves Ahom's vowel sign A
    /// out of SpacingMark) gets a dotted circle at the start of a buffer and none after the
    /// space: no cut is made before it.
    func testNoCutBeforeAMarkThatStartsACluster() throws {
        try assertExact(
            "𑜌𑜃𑜫𑜚𑜓 𑜠𑜍𑜟𑜂𑜒𑜝𑜊 𑜗𑜃𑜁𑜀 𑜐𑜌𑜅", path: "\(Self.notoDirectory)/NotoSerifAhom-Regular.ttf", size: 17)
    }

    /// Random lines in every Regular face of fonts-noto-core: words of the letters of the
    /// face's own script (the script with the most letters in its character map) and its
    /// marks, between single and double spaces, 100 lines per face (a fixed seed), with one
    /// word cache per face. Every line's width equals whole-line `hb_shape`'s.
    func testRandomLinesInEveryNotoRegularFace() throws {
        XCTAssertGreaterThan(Self.notoFaces.count, 180, "fonts-noto-core's Regular faces (scripts/bootstrap.sh)")
        var random = SplitMix64([0x5E, 0xED] as [UInt8])
        var cutFaces = 0
        var disagreements: [String] = []
        for path in Self.notoFaces {
            let (face, registry) = try Self.open(path)
            let (letters, marks) = Self.ownScript(face)
            guard !letters.isEmpty else { continue }
            if ts_face_cut_state(face.handle, nil, nil) >= 0 { cutFaces += 1 }
            let font = try Font(face: face, size: 17)
            let cache = ShapingCache(maximumBytes: 4 << 20)
            for _ in 0..<100 {
                var text = String.UnicodeScalarView()
                for word in 0..<(1 + random.next(6)) {
                    if word > 0 {
                        text.append(contentsOf: random.next(5) == 0 ? "  ".unicodeScalars : " ".unicodeScalars)
                    }
                    for _ in 0..<(1 + random.next(7)) {
                        text.append(
                            !marks.isEmpty && random.next(4) == 0
                                ? marks[random.next(marks.count)] : letters[random.next(letters.count)])
                    }
                }
                let line = String(text)
                let (engine, harfBuzz) = try Self.widths(line, font: font, registry: registry, cache: cache)
                if abs(engine - harfBuzz) > 0.001 {
                    disagreements.append("\(face): \(line.debugDescription) engine \(engine), hb_shape \(harfBuzz)")
                }
            }
        }
        XCTAssertEqual(disagreements, [])
        // Most faces are cut at spaces: the comparison is not with runs that stay whole.
        XCTAssertGreaterThan(cutFaces, 160)
    }

    /// The letters of the script with the most letters in `face`'s character map, and the
    /// marks of that script or of none (Inherited).
    static func ownScript(_ face: FontFace) -> (letters: [Unicode.Scalar], marks: [Unicode.Scalar]) {
        var byScript: [String: [Unicode.Scalar]] = [:]
        var marks: [Unicode.Scalar] = []
        for scalar in face.characters {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
                byScript[UnicodeScript.name(of: scalar), default: []].append(scalar)
            case .nonspacingMark, .spacingMark, .enclosingMark:
                marks.append(scalar)
            default: break
            }
        }
        guard
            let (script, letters) = byScript.filter({ $0.key != "Zyyy" && $0.key != "Zinh" }).max(by: {
                $0.value.count != $1.value.count ? $0.value.count < $1.value.count : $0.key > $1.key
            })
        else { return ([], []) }
        return (letters, marks.filter { [script, "Zinh"].contains(UnicodeScript.name(of: $0)) })
    }

    /// Each font scripts/make_shaping_fonts.py builds reaches across spaces (or HarfBuzz's
    /// limits) in one way: cutting at spaces without the analysis would change the width of
    /// its sample, and the engine gives whole-line `hb_shape`'s, for the sample and 200 random
    /// lines of its characters.
    func testBuiltFontsShapeAsWholeLines() throws {
        let samples: [(String, String, Int32)] = [
            // Font, sample line, expected TS_REFUSED_* (0: runs are cut where nothing reaches).
            ("kern-any", "To Wo Vo T", 0),
            ("context-any", "a b a b", 0),
            ("context-any-input", "c d c", 0),
            ("space-rules", "T Ab f f c x", 0),
            ("space-skipped", "T A T", 4),
            ("space-mark", "a b a", 2),
            ("kern-table", "T Ab T A", 1),
            ("rand", "aaa aa a aaaa", 1),
            ("no-precomposed", "é e\u{323} é", 0),
            ("limit-glyphs", String(repeating: "aaaaaaaaaa ", count: 4), 8),
            ("limit-calls", String(repeating: "aaaaa ", count: 12), 8),
        ]
        var random = SplitMix64([0xB0, 0x17] as [UInt8])
        for (name, sample, refusal) in samples {
            let path = Self.builtDirectory.appendingPathComponent(name + ".ttf").path
            let (face, registry) = try Self.open(path)
            var why: Int32 = -1
            _ = ts_face_cut_state(face.handle, nil, &why)
            XCTAssertEqual(why, refusal, name)
            let font = try Font(face: face, size: 17)
            let cache = ShapingCache(maximumBytes: 1 << 20)
            let (engine, harfBuzz) = try Self.widths(sample, font: font, registry: registry, cache: cache)
            XCTAssertEqual(engine, harfBuzz, accuracy: 0.001, "\(name): \(sample.debugDescription)")
            XCTAssertGreaterThan(
                abs(try Self.naiveWidth(sample, font: font, registry: registry) - harfBuzz), 0.01,
                "\(name): cutting its sample at spaces changes its width")
            let pools = CharacterPools(face.characters)
            for _ in 0..<200 {
                let line = pools.line(&random)
                let (engine, harfBuzz) = try Self.widths(line, font: font, registry: registry, cache: cache)
                XCTAssertEqual(engine, harfBuzz, accuracy: 0.001, "\(name): \(line.debugDescription)")
            }
        }
    }

    /// The seconds of this thread's processor time to open `path` and shape `text` in it,
    /// through the engine (`FontFace`, its analyses, a first prepared text with a word cache)
    /// and through HarfBuzz alone (read the file, `hb_face_create`, a first `hb_shape`): the
    /// least of three tries each. Processor time, not wall time, so that other work on a busy
    /// machine does not make a face look slow.
    static func openingTimes(_ path: String, text: String) throws -> (engine: Double, harfBuzz: Double) {
        var engine = Double.infinity
        var harfBuzz = Double.infinity
        let utf16 = Array(text.utf16)
        func cpuTime() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        for _ in 0..<3 {
            var start = cpuTime()
            let registry = FontRegistry(includeBundledFonts: false)
            let face = try registry.face(path: path)
            _ = try PreparedText(
                text, font: Font(face: face, size: 17), registry: registry,
                shapingCache: ShapingCache(maximumBytes: 1 << 20))
            engine = min(engine, cpuTime() - start)
            start = cpuTime()
            XCTAssertGreaterThan(ts_harfbuzz_alone(path, utf16, Int32(utf16.count)), 0)
            harfBuzz = min(harfBuzz, cpuTime() - start)
        }
        return (engine, harfBuzz)
    }

    /// A font whose space rules span 65,535 glyphs (64 chained rules whose every coverage
    /// holds all of them, a class kern over them) opens and shapes within 50 ms of HarfBuzz
    /// alone: the analysis charges every glyph it visits to the face's budget, which runs out,
    /// and the face's runs stay whole.
    func testAFontWithHugeSpaceRulesOpensFast() throws {
        let path = Self.builtDirectory.appendingPathComponent("huge-space-rules.ttf").path
        let (face, _) = try Self.open(path)
        XCTAssertEqual(face.tables.glyphCount, 65535)
        var refusal: Int32 = 0
        XCTAssertEqual(ts_face_cut_state(face.handle, nil, &refusal), -1)
        XCTAssertEqual(refusal, 32, "TS_REFUSED_BUDGET")
        let times = try Self.openingTimes(path, text: "abc def ghi")
        XCTAssertLessThan(
            times.engine - times.harfBuzz, 0.050, "engine \(times.engine) s, HarfBuzz \(times.harfBuzz) s")
        try assertExact("abc def ghi", path: path, size: 17)
    }

    /// Every Regular face of fonts-noto-core opens and shapes a line of its own script within
    /// 50 ms of HarfBuzz alone.
    func testEveryNotoRegularFaceOpensWithin50MillisecondsOfHarfBuzz() throws {
        var slow: [String] = []
        for path in Self.notoFaces {
            let (face, _) = try Self.open(path)
            let letters = Self.ownScript(face).letters
            let text = String(String.UnicodeScalarView(letters.prefix(12) + [" "] + letters.suffix(8)))
            let times = try Self.openingTimes(path, text: text.isEmpty ? "a" : text)
            if times.engine - times.harfBuzz >= 0.050 {
                slow.append("\(path): engine \(times.engine) s, HarfBuzz \(times.harfBuzz) s")
            }
        }
        XCTAssertEqual(slow, [])
    }
}
