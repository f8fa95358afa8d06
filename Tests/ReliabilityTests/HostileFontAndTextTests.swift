import Foundation
import FuzzHarness
import Typesetting
import XCTest

/// Hostile fonts and text: what the typesetter guarantees for a font whose kerning outweighs
/// its advances and for an invisible character before a long cluster. (The solver's
/// behaviour under rounding is in ConstraintSolverTests; every input in `Fuzz/regressions/`
/// is replayed by `FuzzRegressionTests`.)
final class HostileFontAndTextTests: XCTestCase {
    /// A mutated font whose kerning outweighs its advances ("fi ffl AV To" sums to -18.3 pt):
    /// line widths and heights are clamped at 0, and `measure` still equals `layout`.
    func testHostileKerningGivesNoNegativeWidth() throws {
        let input = FuzzRegressionTests.fuzzDirectory.appendingPathComponent(
            "regressions/fonts/negative-advances-from-kerning")
        let bytes = try Data(contentsOf: input)
        let path =
            NSTemporaryDirectory() + "intrinsic-negative-kerning-\(ProcessInfo.processInfo.processIdentifier).ttf"
        try bytes.dropFirst().write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let registry = FontRegistry(includeBundledFonts: false)
        let font = try Font(face: registry.face(path: path, index: Int(bytes.first ?? 0) % 4), size: 17)
        let text = try PreparedText("fi ffl AV To", font: font, registry: registry, shapingCache: nil)
        let options = LayoutOptions(width: 3, numberOfLines: 2, lineBreakMode: .byTruncatingMiddle)
        let layout = try text.layout(options)
        XCTAssertTrue(layout.lines.allSatisfy { $0.width >= 0 && $0.height >= 0 }, "\(layout.lines)")
        XCTAssertEqual(try text.measure(options), layout.measurement)
        for width in [1.0, 40, .infinity] {
            let measured = try text.measure(LayoutOptions(width: width))
            XCTAssertGreaterThanOrEqual(measured.width, 0)
            XCTAssertGreaterThanOrEqual(measured.height, 0)
        }
    }

    /// U+061C (an invisible format character) before a cluster of 44 combining marks at a
    /// width of 0.5 pt: the line holding both is wider than the width, which is right, since
    /// breaking off the invisible character would not make it narrower.
    func testInvisibleCharacterStaysWithTheClusterAfterIt() throws {
        let font = try FontRegistry.shared.font("Inter", size: 17)
        let text =
            "\u{061C}" + String(repeating: "\u{1AB0}", count: 34) + "\u{200C}"
            + String(repeating: "\u{1AB0}", count: 9) + "Wa"
        let prepared = try PreparedText(text, font: font)
        let layout = try prepared.layout(LayoutOptions(width: 0.5, lineBreakMode: .byTruncatingTail))
        XCTAssertGreaterThanOrEqual(layout.lineCount, 2)
        XCTAssertEqual(layout.lines.first?.range.lowerBound, 0)
        XCTAssertTrue(layout.width.isFinite)
    }
}
