import CTextShim
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
    /// ICU is asked for bidi levels only when a unit may raise one (`mayRaiseLevel`): every
    /// other code point, in text made only of such code points (with Latin letters and digits
    /// around them), has level 0, and one that may raise a level is caught.
    func testUnitsThatCannotRaiseALevelLeaveEveryLevelAtZero() throws {
        var units: [UInt16] = []
        var checked = 0
        func flush() throws {
            guard !units.isEmpty else { return }
            // `bidiLevels` of an array goes to ICU whatever the units are.
            var levels = [UInt8](repeating: 9, count: units.count)
            var paragraphLevel: UInt8 = 0
            let status = units.withUnsafeBufferPointer { text in
                levels.withUnsafeMutableBufferPointer {
                    ts_bidi_levels(text.baseAddress, Int32(text.count), -1, $0.baseAddress, &paragraphLevel)
                }
            }
            XCTAssertEqual(status, 0)
            XCTAssertEqual(levels.first { $0 != 0 }, nil, "a level above 0 near U+\(String(units[0], radix: 16))")
            units.removeAll(keepingCapacity: true)
        }
        for value in 0...0x10FFFF {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            let encoded = scalar.utf16
            if encoded.contains(where: TextAnalysis.mayRaiseLevel) { continue }
            units.append(0x61)
            units.append(contentsOf: encoded)
            units.append(0x31)
            checked += 1
            if units.count > 3000 { try flush() }
        }
        try flush()
        XCTAssertGreaterThan(checked, 1_000_000)
        for raising: [UInt16] in [[0x05D0], [0x0627], [0x0660], [0x200F], [0x202B], [0x2067], [0xD802, 0xDD00]] {
            XCTAssertTrue(raising.contains(where: TextAnalysis.mayRaiseLevel))
            XCTAssertNotEqual(try TextAnalysis.bidiLevels([0x61, 0x20] + raising + [0x20, 0x62]).max(), 0)
        }
    }

    func testUTF16UnitsMatchTheStandardLibrary() {
        let text = "aé€😀 Ωж中\u{10FFFF}\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}ok"
        for start in 0..<4 {
            let substring = text.dropFirst(start).dropLast(start)
            XCTAssertEqual(Itemizer.utf16Units(substring), Array(substring.utf16))
        }
        XCTAssertEqual(Itemizer.utf16Units(""[...]), [])
    }
}
