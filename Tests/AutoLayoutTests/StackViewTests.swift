import AutoLayout
import Foundation
import XCTest

/// A view of a fixed intrinsic size, for checking stack arithmetic exactly.
final class Box: UIView {
    let size: CGSize
    init(_ width: CGFloat, _ height: CGFloat, name: String) {
        size = CGSize(width: width, height: height)
        super.init()
        self.name = name
    }
    override var intrinsicContentSize: CGSize { size }
}

final class StackViewTests: XCTestCase {
    /// Seed 002: a form of rows (label + field) in a vertical stack. The form's height comes
    /// out of the engine: the rows' heights plus spacing, each row as tall as its tallest view.
    func testNestedFormHeightComesFromTheEngine() {
        let root = makeRoot()
        var rows: [UIStackView] = []
        var fields: [UITextField] = []
        for (title, placeholder) in [("Product", "Name"), ("Price", "0.00"), ("Units", "1")] {
            let label = UILabel(text: title)
            let field = UITextField()
            field.placeholder = placeholder
            field.borderStyle = .roundedRect
            fields.append(field)
            let row = UIStackView(arrangedSubviews: [label, field])
            row.axis = .horizontal
            row.spacing = 8
            rows.append(row)
        }
        let note = UILabel(text: "Prices include tax")
        note.font = .systemFont(ofSize: 13)
        let form = UIStackView(arrangedSubviews: rows + [note])
        form.axis = .vertical
        form.spacing = 12
        add(form, to: root)
        NSLayoutConstraint.activate([
            form.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
            form.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            form.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
        ])
        root.layoutIfNeeded()
        let rowHeights = rows.map { row in
            row.arrangedSubviews.map(\.intrinsicContentSize.height).max() ?? 0
        }
        XCTAssertEqual(rowHeights, [34, 34, 34], "each row is as tall as its text field")
        let expected = rowHeights.reduce(0, +) + note.intrinsicContentSize.height + 3 * 12
        XCTAssertEqual(form.frame.height, expected)
        assertFrame(form.frame, CGRect(x: 8, y: 8, width: 359, height: expected))
        for (index, row) in rows.enumerated() {
            XCTAssertEqual(row.frame.minY, CGFloat(index) * (34 + 12))
            XCTAssertEqual(row.frame.width, 359)
        }
        // The labels hug (250) and resist like the fields (250/750): ties go by index, so the
        // first view of each row, the label, is the one that stretches.
        XCTAssertFalse(form.hasAmbiguousLayout)
        for row in rows { XCTAssertFalse(row.arrangedSubviews.contains { $0.hasAmbiguousLayout }) }
        XCTAssertEqual(fields[0].frame.width, fields[0].intrinsicContentSize.width)
        XCTAssertEqual(fields[0].frame.maxX, 359)
    }

    private func horizontalStack(
        _ boxes: [Box], width: CGFloat = 300, distribution: UIStackView.Distribution = .fill,
        alignment: UIStackView.Alignment = .fill, spacing: CGFloat = 10
    ) -> (UIView, UIStackView) {
        let root = makeRoot()
        let stack = UIStackView(arrangedSubviews: boxes)
        stack.distribution = distribution
        stack.alignment = alignment
        stack.spacing = spacing
        add(stack, to: root)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            stack.widthAnchor.constraint(equalToConstant: width),
        ])
        root.layoutIfNeeded()
        return (root, stack)
    }

    func testFillStretchesTheLowestHuggingViewElseTheFirst() {
        let a = Box(50, 20, name: "a")
        let b = Box(60, 30, name: "b")
        let (_, stack) = horizontalStack([a, b])
        XCTAssertEqual(a.frame.width, 300 - 10 - 60, "equal hugging: the first view stretches")
        XCTAssertEqual(b.frame.width, 60)
        XCTAssertEqual(b.frame.minX, a.frame.maxX + 10)
        XCTAssertEqual(stack.frame.height, 30, "fill alignment: as tall as the tallest view")
        XCTAssertEqual(a.frame.height, 30)

        let c = Box(50, 20, name: "c")
        let d = Box(60, 30, name: "d")
        c.setContentHuggingPriority(.defaultLow + 1, for: .horizontal)
        _ = horizontalStack([c, d])
        XCTAssertEqual(c.frame.width, 50)
        XCTAssertEqual(d.frame.width, 240)
    }

    func testFillEquallyAndProportionally() {
        let boxes = [Box(50, 20, name: "a"), Box(100, 20, name: "b"), Box(10, 20, name: "c")]
        _ = horizontalStack(boxes, distribution: .fillEqually)
        // 280 / 3 each; edges are rounded to the @2x grid, so widths are 93.5, 93 and 93.5.
        let equalWidths: [CGFloat] = boxes.map(\.frame.width)
        XCTAssertEqual(equalWidths, [93.5, 93, 93.5])

        let more = [Box(50, 20, name: "a"), Box(100, 20, name: "b"), Box(50, 20, name: "c")]
        _ = horizontalStack(more, width: 420, distribution: .fillProportionally)
        // 420 points, 20 of them spacing: 400 shared 1 : 2 : 1 (UIKit's constraints give 420 × len / 220).
        let widths = more.map(\.frame.width)
        XCTAssertEqual(widths.reduce(0, +) + 20, 420)
        XCTAssertEqual(widths[1], 2 * widths[0], accuracy: 5)
        XCTAssertGreaterThan(widths[0], 50)
    }

    func testSystemSpacingIsTheStandardSiblingSpacing() {
        let boxes = [Box(50, 20, name: "a"), Box(60, 20, name: "b"), Box(70, 20, name: "c")]
        let (root, stack) = horizontalStack(boxes, spacing: UIStackView.spacingUseSystem)
        XCTAssertEqual(boxes[1].frame.minX - boxes[0].frame.maxX, systemSpacing)
        XCTAssertEqual(boxes[2].frame.minX - boxes[1].frame.maxX, systemSpacing)
        XCTAssertEqual(boxes[0].frame.width, 300 - 2 * 8 - 60 - 70)

        // A custom spacing can ask for it too, and a number after it is kept.
        stack.spacing = 2
        stack.setCustomSpacing(UIStackView.spacingUseSystem, after: boxes[0])
        root.layoutIfNeeded()
        XCTAssertEqual(boxes[1].frame.minX - boxes[0].frame.maxX, 8)
        XCTAssertEqual(boxes[2].frame.minX - boxes[1].frame.maxX, 2)
    }

    func testEqualSpacingAndEqualCentering() {
        let boxes = [Box(40, 20, name: "a"), Box(60, 20, name: "b"), Box(100, 20, name: "c")]
        _ = horizontalStack(boxes, distribution: .equalSpacing)
        XCTAssertEqual(boxes.map(\.frame.width), [40, 60, 100])
        let gap1 = boxes[1].frame.minX - boxes[0].frame.maxX
        let gap2 = boxes[2].frame.minX - boxes[1].frame.maxX
        XCTAssertEqual(gap1, 50)
        XCTAssertEqual(gap2, 50)

        let centered = [Box(40, 20, name: "a"), Box(60, 20, name: "b"), Box(100, 20, name: "c")]
        _ = horizontalStack(centered, distribution: .equalCentering)
        XCTAssertEqual(centered.map(\.frame.width), [40, 60, 100])
        let d1 = centered[1].frame.midX - centered[0].frame.midX
        let d2 = centered[2].frame.midX - centered[1].frame.midX
        XCTAssertEqual(d1, d2, accuracy: 0.5)
        XCTAssertEqual(centered[0].frame.minX, 0)
        XCTAssertEqual(centered[2].frame.maxX, 300)
    }

    func testAlignmentsAcrossAHorizontalStack() {
        for alignment in [UIStackView.Alignment.leading, .center, .trailing] {
            let small = Box(40, 20, name: "small")
            let tall = Box(40, 60, name: "tall")
            // The root is kept: views do not own their superview, so without it the stack is a tree of its own.
            let (root, stack) = horizontalStack([small, tall], alignment: alignment)
            XCTAssertEqual(stack.frame.height, 60, "\(alignment)")
            XCTAssertEqual(small.frame.height, 20, "\(alignment)")
            let expectedY: CGFloat = alignment == .leading ? 0 : alignment == .center ? 20 : 40
            XCTAssertEqual(small.frame.minY, expectedY, "\(alignment)")
            XCTAssertFalse(small.hasAmbiguousLayout, "\(alignment)")
            withExtendedLifetime(root) {}
        }
    }

    func testFirstBaselineAlignmentLinesUpText() {
        let root = makeRoot()
        let big = UILabel(text: "Title")
        big.font = .systemFont(ofSize: 34, weight: .bold)
        let small = UILabel(text: "subtitle")
        small.font = .systemFont(ofSize: 13)
        let stack = UIStackView(arrangedSubviews: [big, small])
        stack.alignment = .firstBaseline
        stack.spacing = 8
        add(stack, to: root)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
        ])
        root.layoutIfNeeded()
        // Baseline = top + ascender (Inter: 2728/2816 em), centred in the pixel-ceiled height.
        func baseline(_ label: UILabel, _ size: CGFloat) -> CGFloat {
            let raw = size * 3408 / 2816
            return label.frame.minY + (label.frame.height - raw) / 2 + size * 2728 / 2816
        }
        XCTAssertEqual(baseline(big, 34), baseline(small, 13), accuracy: 0.5)
        XCTAssertGreaterThan(small.frame.minY, big.frame.minY)
        XCTAssertEqual(stack.frame.height, big.frame.height)
    }

    func testHiddenViewsLeaveTheLayoutAndMarginsRelativeArrangement() {
        let a = Box(50, 20, name: "a")
        let b = Box(60, 20, name: "b")
        let c = Box(70, 20, name: "c")
        let root = makeRoot()
        let stack = UIStackView(arrangedSubviews: [a, b, c])
        stack.axis = .vertical
        stack.alignment = .leading
        stack.spacing = 5
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = UIEdgeInsets(top: 10, left: 12, bottom: 10, right: 12)
        add(stack, to: root)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: root.topAnchor),
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(stack.frame.height, 10 + 60 + 10 + 10)
        XCTAssertEqual(stack.frame.width, 12 + 70 + 12)
        XCTAssertEqual(b.frame.minY, 35)
        b.isHidden = true
        root.layoutIfNeeded()
        XCTAssertEqual(stack.frame.height, 10 + 40 + 5 + 10)
        XCTAssertEqual(c.frame.minY, 10 + 20 + 5)
        XCTAssertEqual(b.frame.height, 0)
    }
}
