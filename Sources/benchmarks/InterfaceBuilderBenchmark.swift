import ArgumentParser
import AutoLayout
import Foundation
import LayoutFiles
import MeasureCommands
import Typesetting

/// `benchmarks ib --corpus DIR`: every storyboard and XIB under DIR read, built and laid out
/// (views laid out per second), then the largest storyboard checked as `measure check` does
/// in 10 languages × 12 content size categories (pseudolanguages stand in where the file has
/// fewer translations). One JSON object per line; the check's times are medians over `--runs`.
struct InterfaceBuilderBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ib", abstract: "Lay out a corpus of IB files, then check its largest storyboard in 10 × 12.")

    @Option(help: "A folder of .storyboard and .xib files (searched recursively).")
    var corpus: String

    @Option(help: "Check this IB file instead of the corpus's largest storyboard.")
    var file: String?

    @Option(help: "Languages in the check (Base, translations found, then pseudolanguages).")
    var languages: Int = 10

    @Option(help: "Runs of the check; the median is reported.")
    var runs: Int = 3

    func validate() throws {
        guard runs > 0, (1...10).contains(languages) else {
            throw ValidationError("--runs must be positive and --languages within 1...10")
        }
    }

    func run() throws {
        guard let enumerator = FileManager.default.enumerator(atPath: corpus) else {
            throw ValidationError("cannot read the corpus folder \(corpus)")
        }
        var files: [(path: String, bytes: Int)] = []
        for case let relative as String in enumerator
        where relative.hasSuffix(".storyboard") || relative.hasSuffix(".xib") {
            let path = (corpus as NSString).appendingPathComponent(relative)
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            files.append((path, size))
        }
        files.sort { $0.path < $1.path }
        // Each file with its repository copy as the font folder, as scripts/ib-fidelity does.
        var (views, scenes, failed) = (0, 0, 0)
        let start = ContinuousClock.now
        for entry in files {
            do {
                let file = try InterfaceBuilderFile(contentsOf: entry.path)
                for scene in try file.makeScenes(InterfaceBuilderOptions(fontDirectories: [corpus])) {
                    let report = scene.layOut()
                    views += report.views.count
                    scenes += 1
                }
            } catch {
                failed += 1
            }
        }
        let seconds = milliseconds(since: start) / 1000
        print(
            json([
                ("files", files.count), ("failed", failed), ("scenes", scenes), ("views", views),
                ("seconds", seconds), ("viewsPerSecond", seconds > 0 ? Double(views) / seconds : 0),
            ]))
        guard
            let target = file
                ?? files.filter({ $0.path.hasSuffix(".storyboard") }).max(by: { $0.bytes < $1.bytes })?.path
        else { return }
        var times: [Double] = []
        var result: (checks: Int, findings: Int, languages: [String]) = (0, 0, [])
        for _ in 0..<runs {
            let begin = ContinuousClock.now
            result = try InterfaceBuilderCheckRun.run(
                path: target, languageCount: languages, categories: ContentSizeCategory.allCases,
                fontDirectories: [corpus])
            times.append(milliseconds(since: begin))
        }
        print(
            json([
                ("check", target), ("languages", result.languages.joined(separator: ",")),
                ("categories", ContentSizeCategory.allCases.count), ("checks", result.checks),
                ("findings", result.findings), ("medianMs", median(times)), ("maxMs", times.max() ?? 0),
            ]))
    }
}
