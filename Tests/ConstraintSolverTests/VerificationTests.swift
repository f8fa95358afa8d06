import XCTest

@testable import ConstraintSolver

/// The accuracy check of ill-conditioned systems (`Robustness.swift`): an operation leaves
/// the required constraints holding to what double precision allows, or it is refused and
/// the solver is left exactly as it was.
final class VerificationTests: XCTestCase {
    /// What a refused operation must leave untouched (what the fuzz harness compares).
    struct State: Equatable {
        var constraints: [Constraint]
        var statistics: Solver.Statistics
        var values: [UInt64]

        init(_ solver: inout Solver, _ variables: [Variable]) {
            constraints = solver.allConstraints
            statistics = solver.statistics
            values = solver.values(of: variables).map(\.bitPattern)
        }
    }

    /// Every required constraint holds to 1e-7 of its terms plus 1e-10 of the largest value.
    func assertRequiredHold(_ solver: inout Solver, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(solver.tableau.accuracyProblem(), file: file, line: line)
        XCTAssertEqual(solver.invariantViolations(), [], file: file, line: line)
    }

    /// Layouts' coefficients (±1, halves, constants) never make the system ill-conditioned, so
    /// they never pay for the check: no copy of the state, no scan of the constraints.
    func testALayoutIsNeverIllConditioned() throws {
        let v = (0..<6).map { Variable("v\($0)") }
        var s = Solver()
        try s.add(Constraint(v[0] - 16, .equal))
        try s.add(Constraint(v[1] - 343, .equal, priority: 750))
        try s.add(Constraint(v[0] + v[1] - 375, .lessThanOrEqual))
        try s.add(Constraint(v[2] - 0.5 * v[1], .equal))
        try s.add(Constraint(v[3] - v[2] - 8, .greaterThanOrEqual))
        try s.add(Constraint(v[4] - 2 * v[3], .equal, priority: 250))
        try s.addEditVariable(v[5], priority: 999)
        try s.add(Constraint(v[5] - v[0] - v[1], .equal))
        try s.suggestValue(500, for: v[5])
        XCTAssertFalse(s.tableau.isIllConditioned)
        assertRequiredHold(&s)
    }

    /// A required `v3 == 0` conflicts with `-0.01·v3 + 3·v0 + 10 == 0` and
    /// `v0 == 0` (v3 must be 1000), but rounding in a tableau with weak edits and copies of
    /// `-0.01·v4 + 10 == 0` accepted it, and a fresh build did too; `v0 == 0` was then 3.3
    /// off. The check finds the required constraints broken, and the required constraints
    /// alone, built afresh, refuse the new one: a conflict, explained, with nothing changed.
    func testAConflictAcceptedThroughRoundingIsRefusedAsAConflict() throws {
        let v = (0..<5).map { Variable("v\($0)") }
        var s = Solver()
        var c: [Constraint] = []
        c.append(
            Constraint(
                Expression([Term(v[2], 1.0), Term(v[3], 100.0), Term(v[4], 1.0)], constant: 1.0), .equal,
                priority: Priority(1000.0)))
        try s.add(c[0])
        c.append(
            Constraint(
                Expression([Term(v[3], 100.0), Term(v[0], -2.0), Term(v[1], 1.0)], constant: 375.0),
                .greaterThanOrEqual, priority: Priority(1000.0)))
        try s.add(c[1])
        c.append(
            Constraint(
                Expression([Term(v[2], 10.0), Term(v[1], 1.0), Term(v[0], -1.0)], constant: 0), .equal,
                priority: Priority(750.0)))
        try s.add(c[2])
        _ = try? s.removeEditVariable(v[4])
        c.append(
            Constraint(Expression([Term(v[1], 3.0)], constant: 100000.0), .lessThanOrEqual, priority: Priority(250.0)))
        try s.add(c[3])
        _ = try? s.removeEditVariable(v[0])
        try s.addEditVariable(v[0], priority: Priority(750.0))
        c.append(Constraint(Expression([Term(v[4], 0.0)], constant: 0.001), .equal, priority: Priority(750.0)))
        try s.add(c[4])
        c.append(Constraint(Expression([Term(v[4], -0.01)], constant: 10.0), .equal, priority: Priority(750.0)))
        try s.add(c[5])
        c.append(Constraint(Expression([Term(v[4], -0.01)], constant: 10.0), .equal, priority: Priority(750.0)))
        try s.add(c[6])
        c.append(Constraint(Expression([Term(v[4], -0.01)], constant: 10.0), .equal, priority: Priority(750.0)))
        try s.add(c[7])
        c.append(Constraint(Expression([Term(v[4], -0.01)], constant: 10.0), .equal, priority: Priority(750.0)))
        try s.add(c[8])
        _ = try? s.addEditVariable(v[0], priority: Priority(999.0))
        c.append(
            Constraint(
                Expression([Term(v[3], -0.01), Term(v[0], 3.0)], constant: 10.0), .equal, priority: Priority(1000.0)))
        try s.add(c[9])
        c.append(
            Constraint(
                Expression([Term(v[2], 1.0), Term(v[1], 100.0), Term(v[1], -2.0)], constant: 100000.0), .equal,
                priority: Priority(1000.0)))
        try s.add(c[10])
        try s.removeEditVariable(v[0])
        c.append(Constraint(Expression([Term(v[0], 1.0)], constant: 0), .equal, priority: Priority(1000.0)))
        try s.add(c[11])
        c.append(Constraint(Expression([Term(v[3], 1.0)], constant: 0), .equal, priority: Priority(1000.0)))
        let before = State(&s, v)
        XCTAssertThrowsError(try s.add(c[12])) { error in
            guard case .unsatisfiableConstraint(_, let conflicts)? = error as? SolverError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(Set(conflicts), [c[9], c[11]])
        }
        XCTAssertEqual(State(&s, v), before)
        assertRequiredHold(&s)
    }

    /// A redundant `100·v0 == 0`'s dummy held 3.9e-7 beside values of 5·10^6
    /// once `2·v1 + 100000 == 0` was added, a fresh build's own rounding (8e-14 of the
    /// values). The invariant check took it for a broken equality with an absolute 1e-8; a
    /// dummy is judged at the solver's scale, as every restricted row is, and the
    /// satisfiable constraint is accepted.
    func testARedundantEqualitysDummyIsJudgedAtTheSolversScale() throws {
        let v = (0..<5).map { Variable("v\($0)") }
        var s = Solver()
        var c: [Constraint] = []
        _ = try? s.suggestValue(-0.003, for: v[3])
        c.append(
            Constraint(
                Expression([Term(v[2], 1.0), Term(v[1], 100.0), Term(v[3], 1.0)], constant: 1.0), .equal,
                priority: Priority(1000.0)))
        try s.add(c[0])
        _ = try? s.suggestValue(0.0, for: v[2])
        c.append(
            Constraint(
                Expression([Term(v[3], 100.0), Term(v[0], 1.0), Term(v[1], -2.0)], constant: -667.0), .equal,
                priority: Priority(750.0)))
        try s.add(c[1])
        try s.addEditVariable(v[3], priority: Priority(1.0))
        c.append(Constraint(Expression([Term(v[0], 3.0)], constant: 0), .greaterThanOrEqual, priority: Priority(51.0)))
        try s.add(c[2])
        try s.addEditVariable(v[0], priority: Priority(750.0))
        try s.updateConstant(of: c[2], to: 10.0)
        c.append(
            Constraint(
                Expression([Term(v[1], 3.0), Term(v[3], 1.0), Term(v[0], -0.01)], constant: -667.0), .equal,
                priority: Priority(1.0)))
        try s.add(c[3])
        c.append(Constraint(Expression([Term(v[0], 1.0)], constant: 0), .equal, priority: Priority(1.0)))
        try s.add(c[4])
        c.append(Constraint(Expression([Term(v[0], 1.0)], constant: 0), .equal, priority: Priority(1000.0)))
        try s.add(c[5])
        c.append(
            Constraint(
                Expression([Term(v[3], 1.0), Term(v[0], 1.0), Term(v[0], 100.0)], constant: 0), .equal,
                priority: Priority(1000.0)))
        try s.add(c[6])
        _ = try? s.removeEditVariable(v[2])
        try s.addEditVariable(v[2], priority: Priority(999.0))
        try s.addEditVariable(v[1], priority: Priority(999.0))
        c.append(Constraint(Expression([Term(v[0], 100.0)], constant: 0), .equal, priority: Priority(1000.0)))
        try s.add(c[7])
        c.append(Constraint(Expression([Term(v[1], 2.0)], constant: 100000.0), .equal, priority: Priority(1000.0)))
        try s.add(c[8])
        XCTAssertEqual(s.value(of: v[1]), -50000, accuracy: 1e-6)
        XCTAssertEqual(s.value(of: v[2]), 4_999_999, accuracy: 1e-3)
        assertRequiredHold(&s)
    }

    /// After a history of weak edits and conflicting adds, a required
    /// `-0.01·v4 + v0 == 0` left itself 5·10^4 off (values of 5·10^6), and a fresh build of
    /// the same constraints did no better. Whatever the solver answers, it is the contract:
    /// accepted with every required constraint holding, or refused with nothing changed.
    func testAnOperationRoundingWouldBreakIsRefusedAndUndone() throws {
        let v = (0..<5).map { Variable("v\($0)") }
        var s = Solver()
        var c: [Constraint] = []
        _ = try? s.suggestValue(-0.003, for: v[3])
        c.append(
            Constraint(
                Expression([Term(v[2], 1.0), Term(v[1], 100.0), Term(v[3], 1.0)], constant: 1.0), .equal,
                priority: Priority(1000.0)))
        try s.add(c[0])
        _ = try? s.suggestValue(0.0, for: v[2])
        c.append(
            Constraint(
                Expression([Term(v[3], 100.0), Term(v[0], 1.0), Term(v[1], -2.0)], constant: 8.0), .equal,
                priority: Priority(51.0)))
        try s.add(c[1])
        try s.addEditVariable(v[0], priority: Priority(250.0))
        try s.addEditVariable(v[3], priority: Priority(750.0))
        c.append(Constraint(Expression([Term(v[0], -2.0)], constant: -100000.0), .equal, priority: Priority(1000.0)))
        try s.add(c[2])
        _ = try? s.addEditVariable(v[3], priority: Priority(1.0))
        c.append(Constraint(Expression([Term(v[3], 1.0)], constant: 375.0), .equal, priority: Priority(750.0)))
        try s.add(c[3])
        c.append(Constraint(Expression([Term(v[3], 1.0)], constant: 375.0), .equal, priority: Priority(750.0)))
        try s.add(c[4])
        c.append(Constraint(Expression([Term(v[3], -0.25)], constant: 0.001), .equal, priority: Priority(1000.0)))
        try s.add(c[5])
        _ = try? s.addEditVariable(v[3], priority: Priority(750.0))
        c.append(
            Constraint(
                Expression([Term(v[1], -2.0)], constant: 100000.0), .greaterThanOrEqual, priority: Priority(51.0)))
        try s.add(c[6])
        c.append(
            Constraint(Expression([Term(v[0], 1.0)], constant: 375.0), .greaterThanOrEqual, priority: Priority(51.0)))
        try s.add(c[7])
        try s.removeEditVariable(v[0])
        c.append(
            Constraint(
                Expression([Term(v[0], 1.0), Term(v[3], 1.0), Term(v[0], 1.0)], constant: 0), .equal,
                priority: Priority(1000.0)))
        _ = try? s.add(c[8])
        c.append(Constraint(Expression([Term(v[3], 1.0)], constant: 0), .equal, priority: Priority(750.0)))
        try s.add(c[9])
        c.append(Constraint(Expression([Term(v[3], 1.0)], constant: 375.0), .equal, priority: Priority(750.0)))
        try s.add(c[10])
        c.append(Constraint(Expression([Term(v[3], 1.0)], constant: 375.0), .equal, priority: Priority(750.0)))
        try s.add(c[11])
        c.append(Constraint(Expression([Term(v[3], 1.0)], constant: 375.0), .equal, priority: Priority(750.0)))
        try s.add(c[12])
        c.append(Constraint(Expression([Term(v[3], 1.0)], constant: 375.0), .lessThanOrEqual, priority: Priority(1.0)))
        try s.add(c[13])
        _ = try? s.suggestValue(0.5, for: v[0])
        c.append(
            Constraint(
                Expression([Term(v[3], 0.5), Term(v[4], 1.0), Term(v[4], 100.0)], constant: 100000.0), .equal,
                priority: Priority(750.0)))
        try s.add(c[14])
        try s.removeEditVariable(v[3])
        c.append(Constraint(Expression([Term(v[0], 0.5)], constant: 44.0), .equal, priority: Priority(1000.0)))
        _ = try? s.add(c[15])
        c.append(
            Constraint(
                Expression([Term(v[4], -0.01), Term(v[0], 1.0)], constant: 0), .equal, priority: Priority(1000.0)))
        XCTAssertTrue(s.tableau.isIllConditioned)
        let before = State(&s, v)
        do {
            try s.add(c[16])
        } catch {
            guard case .illConditioned(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("adding"), message)
            XCTAssertEqual(State(&s, v), before)
        }
        assertRequiredHold(&s)
    }

    /// Removing the edit variable v3 was refused (a required
    /// `200·v1 + 100·v0 == 0` would have been 1.2e-5 off), but `removeEditVariable` had
    /// dropped the edit before the removal was refused, so the refusal changed the solver.
    func testARefusedEditVariableRemovalKeepsTheEditVariable() throws {
        let v = (0..<5).map { Variable("v\($0)") }
        var s = Solver()
        var c: [Constraint] = []
        c.append(
            Constraint(
                Expression([Term(v[2], 1.0), Term(v[1], 100.0), Term(v[3], -0.01)], constant: 0), .greaterThanOrEqual,
                priority: Priority(51.0)))
        try s.add(c[0])
        c.append(
            Constraint(
                Expression([Term(v[3], 100.0), Term(v[0], 1.0), Term(v[1], -2.0)], constant: -667.0),
                .greaterThanOrEqual, priority: Priority(51.0)))
        try s.add(c[1])
        _ = try? s.removeEditVariable(v[3])
        c.append(
            Constraint(
                Expression([Term(v[1], 100.0), Term(v[1], 100.0), Term(v[1], 100.0)], constant: -10.0),
                .greaterThanOrEqual, priority: Priority(51.0)))
        try s.add(c[2])
        try s.addEditVariable(v[1], priority: Priority(250.0))
        _ = try? s.addEditVariable(v[1], priority: Priority(750.0))
        c.append(Constraint(Expression([Term(v[0], 1.0)], constant: 0), .equal, priority: Priority(1000.0)))
        try s.add(c[3])
        _ = try? s.addEditVariable(v[1], priority: Priority(250.0))
        _ = try? s.addEditVariable(v[1], priority: Priority(250.0))
        c.append(Constraint(Expression([Term(v[0], 1.0)], constant: 0), .equal, priority: Priority(1000.0)))
        try s.add(c[4])
        c.append(
            Constraint(
                Expression([Term(v[1], 100.0), Term(v[1], 100.0), Term(v[0], 100.0)], constant: 0), .equal,
                priority: Priority(1000.0)))
        try s.add(c[5])
        try s.addEditVariable(v[3], priority: Priority(999.0))
        c.append(Constraint(Expression([Term(v[2], -1.0)], constant: 0.001), .equal, priority: Priority(500.0)))
        try s.add(c[6])
        try s.addEditVariable(v[0], priority: Priority(999.0))
        _ = try? s.addEditVariable(v[3], priority: Priority(750.0))
        c.append(Constraint(Expression([Term(v[0], -0.01)], constant: 0), .equal, priority: Priority(1000.0)))
        try s.add(c[7])
        c.append(Constraint(Expression([Term(v[0], 1.0)], constant: 1.0), .lessThanOrEqual, priority: Priority(999.0)))
        try s.add(c[8])
        try s.updateConstant(of: c[0], to: 100000.0)
        c.append(
            Constraint(
                Expression([Term(v[3], 100.0), Term(v[3], 2.0), Term(v[3], 100.0)], constant: 100000.0),
                .greaterThanOrEqual, priority: Priority(500.0)))
        try s.add(c[9])
        c.append(
            Constraint(
                Expression([Term(v[3], 100.0), Term(v[3], 100.0), Term(v[3], 100.0)], constant: 100000.0),
                .greaterThanOrEqual, priority: Priority(500.0)))
        try s.add(c[10])
        c.append(
            Constraint(
                Expression([Term(v[3], 100.0), Term(v[3], 10.0), Term(v[2], 100.0)], constant: -667.0), .equal,
                priority: Priority(999.0)))
        try s.add(c[11])
        c.append(Constraint(Expression([Term(v[2], 1.0)], constant: 0.5), .equal, priority: Priority(1000.0)))
        _ = try? s.add(c[12])
        XCTAssertTrue(s.hasEditVariable(v[3]))
        let before = State(&s, v)
        do {
            try s.removeEditVariable(v[3])
            XCTAssertFalse(s.hasEditVariable(v[3]))
        } catch {
            guard case .illConditioned = error else { return XCTFail("\(error)") }
            XCTAssertTrue(s.hasEditVariable(v[3]))
            XCTAssertEqual(State(&s, v), before)
            // The edit is still there: a suggestion reaches it (today it is refused too, for
            // the same equality, 1.2e-5 off beside values of 10^5), not `unknownEditVariable`.
            do {
                try s.suggestValue(10, for: v[3])
            } catch {
                guard case .illConditioned = error else { return XCTFail("\(error)") }
            }
        }
        assertRequiredHold(&s)
    }
}
