// The primal simplex on the lexicographic objective (Bland's rule), phase one, the ratio test,
// the pivot and the dual simplex.

extension Tableau {
    /// Whether `s` can enter: parametric, and its first objective coefficient that is not
    /// near zero improves the objective. A coefficient near zero is rounding residue (6e-12
    /// where exact arithmetic gives 0), and letting its sign decide hid
    /// the real coefficient at the next level; the ambiguity probes use the same test.
    @inline(__always) func isEligible(_ s: Int32) -> Bool {
        let kind = symbols[Int(s)].kind
        if kind == .dummy || rowOf[Int(s)] != nil || symbols[Int(s)].definition != nil { return false }
        let c = leadingCost(s)
        return c != 0 && (c < 0 || kind == .external)
    }

    /// The reduced cost of `s` at the highest level where it is not near zero, or 0 when it is
    /// near zero at every level (the symbol can move without changing any level's objective).
    @inline(__always) func leadingCost(_ s: Int32) -> Double {
        let k = leadingLevel(s)
        return k < objective.count ? objective[k][Int(s)] : 0
    }

    /// The direction an eligible symbol should move in (+1 increases it).
    func direction(_ s: Int32) -> Double {
        leadingCost(s) > 0 ? -1 : 1
    }

    @inline(__always) mutating func pushEntering(_ s: Int32) { enteringHeap.push(s) }

    /// Adds `c` times each term of `row` to the objective at level `k`: ``addObjective(_:_:_:)``
    /// for every term, in order, with the level's storage taken out of `objective` while it is
    /// written, so that each term is one indexed add rather than two uniqueness checks and
    /// bounds checks through the nested arrays. The row's symbols are distinct, so each one's
    /// eligibility is final once all are written, and is tested then; the heap pops the same
    /// symbols whatever order they were pushed in.
    mutating func addObjective(_ k: Int, _ row: Row, times c: Double) {
        var level: [Double] = []
        swap(&level, &objective[k])
        level.withUnsafeMutableBufferPointer { o in
            row.terms.withUnsafeBufferPointer { terms in
                for t in terms {
                    let old = o[Int(t.id)]
                    if journal != nil { journal?.objective.append((k, t.id, old)) }
                    o[Int(t.id)] = coefficientSum(old, c * t.coefficient)
                }
            }
        }
        swap(&level, &objective[k])
        row.terms.withUnsafeBufferPointer { terms in
            for t in terms where isEligible(t.id) { pushEntering(t.id) }
        }
    }

    /// Smallest-id eligible symbol (Bland's rule) with its direction.
    mutating func enteringSymbol() -> (Int32, Double)? {
        while let s = enteringHeap.pop() {
            while enteringHeap.first == s { _ = enteringHeap.pop() }
            // Ids of symbols dropped by a failed add may linger in the heap.
            if Int(s) < symbols.count && isEligible(s) { return (s, direction(s)) }
        }
        return nil
    }

    /// Primal simplex on the lexicographic objective, Bland's rule (smallest id enters,
    /// smallest id leaves on ties), so it terminates in exact arithmetic.
    ///
    /// The priority objectives are sums of nonnegative error variables and cannot be
    /// unbounded; a symbol that seems to improve them without limit carries only rounding
    /// residue (no row holds it any more), so its coefficients are cleared. With
    /// `boundedObjective` false (the ambiguity probes), such a symbol means the objective is
    /// unbounded and ``SolverError/unboundedObjective`` is thrown.
    ///
    /// In floating point, rounding can decide a pivot and so break Bland's guarantee: two symbols
    /// can enter in turn forever, one on a reduced cost of -3.5e-6 (rounding, next to costs of
    /// 1400) through a pivot element of 2.5e-9 (`testRoundingCycleInThePrimalSimplexEnds`). Past a
    /// number of pivots no optimisation needs (``CycleGuard``), a repeated pivot marks a cycle; the
    /// reduced cost of its entering symbol that is smallest next to its level's costs is then taken
    /// for rounding and cleared (cost shifting, as LP solvers do against stalling), which ends the
    /// cycle.
    mutating func optimize(boundedObjective: Bool = true) throws(SolverError) {
        var pivots = 0
        var cycles: CycleGuard? = nil
        while true {
            guard let (entering, direction) = enteringSymbol() else {
                if retryPassedOver() { continue }
                return
            }
            pivots += 1
            if pivots > CycleGuard.watchAfter(rows: rowCount),
                try clearsACycle(entering, pivots: pivots, &cycles)
            {
                continue
            }
            guard let (leaving, residueOnly) = ratioTest(entering, direction), !residueOnly else {
                try dropUnboundedDirection(of: entering, boundedObjective: boundedObjective)
                continue
            }
            // Left out of the heap until its costs change again, or the step that decided it.
            if worsensHigherLevel(entering, direction, leaving: leaving) {
                passedOver.append(entering)
                continue
            }
            pivot(entering: entering, leaving: leaving)
            if cycles?.suspects.contains(leaving) == true { clearLeadingCost(of: leaving) }
        }
    }

    /// Past the pivots an optimisation needs, watches the entering symbols for a cycle that
    /// rounding drives (``CycleGuard``) and clears the suspect's cost; true when `entering` is
    /// the suspect just cleared, which then does not enter. Cleared, the suspect no longer
    /// enters; another goes on with the cycle until the suspect leaves the basis and is cleared
    /// then (`testRoundingCycleInThePrimalSimplexEnds`,
    /// `testACycleIsEndedByClearingItsSmallestRelativeCost`).
    mutating func clearsACycle(
        _ entering: Int32, pivots: Int, _ cycles: inout CycleGuard?
    ) throws(SolverError) -> Bool {
        if pivots > CycleGuard.giveUpAfter(rows: rowCount) {
            throw .internalError("optimize: pivoting does not end")
        }
        if cycles == nil { cycles = CycleGuard() }
        let level = leadingLevel(entering)
        let cost = level < objective.count ? relativeCost(of: entering, at: level) : 0
        guard let cycle = cycles?.note(entering, level: level, cost: cost) else { return false }
        cycles?.suspects.insert(cycle)
        if rowOf[Int(cycle)] == nil { clearLeadingCost(of: cycle) }
        return cycle == entering
    }

    /// Handles an entering symbol whose direction no row bounds, or only residue bounds: in
    /// exact arithmetic that direction is unbounded, which an objective of nonnegative errors
    /// cannot be, so the reduced cost that chose it is rounding, and its leading cost (and
    /// near-zero ones above) is cleared so that it no longer enters. An edit error entering on
    /// a level-999 cost of 5e-7 through an element of 1.7e-10 of its row would step by 5e9 and
    /// break a required equality by 2260 (`testADirectionOnlyResidueBoundsIsNotTaken`); one
    /// that no row bounds would throw and leave the tableau unoptimised
    /// (`testACostThatNoRowBoundsIsClearedAsRounding`). Only the probe level of `range(of:)`
    /// (the last, when the objective is not bounded) can be unbounded for real: it throws
    /// ``SolverError/unboundedObjective``.
    mutating func dropUnboundedDirection(of entering: Int32, boundedObjective: Bool) throws(SolverError) {
        if boundedObjective || leadingLevel(entering) < objective.count - 1 {
            clearLeadingCost(of: entering)
            return
        }
        pushEntering(entering)
        throw .unboundedObjective
    }

    /// Returns the symbols passed over for worsening a higher level to the heap when their step no
    /// longer does; whether any returned. Whether a step worsens a level depends on the leaving
    /// row's constant and the level's value, which later pivots and updates move without touching
    /// the symbol's costs: for example a symbol passed over for a change of 1.8e-4 in a level of
    /// 1.8e5, which an add then raised to 3e5, where the change was rounding, and the tableau was
    /// left unoptimised (`testACycleIsEndedByClearingItsSmallestRelativeCost`).
    mutating func retryPassedOver() -> Bool {
        if passedOver.isEmpty { return false }
        let candidates = passedOver
        passedOver.removeAll()
        var returned = false
        for s in candidates where Int(s) < symbols.count && isEligible(s) && !passedOver.contains(s) {
            if improves(s) {
                pushEntering(s)
                returned = true
            } else {
                passedOver.append(s)
            }
        }
        return returned
    }

    /// Whether moving `entering` in `direction` until `leaving` reaches zero would make a level
    /// above its leading level worse by more than rounding. Entering reads reduced costs below 1e-8
    /// as zero, because residue must not decide a pivot
    /// (`testResidueInTheObjectiveDoesNotDecideEntering`); but over a long step a small cost is
    /// real: for example a cost of 5e-10 and a step of 2e7 through a pivot element of 2.5e-9, which
    /// raised the highest level by 0.01, and a cycle followed
    /// (`testRoundingCycleInThePrimalSimplexEnds`). So a small cost counts when the step makes it
    /// count.
    func worsensHigherLevel(_ entering: Int32, _ direction: Double, leaving: Int32) -> Bool {
        let level = leadingLevel(entering)
        guard level > 0, let row = rowOf[Int(leaving)] else { return false }
        let a = row.coefficient(for: entering)
        guard a != 0 else { return false }
        let step = abs(row.constant / a)
        for k in 0..<Swift.min(level, objective.count) {
            let c = objective[k][Int(entering)]
            if c == 0 { continue }
            let change = c * direction * step
            if change > nearZeroEpsilon + objectiveRelativeTolerance * abs(objectiveConstants[k]) { return true }
        }
        return false
    }

    /// The reduced cost of `s` at `level` relative to the level's largest: how likely it is to
    /// be rounding, for ``CycleGuard`` to compare across levels.
    func relativeCost(of s: Int32, at level: Int) -> Double {
        var largest = 0.0
        for c in objective[level] { largest = Swift.max(largest, abs(c)) }
        return largest > 0 ? abs(objective[level][Int(s)]) / largest : 0
    }

    /// Whether `s` would improve the objective if it entered, as ``optimize(boundedObjective:)``
    /// decides it: eligible, and its step worsens no higher level.
    func improves(_ s: Int32) -> Bool {
        guard isEligible(s) else { return false }
        let d = direction(s)
        guard let (leaving, residueOnly) = ratioTest(s, d) else { return true }
        // Only residue bounds it: `optimize` clears its cost instead (rounding).
        if residueOnly { return false }
        return !worsensHigherLevel(s, d, leaving: leaving)
    }

    /// The index of the first level where the reduced cost of `s` is not near zero
    /// (`objective.count` when there is none).
    @inline(__always) func leadingLevel(_ s: Int32) -> Int {
        for k in objective.indices where !nearZero(objective[k][Int(s)]) { return k }
        return objective.count
    }

    /// Takes the reduced cost of parametric `s` at its leading level, and the near-zero ones
    /// above it, for rounding: sets them to zero.
    mutating func clearLeadingCost(of s: Int32) {
        let level = leadingLevel(s)
        for k in objective.indices where k <= level && objective[k][Int(s)] != 0 {
            addObjective(k, s, -objective[k][Int(s)])
        }
    }

    /// Phase one: drives the artificial variable to zero. Returns whether a pivot used an
    /// element below ``phaseOneCheckThreshold`` of its row.
    mutating func optimizeArtificial() throws(SolverError) -> Bool {
        var smallPivot = false
        while true {
            // The artificial variable is nonnegative: at zero, phase one is done. Going on
            // would only pivot degenerately, on coefficients that may be rounding residue.
            guard let row = artificial, !nearZero(row.constant) else { return smallPivot }
            var found: (Int32, Double)? = nil
            for k in row.ids.indices {
                let s = row.ids[k]
                let c = row.coefficients[k]
                let kind = symbols[Int(s)].kind
                if kind == .dummy || isResidue(c, in: row) { continue }
                if c < 0 {
                    found = (s, 1)
                    break
                }
                if c > 0 && kind == .external {
                    found = (s, -1)
                    break
                }
            }
            guard let (entering, direction) = found else { return smallPivot }
            guard let leaving = ratioTest(entering, direction)?.row else { throw .unboundedObjective }
            if let pivotRow = rowOf[Int(leaving)],
                abs(pivotRow.coefficient(for: entering)) < phaseOneCheckThreshold * pivotRow.largestMagnitude
            {
                smallPivot = true
            }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// Ratio test: the restricted row that first reaches zero as `entering` moves.
    ///
    /// A pivot element that is residue next to its row's others (see ``isResidue(_:in:)``)
    /// is passed over when its row stays feasible at the step the other rows allow, to 1e-9
    /// of its own value or to the tableau's rounding level (10^-12 of the largest value it
    /// holds or of the step), whichever is larger: pivoting on it multiplied every rounding
    /// error of the tableau by 10^12 (for example required equalities 2e-5 and 1.2e-3 off
    /// that way), while the row only moves by that residue times the step. When a small
    /// element does bind (for example a row left 1e-3 infeasible), the plain ratio test
    /// decides.
    ///
    /// `residueOnly` says that every row that reaches zero holds `entering` at a residue
    /// element: in exact arithmetic nothing bounds the step, and the direction is unbounded.
    /// Nil when no row reaches zero at all.
    func ratioTest(_ entering: Int32, _ direction: Double) -> (row: Int32, residueOnly: Bool)? {
        var best: Int32 = -1
        var bestRatio = Double.infinity
        var plain: Int32 = -1
        var plainRatio = Double.infinity
        var skippedResidue = false
        for r in symbols[Int(entering)].column {
            if symbols[Int(r)].kind == .external { continue }
            guard let row = rowOf[Int(r)] else { continue }
            let a = row.coefficient(for: entering) * direction
            if a < 0 {
                let ratio = -row.constant / a
                if ratio < plainRatio || (ratio == plainRatio && r < plain) {
                    plainRatio = ratio
                    plain = r
                }
                if isResidue(a, in: row) {
                    skippedResidue = true
                } else if ratio < bestRatio || (ratio == bestRatio && r < best) {
                    bestRatio = ratio
                    best = r
                }
            }
        }
        if plain < 0 { return nil }
        if !skippedResidue || best == plain || best < 0 { return (plain, best < 0) }
        // Rounding level of the tableau: 10^-12 of the largest value it holds or of the step.
        let roundingLevel = tableauRoundingLevel * Swift.max(abs(bestRatio), largestRowConstant())
        for r in symbols[Int(entering)].column {
            if symbols[Int(r)].kind == .external { continue }
            guard let row = rowOf[Int(r)] else { continue }
            let a = row.coefficient(for: entering) * direction
            guard a < 0 else { continue }
            // The row's value after the step, if it is not the leaving row.
            let after = row.constant + a * bestRatio
            let allowed = Swift.max(passedOverRowSlack * Swift.max(1, abs(row.constant)), roundingLevel)
            if !(after >= -allowed) { return (plain, false) }
        }
        return (best, false)
    }

    /// Whether a coefficient of `row` is only rounding residue for pivoting: at most
    /// ``pivotTolerance`` of the row's largest coefficient. Rows are only scanned for
    /// coefficients below 10^-3, which layouts (coefficients of ±1) never have.
    @inline(__always) func isResidue(_ coefficient: Double, in row: Row) -> Bool {
        let magnitude = abs(coefficient)
        return magnitude < residueCeiling && magnitude <= pivotTolerance * row.largestMagnitude
    }

    mutating func pivot(entering: Int32, leaving: Int32) {
        var row = takeRow(leaving)
        noteElement(entering, in: row)
        row.solve(for: leaving, entering)
        substitute(entering, row)
        putRow(entering, row)
        if isEligible(leaving) { pushEntering(leaving) }
    }

    /// Dual simplex: restores feasibility after constants changed, keeping optimality.
    mutating func dualOptimize() throws(SolverError) {
        var pivots = 0
        while true {
            guard let leaving = infeasible.pop() else { return }
            // A backstop against a cycle that rounding might cause (see `optimize`).
            pivots += 1
            if pivots > CycleGuard.giveUpAfter(rows: rowCount) {
                infeasible.removeAll()
                throw .internalError("dual optimize: pivoting does not end")
            }
            while infeasible.first == leaving { _ = infeasible.pop() }
            guard Int(leaving) < symbols.count, let row = rowOf[Int(leaving)],
                symbols[Int(leaving)].kind != .external, row.constant < 0,
                !nearZero(row.constant)
            else { continue }
            var entering: Int32 = -1
            var enteringCoefficient = 0.0
            for k in row.ids.indices {
                let s = row.ids[k]
                let a = row.coefficients[k]
                let kind = symbols[Int(s)].kind
                if kind == .dummy { continue }
                if a <= 0 && kind != .external { continue }
                if isResidue(a, in: row) { continue }
                if entering < 0 || ratioLess(s, a, than: entering, enteringCoefficient) {
                    entering = s
                    enteringCoefficient = a
                }
            }
            if entering < 0 {
                infeasible.removeAll()
                throw .internalError("dual optimize failed")
            }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// Whether symbol `s` (row coefficient `a`) has a lexicographically smaller ratio of
    /// objective coefficient to row coefficient than symbol `t` (coefficient `b`), level by
    /// level; components within a relative 1e-9 count as equal, so a rounding difference at a
    /// higher level never hides a real difference at a lower one. No ratio arrays are built.
    @inline(__always) func ratioLess(_ s: Int32, _ a: Double, than t: Int32, _ b: Double) -> Bool {
        for level in objective.indices {
            let x = objective[level][Int(s)] / a
            let y = objective[level][Int(t)] / b
            let tolerance = objectiveRelativeTolerance * max(1, abs(x), abs(y))
            if abs(x - y) > tolerance { return x < y }
        }
        return false
    }
}

/// Watches the primal simplex for cycles that rounding causes (see `Solver.optimize`).
///
/// It only starts after more pivots than an optimisation of that many rows needs, so it costs
/// nothing in ordinary solves. It then records the entering symbols; when one enters again with its
/// reduced cost at the same level, the pivots since then form a cycle, and the entering symbol of
/// the cycle whose cost is smallest relative to the largest of its level is the suspect whose cost
/// is rounding. Levels do not decide: for example a cycle driven by a level-750 cost of 1.2e-8 next
/// to costs of 50, while the least significant level's costs of 2 were real, and clearing those
/// never ended it (`testACycleIsEndedByClearingItsSmallestRelativeCost`).
struct CycleGuard {
    /// Pivots after which an optimisation of `rows` rows is watched.
    static func watchAfter(rows: Int) -> Int { 10 * rows + 100 }
    /// Pivots after which an optimisation is given up (a backstop: each cycle found clears a
    /// cost, so this is not reached in practice).
    static func giveUpAfter(rows: Int) -> Int { 1000 * rows + 10_000 }

    /// Entering symbols since watching began: (symbol, leading level, magnitude of its cost
    /// relative to the largest of that level).
    var entered: [(symbol: Int32, level: Int, cost: Double)] = []
    /// Position in `entered` of each symbol's last entry.
    var last: [Int32: Int] = [:]
    /// Symbols whose leading cost was taken for rounding; cleared when they leave the basis.
    var suspects: Set<Int32> = []

    /// Records that `symbol` enters; returns the suspect when this closes a cycle.
    mutating func note(_ symbol: Int32, level: Int, cost: Double) -> Int32? {
        defer {
            last[symbol] = entered.count
            entered.append((symbol, level, cost))
        }
        guard let previous = last[symbol], entered[previous].level == level else { return nil }
        var suspect = entered[previous]
        for e in entered[previous...] where e.cost < suspect.cost { suspect = e }
        // The cycle is handled: watching starts afresh.
        entered.removeAll(keepingCapacity: true)
        last.removeAll(keepingCapacity: true)
        return suspect.symbol
    }
}
