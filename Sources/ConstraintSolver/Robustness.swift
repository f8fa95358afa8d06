// The solver's promise on an ill-conditioned system: an operation leaves every required
// constraint holding to what double precision allows, or it is refused and undone.

/// Whether a coefficient's magnitude lies outside 0.1...10: pivots on such coefficients
/// beside ±1 are what multiply rounding (see ``Solver/verifying(_:adding:_:)``).
@inline(__always) func isWide(_ coefficient: Double) -> Bool {
    let a = abs(coefficient)
    return a != 0 && (a < ordinaryCoefficients.lowerBound || a > ordinaryCoefficients.upperBound)
}

extension Solver {
    /// Runs `operation`, one public operation, and in an ill-conditioned system checks what it left
    /// (``accuracyProblem()``). When a required constraint is off by more than rounding, or the
    /// tableau is no longer feasible and optimal, a fresh build of the same constraints takes over
    /// if it does better; if it does not, the operation is undone and refused with
    /// ``SolverError/illConditioned(_:)`` (or, for a required constraint being `added` that the
    /// required constraints alone refuse, as a conflict). Systems with coefficients from 0.01 to
    /// 100 found such systems where every heuristic for telling rounding from real terms failed in
    /// turn (`testAnOperationRoundingWouldBreakIsRefusedAndUndone`,
    /// `testAConflictAcceptedThroughRoundingIsRefusedAsAConflict`: a real term dropped as rounding,
    /// a weak error moved 2e7 through a replay, a conflicting equality accepted by a fresh build).
    ///
    /// The state before the operation is kept (a copy, shared until the operation writes) when the
    /// system is already ill-conditioned, or has ever held a coefficient outside 0.1...10 in
    /// magnitude (``hasWideCoefficients``), so layouts (±1, halves, 16/9) pay nothing. Without that
    /// second rule, an operation that made a well-conditioned system ill-conditioned could not be
    /// undone: for example a removal that left a required `100·v2 - 0.01·v1 == 0` 1e-4 off (the
    /// replayed input `Fuzz/regressions/solver/ill-conditioned-removal-rebuilds`). Such an
    /// operation on a system of moderate coefficients is still checked, and rebuilt when it fails,
    /// but cannot be undone. Rebuilds and replays run their operations unchecked.
    @inline(__always)
    mutating func verifying(
        _ operation: @autoclosure () -> String, adding added: Constraint? = nil,
        _ body: (inout Tableau) throws(SolverError) -> Void
    ) throws(SolverError) {
        // A layout keeps nothing to undo and checks only a tableau that the operation left
        // ill-conditioned. (The common path builds no `Tableau?`: clearing the 401 bytes of a
        // nil one cost every `add` of the 1,000-row feed about 23 instructions.)
        guard keepsStateBefore(adding: added) else {
            try body(&tableau)
            if tableau.isIllConditioned { try settle(operation, adding: added, before: nil) }
            return
        }
        let before = tableau
        try body(&tableau)
        try settle(operation, adding: added, before: before)
    }

    /// Whether an operation keeps the state before it so that it can be undone (see
    /// ``verifying(_:adding:_:)``): in a tableau already ill-conditioned, or in a system that has
    /// held a wide coefficient, which `added`, when given, is checked for first. Only the public
    /// operations come here; a rebuild takes the flag over (`become`).
    @inline(__always)
    mutating func keepsStateBefore(adding added: Constraint?) -> Bool {
        if let added, !hasWideCoefficients, added.expression.terms.contains(where: { isWide($0.coefficient) }) {
            hasWideCoefficients = true
        }
        return tableau.isIllConditioned || hasWideCoefficients
    }

    /// The check of ``verifying(_:adding:_:)`` after the operation: nothing when the tableau
    /// passes ``Tableau/accuracyProblem()``; else a fresh build takes over if it passes, or
    /// `before` (when kept) is restored and the operation refused.
    mutating func settle(_ operation: () -> String, adding added: Constraint?, before: Tableau?)
        throws(SolverError)
    {
        guard let problem = tableau.accuracyProblem() else { return }
        if let fresh = tableau.replayed() {
            var rebuilt = tableau
            rebuilt.become(fresh)
            if rebuilt.accuracyProblem() == nil {
                tableau = rebuilt
                return
            }
        }
        guard let before else { return }
        tableau = before
        // A required constraint that the required constraints alone refuse, built afresh
        // without the optional ones and edits, is a conflict, and is reported as one: a
        // required `v3 == 0` beside `-0.01·v3 + 3·v0 + 10 == 0` and `v0 == 0` was accepted
        // and left `v0 == 0` 3.3 off (`testAConflictAcceptedThroughRoundingIsRefusedAsAConflict`).
        if let added, added.priority.isRequired, tableau.requiredConstraintsRefuse(added) {
            throw tableau.unsatisfiable(added, candidates: allConstraints.filter { $0.priority.isRequired })
        }
        throw .illConditioned("\(operation()) would leave \(problem)")
    }
}

extension Tableau {
    /// Whether pivots may have multiplied rounding (``RoundingState/amplification`` has left 1) or
    /// once did enough to turn the drift check on. Never true of a system whose coefficients are of
    /// one scale, such as a layout's.
    var isIllConditioned: Bool { rounding.checksDrift || rounding.amplification != 1 }

    /// Whether a fresh solver given only the required constraints (with their current
    /// constants) refuses `constraint` as a conflict.
    func requiredConstraintsRefuse(_ constraint: Constraint) -> Bool {
        guard var probe = freshProbe(of: allConstraints.filter { $0.priority.isRequired }) else { return false }
        do throws(SolverError) {
            try probe.addToTableau(constraint, doubts: .rebuild)
        } catch {
            if case .unsatisfiableConstraint = error { return true }
        }
        return false
    }

    /// The first way the current state falls short of what rounding explains, or nil: a value
    /// that is not finite; a required constraint off by more than 1e-7 of its own terms (and
    /// constant) plus 1e-10 of the largest value held (slacks and errors included,
    /// ``magnitude()``); a restricted row infeasible or a basic dummy off zero, past
    /// 1e-7 + 1e-11 of that largest value; or a symbol that could still improve the objective.
    /// A scan of every constraint and symbol, for ill-conditioned systems only.
    mutating func accuracyProblem() -> String? {
        let values = evaluate()
        var largest = 0.0
        for v in values {
            guard v.isFinite else { return "a value that is not finite" }
            largest = Swift.max(largest, abs(v))
        }
        for case let info? in constraints.slots where info.constraint.priority.isRequired {
            let constraint = info.constraint
            let off = constraint.violation(constant: info.constant) { value(of: $0, in: values) }
            var scale = abs(info.constant)
            for term in constraint.expression.terms {
                scale += abs(term.coefficient * value(of: term.variable, in: values))
            }
            let allowance = requiredTermsTolerance * Swift.max(1, scale) + requiredScaleTolerance * largest
            if !(off <= allowance) { return "the required \(constraint) off by \(off)" }
        }
        // The numeric part of `invariantViolations(scale:)`; its structural checks (indexes,
        // acyclic definitions) cost ten times as much and catch bugs, not rounding.
        let scale = Swift.max(1, largest)
        for b in symbols.indices {
            if let problem = numericProblem(of: b, scale: scale) { return problem }
        }
        return nil
    }
}
