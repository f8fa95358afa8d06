import ArgumentParser
import AutoLayout
import Foundation
import Typesetting

/// `benchmarks layout`: a feed screen built with AutoLayout — a vertical stack of cells, each
/// an avatar beside a title and a wrapping body — laid out on an iPhone, then again after
/// one body text changes (the incremental case) and after a rotation-sized width change.
/// Medians over `--runs`. Then screens of text (`--screens`, by number of views), laid out
/// once and again at each of the 12 Dynamic Type categories in turn (incrementally, on the
/// same window).
struct LayoutBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout", abstract: "Lay out a feed of cells with AutoLayout; medians over runs.")

    @Option(help: "Cells in the feed (repeat the option for several sizes).")
    var cells: [Int] = [10, 100]

    @Option(help: "Views on a screen of text (repeat the option for several screens).")
    var screens: [Int] = [50, 200, 1000]

    @Option(help: "Runs; the medians are reported.")
    var runs: Int = 7

    func validate() throws {
        guard runs > 0, !cells.isEmpty, cells.allSatisfy({ $0 > 0 && $0 <= 100_000 }) else {
            throw ValidationError("--runs must be positive and --cells within 1...100000")
        }
        guard screens.allSatisfy({ $0 >= 4 && $0 <= 100_000 }) else {
            throw ValidationError("--screens must be within 4...100000 views")
        }
    }

    func run() throws {
        for count in cells {
            var first: [Double] = []
            var edit: [Double] = []
            var resize: [Double] = []
            var height: CGFloat = 0
            for _ in 0..<runs {
                let (window, stack, bodies) = LayoutBenchmark.feed(cells: count)
                var start = ContinuousClock.now
                window.layoutIfNeeded()
                first.append(milliseconds(since: start))
                bodies[count / 2].text = "Edited: " + (bodies[count / 2].text ?? "")
                start = ContinuousClock.now
                window.layoutIfNeeded()
                edit.append(milliseconds(since: start))
                window.frame = CGRect(x: 0, y: 0, width: 600, height: 852)
                start = ContinuousClock.now
                window.layoutIfNeeded()
                resize.append(milliseconds(since: start))
                height = stack.frame.height
            }
            print(
                json([
                    ("cells", count), ("firstLayoutMs", median(first)), ("editRelayoutMs", median(edit)),
                    ("resizeRelayoutMs", median(resize)), ("stackHeight", Double(height)),
                ]))
        }
        for views in screens { try screen(views: views) }
    }

    /// Lays out a screen of about `views` views, then changes the Dynamic Type category through
    /// all 12 (extra small to AX5), laying out again after each change. Prints the first layout,
    /// the median re-layout per category and their sum, and the sum of the stack's heights over
    /// the categories (a checksum of the results).
    func screen(views: Int) throws {
        var first: [Double] = []
        var perCategory: [Double] = []
        var sweep: [Double] = []
        var heights = 0.0
        var count = 0
        for _ in 0..<runs {
            let (window, stack, total) = LayoutBenchmark.textScreen(views: views)
            count = total
            var start = ContinuousClock.now
            window.layoutIfNeeded()
            first.append(milliseconds(since: start))
            var times: [Double] = []
            heights = 0
            for category in ContentSizeCategory.allCases {
                window.traitOverrides = UITraitOverrides(preferredContentSizeCategory: category)
                start = ContinuousClock.now
                window.layoutIfNeeded()
                times.append(milliseconds(since: start))
                heights += Double(stack.frame.height)
            }
            perCategory.append(median(times))
            sweep.append(times.reduce(0, +))
        }
        print(
            json([
                ("benchmark", "layout-screen"), ("views", count), ("firstLayoutMs", median(first)),
                ("categories", ContentSizeCategory.allCases.count),
                ("dynamicTypeRelayoutMs", median(perCategory)), ("dynamicTypeSweepMs", median(sweep)),
                ("heightChecksum", heights), ("runs", runs),
            ]))
    }

    /// An iPhone 15 window with a vertical stack pinned to its safe area's top and its margins.
    static func stackInWindow(spacing: CGFloat) -> (UIWindow, UIStackView) {
        let window = UIWindow(device: .iPhone15)
        window.logsLayoutDiagnostics = false
        let stack = UIStackView()
        stack.axis = .vertical
        stack.spacing = spacing
        stack.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: window.safeAreaLayoutGuide.topAnchor),
            stack.leadingAnchor.constraint(equalTo: window.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: window.layoutMarginsGuide.trailingAnchor),
        ])
        return (window, stack)
    }

    /// A settings-like screen: a vertical stack of rows, each a title (headline) above a
    /// wrapping detail (body), every label following Dynamic Type. About `views` views (3 per
    /// row plus the outer stack); returns the exact count.
    static func textScreen(views: Int) -> (UIWindow, UIStackView, Int) {
        let (window, stack) = stackInWindow(spacing: 8)
        let words = ["Wi-Fi", "Bluetooth", "cellular", "battery", "privacy", "notifications", "sounds", "focus"]
        let rows = max(1, (views - 1) / 3)
        for index in 0..<rows {
            let title = UILabel(text: "\(words[index % words.count]) \(index)")
            title.font = .preferredFont(forTextStyle: .headline)
            title.adjustsFontForContentSizeCategory = true
            let detail = UILabel(
                text: (0..<(4 + index % 11)).map { words[($0 * 5 + index) % words.count] }.joined(separator: " "))
            detail.font = .preferredFont(forTextStyle: .body)
            detail.adjustsFontForContentSizeCategory = true
            detail.numberOfLines = 0
            let row = UIStackView(arrangedSubviews: [title, detail])
            row.axis = .vertical
            row.spacing = 2
            stack.addArrangedSubview(row)
        }
        return (window, stack, 1 + 3 * rows)
    }

    static func feed(cells: Int) -> (UIWindow, UIStackView, [UILabel]) {
        let (window, stack) = stackInWindow(spacing: 12)
        let words = ["layout", "constraint", "label", "measure", "screen", "wraps", "text", "stack", "cell", "row"]
        var bodies: [UILabel] = []
        for index in 0..<cells {
            let avatar = UIImageView(image: UIImage(size: CGSize(width: 40, height: 40)))
            let title = UILabel(text: "Cell \(index)")
            title.font = .systemFont(ofSize: 17, weight: .semibold)
            let body = UILabel(
                text: (0..<(8 + index % 17)).map { words[($0 * 7 + index) % words.count] }.joined(separator: " "))
            body.numberOfLines = 0
            body.font = .systemFont(ofSize: 15)
            bodies.append(body)
            let texts = UIStackView(arrangedSubviews: [title, body])
            texts.axis = .vertical
            texts.spacing = 4
            let row = UIStackView(arrangedSubviews: [avatar, texts])
            row.alignment = .top
            row.spacing = 12
            avatar.setContentHuggingPriority(.defaultHigh, for: .horizontal)
            stack.addArrangedSubview(row)
        }
        return (window, stack, bodies)
    }
}
