import AutoLayout
import Foundation
import XCTest

/// A table cell's content view: a title and a body pinned to the margins, one above the other.
func makeCell(body: String) -> (UIView, UILabel) {
    let content = UIView()
    content.name = "contentView"
    let title = UILabel(text: "Headline")
    title.font = .systemFont(ofSize: 17, weight: .semibold)
    let bodyLabel = UILabel(text: body)
    bodyLabel.numberOfLines = 0
    add(title, bodyLabel, to: content)
    NSLayoutConstraint.activate([
        title.topAnchor.constraint(equalTo: content.layoutMarginsGuide.topAnchor),
        title.leadingAnchor.constraint(equalTo: content.layoutMarginsGuide.leadingAnchor),
        title.trailingAnchor.constraint(equalTo: content.layoutMarginsGuide.trailingAnchor),
        bodyLabel.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
        bodyLabel.leadingAnchor.constraint(equalTo: content.layoutMarginsGuide.leadingAnchor),
        bodyLabel.trailingAnchor.constraint(equalTo: content.layoutMarginsGuide.trailingAnchor),
        bodyLabel.bottomAnchor.constraint(equalTo: content.layoutMarginsGuide.bottomAnchor),
    ])
    return (content, bodyLabel)
}

final class FittingAndGuidesTests: XCTestCase {
    /// The self-sizing cell: width required, height as small as the constraints allow.
    func testSelfSizingCellHeightFollowsItsText() {
        let (short, _) = makeCell(body: "One line.")
        let (long, longBody) = makeCell(body: longText + " " + longText)
        let target = CGSize(width: 375, height: 0)
        let shortSize = short.systemLayoutSizeFitting(
            target, withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        let longSize = long.systemLayoutSizeFitting(
            target, withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        XCTAssertEqual(shortSize.width, 375)
        // 8 + title (20.5) + 4 + one body line (20.5) + 8: the 17 pt system font.
        XCTAssertEqual(shortSize.height, 8 + 20.5 + 4 + 20.5 + 8)
        XCTAssertEqual(longSize.width, 375)
        XCTAssertGreaterThan(longSize.height, shortSize.height + 3 * 20)
        // The body wraps at 375 - 16: its height at that width decides the cell's.
        let measured = UILabel(text: longText + " " + longText)
        measured.numberOfLines = 0
        measured.preferredMaxLayoutWidth = 359
        XCTAssertEqual(longSize.height, 8 + 20.5 + 4 + measured.intrinsicContentSize.height + 8)
        XCTAssertEqual(long.frame, .zero, "fitting does not change the view")
        XCTAssertEqual(longBody.frame, .zero)
    }

    func testCompressedAndExpandedFitting() {
        let (cell, _) = makeCell(body: "Body")
        let compressed = cell.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        XCTAssertEqual(compressed.height, 8 + 20.5 + 4 + 20.5 + 8)
        XCTAssertGreaterThan(compressed.width, 16)
        XCTAssertLessThan(compressed.width, 120, "as narrow as the longer label")
        let expanded = cell.systemLayoutSizeFitting(UIView.layoutFittingExpandedSize)
        XCTAssertEqual(expanded.height, compressed.height, "labels hug their text vertically")
        XCTAssertEqual(expanded.width, compressed.width, "the labels hug at 250, above the fitting level 50")
    }

    /// A controller's view in an iPhone 15 window: safe area 59 / 34, side margins 16.
    func testWindowSafeAreaAndRootMargins() {
        let (window, controller) = makeControllerWindow(device: .iPhone15)
        let label = UILabel(text: "Hello")
        let footer = UIView()
        add(label, footer, to: controller.view)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.topAnchor),
            label.leadingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.leadingAnchor),
            footer.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
            footer.trailingAnchor.constraint(equalTo: controller.view.trailingAnchor),
            footer.bottomAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.bottomAnchor),
            footer.heightAnchor.constraint(equalToConstant: 50),
        ])
        window.layoutIfNeeded()
        XCTAssertEqual(controller.view.frame, CGRect(x: 0, y: 0, width: 393, height: 852))
        XCTAssertEqual(controller.view.safeAreaInsets, UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        XCTAssertEqual(controller.view.effectiveLayoutMargins, UIEdgeInsets(top: 59, left: 16, bottom: 34, right: 16))
        XCTAssertEqual(label.frame.origin, CGPoint(x: 16, y: 59))
        XCTAssertEqual(footer.frame, CGRect(x: 0, y: 852 - 34 - 50, width: 393, height: 50))
        XCTAssertEqual(controller.view.safeAreaLayoutGuide.layoutFrame, CGRect(x: 0, y: 59, width: 393, height: 759))
        XCTAssertTrue(window.layoutDiagnostics.isEmpty, "\(window.layoutDiagnostics)")
    }

    /// The keyboard's guide with no keyboard shown sits as UIKit's does while the keyboard is
    /// offscreen (`usesBottomSafeArea`): top on the safe area's bottom, bottom on the view's.
    /// A scroll view pinned above it ends where the home indicator starts.
    func testKeyboardLayoutGuideSpansTheBottomSafeArea() {
        let (window, controller) = makeControllerWindow(device: .iPhone15)
        let scroll = UIView()
        add(scroll, to: controller.view)
        NSLayoutConstraint.activate([
            scroll.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
            scroll.trailingAnchor.constraint(equalTo: controller.view.trailingAnchor),
            scroll.topAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.topAnchor),
            scroll.bottomAnchor.constraint(equalTo: controller.view.keyboardLayoutGuide.topAnchor),
        ])
        window.layoutIfNeeded()
        XCTAssertEqual(controller.view.keyboardLayoutGuide.layoutFrame, CGRect(x: 0, y: 818, width: 393, height: 34))
        XCTAssertEqual(scroll.frame, CGRect(x: 0, y: 59, width: 393, height: 759))
        XCTAssertTrue(window.layoutDiagnostics.isEmpty, "\(window.layoutDiagnostics)")
    }

    /// Without a bottom inset (a home-button phone) the guide is empty, on the view's bottom.
    func testKeyboardLayoutGuideWithoutABottomInset() {
        let (window, controller) = makeControllerWindow(device: .iPhone8)
        let footer = UIView()
        add(footer, to: controller.view)
        NSLayoutConstraint.activate([
            footer.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
            footer.widthAnchor.constraint(equalToConstant: 100),
            footer.heightAnchor.constraint(equalToConstant: 40),
            footer.bottomAnchor.constraint(equalTo: controller.view.keyboardLayoutGuide.topAnchor, constant: -8),
        ])
        window.layoutIfNeeded()
        let height = controller.view.frame.height
        XCTAssertEqual(controller.view.keyboardLayoutGuide.layoutFrame.height, 0)
        XCTAssertEqual(controller.view.keyboardLayoutGuide.layoutFrame.minY, height)
        XCTAssertEqual(footer.frame.maxY, height - 8)
    }

    /// A what-if layout on an engine of its own leaves the tree as it was: an ambiguous view
    /// keeps the frame its engine gave it, and the diagnostics are the tree's own.
    func testSeparateLayoutLeavesTheTreeAsItWas() {
        let (window, controller) = makeControllerWindow(device: .iPhone15)
        let loose = UIView()
        let box = UIView()
        add(loose, box, to: controller.view)
        NSLayoutConstraint.activate([
            loose.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor, constant: 10),
            loose.widthAnchor.constraint(equalToConstant: 40),
            box.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
            box.topAnchor.constraint(equalTo: controller.view.topAnchor),
            box.widthAnchor.constraint(equalToConstant: 50),
            box.heightAnchor.constraint(equalToConstant: 50),
        ])
        window.layoutIfNeeded()
        let before = (loose.frame, box.frame, window.layoutDiagnostics.count)
        let held = window.withSeparateLayout { () -> CGRect in
            let wider = box.widthAnchor.constraint(equalToConstant: 120)
            wider.priority = UILayoutPriority(999)
            let top = loose.topAnchor.constraint(equalTo: box.bottomAnchor, constant: 300)
            NSLayoutConstraint.activate([wider, top])
            window.layoutIfNeeded()
            let frame = box.frame
            NSLayoutConstraint.deactivate([wider, top])
            return frame
        }
        XCTAssertEqual(held.width, 50, "the required width wins over the held one at 999")
        XCTAssertEqual(loose.frame, before.0)
        XCTAssertEqual(box.frame, before.1)
        XCTAssertEqual(window.layoutDiagnostics.count, before.2)
    }

    func testLandscapeRegularWidthMarginsAndSubviewSafeArea() {
        let (window, controller) = makeControllerWindow(device: .iPhone15ProMax, orientation: .landscape)
        XCTAssertEqual(window.traitCollection.horizontalSizeClass, .regular)
        XCTAssertEqual(window.traitCollection.verticalSizeClass, .compact)
        let panel = UIView()
        add(panel, to: controller.view)
        NSLayoutConstraint.activate([
            panel.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
            panel.topAnchor.constraint(equalTo: controller.view.topAnchor),
            panel.widthAnchor.constraint(equalToConstant: 200),
            panel.bottomAnchor.constraint(equalTo: controller.view.bottomAnchor),
        ])
        let inner = UIView()
        add(inner, to: panel)
        NSLayoutConstraint.activate([
            inner.leadingAnchor.constraint(equalTo: panel.layoutMarginsGuide.leadingAnchor),
            inner.topAnchor.constraint(equalTo: panel.layoutMarginsGuide.topAnchor),
            inner.widthAnchor.constraint(equalToConstant: 10),
            inner.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.layoutIfNeeded()
        XCTAssertEqual(controller.view.frame.size, CGSize(width: 932, height: 430))
        XCTAssertEqual(controller.view.effectiveLayoutMargins.left, 59 + 20)
        // The panel overlaps the left unsafe strip (59) and the bottom one (21).
        XCTAssertEqual(panel.safeAreaInsets, UIEdgeInsets(top: 0, left: 59, bottom: 21, right: 0))
        XCTAssertEqual(inner.frame.origin, CGPoint(x: 59 + 8, y: 8))
    }

    /// Leading and trailing follow the layout direction.
    func testRightToLeftMirrorsLeadingAndTrailing() {
        let window = UIWindow(device: .iPhone8, layoutDirection: .rightToLeft)
        window.logsLayoutDiagnostics = false
        let icon = UIImageView(image: UIImage(size: CGSize(width: 40, height: 40)))
        let label = UILabel(text: "مرحبا")
        add(icon, label, to: window)
        NSLayoutConstraint.activate([
            icon.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
            icon.topAnchor.constraint(equalTo: window.topAnchor, constant: 40),
            label.leadingAnchor.constraint(equalTo: icon.trailingAnchor, constant: 8),
            label.centerYAnchor.constraint(equalTo: icon.centerYAnchor),
        ])
        window.layoutIfNeeded()
        XCTAssertEqual(icon.frame.maxX, 375 - 16)
        XCTAssertEqual(label.frame.maxX, icon.frame.minX - 8)
    }

    /// A frame with a flexible width follows its superview as UIKit's autoresizing does.
    func testAutoresizingMaskFollowsTheSuperview() {
        let root = makeRoot(width: 400, height: 300)
        let banner = UIView(frame: CGRect(x: 20, y: 10, width: 360, height: 44))
        banner.autoresizingMask = [.flexibleWidth]
        let badge = UIView(frame: CGRect(x: 340, y: 10, width: 40, height: 40))
        badge.autoresizingMask = [.flexibleLeftMargin]
        let centered = UIView(frame: CGRect(x: 150, y: 100, width: 100, height: 50))
        centered.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        root.addSubview(banner)
        root.addSubview(badge)
        root.addSubview(centered)
        root.layoutIfNeeded()
        XCTAssertEqual(banner.frame, CGRect(x: 20, y: 10, width: 360, height: 44))
        root.frame = CGRect(x: 0, y: 0, width: 600, height: 300)
        root.layoutIfNeeded()
        XCTAssertEqual(banner.frame, CGRect(x: 20, y: 10, width: 560, height: 44))
        XCTAssertEqual(badge.frame, CGRect(x: 540, y: 10, width: 40, height: 40))
        XCTAssertEqual(centered.frame, CGRect(x: 250, y: 100, width: 100, height: 50))
        XCTAssertTrue(root.layoutDiagnostics.isEmpty, "\(root.layoutDiagnostics)")
    }

    /// Frames are rounded to the nearest pixel at their edges, halves up.
    func testFramesRoundToThePixelGrid() {
        let window = UIWindow(size: CGSize(width: 300, height: 300), scale: 3)
        window.logsLayoutDiagnostics = false
        let a = UIView()
        add(a, to: window)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10.1),
            a.topAnchor.constraint(equalTo: window.topAnchor),
            a.widthAnchor.constraint(equalToConstant: 173.5),
            a.heightAnchor.constraint(equalToConstant: 173.25),
        ])
        window.layoutIfNeeded()
        XCTAssertEqual(a.frame.minX, 10, accuracy: 1e-9)
        XCTAssertEqual(a.frame.maxX, 183.666_666_666_666_7, accuracy: 1e-9)
        XCTAssertEqual(a.frame.height, 173.333_333_333_333_3, accuracy: 1e-9)
        let fitted = a.systemLayoutSizeFitting(.zero)
        XCTAssertEqual(fitted.width, 173.666_666_666_666_7, accuracy: 1e-9)
    }

    /// Changing a constant re-solves incrementally and moves only what depends on it.
    func testIncrementalRelayoutAfterAConstantChange() {
        let root = makeRoot()
        let a = UILabel(text: "A")
        let b = UILabel(text: "B")
        add(a, b, to: root)
        let top = a.topAnchor.constraint(equalTo: root.topAnchor, constant: 10)
        NSLayoutConstraint.activate([
            top, a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            b.topAnchor.constraint(equalTo: a.bottomAnchor, constant: 5),
            b.leadingAnchor.constraint(equalTo: a.leadingAnchor),
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(b.frame.minY, 10 + 20.5 + 5)
        top.constant = 100
        root.layoutIfNeeded()
        XCTAssertEqual(a.frame.minY, 100)
        XCTAssertEqual(b.frame.minY, 100 + 20.5 + 5)
        top.priority = .defaultHigh
        a.topAnchor.constraint(equalTo: root.topAnchor, constant: 50).isActive = true
        root.layoutIfNeeded()
        XCTAssertEqual(a.frame.minY, 50, "a required constraint beats the one lowered to 750")
    }
}

final class CustomGuideTests: XCTestCase {
    /// Spacer guides (instead of spacer views) spread two buttons evenly across the screen.
    func testCustomGuidesAsEqualSpacers() {
        let root = makeRoot()
        let first = UIButton()
        first.setTitle("Cancel", for: .normal)
        let second = UIButton()
        second.setTitle("OK", for: .normal)
        add(first, second, to: root)
        let gaps = [UILayoutGuide(), UILayoutGuide(), UILayoutGuide()]
        for guide in gaps { root.addLayoutGuide(guide) }
        NSLayoutConstraint.activate([
            gaps[0].leadingAnchor.constraint(equalTo: root.leadingAnchor),
            first.leadingAnchor.constraint(equalTo: gaps[0].trailingAnchor),
            gaps[1].leadingAnchor.constraint(equalTo: first.trailingAnchor),
            second.leadingAnchor.constraint(equalTo: gaps[1].trailingAnchor),
            gaps[2].leadingAnchor.constraint(equalTo: second.trailingAnchor),
            gaps[2].trailingAnchor.constraint(equalTo: root.trailingAnchor),
            gaps[1].widthAnchor.constraint(equalTo: gaps[0].widthAnchor),
            gaps[2].widthAnchor.constraint(equalTo: gaps[0].widthAnchor),
            first.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            second.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
        ])
        for guide in gaps {
            NSLayoutConstraint.activate([
                guide.topAnchor.constraint(equalTo: root.topAnchor),
                guide.heightAnchor.constraint(equalToConstant: 1),
            ])
        }
        root.layoutIfNeeded()
        let gapWidth = (375 - first.frame.width - second.frame.width) / 3
        XCTAssertEqual(first.frame.minX, gapWidth, accuracy: 0.5)
        XCTAssertEqual(second.frame.minX - first.frame.maxX, gapWidth, accuracy: 0.5)
        XCTAssertEqual(gaps[1].layoutFrame.width, gapWidth, accuracy: 0.5)
        XCTAssertFalse(first.hasAmbiguousLayout)
        XCTAssertTrue(root.layoutDiagnostics.isEmpty, "\(root.layoutDiagnostics)")
    }
}

final class TreeChangeTests: XCTestCase {
    /// Removing a view takes its constraints out of the layout and lets it go.
    func testRemovedViewsLeaveTheLayoutAndAreReleased() {
        let root = makeRoot()
        weak var released: UILabel?
        do {
            let label = UILabel(text: "Temporary")
            released = label
            add(label, to: root)
            NSLayoutConstraint.activate([
                label.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
                label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            ])
            root.layoutIfNeeded()
            XCTAssertEqual(label.frame.minX, 10)
            label.removeFromSuperview()
            XCTAssertTrue(label.constraints.isEmpty, "constraints to views outside are deactivated")
            root.layoutIfNeeded()
        }
        XCTAssertNil(released, "the engine does not keep removed views alive")
        XCTAssertTrue(root.layoutDiagnostics.isEmpty)
    }
}
