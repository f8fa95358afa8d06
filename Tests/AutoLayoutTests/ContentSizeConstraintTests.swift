import AutoLayout
import Foundation
import XCTest

/// Content-size constraints: intrinsic sizes place views by position alone, a width limit makes
/// a label wrap, and hugging and compression resistance decide which view gives. The cases are
/// the examples of "Coding Auto Layout by Example — Basics, Part Two", with real fonts.
final class ContentSizeConstraintTests: XCTestCase {
    /// Constraints (1)–(4): a label 24 pt from the top left, a "Continue" button 24 pt below it.
    private func labelAboveButton(_ text: String) -> (UIView, UILabel, UIButton) {
        let root = makeRoot()
        let label = UILabel(text: text)
        let button = UIButton()
        button.setTitle("Continue", for: .normal)
        add(label, button, to: root)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 24),
            label.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 24),
            button.topAnchor.constraint(equalTo: label.bottomAnchor, constant: 24),
            button.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 24),
        ])
        return (root, label, button)
    }

    /// Constraints (1)–(4): the label and the button need only positions; their sizes are intrinsic.
    func testLabelAndButtonPlacedByPositionsOnly() {
        let (root, label, button) = labelAboveButton("Hello")
        root.layoutIfNeeded()
        let labelSize = label.intrinsicContentSize
        let buttonSize = button.intrinsicContentSize
        // The 17 pt system font: line height 20.287 (SF Pro's) raised to the @2x grid; a 15 pt
        // button title 17.9, 18.
        XCTAssertEqual(labelSize.height, 20.5)
        XCTAssertEqual(buttonSize.height, 18 + 12)
        assertFrame(label.frame, CGRect(x: 24, y: 24, width: labelSize.width, height: 20.5))
        assertFrame(button.frame, CGRect(x: 24, y: 24 + 20.5 + 24, width: buttonSize.width, height: 30))
        XCTAssertFalse(label.hasAmbiguousLayout)
        XCTAssertFalse(button.hasAmbiguousLayout)
        XCTAssertTrue(root.layoutDiagnostics.isEmpty, "\(root.layoutDiagnostics)")
    }

    /// With a long text the label runs past the screen; constraint (5) limits its width and,
    /// with `numberOfLines = 0`, its height grows and pushes the button down.
    func testRightConstraintLimitsWidthAndHeightGrows() {
        let (root, label, button) = labelAboveButton(longText)
        root.layoutIfNeeded()
        XCTAssertGreaterThan(label.frame.maxX, 375, "an unconstrained label runs off the screen")
        XCTAssertEqual(label.frame.height, 20.5)

        let right = label.rightAnchor.constraint(equalTo: root.rightAnchor, constant: -24)
        right.isActive = true
        label.numberOfLines = 0
        root.layoutIfNeeded()
        XCTAssertEqual(label.frame.width, 375 - 48)
        XCTAssertGreaterThanOrEqual(label.frame.height, 3 * 20.5, "the text wraps onto several lines")
        XCTAssertEqual(label.intrinsicContentSize.height, label.frame.height)
        XCTAssertLessThanOrEqual(label.intrinsicContentSize.width, 327)
        XCTAssertEqual(button.frame.minY, label.frame.maxY + 24)
        XCTAssertFalse(label.isTruncated)
    }

    /// Image + label stretched across the screen with equal hugging is ambiguous; lowering the
    /// label's hugging by one makes the label the one that stretches.
    func testEqualHuggingIsAmbiguousUntilTheLabelHugsLess() {
        let root = makeRoot()
        let image = UIImageView(image: UIImage(size: CGSize(width: 60, height: 60)))
        let label = UILabel(text: "Short")
        add(image, label, to: root)
        NSLayoutConstraint.activate([
            image.topAnchor.constraint(equalTo: root.topAnchor, constant: 24),
            image.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 24),
            label.leftAnchor.constraint(equalTo: image.rightAnchor, constant: 24),
            label.centerYAnchor.constraint(equalTo: image.centerYAnchor),
            label.rightAnchor.constraint(equalTo: root.rightAnchor, constant: -24),
        ])
        XCTAssertEqual(image.contentHuggingPriority(for: .horizontal), label.contentHuggingPriority(for: .horizontal))
        XCTAssertTrue(label.hasAmbiguousLayout)
        XCTAssertTrue(image.hasAmbiguousLayout)
        XCTAssertTrue(label.ambiguousAttributes.contains(.width))
        XCTAssertEqual(label.ambiguityDescription?.contains("width"), true)

        label.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        root.layoutIfNeeded()
        XCTAssertFalse(label.hasAmbiguousLayout)
        XCTAssertFalse(image.hasAmbiguousLayout)
        assertFrame(image.frame, CGRect(x: 24, y: 24, width: 60, height: 60))
        XCTAssertEqual(label.frame.minX, 108)
        XCTAssertEqual(label.frame.width, 375 - 108 - 24)
        XCTAssertEqual(label.frame.midY, image.frame.midY, accuracy: 0.5)
    }

    /// Not enough room: the image resists compression more than the label (751 > 750), so the
    /// label gives way and, with `numberOfLines = 0`, wraps.
    func testCompressionResistanceKeepsTheImageAndWrapsTheLabel() {
        let root = makeRoot()
        let image = UIImageView(image: UIImage(size: CGSize(width: 60, height: 60)))
        let label = UILabel(text: longText)
        label.numberOfLines = 0
        add(image, label, to: root)
        NSLayoutConstraint.activate([
            image.topAnchor.constraint(equalTo: root.topAnchor, constant: 24),
            image.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 24),
            label.leftAnchor.constraint(equalTo: image.rightAnchor, constant: 24),
            label.centerYAnchor.constraint(equalTo: image.centerYAnchor),
            label.rightAnchor.constraint(equalTo: root.rightAnchor, constant: -24),
        ])
        label.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        image.setContentCompressionResistancePriority(.defaultHigh + 1, for: .horizontal)
        root.layoutIfNeeded()
        XCTAssertEqual(image.frame.width, 60)
        XCTAssertEqual(label.frame.width, 375 - 108 - 24)
        XCTAssertGreaterThan(label.frame.height, 60, "the label wraps onto more lines than the image is tall")
        XCTAssertFalse(label.isTruncated)
        XCTAssertFalse(label.hasAmbiguousLayout)
    }

    /// A progress view has an intrinsic height (4) but no width: it needs a width constraint.
    func testProgressViewNeedsAWidthConstraint() {
        let root = makeRoot()
        let progress = UIProgressView()
        XCTAssertEqual(progress.intrinsicContentSize, CGSize(width: UIView.noIntrinsicMetric, height: 4))
        add(progress, to: root)
        NSLayoutConstraint.activate([
            progress.topAnchor.constraint(equalTo: root.topAnchor, constant: 24),
            progress.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 24),
        ])
        XCTAssertEqual(progress.ambiguousAttributes, [.width])
        progress.rightAnchor.constraint(equalTo: root.rightAnchor, constant: -24).isActive = true
        root.layoutIfNeeded()
        XCTAssertFalse(progress.hasAmbiguousLayout)
        assertFrame(progress.frame, CGRect(x: 24, y: 24, width: 327, height: 4))
    }
}
