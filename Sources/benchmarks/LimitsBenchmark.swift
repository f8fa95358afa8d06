import ArgumentParser
import AutoLayout
import ConstraintSolver
import Foundation
import Typesetting

/// `benchmarks limits`: hostile sizes, to show time grows linearly and nothing overflows the
/// stack: texts of 1–10 MB (as paragraphs, and as one paragraph without a break), a chain of
/// nested views 10,000 deep, and 100,000 constraints (in the solver alone and as views), and
/// the solver's hard case, a chain of inequalities whose every weak wish is broken.
/// One JSON line per measurement, with time per unit so linearity reads off directly.
struct LimitsBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "limits", abstract: "Huge texts, deep view trees and many constraints; time per unit.")

    @Option(help: "Text sizes in MB (UTF-8); repeat for several.")
    var textMB: [Double] = [1, 2, 5, 10]

    @Option(help: "Depths of nested views; repeat for several.")
    var depth: [Int] = [1000, 2500, 5000, 10_000]

    @Option(help: "Constraint counts; repeat for several.")
    var constraints: [Int] = [10_000, 25_000, 50_000, 100_000]

    @Option(help: "Constraint counts of the weak-wish chain (the solver's hard case); repeat for several.")
    var weakChain: [Int] = [1000, 2000, 4000]

    @Option(help: "Runs; the medians are reported.")
    var runs: Int = 3

    func validate() throws {
        guard runs > 0, textMB.allSatisfy({ $0 > 0 && $0 <= 100 }), depth.allSatisfy({ $0 > 0 }),
            constraints.allSatisfy({ $0 >= 4 })
        else { throw ValidationError("--runs, --text-mb (≤ 100), --depth and --constraints (≥ 4) must be positive") }
    }

    func run() throws {
        let font = try FontRegistry.shared.font(size: 17)
        let corpus = TextBenchmark.corpus(count: 200)
        for shape in ["paragraphs", "oneParagraph"] {
            for mb in textMB {
                let text = LimitsBenchmark.text(
                    bytes: Int(mb * 1_000_000), corpus: corpus, breaks: shape == "paragraphs")
                var prepare: [Double] = []
                var layout: [Double] = []
                var lines = 0
                for _ in 0..<runs {
                    ShapingCache.shared.removeAll()
                    var start = ContinuousClock.now
                    let prepared = try PreparedText(text, font: font)
                    prepare.append(milliseconds(since: start))
                    start = ContinuousClock.now
                    lines = try prepared.measure(LayoutOptions(width: 343)).lineCount
                    layout.append(milliseconds(since: start))
                }
                let total = median(prepare) + median(layout)
                print(
                    json([
                        ("benchmark", "limits.text"), ("shape", shape), ("mb", mb), ("utf8", text.utf8.count),
                        ("prepareMs", median(prepare)), ("measureMs", median(layout)), ("lines", lines),
                        ("msPerMB", total / mb),
                    ]))
            }
        }
        for count in depth {
            var times: [Double] = []
            var innermost = 0.0
            for _ in 0..<runs {
                // On a thread with GCD's 512 KiB stack: built, laid out and freed there.
                let (elapsed, width) = LimitsBenchmark.onSmallStack {
                    let (root, leaf) = LimitsBenchmark.nested(depth: count)
                    let start = ContinuousClock.now
                    root.layoutIfNeeded()
                    return (milliseconds(since: start), Double(leaf.frame.width))
                }
                times.append(elapsed)
                innermost = width
            }
            print(
                json([
                    ("benchmark", "limits.nestedViews"), ("depth", count), ("layoutMs", median(times)),
                    ("usPerView", median(times) * 1000 / Double(count)), ("leafWidth", innermost),
                ]))
        }
        for count in constraints {
            var solverTimes: [Double] = []
            var viewTimes: [Double] = []
            for _ in 0..<runs {
                var start = ContinuousClock.now
                var solver = Solver()
                // Like views in a row: each position 8 past the previous one, each width at
                // least 10 with a weak wish for 20 (four constraints per item).
                var previous = Variable("x0")
                try solver.add(Constraint(previous.expression, .equal))
                var last = previous
                for i in 1..<max(2, count / 4) {
                    let x = Variable("x\(i)")
                    let w = Variable("w\(i)")
                    try solver.add(Constraint(x - previous - 8, .equal))
                    try solver.add(Constraint(w - 10, .greaterThanOrEqual))
                    try solver.add(Constraint(w - 20, .equal, priority: .defaultLow))
                    try solver.add(Constraint(w - 1000, .lessThanOrEqual))
                    previous = x
                    last = x
                }
                _ = solver.values(of: [last])
                solverTimes.append(milliseconds(since: start))
                let (root, _) = LimitsBenchmark.row(constraints: count)
                start = ContinuousClock.now
                root.layoutIfNeeded()
                viewTimes.append(milliseconds(since: start))
            }
            print(
                json([
                    ("benchmark", "limits.constraints"), ("constraints", count), ("solverMs", median(solverTimes)),
                    ("solverUsPerConstraint", median(solverTimes) * 1000 / Double(count)),
                    ("viewsLayoutMs", median(viewTimes)),
                    ("viewsUsPerConstraint", median(viewTimes) * 1000 / Double(count)),
                ]))
        }
        for count in weakChain {
            // The hard case: a chain of inequalities, each variable wishing weakly to be 0, so
            // every wish is broken and every addition re-optimises along the chain.
            let start = ContinuousClock.now
            var solver = Solver()
            let variables = (0...count / 2).map { Variable("x\($0)") }
            try solver.add(Constraint(variables[0].expression, .equal))
            for i in 1..<variables.count {
                try solver.add(Constraint(variables[i] - variables[i - 1] - 8, .greaterThanOrEqual))
                try solver.add(Constraint(variables[i].expression, .equal, priority: .defaultLow))
            }
            _ = solver.values(of: [variables[variables.count - 1]])
            let elapsed = milliseconds(since: start)
            print(
                json([
                    ("benchmark", "limits.weakChain"), ("constraints", count), ("solverMs", elapsed),
                    ("solverUsPerConstraint", elapsed * 1000 / Double(count)),
                ]))
        }
    }

    /// Runs `body` on a new thread with a 512 KiB stack (as GCD's worker threads have) and
    /// returns its result.
    static func onSmallStack(_ body: @escaping @Sendable () -> (Double, Double)) -> (Double, Double) {
        let result = Locked<(Double, Double)>((0, 0))
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        thread.stackSize = 512 << 10
        thread.start()
        done.wait()
        return result.withLock { $0 }
    }

    /// About `bytes` of UTF-8 from the corpus, joined by newlines or by spaces only.
    static func text(bytes: Int, corpus: [String], breaks: Bool) -> String {
        var text = ""
        text.reserveCapacity(bytes + 1024)
        var index = 0
        while text.utf8.count < bytes {
            text += corpus[index % corpus.count]
            text += breaks ? "\n" : " "
            index += 1
        }
        return text
    }

    /// A root with `depth` views nested inside each other, each pinned 0.01 pt inside its parent.
    static func nested(depth: Int) -> (UIView, UIView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        root.logsLayoutDiagnostics = false
        var parent = root
        for _ in 0..<depth {
            let child = UIView()
            child.translatesAutoresizingMaskIntoConstraints = false
            parent.addSubview(child)
            NSLayoutConstraint.activate([
                child.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 0.01),
                child.trailingAnchor.constraint(equalTo: parent.trailingAnchor, constant: -0.01),
                child.topAnchor.constraint(equalTo: parent.topAnchor, constant: 0.01),
                child.bottomAnchor.constraint(equalTo: parent.bottomAnchor, constant: -0.01),
            ])
            parent = child
        }
        return (root, parent)
    }

    /// A root with sibling views in a row, four constraints each, `constraints` in all.
    static func row(constraints: Int) -> (UIView, UIView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        root.logsLayoutDiagnostics = false
        var previous: UIView? = nil
        var last = root
        for _ in 0..<constraints / 4 {
            let view = UIView()
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
            NSLayoutConstraint.activate([
                view.leadingAnchor.constraint(equalTo: previous?.trailingAnchor ?? root.leadingAnchor, constant: 1),
                view.widthAnchor.constraint(equalToConstant: 10),
                view.topAnchor.constraint(equalTo: root.topAnchor),
                view.heightAnchor.constraint(equalToConstant: 10),
            ])
            previous = view
            last = view
        }
        return (root, last)
    }
}
