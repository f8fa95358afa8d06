import Foundation
import XCTest

@testable import Typesetting

/// Wrap stability: a text stays on one line at its own unbounded width, keeps the same lines
/// when laid out again at its measured width, and never has a line wider than the width
/// unless that line is a single grapheme cluster (the line count is never under-counted).
final class WrapStabilityTests: XCTestCase {
    static let corpus: [String] = [
        // English
        "The quick brown fox jumps over the lazy dog.",
        "Sign up to get started with your free account today.",
        "A label with numberOfLines set to zero wraps at its preferred maximum layout width.",
        "AVAWAY To Type: kerning pairs, office affluent ligatures, and 1,234.56 numbers.",
        "Short",
        "Hello, World!",
        "Don't stop believing — hold on to that feeling (and keep wrapping).",
        "https://example.com/a/very/long/path/that/has/no/spaces/at/all/and/keeps/going",
        "Supercalifragilisticexpialidocious is a word longer than most narrow lines.",
        "Tabs\tand  double  spaces   and trailing spaces   ",
        "Numbers 3.14159 2.71828 1.41421 and percentages 99% 100% 12.5%",
        // German with long compounds
        "Donaudampfschifffahrtsgesellschaftskapitänsmütze und Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz.",
        "Die Straßenbahnhaltestelle liegt gegenüber dem Bundesverfassungsgericht in Karlsruhe.",
        "Kraftfahrzeug-Haftpflichtversicherung ist in Deutschland für alle Fahrzeughalter Pflicht.",
        "Größenverhältnisse, Übergänge und Äußerungen – mit Umlauten und Eszett.",
        // CJK
        "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。",
        "今天天气很好，我们一起去公园散步吧。然后去吃饭。",
        "東京都千代田区丸の内一丁目、日本の首都の中心部に位置する。",
        "한국어 문장은 띄어쓰기로 단어를 구분합니다. 줄바꿈도 마찬가지입니다.",
        "中华人民共和国是位于东亚的国家，首都是北京。",
        "カタカナとひらがなの混ざった文章を折り返すテストです。",
        // Mixed scripts, emoji, RTL
        "Mixed English 日本語 text with 中文 and Deutsch Straßenbahn.",
        "Emoji 👨‍👩‍👧‍👦 families 🇯🇵 flags and 👍🏽 skin tones in a sentence.",
        "Arabic مرحبا بالعالم inside an English sentence, then back.",
        "עברית ו-English באותה שורה עם מספרים 123.",
        "Devanagari नमस्ते दुनिया and Thai สวัสดีชาวโลก together.",
        "Ελληνικά και Русский текст вместе с English words.",
        "Café résumé naïve coöperate façade — combining e\u{301} and a\u{308}.",
        "((parentheses)) [brackets] {braces} «guillemets» „Anführungszeichen“",
        "One-two-three-four-five-six-seven-eight-nine-ten hyphenated chain.",
        "x",
    ]

    static let widths: [Double] = [40, 80, 120, 200, 343]

    /// A line's in-context width (trailing whitespace hanging), computed from the prepared
    /// paragraph itself rather than from `Line.width`.
    /// The width of a line's content (hanging whitespace excluded), worked out again from the
    /// prepared paragraph: prepared advances, or the line shaped on its own where HarfBuzz
    /// marked a break at either end unsafe.
    static func contentWidth(of line: Line, in text: PreparedText) -> (width: Double, clusters: Int)? {
        for p in text.paragraphs {
            let relativeStart = line.range.lowerBound - p.base
            let relativeEnd = line.range.upperBound - p.base
            guard relativeStart >= 0, relativeEnd <= p.clusterStarts[p.count],
                let a = p.clusterStarts.firstIndex(of: relativeStart),
                let b = p.clusterStarts.firstIndex(of: relativeEnd)
            else { continue }
            let end = max(a, p.contentEnd[b])
            var start = LineStart(cluster: a)
            return (text.lineWidth(p, from: &start, to: b), end - a)
        }
        return nil
    }

    func testUnboundedWidthIsOneLine() throws {
        let font = try Fixtures.inter(17)
        for text in Self.corpus {
            let prepared = try PreparedText(text, font: font)
            let unbounded = try prepared.layout(LayoutOptions(width: .infinity))
            XCTAssertEqual(unbounded.lineCount, 1, text)
            XCTAssertEqual(unbounded.width, prepared.naturalWidth, text)
            XCTAssertFalse(unbounded.isTruncated, text)
            // At exactly its natural width, and at the pixel-ceiled natural width, it still fits.
            for width in [prepared.naturalWidth, unbounded.size(scale: 2).width, unbounded.size(scale: 3).width] {
                let layout = try prepared.layout(LayoutOptions(width: width))
                XCTAssertEqual(layout.lineCount, 1, "\(text) at its own width \(width)")
            }
        }
    }

    func testRelayoutAtMeasuredWidthKeepsTheLines() throws {
        let font = try Fixtures.inter(17)
        for text in Self.corpus {
            let prepared = try PreparedText(text, font: font)
            for width in Self.widths {
                let first = try prepared.layout(LayoutOptions(width: width))
                let ranges = first.lines.map(\.range)
                let again = try prepared.layout(LayoutOptions(width: first.width))
                XCTAssertEqual(again.lines.map(\.range), ranges, "\(text): W \(width) then \(first.width)")
                XCTAssertEqual(again.width, first.width, "\(text) at \(width)")
                for scale in PixelGrid.scales {
                    let ceiled = first.size(scale: scale).width
                    guard ceiled <= width else { continue }
                    let snapped = try prepared.layout(LayoutOptions(width: ceiled))
                    XCTAssertEqual(snapped.lines.map(\.range), ranges, "\(text): W \(width) then ceiled \(ceiled)")
                }
            }
        }
    }

    func testNoLineIsWiderThanTheWidthUnlessOneCluster() throws {
        let font = try Fixtures.inter(17)
        for text in Self.corpus {
            let prepared = try PreparedText(text, font: font)
            for width in Self.widths + [8, 15] {
                for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
                    let layout = try prepared.layout(LayoutOptions(width: width, lineBreakMode: mode))
                    var covered = 0
                    for line in layout.lines {
                        let measured = try XCTUnwrap(Self.contentWidth(of: line, in: prepared), "\(text)")
                        let graphemes = text.utf16Slice(line.visibleRanges[0]).count
                        if measured.width > width + 1e-9 {
                            XCTAssertEqual(
                                graphemes, 1,
                                "\(text) [\(mode)] at \(width): line \(text.utf16Slice(line.range).debugDescription) is \(measured.width) wide"
                            )
                        }
                        XCTAssertFalse(line.range.isEmpty && !text.isEmpty, "\(text): empty line")
                        XCTAssertGreaterThanOrEqual(line.range.lowerBound, covered, "\(text): lines overlap")
                        covered = line.range.upperBound
                    }
                    XCTAssertEqual(
                        covered, text.utf16.count, "\(text) [\(mode)] at \(width): lines do not cover the text")
                }
            }
        }
    }

    /// A word broken between clusters where HarfBuzz marked the break unsafe: the test
    /// font kerns A V, and U+202E RIGHT-TO-LEFT OVERRIDE sets "VA" right to left, so the pair
    /// is "A" then "V" and the kerning narrows the advance of "A" (8 pt in the paragraph, 10
    /// alone). After the break between "V" and "A", the next line starts with "A" shaped
    /// apart, 10 pt, and line filling must count that: "Ai" is 18 pt, not the 16 its
    /// prepared advances add up to, so at 17 pt it does not fit.
    func testLineAfterAnUnsafeEmergencyBreakFitsAtItsShapedWidth() throws {
        let text = try Fixtures.boxes("\u{202E}VAi")
        let paragraph = text.paragraphs[0]
        XCTAssertEqual(paragraph.width(2, 3), 8, "the kerned advance of A in the paragraph")
        XCTAssertEqual(paragraph.unsafeBefore, [false, false, true, false], "the break before A is unsafe")
        let layout = try text.layout(LayoutOptions(width: 17))
        XCTAssertEqual(layout.lines.map { text.displayedText(of: $0) }, ["\u{202E}V", "A", "i"])
        XCTAssertEqual(layout.lines.map(\.width), [10, 10, 8])
        XCTAssertEqual(try text.measure(LayoutOptions(width: 17)), layout.measurement)
    }

    func testLinesStartAtGraphemeBoundaries() throws {
        let font = try Fixtures.inter(17)
        for text in Self.corpus {
            let prepared = try PreparedText(text, font: font)
            var boundaries = Set<Int>()
            var offset = 0
            for character in text {
                boundaries.insert(offset)
                offset += character.utf16.count
            }
            boundaries.insert(offset)
            for width in [8.0, 40, 120] {
                for mode in LineBreakMode.allCases {
                    let layout = try prepared.layout(LayoutOptions(width: width, lineBreakMode: mode))
                    for line in layout.lines {
                        XCTAssertTrue(boundaries.contains(line.range.lowerBound), "\(text) [\(mode)] \(line.range)")
                        XCTAssertTrue(boundaries.contains(line.range.upperBound), "\(text) [\(mode)] \(line.range)")
                        for visible in line.visibleRanges {
                            XCTAssertTrue(boundaries.contains(visible.lowerBound), "\(text) [\(mode)] \(visible)")
                            XCTAssertTrue(boundaries.contains(visible.upperBound), "\(text) [\(mode)] \(visible)")
                        }
                    }
                }
            }
        }
    }
}
