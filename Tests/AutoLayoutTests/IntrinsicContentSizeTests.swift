import AutoLayout
import Foundation
import XCTest

/// A base button whose intrinsic height is raised to 44 pt, keeping its title's width.
final class BaseButton: UIButton {
    override var intrinsicContentSize: CGSize {
        let superSize = super.intrinsicContentSize
        return CGSize(width: superSize.width, height: 44)
    }
}

/// A separator with only an intrinsic height.
final class Separator: UIView {
    override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 0.5) }
}

/// A label whose padding adds to its intrinsic size.
final class PaddingLabel: UILabel {
    var padding: UIEdgeInsets = .zero { didSet { invalidateIntrinsicContentSize() } }
    override var intrinsicContentSize: CGSize {
        var size = super.intrinsicContentSize
        size.height += padding.top + padding.bottom
        size.width += padding.left + padding.right
        return size
    }
}

/// A custom view whose size changes and is invalidated.
final class Badge: UIView {
    var count = 1 { didSet { invalidateIntrinsicContentSize() } }
    override var intrinsicContentSize: CGSize { CGSize(width: 20 + 10 * CGFloat(count), height: 20) }
}

/// Intrinsic content sizes as custom views override them and as UIKit's own views report them,
/// and how the layout pass uses them.
final class IntrinsicContentSizeTests: XCTestCase {
    func testBaseButtonIsAtLeast44Tall() {
        let root = makeRoot()
        let plain = UIButton()
        plain.setTitle("Sign up", for: .normal)
        let base = BaseButton()
        base.setTitle("Sign up", for: .normal)
        add(plain, base, to: root)
        NSLayoutConstraint.activate([
            plain.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            plain.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            base.topAnchor.constraint(equalTo: plain.bottomAnchor, constant: 8),
            base.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(plain.frame.height, 30, "a vanilla button: the 15 pt title (17.9, 18) plus 6 above and below")
        XCTAssertEqual(base.frame.height, 44)
        XCTAssertEqual(base.frame.width, plain.frame.width)
    }

    func testSeparatorHasOnlyAnIntrinsicHeight() {
        let root = makeRoot()
        let separator = Separator()
        add(separator, to: root)
        NSLayoutConstraint.activate([
            separator.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            separator.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            separator.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        ])
        root.layoutIfNeeded()
        assertFrame(separator.frame, CGRect(x: 16, y: 100, width: 359, height: 0.5))
        XCTAssertFalse(separator.hasAmbiguousLayout)
    }

    func testInvalidatedIntrinsicSizeIsPickedUpByTheNextPass() {
        let root = makeRoot()
        let badge = Badge()
        add(badge, to: root)
        NSLayoutConstraint.activate([
            badge.topAnchor.constraint(equalTo: root.topAnchor),
            badge.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
        ])
        root.layoutIfNeeded()
        assertFrame(badge.frame, CGRect(x: 335, y: 0, width: 30, height: 20))
        badge.count = 3
        root.layoutIfNeeded()
        assertFrame(badge.frame, CGRect(x: 315, y: 0, width: 50, height: 20))
    }

    /// Padding 4 above and below, 8 at the sides, adds to the label's size.
    func testPaddingLabel() {
        let root = makeRoot()
        let plain = UILabel(text: "NEW")
        let badge = PaddingLabel(text: "NEW")
        badge.padding = UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
        add(plain, badge, to: root)
        NSLayoutConstraint.activate([
            plain.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            plain.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            badge.centerYAnchor.constraint(equalTo: plain.centerYAnchor),
            badge.leadingAnchor.constraint(equalTo: plain.trailingAnchor, constant: 8),
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(badge.frame.width, plain.frame.width + 16)
        XCTAssertEqual(badge.frame.height, plain.frame.height + 8)
        XCTAssertEqual(badge.frame.minY, plain.frame.minY - 4)
    }

    /// A one-line label reports its whole text width even when its bounds are narrower.
    func testOneLineLabelIntrinsicWidthExceedsItsBounds() {
        let root = makeRoot()
        let label = UILabel(text: longText)
        add(label, to: root)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
        ])
        root.layoutIfNeeded()
        XCTAssertGreaterThan(label.intrinsicContentSize.width, 800)
        XCTAssertEqual(label.bounds.width, 343)
        XCTAssertEqual(label.bounds.height, label.intrinsicContentSize.height)
        XCTAssertTrue(label.isTruncated)
    }

    /// `numberOfLines = 0` and a free height: the width is the widest line, the height grows.
    func testWrappedLabelHeightGrowsAtAConstrainedWidth() {
        let root = makeRoot()
        let label = UILabel(text: longText)
        label.numberOfLines = 0
        add(label, to: root)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
        ])
        root.layoutIfNeeded()
        let intrinsic = label.intrinsicContentSize
        XCTAssertLessThanOrEqual(intrinsic.width, 343)
        XCTAssertGreaterThan(intrinsic.width, 300)
        XCTAssertEqual(label.bounds.width, 343)
        XCTAssertEqual(label.bounds.height, intrinsic.height)
        XCTAssertGreaterThanOrEqual(intrinsic.height, 3 * 20.5)
        XCTAssertFalse(label.isTruncated)

        // A narrower screen wraps onto more lines, incrementally.
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 568)
        root.layoutIfNeeded()
        XCTAssertEqual(label.bounds.width, 208)
        XCTAssertGreaterThan(label.bounds.height, intrinsic.height)
    }

    /// A text view sizes itself only when scrolling is off.
    func testTextViewWithScrollingOnAndOff() {
        let root = makeRoot()
        let textView = UITextView(text: longText)
        textView.font = .systemFont(ofSize: 17)
        add(textView, to: root)
        NSLayoutConstraint.activate([
            textView.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            textView.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            textView.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
        ])
        XCTAssertEqual(textView.intrinsicContentSize, CGSize(width: -1, height: -1))
        XCTAssertEqual(textView.ambiguousAttributes, [.height], "a scrolling text view needs a height")

        textView.isScrollEnabled = false
        root.layoutIfNeeded()
        XCTAssertFalse(textView.hasAmbiguousLayout)
        XCTAssertEqual(textView.frame.width, 343)
        // 8 + lines + 8, wrapping at 343 - 2 × 5 of line fragment padding.
        let label = UILabel(text: longText)
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 333
        XCTAssertEqual(textView.frame.height, label.intrinsicContentSize.height + 16, accuracy: 0.5)
    }

    /// An empty image view has no intrinsic size; with an image, the image's size.
    func testImageViewEmptyAndWithImage() {
        let imageView = UIImageView()
        XCTAssertEqual(imageView.intrinsicContentSize, CGSize(width: -1, height: -1))
        imageView.image = UIImage(size: CGSize(width: 100, height: 100))
        XCTAssertEqual(imageView.intrinsicContentSize, CGSize(width: 100, height: 100))

        let root = makeRoot()
        add(imageView, to: root)
        NSLayoutConstraint.activate([
            imageView.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            imageView.centerYAnchor.constraint(equalTo: root.centerYAnchor),
        ])
        root.layoutIfNeeded()
        assertFrame(imageView.frame, CGRect(x: 137.5, y: 283.5, width: 100, height: 100))
        imageView.image = nil
        XCTAssertTrue(imageView.hasAmbiguousLayout)
    }
}
