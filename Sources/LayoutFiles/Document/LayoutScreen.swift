import AutoLayout
import Foundation
import Typesetting

/// A layout file made real: a window holding a view controller's root view (named `view`),
/// the file's views and its active constraints. Lay it out with ``layOut()``.
public final class LayoutScreen {
    /// One view of the file.
    public struct View {
        /// Its name (given in the file, or made from its kind: `label1`).
        public let name: String
        /// Its kind as written: `label`, `button`, `stack`, ….
        public let kind: String
        /// The view.
        public let view: UIView
        /// Where the file describes it.
        public let position: SourcePosition
    }

    /// One constraint as the file writes it, with the `NSLayoutConstraint` made from it (named
    /// apart from the solver's `Constraint`).
    public struct FileConstraint {
        /// The active constraint.
        public let constraint: NSLayoutConstraint
        /// The text as written.
        public let text: String
        /// The parsed expression.
        public let expression: ConstraintExpression
        /// Where the file writes it.
        public let position: SourcePosition
    }

    /// The window (a device's screen or the file's explicit size).
    public let window: UIWindow
    /// The root view controller's view, named `view` in constraints.
    public let rootView: UIView
    /// The file's views in document order.
    public let views: [View]
    /// The file's constraints in document order.
    public let constraints: [FileConstraint]

    init(window: UIWindow, rootView: UIView, views: [View], constraints: [FileConstraint]) {
        self.window = window
        self.rootView = rootView
        self.views = views
        self.constraints = constraints
        window.logsLayoutDiagnostics = false
    }

    /// The view with a name, if the file has one.
    public func view(named name: String) -> UIView? { views.first { $0.name == name }?.view }

    /// Lays the window out and reports every view's frame and every problem found.
    public func layOut() -> LayoutReport {
        window.layoutIfNeeded()
        var problems = diagnosticProblems()
        var reports: [LayoutReport.ViewReport] = []
        var placements = Placements(window: window)
        for entry in views {
            let (report, viewProblems) = self.report(of: entry, placements: &placements)
            reports.append(report)
            problems += viewProblems
        }
        let rootReport = LayoutReport.ViewReport(
            name: "view", kind: "view", superview: nil, frame: rootView.frame, windowFrame: rootView.frame,
            intrinsicContentSize: rootView.intrinsicContentSize, isHidden: false, isTruncated: false,
            ambiguousAttributes: [], lineCount: nil, shownLines: nil, isOffscreen: false, hasNegativeSize: false,
            shownFontScale: 1)
        let traits = window.traitCollection
        return LayoutReport(
            screen: LayoutReport.ScreenReport(
                device: window.device?.name, orientation: window.orientation.rawValue,
                size: window.frame.size, scale: Double(traits.displayScale),
                safeAreaInsets: window.deviceSafeAreaInsets,
                contentSizeCategory: traits.preferredContentSizeCategory.rawValue,
                layoutDirection: traits.layoutDirection.rawValue),
            views: [rootReport] + reports, problems: problems)
    }

    /// Lays the window out and reports one view of the file (nil when it has none of that
    /// name) and the layout pass's own problems, without looking at the other views: what
    /// `measure check` needs each time it puts a text into a view.
    package func layOut(view name: String) -> (view: LayoutReport.ViewReport?, problems: [LayoutReport.Problem]) {
        window.layoutIfNeeded()
        let problems = diagnosticProblems()
        guard let entry = views.first(where: { $0.name == name }) else { return (nil, problems) }
        var placements = Placements(window: window)
        return (report(of: entry, placements: &placements).view, problems)
    }

    /// The problems the layout pass reported (conflicting constraints, failed measurements),
    /// with the constraints as the file writes them.
    private func diagnosticProblems() -> [LayoutReport.Problem] {
        let sources = Dictionary(
            constraints.map { (ObjectIdentifier($0.constraint), $0) }, uniquingKeysWith: { first, _ in first })
        func describe(_ constraint: NSLayoutConstraint) -> LayoutReport.ConstraintReference {
            if let source = sources[ObjectIdentifier(constraint)] {
                return LayoutReport.ConstraintReference(text: source.text, position: source.position)
            }
            return LayoutReport.ConstraintReference(text: constraint.description, position: nil)
        }

        var problems: [LayoutReport.Problem] = []
        for diagnostic in window.layoutDiagnostics {
            switch diagnostic.kind {
            case .unsatisfiableConstraints:
                let broken = diagnostic.brokenConstraint.map(describe)
                let conflict = diagnostic.conflictingConstraints.map(describe)
                let list = conflict.map { $0.description }.joined(separator: "; ")
                problems.append(
                    LayoutReport.Problem(
                        kind: .brokenConstraint, view: nil, position: broken?.position,
                        message: "constraints cannot all hold: \(list)"
                            + (broken.map { ". Broke \($0.description) to recover" } ?? ""),
                        constraints: conflict))
            default:
                problems.append(
                    LayoutReport.Problem(
                        kind: .layoutDiagnostic, view: nil,
                        position: diagnostic.brokenConstraint.flatMap { describe($0).position },
                        message: diagnostic.message,
                        constraints: diagnostic.brokenConstraint.map { [describe($0)] } ?? [],
                        diagnostic: diagnostic.kind))
            }
        }
        return problems
    }

    /// One view's report, and its problems (negative size, off screen, truncated, ambiguous).
    func report(of entry: View, placements: inout Placements, checksAmbiguity: Bool = true) -> (
        view: LayoutReport.ViewReport, problems: [LayoutReport.Problem]
    ) {
        var problems: [LayoutReport.Problem] = []
        let view = entry.view
        let placement = placements.placement(of: view)
        let visible = !placement.isHidden
        let intrinsic = view.intrinsicContentSize
        let ambiguous = visible && checksAmbiguity ? view.ambiguousAttributes.map(\.name) : []
        var truncated = false
        var lineCount: Int?
        var shownLines: [String]?
        var fontScale = 1.0
        if visible, let label = view as? UILabel, label.text?.isEmpty == false {
            if let shown = try? label.shownText() {
                truncated = shown.isTruncated
                lineCount = shown.layout.lineCount
                fontScale = shown.fontScale
                if truncated || shown.isShrunk { shownLines = shown.lines }
            }
        } else if visible, let button = view as? UIButton, button.currentTitle?.isEmpty == false {
            if let shown = try? button.shownTitle() {
                truncated = shown.isTruncated
                if truncated { shownLines = shown.lines }
            }
        } else if visible, view is UIButton || view is UITextField || view is UISegmentedControl {
            // A control narrower than its title cuts the title.
            truncated =
                (intrinsic.width > 0 && view.frame.size.width + 0.01 < intrinsic.width)
                || (intrinsic.height > 0 && view.frame.size.height + 0.01 < intrinsic.height)
        }
        let frameInWindow = CGRect(origin: placement.origin, size: view.frame.size)
        // A negative size is kept as solved, in the frame and in the window frame alike (see
        // docs/autolayout.md, "Negative sizes"): origin at the leading solved edge, size below
        // zero. Read `size.width`, not `width`: Foundation's `CGRect.width` is its absolute value.
        let rawSize = view.frame.size
        let negative = visible && (rawSize.width < -0.001 || rawSize.height < -0.001)
        let halfPixel = 0.5 / max(Double(window.traitCollection.displayScale), 1)
        let offscreen =
            visible && !negative
            && (Double(frameInWindow.minX) < -halfPixel
                || Double(frameInWindow.maxX) > Double(window.frame.width) + halfPixel)
        let report = LayoutReport.ViewReport(
            name: entry.name, kind: entry.kind,
            superview: view.superview.flatMap { $0 === rootView ? "view" : $0.name },
            frame: view.frame, windowFrame: frameInWindow,
            intrinsicContentSize: intrinsic, isHidden: !visible, isTruncated: truncated,
            ambiguousAttributes: ambiguous, lineCount: lineCount, shownLines: shownLines,
            isOffscreen: offscreen, hasNegativeSize: negative, shownFontScale: fontScale)
        // Each problem is about this view, where the file describes it; lengths print as points.
        func flag(_ kind: LayoutReport.Problem.Kind, _ message: String) {
            problems.append(
                LayoutReport.Problem(kind: kind, view: entry.name, position: entry.position, message: message))
        }
        func pt(_ value: CGFloat) -> String { PixelGrid.format(Double(value)) }
        if negative {
            flag(
                .negativeSize,
                "\"\(entry.name)\" is squeezed to a negative size (\(pt(rawSize.width)) × \(pt(rawSize.height)) pt): its required constraints leave less than no room"
            )
        }
        if offscreen {
            flag(
                .offscreen,
                "\"\(entry.name)\" runs off the side of the screen: x from \(pt(frameInWindow.minX)) to \(pt(frameInWindow.maxX)) on a \(pt(window.frame.width)) pt wide screen"
            )
        }
        if !truncated, fontScale < 1 {
            let percent = ShownText.percent(of: fontScale)
            flag(
                .shrunk,
                "\"\(entry.name)\" is shrunk to \(percent)% to fit: shows "
                    + (shownLines ?? []).map { "\"\($0)\"" }.joined(separator: " / "))
        }
        if truncated {
            let shown =
                shownLines.map { lines in ": shows " + lines.map { "\"\($0)\"" }.joined(separator: " / ") }
                ?? ": \(pt(view.frame.size.width)) × \(pt(view.frame.size.height)) pt for a title that needs \(pt(intrinsic.width)) × \(pt(intrinsic.height))"
            flag(.truncated, "\"\(entry.name)\" is truncated" + shown)
        }
        if !ambiguous.isEmpty {
            flag(
                .ambiguous,
                "\"\(entry.name)\" is ambiguous: \(ambiguous.joined(separator: " and ")) "
                    + (ambiguous.count == 1 ? "is" : "are") + " not fixed by the constraints")
        }
        return (report, problems)
    }

    /// The view's frame in the window's coordinates.
    public func windowFrame(of view: UIView) -> CGRect {
        var placements = Placements(window: window)
        return CGRect(origin: placements.placement(of: view).origin, size: view.frame.size)
    }
}

/// Where views sit in the window and whether they show, each found once from its
/// superview's, so a report over a deep tree stays linear.
struct Placements {
    struct Placement {
        /// The view's origin in the window.
        var origin: CGPoint
        /// Whether it or an ancestor is hidden.
        var isHidden: Bool
    }

    let window: UIWindow
    private var known: [ObjectIdentifier: Placement] = [:]

    init(window: UIWindow) { self.window = window }

    mutating func placement(of view: UIView) -> Placement {
        // Climb to the window or to a view already placed, then place the chain top down.
        var chain: [UIView] = []
        var current: UIView? = view
        var base = Placement(origin: .zero, isHidden: false)
        while let node = current, node !== window {
            if let placed = known[ObjectIdentifier(node)] {
                base = placed
                break
            }
            chain.append(node)
            current = node.superview
        }
        for node in chain.reversed() {
            base = Placement(
                origin: CGPoint(x: base.origin.x + node.frame.origin.x, y: base.origin.y + node.frame.origin.y),
                isHidden: base.isHidden || node.isHidden)
            known[ObjectIdentifier(node)] = base
        }
        return base
    }
}

/// What laying out a layout file gave: the screen, every view's frame and the problems.
public struct LayoutReport: Sendable {
    /// The screen the file was laid out on.
    public struct ScreenReport: Sendable {
        /// The device preset, if one was used.
        public var device: String?
        /// `portrait` or `landscape`.
        public var orientation: String
        /// The screen size in points.
        public var size: CGSize
        /// Pixels per point.
        public var scale: Double
        /// The screen's safe-area insets.
        public var safeAreaInsets: UIEdgeInsets
        /// The content size category text styles were read at.
        public var contentSizeCategory: String
        /// `leftToRight` or `rightToLeft`.
        public var layoutDirection: String
    }

    /// One view after layout.
    public struct ViewReport: Sendable {
        /// Its name.
        public var name: String
        /// Its kind.
        public var kind: String
        /// Its superview's name (nil for the root view).
        public var superview: String?
        /// Its frame in its superview, rounded to the pixel grid.
        public var frame: CGRect
        /// Its frame in the window.
        public var windowFrame: CGRect
        /// Its intrinsic content size (−1 on an axis without one).
        public var intrinsicContentSize: CGSize
        /// Whether it or an ancestor is hidden.
        public var isHidden: Bool
        /// Whether its text is cut (labels), or it is smaller than its title (buttons, fields).
        public var isTruncated: Bool
        /// The attributes (`left`, `top`, `width`, `height`) its constraints leave free.
        public var ambiguousAttributes: [String]
        /// The number of lines of a label's text in its frame.
        public var lineCount: Int?
        /// The lines a truncated or shrunk label shows, with the ellipsis where the text is cut.
        public var shownLines: [String]?
        /// Whether it reaches past the left or right edge of the screen.
        public var isOffscreen: Bool
        /// Whether the constraints give it a negative width or height.
        public var hasNegativeSize: Bool
        /// The fraction of its font size a label's text is drawn at: below 1 when the label
        /// shrinks its text to fit (`adjustsFontSizeToFitWidth`), 1 otherwise.
        public var shownFontScale: Double = 1
    }

    /// A constraint as written in the file, or described when the system made it.
    public struct ConstraintReference: Sendable, CustomStringConvertible {
        /// The text.
        public var text: String
        /// Where the file writes it (nil for system constraints).
        public var position: SourcePosition?
        /// `"a.top = b.top" (line 12)`.
        public var description: String {
            "\"\(text)\"" + (position.map { " (line \($0.line))" } ?? "")
        }
    }

    /// Something wrong with the layout.
    public struct Problem: Sendable {
        /// The kinds of problem.
        public enum Kind: String, Sendable {
            /// A label's text is cut, or a control is smaller than its title.
            case truncated
            /// A label's text fits only drawn smaller than its font (`adjustsFontSizeToFitWidth`
            /// at or above `minimumScaleFactor`): "shrunk to N%". The text is whole, so this is
            /// a warning about legibility, not a cut; the view's `shownFontScale` gives the scale.
            case shrunk
            /// A view's frame is not fully determined.
            case ambiguous
            /// Required constraints conflict; one was broken to lay out anyway.
            case brokenConstraint
            /// A view reaches past the left or right edge of the screen (text running off the side).
            case offscreen
            /// The constraints give a view a negative width or height.
            case negativeSize
            /// Another diagnostic of the layout pass (an invalid constraint, a failed measurement).
            case layoutDiagnostic
            /// A value of an Interface Builder file that does not read (a multiplier, number or
            /// attribute this reader does not understand, a constraint naming an id no object
            /// has): it is left out, with its line, and the rest of the file is laid out.
            case ignoredValue
        }
        /// The kind.
        public var kind: Kind
        /// The view concerned, if one.
        public var view: String?
        /// Where in the file.
        public var position: SourcePosition?
        /// What is wrong.
        public var message: String
        /// The constraints involved.
        public var constraints: [ConstraintReference] = []
        /// For a `layoutDiagnostic`, the layout pass's own kind (a failed measurement, …).
        public var diagnostic: LayoutDiagnostic.Kind? = nil
    }

    /// The screen.
    public var screen: ScreenReport
    /// The root view first, then every view of the file in document order.
    public var views: [ViewReport]
    /// The problems, in the order found.
    public var problems: [Problem]

    /// Whether the layout has no problem.
    public var isClean: Bool { problems.isEmpty }
}
