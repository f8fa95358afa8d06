import XCTest

@testable import Typesetting

/// The itemizer's shortcuts past Swift's grapheme breaking must find the clusters it finds.
final class TextAnalysisTests: XCTestCase {
    /// Every simple base, followed by ASCII, by another simple base or by nothing, ends a
    /// grapheme cluster of one code point; followed by a combining mark or a joiner it does not
    /// (the shortcut must not be taken there, and is not: neither follower is a simple base).
    func testSimpleBasesAreGraphemeClustersOfTheirOwn() {
        let bases = (0..<0x10000).compactMap { value -> Unicode.Scalar? in
            Itemizer.isSimpleBase(UInt16(value)) ? Unicode.Scalar(UInt32(value)) : nil
        }
        XCTAssertGreaterThan(bases.count, 30_000)
        let followers: [Unicode.Scalar] = ["a", " ", "1", "\u{4E00}", "\u{0E01}", "\u{00E9}", "\u{AC00}", "\u{0410}"]
        for base in bases {
            XCTAssertEqual(String(Character(base)).count, 1)
            for follower in followers {
                var text = String()
                text.unicodeScalars.append(base)
                text.unicodeScalars.append(follower)
                let pair = "U+\(String(base.value, radix: 16)) U+\(String(follower.value, radix: 16))"
                XCTAssertEqual(text.count, 2, pair)
            }
            XCTAssertFalse(Itemizer.isHangingWhitespace(base))
            XCTAssertFalse(Itemizer.isIgnorable(base))
        }
        for extender: Unicode.Scalar in ["\u{0301}", "\u{200D}", "\u{0E31}", "\u{0E33}", "\u{3099}", "\u{FE0F}"] {
            XCTAssertFalse(Itemizer.isSimpleBase(UInt16(extender.value)))
        }
    }

    /// Texts mixing simple bases with ASCII, marks and joiners prepare to the same clusters and
    /// widths as the cache-free path, which forms every cluster as a `Character`.
    func testShortcutClustersMatchCharacterClusters() throws {
        let font = try Fixtures.inter(17)
        for text in [
            "Café crème, naïve résumé", "Привет, мир", "日本語のテキストabc", "e\u{0301}x\u{0410}\u{0301}",
            "한국어 텍스트", "สวัสดีครับ", "שלום עולם", "مرحبا بالعالم", "“quoted” — dash…", "ア\u{3099}イ",
        ] {
            let prepared = try PreparedText(text, font: font)
            let paragraph = try XCTUnwrap(prepared.paragraphs.first)
            var expected = [0]
            var offset = 0
            for character in text {
                offset += character.utf16.count
                expected.append(offset)
            }
            // Clusters are grapheme clusters, merged only where HarfBuzz joins them.
            let starts = Array(paragraph.clusterStarts)
            XCTAssertTrue(Set(starts).isSubset(of: Set(expected)), text)
            XCTAssertEqual(starts.last, text.utf16.count, text)
        }
    }

    /// The UTF-8 to UTF-16 transcoding gives what `String.utf16` gives, for every length of
    /// UTF-8 sequence, in a substring that starts and ends inside a longer string.
    func testUTF16UnitsMatchTheStandardLibrary() {
        let text = "aé€😀 Ωж中\u{10FFFF}\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}ok"
        for start in 0..<4 {
            let substring = text.dropFirst(start).dropLast(start)
            XCTAssertEqual(Itemizer.utf16Units(substring), Array(substring.utf16))
        }
        XCTAssertEqual(Itemizer.utf16Units(""[...]), [])
    }
}
