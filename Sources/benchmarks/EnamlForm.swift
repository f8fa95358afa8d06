// kiwi's enaml-like form (benchmarks/enaml_like_benchmark.py in nucleic/kiwi): 3 labels and
// 3 fields, 37 variables, 111 constraints and 2 edit variables (window width and height).
// kiwi strengths map to priorities: weak 250, medium 750, "mmedium" (1.25 × medium) 755,
// "smedium" (100 × medium) 775, strong 999, required 1000 — the same order as kiwi's weights.
import ConstraintSolver
import Foundation

enum EnamlForm {
    static let variableNames: [String] = [
        "left", "height", "top", "width", "contents_top", "contents_bottom", "contents_left", "contents_right",
        "midline", "ctleft", "ctheight", "cttop", "ctwidth", "lb1left", "lb1height", "lb1top", "lb1width", "lb2left",
        "lb2height", "lb2top", "lb2width", "lb3left", "lb3height", "lb3top", "lb3width", "fl1left", "fl1height",
        "fl1top", "fl1width", "fl2left", "fl2height", "fl2top", "fl2width", "fl3left", "fl3height", "fl3top",
        "fl3width",
    ]
    /// (terms as (variable index, coefficient), constant, relation, priority)
    static let constraints: [([(Int, Double)], Double, Relation, Double)] = [
        ([(0, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(1, 1.0)], 0.0, .equal, 750.0),
        ([(2, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(3, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(1, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(4, 1.0), (2, -1.0)], -10.0, .equal, 1000.0),
        ([(22, 1.0)], -16.0, .equal, 999.0),
        ([(22, 1.0)], -16.0, .greaterThanOrEqual, 999.0),
        ([(9, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(11, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(12, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(10, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(33, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(10, 1.0)], -24.0, .greaterThanOrEqual, 775.0),
        ([(12, 1.0)], -16777200.0, .lessThanOrEqual, 775.0),
        ([(10, 1.0)], -24.0, .lessThanOrEqual, 775.0),
        ([(35, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(36, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(34, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(16, 1.0)], -67.0, .equal, 250.0),
        ([(20, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(18, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(30, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(21, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(32, 1.0)], -125.0, .greaterThanOrEqual, 999.0),
        ([(30, 1.0)], -21.0, .equal, 999.0),
        ([(30, 1.0)], -21.0, .greaterThanOrEqual, 999.0),
        ([(23, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(24, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(25, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(28, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(16, 1.0)], -67.0, .greaterThanOrEqual, 999.0),
        ([(29, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(20, 1.0)], -66.0, .equal, 250.0),
        ([(20, 1.0)], -66.0, .greaterThanOrEqual, 999.0),
        ([(18, 1.0)], -16.0, .equal, 999.0),
        ([(26, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(27, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(19, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(23, 1.0), (19, -1.0), (18, -1.0)], -10.0, .equal, 755.0),
        ([(35, 1.0), (23, -1.0), (22, -1.0)], -10.0, .greaterThanOrEqual, 1000.0),
        ([(35, 1.0), (23, -1.0), (22, -1.0)], -10.0, .equal, 755.0),
        ([(35, -1.0), (34, -1.0), (5, 1.0)], 0.0, .equal, 755.0),
        ([(27, 1.0), (4, -1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(27, 1.0), (4, -1.0)], 0.0, .equal, 755.0),
        ([(35, -1.0), (34, -1.0), (5, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(7, 1.0), (3, -1.0), (0, -1.0)], 10.0, .equal, 1000.0),
        ([(5, 1.0), (2, -1.0), (1, -1.0)], 10.0, .equal, 1000.0),
        ([(6, 1.0), (0, -1.0)], -10.0, .equal, 1000.0),
        ([(21, 1.0), (6, -1.0)], 0.0, .equal, 755.0),
        ([(25, 1.0), (8, -1.0)], 0.0, .equal, 999.0),
        ([(29, 1.0), (8, -1.0)], 0.0, .equal, 999.0),
        ([(9, 1.0), (8, -1.0)], 0.0, .equal, 999.0),
        ([(27, 1.0), (26, 0.5), (15, -1.0), (14, -0.5)], 0.0, .equal, 999.0),
        ([(13, 1.0), (6, -1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(13, 1.0), (6, -1.0)], 0.0, .equal, 755.0),
        ([(25, 1.0), (16, -1.0), (13, -1.0)], -10.0, .greaterThanOrEqual, 1000.0),
        ([(25, 1.0), (16, -1.0), (13, -1.0)], -10.0, .equal, 755.0),
        ([(28, -1.0), (25, -1.0), (7, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(3, 1.0)], 0.0, .equal, 750.0),
        ([(31, 1.0), (27, -1.0), (26, -1.0)], -10.0, .greaterThanOrEqual, 1000.0),
        ([(31, 1.0), (27, -1.0), (26, -1.0)], -10.0, .equal, 755.0),
        ([(31, -1.0), (30, -1.0), (11, 1.0)], -10.0, .greaterThanOrEqual, 1000.0),
        ([(35, 1.0), (11, -1.0), (10, -1.0)], -10.0, .greaterThanOrEqual, 1000.0),
        ([(35, -1.0), (34, -1.0), (5, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(31, -1.0), (30, -1.0), (11, 1.0)], -10.0, .equal, 755.0),
        ([(28, -1.0), (25, -1.0), (7, 1.0)], 0.0, .equal, 755.0),
        ([(31, 1.0), (30, 0.5), (19, -1.0), (18, -0.5)], 0.0, .equal, 999.0),
        ([(17, 1.0), (6, -1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(17, 1.0), (6, -1.0)], 0.0, .equal, 755.0),
        ([(29, 1.0), (20, -1.0), (17, -1.0)], -10.0, .greaterThanOrEqual, 1000.0),
        ([(35, 1.0), (11, -1.0), (10, -1.0)], -10.0, .equal, 755.0),
        ([(35, -1.0), (34, -1.0), (5, 1.0)], 0.0, .equal, 755.0),
        ([(15, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(16, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(14, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(29, 1.0), (20, -1.0), (17, -1.0)], -10.0, .equal, 755.0),
        ([(32, -1.0), (29, -1.0), (7, 1.0)], 0.0, .equal, 755.0),
        ([(32, -1.0), (29, -1.0), (7, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(21, 1.0), (6, -1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(13, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(23, -1.0), (22, -0.5), (11, 1.0), (10, 0.5)], 0.0, .equal, 999.0),
        ([(24, -1.0), (21, -1.0), (9, 1.0)], -10.0, .greaterThanOrEqual, 1000.0),
        ([(12, -1.0), (9, -1.0), (7, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(24, -1.0), (21, -1.0), (9, 1.0)], -10.0, .equal, 755.0),
        ([(33, 1.0), (6, -1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(33, 1.0), (6, -1.0)], 0.0, .equal, 755.0),
        ([(12, -1.0), (9, -1.0), (7, 1.0)], 0.0, .equal, 755.0),
        ([(36, -1.0), (33, -1.0), (7, 1.0)], 0.0, .equal, 755.0),
        ([(15, 1.0), (4, -1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(15, 1.0), (4, -1.0)], 0.0, .equal, 755.0),
        ([(36, -1.0), (33, -1.0), (7, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(19, 1.0), (15, -1.0), (14, -1.0)], -10.0, .greaterThanOrEqual, 1000.0),
        ([(23, 1.0), (19, -1.0), (18, -1.0)], -10.0, .greaterThanOrEqual, 1000.0),
        ([(19, 1.0), (15, -1.0), (14, -1.0)], -10.0, .equal, 755.0),
        ([(26, 1.0)], -21.0, .equal, 999.0),
        ([(26, 1.0)], -21.0, .greaterThanOrEqual, 999.0),
        ([(17, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(18, 1.0)], -16.0, .greaterThanOrEqual, 999.0),
        ([(31, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(32, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(14, 1.0)], -16.0, .greaterThanOrEqual, 999.0),
        ([(14, 1.0)], -16.0, .equal, 999.0),
        ([(36, 1.0)], -125.0, .greaterThanOrEqual, 999.0),
        ([(34, 1.0)], -21.0, .equal, 999.0),
        ([(34, 1.0)], -21.0, .greaterThanOrEqual, 999.0),
        ([(22, 1.0)], 0.0, .greaterThanOrEqual, 1000.0),
        ([(12, 1.0)], -119.0, .greaterThanOrEqual, 775.0),
        ([(24, 1.0)], -24.0, .equal, 250.0),
        ([(24, 1.0)], -24.0, .greaterThanOrEqual, 999.0),
        ([(28, 1.0)], -125.0, .greaterThanOrEqual, 999.0),
    ]

    /// The window sizes, in kiwi's order.
    static let sizes: [(Double, Double)] = [
        (400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400),
    ]

    /// Builds the form once, then cycles the six window sizes `cycles` times in one timed
    /// loop (as `scripts/kiwi/build-cpp` times kiwi's C++): microseconds per size, each one
    /// `suggestValue(width)`, `suggestValue(height)`, `updateVariables()`.
    static func cycle(_ cycles: Int) throws -> Double {
        var solver = Solver()
        let variables = variableNames.map { Variable($0) }
        try solver.addEditVariable(variables[3], priority: 999)
        try solver.addEditVariable(variables[1], priority: 999)
        for (terms, constant, relation, priority) in constraints {
            let expression = Expression(
                terms.map { Term(variables[$0.0], $0.1) }, constant: constant)
            try solver.add(Constraint(expression, relation, priority: Priority(priority)))
        }
        _ = solver.updateVariables()
        let start = ContinuousClock.now
        var changed = 0
        for _ in 0..<cycles {
            for (w, h) in sizes {
                try solver.suggestValue(w, for: variables[3])
                try solver.suggestValue(h, for: variables[1])
                changed &+= solver.updateVariables().count
            }
        }
        let elapsed = milliseconds(since: start)
        precondition(changed > 0, "every size moves the form")
        return elapsed * 1e3 / Double(cycles * sizes.count)
    }

    /// Builds the form, then suggests 6 window sizes. Returns milliseconds and a checksum
    /// (the sum of the 37 values after the last size, 800×400, as kiwi's twin reports).
    static func run() throws -> (
        build: Double, resolve: Double, checksum: Double, variables: Int, constraints: Int
    ) {
        let start = ContinuousClock.now
        var solver = Solver()
        let variables = variableNames.map { Variable($0) }
        let width = variables[3]
        let height = variables[1]
        try solver.addEditVariable(width, priority: 999)
        try solver.addEditVariable(height, priority: 999)
        for (terms, constant, relation, priority) in constraints {
            let expression = Expression(
                terms.map { Term(variables[$0.0], $0.1) }, constant: constant)
            try solver.add(Constraint(expression, relation, priority: Priority(priority)))
        }
        _ = solver.updateVariables()
        let build = milliseconds(since: start)
        let printsValues = ProcessInfo.processInfo.environment["ENAML_VALUES"] != nil
        var resolveTime = 0.0
        for (w, h) in sizes {
            let resolveStart = ContinuousClock.now
            try solver.suggestValue(w, for: width)
            try solver.suggestValue(h, for: height)
            _ = solver.updateVariables()
            resolveTime += milliseconds(since: resolveStart)
            if printsValues {
                print(
                    w, h,
                    zip(variableNames, variables).map { "\($0.0)=\(solver.value(of: $0.1))" }.joined(separator: " "))
                let free = solver.ambiguousVariables(among: variables)
                print(
                    "ambiguous:",
                    free.map { "\($0)∈\(solver.range(of: $0))" }.joined(separator: " "))
            }
        }
        // After the last window size, as the Python twin reports it.
        let checksum = variables.reduce(0.0) { $0 + solver.value(of: $1) }
        let resolve = resolveTime / Double(sizes.count)
        return (build, resolve, checksum, variables.count, constraints.count)
    }
}
