import XCTest

@testable import ConstraintSolver

/// A small deterministic generator for the tests (SplitMix64).
struct TestRandom {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
    mutating func double() -> Double { Double(next() >> 11) / 9_007_199_254_740_992.0 }
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; nil when singular.
func gaussianSolve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
    var m = a
    var r = b
    let n = b.count
    for col in 0..<n {
        var pivot = col
        for row in col..<n where abs(m[row][col]) > abs(m[pivot][col]) { pivot = row }
        if abs(m[pivot][col]) < 1e-6 { return nil }
        m.swapAt(col, pivot)
        r.swapAt(col, pivot)
        for row in 0..<n where row != col {
            let f = m[row][col] / m[col][col]
            if f == 0 { continue }
            for k in col..<n { m[row][k] -= f * m[col][k] }
            r[row] -= f * r[col]
        }
    }
    return (0..<n).map { r[$0] / m[$0][$0] }
}

/// How far a constraint is from holding at the solver's values.
func violation(_ c: Constraint, _ solver: Solver, constant: Double? = nil) -> Double {
    c.violation(constant: constant) { solver.value(of: $0) }
}

final class RandomSystemTests: XCTestCase {
    /// Fully determined random systems against Gaussian elimination, with conflicting weak
    /// and medium preferences that must not move the solution.
    func testDeterminedSystemsMatchGaussianElimination() throws {
        var rng = TestRandom(42)
        var checked = 0
        for _ in 0..<150 {
            let n = rng.int(1...8)
            let a = (0..<n).map { _ in (0..<n).map { _ in Double(rng.int(-5...5)) } }
            let b = (0..<n).map { _ in Double(rng.int(-50...50)) }
            guard let expected = gaussianSolve(a, b) else { continue }
            let v = (0..<n).map { Variable("v\($0)") }
            var s = Solver()
            for i in 0..<n { try s.add((v[i] == Double(rng.int(-9...9))).withPriority(.defaultLow)) }
            if n > 1 { try s.add((v[0] >= v[1] + 1000).withPriority(.defaultHigh)) }
            for i in (0..<n).shuffledDeterministically(&rng) {
                var terms: [Term] = []
                for j in 0..<n where a[i][j] != 0 { terms.append(Term(v[j], a[i][j])) }
                try s.add(Constraint(Expression(terms, constant: -b[i]), .equal))
            }
            for i in 0..<n {
                XCTAssertEqual(s.value(of: v[i]), expected[i], accuracy: 1e-6 * max(1, abs(expected[i])))
            }
            XCTAssertFalse(s.hasAmbiguousLayout(v))
            assertConsistent(s)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// Random add / remove / suggest / update sequences keep every invariant; a failed add or
    /// update leaves the solver exactly as before (a shadow solver that never saw the failed adds
    /// stays bit-identical); add followed by remove returns the sizes to their baseline.
    func testRandomOperationSequencesKeepInvariants() throws {
        let priorities: [Priority] = [.required, .required, 999, .defaultHigh, 500, .defaultLow, 1]
        for seed in 1...40 {
            var rng = TestRandom(UInt64(seed))
            let v = (0..<8).map { Variable("v\($0)") }
            var s = Solver()
            var shadow = Solver()
            var live: [Constraint] = []
            var failures = 0
            for (i, x) in v.enumerated() where i < 2 {
                try s.addEditVariable(x, priority: 999)
                try shadow.addEditVariable(x, priority: 999)
            }
            for x in v {
                let stay = (x == Double(rng.int(-20...20))).withPriority(.fittingSizeLevel)
                try s.add(stay)
                try shadow.add(stay)
            }
            for _ in 0..<60 {
                let op = rng.int(0...9)
                if op <= 5 || live.isEmpty {
                    var terms: [Term] = []
                    for _ in 0..<rng.int(1...3) { terms.append(Term(v[rng.int(0...7)], Double(rng.int(-3...3)))) }
                    let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][rng.int(0...2)]
                    let c = Constraint(
                        Expression(terms, constant: Double(rng.int(-30...30))), relation,
                        priority: priorities[rng.int(0...priorities.count - 1)])
                    let before = s
                    do {
                        try s.add(c)
                        do {
                            try shadow.add(c)
                        } catch {
                            return XCTFail("shadow add failed: \(error) seed \(seed)")
                        }
                        live.append(c)
                        if rng.int(0...3) == 0 {
                            let stats = before.statistics
                            do {
                                try s.remove(c)
                            } catch {
                                return XCTFail("remove failed: \(error) seed \(seed) \(c)")
                            }
                            try shadow.remove(c)
                            live.removeLast()
                            XCTAssertEqual(s.statistics.rows, stats.rows)
                            XCTAssertEqual(s.statistics.rows + s.statistics.definitions, stats.rows + stats.definitions)
                            XCTAssertEqual(s.statistics.variables, stats.variables)
                            XCTAssertEqual(s.statistics.constraints, stats.constraints)
                            XCTAssertEqual(s.statistics.levels, stats.levels)
                        }
                    } catch {
                        guard case .unsatisfiableConstraint(let failed, let conflicts) = error else {
                            return XCTFail("unexpected \(error)")
                        }
                        failures += 1
                        XCTAssertEqual(failed, c)
                        XCTAssertTrue(c.priority.isRequired)
                        assertSameState(before, s)
                        // The conflict set is irreducible: it conflicts, and dropping any member
                        // does not.
                        XCTAssertFalse(isFeasible(conflicts + [c], s))
                        for k in conflicts.indices {
                            var smaller = conflicts
                            smaller.remove(at: k)
                            XCTAssertTrue(isFeasible(smaller + [c], s), "conflict set is not minimal")
                        }
                    }
                } else if op <= 7 {
                    let k = rng.int(0...live.count - 1)
                    let c = live.remove(at: k)
                    try s.remove(c)
                    try shadow.remove(c)
                } else if op == 8 {
                    let x = v[rng.int(0...1)]
                    let value = Double(rng.int(-100...100))
                    try s.suggestValue(value, for: x)
                    try shadow.suggestValue(value, for: x)
                } else {
                    let c = live[rng.int(0...live.count - 1)]
                    let k = Double(rng.int(-30...30))
                    let before = s
                    do {
                        try s.updateConstant(of: c, to: k)
                        try shadow.updateConstant(of: c, to: k)
                    } catch {
                        XCTAssertTrue(c.priority.isRequired)
                        assertSameState(before, s)
                    }
                }
                if !s.invariantViolations().isEmpty {
                    return XCTFail("seed \(seed) op \(op): \(s.invariantViolations())")
                }
                for x in v { XCTAssertEqual(s.value(of: x), shadow.value(of: x)) }
                for c in live where c.priority.isRequired {
                    let k = s.tableau.constraints[c]?.constant
                    XCTAssertLessThan(violation(c, s, constant: k), 1e-6, "\(c)")
                }
            }
            _ = failures
            _ = s.updateVariables()
        }
    }

    func isFeasible(_ set: [Constraint], _ solver: Solver) -> Bool {
        var probe = Solver()
        probe.explainsFailures = false
        do {
            for c in set {
                let k = solver.tableau.constraints[c]?.constant ?? c.expression.constant
                try probe.add(Constraint(Expression(c.expression.terms, constant: k), c.relation))
            }
        } catch {
            return false
        }
        return true
    }

    /// Deterministic: the same constraints in the same order give bit-identical results.
    func testDeterminism() throws {
        func run() throws -> [Double] {
            var rng = TestRandom(7)
            let v = (0..<12).map { Variable("v\($0)") }
            var s = Solver()
            for _ in 0..<60 {
                var terms: [Term] = []
                for _ in 0..<rng.int(1...3) { terms.append(Term(v[rng.int(0...11)], Double(rng.int(-4...4)))) }
                let c = Constraint(
                    Expression(terms, constant: Double(rng.int(-20...20))),
                    [.equal, .greaterThanOrEqual][rng.int(0...1)],
                    priority: [.required, .defaultLow, .defaultHigh][rng.int(0...2)])
                do { try s.add(c) } catch {}
            }
            return v.map { s.value(of: $0) }
        }
        XCTAssertEqual(try run(), try run())
    }
}

extension Range where Bound == Int {
    func shuffledDeterministically(_ rng: inout TestRandom) -> [Int] {
        var a = Array(self)
        if a.count > 1 {
            for i in stride(from: a.count - 1, to: 0, by: -1) { a.swapAt(i, rng.int(0...i)) }
        }
        return a
    }
}

/// Compares with kiwisolver on the fixture generated by scripts/kiwi/make_random_fixture.py.
final class KiwiFixtureTests: XCTestCase {
    struct Fixture: Decodable {
        struct Case: Decodable {
            struct Item: Decodable {
                var terms: [[Double]]
                var constant: Double
                var op: String
                var priority: Double
            }
            var seed: Int
            var variables: [String]
            var constraints: [Item]
            var objective: [String: Double]
            var unique: Bool?
            var solution: [Double]
        }
        var cases: [Case]
    }

    func testPerLevelViolationsMatchKiwi() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/kiwi_random.json")
        guard let data = try? Data(contentsOf: url) else {
            throw XCTSkip("fixture not present")
        }
        let fixture = try JSONDecoder().decode(Fixture.self, from: data)
        XCTAssertFalse(fixture.cases.isEmpty)
        var uniqueCases = 0
        for item in fixture.cases {
            let v = item.variables.map { Variable($0) }
            var s = Solver()
            var built: [Constraint] = []
            for c in item.constraints {
                let terms = c.terms.map { Term(v[Int($0[0])], $0[1]) }
                let relation: Relation =
                    c.op == "==" ? .equal : c.op == "<=" ? .lessThanOrEqual : .greaterThanOrEqual
                let constraint = Constraint(
                    Expression(terms, constant: c.constant), relation, priority: Priority(c.priority))
                try s.add(constraint)
                built.append(constraint)
            }
            assertConsistent(s)
            var levels: [String: Double] = [:]
            for c in built { levels["\(Int(c.priority.rawValue))", default: 0] += violation(c, s) }
            for (level, expected) in item.objective {
                XCTAssertEqual(
                    levels[level] ?? 0, expected, accuracy: 1e-6 * max(1, abs(expected)),
                    "seed \(item.seed) level \(level)")
            }
            if item.unique == true {
                uniqueCases += 1
                for (k, x) in v.enumerated() {
                    XCTAssertEqual(s.value(of: x), item.solution[k], accuracy: 1e-6, "seed \(item.seed)")
                }
                XCTAssertFalse(s.hasAmbiguousLayout(v), "seed \(item.seed)")
            }
        }
        XCTAssertGreaterThan(uniqueCases, 0)
    }
}

/// The fast ambiguity answers agree with minimising and maximising every variable.
final class AmbiguityAgreementTests: XCTestCase {
    func testSettledAmbiguityAgreesWithRanges() throws {
        var generator = TestRandom(0xA5B1)
        var settled = 0
        for _ in 0..<200 {
            var solver = Solver()
            let variables = (0..<6).map { Variable("v\($0)") }
            for _ in 0..<Int(generator.next() % 7) + 2 {
                let a = variables[Int(generator.next() % 6)]
                let b = variables[Int(generator.next() % 6)]
                let constant = Double(generator.next() % 100)
                let priorities: [Priority] = [.required, .defaultHigh, .defaultLow, Priority(500)]
                let priority = priorities[Int(generator.next() % 4)]
                let constraint: Constraint
                switch generator.next() % 4 {
                case 0: constraint = (a == b + constant).withPriority(priority)
                case 1: constraint = (a <= b + constant).withPriority(priority)
                case 2: constraint = (a >= constant).withPriority(priority)
                default: constraint = (a + b == constant).withPriority(priority)
                }
                try? solver.add(constraint)
            }
            _ = solver.updateVariables()
            let fast = solver.ambiguousVariables(among: variables)
            let exact = variables.filter { solver.tableau.rangeIsWide($0) }
            XCTAssertEqual(fast, exact)
            for variable in variables {
                guard let s = solver.tableau.variableSymbols[variable] else { continue }
                if solver.tableau.settledAmbiguity(of: solver.tableau.parametricRow(of: s)) != nil { settled += 1 }
            }
        }
        XCTAssertGreaterThan(settled, 600, "most answers come from the tableau alone")
    }
}
