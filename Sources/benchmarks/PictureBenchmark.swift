import ArgumentParser
import AutoLayout
import Foundation
import LayoutFiles
import Pictures

/// `benchmarks pictures`: the feed of `benchmarks layout` (five views per cell) laid out on an
/// iPhone 15, then drawn: the scene made from the views, written as SVG, and rasterized and
/// encoded as PNG at @3x. Medians over `--runs`.
struct PictureBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pictures", abstract: "Draw a laid-out feed as SVG and PNG; medians over runs.")

    @Option(help: "Cells in the feed, five views each (repeat the option for several sizes).")
    var cells: [Int] = [20, 200]

    @Option(help: "Runs; the medians are reported.")
    var runs: Int = 5

    @Option(help: "A directory to write the pictures to (feed-CELLS.svg and .png), to look at them.")
    var out: String?

    func validate() throws {
        guard runs > 0, !cells.isEmpty, cells.allSatisfy({ $0 > 0 && $0 <= 10_000 }) else {
            throw ValidationError("--runs must be positive and --cells within 1...10000")
        }
    }

    func run() throws {
        for count in cells {
            var scene: [Double] = []
            var svg: [Double] = []
            var png: [Double] = []
            var views = 0
            var svgBytes = 0
            var pngBytes = 0
            for _ in 0..<runs {
                let (window, _, _) = LayoutBenchmark.feed(cells: count)
                window.layoutIfNeeded()
                var start = ContinuousClock.now
                let picture = Picture(window: window)
                scene.append(milliseconds(since: start))
                start = ContinuousClock.now
                let svgText = picture.svg()
                svg.append(milliseconds(since: start))
                start = ContinuousClock.now
                let pngData = try picture.png()
                png.append(milliseconds(since: start))
                svgBytes = svgText.utf8.count
                pngBytes = pngData.count
                views = picture.boxes.count
                if let out {
                    try svgText.write(toFile: "\(out)/feed-\(count).svg", atomically: true, encoding: .utf8)
                    try Data(pngData).write(to: URL(fileURLWithPath: "\(out)/feed-\(count).png"))
                }
            }
            print(
                json([
                    ("cells", count), ("views", views), ("sceneMs", median(scene)), ("svgMs", median(svg)),
                    ("pngMs", median(png)), ("svgBytes", svgBytes), ("pngBytes", pngBytes),
                ]))
        }
    }
}
