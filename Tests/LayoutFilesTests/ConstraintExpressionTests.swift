import AutoLayout
import LayoutFiles
import XCTest

/// The constraint strings of the seeds and their variants parse to the right parts.
final class ConstraintExpressionTests: XCTestCase {
    func testForms() throws {
        let simple = try ConstraintExpression(parsing: "label.top = superview.top + 24")
        XCTAssertEqual(simple.first.item, "label")
        XCTAssertEqual(simple.first.attribute, .top)
        XCTAssertEqual(simple.relation, .equal)
        XCTAssertEqual(simple.second?.item, "superview")
        XCTAssertEqual(simple.constant, 24)
        XCTAssertEqual(simple.priority, 1000)

        let minimum = try ConstraintExpression(parsing: "button.width >= 44 @750")
        XCTAssertNil(minimum.second)
        XCTAssertEqual(minimum.relation, .greaterThanOrEqual)
        XCTAssertEqual(minimum.constant, 44)
        XCTAssertEqual(minimum.priority, 750)

        let ratio = try ConstraintExpression(parsing: "image.height == 0.5 * image.width - 2 @ defaultHigh")
        XCTAssertEqual(ratio.multiplier, 0.5)
        XCTAssertEqual(ratio.constant, -2)
        XCTAssertEqual(ratio.second?.attribute, .width)
        XCTAssertEqual(ratio.priority, 750)

        let trailing = try ConstraintExpression(parsing: "a.widthAnchor ≤ b.widthAnchor × 2")
        XCTAssertEqual(trailing.relation, .lessThanOrEqual)
        XCTAssertEqual(trailing.multiplier, 2)

        let guide = try ConstraintExpression(parsing: "title.top=view.safeAreaLayoutGuide.top+8")
        XCTAssertEqual(guide.second?.guide, .safeArea)
        XCTAssertEqual(guide.description, "title.top == view.safeArea.top + 8")

        let keyboard = try ConstraintExpression(parsing: "list.bottom = view.keyboardLayoutGuide.top")
        XCTAssertEqual(keyboard.second?.guide, .keyboard)
        XCTAssertEqual(keyboard.description, "list.bottom == view.keyboard.top")

        let baseline = try ConstraintExpression(parsing: "a.baseline = b.firstBaseline − 4")
        XCTAssertEqual(baseline.first.attribute, .lastBaseline)
        XCTAssertEqual(baseline.constant, -4)

        let margin = try ConstraintExpression(parsing: "a.leading = superview.leadingMargin")
        XCTAssertEqual(margin.second?.attribute, .leadingMargin)
    }

    func testErrorsPointAtTheProblem() {
        func error(_ text: String) -> ConstraintExpression.ParseError? {
            do {
                _ = try ConstraintExpression(parsing: text)
                return nil
            } catch { return error }
        }
        XCTAssertEqual(error("label.top superview.top")?.offset, 10)
        XCTAssertEqual(
            error("label = superview.top")?.message, "expected '.' and an attribute after 'label', as in label.top")
        XCTAssertEqual(error("a.top = b.top + 1 + 2")?.offset, 18)
        XCTAssertEqual(error("a.width = 10 @ sometimes")?.message.hasPrefix("unknown priority 'sometimes'"), true)
        XCTAssertEqual(error("a.top = b.top $")?.message, "unexpected '$'")
        XCTAssertEqual(error("a.safeArea.firstBaseline = b.top")?.message, "a layout guide has no firstBaseline")
        XCTAssertEqual(error("")?.message, "a constraint starts with an anchor such as label.top")
    }
}
