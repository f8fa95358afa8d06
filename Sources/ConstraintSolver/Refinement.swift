// Iterative refinement: the rounding a tableau's arithmetic leaves in the solution is
// measured against the constraints themselves and moved out through the markers' columns.

extension Tableau {
    /// One step of iterative refinement.
    ///
    /// The values the tableau gives satisfy every constraint's creation row (expression,
    /// marker and error terms) exactly only for slightly different constants: row `i` is off
    /// by a residual `r_i`. The tableau already knows how the solution moves when a constant
    /// changes (``updateConstant(of:to:)`` moves it through the marker's column), so every
    /// row's constants are moved as a change of `r_i` in constraint `i`'s constant would move
    /// them, which removes the residuals up to the tableau's own rounding of that small
    /// correction. The residuals are summed with error-free transformations, so they are not
    /// lost to the cancellation of large terms. The basis stays; constants that the step
    /// makes infeasible are repaired by the dual simplex. A redundant required equality (a
    /// basic dummy) takes part too: its own shift cancels what the others' move its row by,
    /// so the dummy stays at zero.
    mutating func refine() throws(SolverError) {
        let values = evaluate()
        var shifts: [(marker: Int32, shift: Double)] = []
        for case let info? in constraints.slots {
            let tag = info.tag
            let m = tag.marker
            var residual = CompensatedSum(info.constant)
            // The terms `createRow` keeps, then the marker and the error of the creation row.
            for term in info.constraint.expression.terms where !nearZero(term.coefficient) {
                guard let s = variableSymbols[term.variable] else { continue }
                residual.add(term.coefficient, times: values[Int(s)])
            }
            residual.add(Double(tag.markerSign), times: values[Int(m)])
            if tag.other >= 0 { residual.add(-Double(tag.markerSign), times: values[Int(tag.other)]) }
            let r = residual.value
            if r != 0 && r.isFinite { shifts.append((m, r / Double(tag.markerSign))) }
        }
        guard !shifts.isEmpty else { return }
        for (m, shift) in shifts { shiftSolution(marker: m, by: shift) }
        try dualOptimize()
        try optimize()
    }

    /// Refines while the required constraints drift (``requiredDrift()``) past
    /// ``refinementTolerance``, at most ``refinementSteps`` times, keeping a step only when it
    /// lessens the drift; returns the drift left.
    mutating func refined() -> Double { refined(adding: nil).required }

    /// ``refined()``, also returning the drift of `added`, a required constraint being added
    /// (not yet registered, so not refined), measured on the state refinement leaves.
    mutating func refined(adding added: Constraint?) -> (required: Double, added: Double) {
        var drift = requiredDrift(including: added)
        var steps = 0
        while drift.required > refinementTolerance && steps < refinementSteps {
            steps += 1
            var probe = self
            do { try probe.refine() } catch { break }
            let after = probe.requiredDrift(including: added)
            guard after.required < drift.required else { break }
            self = probe
            drift = after
        }
        return drift
    }

    /// Whether the required constraints drift, once refined, past what rounding explains:
    /// ``driftTolerance`` of the largest value held, or twice the last fresh build's own
    /// drift. The test of every verdict checked by its consequence and of the drift check.
    /// `adding`: a required constraint being added, not yet registered, which must hold too.
    mutating func drifts(adding constraint: Constraint? = nil) -> Bool {
        let tolerance = Swift.max(driftTolerance, 2 * rounding.inherentDrift)
        let drift = refined(adding: constraint)
        return drift.required > tolerance || drift.added > tolerance
    }
}

/// A sum of products kept with its rounding error (Ogita, Rump and Oishi's Dot2): as accurate
/// as if computed in twice the precision and then rounded.
struct CompensatedSum {
    private var sum: Double
    private var error = 0.0

    init(_ start: Double) { sum = start }

    /// Adds `a × b`.
    mutating func add(_ a: Double, times b: Double) {
        // TwoProduct through a fused multiply-add, then TwoSum.
        let product = a * b
        let productError = (-product).addingProduct(a, b)
        let s = sum + product
        let z = s - sum
        error += (sum - (s - z)) + (product - z) + productError
        sum = s
    }

    /// The sum, rounded once.
    var value: Double { sum + error }
}
