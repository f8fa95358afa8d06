import Foundation
import XCTest

@testable import Typesetting

/// Line break modes, numberOfLines, hard breaks, hanging spaces and emergency breaks, with
/// the box font at 16 pt: lowercase 8 pt, uppercase 10 pt, digits 9 pt, space 4 pt, "…" 12 pt,
/// line height 19.09375 pt.
final class LineBreakModeTests: XCTestCase {
    static let lineHeight = 19.09375

    func layout(
        _ text: String, width: Double, lines: Int = 0, mode: LineBreakMode = .byWordWrapping
    ) throws -> TextLayout {
        try Fixtures.boxes(text, size: 16).layout(
            LayoutOptions(width: width, numberOfLines: lines, lineBreakMode: mode))
    }

    func texts(_ text: String, _ layout: TextLayout) -> [String] {
        layout.lines.map { text.utf16Slice($0.range) }
    }

    func visible(_ text: String, _ line: Line) -> String {
        line.visibleRanges.map { text.utf16Slice($0) }.joined(separator: "…")
    }

    // "aaaa bbbb cccc dddd": words 32 pt, spaces 4 pt; offsets a 0–3, b 5–8, c 10–13, d 15–18.
    let four = "aaaa bbbb cccc dddd"

    func testWordWrapFillsGreedilyAndSpacesHang() throws {
        let layout = try layout(four, width: 70)
        XCTAssertEqual(texts(four, layout), ["aaaa bbbb ", "cccc dddd"])
        XCTAssertEqual(layout.lines.map(\.width), [68, 68])
        XCTAssertEqual(layout.width, 68)
        XCTAssertEqual(layout.height, 2 * Self.lineHeight)
        XCTAssertFalse(layout.isTruncated)
        // Exactly the width of "aaaa bbbb" still fits; a hair less does not.
        XCTAssertEqual(try self.layout(four, width: 68).lineCount, 2)
        XCTAssertEqual(texts(four, try self.layout(four, width: 67.99)), ["aaaa ", "bbbb ", "cccc ", "dddd"])
        XCTAssertEqual(try self.layout(four, width: 140).lineCount, 1)
        XCTAssertEqual(try self.layout(four, width: 139.99).lineCount, 2)
    }

    func testTrailingSpacesHang() throws {
        let text = "ab   cd"
        let layout = try layout(text, width: 20)
        XCTAssertEqual(texts(text, layout), ["ab   ", "cd"])
        XCTAssertEqual(layout.lines[0].width, 16)
        XCTAssertEqual(layout.width, 16)
        // Trailing spaces at the end of the text do not count either.
        let trailing = try self.layout("ab  ", width: .infinity)
        XCTAssertEqual(trailing.width, 16)
        XCTAssertEqual(try Fixtures.boxes("ab  ", size: 16).naturalWidth, 16)
        // A no-break space is not a hanging space: it keeps its width.
        XCTAssertEqual(try self.layout("ab\u{A0}", width: .infinity).width, 20)
        // Leading spaces count.
        XCTAssertEqual(try self.layout("  ab", width: .infinity).width, 24)
    }

    func testLongWordBreaksBetweenClusters() throws {
        let text = "abcdefghij"
        let layout = try layout(text, width: 30)
        XCTAssertEqual(texts(text, layout), ["abc", "def", "ghi", "j"])
        XCTAssertTrue(layout.lines.allSatisfy { $0.width <= 30 })
        XCTAssertFalse(layout.isTruncated)
        // A long word after a short one moves to its own line first.
        let mixed = "ab cdefghij"
        XCTAssertEqual(texts(mixed, try self.layout(mixed, width: 50)), ["ab ", "cdefgh", "ij"])
        // Narrower than one cluster: one cluster per line, never zero.
        XCTAssertEqual(texts("abc", try self.layout("abc", width: 1)), ["a", "b", "c"])
    }

    func testCharWrap() throws {
        let text = "ab cdefghij"
        let layout = try layout(text, width: 50, mode: .byCharWrapping)
        XCTAssertEqual(texts(text, layout), ["ab cde", "fghij"])
        XCTAssertEqual(layout.lines.map(\.width), [44, 40])
        // Spaces still hang at the end of a char-wrapped line.
        let spaced = "abcde fgh"
        XCTAssertEqual(texts(spaced, try self.layout(spaced, width: 40, mode: .byCharWrapping)), ["abcde ", "fgh"])
        // Hard breaks still end lines.
        XCTAssertEqual(try self.layout("ab\ncd", width: 100, mode: .byCharWrapping).lineCount, 2)
    }

    func testHardBreaks() throws {
        for separator in ["\n", "\r\n", "\r", "\u{2028}", "\u{2029}"] {
            let text = "ab\(separator)cd"
            let layout = try layout(text, width: 100)
            XCTAssertEqual(layout.lineCount, 2, separator.debugDescription)
            XCTAssertEqual(layout.lines[0].range.lowerBound, 0)
            XCTAssertEqual(layout.lines[1].range, (2 + separator.utf16.count)..<(4 + separator.utf16.count))
            XCTAssertEqual(text.utf16Slice(layout.lines[1].range), "cd")
            XCTAssertEqual(layout.lines.map(\.width), [16, 16], separator.debugDescription)
            XCTAssertEqual(layout.height, 2 * Self.lineHeight)
            // Unbounded: still two lines.
            XCTAssertEqual(try self.layout(text, width: .infinity).lineCount, 2)
        }
        // Empty paragraphs count as lines.
        XCTAssertEqual(try layout("ab\n\ncd", width: 100).lineCount, 3)
        XCTAssertEqual(try layout("ab\n\ncd", width: 100).height, 3 * Self.lineHeight)
        // A label drops the empty line after a final break; a text view keeps it.
        XCTAssertEqual(try layout("ab\n", width: 100).lineCount, 1)
        let kept = try Fixtures.boxes("ab\n", size: 16).layout(
            LayoutOptions(width: 100, includesTrailingEmptyLine: true))
        XCTAssertEqual(kept.lineCount, 2)
        XCTAssertEqual(kept.height, 2 * Self.lineHeight)
    }

    func testTruncateTail() throws {
        let one = try layout(four, width: 70, lines: 1, mode: .byTruncatingTail)
        XCTAssertEqual(one.lineCount, 1)
        XCTAssertTrue(one.isTruncated)
        let line = one.lines[0]
        XCTAssertTrue(line.isTruncated)
        // "aaaa bb" (52) + "…" (12) = 64 ≤ 70; "aaaa bbb…" would be 72.
        XCTAssertEqual(visible(four, line), "aaaa bb")
        XCTAssertEqual(line.ellipsisOffset, 7)
        XCTAssertEqual(line.width, 64)
        XCTAssertEqual(line.range, 0..<19)
        XCTAssertEqual(one.height, Self.lineHeight)
        // A space before the ellipsis does not count: "aaaa…" (44) at width 50.
        let narrow = try layout(four, width: 50, lines: 1, mode: .byTruncatingTail)
        XCTAssertEqual(visible(four, narrow.lines[0]), "aaaa")
        XCTAssertEqual(narrow.lines[0].width, 44)
        // Two lines: the second keeps what fits with the ellipsis.
        let six = "aaaa bbbb cccc dddd eeee ffff"
        let two = try layout(six, width: 70, lines: 2, mode: .byTruncatingTail)
        XCTAssertEqual(two.lineCount, 2)
        XCTAssertTrue(two.isTruncated)
        XCTAssertFalse(two.lines[0].isTruncated)
        XCTAssertEqual(visible(six, two.lines[0]), "aaaa bbbb")
        XCTAssertEqual(visible(six, two.lines[1]), "cccc dd")
        XCTAssertEqual(two.lines[1].ellipsisOffset, 17)
        XCTAssertEqual(two.height, 2 * Self.lineHeight)
        XCTAssertTrue(two.lines.allSatisfy { $0.width <= 70 })
        // Text that fits is not truncated.
        let fits = try layout(four, width: 140, lines: 1, mode: .byTruncatingTail)
        XCTAssertFalse(fits.isTruncated)
        XCTAssertNil(fits.lines[0].ellipsisOffset)
        XCTAssertEqual(fits.width, 140)
    }

    func testTruncateHead() throws {
        let one = try layout(four, width: 70, lines: 1, mode: .byTruncatingHead)
        XCTAssertTrue(one.isTruncated)
        // "…" (12) + "cc dddd" (52) = 64; "…ccc dddd" would be 72.
        XCTAssertEqual(visible(four, one.lines[0]), "cc dddd")
        XCTAssertEqual(one.lines[0].ellipsisOffset, 12)
        XCTAssertEqual(one.lines[0].width, 64)
        XCTAssertLessThanOrEqual(one.width, 70)
    }

    func testTruncateMiddle() throws {
        let one = try layout(four, width: 70, lines: 1, mode: .byTruncatingMiddle)
        XCTAssertTrue(one.isTruncated)
        // Head gets up to half of 70 − 12: "aaa" (24); the tail the rest, 34: "dddd" (32).
        XCTAssertEqual(one.lines[0].visibleRanges.count, 2)
        XCTAssertEqual(visible(four, one.lines[0]), "aaa…dddd")
        XCTAssertEqual(one.lines[0].ellipsisOffset, 3)
        XCTAssertEqual(one.lines[0].width, 68)
        XCTAssertLessThanOrEqual(one.width, 70)
    }

    func testClip() throws {
        let one = try layout(four, width: 70, lines: 1, mode: .byClipping)
        XCTAssertEqual(one.lineCount, 1)
        XCTAssertTrue(one.isTruncated)
        XCTAssertNil(one.lines[0].ellipsisOffset)
        XCTAssertEqual(one.width, 70)
        XCTAssertEqual(one.lines[0].range, 0..<19)
        // Unlimited lines: clip mode wraps at words like word wrap.
        let all = try layout(four, width: 70, lines: 0, mode: .byClipping)
        XCTAssertEqual(texts(four, all), ["aaaa bbbb ", "cccc dddd"])
        XCTAssertFalse(all.isTruncated)
    }

    func testNumberOfLinesForEveryMode() throws {
        let six = "aaaa bbbb cccc dddd eeee ffff"  // three lines at 70
        for mode in LineBreakMode.allCases {
            let unlimited = try layout(six, width: 70, lines: 0, mode: mode)
            XCTAssertEqual(unlimited.lineCount, 3, "\(mode)")
            XCTAssertFalse(unlimited.isTruncated, "\(mode)")
            XCTAssertEqual(unlimited.height, 3 * Self.lineHeight, "\(mode)")
            for limit in [1, 2] {
                let capped = try layout(six, width: 70, lines: limit, mode: mode)
                XCTAssertEqual(capped.lineCount, limit, "\(mode) \(limit)")
                XCTAssertTrue(capped.isTruncated, "\(mode) \(limit)")
                XCTAssertEqual(capped.height, Double(limit) * Self.lineHeight, "\(mode) \(limit)")
                for line in capped.lines {
                    XCTAssertLessThanOrEqual(line.width, 70, "\(mode) \(limit)")
                }
                let last = capped.lines[limit - 1]
                switch mode {
                case .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle:
                    XCTAssertNotNil(last.ellipsisOffset, "\(mode) \(limit)")
                    XCTAssertEqual(last.range.upperBound, six.utf16.count, "\(mode): the last line stands for the rest")
                case .byClipping:
                    XCTAssertNil(last.ellipsisOffset)
                case .byWordWrapping, .byCharWrapping:
                    XCTAssertNil(last.ellipsisOffset)
                    XCTAssertTrue(last.isTruncated)
                }
            }
            // A limit at or above the natural count changes nothing.
            XCTAssertEqual(try layout(six, width: 70, lines: 3, mode: mode).lines, unlimited.lines, "\(mode)")
            XCTAssertFalse(try layout(six, width: 70, lines: 3, mode: mode).isTruncated, "\(mode)")
        }
    }

    func testLineLimitAcrossHardBreaks() throws {
        let text = "ab\ncd\nef"
        let capped = try layout(text, width: 100, lines: 2, mode: .byTruncatingTail)
        XCTAssertEqual(capped.lineCount, 2)
        XCTAssertTrue(capped.isTruncated)
        XCTAssertEqual(capped.lines[0].range, 0..<2)
        XCTAssertNotNil(capped.lines[1].ellipsisOffset)
        // The truncated line holds "cd…": the following paragraph is cut.
        XCTAssertEqual(visible(text, capped.lines[1]), "cd")
        XCTAssertEqual(capped.lines[1].width, 16 + 12)
    }
}
