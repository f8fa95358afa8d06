import XCTest

@testable import ConstraintSolver

/// Iterative refinement (`Refinement.swift`); its effect on a whole system is pinned by
/// `NumericalRobustnessTests.testRefinementRemovesTheRoundingOfTheTableau`.
final class RefinementTests: XCTestCase {
    /// Large terms that cancel lose nothing: plain Double arithmetic gives 0 for both sums.
    func testCompensatedSumKeepsWhatCancellationLoses() {
        var sum = CompensatedSum(1e16)
        sum.add(1, times: 1)
        sum.add(-1, times: 1e16)
        XCTAssertEqual(sum.value, 1)
        XCTAssertEqual(1e16 + 1 - 1e16, 0)
        // (1 + 2^-30)² = 1 + 2^-29 + 2^-60: the last term is below a Double's precision next
        // to 1, and the product's rounding error keeps it.
        let a = 1 + 0x1p-30
        var square = CompensatedSum(-1 - 0x1p-29)
        square.add(a, times: a)
        XCTAssertEqual(square.value, 0x1p-60)
        XCTAssertEqual(a * a - 1 - 0x1p-29, 0)
    }

    /// A layout's solution is exact already: a refinement step changes no value, and the
    /// solver stays consistent.
    func testRefiningAnExactSolutionChangesNothing() throws {
        let x = Variable("x")
        let width = Variable("width")
        let y = Variable("y")
        var solver = Solver()
        try solver.add(Constraint(x - 16, .equal))
        try solver.add(Constraint(width - 343, .equal, priority: 750))
        try solver.add(Constraint(x + width - 375, .lessThanOrEqual))
        try solver.add(Constraint(y - 0.5 * width, .equal))
        let before = solver.values(of: [x, width, y])
        try solver.tableau.refine()
        XCTAssertEqual(solver.values(of: [x, width, y]), before)
        XCTAssertEqual(before, [16, 343, 171.5])
        XCTAssertEqual(solver.invariantViolations(), [])
    }

    /// A step moves the values by the residuals: constants nudged by hand (as rounding would)
    /// are put back.
    func testRefinementRemovesAResidualPutInByHand() throws {
        let x = Variable("x")
        let y = Variable("y")
        var solver = Solver()
        try solver.add(Constraint(x - 100, .equal))
        try solver.add(Constraint(y - 3 * x, .equal))
        for s in solver.tableau.symbols.indices {
            solver.tableau.rowOf[s]?.constant += 1e-6
            solver.tableau.symbols[s].definition?.constant += 1e-6
        }
        solver.tableau.program = nil
        XCTAssertNotEqual(solver.values(of: [x, y]), [100, 300])
        XCTAssertGreaterThan(solver.tableau.requiredDrift(), 0)
        let drift = solver.tableau.refined()
        XCTAssertEqual(drift, 0)
        XCTAssertEqual(solver.values(of: [x, y]), [100, 300])
        XCTAssertEqual(solver.invariantViolations(), [])
    }
}
