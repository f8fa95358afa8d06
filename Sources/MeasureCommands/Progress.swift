import Foundation

/// A progress bar for `measure --batch` and `measure check` on stderr: shown only when stderr is a terminal and
/// the run is long (it has taken more than half a second), redrawn at most ten times a second,
/// and erased at the end. With the input's size known (a file), it shows the share done and
/// the time left; otherwise the lines done and the rate.
///
///     measure: [██████████░░░░░░░░░░░░░░░░░░░░]  34%  13,056 lines  8,412 lines/s  ETA 0:03
final class ProgressBar {
    private var totalBytes: Int?
    private let unit: String
    private var done = 0
    private let start = ContinuousClock.now
    private var lastDraw: ContinuousClock.Instant?
    private var drawn = false

    /// A bar when stderr is a terminal, else nil. `totalBytes` is the input's size when known.
    init?(totalBytes: Int?, unit: String = "lines") {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        self.totalBytes = totalBytes.flatMap { $0 > 0 ? $0 : nil }
        self.unit = unit
    }

    /// For counted work (`measure check`): the total number of steps, then one `advance()` each.
    func start(total: Int) { totalBytes = total > 0 ? total : nil }

    /// One step of counted work done.
    func advance() {
        done += 1
        update(lines: done, bytes: done)
    }

    /// Records that `lines` input lines (`bytes` bytes) are done; redraws when due.
    func update(lines: Int, bytes: Int) {
        let now = ContinuousClock.now
        let elapsed = seconds(now - start)
        guard elapsed >= 0.5 else { return }
        if let lastDraw, seconds(now - lastDraw) < 0.1 { return }
        lastDraw = now
        drawn = true
        write(
            "\r\u{1B}[K"
                + ProgressBar.line(lines: lines, bytes: bytes, totalBytes: totalBytes, elapsed: elapsed, unit: unit))
    }

    /// Erases the bar.
    func finish() {
        if drawn { write("\r\u{1B}[K") }
    }

    /// The bar's text: share and ETA when the total is known, then lines and rate.
    static func line(lines: Int, bytes: Int, totalBytes: Int?, elapsed: Double, unit: String = "lines") -> String {
        let rate = elapsed > 0 ? Double(lines) / elapsed : 0
        var parts: [String] = []
        if let totalBytes {
            let fraction = min(1, Double(bytes) / Double(totalBytes))
            let width = 30
            let filled = Int((fraction * Double(width)).rounded(.down))
            parts.append(
                "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "]")
            parts.append(String(format: "%d%%", Int((fraction * 100).rounded(.down))))
            parts.append("\(grouped(lines)) \(unit)")
            parts.append("\(grouped(Int(rate))) \(unit)/s")
            let remaining = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0
            parts.append("ETA " + clock(remaining))
        } else {
            parts.append("\(grouped(lines)) \(unit)")
            parts.append("\(grouped(Int(rate))) \(unit)/s")
            parts.append(clock(elapsed))
        }
        return "measure: " + parts.joined(separator: "  ")
    }

    /// 12,345
    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (index, digit) in digits.reversed().enumerated() {
            if index > 0 && index % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return String(out.reversed())
    }

    /// m:ss, or h:mm:ss from an hour on.
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        let (hours, minutes, rest) = (total / 3600, (total / 60) % 60, total % 60)
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
