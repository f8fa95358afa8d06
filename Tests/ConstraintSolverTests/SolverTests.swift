import XCTest

@testable import ConstraintSolver

/// Asserts that a solver has no internal inconsistency.
func assertConsistent(_ solver: Solver, file: StaticString = #filePath, line: UInt = #line) {
    let problems = solver.invariantViolations()
    XCTAssertTrue(problems.isEmpty, "\(problems.prefix(5))", file: file, line: line)
}

/// Asserts that two solvers hold the same internal tableau.
func assertSameState(
    _ a: Solver, _ b: Solver, file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(a.statistics, b.statistics, file: file, line: line)
    let (p, q) = (a.tableau.symbols, b.tableau.symbols)
    XCTAssertTrue(a.tableau.rowOf == b.tableau.rowOf, "rows differ", file: file, line: line)
    XCTAssertEqual(p.map(\.column), q.map(\.column), file: file, line: line)
    XCTAssertEqual(a.tableau.objective, b.tableau.objective, file: file, line: line)
    XCTAssertEqual(a.tableau.levels, b.tableau.levels, file: file, line: line)
    XCTAssertEqual(a.tableau.kinds, b.tableau.kinds, file: file, line: line)
    XCTAssertTrue(p.map(\.definition) == q.map(\.definition), "definitions differ", file: file, line: line)
    XCTAssertEqual(p.map(\.definitionUsers), q.map(\.definitionUsers), file: file, line: line)
}

final class ClassicTests: XCTestCase {
    /// `withPriority` leaves every existing copy as it was: a constraint still referenced (by a
    /// variable of the caller, or by a solver it was added to) gives a new constraint, and only
    /// a temporary nothing else refers to takes the priority itself.
    func testWithPriorityKeepsSharedConstraintsUnchanged() throws {
        let x = Variable("x")
        let shared = x <= 10
        let lowered = shared.withPriority(.defaultLow)
        XCTAssertEqual(shared.priority, .required)
        XCTAssertEqual(lowered.priority, .defaultLow)
        XCTAssertNotEqual(shared, lowered)
        var s = Solver()
        try s.add(shared)
        try s.add(lowered)  // another constraint, not a duplicate

        let added = x == 5
        try s.add((x >= 20).withPriority(.defaultHigh))
        try s.add(added)
        let copy = (consume added).withPriority(.defaultLow)  // the solver still holds `added`
        XCTAssertEqual(copy.priority, .defaultLow)
        XCTAssertFalse(s.contains(copy))
        XCTAssertEqual(s.allConstraints.map(\.priority), [.required, .defaultLow, .defaultHigh, .required])
        XCTAssertEqual(s.value(of: x), 5)
        XCTAssertThrowsError(try s.remove(copy))
    }

    func testViolationMeasuresTheWrongSideOnly() {
        let x = Variable("x")
        let value: (Variable) -> Double = { _ in 7 }
        XCTAssertEqual(Constraint(x - 5, .lessThanOrEqual).violation(value), 2)
        XCTAssertEqual(Constraint(x - 5, .greaterThanOrEqual).violation(value), 0)
        XCTAssertEqual(Constraint(x - 9, .equal).violation(value), 2)
        XCTAssertEqual(Constraint(x - 9, .greaterThanOrEqual).violation(constant: -4, value), 0)
        XCTAssertEqual(Constraint(x - 9, .equal).violation(constant: -10, value), 3)
    }

    /// Numbers do not conform to `ExpressionConvertible`: an operator with a number on one
    /// side is an overload on `Double`, so plain arithmetic in a file that imports the solver
    /// stays plain arithmetic, while `x + 12`, `2 * x` and `x == 16` still build expressions.
    /// `expression ± constant` shares the expression's terms instead of copying them: the
    /// result and the original stay independent values, with the terms in the order written.
    func testOffsetExpressionsShareTermsAsValues() {
        let x = Variable("x")
        let y = Variable("y")
        let sum = x + 2 * y
        var shifted = sum + 12
        let lowered = sum - 0.5
        let flipped = 12 - sum
        XCTAssertEqual(shifted.terms.map(\.coefficient), [1, 2])
        XCTAssertEqual(shifted.terms.map(\.variable), [x, y])
        XCTAssertEqual(shifted.constant, 12)
        XCTAssertEqual(lowered.constant, -0.5)
        XCTAssertEqual(flipped.terms.map(\.coefficient), [-1, -2])
        XCTAssertEqual(flipped.constant, 12)
        shifted.terms[0].coefficient = 5
        XCTAssertEqual(sum.terms.map(\.coefficient), [1, 2])
        XCTAssertEqual(lowered.terms.map(\.coefficient), [1, 2])
        XCTAssertEqual(sum.constant, 0)
    }

    /// An operator whose operand is a temporary expression adds the other side's terms to the
    /// temporary's own array (`a + b <= w - 16`, `x == a + b + 12`); one whose expression is
    /// also held elsewhere copies it. Either way the terms, their order and the constant are
    /// those of a fresh array, and the expression held elsewhere stays as it was.
    func testOperatorsReuseTemporaryExpressions() {
        let a = Variable("a")
        let b = Variable("b")
        let w = Variable("w")
        let x = Variable("x")
        func parts(_ e: ConstraintSolver.Expression) -> [String] {
            e.terms.map { "\($0.variable.description)\($0.coefficient)" } + ["\(e.constant)"]
        }
        XCTAssertEqual(parts((a + b <= w - 16).expression), ["a1.0", "b1.0", "w-1.0", "16.0"])
        XCTAssertEqual(parts((x == a + b + 12).expression), ["x1.0", "a-1.0", "b-1.0", "-12.0"])
        XCTAssertEqual(parts((Term(x, 3) >= 2 * a - b).expression), ["x3.0", "a-2.0", "b1.0", "0.0"])
        XCTAssertEqual(parts(a + b + w - x - 4), ["a1.0", "b1.0", "w1.0", "x-1.0", "-4.0"])
        XCTAssertEqual(parts(x - (a + b)), ["x1.0", "a-1.0", "b-1.0", "0.0"])
        // `0 + 0 · -1` is +0, not -0: the constant is the same sum as a fresh array's.
        XCTAssertEqual((x == a + b).expression.constant.sign, .plus)
        let held = a + b + 12
        let left = held <= w
        let right = x == held
        let again = held - held
        XCTAssertEqual(parts(held), ["a1.0", "b1.0", "12.0"])
        XCTAssertEqual(parts(left.expression), ["a1.0", "b1.0", "w-1.0", "12.0"])
        XCTAssertEqual(parts(right.expression), ["x1.0", "a-1.0", "b-1.0", "-12.0"])
        XCTAssertEqual(parts(again), ["a1.0", "b1.0", "a-1.0", "b-1.0", "0.0"])
    }

    func testNumbersStayNumbers() throws {
        XCTAssertFalse(Double.self is any ExpressionConvertible.Type)
        XCTAssertFalse(Int.self is any ExpressionConvertible.Type)
        let sum = 1.0 + 2.0
        XCTAssertTrue(type(of: sum) == Double.self)
        let x = Variable("x")
        var s = Solver()
        try s.add(x + 12 == 2 * x - 4)
        try s.add(16 <= x)
        XCTAssertEqual(s.value(of: x), 16)
        XCTAssertEqual((12 - x).constant, 12)
        XCTAssertEqual((12 - x).terms.first?.coefficient, -1)
    }

    func testSimple() throws {
        var s = Solver()
        let x = Variable("x")
        let y = Variable("y")
        try s.add(x + 2 == 20)
        try s.add(y == x + 3)
        XCTAssertEqual(s.value(of: x), 18, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: y), 21, accuracy: 1e-9)
        assertConsistent(s)
    }

    /// The Cassowary paper's left/middle/right example, driven through an edit variable.
    func testPaperMidpoint() throws {
        var s = Solver()
        let xl = Variable("xl")
        let xm = Variable("xm")
        let xr = Variable("xr")
        try s.add(2 * xm == xl + xr)
        try s.add(xl + 10 <= xr)
        try s.add(xr <= 100)
        try s.add(xl >= 0)
        XCTAssertEqual(s.value(of: xm) * 2, s.value(of: xl) + s.value(of: xr), accuracy: 1e-9)
        try s.addEditVariable(xm, priority: 999)
        try s.suggestValue(50, for: xm)
        XCTAssertEqual(s.value(of: xm), 50, accuracy: 1e-9)
        try s.suggestValue(98, for: xm)  // xr <= 100 and xl + 10 <= xr cap xm at 95
        XCTAssertEqual(s.value(of: xm), 95, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: xl), 90, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: xr), 100, accuracy: 1e-9)
        try s.suggestValue(3, for: xm)  // xl >= 0 floors xm at 5
        XCTAssertEqual(s.value(of: xm), 5, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: xl), 0, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: xr), 10, accuracy: 1e-9)
        // Weak stays pin the remaining freedom.
        try s.add((xl == 30).withPriority(.defaultLow))
        try s.suggestValue(60, for: xm)
        XCTAssertEqual(s.value(of: xl), 30, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: xr), 90, accuracy: 1e-9)
        assertConsistent(s)
    }

    func testAddDelete1() throws {
        var s = Solver()
        let x = Variable("x")
        try s.add((x == 100).withPriority(.defaultLow))
        let c10 = x <= 10
        let c20 = x <= 20
        try s.add(c10)
        try s.add(c20)
        XCTAssertEqual(s.value(of: x), 10, accuracy: 1e-9)
        try s.remove(c10)
        XCTAssertEqual(s.value(of: x), 20, accuracy: 1e-9)
        try s.remove(c20)
        XCTAssertEqual(s.value(of: x), 100, accuracy: 1e-9)
        let c10again = x <= 10
        try s.add(c10again)
        try s.add(c10)
        XCTAssertEqual(s.value(of: x), 10, accuracy: 1e-9)
        try s.remove(c10)
        XCTAssertEqual(s.value(of: x), 10, accuracy: 1e-9)
        try s.remove(c10again)
        XCTAssertEqual(s.value(of: x), 100, accuracy: 1e-9)
        assertConsistent(s)
    }

    func testAddDelete2() throws {
        var s = Solver()
        let x = Variable("x")
        let y = Variable("y")
        try s.add((x == 100).withPriority(.defaultLow))
        try s.add((y == 120).withPriority(999))
        let c10 = x <= 10
        let c20 = x <= 20
        try s.add(c10)
        try s.add(c20)
        XCTAssertEqual(s.value(of: x), 10, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: y), 120, accuracy: 1e-9)
        try s.remove(c10)
        XCTAssertEqual(s.value(of: x), 20, accuracy: 1e-9)
        let cxy = 2 * x == y
        try s.add(cxy)
        XCTAssertEqual(s.value(of: x), 20, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: y), 40, accuracy: 1e-9)
        try s.remove(c20)
        XCTAssertEqual(s.value(of: x), 60, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: y), 120, accuracy: 1e-9)
        try s.remove(cxy)
        XCTAssertEqual(s.value(of: x), 100, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: y), 120, accuracy: 1e-9)
        assertConsistent(s)
    }

    func testCasso1() throws {
        var s = Solver()
        let x = Variable("x")
        let y = Variable("y")
        try s.add(x <= y)
        try s.add(y == x + 3)
        try s.add((x == 10).withPriority(.defaultLow))
        try s.add((y == 10).withPriority(.defaultLow))
        let (vx, vy) = (s.value(of: x), s.value(of: y))
        XCTAssertTrue((abs(vx - 10) < 1e-9 && abs(vy - 13) < 1e-9) || (abs(vx - 7) < 1e-9 && abs(vy - 10) < 1e-9))
        // Same level, equal total violation: the layout is ambiguous (kiwi #163).
        XCTAssertTrue(s.hasAmbiguousLayout([x]))
        XCTAssertEqual(s.range(of: x).lowerBound, 7, accuracy: 1e-9)
        XCTAssertEqual(s.range(of: x).upperBound, 10, accuracy: 1e-9)
    }

    func testInconsistent1() throws {
        var s = Solver()
        let x = Variable("x")
        let c10 = x == 10
        try s.add(c10)
        let before = s
        let c5 = x == 5
        XCTAssertThrowsError(try s.add(c5)) { error in
            XCTAssertEqual(error as? SolverError, .unsatisfiableConstraint(c5, conflicts: [c10]))
        }
        assertSameState(before, s)
        XCTAssertFalse(s.contains(c5))
        XCTAssertEqual(s.value(of: x), 10)
    }

    func testInconsistent2() throws {
        var s = Solver()
        let x = Variable("x")
        let a = x >= 10
        try s.add(a)
        let b = x <= 5
        XCTAssertThrowsError(try s.add(b)) { error in
            XCTAssertEqual(error as? SolverError, .unsatisfiableConstraint(b, conflicts: [a]))
        }
    }

    func testInconsistent3SmallestConflictSet() throws {
        var s = Solver()
        let w = Variable("w")
        let x = Variable("x")
        let y = Variable("y")
        let z = Variable("z")
        let chain = [w >= 10, x >= w, y >= x, z >= y]
        for c in chain { try s.add(c) }
        let z8 = z >= 8
        try s.add(z8)
        try s.add(Variable("unrelated") == 3)
        let before = s
        let bad = z <= 4
        XCTAssertThrowsError(try s.add(bad)) { error in
            // Both {z>=8} and the chain are irreducible conflicting sets; either may be named,
            // but never a set that is not irreducible (such as their union).
            guard case .unsatisfiableConstraint(let c, let conflicts) = error as? SolverError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(c, bad)
            XCTAssertTrue(conflicts == [z8] || conflicts == chain, "\(conflicts)")
        }
        assertSameState(before, s)
        // Without z >= 8 the chain is the irreducible set.
        try s.remove(z8)
        XCTAssertThrowsError(try s.add(bad)) { error in
            XCTAssertEqual(error as? SolverError, .unsatisfiableConstraint(bad, conflicts: chain))
        }
        assertConsistent(s)
    }

    func testInconsistentWithArtificialPath() throws {
        var s = Solver()
        let x = Variable("x")
        let y = Variable("y")
        let c1 = x + y == 10
        let c2 = x - y == 2
        try s.add(c1)
        try s.add(c2)
        try s.add((x == 1).withPriority(.defaultLow))
        let before = s
        let c3 = x >= 7
        XCTAssertThrowsError(try s.add(c3)) { error in
            XCTAssertEqual(error as? SolverError, .unsatisfiableConstraint(c3, conflicts: [c1, c2]))
        }
        assertSameState(before, s)
        XCTAssertEqual(s.value(of: x), 6, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: y), 4, accuracy: 1e-9)
    }

    func testMultipleEdits() throws {
        var s = Solver()
        let x = Variable("x")
        let y = Variable("y")
        let w = Variable("w")
        let h = Variable("h")
        for v in [x, y, w, h] { try s.add((v == 0).withPriority(.defaultLow)) }
        try s.addEditVariable(x, priority: 999)
        try s.addEditVariable(y, priority: 999)
        try s.suggestValue(10, for: x)
        try s.suggestValue(20, for: y)
        XCTAssertEqual(s.value(of: x), 10, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: y), 20, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: w), 0, accuracy: 1e-9)
        try s.addEditVariable(w, priority: 999)
        try s.addEditVariable(h, priority: 999)
        try s.suggestValue(30, for: w)
        try s.suggestValue(40, for: h)
        XCTAssertEqual(
            [x, y, w, h].map { s.value(of: $0) }, [10, 20, 30, 40])
        try s.removeEditVariable(w)
        try s.removeEditVariable(h)
        XCTAssertEqual(s.value(of: w), 0, accuracy: 1e-9)
        try s.suggestValue(50, for: x)
        try s.suggestValue(60, for: y)
        XCTAssertEqual(s.value(of: x), 50, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: y), 60, accuracy: 1e-9)
        assertConsistent(s)
    }

    func testRequiredEditIsRejected() throws {
        var s = Solver()
        let x = Variable("x")
        XCTAssertThrowsError(try s.addEditVariable(x, priority: .required)) {
            XCTAssertEqual($0 as? SolverError, .requiredEditVariable(x))
        }
        try s.addEditVariable(x, priority: 999)
        XCTAssertThrowsError(try s.addEditVariable(x, priority: 999))
        XCTAssertThrowsError(try s.suggestValue(1, for: Variable("y")))
        // A required constraint beats a suggestion.
        try s.add(x <= 5)
        try s.suggestValue(10, for: x)
        XCTAssertEqual(s.value(of: x), 5, accuracy: 1e-9)
    }

    func testInvalidPriorities() {
        var s = Solver()
        let x = Variable("x")
        for p in [0.0, 0.5, 1000.5, 1001, -3, Double.nan] {
            XCTAssertThrowsError(try s.add((x == 1).withPriority(Priority(p))))
        }
        XCTAssertEqual(s.statistics.rows, 0)
    }

    func testDuplicateAndUnknown() throws {
        var s = Solver()
        let x = Variable("x")
        let c = x == 1
        try s.add(c)
        let copy = c
        XCTAssertTrue(s.contains(copy))
        XCTAssertThrowsError(try s.add(copy)) { XCTAssertEqual($0 as? SolverError, .duplicateConstraint(c)) }
        XCTAssertFalse(s.contains(x == 1))
        XCTAssertThrowsError(try s.remove(x == 1))
        try s.remove(copy)
        XCTAssertFalse(s.contains(c))
    }
}

final class PriorityTests: XCTestCase {
    /// kiwi #28: weights must not add up across levels.
    func testKiwi28HighestWins() throws {
        var s = Solver()
        let w = Variable("w")
        for k in 1...4 { try s.add((w == Double(k)).withPriority(Priority(Double(250 + k)))) }
        XCTAssertEqual(s.value(of: w), 4, accuracy: 1e-9)
        var t = Solver()
        for k in (1...4).reversed() { try t.add((w == Double(k)).withPriority(Priority(Double(250 + k)))) }
        XCTAssertEqual(t.value(of: w), 4, accuracy: 1e-9)
    }

    /// kiwi #33: a low third constraint must not change which of two higher ones wins.
    func testKiwi33LowConstraintDoesNotFlip() throws {
        var s = Solver()
        let v = Variable("v")
        try s.add((v >= 100).withPriority(501))
        try s.add((v == 90).withPriority(500))
        XCTAssertEqual(s.value(of: v), 100, accuracy: 1e-9)
        try s.add((v == 10).withPriority(10))
        XCTAssertEqual(s.value(of: v), 100, accuracy: 1e-9)
        var e = Solver()
        try e.add((v >= 100).withPriority(501))
        try e.addEditVariable(v, priority: 500)
        try e.suggestValue(90, for: v)
        try e.add((v == 10).withPriority(10))
        XCTAssertEqual(e.value(of: v), 100, accuracy: 1e-9)
    }

    func testThousandLowCannotOutvoteOneHigher() throws {
        var s = Solver()
        let x = Variable("x")
        try s.add((x == 7).withPriority(251))
        for _ in 0..<1000 { try s.add((x == 3).withPriority(250)) }
        XCTAssertEqual(s.value(of: x), 7, accuracy: 1e-9)
    }

    /// kiwi #163: equal priorities with equal total violation: the solver is deterministic
    /// and reports the ambiguity; a lower level breaks the tie.
    func testKiwi163EqualStrengths() throws {
        func build() throws -> (Solver, Variable) {
            var s = Solver()
            let x = Variable("x")
            try s.add((x == 10).withPriority(750))
            try s.add((x == 20).withPriority(750))
            return (s, x)
        }
        let (a, x) = try build()
        let (b, y) = try build()
        XCTAssertEqual(a.value(of: x), b.value(of: y))
        XCTAssertTrue(a.hasAmbiguousLayout([x]))
        XCTAssertEqual(a.range(of: x), 10...20)
        var c = a
        try c.add((x == 0).withPriority(250))
        XCTAssertEqual(c.value(of: x), 10, accuracy: 1e-9)
        XCTAssertFalse(c.hasAmbiguousLayout([x]))
        // Within a level the total violation is minimised: two at 20 beat one at 10.
        var d = a
        try d.add((x == 20).withPriority(750))
        XCTAssertEqual(d.value(of: x), 20, accuracy: 1e-9)
    }

    func testHuggingAndCompression() throws {
        var s = Solver()
        let w = Variable("w")
        let container = Variable("container")
        try s.add(w <= container - 20)
        try s.add((w <= 100).withPriority(.defaultLow))
        try s.add((w >= 100).withPriority(.defaultHigh))
        try s.addEditVariable(container, priority: 999)
        try s.suggestValue(300, for: container)
        XCTAssertEqual(s.value(of: w), 100, accuracy: 1e-9)
        try s.suggestValue(80, for: container)
        XCTAssertEqual(s.value(of: w), 60, accuracy: 1e-9)
    }
}

final class UpdateTests: XCTestCase {
    /// `updateVariables()` walks only the variables' symbols and evaluates only the
    /// definitions (Tableau.updateVariables): it must still report exactly the variables whose
    /// value changed, in the order the solver first saw them, with the values `value(of:)`
    /// gives, across edits, a refused add (whose new symbols are dropped again) and a removal
    /// (whose last variable is dropped).
    func testUpdateVariablesReportsExactlyTheChangedVariablesInOrder() throws {
        var s = Solver()
        let left = Variable("left")
        let width = Variable("width")
        let right = Variable("right")
        let mid = Variable("mid")
        try s.addEditVariable(width, priority: .defaultHigh)
        try s.add(left == 10)
        try s.add(right == left + width)
        try s.add(mid == left + 0.5 * width)
        XCTAssertEqual(Array(s.updateVariables()), [left, right, mid])  // width stays 0
        try s.suggestValue(300, for: width)
        XCTAssertEqual(Array(s.updateVariables()), [width, right, mid])
        XCTAssertEqual(Array(s.updateVariables()), [])
        // A refused required add (its new symbols are dropped again) changes nothing.
        XCTAssertThrowsError(try s.add(left == 11))
        XCTAssertEqual(Array(s.updateVariables()), [])
        let tail = Variable("tail")
        let tailConstraint = tail == right + 8
        try s.add(tailConstraint)
        try s.suggestValue(100, for: width)
        XCTAssertEqual(Array(s.updateVariables()), [width, right, mid, tail])
        for v in [left, width, right, mid, tail] {
            XCTAssertEqual(s.values(of: [v])[0], s.value(of: v))
        }
        XCTAssertEqual(s.value(of: tail), 118)
        XCTAssertEqual(s.value(of: mid), 60)
        try s.remove(tailConstraint)
        try s.suggestValue(50, for: width)
        XCTAssertEqual(Array(s.updateVariables()), [width, right, mid])
    }

    /// The changes that `updateVariables()` returns are a view of the solver's variable
    /// records as they were: a view kept while the solver adds, removes and reports again still
    /// lists the same variables, and a variable whose last constraint is removed stays listed.
    func testChangedVariablesKeepTheirRecordsWhileTheSolverWrites() throws {
        var s = Solver()
        let x = Variable("x")
        let y = Variable("y")
        let lone = Variable("lone")
        let only = lone == 3
        try s.add(x == 7)
        try s.add(y == x + 1)
        try s.add(only)
        let first = s.updateVariables()
        XCTAssertEqual(first.count, 3)
        XCTAssertEqual(first.map(\.name), ["x", "y", "lone"])
        // `lone`'s record drops its variable when its only constraint goes.
        try s.remove(only)
        let z = Variable("z")
        try s.add(z == y * 2)
        let second = s.updateVariables()
        XCTAssertEqual(Array(first), [x, y, lone])
        XCTAssertEqual(first[2], lone)
        XCTAssertEqual(Array(second), [z])
        XCTAssertEqual(second.description, "[z]")
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(s.updateVariables(), s.updateVariables())  // both empty
        XCTAssertEqual(s.value(of: z), 16)
        XCTAssertEqual(s.value(of: lone), 0)
    }

    func testUpdateConstantInPlace() throws {
        var s = Solver()
        let x = Variable("x")
        let y = Variable("y")
        let cx = (x == 100).withPriority(.defaultLow)
        try s.add(cx)
        try s.add(y == x + 5)
        _ = s.updateVariables()
        let stats = s.statistics
        try s.updateConstant(of: cx, to: -40)
        XCTAssertEqual(s.value(of: x), 40, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: y), 45, accuracy: 1e-9)
        XCTAssertEqual(s.statistics, stats)
        XCTAssertEqual(Set(s.updateVariables()), Set([x, y]))
        XCTAssertEqual(Array(s.updateVariables()), [])
        // Required constant update and a failing one, rolled back.
        let floor = x >= 0
        try s.add(floor)
        let cap = x <= 50
        try s.add(cap)
        try s.updateConstant(of: cap, to: -30)
        XCTAssertEqual(s.value(of: x), 30, accuracy: 1e-9)
        let before = s
        XCTAssertThrowsError(try s.updateConstant(of: cap, to: 10)) { error in
            XCTAssertEqual(error as? SolverError, .unsatisfiableConstraint(cap, conflicts: [floor]))
        }
        assertSameState(before, s)
        try s.updateConstant(of: floor, to: -20)
        XCTAssertEqual(s.value(of: x), 30, accuracy: 1e-9)
        assertConsistent(s)
    }

    func testAddRemoveReturnsToBaseline() throws {
        var s = Solver()
        let v = (0..<6).map { Variable("v\($0)") }
        try s.add(v[0] + v[1] == 10)
        try s.add((v[2] >= v[1] + 3).withPriority(.defaultHigh))
        try s.add((v[3] == 4).withPriority(.defaultLow))
        try s.addEditVariable(v[4], priority: 999)
        try s.suggestValue(7, for: v[4])
        let base = s.statistics
        let extra: [Constraint] = [
            v[0] == v[4] + 1, (v[5] <= v[3]).withPriority(300), (v[2] == 1).withPriority(.defaultLow),
            v[1] >= 2, (v[0] + v[2] == v[5]).withPriority(.fittingSizeLevel),
        ]
        for c in extra {
            try s.add(c)
            try s.remove(c)
            XCTAssertEqual(s.statistics, base, "\(c)")
        }
        for c in extra { try s.add(c) }
        for c in extra.reversed() { try s.remove(c) }
        XCTAssertEqual(s.statistics, base)
        assertConsistent(s)
    }

    func testAmbiguity() throws {
        var s = Solver()
        let x = Variable("x")
        let y = Variable("y")
        try s.add(x + y == 100)
        try s.add(x >= 0)
        XCTAssertEqual(s.ambiguousVariables(among: [x, y]), [x, y])
        XCTAssertEqual(s.range(of: x).lowerBound, 0, accuracy: 1e-9)
        XCTAssertEqual(s.range(of: x).upperBound, .infinity)
        try s.add((x == 30).withPriority(.defaultLow))
        XCTAssertFalse(s.hasAmbiguousLayout([x, y]))
        XCTAssertEqual(s.value(of: y), 70, accuracy: 1e-9)
        XCTAssertTrue(s.hasAmbiguousLayout([Variable("unknown")]))
    }
}

final class FeedTests: XCTestCase {
    /// The kiwi_feed.py layout: values match kiwisolver's and the tableau stays sparse
    /// (bounded row length, rows proportional to the feed length): the linear scaling.
    func testFeedLayoutIsExactAndSparse() throws {
        func feed(_ n: Int) throws -> (Solver, Variable, [Variable], Variable) {
            var s = Solver()
            let width = Variable("W")
            try s.addEditVariable(width, priority: 999)
            try s.suggestValue(390, for: width)
            var previousBottom: Variable? = nil
            var titles: [Variable] = []
            for r in 0..<n {
                let top = Variable()
                try s.add(previousBottom.map { top == $0 } ?? (top == 0))
                let av = (0..<4).map { _ in Variable() }
                let ti = (0..<4).map { _ in Variable() }
                let su = (0..<4).map { _ in Variable() }
                let bottom = Variable()
                let required: [Constraint] = [
                    av[0] == 16, av[1] == top + 12, av[2] == 40, av[3] == 40,
                    ti[0] == av[0] + av[2] + 12, ti[1] == top + 12, ti[0] + ti[2] <= width - 16,
                    su[0] == ti[0], su[1] == ti[1] + ti[3] + 4, su[0] + su[2] <= width - 16,
                    bottom >= av[1] + av[3] + 12, bottom >= su[1] + su[3] + 12,
                ]
                for c in required { try s.add(c) }
                for (v, iw, ih) in [
                    (ti, Double(40 + (r * 37) % 361), 20.5), (su, Double(40 + (r * 53) % 561), 18.0),
                ] {
                    try s.add((v[2] <= iw).withPriority(.defaultLow))
                    try s.add((v[2] >= iw).withPriority(.defaultHigh))
                    try s.add(v[3] == ih)
                }
                try s.add((bottom == av[1] + av[3] + 12).withPriority(.defaultLow))
                previousBottom = bottom
                titles.append(ti[2])
            }
            return (s, width, titles, previousBottom ?? width)
        }
        var (s, width, titles, bottom) = try feed(100)
        XCTAssertEqual(s.value(of: bottom), 6650, accuracy: 1e-9)
        for w in stride(from: 320.0, through: 510, by: 10) { try s.suggestValue(w, for: width) }
        XCTAssertEqual(s.value(of: bottom), 6650, accuracy: 1e-9)
        XCTAssertEqual(titles.reduce(0) { $0 + s.value(of: $1) }, 21812, accuracy: 1e-6)
        for (r, t) in titles.enumerated() {
            XCTAssertEqual(s.value(of: t), min(Double(40 + (r * 37) % 361), 510 - 84), accuracy: 1e-9)
        }
        assertConsistent(s)
        let longest = s.tableau.rowOf.compactMap { $0?.count }.max() ?? 0
        XCTAssertLessThanOrEqual(longest, 8)
        let (t, _, _, _) = try feed(200)
        XCTAssertLessThanOrEqual(Double(t.statistics.rows), 2.05 * Double(s.statistics.rows))
        XCTAssertLessThanOrEqual(t.tableau.rowOf.compactMap { $0?.count }.max() ?? 0, 8)
    }
}

/// The primal simplex on costs that are rounding.
final class OptimizeTests: XCTestCase {
    /// A symbol whose direction no row bounds entered on a level-999 cost of
    /// -2e-8 (rounding of products of 0.01) with a cost of 2 on a lower level; `optimize`
    /// threw, the rebuild failed the same way, and the tableau was left unoptimised. An
    /// objective of nonnegative errors cannot be unbounded, so that cost is rounding, as one
    /// whose direction only residue bounds is: it is cleared, and only the level
    /// below decides.
    func testACostThatNoRowBoundsIsClearedAsRounding() throws {
        let v = Variable("v")
        let w = Variable("w")
        var solver = Solver()
        try solver.add(Constraint(v - 10, .equal, priority: 999))
        try solver.add(Constraint(w - 5, .equal, priority: 250))
        XCTAssertEqual(solver.tableau.levels, [999, 250])
        let tableau = solver.tableau
        let errors = tableau.symbols.indices.filter {
            tableau.symbols[$0].kind == .error && tableau.rowOf[$0] == nil
                && tableau.objective[0][$0] != 0
        }
        let error = try XCTUnwrap(errors.first)
        XCTAssertNil(solver.tableau.ratioTest(Int32(error), 1), "nothing bounds the error")
        solver.tableau.addObjective(0, Int32(error), -2e-8 - solver.tableau.objective[0][error])
        solver.tableau.addObjective(1, Int32(error), 2)
        XCTAssertNoThrow(try solver.tableau.optimize())
        XCTAssertEqual(solver.tableau.objective[0][error], 0)
        XCTAssertEqual(solver.invariantViolations(), [])
        XCTAssertEqual(solver.value(of: v), 10, accuracy: 1e-12)
        XCTAssertEqual(solver.value(of: w), 5, accuracy: 1e-12)
    }
}
