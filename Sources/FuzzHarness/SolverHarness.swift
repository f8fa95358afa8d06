import ConstraintSolver
import Foundation

/// The solver's fuzz target: the solver with random constraint streams: add, remove, add and remove
/// edit variables, suggest values and update constants, over a small pool of variables so
/// that constraints interact (conflicts, redundancy, cycles of definitions).
///
/// Invariants after every operation: the solver's own consistency checks pass; every value
/// is finite; every required constraint holds. A failed operation leaves the solver exactly
/// as it was (same constraints, edit variables, statistics and bit-identical values); only
/// the documented errors occur.
package enum SolverHarness {
    // Coefficients span 10^4 (0.01 to 100). Wider spans chained through definitions reach
    // the accuracy limit of floating point (docs/solver.md, "Numerics"); the 10^6 against
    // 10^-3 case that the old absolute zero tolerance broke is tested in NumericalRobustnessTests.
    static let coefficients: [Double] = [1, -1, 2, -2, 0.5, 3, -0.25, 10, 100, -0.01, 0, 4]
    // No constants near the solver's zero tolerance for values (1e-8): `1000·v + 1e-7 <= 0`
    // and `v == 0` conflict by 1e-10 in `v`, which counts as zero.
    static let constants: [Double] = [0, 1, -1, 10, -10, 100, 375, -667, 0.5, 1e-3, 1e5, -1e5, 44, 8]
    static let priorities: [Priority] = [.required, .required, .required, .defaultHigh, .defaultLow, 500, 1, 999, 51]
    static let editPriorities: [Priority] = [.defaultHigh, .defaultLow, 999, 1, .init(1000)]

    /// What a failed operation must leave untouched.
    struct Snapshot: Equatable {
        var constraints: [Constraint]
        var edits: [Bool]
        var statistics: Solver.Statistics
        var values: [UInt64]

        init(_ solver: inout Solver, variables: [Variable]) {
            constraints = solver.allConstraints
            edits = variables.map { solver.hasEditVariable($0) }
            statistics = solver.statistics
            values = solver.values(of: variables).map(\.bitPattern)
        }
    }

    /// Runs one input; traps on a broken invariant.
    package static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let variables = (0..<5).map { Variable("v\($0)") }
        var solver = Solver()
        solver.explainsFailures = input.bool()
        var added: [Constraint] = []
        // The constants in force after `updateConstant` (the constraint keeps its original).
        var constants: [Constraint: Double] = [:]
        var steps = 0
        // The largest magnitude the tableau has held: rounding left in it scales with that.
        var largest = 0.0
        // FUZZ_TRACE=1 prints each operation, to turn a crasher into a readable test.
        let tracing = ProcessInfo.processInfo.environment["FUZZ_TRACE"] != nil
        func trace(_ line: @autoclosure () -> String) {
            if tracing { FileHandle.standardError.write(Data((line() + "\n").utf8)) }
        }
        while !input.isAtEnd && steps < 64 {
            steps += 1
            let operation = input.index(8)
            let before = Snapshot(&solver, variables: variables)
            var failure: SolverError?
            do throws(SolverError) {
                switch operation {
                case 0, 1, 2:
                    var terms: [Term] = []
                    for _ in 0...input.index(3) {
                        terms.append(Term(input.pick(variables), input.pick(coefficients)))
                    }
                    let constraint = Constraint(
                        Expression(terms, constant: input.pick(Self.constants)),
                        input.pick([Relation.equal, .lessThanOrEqual, .greaterThanOrEqual]),
                        priority: input.pick(priorities))
                    added.append(constraint)
                    trace("add #\(added.count - 1) \(constraint)")
                    try solver.add(constraint)
                    constants[constraint] = nil
                case 3:
                    guard !added.isEmpty else { continue }
                    let index = input.index(added.count)
                    let constraint = added[index]
                    trace("remove #\(index) \(constraint)")
                    try solver.remove(constraint)
                    constants[constraint] = nil
                case 4:
                    let (variable, priority) = (input.pick(variables), input.pick(editPriorities))
                    trace("addEditVariable \(variable) @\(priority)")
                    try solver.addEditVariable(variable, priority: priority)
                case 5:
                    let value = input.pick(Self.constants) * input.pick([1, -3, 7])
                    let variable = input.pick(variables)
                    trace("suggestValue \(value) for \(variable)")
                    try solver.suggestValue(value, for: variable)
                case 6:
                    guard !added.isEmpty else { continue }
                    let index = input.index(added.count)
                    let constraint = added[index]
                    let constant = input.pick(Self.constants)
                    trace("updateConstant of #\(index) \(constraint) to \(constant)")
                    try solver.updateConstant(of: constraint, to: constant)
                    constants[constraint] = constant
                default:
                    let variable = input.pick(variables)
                    trace("removeEditVariable \(variable)")
                    try solver.removeEditVariable(variable)
                }
            } catch {
                trace("  → \(error)")
                failure = error
            }
            if let failure {
                switch failure {
                case .internalError, .unboundedObjective:
                    fatalError("operation \(operation) failed with \(failure)")
                default: break
                }
                let after = Snapshot(&solver, variables: variables)
                require(
                    after == before,
                    "a failed operation \(operation) (\(failure)) changed the solver:\n\(before)\n→ \(after)")
            }
            check(&solver, variables: variables, constants: constants, largest: &largest)
        }
    }

    /// The solver's consistency, finite values and required constraints holding.
    static func check(
        _ solver: inout Solver, variables: [Variable], constants: [Constraint: Double], largest: inout Double
    ) {
        let problems = solver.invariantViolations(scale: largest)
        require(problems.isEmpty, "solver invariants: \(problems)")
        let values = solver.values(of: variables)
        require(values.allSatisfy(\.isFinite), "values \(values)")
        // Internal values count (errors of violated optional constraints, slacks): rounding
        // is relative to the largest number the solver computes with.
        largest = max(largest, solver.magnitude())
        var valueOf: [Variable: Double] = [:]
        for (variable, value) in zip(variables, values) { valueOf[variable] = value }
        for constraint in solver.allConstraints where constraint.priority.isRequired {
            let expression = constraint.expression
            let constant = constants[constraint] ?? expression.constant
            let off = constraint.violation(constant: constant) { valueOf[$0] ?? 0 }
            // Rounding grows with the magnitudes involved: the constraint's own terms, and past
            // values too (a suggestion of -7e5 through a coefficient of 1/0.01 put 7e8 in the
            // tableau, and its rounding outlived the suggestion). The solver refines its
            // solution against the constraints (`Solver.refine()`), so what is left is a few
            // hundred units in the last place of the largest value (at most 2.1e-12 of it across
            // the corpus). The allowance, 1e-10 of it, is fifty times that. Without refinement a
            // fresh build of the same constraints can be 8.5e-9 off
            // (`testRefinementRemovesTheRoundingOfTheTableau`), so an allowance that trusted a
            // fresh build's own rounding could not tell that from a fault in `add`.
            let allowance = 1e-7 * max(1, abs(constant) + scale(of: expression, valueOf)) + 1e-10 * largest
            require(off <= allowance, "required \(constraint) is off by \(off) with values \(values)")
        }
    }

    /// The sum of the magnitudes of an expression's terms at the given values.
    static func scale(of expression: ConstraintSolver.Expression, _ value: [Variable: Double]) -> Double {
        expression.terms.reduce(0) { $0 + abs($1.coefficient * (value[$1.variable] ?? 0)) }
    }
}
