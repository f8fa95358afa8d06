// Conflict explanation: an irreducible set of required constraints that cannot hold together
// with a refused one.

extension Tableau {
    // MARK: - Conflict explanation

    func markerConstraints(in row: Row) -> [Constraint] {
        var found: [Constraint] = []
        for id in row.ids {
            let slot = symbols[Int(id)].owner
            if slot >= 0, let c = constraints.slots[Int(slot)]?.constraint, c.priority.isRequired,
                !found.contains(c)
            {
                found.append(c)
            }
        }
        return found
    }

    /// Builds the unsatisfiable error with an irreducible conflict set: the marker-based
    /// explanation (or, if it does not suffice, every required constraint connected to the
    /// new one), reduced by deletion filtering.
    func unsatisfiable(
        _ constraint: Constraint, candidates: [Constraint], overrideConstant: Double? = nil
    ) -> SolverError {
        guard explainsFailures else { return .unsatisfiableConstraint(constraint, conflicts: []) }
        let newConstant = overrideConstant ?? constraint.expression.constant
        let target = Constraint(
            Expression(constraint.expression.terms, constant: newConstant), constraint.relation)
        func feasible(_ set: [Constraint]) -> Bool {
            guard var probe = freshProbe(of: set) else { return false }
            do { try probe.addToTableau(target, doubts: .rebuild) } catch { return false }
            return true
        }
        let order: (Constraint, Constraint) -> Bool = {
            (constraints[$0]?.order ?? 0) < (constraints[$1]?.order ?? 0)
        }
        var set = candidates.filter { $0.priority.isRequired }.sorted(by: order)
        if feasible(set) {
            set = connectedRequired(to: constraint).sorted(by: order)
            if feasible(set) { return .unsatisfiableConstraint(constraint, conflicts: set) }
        }
        var k = 0
        while k < set.count {
            var trial = set
            trial.remove(at: k)
            if feasible(trial) {
                k += 1
            } else {
                set = trial
            }
        }
        return .unsatisfiableConstraint(constraint, conflicts: set)
    }

    /// A fresh solver given `set` as required constraints, each with the constant currently in
    /// force here, to decide or explain a conflict; nil when it refuses one of them. It explains no
    /// failure and checks no accuracy itself: checked, a probe's failing add asked a probe in turn,
    /// until the stack overflowed (the replayed input
    /// `Fuzz/regressions/solver/conflict-probes-do-not-check-in-turn`).
    func freshProbe(of set: [Constraint]) -> Tableau? {
        var probe = Tableau()
        probe.explainsFailures = false
        for c in set {
            let constant = constraints[c]?.constant ?? c.expression.constant
            do {
                let copy = Constraint(Expression(c.expression.terms, constant: constant), c.relation)
                try probe.addToTableau(copy, doubts: .rebuild)
            } catch {
                return nil
            }
        }
        return probe
    }

    func connectedRequired(to constraint: Constraint) -> [Constraint] {
        let required = allConstraints.filter { $0.priority.isRequired && $0 != constraint }
        var reached = Set(constraint.expression.terms.map(\.variable))
        var taken = [Bool](repeating: false, count: required.count)
        var result: [Constraint] = []
        var changed = true
        while changed {
            changed = false
            for (i, c) in required.enumerated() where !taken[i] {
                if c.expression.terms.contains(where: { reached.contains($0.variable) }) {
                    taken[i] = true
                    result.append(c)
                    for t in c.expression.terms { reached.insert(t.variable) }
                    changed = true
                }
            }
        }
        return result
    }
}
