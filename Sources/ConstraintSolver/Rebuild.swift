// Rebuilds: a fresh build of the same constraints takes the place of a tableau whose pivots
// may have multiplied rounding, or decides a verdict that rounding in this tableau may have
// decided.

/// The state of the numerical-robustness layer: how far the pivots since the last rebuild may
/// have multiplied rounding, and what decides the next rebuild. Layouts leave it as it starts.
struct RoundingState: Sendable {
    /// How much the pivots since the last rebuild may have multiplied rounding: the product
    /// of their rows' largest coefficient over the pivot element. Past ``amplificationLimit``
    /// the tableau is rebuilt once enough operations have passed (a sixteenth of the
    /// constraints) to amortise it.
    var amplification = 1.0
    /// Number of rebuilds so far (reported in ``Statistics``).
    var rebuildCount = 0
    /// Set when an optimisation failed through rounding: rebuild at the end of the operation.
    var mustRebuild = false
    /// Public operations since the last rebuild (amortises rebuilds after small pivots).
    var operationsSinceRebuild = 0
    /// ``requiredDrift()`` of the last fresh build: what the system's own rounding gives.
    var inherentDrift = 0.0
    /// Set for good once ``amplification`` passed ``driftCheckAmplification``: from then on
    /// every operation checks the required constraints for drift. (Constant updates of 10^5
    /// drift too, without any small pivot, once the rows hold such coefficients.)
    var checksDrift = false
}

extension Tableau {
    /// Who settles a verdict that the tableau's rounding may have decided (a conflict whose
    /// constant is within rounding, a phase one through a small pivot element, an optimisation
    /// that rounding made fail). The public operations let a fresh build decide; the fresh
    /// build itself must decide on its own, or a rebuild would replay inside a replay.
    enum Doubts {
        /// A fresh build of the same constraints decides, and takes this tableau's place.
        case rebuild
        /// This tableau decides: it is a fresh build, being given the constraint in doubt.
        case decideHere
        /// This tableau decides, and a conflict within its rounding is a redundant copy: it is
        /// a fresh build being given again constraints that were accepted before.
        case acceptReplayed
    }

    /// What an add undoes when it is refused or handed to a fresh build: the journal (rows and
    /// objectives), the growth of rounding, and the symbols it created.
    struct AddCheckpoint {
        var symbols: Int
        var objectiveLength: Int
        var amplification: Double
    }

    /// Undoes an add back to `checkpoint`.
    mutating func undoAdd(to checkpoint: AddCheckpoint) {
        rollback()
        rounding.amplification = checkpoint.amplification
        undoNewSymbols(checkpoint.symbols, objectiveLength: checkpoint.objectiveLength)
    }

    /// Whether a new row of dummies alone, whose constant is `constant`, is a redundant copy of
    /// constraints a replay gives again: its constant is within the tableau's rounding. A replay
    /// adds constraints this tableau's original accepted, so a conflict that rounding decides is
    /// not one (`testAConflictIsFoundWhenNoFreshBuildCanDecide`: a replay refused a copy of
    /// `10·v0 == 0` for a constant of 1.6e-7 beside values of 375, and the rebuild failed).
    func isRedundantCopyWithinRounding(_ constant: Double) -> Bool {
        !nearZero(constant) && isRoundingOfTheTableau(constant)
    }

    /// Refuses `constraint` as a conflict that `candidates` explain, after undoing the add; when
    /// the verdict hangs on a `constant` within the tableau's rounding and a rebuild may decide,
    /// a fresh build decides instead (`testRedundantCopyIsNotRefusedForRoundingAtLargeValues`).
    mutating func refuse(
        _ constraint: Constraint, _ constant: Double, _ candidates: [Constraint],
        undoing checkpoint: AddCheckpoint, _ doubts: Doubts
    ) throws(SolverError) {
        undoAdd(to: checkpoint)
        if isRoundingOfTheTableau(constant), doubts == .rebuild, let fresh = replayed() {
            return try adopt(fresh, adding: constraint)
        }
        throw unsatisfiable(constraint, candidates: candidates)
    }

    /// Settles a phase one that found `constraint` satisfiable; true when a fresh build took the
    /// add over (it is then done), false when this tableau's verdict stands.
    ///
    /// A small pivot element may be rounding that outgrew the residue test: a required
    /// `100·v0 + 375 == 0` next to a required `v0 == 0` was accepted through an element of
    /// 2.9e-7 of its row (`testConflictIsFoundAfterRoundingGrew`). In a system whose rounding
    /// has grown (the drift check is on), the verdict is also checked by its consequence: a
    /// satisfiable constraint leaves the other required constraints holding; a required
    /// `3·v0 == 0` beside `-2·v0 - 1 == 0` was accepted through an element of 1.1e-6 of its
    /// row, rounding of the tableau's coefficients, and left the other 1.0 off
    /// (`testPhaseOneVerdictIsCheckedByTheRequiredConstraints`). Either way a fresh build of
    /// the same constraints decides. Where none can (this is one, or the replay failed), the
    /// consequence decides: refined, the required constraints no longer hold, so the constraint
    /// conflicts (`testAConflictIsFoundWhenNoFreshBuildCanDecide`). The consequence includes the
    /// constraint itself: phase one can pivot on an unrestricted variable's rounding and move
    /// it by 8e7 while every other constraint holds
    /// (`testPhaseOnesConsequenceIncludesTheNewConstraint`). A replay keeps its verdict.
    mutating func freshBuildSettles(
        _ constraint: Constraint, smallPivot: Bool, undoing checkpoint: AddCheckpoint, _ doubts: Doubts
    ) throws(SolverError) -> Bool {
        let drifting = (smallPivot || rounding.checksDrift) && drifts(adding: constraint)
        if smallPivot || drifting, doubts == .rebuild, let fresh = replayed() {
            undoAdd(to: checkpoint)
            try adopt(fresh, adding: constraint)
            return true
        }
        if drifting && doubts != .acceptReplayed {
            undoAdd(to: checkpoint)
            throw unsatisfiable(constraint, candidates: allConstraints.filter { $0.priority.isRequired })
        }
        return false
    }

    /// Restores optimality after a change; when rounding makes that fail, rebuilds the tableau
    /// instead (or, when this tableau must decide, reports the failure).
    mutating func optimizeOrRebuild(_ doubts: Doubts) throws(SolverError) {
        do {
            try optimize()
        } catch {
            rounding.mustRebuild = true
            if doubts != .rebuild { throw error }
        }
        rebuildIfNeeded(doubts)
    }

    /// Rebuilds the tableau from the constraints (in their original order, with their
    /// current constants) when a pivot on a tiny element may have amplified rounding
    /// errors, or when rounding made an optimisation fail. Deterministic; rare in practice
    /// (never in layouts whose coefficients are ±1). `driftChecked`: the operation has just
    /// checked the required constraints for drift itself, on this very state.
    mutating func rebuildIfNeeded(_ doubts: Doubts, driftChecked: Bool = false) {
        rounding.operationsSinceRebuild += 1
        // A failed optimisation forces a rebuild; grown rounding triggers one only when
        // enough operations have passed to amortise its cost.
        var due =
            rounding.mustRebuild
            || (rounding.amplification > amplificationLimit
                && rebuildAmortisation * rounding.operationsSinceRebuild >= constraints.count)
        guard doubts == .rebuild else { return }
        // Once pivots may have multiplied rounding, the required constraints are checked
        // against the values: drift past 10^-11 of the largest value (or twice what the last
        // fresh build had) rebuilds now.
        if rounding.amplification > driftCheckAmplification { rounding.checksDrift = true }
        if !due && rounding.checksDrift && !driftChecked { due = drifts() }
        guard due else { return }
        guard let fresh = replayed() else {
            // The replay itself failed: the system is too ill-conditioned for a clean rebuild (it
            // happens with near-singular random systems, and a replay took a redundant copy of `v0
            // == 0` for a conflict by rounding); keep the current tableau, refined (a removal left
            // a required equality 2.8e-4 off, which one step removes;
            // `testRemovalDropsTheMarkersRoundingAndRefinesWhenAReplayFails`).
            rounding.mustRebuild = false
            rounding.amplification = 1
            rounding.operationsSinceRebuild = 0
            if rounding.checksDrift { _ = refined() }
            return
        }
        become(fresh)
    }

    /// Takes the place of `fresh`, a fresh build of this solver's constraints: counts the
    /// rebuild, keeps whether drift and accuracy are checked and whether wide coefficients were
    /// seen, and records the fresh build's own drift.
    mutating func become(_ fresh: Tableau) {
        var next = fresh
        next.rounding.rebuildCount = rounding.rebuildCount + 1
        next.rounding.inherentDrift = next.refined()
        next.rounding.checksDrift = rounding.checksDrift
        self = next
    }

    /// The largest violation of a required constraint by the current values, relative to the
    /// largest value the solver holds (at least 1). In exact arithmetic it is 0; a fresh build
    /// leaves the rounding of its own pivots, an incremental history may add to it.
    mutating func requiredDrift() -> Double { requiredDrift(including: nil).required }

    /// ``requiredDrift()``, and apart from it the violation of `added`, a required constraint
    /// being added (not yet registered), relative to the same scale, from one evaluation.
    mutating func requiredDrift(including added: Constraint?) -> (required: Double, added: Double) {
        let values = evaluate()
        var largest = 1.0
        for v in values { largest = Swift.max(largest, abs(v)) }
        var worst = 0.0
        for case let info? in constraints.slots where info.constraint.priority.isRequired {
            let off = info.constraint.violation(constant: info.constant) { value(of: $0, in: values) }
            worst = Swift.max(worst, off)
        }
        let off = added?.violation { value(of: $0, in: values) } ?? 0
        return (worst / largest, off / largest)
    }

    /// The value of `variable` among `values`, an ``evaluate()`` of every symbol (0 for a
    /// variable the solver does not know).
    @inline(__always) func value(of variable: Variable, in values: [Double]) -> Double {
        variableSymbols[variable].map { values[Int($0)] } ?? 0
    }

    /// Records a row solved for `id`: below a tenth of the row's largest coefficient, the
    /// division multiplies the row's rounding, and the product of those factors since the last
    /// rebuild bounds how far rounding may have grown (see ``amplification``). Layouts
    /// (coefficients ±1) never get there.
    @inline(__always) mutating func noteElement(_ id: Int32, in row: Row) {
        let a = abs(row.coefficient(for: id))
        guard a < 1 else { return }
        let largest = row.largestMagnitude
        if a < amplifyingElementRatio * largest { rounding.amplification *= largest / a }
    }

    /// Adds `constraint` to `fresh` (this solver's constraints built afresh, see
    /// ``replayed()``) and takes its place; when the fresh build refuses the constraint, its
    /// error is thrown and this solver is unchanged. For verdicts that rounding in this
    /// tableau may have decided.
    mutating func adopt(_ fresh: Tableau, adding constraint: Constraint) throws(SolverError) {
        var probe = fresh
        try probe.addToTableau(constraint, doubts: .decideHere)
        become(probe)
    }

    /// Whether a constant that decides a conflict could be rounding: at most 10^-9 of the largest
    /// value the tableau holds. For example, a redundant required `v0 == 0` refused for a constant
    /// of 3e-5 beside values of 10^5 (`testRedundantCopyIsNotRefusedForRoundingAtLargeValues`); an
    /// absolute test cannot tell that from a real conflict of 3e-5 at a scale of 1.
    func isRoundingOfTheTableau(_ constant: Double) -> Bool {
        abs(constant) <= conflictRoundingTolerance * Swift.max(1, largestRowConstant())
    }

    /// The largest value held by a basic slack, error or dummy: the scale of the tableau's
    /// rounding. A scan of every row, for the rare paths that judge rounding (never taken by
    /// layouts).
    func largestRowConstant() -> Double {
        var largest = 0.0
        for r in symbols.indices where symbols[r].kind != .external {
            if let c = rowOf[r]?.constant { largest = Swift.max(largest, abs(c)) }
        }
        return largest
    }

    /// A new solver given this one's constraints in their original order, with their current
    /// constants (so edit variables keep their suggestions), and the values this one last
    /// reported: the same system without this solver's history of removals, failed adds and
    /// re-solves. Nil when the replay fails through rounding.
    func replayed() -> Tableau? {
        var fresh = Tableau()
        fresh.explainsFailures = explainsFailures
        do throws(SolverError) {
            for info in constraints.values.sorted(by: { $0.order < $1.order }) {
                let c = info.constraint
                try fresh.addToTableau(c, doubts: .acceptReplayed)
                if info.constant != c.expression.constant {
                    try fresh.updateConstantInTableau(of: c, to: info.constant, doubts: .acceptReplayed)
                }
            }
        } catch {
            return nil
        }
        fresh.nextOrder = nextOrder
        for e in fresh.externals.indices {
            if let variable = fresh.externals[e].variable, let old = variableSymbols[variable] {
                fresh.externals[e].reported = external(old).reported
            }
        }
        fresh.rounding.mustRebuild = false
        fresh.rounding.amplification = 1
        fresh.rounding.operationsSinceRebuild = 0
        return fresh
    }
}
