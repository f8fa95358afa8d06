import ArgumentParser
import AutoLayout
import Controls
import Foundation
import Typesetting

/// `benchmarks soak`: a long run for leak checkers and cache bounds. Measures `--measurements`
/// texts (mixed scripts, five families and a font loaded by path, many distinct texts so
/// caches keep evicting), then lays out `--layouts` feed screens. Prints the caches' sizes
/// every `--every` steps and fails if one outgrows its bound or the registry keeps growing.
/// `scripts/leaks` runs it under valgrind.
struct SoakBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak", abstract: "Many measurements and layouts; cache sizes and memory along the way.")

    @Option(help: "Texts to measure.")
    var measurements: Int = 10_000

    @Option(help: "Feed screens (10 cells each) to lay out.")
    var layouts: Int = 1_000

    @Option(help: "Report every this many steps.")
    var every: Int = 1_000

    func validate() throws {
        guard measurements >= 0, layouts >= 0, every > 0 else {
            throw ValidationError("--measurements and --layouts must be ≥ 0, --every > 0")
        }
    }

    func run() throws {
        let registry = FontRegistry.shared
        // A small cache of its own, so that eviction runs all the time.
        let small = ShapingCache(maximumBytes: 256 << 10)
        let corpus = TextBenchmark.corpus(count: 200)
        var families = ["Inter", "DejaVu Sans", "Noto Sans Arabic", "Droid Sans Fallback", "NanumGothic"]
        if let directory = FontRegistry.bundledFontsDirectory {
            families.append(directory + "/DejaVu/DejaVuSans.ttf")
        }
        let facesAtStart = registry.faces.count + 1
        var violations: [String] = []
        func report(_ phase: String, _ done: Int) {
            let shared = ShapingCache.shared.statistics
            let mine = small.statistics
            let faces = registry.faces.count
            if shared.bytes > ShapingCache.shared.maximumBytes { violations.append("shared cache \(shared.bytes) B") }
            if mine.bytes > small.maximumBytes { violations.append("small cache \(mine.bytes) B") }
            if faces > facesAtStart { violations.append("registry grew to \(faces) faces") }
            print(
                json([
                    ("benchmark", "soak"), ("phase", phase), ("done", done),
                    ("sharedCacheBytes", shared.bytes), ("sharedCacheMax", ShapingCache.shared.maximumBytes),
                    ("sharedCacheEntries", shared.entries), ("smallCacheBytes", mine.bytes),
                    ("smallCacheMax", small.maximumBytes), ("smallCacheEvictions", mine.evictions),
                    ("registryFaces", faces), ("residentMB", SoakBenchmark.residentMegabytes()),
                ]))
        }
        for step in 0..<measurements {
            let family = families[step % families.count]
            let font = try registry.font(family, size: Double(12 + step % 9))
            // Distinct texts: a corpus entry with the step number, so caches see new words.
            let text = "\(corpus[step % corpus.count]) #\(step)"
            let cache = step % 2 == 0 ? ShapingCache.shared : small
            let prepared = try PreparedText(text, font: font, shapingCache: cache)
            _ = try prepared.layout(LayoutOptions(width: Double(100 + step % 250), numberOfLines: step % 4))
            var label = Label(text: text, font: font)
            label.numberOfLines = 0
            label.preferredMaxLayoutWidth = 343
            _ = try label.intrinsicContentSize(scale: 3, prepared: prepared)
            if (step + 1) % every == 0 { report("measure", step + 1) }
        }
        for step in 0..<layouts {
            let (window, _, bodies) = LayoutBenchmark.feed(cells: 10)
            window.layoutIfNeeded()
            bodies[step % 10].text = "Edited \(step)"
            window.layoutIfNeeded()
            if (step + 1) % max(1, every / 10) == 0 { report("layout", step + 1) }
        }
        if !violations.isEmpty {
            throw ValidationError("bounds exceeded: " + violations.joined(separator: "; "))
        }
    }

    /// The process's resident set, from /proc (0 where there is none).
    static func residentMegabytes() -> Double {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return (pages * 4096 / 1_048_576 * 10).rounded() / 10
    }
}
