import AutoLayout
import Controls
import Foundation
import Typesetting
import XCTest

/// The library is called from many threads at once (a server measuring for many clients):
/// the same texts measured on 8 threads give results bit-identical to a serial run.
final class ConcurrencyTests: XCTestCase {
    /// Mixed scripts, fallback, emoji, bidi and hard breaks, in several bundled families.
    static let texts: [(text: String, family: String, size: Double)] = [
        ("Sign up to get started with your new account", "Inter", 17),
        ("Donaudampfschifffahrtsgesellschaftskapitän und Söhne", "Inter", 15),
        ("مرحبا بالعالم، هذا نص عربي طويل للاختبار", "Noto Sans Arabic", 17),
        ("שלום עולם — Hello עברית mixed 123", "Noto Sans Hebrew", 17),
        ("ภาษาไทยไม่มีช่องว่างระหว่างคำ", "Noto Sans Thai", 17),
        ("नमस्ते दुनिया, यह एक परीक्षण है", "Noto Sans Devanagari", 17),
        ("日本語のテキストは単語の間に空白がありません。", "Droid Sans Fallback", 17),
        ("한국어 텍스트 줄 바꿈 시험입니다", "NanumGothic", 17),
        ("Emoji 👨‍👩‍👧‍👦 and flags 🇫🇷🇯🇵 with text", "Inter", 17),
        ("Line one\nLine two\r\nLine three\u{2029}four", "DejaVu Sans", 13),
        ("a\u{0301}\u{0323}\u{0308} e\u{0300} zero\u{200B}width\u{200D}joiner \u{202E}bidi\u{202C}", "Inter", 17),
    ]
    static let widths: [Double] = [.infinity, 343, 120, 40]

    /// Everything a measurement produces, as bit patterns so equality is exact.
    static func results() throws -> [UInt64] {
        var out: [UInt64] = []
        for (text, family, size) in texts {
            let font = try FontRegistry.shared.font(family, size: size)
            let prepared = try PreparedText(text, font: font)
            for width in widths {
                for lines in [0, 1, 2] {
                    let layout = try prepared.layout(LayoutOptions(width: width, numberOfLines: lines))
                    out += [layout.width.bitPattern, layout.height.bitPattern, UInt64(layout.lineCount)]
                    for line in layout.lines {
                        out += [UInt64(line.range.lowerBound), UInt64(line.range.upperBound), line.width.bitPattern]
                    }
                }
            }
            var label = Label(text: text, font: font)
            label.numberOfLines = 0
            label.preferredMaxLayoutWidth = 200
            let size = try label.intrinsicContentSize(scale: 3)
            out += [Double(size.width).bitPattern, Double(size.height).bitPattern]
        }
        // A small Auto Layout pass with a wrapping label, built on this thread.
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        root.logsLayoutDiagnostics = false
        let label = UILabel(text: texts[2].text + " " + texts[0].text)
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
        ])
        root.layoutIfNeeded()
        let frame = label.frame
        out += [frame.minX, frame.minY, frame.width, frame.height].map { Double($0).bitPattern }
        return out
    }

    func testEightThreadsMatchASerialRun() throws {
        ShapingCache.shared.removeAll()
        let serial = try Self.results()
        XCTAssertGreaterThan(serial.count, 300)
        for round in 0..<2 {
            // The second round starts from an empty shared cache, so threads race to fill it.
            if round == 1 { ShapingCache.shared.removeAll() }
            // `Locked`, not `Mutex`: ThreadSanitizer sees its lock (scripts/tsan runs this test).
            let outcomes = Locked<[Result<[UInt64], any Error>]>([])
            let group = DispatchGroup()
            for _ in 0..<8 {
                group.enter()
                // Threads, not tasks: the cooperative pool has only as many threads as cores.
                let thread = Thread {
                    let outcome = Result { try Self.results() }
                    outcomes.withLock { $0.append(outcome) }
                    group.leave()
                }
                thread.stackSize = 8 << 20
                thread.start()
            }
            group.wait()
            let all = outcomes.withLock { $0 }
            XCTAssertEqual(all.count, 8)
            for outcome in all {
                let values = try outcome.get()
                XCTAssertEqual(values.count, serial.count)
                XCTAssertTrue(values == serial, "a concurrent run differs from the serial run (round \(round))")
            }
        }
    }
}
