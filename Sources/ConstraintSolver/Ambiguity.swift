// Ambiguity queries: the range a variable can take at the optimum, and which variables of a
// layout could move without making any constraint worse.

extension Tableau {
    // MARK: - Ambiguity

    /// The range of values `variable` can take while every constraint stays satisfied
    /// equally well (the same lexicographic optimum). Infinite bounds mean the variable is
    /// free in that direction.
    func range(of variable: Variable) -> ClosedRange<Double> {
        guard let s = variableSymbols[variable] else { return -Double.infinity...Double.infinity }
        let target = parametricRow(of: s)
        var bounds: [Double] = []
        for direction in [1.0, -1.0] {
            var probe = self
            let k = probe.objective.count
            probe.levels.append(0)
            probe.levelUses.append(1)
            probe.objective.append([Double](repeating: 0, count: probe.objectiveLength))
            probe.objectiveConstants.append(direction * target.constant)
            for (id, c) in zip(target.ids, target.coefficients) {
                probe.addObjective(k, id, direction * c)
            }
            do {
                try probe.optimize(boundedObjective: false)
                bounds.append(probe.valueOfSymbol(s))
            } catch {
                bounds.append(direction > 0 ? -Double.infinity : Double.infinity)
            }
        }
        let low = bounds[0]
        let high = max(bounds[1], low)
        return low...high
    }

    /// `ambiguousVariables(among:)` with the pass over the symbols done once by the caller
    /// (`symbolsReachedByCostlessMoves()`), for many queries against an unchanged solver:
    /// the layout engine asks once per view.
    func ambiguousVariables(among variables: [Variable], movable: [Bool]) -> [Variable] {
        variables.filter { variable in
            guard let s = variableSymbols[variable] else { return true }
            // Only what a costless parametric symbol reaches can move; most variables of a
            // determined layout are not reached, and need no expansion.
            guard Int(s) < movable.count, movable[Int(s)] else { return false }
            if let settled = settledAmbiguity(of: parametricRow(of: s)) { return settled }
            return rangeIsWide(variable)
        }
    }

    /// The symbols whose value a parametric symbol with zero reduced cost at every level could
    /// change: those symbols, the basic symbols whose rows hold them, and the definitions that
    /// use any of these, transitively. An over-approximation (terms may cancel), found in one
    /// pass over the symbols.
    func symbolsReachedByCostlessMoves() -> [Bool] {
        var reached = [Bool](repeating: false, count: symbols.count)
        var queue: [Int32] = []
        // Parametric symbols: neither basic nor defined (a definition is not a degree of freedom).
        for p in symbols.indices
        where rowOf[p] == nil && symbols[p].definition == nil && symbols[p].kind != .dummy
            && leadingCost(Int32(p)) == 0
        {
            reached[p] = true
            queue.append(Int32(p))
        }
        while let x = queue.popLast() {
            for next in symbols[Int(x)].column where !reached[Int(next)] {
                reached[Int(next)] = true
                queue.append(next)
            }
            for next in symbols[Int(x)].definitionUsers where !reached[Int(next)] {
                reached[Int(next)] = true
                queue.append(next)
            }
        }
        return reached
    }

    /// Whether `range(of:)` leaves room to move: the exact answer, by linear programming.
    func rangeIsWide(_ variable: Variable) -> Bool {
        let r = range(of: variable)
        return r.upperBound - r.lowerBound > ambiguousRangeWidth
    }

    /// Whether a variable, written as `target` in parametric symbols, could move with every
    /// constraint satisfied equally well, when the optimal tableau tells alone; nil otherwise.
    ///
    /// At a lexicographic optimum every parametric symbol's reduced costs are, level by level,
    /// lexicographically non-negative (zero for unrestricted ones), so a move that keeps every
    /// level optimal can only use symbols whose reduced costs are zero at every level. Hence:
    /// - no such symbol in `target`: the variable cannot move (false);
    /// - one such symbol that can move alone (both ways if unrestricted, up if a slack or an
    ///   error) without driving a restricted basic symbol that is at zero below it, or a basic
    ///   dummy off zero: the variable moves (true);
    /// - otherwise only a combination could move it, and `range(of:)` decides (nil).
    func settledAmbiguity(of target: Row) -> Bool? {
        var undecided = false
        for (p, a) in zip(target.ids, target.coefficients) where abs(a) > ambiguityCoefficientTolerance {
            let kind = symbols[Int(p)].kind
            if kind == .dummy || rowOf[Int(p)] != nil || leadingCost(p) != 0 { continue }
            for direction in kind == .external ? [1.0, -1.0] : [1.0] {
                var blocked = false
                for basic in symbols[Int(p)].column {
                    let basicKind = symbols[Int(basic)].kind
                    guard basicKind != .external, let row = rowOf[Int(basic)] else { continue }
                    let change = row.coefficient(for: p) * direction
                    if nearZero(change) { continue }
                    if basicKind == .dummy || (change < 0 && nearZero(row.constant)) {
                        blocked = true
                        break
                    }
                }
                if !blocked { return true }
            }
            undecided = true
        }
        return undecided ? nil : false
    }

}
