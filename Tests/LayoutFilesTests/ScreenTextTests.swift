import AutoLayout
import Controls
import Foundation
import LayoutFiles
import Typesetting
import XCTest

/// Texts in layout files are sized by the same rules as everywhere else (`Controls`), in the
/// screen's language, and labels that shrink or are squeezed are reported as they show.
final class ScreenTextTests: XCTestCase {
    func screen(_ text: String, _ options: ScreenOptions = ScreenOptions()) throws -> LayoutScreen {
        try LayoutFile(bytes: Array(text.utf8), format: .json).makeScreen(options)
    }

    /// A padding label wraps at its width less the side padding, as `measure --padding`
    /// measures it: 40 pt of side padding in a 200 pt frame leaves 120 pt for the text, 4 lines.
    func testPaddingLabelWrapsInsideItsPadding() throws {
        let text = "Check your inbox for a code to finish signing in"
        let report = try screen(
            """
            {"screen": {"width": 320, "height": 480},
             "views": [{"name": "note", "kind": "label", "font": "Inter", "numberOfLines": 0,
                        "text": "\(text)", "padding": {"top": 4, "left": 40, "bottom": 4, "right": 40}}],
             "constraints": ["note.top = superview.top + 20", "note.leading = superview.leading + 16",
                             "note.width = 200"]}
            """
        ).layOut()
        let note = try XCTUnwrap(report.view("note"))
        XCTAssertEqual(
            note.frame.size.height, 90.5, "4 lines of 20.5 pt plus 8 pt of padding, as measure --padding gives")
        XCTAssertEqual(note.lineCount, 4)
        XCTAssertFalse(note.isTruncated)
        XCTAssertTrue(report.isClean, "\(report.problems.map(\.message))")

        // The same numbers as the padding label of Controls, the one home of the rule.
        var label = Label(text: text, font: try FontRegistry.shared.font("Inter", size: 17))
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 200
        let padded = PaddingLabel(label: label, padding: UIEdgeInsets(top: 4, left: 40, bottom: 4, right: 40))
        XCTAssertEqual(try padded.intrinsicContentSize(scale: 2).height, 90.5)
        XCTAssertEqual(try padded.layout(width: 200).lineCount, 4)
    }

    /// The screen's `language` reaches every text: Han characters in a Korean screen take the
    /// Korean face (Noto Sans CJK KR when installed, else NanumGothic), so the label is as wide as
    /// the text measured in Korean and set in the faces of the Korean cascade entry.
    func testScreenLanguageReachesLabels() throws {
        let text = "桌面 直"
        /// The label's width and its fallback families, laid out in a screen of `language`
        /// (or, with `override`, in options that set it).
        func laidOut(language: String?, override: String? = nil) throws -> (width: CGFloat, families: [String]) {
            let field = language.map { #", "language": "\#($0)""# } ?? ""
            let screen = try screen(
                """
                {"screen": {"width": 320, "height": 480\(field)},
                 "views": [{"name": "title", "kind": "label", "font": "Inter", "text": "\(text)"}],
                 "constraints": ["title.top = superview.top", "title.leading = superview.leading"]}
                """, override.map { ScreenOptions(language: $0) } ?? ScreenOptions())
            let report = screen.layOut()
            let label = try XCTUnwrap(screen.view(named: "title") as? UILabel)
            return (
                try XCTUnwrap(report.view("title")).frame.size.width,
                try label.preparedText().fonts.dropFirst().map(\.face.family)
            )
        }
        var label = Label(text: text, font: try FontRegistry.shared.font("Inter", size: 17))
        let plain = try label.intrinsicContentSize().width
        label.language = "ko"
        let korean = try label.intrinsicContentSize().width
        let chinese = LanguageFonts.cascade(for: .han, language: nil).first?.families ?? []
        let koreanFamilies = LanguageFonts.cascade(for: .han, language: "ko").first?.families ?? []
        let unset = try laidOut(language: nil)
        XCTAssertEqual(unset.width, plain)
        XCTAssertTrue(!unset.families.isEmpty && unset.families.allSatisfy(chinese.contains), "\(unset.families)")
        let set = try laidOut(language: "ko")
        XCTAssertEqual(set.width, korean)
        XCTAssertTrue(!set.families.isEmpty && set.families.allSatisfy(koreanFamilies.contains), "\(set.families)")
        // The options override the file, as measure check sets each catalog's language.
        let overridden = try laidOut(language: "ja", override: "ko")
        XCTAssertEqual(overridden.width, korean)
        XCTAssertEqual(overridden.families, set.families)
    }

    func testScreenLanguageMustBeALanguageTag() {
        let error = layoutError(#"{"screen": {"width": 320, "height": 480, "language": "日本語"}, "views": []}"#)
        XCTAssertEqual(error?.kind, .invalidValue)
        XCTAssertEqual(error?.message.contains("BCP 47"), true, error?.message ?? "")
    }

    /// A label that adjusts its font size keeps its unshrunk intrinsic size (so frames do not
    /// change) and is reported shrunk, not truncated, when it fits at or above its minimum scale.
    func testShrinkingLabelIsReportedShrunkNotTruncated() throws {
        func layout(minimumScale: Double) throws -> LayoutReport {
            try screen(
                """
                {"screen": {"width": 320, "height": 480},
                 "views": [{"name": "title", "kind": "label", "font": "Inter", "text": "Download the whole album",
                            "adjustsFontSizeToFitWidth": true, "minimumScaleFactor": \(minimumScale)}],
                 "constraints": ["title.top = superview.top + 20", "title.leading = superview.leading + 16",
                                 "title.width = 150"]}
                """
            ).layOut()
        }
        let font = try FontRegistry.shared.font("Inter", size: 17)
        let full = try Label(text: "Download the whole album", font: font).intrinsicContentSize()
        XCTAssertGreaterThan(full.width, 150, "the text must not fit at full size")

        let shrunk = try layout(minimumScale: 0.5)
        let title = try XCTUnwrap(shrunk.view("title"))
        XCTAssertEqual(title.intrinsicContentSize, full, "the intrinsic size stays unshrunk")
        XCTAssertEqual(title.frame.size.height, full.height, "so the frame's height does not change")
        XCTAssertFalse(title.isTruncated)
        XCTAssertLessThan(title.shownFontScale, 1)
        XCTAssertGreaterThanOrEqual(title.shownFontScale, 0.5)
        XCTAssertEqual(title.shownLines, ["Download the whole album"])
        let problem = try XCTUnwrap(shrunk.problems.first)
        XCTAssertEqual(shrunk.problems.map(\.kind), [.shrunk])
        let percent = ShownText.percent(of: title.shownFontScale)
        XCTAssertTrue(problem.message.contains("shrunk to \(percent)%"), problem.message)
        // About 150 / full width: widths scale with the font size.
        XCTAssertEqual(title.shownFontScale, 150 / Double(full.width), accuracy: 0.02)

        let cut = try layout(minimumScale: 0.95)
        XCTAssertEqual(cut.view("title")?.isTruncated, true, "below its minimum scale it truncates")
        XCTAssertEqual(cut.view("title")?.shownFontScale, 0.95)
        XCTAssertEqual(cut.problems.map(\.kind), [.truncated])
    }

    /// A view squeezed below zero keeps its negative size in its frame and in its window frame,
    /// at every depth, and its subviews are placed from its solved origin.
    func testNegativeSizesAgreeAtEveryDepth() throws {
        let report = try screen(
            """
            {"screen": {"width": 320, "height": 480},
             "views": [{"name": "box", "subviews": [
                          {"name": "squeezed", "subviews": [{"name": "dot"}]}]}],
             "constraints": ["box.top = superview.top + 20", "box.leading = superview.leading + 30",
                             "box.width = 100", "box.height = 50",
                             "squeezed.top = superview.top", "squeezed.leading = superview.leading + 10",
                             "squeezed.trailing = superview.leading", "squeezed.height = 12",
                             "dot.top = superview.top", "dot.leading = superview.leading + 5",
                             "dot.width = 4", "dot.height = 4"]}
            """
        ).layOut()
        let squeezed = try XCTUnwrap(report.view("squeezed"))
        XCTAssertEqual(squeezed.frame.origin.x, 10)
        XCTAssertEqual(squeezed.frame.size.width, -10)
        XCTAssertEqual(squeezed.windowFrame.origin.x, 40, "box's 30 plus its own 10")
        XCTAssertEqual(squeezed.windowFrame.size.width, -10)
        XCTAssertTrue(squeezed.hasNegativeSize)
        XCTAssertEqual(report.view("dot")?.windowFrame.origin.x, 45, "placed from the squeezed view's solved origin")
        let message = try XCTUnwrap(report.problems.first { $0.kind == .negativeSize }?.message)
        XCTAssertTrue(message.contains("(-10 × 12 pt)"), message)
    }
}
