import Foundation
import XCTest

@testable import Typesetting

/// Deterministic random texts from a mixed alphabet, laid out at random widths, modes and
/// line limits: never a crash, and the layout invariants always hold.
final class RandomLayoutTests: XCTestCase {
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    }

    static let pieces = [
        "a", "b", "W", "V", "A", " ", " ", "  ", "-", ".", ",", "1", "9", "\n", "\r\n", "\u{2028}", "\u{A0}", "\t",
        "é", "e\u{301}", "ß", "中", "文", "。", "あ", "한", "م", "ر", "ح", "ש", "ל", "क्ष", "ि", "👍🏽", "🇯🇵",
        "👨‍👩‍👧‍👦", "❤️", "\u{200B}", "\u{200D}", "fi", "ff", "(", ")", "«", "»", "—", "\u{301}",
    ]

    func testRandomTextsKeepTheInvariants() throws {
        var random = Generator(state: 0x5EED_2026)
        let fonts = [try Fixtures.inter(17), try Fixtures.inter(11)]
        for iteration in 0..<400 {
            var text = ""
            for _ in 0..<Int(random.next() % 40) { text += random.pick(Self.pieces) }
            let font = random.pick(fonts)
            let spacing = random.pick([0.0, 0, 1.5, -0.5])
            let prepared = try PreparedText(text, font: font, letterSpacing: spacing)
            XCTAssertTrue(prepared.naturalWidth.isFinite && prepared.naturalWidth >= 0, text.debugDescription)
            for _ in 0..<4 {
                let width = random.pick([1.0, 7, 23.5, 50, 97.25, 200, .infinity])
                let limit = random.pick([0, 0, 1, 2, 3])
                let mode = random.pick(LineBreakMode.allCases)
                let layout = try prepared.layout(LayoutOptions(width: width, numberOfLines: limit, lineBreakMode: mode))
                let context = "#\(iteration) \(text.debugDescription) w \(width) lines \(limit) \(mode)"
                if text.isEmpty {
                    XCTAssertEqual(layout.lineCount, 0, context)
                    continue
                }
                XCTAssertGreaterThanOrEqual(layout.lineCount, 1, context)
                if limit > 0 { XCTAssertLessThanOrEqual(layout.lineCount, limit, context) }
                var previousEnd = 0
                for line in layout.lines {
                    XCTAssertGreaterThanOrEqual(line.range.lowerBound, previousEnd, context)
                    XCTAssertLessThanOrEqual(line.range.upperBound, text.utf16.count, context)
                    for visible in line.visibleRanges {
                        XCTAssertTrue(line.range.contains(visible.lowerBound) || visible.isEmpty, context)
                        XCTAssertLessThanOrEqual(visible.upperBound, line.range.upperBound, context)
                    }
                    XCTAssertTrue(line.width.isFinite && line.width >= 0, context)
                    XCTAssertGreaterThan(line.height, 0, context)
                    // Wide enough for "…" plus a cluster: no line is wider than the width, unless
                    // it shows a single grapheme cluster (and no ellipsis).
                    if width >= 50 && line.width > width + 1e-9 {
                        let shown = line.visibleRanges.map { text.utf16Slice($0) }.joined()
                        XCTAssertEqual(
                            shown.count, 1, "\(context): line \(shown.debugDescription) is \(line.width) wide")
                        XCTAssertNil(line.ellipsisOffset, context)
                    }
                    previousEnd = line.range.upperBound
                }
                XCTAssertEqual(layout.width, layout.lines.map(\.width).max() ?? 0, context)
                XCTAssertEqual(layout.height, layout.lines.reduce(0) { $0 + $1.height }, accuracy: 1e-9, context)
                XCTAssertEqual(layout.isTruncated, layout.lines.contains(where: \.isTruncated), context)
                // Without a limit, word/char wrap show all the text.
                if limit == 0 && (mode == .byWordWrapping || mode == .byCharWrapping) {
                    XCTAssertFalse(layout.isTruncated, context)
                    XCTAssertEqual(
                        layout.lines.last?.range.upperBound, text.utf16.count - trailingBreakLength(text), context)
                }
            }
        }
    }

    /// The UTF-16 length of a final hard break a label drops.
    func trailingBreakLength(_ text: String) -> Int {
        guard let last = text.last, PreparedText.isParagraphSeparator(last) else { return 0 }
        return last.utf16.count
    }
}
