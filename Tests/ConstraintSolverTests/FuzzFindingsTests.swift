import ConstraintSolver
import XCTest

/// Regressions from fuzzing the solver (`scripts/fuzz solver`); the inputs themselves are
/// replayed from `Fuzz/regressions/solver` by ReliabilityTests.
final class FuzzFindingsTests: XCTestCase {
    /// Two copies of a required `v == 0` make the second a redundant equality whose dummy is
    /// basic. Removing the first copy used to pivot its marker through the optional row,
    /// moving the dummy off zero: `v` became -375 though `v == 0` was still required.
    func testRemovingOneOfTwoRequiredCopiesKeepsTheOther() throws {
        let v = Variable("v")
        var solver = Solver()
        let first = Constraint(v.expression, .equal)
        let second = Constraint(v.expression, .equal)
        try solver.add(first)
        try solver.add(second)
        try solver.add(Constraint(v + 375, .equal, priority: 500))
        try solver.remove(first)
        XCTAssertEqual(solver.invariantViolations(), [])
        XCTAssertEqual(solver.value(of: v), 0)
        try solver.remove(second)
        XCTAssertEqual(solver.invariantViolations(), [])
        XCTAssertEqual(solver.value(of: v), -375)
    }
}
