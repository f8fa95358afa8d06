import CTextShim
import Foundation
import XCTest

@testable import Typesetting

/// Prepare once, lay out many times: the results equal preparing afresh for every layout, with
/// or without the shaping cache (which shapes word by word where that cannot change a glyph),
/// and a shared cache stays within its size and gives the same results from many threads.
final class PreparedTextIdentityTests: XCTestCase {
    /// Every 40th string of the benchmark corpus (real UI strings in 15 languages), plus texts
    /// that stress the word cache: capitals and punctuation next to spaces (Inter's contextual
    /// case forms reach across spaces), mixed scripts, emoji, hard breaks, repeated words.
    static let texts: [String] = {
        var texts = [
            "AVAWAY To - Type LTA Wave", "((parentheses)) [brackets] {braces} «guillemets» „Anführungszeichen“",
            "A - B : C + D = E", "The quick brown fox jumps over the lazy dog the quick brown fox",
            "Arabic مرحبا بالعالم inside an English sentence, then back.", "שלום עולם, זהו טקסט בעברית לבדיקה.",
            "नमस्ते दुनिया, यह हिंदी में एक लंबा वाक्य है।", "สวัสดีชาวโลก นี่คือข้อความภาษาไทย", "你好，世界！这是一个用于测试换行的中文长句子。",
            "Great job! 🎉👏 See you soon 👨‍👩‍👧‍👦 🇩🇪", "line one\nline two\r\nline three\n", "  leading and trailing  ",
            "Donaudampfschifffahrtsgesellschaftskapitän und Rechtsschutzversicherungsgesellschaften",
            "office ffi fl -> => <=",
        ]
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/corpus/ui-strings.tsv")
        if let content = try? String(contentsOf: corpus, encoding: .utf8) {
            for (index, line) in content.split(separator: "\n").enumerated() where index > 0 && index % 40 == 0 {
                guard let tab = line.firstIndex(of: "\t") else { continue }
                texts.append(
                    String(line[line.index(after: tab)...]).replacingOccurrences(of: "\\n", with: "\n"))
            }
        }
        return texts
    }()

    static let options: [LayoutOptions] = [20.0, 57, 120, 200, 343, .infinity].flatMap { width in
        [
            LayoutOptions(width: width),
            LayoutOptions(width: width, numberOfLines: 1, lineBreakMode: .byTruncatingTail),
            LayoutOptions(width: width, numberOfLines: 2, lineBreakMode: .byTruncatingMiddle),
            LayoutOptions(width: width, lineBreakMode: .byCharWrapping),
        ]
    }

    func testCorpusIsLoaded() {
        XCTAssertGreaterThan(Self.texts.count, 500, "the benchmark corpus should be readable from the tests")
    }

    func testPreparedOnceEqualsPreparedForEveryLayoutWithAndWithoutCache() throws {
        let font = try Fixtures.inter(17)
        let cache = ShapingCache(maximumBytes: 1 << 20)
        for text in Self.texts {
            let prepared = try PreparedText(text, font: font, shapingCache: cache)
            let uncached = try PreparedText(text, font: font, shapingCache: nil)
            XCTAssertEqual(prepared.naturalWidth, uncached.naturalWidth, text)
            for options in Self.options {
                let once = try prepared.layout(options)
                XCTAssertEqual(try prepared.measure(options), once.measurement, "\(text): measure equals layout")
                XCTAssertEqual(once, try uncached.layout(options), "\(text) at \(options.width), cache vs none")
                XCTAssertEqual(
                    once, try PreparedText(text, font: font, shapingCache: cache).layout(options),
                    "\(text) at \(options.width), prepared once vs afresh")
            }
        }
        let statistics = cache.statistics
        XCTAssertGreaterThan(statistics.hits, 0)
        XCTAssertGreaterThan(statistics.misses, 0)
        XCTAssertLessThanOrEqual(statistics.bytes, cache.maximumBytes)
    }

    /// Word by word through the cache, every cluster gets exactly the advance and the unsafe
    /// marks of shaping each run whole.
    func testCachedShapingGivesTheAdvancesOfWholeRuns() throws {
        let font = try Fixtures.inter(17)
        let cache = ShapingCache(maximumBytes: 1 << 20)
        for text in Self.texts {
            let cached = try PreparedText(text, font: font, shapingCache: cache).paragraphs
            let whole = try PreparedText(text, font: font, shapingCache: nil).paragraphs
            XCTAssertEqual(cached.map(\.prefix), whole.map(\.prefix), text)
            XCTAssertEqual(cached.map { Array($0.clusterStarts) }, whole.map { Array($0.clusterStarts) }, text)
            XCTAssertEqual(cached.map(\.unsafeBefore), whole.map(\.unsafeBefore), text)
        }
        XCTAssertGreaterThan(cache.statistics.hits, 100, "words repeat across the sample")
    }

    func testRunsKeepEveryGlyph() throws {
        let font = try Fixtures.inter(17)
        for text in Self.texts.prefix(100) {
            let prepared = try PreparedText(text, font: font)
            let runs = prepared.runs
            XCTAssertEqual(runs.first?.range.lowerBound ?? 0, 0, text)
            let width = runs.reduce(0) { $0 + $1.width }
            if prepared.paragraphs.count == 1 && prepared.letterSpacing == 0 {
                let paragraph = prepared.paragraphs[0]
                XCTAssertEqual(width, paragraph.prefix[paragraph.count], accuracy: 1e-9, "\(text): every glyph")
            }
        }
    }

    /// The lone space a face keeps is U+0020 shaped on its own through `hb_shape`, in every
    /// bundled family, direction, script and switch combination, asked twice (made, then read).
    func testKeptSpaceIsTheShapedSpace() throws {
        guard let directory = FontRegistry.bundledFontsDirectory else { throw XCTSkip("no bundled fonts") }
        let faces = try ["Inter/Inter-Regular.otf", "Inter/Inter-Bold.otf", "DejaVu/DejaVuSans.ttf"].map {
            try FontFace(path: directory + "/" + $0)
        }
        let scripts: [Int32] = [-1, 0, 25, 8, 2]  // guessed, Common, Latin, Cyrillic, Arabic
        var keptCount = 0
        for face in faces {
            for script in scripts {
                for flags in 0..<8 {
                    let (rightToLeft, kerning, ligatures) = (flags & 1 != 0, flags & 2 != 0, flags & 4 != 0)
                    let expected = try Shaper.glyphs(
                        [0x20], range: 0..<1, face: face, rightToLeft: rightToLeft, script: script,
                        kerning: kerning, ligatures: ligatures, harfBuzzOnly: true)
                    for _ in 0..<2 {
                        var glyph = TSGlyph()
                        let kept = ts_face_kept_glyph(
                            face.handle, 0x20, rightToLeft ? 1 : 0, script, kerning ? 1 : 0, ligatures ? 1 : 0,
                            &glyph)
                        let what = "\(face.postScriptName) \(script) \(flags)"
                        if kept == 0 { continue }
                        keptCount += 1
                        XCTAssertEqual(kept, 1, what)
                        XCTAssertEqual(expected.count, 1, what)
                        XCTAssertEqual(glyph.glyph, expected[0].glyph, what)
                        XCTAssertEqual(glyph.cluster, 0, what)
                        XCTAssertEqual(glyph.xAdvance, expected[0].xAdvance, what)
                        XCTAssertEqual(glyph.yAdvance, expected[0].yAdvance, what)
                        XCTAssertEqual(glyph.xOffset, expected[0].xOffset, what)
                        XCTAssertEqual(glyph.yOffset, expected[0].yOffset, what)
                        XCTAssertEqual(glyph.unsafeToBreak, expected[0].unsafeToBreak, what)
                    }
                }
            }
        }
        // 32 slots a face: most keys are kept, the rest shaped as any segment.
        XCTAssertGreaterThanOrEqual(keptCount, 32)
    }

    func testCacheCountsHitsAndStaysWithinItsSize() throws {
        let font = try Fixtures.inter(17)
        let cache = ShapingCache(maximumBytes: 16 << 10, shards: 4)
        _ = try PreparedText("one two three", font: font, shapingCache: cache)
        let first = cache.statistics
        XCTAssertEqual(first.hits, 0, "the face keeps a lone space and the ellipsis (ts_face_kept_glyph)")
        XCTAssertEqual(first.misses, 3, "three words")
        _ = try PreparedText("three two one", font: font, shapingCache: cache)
        let second = cache.statistics
        XCTAssertEqual(second.hits - first.hits, 3, "every word: a word is one entry wherever it stands")
        XCTAssertEqual(second.misses - first.misses, 0)
        _ = try PreparedText("three, one", font: font, shapingCache: cache)
        XCTAssertEqual(cache.statistics.misses - second.misses, 1, "only 'three,' is new")
        for index in 0..<2000 { _ = try PreparedText("word\(index) other\(index)", font: font, shapingCache: cache) }
        let full = cache.statistics
        XCTAssertLessThanOrEqual(full.bytes, 16 << 10)
        XCTAssertGreaterThan(full.evictions, 0)
        XCTAssertGreaterThan(full.entries, 10)
        cache.removeAll()
        XCTAssertEqual(
            cache.statistics, ShapingCache.Statistics(hits: 0, misses: 0, evictions: 0, entries: 0, bytes: 0))
    }

    /// Every prepared text keeps its fonts' ellipsis widths, the advance of "…" each face keeps
    /// per shaping switch: at every size and setting they are "…" shaped on its own (through
    /// `hb_shape`), with and without a shaping cache, and in every switch combination.
    func testEllipsisWidthIsTheShapedEllipsis() throws {
        for size in [12.0, 17, 31] {
            let font = try Fixtures.inter(size)
            for (kerning, ligatures) in [(true, true), (false, true), (true, false), (false, false)] {
                let glyphs = try Shaper.glyphs(
                    [0x2026], range: 0..<1, face: font.face, rightToLeft: false, script: 0, kerning: kerning,
                    ligatures: ligatures, harfBuzzOnly: true)
                let expected = glyphs.reduce(0) { $0 + Double($1.xAdvance) } * font.pointsPerUnit + font.tracking
                XCTAssertGreaterThan(expected, 0)
                for cache in [ShapingCache(maximumBytes: 1 << 20), nil] {
                    let text = try PreparedText(
                        "Hi", font: font, kerning: kerning, ligatures: ligatures, shapingCache: cache)
                    XCTAssertEqual(text.ellipsisWidths, [expected], "\(size) \(kerning) \(ligatures)")
                }
            }
        }
    }

    /// CLOCK eviction: an entry used again since the hand last passed gets a second chance;
    /// the oldest unused one goes.
    func testEvictionSparesEntriesUsedAgain() throws {
        let font = try Fixtures.inter(17)
        let probe = ShapingCache(maximumBytes: 1 << 20, shards: 1)
        for word in ["alpha", "bravo", "charlie"] { _ = try PreparedText(word, font: font, shapingCache: probe) }
        // Room for those three words, and less than one word more.
        let cache = ShapingCache(maximumBytes: probe.statistics.bytes + 100, shards: 1)
        for word in ["alpha", "bravo", "charlie", "alpha"] {
            _ = try PreparedText(word, font: font, shapingCache: cache)
        }
        XCTAssertEqual(cache.statistics.evictions, 0)
        _ = try PreparedText("delta", font: font, shapingCache: cache)
        XCTAssertEqual(cache.statistics.evictions, 1)
        let before = cache.statistics
        _ = try PreparedText("alpha", font: font, shapingCache: cache)
        XCTAssertEqual(cache.statistics.hits - before.hits, 1, "'alpha' (used again) stays")
        _ = try PreparedText("bravo", font: font, shapingCache: cache)
        XCTAssertEqual(cache.statistics.misses - before.misses, 1, "'bravo' (never used again) went")
    }

    func testSharedCacheFromManyThreadsGivesTheSerialResults() throws {
        let font = try Fixtures.inter(17)
        let texts = Array(Self.texts.prefix(400))
        let options = LayoutOptions(width: 150)
        let serial = try texts.map { try PreparedText($0, font: font, shapingCache: nil).layout(options) }
        // Small enough to evict while the threads run.
        let cache = ShapingCache(maximumBytes: 64 << 10, shards: 2)
        let results = ResultBox(count: texts.count)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for round in 0..<3 {
                for index in stride(from: (worker + round) % 4, to: texts.count, by: 4) {
                    results.set(index, try? PreparedText(texts[index], font: font, shapingCache: cache).layout(options))
                }
            }
        }
        for index in texts.indices {
            XCTAssertEqual(results.get(index), serial[index], texts[index])
        }
        XCTAssertLessThanOrEqual(cache.statistics.bytes, 64 << 10)
    }

    /// An Arabic word broken between letters changes its joining forms; the line is shaped
    /// again on its own, so each line is as wide as its text prepared alone.
    func testLinesEndingAtUnsafeBreaksAreShapedAgain() throws {
        let font = try Fixtures.inter(17)
        for text in ["مرحبابالعالمهذانصعربيطويل", "Arabic مرحبا بالعالم inside", "नमस्तेदुनियायहहिंदी"] {
            let prepared = try PreparedText(text, font: font)
            XCTAssertFalse(prepared.paragraphs[0].unsafeBefore.isEmpty, "\(text): HarfBuzz marks unsafe breaks")
            for width in [15.0, 30, 45, 60] {
                let layout = try prepared.layout(LayoutOptions(width: width, lineBreakMode: .byCharWrapping))
                XCTAssertGreaterThan(layout.lineCount, 1, "\(text) at \(width)")
                for line in layout.lines {
                    let alone = try PreparedText(prepared.displayedText(of: line), font: font)
                    XCTAssertEqual(
                        line.width, alone.naturalWidth, accuracy: 1e-9,
                        "\(text) at \(width): \(prepared.displayedText(of: line))")
                }
            }
        }
    }

    /// Where a break opportunity is unsafe (Thai, Japanese, Hindi, Arabic, kerning with the
    /// space), the width of a line starting or ending there comes from the difference worked
    /// out when preparing; each line still measures what its text measures prepared alone.
    func testLinesAtUnsafeBreakOpportunitiesMeasureAsTheirTextAlone() throws {
        let font = try Fixtures.inter(17)
        var checked = 0
        for text in Self.texts {
            let prepared = try PreparedText(text, font: font)
            guard prepared.paragraphs.contains(where: { !$0.unsafeBoundaries.isEmpty }) else { continue }
            for width in [40.0, 80, 120, 200] {
                for line in try prepared.layout(LayoutOptions(width: width)).lines where !line.visibleRanges[0].isEmpty
                {
                    let alone = try PreparedText(prepared.displayedText(of: line), font: font)
                    XCTAssertEqual(line.width, alone.naturalWidth, accuracy: 1e-9, "\(text) at \(width)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 100, "the corpus sample has texts with unsafe break opportunities")
    }
}

/// Results written by several threads, each to its own index.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [TextLayout?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: TextLayout?) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }
    func get(_ index: Int) -> TextLayout? {
        lock.lock()
        defer { lock.unlock() }
        return values[index]
    }
}
