// Internal consistency checks, for the test suite, the fuzz harness and the accuracy check.

extension Tableau {
    // MARK: - Invariants (for tests)

    /// What rounding may not leave at symbol `b`, with `scale` the largest value held (at
    /// least 1): a basic dummy off zero, or a basic slack or error below zero, by more than
    /// 1e-7 + 1e-11 × scale; or, for a parametric symbol, a step that would still improve the
    /// objective. Nil when none. The numeric part of ``invariantViolations(scale:)``, and all
    /// the accuracy check asks of the tableau. Rounding is relative to the scale, for a dummy
    /// as for any restricted symbol: a redundant `100·v0 == 0`'s dummy held 3.9e-7 beside
    /// values of 5·10^6, a fresh build's own rounding (8e-14 of them), and was taken for a
    /// broken equality (`testARedundantEqualitysDummyIsJudgedAtTheSolversScale`).
    @inline(__always) func numericProblem(of b: Int, scale: Double) -> String? {
        guard let constant = rowOf[b]?.constant else {
            return improves(Int32(b)) ? "not optimal: \(b) can enter" : nil
        }
        let rounding = restrictedRowTolerance + restrictedRowScaleTolerance * scale
        switch symbols[b].kind {
        case .external: return nil
        case .dummy: return abs(constant) > rounding ? "dummy row \(b) is not zero: \(constant)" : nil
        case .slack, .error: return constant < -rounding ? "restricted row \(b) is infeasible: \(constant)" : nil
        }
    }

    /// Checks the internal invariants and returns a description of each violation (empty
    /// when consistent): rows over parametric symbols only, consistent column and definition
    /// indexes, acyclic definitions stamped in topological order, feasibility and optimality. Used by the test suite.
    ///
    /// - Parameter scale: The largest magnitude the solver has held (see ``magnitude()``), if
    ///   larger than now: a row counts as infeasible below -(1e-7 + 1e-11 × scale), and a
    ///   basic dummy as off zero beyond that, since rounding left by larger values outlives
    ///   them.
    func invariantViolations(scale: Double = 0) -> [String] {
        var problems: [String] = []
        let n = symbols.count
        // Rounding is relative to the largest value the solver computes with.
        let scale = max(1, scale, magnitude())
        for b in 0..<n {
            if let row = rowOf[b] {
                if symbols[b].definition != nil { problems.append("symbol \(b) is basic and defined") }
                for id in row.ids {
                    if rowOf[Int(id)] != nil { problems.append("row \(b) contains basic symbol \(id)") }
                    if symbols[Int(id)].definition != nil {
                        problems.append("row \(b) contains defined symbol \(id)")
                    }
                    if !symbols[Int(id)].column.contains(Int32(b)) {
                        problems.append("column \(id) misses row \(b)")
                    }
                }
            }
            for r in symbols[b].column where rowOf[Int(r)]?.coefficient(for: Int32(b)) ?? 0 == 0 {
                problems.append("column \(b) lists row \(r) without the symbol")
            }
            if let def = symbols[b].definition {
                for id in def.ids where !symbols[Int(id)].definitionUsers.contains(Int32(b)) {
                    problems.append("definition users of \(id) miss \(b)")
                }
                // Expansion goes newest first, so stamps must be topological (``define(_:_:)``).
                for id in def.ids
                where symbols[Int(id)].definition != nil && symbols[Int(id)].stamp >= symbols[b].stamp {
                    problems.append("definition \(b) is not newer than the definition \(id) it refers to")
                }
            }
            for d in symbols[b].definitionUsers where symbols[Int(d)].definition?.coefficient(for: Int32(b)) ?? 0 == 0 {
                problems.append("definition users of \(b) list \(d) wrongly")
            }
            for level in objective where level[b] != 0 && (rowOf[b] != nil || symbols[b].definition != nil) {
                problems.append("objective contains basic or defined symbol \(b)")
            }
            if let problem = numericProblem(of: b, scale: scale) { problems.append(problem) }
        }
        // Acyclic definitions: a depth-first search with colours.
        var colour = [UInt8](repeating: 0, count: n)
        for s in 0..<n where symbols[s].definition != nil && colour[s] == 0 {
            var stack: [(Int32, Int)] = [(Int32(s), 0)]
            colour[s] = 1
            while let (top, index) = stack.last {
                guard let def = symbols[Int(top)].definition, index < def.ids.count else {
                    colour[Int(top)] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].1 += 1
                let next = def.ids[index]
                if symbols[Int(next)].definition == nil { continue }
                if colour[Int(next)] == 1 {
                    problems.append("definitions form a cycle through \(next)")
                    return problems
                }
                if colour[Int(next)] == 0 {
                    colour[Int(next)] = 1
                    stack.append((next, 0))
                }
            }
        }
        if levels.count != objective.count || levels.count != levelUses.count {
            problems.append("level bookkeeping")
        }
        return problems
    }

    /// The largest magnitude among the values of all the symbols (``Solver/magnitude()``).
    func magnitude() -> Double {
        evaluate(program ?? compileProgram()).reduce(0) { max($0, abs($1)) }
    }

    /// The current internal sizes (``Solver/statistics``).
    var statistics: Solver.Statistics {
        var used = 0
        for s in symbols.indices
        where rowOf[s] != nil || !symbols[s].column.isEmpty || symbols[s].definition != nil
            || !symbols[s].definitionUsers.isEmpty
        {
            used += 1
        }
        var terms = 0
        for level in objective { for c in level where c != 0 { terms += 1 } }
        return Solver.Statistics(
            rows: rowCount, definitions: definitionCount, columns: used, objectiveTerms: terms,
            levels: levels.count, variables: variableSymbols.count, constraints: constraints.count,
            rebuilds: rounding.rebuildCount)
    }
}
