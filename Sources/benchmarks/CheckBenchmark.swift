import ArgumentParser
import Foundation
import MeasureCommands

/// `benchmarks check`: `measure check CATALOG --spec SPEC` over a generated String Catalog of
/// 2,000 keys × 10 languages, each checked at 3 content size categories against width rules
/// (`CheckWorkload`: texts from the corpus of real UI strings). It drives the command's own
/// code path (`CatalogCheckRun`: spec, catalog reading, fit check). One JSON line: checks per
/// second over the whole run (median of `--runs`, after one run that loads the fonts), and the
/// findings, which must not change while the check gets faster. The check runs on one thread
/// (`measure check` has no `--jobs`).
struct CheckBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "measure check over a generated catalog: 2,000 keys × 10 languages × 3 categories.")

    @Option(help: "The corpus of UI strings the catalog's texts come from.")
    var corpus = "Benchmarks/corpus/ui-strings.tsv"

    @Option(help: "Keys in the catalog.")
    var keys = 2000

    @Option(help: "Languages (1 to 10): en, de, es, fr, pl, ru, el, he, ja, ko in that order.")
    var languages = 10

    @Option(help: "Runs; the median is reported.")
    var runs = 3

    @Option(help: "Write the catalog and the spec into this folder (kept) instead of a temporary one.")
    var out: String?

    func validate() throws {
        guard runs > 0, keys > 0, (1...CheckWorkload.allLanguages.count).contains(languages) else {
            throw ValidationError("--runs and --keys must be positive, --languages within 1...10")
        }
    }

    func run() throws {
        let workload = CheckWorkload(keys: keys, languages: languages)
        let folder =
            out
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("benchmarks-check-\(getpid())").path
        defer { if out == nil { try? FileManager.default.removeItem(atPath: folder) } }
        let paths = try workload.write(from: try CheckWorkload.texts(corpus: corpus), to: folder)
        let check = CatalogCheckRun(catalogs: [paths.catalog], spec: paths.spec)
        // The first run opens every font face, as `measure check` does once per process.
        let firstStart = ContinuousClock.now
        var summary = try check.run()
        let firstMs = milliseconds(since: firstStart)
        var times: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            let result = try check.run()
            times.append(milliseconds(since: start))
            guard result == summary else {
                throw ValidationError("the findings changed between runs: \(summary) then \(result)")
            }
            summary = result
        }
        let medianMs = median(times)
        print(
            json([
                ("benchmark", "check"), ("keys", summary.keys), ("languages", summary.languages),
                ("categories", CheckWorkload.categories.count), ("checks", summary.checks), ("threads", 1),
                ("firstMs", firstMs), ("medianMs", medianMs),
                ("checksPerSecond", medianMs > 0 ? Double(summary.checks) / (medianMs / 1000) : 0),
                ("findings", summary.findings), ("truncated", summary.truncated), ("overflow", summary.overflow),
                ("runs", runs),
            ]))
    }
}
