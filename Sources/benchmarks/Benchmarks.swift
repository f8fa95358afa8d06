// Benchmarks of the ConstraintSolver module. Each prints one JSON object per line.
//   swift run -c release benchmarks feed --rows 100 --rows 1000
//   swift run -c release benchmarks enaml
//   swift run -c release benchmarks random --constraints 900
//   swift run -c release benchmarks pictures --cells 200
//   swift run -c release benchmarks ib --corpus ../shared/ib-corpus
//   swift run -c release benchmarks check
import ArgumentParser
import ConstraintSolver
import Foundation

@main
struct Benchmarks: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "benchmarks",
        abstract: "Solver and text-engine benchmarks; each prints one JSON object per line.",
        subcommands: [
            Feed.self, Enaml.self, RandomBenchmark.self, TextBenchmark.self, CorpusBenchmark.self,
            LayoutBenchmark.self, PictureBenchmark.self, LimitsBenchmark.self, SoakBenchmark.self,
            InterfaceBuilderBenchmark.self, CheckBenchmark.self,
        ])
}

/// Milliseconds elapsed since `start`.
func milliseconds(since start: ContinuousClock.Instant) -> Double {
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    if s.isEmpty { return 0 }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// Formats a JSON object with keys in the given order.
func json(_ pairs: [(String, Any)]) -> String {
    let body = pairs.map { key, value -> String in
        switch value {
        case let d as Double: return "\"\(key)\":\(d.isFinite ? String(d) : "null")"
        case let i as Int: return "\"\(key)\":\(i)"
        case let s as String: return "\"\(key)\":\"\(s)\""
        default: return "\"\(key)\":null"
        }
    }
    return "{" + body.joined(separator: ",") + "}"
}

// MARK: - feed

/// The workload of /work/shared/anchors/kiwi_feed.py: a feed of rows chained vertically.
struct Feed: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The kiwi_feed.py workload: N rows of avatar + title + subtitle.")

    @Option(name: .long, help: "Number of rows (repeatable).")
    var rows: [Int] = [100, 400, 1000, 10000]

    @Option(name: .long, help: "Repetitions; medians are reported.")
    var runs: Int = 5

    func run() throws {
        for n in rows {
            var builds: [Double] = []
            var resolves: [Double] = []
            var height = 0.0
            var titles = 0.0
            let repeats = n >= 10000 ? max(1, min(runs, 3)) : runs
            for _ in 0..<repeats {
                let r = try feed(n)
                builds.append(r.build)
                resolves.append(r.resolve)
                height = r.height
                titles = r.titles
            }
            print(
                json([
                    ("rows", n), ("buildMs", median(builds)), ("resolveMs", median(resolves)),
                    ("height", height), ("sumTitleWidths", titles), ("runs", repeats),
                ]))
        }
    }

    func feed(_ n: Int) throws -> (build: Double, resolve: Double, height: Double, titles: Double) {
        var s = Solver()
        let width = Variable("W")
        try s.addEditVariable(width, priority: 999)  // kiwi strong
        try s.suggestValue(390, for: width)
        var previousBottom: Variable? = nil
        var titleWidths: [Variable] = []
        titleWidths.reserveCapacity(n)
        let start = ContinuousClock.now
        for r in 0..<n {
            let rowTop = Variable("r\(r).top")
            if let previousBottom {
                try s.add(rowTop == previousBottom)
            } else {
                try s.add(rowTop == 0)
            }
            let av = (0..<4).map { _ in Variable() }
            let ti = (0..<4).map { _ in Variable() }
            let su = (0..<4).map { _ in Variable() }
            let bottom = Variable("r\(r).bottom")
            let required: [Constraint] = [
                av[0] == 16, av[1] == rowTop + 12, av[2] == 40, av[3] == 40,
                ti[0] == av[0] + av[2] + 12, ti[1] == rowTop + 12,
                ti[0] + ti[2] <= width - 16,
                su[0] == ti[0], su[1] == ti[1] + ti[3] + 4,
                su[0] + su[2] <= width - 16,
                bottom >= av[1] + av[3] + 12, bottom >= su[1] + su[3] + 12,
            ]
            for c in required { try s.add(c) }
            for (v, iw, ih) in [(ti, Double(40 + (r * 37) % 361), 20.5), (su, Double(40 + (r * 53) % 561), 18.0)] {
                try s.add((v[2] <= iw).withPriority(.defaultLow))  // hugging, kiwi weak
                try s.add((v[2] >= iw).withPriority(.defaultHigh))  // compression, kiwi medium
                try s.add(v[3] == ih)
            }
            try s.add((bottom == av[1] + av[3] + 12).withPriority(.defaultLow))
            previousBottom = bottom
            titleWidths.append(ti[2])
        }
        _ = s.updateVariables()
        let build = milliseconds(since: start)
        let widths = (0..<20).map { 320.0 + 10.0 * Double($0) }
        var suggestTime = 0.0
        var updateTime = 0.0
        for w in widths {
            let t0 = ContinuousClock.now
            try s.suggestValue(w, for: width)
            suggestTime += milliseconds(since: t0)
            let t1 = ContinuousClock.now
            _ = s.updateVariables()
            updateTime += milliseconds(since: t1)
        }
        let resolve = (suggestTime + updateTime) / Double(widths.count)
        if ProcessInfo.processInfo.environment["FEED_SPLIT"] != nil {
            print("suggest \(suggestTime / 20) update \(updateTime / 20)")
        }
        let height = previousBottom.map { s.value(of: $0) } ?? 0
        let titles = titleWidths.reduce(0.0) { $0 + s.value(of: $1) }
        return (build, resolve, height, titles)
    }
}

// MARK: - enaml

/// kiwi's enaml-like benchmark: a form with 3 labels and 3 fields.
struct Enaml: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "kiwi's enaml_like_benchmark: 37 variables, 111 constraints, 2 edit variables.")

    @Option(name: .long, help: "Repetitions; medians are reported.")
    var runs: Int = 200

    func run() throws {
        var builds: [Double] = []
        var resolves: [Double] = []
        var checksum = 0.0
        var counts = (0, 0)
        for _ in 0..<runs {
            let r = try EnamlForm.run()
            builds.append(r.build)
            resolves.append(r.resolve)
            checksum = r.checksum
            counts = (r.variables, r.constraints)
        }
        // Steady state, as kiwi's C++ is timed: one solver, the six sizes cycled in one loop.
        var cycled: [Double] = []
        for _ in 0..<max(1, runs / 20) { cycled.append(try EnamlForm.cycle(500)) }
        print(
            json([
                ("benchmark", "enaml"), ("variables", counts.0), ("constraints", counts.1),
                ("buildMs", median(builds)), ("resolveMs", median(resolves)),
                ("resolveCycleUs", median(cycled)), ("checksum", checksum),
                ("runs", runs),
            ]))
    }
}

// MARK: - random

/// Adds `constraint`; returns false when it is unsatisfiable (other errors are thrown).
func addIfSatisfiable(_ solver: inout Solver, _ constraint: Constraint) throws(SolverError) -> Bool {
    do {
        try solver.add(constraint)
        return true
    } catch {
        if case .unsatisfiableConstraint = error { return false }
        throw error
    }
}

/// The 64-bit LCG shared with the Python twin (see docs/solver.md).
struct LCG {
    var state: UInt64
    mutating func nextDouble() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / 9_007_199_254_740_992.0
    }
}

/// The classic Cassowary random add / re-solve / remove benchmark.
struct RandomBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "random",
        abstract: "Random constraints (≤3 terms, 12% inequalities): add, re-solve, remove.",
        discussion: """
            --variant classic (the default) is Cassowary's addDel PerfTest: N variables, each with a \
            weak stay (v == 0 @250), constraints all required, generated until N are added (at most \
            2N tried), two strong (999) edit variables. --variant mixed is the denser variant: N/2 \
            variables, half the constraints required and half weak, no stays. docs/solver.md has the \
            generator, shared with scripts/kiwi/random_bench.py.
            """)

    enum Variant: String, ExpressibleByArgument { case classic, mixed }

    @Option(name: .long, help: "Number of constraints (repeatable).")
    var constraints: [Int] = [100, 300, 900, 2700]

    @Option(name: .long, help: "Seed of the generator.")
    var seed: UInt64 = 1

    @Option(name: .long, help: "Number of re-solves.")
    var resolves: Int = 1000

    @Option(name: .long, help: "classic (Cassowary's PerfTest) or mixed.")
    var variant: Variant = .classic

    @Flag(name: .long, help: "Compute the conflict set of every failed add (kiwi only names the constraint).")
    var explainConflicts = false

    func run() throws {
        for n in constraints {
            var rng = LCG(state: seed)
            let classic = variant == .classic
            let variableCount = classic ? max(10, n) : max(10, n / 2)
            let variables = (0..<variableCount).map { Variable("v\($0)") }
            var list: [Constraint] = []
            let generated = classic ? 2 * n : n
            list.reserveCapacity(generated)
            for _ in 0..<generated {
                let k = 1 + Int(rng.nextDouble() * 3)
                var terms: [Term] = []
                for _ in 0..<k {
                    let index = Int(rng.nextDouble() * Double(variableCount))
                    var coefficient = ((rng.nextDouble() * 10 - 5) * 1e4).rounded(.down) / 1e4
                    if coefficient == 0 { coefficient = 1 }
                    terms.append(Term(variables[index], coefficient))
                }
                let constant = ((rng.nextDouble() * 20 - 10) * 1e4).rounded(.down) / 1e4
                let relation: Relation = rng.nextDouble() < 0.12 ? .greaterThanOrEqual : .equal
                let priority: Priority
                if classic {
                    priority = .required
                } else {
                    priority = rng.nextDouble() < 0.5 ? .required : .defaultLow
                }
                list.append(Constraint(Expression(terms, constant: constant), relation, priority: priority))
            }
            var s = Solver()
            s.explainsFailures = explainConflicts
            var added: [Constraint] = []
            var unsatisfiable = 0
            let addStart = ContinuousClock.now
            if classic {
                for v in variables { try s.add(Constraint(Expression([Term(v)]), .equal, priority: .defaultLow)) }
            }
            for c in list {
                if classic && added.count >= n { break }
                if try addIfSatisfiable(&s, c) {
                    added.append(c)
                } else {
                    unsatisfiable += 1
                }
            }
            let addMs = milliseconds(since: addStart)
            let rebuildsAfterAdd = s.statistics.rebuilds
            if ProcessInfo.processInfo.environment["RANDOM_PROGRESS"] != nil {
                print("added in \(addMs) ms, rebuilds \(rebuildsAfterAdd)")
            }
            let edited =
                classic
                ? (
                    variables[Int(rng.nextDouble() * Double(variableCount))],
                    variables[Int(rng.nextDouble() * Double(variableCount))]
                )
                : (variables[0], variables[1])
            try s.addEditVariable(edited.0, priority: 999)
            if edited.1 != edited.0 { try s.addEditVariable(edited.1, priority: 999) }
            let resolveStart = ContinuousClock.now
            for _ in 0..<resolves {
                try s.suggestValue(rng.nextDouble() * 100, for: edited.0)
                if edited.1 != edited.0 { try s.suggestValue(rng.nextDouble() * 100, for: edited.1) }
                _ = s.updateVariables()
            }
            let resolveMs = milliseconds(since: resolveStart) / Double(max(1, resolves))
            let checksum = variables.reduce(0.0) { $0 + s.value(of: $1) }
            let removeStart = ContinuousClock.now
            for c in added { try s.remove(c) }
            let removeMs = milliseconds(since: removeStart)
            print(
                json([
                    ("variant", variant.rawValue), ("explainConflicts", explainConflicts ? "yes" : "no"),
                    ("constraints", n), ("added", added.count), ("addMs", addMs), ("resolveMs", resolveMs),
                    ("removeMs", removeMs),
                    ("unsatisfiable", unsatisfiable), ("checksum", checksum),
                    ("rebuilds", s.statistics.rebuilds),
                ]))
        }
    }
}
