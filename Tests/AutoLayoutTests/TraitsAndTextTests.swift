import AutoLayout
import Foundation
import Typesetting
import XCTest

/// Traits reach text: the content size category re-resolves text-style fonts of labels that
/// adjust to it, the typesetting language picks fallback faces, and labels that shrink keep
/// their frames. Controls' value types are the one source of every intrinsic size.
final class TraitsAndTextTests: XCTestCase {
    func testAdjustsFontForContentSizeCategoryFollowsATraitChange() throws {
        let window = UIWindow(device: .iPhone15)
        window.logsLayoutDiagnostics = false
        let adjusting = UILabel(text: "Body text")
        adjusting.font = .preferredFont(forTextStyle: .body)
        adjusting.adjustsFontForContentSizeCategory = true
        let fixed = UILabel(text: "Body text")
        fixed.font = .preferredFont(forTextStyle: .body)
        add(adjusting, fixed, to: window)
        NSLayoutConstraint.activate([
            adjusting.topAnchor.constraint(equalTo: window.topAnchor, constant: 100),
            adjusting.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
            fixed.topAnchor.constraint(equalTo: adjusting.bottomAnchor, constant: 8),
            fixed.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
        ])
        window.layoutIfNeeded()
        XCTAssertEqual(adjusting.font.pointSize, 17)
        let before = adjusting.frame.size

        window.traitOverrides.preferredContentSizeCategory = .accessibilityExtraLarge
        window.layoutIfNeeded()
        XCTAssertEqual(adjusting.traitCollection.preferredContentSizeCategory, .accessibilityExtraLarge)
        XCTAssertEqual(adjusting.font.pointSize, CGFloat(TextStyle.body.size(at: .accessibilityExtraLarge)))
        XCTAssertEqual(adjusting.font.textStyle, .body)
        XCTAssertGreaterThan(adjusting.frame.size.height, before.height, "measured again in the larger font")
        XCTAssertEqual(fixed.font.pointSize, 17, "a label that does not adjust keeps its font")
        XCTAssertEqual(fixed.frame.size.width, before.width, accuracy: 0.001)
        XCTAssertEqual(fixed.frame.size.height, before.height, accuracy: 0.001)

        window.traitOverrides.preferredContentSizeCategory = nil
        window.layoutIfNeeded()
        XCTAssertEqual(adjusting.font.pointSize, 17, "and back")
        XCTAssertEqual(adjusting.frame.size.height, before.height, accuracy: 0.001)
    }

    func testTypesettingLanguageReachesEveryText() throws {
        /// The widths of the four views, and the fallback families of the label's and the
        /// button's text (the faces the language picks).
        func measured(language: String?) throws -> (widths: [CGFloat], families: [[String]]) {
            let window = UIWindow(device: .iPhone15, typesettingLanguage: language)
            let label = UILabel(text: "桌面 直")
            label.font = UIFont(fontName: "Inter", pointSize: 17)
            let button = UIButton()
            button.setTitle("桌面 直", for: .normal)
            button.titleFont = UIFont(fontName: "Inter", pointSize: 17)
            let field = UITextField(text: "桌面 直")
            field.font = UIFont(fontName: "Inter", pointSize: 17)
            let textView = UITextView(text: "桌面 直")
            textView.font = UIFont(fontName: "Inter", pointSize: 17)
            textView.isScrollEnabled = false
            for view in [label, button, field, textView] as [UIView] { window.addSubview(view) }
            let widths = [label, button, field, textView].map { $0.intrinsicContentSize.width }
            let families = try [label.preparedText(), button.shownTitle().prepared].map {
                $0.fonts.dropFirst().map(\.face.family)
            }
            return (widths, families)
        }
        let plain = try measured(language: nil)
        let korean = try measured(language: "ko")
        let chinese = LanguageFonts.cascade(for: .han, language: nil).first?.families ?? []
        let koreanFamilies = LanguageFonts.cascade(for: .han, language: "ko").first?.families ?? []
        for (index, (a, b)) in zip(plain.families, korean.families).enumerated() {
            XCTAssertTrue(a.allSatisfy(chinese.contains) && !a.isEmpty, "view \(index) without a language: \(a)")
            XCTAssertTrue(b.allSatisfy(koreanFamilies.contains) && !b.isEmpty, "view \(index) in Korean: \(b)")
        }
        // With the bundled faces (Droid Sans Fallback, NanumGothic) the widths differ too; the
        // installed Noto Sans CJK SC and KR have the same advances, so then they do not.
        if plain.widths[0] != korean.widths[0] {
            for (index, (a, b)) in zip(plain.widths, korean.widths).enumerated() {
                XCTAssertNotEqual(a, b, "view \(index) measures its text in the window's language")
            }
        }
        // The language is a trait: a subtree can set its own.
        let window = UIWindow(device: .iPhone15)
        let container = UIView()
        container.traitOverrides.typesettingLanguage = "ko"
        let label = UILabel(text: "桌面 直")
        label.font = UIFont(fontName: "Inter", pointSize: 17)
        window.addSubview(container)
        container.addSubview(label)
        XCTAssertEqual(label.traitCollection.typesettingLanguage, "ko")
        XCTAssertEqual(label.intrinsicContentSize.width, korean.widths[0])
        XCTAssertEqual(try label.preparedText().fonts.dropFirst().map(\.face.family), korean.families[0])
    }

    func testShrinkingLabelKeepsItsFrameAndReportsItsScale() throws {
        let root = makeRoot()
        let label = UILabel(text: "Download the whole album")
        label.font = UIFont(fontName: "Inter", pointSize: 17)
        add(label, to: root)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            label.widthAnchor.constraint(equalToConstant: 150),
        ])
        root.layoutIfNeeded()
        let unshrunk = label.intrinsicContentSize
        XCTAssertTrue(label.isTruncated)
        let frame = label.frame

        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        root.layoutIfNeeded()
        XCTAssertEqual(label.intrinsicContentSize, unshrunk, "the intrinsic size stays unshrunk")
        XCTAssertEqual(label.frame, frame, "so the frame does not change")
        let shown = try label.shownText()
        XCTAssertFalse(label.isTruncated)
        XCTAssertTrue(shown.isShrunk)
        XCTAssertLessThanOrEqual(shown.layout.width, 150)
        XCTAssertEqual(shown.lines, ["Download the whole album"])
        XCTAssertEqual(shown.fontScale, 150 / Double(unshrunk.width), accuracy: 0.02)
    }

    func testControlsAreTheOneSourceOfIntrinsicSizes() throws {
        XCTAssertEqual(UISwitch().intrinsicContentSize, Switch().intrinsicContentSize)
        XCTAssertEqual(UISlider().intrinsicContentSize, Slider().intrinsicContentSize)
        XCTAssertEqual(UIProgressView().intrinsicContentSize, ProgressView().intrinsicContentSize)
        XCTAssertEqual(UIStepper().intrinsicContentSize, Stepper().intrinsicContentSize)
        XCTAssertEqual(
            UIActivityIndicatorView(style: .large).intrinsicContentSize,
            ActivityIndicator(style: .large).intrinsicContentSize)
        let pages = UIPageControl()
        pages.numberOfPages = 3
        XCTAssertEqual(pages.intrinsicContentSize, PageControl(numberOfPages: 3).intrinsicContentSize)
        let image = CGSize(width: 40, height: 30)
        XCTAssertEqual(UIImageView(image: UIImage(size: image)).intrinsicContentSize, image)
        XCTAssertEqual(UIImageView().intrinsicContentSize, ImageView().intrinsicContentSize)

        let inter = try FontRegistry.shared.font("Inter", size: 17)
        let field = UITextField(text: "")
        field.placeholder = "Email address"
        field.borderStyle = .roundedRect
        field.font = UIFont(fontName: "Inter", pointSize: 17)
        var model = TextField(text: "", font: inter)
        model.placeholder = "Email address"
        model.borderStyle = .roundedRect
        XCTAssertEqual(field.intrinsicContentSize, try model.intrinsicContentSize())

        let segments = UISegmentedControl(items: ["Day", "Week", "Month"])
        let font = try UIFont.systemFont(ofSize: 13).resolve()
        XCTAssertEqual(
            segments.intrinsicContentSize,
            try SegmentedControl(titles: ["Day", "Week", "Month"], font: font).intrinsicContentSize())
    }
}
