import ArgumentParser
import AutoLayout
import Foundation

/// `benchmarks layout`: a feed screen built with AutoLayout — a vertical stack of cells, each
/// an avatar beside a title and a wrapping body — laid out on an iPhone, then again after
/// one body text changes (the incremental case) and after a rotation-sized width change.
/// Medians over `--runs`.
struct LayoutBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout", abstract: "Lay out a feed of cells with AutoLayout; medians over runs.")

    @Option(help: "Cells in the feed (repeat the option for several sizes).")
    var cells: [Int] = [10, 100]

    @Option(help: "Runs; the medians are reported.")
    var runs: Int = 7

    func validate() throws {
        guard runs > 0, !cells.isEmpty, cells.allSatisfy({ $0 > 0 && $0 <= 100_000 }) else {
            throw ValidationError("--runs must be positive and --cells within 1...100000")
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
    }

    static func feed(cells: Int) -> (UIWindow, UIStackView, [UILabel]) {
        let window = UIWindow(device: .iPhone15)
        window.logsLayoutDiagnostics = false
        let stack = UIStackView()
        stack.axis = .vertical
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: window.safeAreaLayoutGuide.topAnchor),
            stack.leadingAnchor.constraint(equalTo: window.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: window.layoutMarginsGuide.trailingAnchor),
        ])
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
