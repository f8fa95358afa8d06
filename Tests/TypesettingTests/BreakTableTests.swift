import Foundation
import XCTest

@testable import Typesetting

/// `measure(_:)` at a new width reads the break table (`BreakTable`) and must give exactly what
/// `layout(_:)` gives, and what preparing the text afresh at that width gives: the corpus
/// benchmark's re-layout (343 pt, then 300 pt) over a sample of the corpus, and the table's
/// edges (several fonts on a line, empty paragraphs, final hard breaks, the line limit).
final class BreakTableTests: XCTestCase {
    /// The benchmark corpus (real UI strings in 15 languages).
    static let corpus: [String] = {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/corpus/ui-strings.tsv")
        guard let content = try? String(contentsOf: corpus, encoding: .utf8) else { return [] }
        var texts: [String] = []
        for (index, line) in content.split(separator: "\n").enumerated() where index > 0 {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            texts.append(String(line[line.index(after: tab)...]).replacingOccurrences(of: "\\n", with: "\n"))
        }
        return texts
    }()

    /// Options the table answers itself (no truncation, no character wrapping).
    static let tableOptions: [LayoutOptions] = [
        LayoutOptions(width: 300),
        LayoutOptions(width: 300, lineSpacing: 3.5),
        LayoutOptions(width: 300, lineHeightMultiple: 1.2),
        LayoutOptions(width: 300, includesTrailingEmptyLine: true, includesLineGap: false),
        LayoutOptions(width: 300, numberOfLines: 9, lineBreakMode: .byTruncatingTail),
        LayoutOptions(width: 120, lineBreakMode: .byClipping),
        LayoutOptions(width: 57),
    ]

    /// The whole corpus; every 4th text also under each of `tableOptions`.
    func testRelayoutAt300EqualsAFreshLayoutAt300OverTheCorpus() throws {
        XCTAssertGreaterThan(Self.corpus.count, 38_000, "the benchmark corpus should be readable from the tests")
        let font = try Fixtures.inter(17)
        let cache = ShapingCache(maximumBytes: 8 << 20)
        var linesAt300 = 0
        var fromTable = 0
        var sampled = 0
        for (index, text) in Self.corpus.enumerated() {
            let prepared = try PreparedText(text, font: font, shapingCache: cache)
            XCTAssertEqual(
                try prepared.measure(LayoutOptions(width: 343)),
                try prepared.layout(LayoutOptions(width: 343)).measurement, text)
            let relaid = try prepared.measure(LayoutOptions(width: 300))
            let fresh = try PreparedText(text, font: font, shapingCache: cache).layout(LayoutOptions(width: 300))
            XCTAssertEqual(relaid, fresh.measurement, "\(text): re-layout at 300 vs prepared afresh")
            linesAt300 += relaid.lineCount
            guard index % 4 == 0 else { continue }
            sampled += 1
            for options in Self.tableOptions {
                let measured = try prepared.measure(options)
                XCTAssertEqual(measured, try prepared.layout(options).measurement, "\(text) at \(options)")
                if let table = prepared.measureFromTable(options) {
                    XCTAssertEqual(table, measured, "\(text) at \(options): the table")
                    fromTable += 1
                }
            }
        }
        XCTAssertGreaterThan(linesAt300, Self.corpus.count)
        // Most measures are answered from the table (the rest have unsafe boundaries at break
        // opportunities, tabs, or words wider than the line, which 57 and 120 pt make common).
        XCTAssertGreaterThan(fromTable, sampled * Self.tableOptions.count * 4 / 5)
    }

    /// Lines in several fonts take the tallest of the fonts they show: the table's font masks
    /// give `lineMetrics`'s values, including for a line of whitespace alone.
    func testLinesInSeveralFontsFromTheTableEqualLayout() throws {
        let font = try Fixtures.inter(17)
        let texts = [
            "Settings 設定 and more text after the Japanese word 日本語のテキスト here",
            "مرحبا Hello שלום world नमस्ते and some more words to wrap the line",
            "Emoji 🎉 on one line and 👏 on the next line of the paragraph",
            "first\n\nthird paragraph 你好 after an empty one\n",
            "trailing break\n", "\n", "a\nb\nc", "",
        ]
        for text in texts {
            let prepared = try PreparedText(text, font: font)
            for width in [20.0, 60, 90, 150, 300, .infinity] {
                for options in [
                    LayoutOptions(width: width), LayoutOptions(width: width, includesTrailingEmptyLine: true),
                    LayoutOptions(width: width, lineSpacing: 2, includesLineGap: false),
                ] {
                    let layout = try prepared.layout(options)
                    XCTAssertEqual(try prepared.measure(options), layout.measurement, "\(text) at \(width)")
                    if let table = prepared.measureFromTable(options) {
                        XCTAssertEqual(table, layout.measurement, "\(text) at \(width): the table")
                    }
                }
            }
        }
        // These have no unsafe boundary at a break opportunity in the bundled faces (Droid Sans
        // Fallback for the CJK; an installed Noto Sans CJK marks some), so the table answers them at 300.
        for text in texts[0...0] + texts[3...] {
            let prepared = try PreparedText(text, font: font, registry: Fixtures.bundledRegistry)
            XCTAssertNotNil(prepared.measureFromTable(LayoutOptions(width: 300)), text)
        }
    }

    /// What the table leaves to the general path: a word wider than the line, the last line
    /// allowed with text left, character wrapping, and texts with tabs.
    func testTheTableLeavesEmergencyBreaksTruncationAndTabsToTheGeneralPath() throws {
        let font = try Fixtures.inter(17)
        let words = try PreparedText("The quick brown fox jumps over the lazy dog", font: font)
        XCTAssertNotNil(words.measureFromTable(LayoutOptions(width: 100)))
        XCTAssertNil(words.measureFromTable(LayoutOptions(width: 20)), "a word wider than the line")
        XCTAssertNil(words.measureFromTable(LayoutOptions(width: 100, numberOfLines: 2)), "truncated")
        XCTAssertNotNil(words.measureFromTable(LayoutOptions(width: 100, numberOfLines: 9)), "fits the limit")
        XCTAssertNil(words.measureFromTable(LayoutOptions(width: 100, lineBreakMode: .byCharWrapping)))
        let tabs = try PreparedText("Name\tValue\tMore", font: font)
        XCTAssertNil(tabs.measureFromTable(LayoutOptions(width: 100)), "tabs")
        for options in [LayoutOptions(width: 20), LayoutOptions(width: 100, numberOfLines: 2)] {
            XCTAssertEqual(try words.measure(options), try words.layout(options).measurement)
        }
    }
}
