import Foundation
import XCTest

@testable import Typesetting

/// CJK wraps between ideographs; Arabic and Hebrew use their Noto faces right to left;
/// emoji sequences and combining sequences stay one cluster.
final class ScriptTests: XCTestCase {
    func graphemeBoundaries(_ text: String) -> Set<Int> {
        var result: Set<Int> = [0]
        var offset = 0
        for character in text {
            offset += character.utf16.count
            result.insert(offset)
        }
        return result
    }

    func hasLetters(_ text: String, _ run: ShapedRun) -> Bool {
        text.utf16Slice(run.range).unicodeScalars.contains { $0.properties.isAlphabetic }
    }

    func testCJKWrapsBetweenIdeographs() throws {
        let font = try Fixtures.inter(17)
        for text in [
            "吾輩は猫である名前はまだ無いどこで生れたかとんと見当がつかぬ何でも薄暗いじめじめした所で",
            "中华人民共和国是位于东亚的社会主义国家首都是北京人口众多历史悠久",
        ] {
            // The bundled fonts alone: Droid Sans Fallback draws kana and Han (installed CJK faces would come first).
            let prepared = try PreparedText(text, font: font, registry: Fixtures.bundledRegistry)
            XCTAssertTrue(
                prepared.runs.allSatisfy { $0.font.face.family.contains("Droid") }, "\(prepared.runs.map(\.font))")
            let width = 100.0
            let layout = try prepared.layout(LayoutOptions(width: width))
            XCTAssertGreaterThanOrEqual(layout.lineCount, 4, text)
            let ideograph = 17.0  // Droid's ideographs are one em wide
            for line in layout.lines {
                XCTAssertLessThanOrEqual(line.width, width, text)
                // Greedy: every line but the last is within one ideograph of the width.
                if line != layout.lines.last {
                    XCTAssertGreaterThan(line.width, width - ideograph - 1, "\(text.utf16Slice(line.range))")
                }
            }
            // Lines end mid-sentence, between two ideographs: there is no space or punctuation here.
            let first = layout.lines[0]
            XCTAssertEqual(first.range.lowerBound, 0)
            let end = first.range.upperBound
            let before = text.utf16Slice((end - 1)..<end).unicodeScalars.first!
            let after = text.utf16Slice(end..<(end + 1)).unicodeScalars.first!
            XCTAssertFalse(before.properties.isWhitespace)
            XCTAssertTrue(after.properties.isIdeographic || (0x3040...0x30FF).contains(after.value), "\(after)")
            XCTAssertEqual(layout.lines.map { $0.range.count }.reduce(0, +), text.utf16.count)
        }
    }

    func testJapaneseKinsokuKeepsSmallKanaAndPunctuationOffLineStarts() throws {
        // UAX #14: a line never starts with "。" (CL) or "、".
        let text = "あいうえお。かきくけこ、さしすせそ。たちつてと、なにぬねの。"
        let prepared = try PreparedText(text, font: Fixtures.inter(17))
        // From two kana wide up (narrower, "お。" is a word longer than the line and breaks between clusters).
        for width in stride(from: 36.0, through: 120, by: 7) {
            for line in try prepared.layout(LayoutOptions(width: width)).lines where line.range.lowerBound > 0 {
                let first = text.utf16Slice(line.range.lowerBound..<(line.range.lowerBound + 1))
                XCTAssertFalse(["。", "、"].contains(first), "line starts with \(first) at \(width)")
            }
        }
    }

    func testArabicIsRightToLeftInNotoSansArabic() throws {
        let text = "Hello مرحبا بالعالم world"
        let prepared = try PreparedText(text, font: Fixtures.inter(17))
        // Runs holding Arabic letters (a space between scripts may stay in the primary face, as in Core Text).
        let arabic = prepared.runs.filter { hasLetters(text, $0) && $0.script == "Arab" }
        XCTAssertFalse(arabic.isEmpty, "\(prepared.runs.map(\.script))")
        for run in arabic {
            XCTAssertEqual(run.font.face.family, "Noto Sans Arabic")
            XCTAssertTrue(run.isRightToLeft)
            XCTAssertEqual(run.bidiLevel % 2, 1)
            // HarfBuzz returns an RTL run's glyphs in visual order: clusters descend.
            let clusters = run.glyphs.map(\.cluster)
            XCTAssertEqual(clusters, clusters.sorted(by: >))
        }
        let latin = prepared.runs.filter { hasLetters(text, $0) && $0.script == "Latn" }
        XCTAssertFalse(latin.isEmpty)
        for run in latin {
            XCTAssertEqual(run.font.face.family, "Inter")
            XCTAssertFalse(run.isRightToLeft)
        }
        XCTAssertTrue(prepared.fonts.contains { $0.face.family == "Noto Sans Arabic" })
        XCTAssertEqual(prepared.fonts.first?.face.family, "Inter")
    }

    func testHebrewIsRightToLeftInNotoSansHebrew() throws {
        let text = "שלום עולם"
        let prepared = try PreparedText(text, font: Fixtures.inter(17))
        XCTAssertFalse(prepared.runs.isEmpty)
        let hebrew = prepared.runs.filter { hasLetters(text, $0) }
        XCTAssertFalse(hebrew.isEmpty)
        for run in hebrew {
            XCTAssertEqual(run.font.face.family, "Noto Sans Hebrew")
            XCTAssertTrue(run.isRightToLeft)
        }
        // An RTL paragraph: the space between the words is RTL too (level 1).
        XCTAssertTrue(prepared.runs.allSatisfy(\.isRightToLeft), "\(prepared.runs.map(\.bidiLevel))")
        // Wrapping an RTL paragraph keeps logical order.
        let layout = try prepared.layout(LayoutOptions(width: prepared.naturalWidth - 1))
        XCTAssertEqual(layout.lineCount, 2)
        XCTAssertEqual(text.utf16Slice(layout.lines[0].range), "שלום ")
    }

    func testEmojiSequencesStayOneClusterInTheColourFace() throws {
        let font = try Fixtures.inter(17)
        for emoji in ["👨‍👩‍👧‍👦", "🇯🇵", "👍🏽", "❤️", "🏳️‍🌈"] {
            XCTAssertEqual(emoji.count, 1)
            let text = "a\(emoji)\(emoji)b"
            let prepared = try PreparedText(text, font: font)
            let emojiRuns = prepared.runs.filter {
                $0.range.lowerBound >= 1 && $0.range.upperBound <= text.utf16.count - 1
            }
            XCTAssertFalse(emojiRuns.isEmpty)
            for run in emojiRuns {
                XCTAssertTrue(run.font.face.isColor, "\(emoji) set in \(run.font)")
                XCTAssertEqual(run.font.face.family, "Noto Color Emoji")
            }
            let boundaries = graphemeBoundaries(text)
            for mode in LineBreakMode.allCases {
                for width in [0.5, 3, 20] {
                    let layout = try prepared.layout(LayoutOptions(width: width, lineBreakMode: mode))
                    for line in layout.lines {
                        XCTAssertTrue(
                            boundaries.contains(line.range.lowerBound), "\(emoji) split [\(mode)] at \(width)")
                        XCTAssertTrue(
                            boundaries.contains(line.range.upperBound), "\(emoji) split [\(mode)] at \(width)")
                    }
                    if mode == .byWordWrapping || mode == .byCharWrapping {
                        XCTAssertEqual(layout.lineCount, 4, "\(emoji) [\(mode)] at \(width)")
                        XCTAssertEqual(
                            layout.lines.map { text.utf16Slice($0.range) }, ["a", emoji, emoji, "b"],
                            "\(emoji) [\(mode)]")
                    }
                }
            }
        }
    }

    func testCombiningSequenceIsNeverSplit() throws {
        let text = "e\u{301}e\u{301}e\u{301}"
        XCTAssertEqual(text.utf16.count, 6)
        let prepared = try PreparedText(text, font: Fixtures.inter(17))
        for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
            let layout = try prepared.layout(LayoutOptions(width: 1, lineBreakMode: mode))
            XCTAssertEqual(layout.lines.map(\.range), [0..<2, 2..<4, 4..<6], "\(mode)")
        }
        // Decomposed and precomposed é measure the same in Inter (the mark is positioned, zero advance).
        let decomposed = try PreparedText("e\u{301}", font: Fixtures.inter(17)).naturalWidth
        let precomposed = try PreparedText("\u{E9}", font: Fixtures.inter(17)).naturalWidth
        XCTAssertEqual(decomposed, precomposed, accuracy: 0.01)
    }

    func testDevanagariConjunctIsOneCluster() throws {
        // "क्ष" (ka virama ssa) is one grapheme cluster in Unicode 15.1+ but several in older rules;
        // either way, lines must not break inside a HarfBuzz cluster.
        let text = "क्षत्रिय"
        let prepared = try PreparedText(text, font: Fixtures.inter(17))
        XCTAssertTrue(prepared.runs.allSatisfy { $0.font.face.family == "Noto Sans Devanagari" })
        let layout = try prepared.layout(LayoutOptions(width: 1, lineBreakMode: .byCharWrapping))
        let glyphClusters = Set(prepared.runs.flatMap { $0.glyphs.map(\.cluster) } + [text.utf16.count])
        for line in layout.lines {
            XCTAssertTrue(glyphClusters.contains(line.range.lowerBound), "\(line.range) inside a shaped cluster")
        }
    }
}
