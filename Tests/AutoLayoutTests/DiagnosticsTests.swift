import AutoLayout
import Foundation
import XCTest

final class DiagnosticsTests: XCTestCase {
    /// Two required widths: UIKit's message lists both, breaks the later one, and layout goes on.
    func testUnsatisfiablePairIsReportedAsUIKitDoes() {
        let root = makeRoot()
        let box = UIView()
        box.name = "box"
        add(box, to: root)
        let narrow = box.widthAnchor.constraint(equalToConstant: 100)
        let wide = box.widthAnchor.constraint(equalToConstant: 200)
        wide.identifier = "too-wide"
        NSLayoutConstraint.activate([
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            box.heightAnchor.constraint(equalToConstant: 50),
            narrow, wide,
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(box.frame.width, 100, "layout goes on without the broken constraint")
        XCTAssertEqual(box.frame.height, 50)
        let reports = root.layoutDiagnostics.filter { $0.kind == .unsatisfiableConstraints }
        XCTAssertEqual(reports.count, 1)
        let report = reports[0]
        XCTAssertTrue(report.brokenConstraint === wide)
        XCTAssertEqual(report.conflictingConstraints.count, 2)
        XCTAssertTrue(report.conflictingConstraints.contains { $0 === narrow })
        XCTAssertTrue(report.message.hasPrefix("[LayoutConstraints] Unable to simultaneously satisfy constraints."))
        XCTAssertTrue(
            report.message.contains("\"<NSLayoutConstraint UIView:box.width == 100   (active)>\""), report.message)
        XCTAssertTrue(
            report.message.hasSuffix(
                "Will attempt to recover by breaking constraint \n<NSLayoutConstraint 'too-wide' UIView:box.width == 200   (active)>"
            ), report.message)

        // Removing the other side of the conflict lets the broken constraint in.
        narrow.isActive = false
        root.layoutIfNeeded()
        XCTAssertEqual(box.frame.width, 200)
        XCTAssertTrue(root.layoutDiagnostics.isEmpty, "\(root.layoutDiagnostics)")
    }

    /// Forgetting `translatesAutoresizingMaskIntoConstraints = false`: the frame's constraints
    /// conflict with the new ones, and the message notes autoresizing constraints.
    func testAutoresizingConstraintsConflictWhenNotTurnedOff() {
        let root = makeRoot()
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        box.name = "box"
        root.addSubview(box)
        box.widthAnchor.constraint(equalToConstant: 100).isActive = true
        root.layoutIfNeeded()
        let report = root.layoutDiagnostics.first { $0.kind == .unsatisfiableConstraints }
        XCTAssertNotNil(report)
        XCTAssertTrue(report?.conflictingConstraints.contains { $0 is NSAutoresizingMaskLayoutConstraint } ?? false)
        XCTAssertTrue(report?.message.contains("(Note: If you're seeing NSAutoresizingMaskLayoutConstraints") ?? false)
        XCTAssertTrue(report?.message.contains("h=---") ?? false, report?.message ?? "")
        XCTAssertEqual(box.frame.width, 10)
    }

    func testConstraintsAffectingLayoutAndDescriptions() {
        let root = makeRoot()
        let title = UILabel(text: "Title")
        title.name = "title"
        let other = UIView()
        other.name = "other"
        add(title, other, to: root)
        let leading = title.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor, constant: 20)
        let top = title.topAnchor.constraint(equalTo: root.topAnchor, constant: 10)
        let unrelated = other.leadingAnchor.constraint(equalTo: root.leadingAnchor)
        NSLayoutConstraint.activate([leading, top, unrelated])
        XCTAssertEqual(
            leading.description,
            "<NSLayoutConstraint UILabel:title.leading == UILayoutGuide:'UIViewLayoutMarginsGuide'(UIView:root).leading + 20   (active)>"
        )
        let horizontal = title.constraintsAffectingLayout(for: .horizontal)
        XCTAssertTrue(horizontal.contains { $0 === leading })
        XCTAssertFalse(horizontal.contains { $0 === top })
        XCTAssertFalse(horizontal.contains { $0 === unrelated }, "other's constraint does not reach title")
        XCTAssertTrue(horizontal.contains { $0 is NSContentSizeLayoutConstraint })
        XCTAssertTrue(horizontal.contains { $0.identifier == "UIView-leftMargin-guide-constraint" })
        let vertical = title.constraintsAffectingLayout(for: .vertical)
        XCTAssertTrue(vertical.contains { $0 === top })
        let content = vertical.first { $0 is NSContentSizeLayoutConstraint }
        XCTAssertEqual(
            content?.description,
            "<NSContentSizeLayoutConstraint UILabel:title.height == 20.5 Hug:250 CompressionResistance:750   (active)>")
    }

    func testInvalidConstraintsAreReportedNotFatal() {
        let root = makeRoot()
        let a = UIView()
        let stranger = UIView()
        add(a, to: root)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: stranger.leadingAnchor),
            NSLayoutConstraint(
                item: a, attribute: .top, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1,
                constant: 10),
            NSLayoutConstraint(
                item: a, attribute: .leading, relatedBy: .equal, toItem: root, attribute: .top, multiplier: 1,
                constant: 0),
            // Sizes may relate across axes, as UIKit allows: an aspect ratio is not an error.
            NSLayoutConstraint(
                item: a, attribute: .height, relatedBy: .equal, toItem: a, attribute: .width, multiplier: 0.5,
                constant: 0),
            a.widthAnchor.constraint(equalToConstant: 80),
        ])
        root.layoutIfNeeded()
        let messages = root.layoutDiagnostics.filter { $0.kind == .invalidConstraint }.map(\.message)
        XCTAssertEqual(messages.count, 3, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("not in one view tree") })
        XCTAssertTrue(messages.contains { $0.contains("a position cannot equal a constant") })
        XCTAssertTrue(messages.contains { $0.contains("relates the horizontal axis to another axis") })
        XCTAssertEqual(a.frame.height, 40, "height = 0.5 × width holds")
    }

    func testAViewCannotBecomeItsOwnAncestor() {
        let root = makeRoot()
        let child = UIView()
        root.addSubview(child)
        child.addSubview(root)
        XCTAssertNil(root.superview)
        XCTAssertTrue(child.superview === root)
        XCTAssertEqual(root.layoutDiagnostics.first?.kind, .invalidHierarchy)
    }
}
