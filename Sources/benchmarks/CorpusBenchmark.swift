import ArgumentParser
import Foundation
import MeasureCommands
import Typesetting

/// `benchmarks corpus --file FILE`: the text engine at scale over a corpus of real UI strings
/// (Benchmarks/corpus/ui-strings.tsv, `language<TAB>text` lines). One JSON line per measure,
/// medians over `--runs`:
/// - `firstMeasurement`: prepare + lay out every text at `--width` with an empty shaping cache;
/// - `relayout`: size the prepared texts again at `--new-width` (`measure(_:)`; also with
///   `layout(_:)`, which builds the lines), by wall time and by the thread's CPU time; then,
///   untimed, every size is checked against `layout(_:)` and, in the first run, against
///   preparing the text afresh and laying it out at `--new-width`;
/// - `harfBuzzOnly`: shape each text as one run with HarfBuzz alone, no cache (the reference);
/// - `cache`: the hit rate of the first measurement;
/// - `threads`: texts per second with 1 and 2 threads (each with an empty cache);
/// - `memory`: the process's peak resident size (getrusage ru_maxrss).
struct CorpusBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "corpus",
        abstract: "Measure a corpus of UI strings: first measurement, re-layout, threads, memory.")

    @Option(help: "A TSV file of `language<TAB>text` lines (a header line is skipped).")
    var file: String

    @Option(help: "Runs; medians are reported.")
    var runs: Int = 5

    @Option(help: "Font size in points.")
    var size: Double = 17

    @Option(help: "The width of the first measurement, in points.")
    var width: Double = 343

    @Option(help: "The width of the re-layout, in points.")
    var newWidth: Double = 300

    @Option(name: .customLong("cache-mib"), help: "The shaping cache's size in MiB.")
    var cacheMiB: Int = 64

    @Flag(help: "Only prepare and lay out every text once, with no output (for profilers such as callgrind).")
    var profile = false

    @Option(help: "Only run the thread measure with this many threads, three times (for profilers such as perf).")
    var profileThreads: Int?

    func validate() throws {
        guard runs > 0, size > 0, width > 0, newWidth > 0, cacheMiB >= 0 else {
            throw ValidationError("--runs, --size, --width and --new-width must be positive, --cache-mib ≥ 0")
        }
    }

    func run() throws {
        let texts = try CorpusBenchmark.load(file)
        guard !texts.isEmpty else { throw ValidationError("\(file) holds no texts") }
        let languages = Set(texts.map(\.language)).count
        let strings = texts.map(\.text)
        // Inter itself, as `scripts/bench-corpus` asks Pango for: the system font is Inter with
        // SF Pro's tracking (docs/system-font.md), which Pango would not apply, so the line
        // counts of the two would not compare.
        let font = try FontRegistry.shared.font("Inter", size: size)
        let n = Double(strings.count)
        // Open every fallback face once, as a running app would have; the shaping cache is new per run.
        for text in strings { _ = try PreparedText(text, font: font, shapingCache: nil) }
        if let threads = profileThreads {
            for _ in 0..<3 {
                let result = try CorpusBenchmark.throughput(
                    strings, font: font, threads: threads, width: width, cacheMiB)
                print(
                    json([
                        ("threads", threads), ("textsPerSecond", result.textsPerSecond),
                        ("cpuSeconds", result.cpuSeconds),
                    ]))
            }
            return
        }
        if profile {
            let cache = ShapingCache(maximumBytes: cacheMiB << 20)
            let prepared = try CorpusBenchmark.profiledPass(strings, font: font, width: width, cache: cache)
            _ = try CorpusBenchmark.profiledRelayout(prepared, width: newWidth)
            return
        }

        var first: [Double] = []
        var firstCPU: [Double] = []
        var relayout: [Double] = []
        var relayoutCPU: [Double] = []
        var relayoutLines: [Double] = []
        var harfBuzz: [Double] = []
        var hitRates: [Double] = []
        var oneThread: [Double] = []
        var cpuOne: [Double] = []
        var cpuTwo: [Double] = []
        var twoThreads: [Double] = []
        var lines = 0
        var corpusPeakMB = 0.0
        var cacheEntries = 0
        var cacheBytes = 0
        /// The first measurement and the re-layout; the prepared corpus and its cache are
        /// released on return, before the next measures.
        func measureFirstAndRelayout() throws {
            let cache = ShapingCache(maximumBytes: cacheMiB << 20)
            var prepared: [PreparedText] = []
            prepared.reserveCapacity(strings.count)
            var start = ContinuousClock.now
            let cpuStart = CorpusBenchmark.threadCPUSeconds()
            var count = 0
            for text in strings {
                let p = try PreparedText(text, font: font, shapingCache: cache)
                count += try p.layout(LayoutOptions(width: width)).lineCount
                prepared.append(p)
            }
            first.append(milliseconds(since: start) * 1000 / n)
            firstCPU.append((CorpusBenchmark.threadCPUSeconds() - cpuStart) * 1e6 / n)
            lines = count
            let statistics = cache.statistics
            hitRates.append(statistics.hitRate)
            cacheEntries = statistics.entries
            cacheBytes = statistics.bytes

            let options = LayoutOptions(width: newWidth)
            start = ContinuousClock.now
            let relayoutCPUStart = CorpusBenchmark.threadCPUSeconds()
            var relaid = 0
            for text in prepared { relaid += try text.measure(options).lineCount }
            relayout.append(milliseconds(since: start) * 1000 / n)
            relayoutCPU.append((CorpusBenchmark.threadCPUSeconds() - relayoutCPUStart) * 1e6 / n)
            start = ContinuousClock.now
            var withLines = 0
            for text in prepared { withLines += try text.layout(options).lineCount }
            relayoutLines.append(milliseconds(since: start) * 1000 / n)
            precondition(relaid == withLines && relaid >= strings.count)
            corpusPeakMB = max(corpusPeakMB, CorpusBenchmark.peakMB())
            // Untimed: every re-layout is layout(_:)'s size, and, once, a fresh prepare's at the new width.
            for (index, text) in prepared.enumerated() {
                let measured = try text.measure(options)
                let laidOut = try text.layout(options).measurement
                precondition(measured == laidOut, "re-layout of text \(index)")
                if first.count == 1 {
                    let fresh = try PreparedText(strings[index], font: font, shapingCache: cache).layout(options)
                    precondition(measured == fresh.measurement, "re-layout vs fresh prepare of text \(index)")
                }
            }
        }

        // Every first measurement before any thread runs, so their peak is the corpus's alone.
        for _ in 0..<runs { try measureFirstAndRelayout() }
        // One untimed pass on each thread count first: the second thread's malloc arena and
        // the pages it maps belong to start-up, not to the steady state measured.
        _ = try CorpusBenchmark.throughput(strings, font: font, threads: 1, width: width, cacheMiB)
        _ = try CorpusBenchmark.throughput(strings, font: font, threads: 2, width: width, cacheMiB)
        for _ in 0..<runs {
            let start = ContinuousClock.now
            var glyphs = 0
            for text in strings { glyphs += try ShapedRun.shapingWithHarfBuzzOnly(text, font: font).glyphs.count }
            harfBuzz.append(milliseconds(since: start) * 1000 / n)
            precondition(glyphs > 0)

            let one = try CorpusBenchmark.throughput(strings, font: font, threads: 1, width: width, cacheMiB)
            let two = try CorpusBenchmark.throughput(strings, font: font, threads: 2, width: width, cacheMiB)
            oneThread.append(one.textsPerSecond)
            twoThreads.append(two.textsPerSecond)
            cpuOne.append(one.cpuSeconds)
            cpuTwo.append(two.cpuSeconds)
        }
        let processPeakMB = CorpusBenchmark.peakMB()

        let common: [(String, Any)] = [("benchmark", "corpus"), ("texts", strings.count), ("runs", runs)]
        print(
            json(
                common + [
                    ("measure", "firstMeasurement"), ("usPerText", median(first)), ("targetUs", 25.0),
                    // The CPU time of the measuring thread: what holds when the machine is shared.
                    ("cpuUsPerText", median(firstCPU)),
                    ("width", width), ("languages", languages), ("lines", lines),
                ]))
        print(
            json(
                common + [
                    // The target is pretext's published re-layout figure (0.19 µs per text).
                    ("measure", "relayout"), ("usPerText", median(relayout)), ("targetUs", 0.19), ("width", newWidth),
                    ("cpuUsPerText", median(relayoutCPU)),
                    // measure(_:) gives the size; layout(_:) also builds every line.
                    ("usPerTextWithLines", median(relayoutLines)),
                ]))
        print(json(common + [("measure", "harfBuzzOnly"), ("usPerText", median(harfBuzz))]))
        print(
            json(
                common + [
                    ("measure", "cache"), ("hitRate", median(hitRates)), ("entries", cacheEntries),
                    ("bytes", cacheBytes),
                ]))
        let single = median(oneThread)
        let double = median(twoThreads)
        print(
            json(
                common + [
                    ("measure", "threads"), ("textsPerSecond1", single), ("textsPerSecond2", double),
                    ("speedup", double / single), ("targetSpeedup", 1.8),
                    // CPU seconds (all threads) for the whole corpus: equal when threads do not
                    // get in each other's way, whatever else runs on the machine.
                    ("cpuSeconds1", median(cpuOne)), ("cpuSeconds2", median(cpuTwo)),
                    ("cores", ProcessInfo.processInfo.activeProcessorCount),
                ]))
        // peakMB: the process's peak while the whole corpus is prepared and held with its cache
        // (before the thread runs, whose second thread gets malloc arenas of its own).
        print(
            json(
                common + [
                    ("measure", "memory"), ("peakMB", corpusPeakMB), ("targetMB", 150.0),
                    ("processPeakMB", processPeakMB),
                ]))
    }

    /// One first measurement of every text, alone in a function so that a profiler can count
    /// just it: `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*profiledPass*'`.
    /// `profiledRelayout` likewise lays the prepared texts out again.
    @inline(never)
    static func profiledPass(_ strings: [String], font: Font, width: Double, cache: ShapingCache) throws
        -> [PreparedText]
    {
        try strings.map { text in
            let prepared = try PreparedText(text, font: font, shapingCache: cache)
            _ = try prepared.layout(LayoutOptions(width: width))
            return prepared
        }
    }

    @inline(never)
    static func profiledRelayout(_ prepared: [PreparedText], width: Double) throws -> Int {
        let options = LayoutOptions(width: width)
        var lines = 0
        for text in prepared { lines += try text.measure(options).lineCount }
        return lines
    }

    /// Texts per second preparing and laying out every text on `threads` threads, each taking
    /// the next text from a shared counter, with one new cache shared by them; and the CPU
    /// time the process spent meanwhile.
    static func throughput(_ strings: [String], font: Font, threads: Int, width: Double, _ cacheMiB: Int) throws
        -> (textsPerSecond: Double, cpuSeconds: Double)
    {
        let cpuStart = cpuSeconds()
        let cache = ShapingCache(maximumBytes: cacheMiB << 20)
        let next = Counter()
        let failure = FailureBox()
        let start = ContinuousClock.now
        // Workers take texts in chunks, so that handing out work is not itself a line both
        // cores write for every text.
        let chunk = 16
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            work: while true {
                let first = next.increment() * chunk
                if first >= strings.count { break }
                for index in first..<min(first + chunk, strings.count) {
                    do {
                        _ = try PreparedText(strings[index], font: font, shapingCache: cache).layout(
                            LayoutOptions(width: width))
                    } catch {
                        failure.record(error)
                        break work
                    }
                }
            }
        }
        if let error = failure.error { throw error }
        return (Double(strings.count) / (milliseconds(since: start) / 1000), cpuSeconds() - cpuStart)
    }

    /// The peak resident size of the process so far, in MiB (getrusage ru_maxrss).
    static func peakMB() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
    }

    /// The CPU seconds of the calling thread so far (CLOCK_THREAD_CPUTIME_ID).
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// User and system CPU seconds of the process so far (all threads).
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// Reads `language<TAB>text` lines, skipping a `language<TAB>text` header and undoing the
    /// `\n`, `\t`, `\r` and `\\` escapes (`CheckWorkload.unescape`, the corpus's one unescaping).
    static func load(_ path: String) throws -> [(language: String, text: String)] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("cannot read the corpus file '\(path)'")
        }
        guard let content = String(data: data, encoding: .utf8) else {
            throw ValidationError("the corpus file '\(path)' is not UTF-8")
        }
        var result: [(String, String)] = []
        for (number, line) in content.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            guard let tab = line.firstIndex(of: "\t") else {
                throw ValidationError("\(path):\(number + 1): expected 'language<TAB>text'")
            }
            let language = String(line[..<tab])
            if number == 0 && language == "language" { continue }
            result.append((language, CheckWorkload.unescape(line[line.index(after: tab)...])))
        }
        return result
    }
}

/// A shared index for worker threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value - 1
    }
}

/// The first error a worker thread met.
private final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var error: Error?
    func record(_ error: Error) {
        lock.lock()
        defer { lock.unlock() }
        if self.error == nil { self.error = error }
    }
}
