import AutoLayout
import Foundation
import Typesetting
import XCTest

/// The intrinsic sizes and priorities of docs/autolayout.md's table.
final class ControlSizeTests: XCTestCase {
    func testFixedSizeControls() {
        XCTAssertEqual(UISwitch().intrinsicContentSize, CGSize(width: 51, height: 31))
        XCTAssertEqual(UISlider().intrinsicContentSize, CGSize(width: -1, height: 30))
        XCTAssertEqual(UIProgressView().intrinsicContentSize, CGSize(width: -1, height: 4))
        XCTAssertEqual(UIStepper().intrinsicContentSize, CGSize(width: 94, height: 32))
        XCTAssertEqual(UIActivityIndicatorView().intrinsicContentSize, CGSize(width: 20, height: 20))
        XCTAssertEqual(UIActivityIndicatorView(style: .large).intrinsicContentSize, CGSize(width: 37, height: 37))
        XCTAssertEqual(UIView().intrinsicContentSize, CGSize(width: -1, height: -1))
        XCTAssertEqual(UIStackView().intrinsicContentSize, CGSize(width: -1, height: -1))
        let pages = UIPageControl()
        pages.numberOfPages = 4
        XCTAssertEqual(pages.intrinsicContentSize, CGSize(width: 92, height: 26))
    }

    /// The sizes that changed across iOS releases, for a release set on the control; without
    /// one, the table's (testFixedSizeControls).
    func testSizesFollowTheRelease() {
        func pages(_ count: Int, _ release: Int) -> CGSize {
            let control = UIPageControl()
            control.numberOfPages = count
            control.uikitRelease = UIKitRelease(release)
            return control.intrinsicContentSize
        }
        XCTAssertEqual(pages(4, 12), CGSize(width: 55, height: 37))
        XCTAssertEqual(pages(5, 13), CGSize(width: 71, height: 37))
        XCTAssertEqual(pages(3, 14), CGSize(width: 123, height: 28))
        XCTAssertEqual(pages(3, 18).height, 26)
        XCTAssertEqual(pages(3, 18).width, 115 + 2.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(pages(4, 26), CGSize(width: 92, height: 26))
        XCTAssertEqual(pages(0, 12).width, 0)
        let progress = UIProgressView()
        progress.uikitRelease = UIKitRelease(13)
        XCTAssertEqual(progress.intrinsicContentSize, CGSize(width: -1, height: 2))
        progress.uikitRelease = UIKitRelease(14)
        XCTAssertEqual(progress.intrinsicContentSize, CGSize(width: -1, height: 4))
        let stepper = UIStepper()
        stepper.uikitRelease = UIKitRelease(12)
        XCTAssertEqual(stepper.intrinsicContentSize, CGSize(width: 94, height: 29))
        let toggle = UISwitch()
        toggle.uikitRelease = UIKitRelease(26)
        XCTAssertEqual(toggle.intrinsicContentSize, CGSize(width: 61, height: 28))
        XCTAssertEqual(toggle.alignmentRectInsets, UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 2))
        toggle.uikitRelease = UIKitRelease(18)
        XCTAssertEqual(toggle.intrinsicContentSize, CGSize(width: 49, height: 31))
        XCTAssertEqual(toggle.alignmentRectInsets, UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 2))
        toggle.uikitRelease = nil
        XCTAssertEqual(toggle.intrinsicContentSize, CGSize(width: 51, height: 31))
        XCTAssertEqual(toggle.alignmentRectInsets, .zero)
        let slider = UISlider()
        XCTAssertEqual(slider.alignmentRectInsets, .zero)
        slider.uikitRelease = UIKitRelease(14)
        XCTAssertEqual(slider.intrinsicContentSize, CGSize(width: -1, height: 30))
        XCTAssertEqual(slider.alignmentRectInsets, UIEdgeInsets(top: 0, left: 2, bottom: 1, right: 2))
    }

    /// A view's frame is its alignment rectangle, which constraints place, grown by its
    /// alignment insets; a view that keeps its autoresizing frame keeps it.
    func testFramesReachPastTheAlignmentRectangle() {
        let root = makeRoot(width: 320, height: 200)
        let slider = UISlider()
        slider.uikitRelease = UIKitRelease(17)
        slider.translatesAutoresizingMaskIntoConstraints = false
        let fixed = UISlider()
        fixed.uikitRelease = UIKitRelease(17)
        fixed.frame = CGRect(x: 8, y: 100, width: 104, height: 31)
        add(slider, to: root)
        root.addSubview(fixed)
        NSLayoutConstraint.activate([
            slider.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            slider.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            slider.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
        ])
        root.layoutIfNeeded()
        assertFrame(slider.frame, CGRect(x: 18, y: 10, width: 284, height: 31))
        assertFrame(fixed.frame, CGRect(x: 8, y: 100, width: 104, height: 31))
    }

    /// A view that keeps its autoresizing frame keeps it when its alignment insets change
    /// after a layout: the constraints that place its alignment rectangle are made again.
    func testAutoresizingFollowsChangedAlignmentInsets() {
        let root = makeRoot(width: 320, height: 200)
        let slider = UISlider()
        slider.frame = CGRect(x: 8, y: 100, width: 104, height: 31)
        root.addSubview(slider)
        root.layoutIfNeeded()
        assertFrame(slider.frame, CGRect(x: 8, y: 100, width: 104, height: 31))
        slider.uikitRelease = UIKitRelease(17)
        XCTAssertNotEqual(slider.alignmentRectInsets, .zero)
        root.setNeedsLayout()
        root.layoutIfNeeded()
        assertFrame(slider.frame, CGRect(x: 8, y: 100, width: 104, height: 31))
    }

    func testTextControls() {
        let label = UILabel()
        XCTAssertEqual(label.intrinsicContentSize, .zero, "an empty label is (0, 0)")
        let field = UITextField()
        field.borderStyle = .roundedRect
        field.placeholder = "Email"
        let size = field.intrinsicContentSize
        XCTAssertEqual(size.height, 34)
        XCTAssertGreaterThan(size.width, 28 + 30)
        field.text = "a much longer address@example.com"
        XCTAssertGreaterThan(field.intrinsicContentSize.width, size.width)
        let segments = UISegmentedControl(items: ["Day", "Week", "Month"])
        XCTAssertEqual(segments.intrinsicContentSize.height, 32)
        XCTAssertEqual(segments.intrinsicContentSize.width.truncatingRemainder(dividingBy: 3), 0, accuracy: 1e-9)
    }

    /// UIKit's programmatic defaults (Auto Layout Guide; SO 36924093): hugging 250 except the
    /// fixed controls (750) and the vertical axis of bars; compression resistance 750 everywhere.
    func testDefaultPriorities() {
        let cases: [(UIView, Float, Float)] = [
            (UIView(), 250, 250), (UILabel(), 250, 250), (UIButton(), 250, 250), (UIImageView(), 250, 250),
            (UITextField(), 250, 250), (UITextView(), 250, 250), (UISwitch(), 750, 750), (UIStepper(), 750, 750),
            (UIActivityIndicatorView(), 750, 750), (UIProgressView(), 250, 750), (UISlider(), 250, 750),
            (UISegmentedControl(items: []), 250, 750), (UIPageControl(), 750, 750),
        ]
        for (view, horizontal, vertical) in cases {
            let name = String(describing: type(of: view))
            XCTAssertEqual(view.contentHuggingPriority(for: .horizontal).rawValue, horizontal, name)
            XCTAssertEqual(view.contentHuggingPriority(for: .vertical).rawValue, vertical, name)
            XCTAssertEqual(view.contentCompressionResistancePriority(for: .horizontal), .defaultHigh, name)
            XCTAssertEqual(view.contentCompressionResistancePriority(for: .vertical), .defaultHigh, name)
        }
    }

    /// A content-size constraint loses a tie to an explicit constraint of the same priority.
    func testExplicitConstraintWinsATieWithHugging() {
        let root = makeRoot()
        let label = UILabel(text: "Hi")
        add(label, to: root)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: root.topAnchor),
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            label.widthAnchor.constraint(equalToConstant: 200).withPriority(.defaultLow),
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(label.frame.width, 200)
        XCTAssertFalse(label.hasAmbiguousLayout)
    }

    /// Buttons add contentEdgeInsets (non-zero insets replace the 6 pt default padding).
    func testButtonInsetsAndImage() {
        let button = UIButton()
        button.setTitle("Continue", for: .normal)
        let plain = button.intrinsicContentSize
        button.contentEdgeInsets = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        XCTAssertEqual(button.intrinsicContentSize.height, 18 + 20, "a 15 pt system-font title is 17.9, 18 at @2x")
        XCTAssertEqual(button.intrinsicContentSize.width, plain.width + 40)
        button.titleEdgeInsets = UIEdgeInsets(top: 0, left: 8, bottom: 0, right: 0)
        XCTAssertEqual(button.intrinsicContentSize.width, plain.width + 40, "title insets do not size")
        button.contentEdgeInsets = .zero
        button.setImage(UIImage(size: CGSize(width: 24, height: 40)), for: .normal)
        XCTAssertEqual(button.intrinsicContentSize.width, plain.width + 24)
        XCTAssertEqual(button.intrinsicContentSize.height, 40)
    }

    func testDevicePresets() {
        XCTAssertEqual(Device.named("iphone-15")?.portraitSize, CGSize(width: 393, height: 852))
        XCTAssertEqual(Device.named("iPhone 14")?.portraitSafeArea, UIEdgeInsets(top: 47, bottom: 34))
        XCTAssertEqual(Device.iPhone8.traits(.landscape).horizontalSizeClass, .compact)
        XCTAssertEqual(Device.iPhone8Plus.traits(.landscape).horizontalSizeClass, .regular)
        XCTAssertEqual(Device.iPadPro11.traits(.portrait).horizontalSizeClass, .regular)
        XCTAssertEqual(
            Device.iPhone15.safeAreaInsets(.landscape), UIEdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
        XCTAssertNil(Device.named("Nokia 3310"))
        XCTAssertEqual(Set(Device.all.map(\.name)).count, Device.all.count)
    }
}

final class DynamicTypeLayoutTests: XCTestCase {
    /// A body label at AX3 is taller than at large, and its button-sized row grows with it.
    func testPreferredFontFollowsTheWindowCategory() {
        for (category, size) in [(ContentSizeCategory.large, 17.0), (.accessibilityExtraLarge, 40.0)] {
            let window = UIWindow(device: .iPhone15, contentSizeCategory: category)
            window.logsLayoutDiagnostics = false
            let label = UILabel(text: "Body")
            label.font = .preferredFont(forTextStyle: .body, compatibleWith: window.traitCollection)
            XCTAssertEqual(Double(label.font.pointSize), size)
            add(label, to: window)
            NSLayoutConstraint.activate([
                label.topAnchor.constraint(equalTo: window.topAnchor),
                label.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            ])
            window.layoutIfNeeded()
            // The system font's line height: SF Pro's metrics, size × 2444 / 2048.
            XCTAssertEqual(label.frame.height, (size * 2444 / 2048 * 3).rounded(.up) / 3, accuracy: 1e-9)
        }
    }
}
