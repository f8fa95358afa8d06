import AutoLayout
import Foundation
import Typesetting

/// A picture of a laid-out window: every visible view as an outlined box coloured by kind,
/// text drawn with the fonts' own glyphs where UIKit draws it, the layout margins in use and
/// the unsafe area shaded, and truncated labels, ambiguous views and views in conflicting
/// constraints highlighted.
///
/// The picture is a scene (boxes, text runs, shading) made once from the views; `svg()` and
/// `png()` both draw that scene, so the two show the same thing.
///
/// ```swift
/// let window = UIWindow(device: .iPhone15)
/// // … add views and constraints …
/// window.layoutIfNeeded()
/// let picture = Picture(window: window)
/// try picture.svg().write(toFile: "screen.svg", atomically: true, encoding: .utf8)
/// let png = try picture.png()   // 1179 × 2556 pixels at @3x
/// ```
public struct Picture: Sendable {
    /// What a view is, which picks its colour.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The window (the root).
        case window
        /// A plain view.
        case view
        /// A label.
        case label
        /// A button.
        case button
        /// A text view.
        case textView
        /// A text field.
        case textField
        /// An image view.
        case imageView
        /// A stack view.
        case stackView
        /// A switch, slider, stepper, progress view, spinner, page control or segmented control.
        case control
    }

    /// A problem a view is highlighted for.
    public enum Problem: String, Sendable, Hashable, CaseIterable, Comparable {
        /// A label whose text does not fit (`UILabel.isTruncated`).
        case truncated
        /// A view whose frame the constraints leave free (`hasAmbiguousLayout`).
        case ambiguous
        /// A view in a set of required constraints that conflict, one of which was broken.
        case conflictingConstraints

        /// Declaration order.
        public static func < (lhs: Problem, rhs: Problem) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }

    /// A rectangle in points, in the window's coordinates (origin top left).
    public struct Rect: Hashable, Sendable {
        /// The left edge.
        public var x: Double
        /// The top edge.
        public var y: Double
        /// The width.
        public var width: Double
        /// The height.
        public var height: Double
        /// Makes a rectangle.
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
        /// The right edge.
        public var maxX: Double { x + width }
        /// The bottom edge.
        public var maxY: Double { y + height }
        /// The rectangle shrunk by insets on each side (never below zero size).
        func inset(top: Double, left: Double, bottom: Double, right: Double) -> Rect {
            Rect(x: x + left, y: y + top, width: max(0, width - left - right), height: max(0, height - top - bottom))
        }
        /// The part inside `other` (zero size when they do not meet).
        func intersection(_ other: Rect) -> Rect {
            let minX = max(x, other.x)
            let minY = max(y, other.y)
            return Rect(
                x: minX, y: minY, width: max(0, min(maxX, other.maxX) - minX),
                height: max(0, min(maxY, other.maxY) - minY))
        }
    }

    /// One visible view.
    public struct Box: Sendable {
        /// The view's `name`, or its kind and position when it has none.
        public var name: String
        /// A unique XML id made from the name (`view-title`).
        public var id: String
        /// What the view is.
        public var kind: Kind
        /// The frame in the window's coordinates.
        public var frame: Rect
        /// How deep the view is in the tree (the window is 0).
        public var depth: Int
        /// The index of the superview's box, nil for the root.
        public var parent: Int?
        /// What the view is highlighted for.
        public var problems: [Problem]
        /// Sentences for the problems (the ambiguity, the broken constraint) and for text that
        /// could not be drawn.
        public var notes: [String]
        /// The rectangle inside the layout margins, when constraints use the view's margins
        /// (or a stack view arranges inside them): the band between it and the frame is shaded.
        public var margins: Rect?
        /// Where an image goes (an image view's image, a button's image): drawn as a placeholder.
        public var imageRect: Rect?
    }

    /// What a piece of text is, which picks its colour.
    public enum TextRole: String, Sendable, Hashable {
        /// A label's, text view's or text field's text.
        case text
        /// A text field's placeholder.
        case placeholder
        /// A button's title, or a segmented control's.
        case title
    }

    /// One line of text placed in the window.
    public struct TextLine: Sendable {
        /// The index of the box of the view the text belongs to.
        public var box: Int
        /// What the text is.
        public var role: TextRole
        /// Where the line starts, in points from the window's left edge.
        public var x: Double
        /// The baseline, in points from the window's top edge.
        public var baseline: Double
        /// The glyphs, left to right, placed from `x`.
        public var runs: [GlyphRun]
        /// The text is drawn only inside this rectangle (the view's bounds, or its text area).
        public var clip: Rect
    }

    /// The window's width in points.
    public var width: Double
    /// The window's height in points.
    public var height: Double
    /// Pixels per point for `png()`.
    public var scale: Double
    /// The safe area in the window's coordinates; the rest of the window is shaded.
    public var safeArea: Rect
    /// The views, depth first in drawing order (a superview before its subviews).
    public var boxes: [Box]
    /// The lines of text, in drawing order.
    public var texts: [TextLine]
    /// A one-line summary: the window, its size and scale, and the problems found.
    public var title: String

    /// The picture of `root` (a `UIWindow`, or any root view) as laid out now; it is laid out
    /// first if it needs it. `scale` defaults to the window's display scale.
    public init(window root: UIView, scale: Double? = nil) {
        root.layoutIfNeeded()
        var builder = PictureBuilder(root: root)
        builder.build()
        let bounds = root.frame
        width = Double(bounds.width)
        height = Double(bounds.height)
        self.scale = scale ?? Double(root.traitCollection.displayScale)
        boxes = builder.boxes
        texts = builder.texts
        let whole = Rect(x: 0, y: 0, width: width, height: height)
        if let window = root as? UIWindow {
            let insets = window.deviceSafeAreaInsets
            safeArea = whole.inset(
                top: Double(insets.top), left: Double(insets.left), bottom: Double(insets.bottom),
                right: Double(insets.right))
        } else {
            safeArea = whole
        }
        let built = builder.boxes
        let counts = Problem.allCases.map { problem in (problem, built.filter { $0.problems.contains(problem) }.count) }
        let device = (root as? UIWindow)?.device.map { "\($0.name), " } ?? ""
        let summary = counts.map {
            "\($0.1) \($0.0 == .conflictingConstraints ? "in conflicting constraints" : $0.0.rawValue)"
        }
        title =
            "\(device)\(Picture.number(width)) × \(Picture.number(height)) pt @\(Picture.number(self.scale))x: "
            + "\(built.count) views; " + summary.joined(separator: ", ")
    }

    /// The lines of text of each box, in drawing order.
    var textsByBox: [Int: [TextLine]] { Dictionary(grouping: texts, by: \.box) }

    /// The whole window: (0, 0) to its width and height.
    var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The outlines drawn over everything, one per problem of each box in drawing order; a
    /// box's k-th outline lies inside the ones before it, so several problems show side by side.
    var highlights: [(box: Box, problem: Problem, outline: Rect)] {
        boxes.flatMap { box in
            box.problems.enumerated().map { k, problem in
                let width = PictureStyle.highlight(problem).width
                let inset = width / 2 + Double(k) * width
                return (box, problem, box.frame.inset(top: inset, left: inset, bottom: inset, right: inset))
            }
        }
    }

    /// A number with at most two decimals and no trailing zeros ("12", "20.5", "0.33").
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

/// Walks a view tree into boxes and text lines.
struct PictureBuilder {
    let root: UIView
    var boxes: [Picture.Box] = []
    var texts: [Picture.TextLine] = []
    private var usedIDs: Set<String> = []
    private var conflicts: [ObjectIdentifier: [String]] = [:]
    private var kindCounts: [Picture.Kind: Int] = [:]

    init(root: UIView) { self.root = root }

    mutating func build() {
        for diagnostic in root.layoutDiagnostics where diagnostic.kind == .unsatisfiableConstraints {
            let broken = diagnostic.brokenConstraint
            var constraints = diagnostic.conflictingConstraints
            if let broken, !constraints.contains(where: { $0 === broken }) { constraints.append(broken) }
            for constraint in constraints {
                for item in [constraint.firstItem, constraint.secondItem] {
                    guard let view = PictureBuilder.view(of: item) else { continue }
                    let note = broken.map { "conflicting constraints; broken: \($0)" } ?? "conflicting constraints"
                    if !(conflicts[ObjectIdentifier(view)]?.contains(note) ?? false) {
                        conflicts[ObjectIdentifier(view), default: []].append(note)
                    }
                }
            }
        }
        visit(root, origin: (0, 0), depth: 0, parent: nil)
    }

    private static func view(of item: AnyObject?) -> UIView? {
        if let view = item as? UIView { return view }
        if let guide = item as? UILayoutGuide { return guide.owningView }
        return nil
    }

    static func kind(of view: UIView) -> Picture.Kind {
        switch view {
        case is UIWindow: return .window
        case is UILabel: return .label
        case is UIButton: return .button
        case is UITextView: return .textView
        case is UITextField: return .textField
        case is UIImageView: return .imageView
        case is UIStackView: return .stackView
        case is UIFixedSizeControl, is UIReleaseSizedControl, is UISegmentedControl: return .control
        default: return .view
        }
    }

    private mutating func visit(_ view: UIView, origin: (x: Double, y: Double), depth: Int, parent: Int?) {
        guard !view.isHidden else { return }
        let kind = PictureBuilder.kind(of: view)
        let frame = Picture.Rect(
            x: origin.x + Double(view.frame.minX), y: origin.y + Double(view.frame.minY),
            width: Double(view.frame.width), height: Double(view.frame.height))
        let count = (kindCounts[kind] ?? 0) + 1
        kindCounts[kind] = count
        let name = view.name ?? "\(kind.rawValue)\(count)"
        var problems: [Picture.Problem] = []
        var notes: [String] = []
        if let label = view as? UILabel, label.isTruncated {
            problems.append(.truncated)
            notes.append("truncated: the text does not fit")
        }
        if let ambiguity = view.ambiguityDescription {
            problems.append(.ambiguous)
            notes.append(ambiguity)
        }
        if let conflict = conflicts[ObjectIdentifier(view)] {
            problems.append(.conflictingConstraints)
            notes += conflict
        }
        let index = boxes.count
        boxes.append(
            Picture.Box(
                name: name, id: uniqueID(for: name), kind: kind, frame: frame, depth: depth, parent: parent,
                problems: problems, notes: notes, margins: marginsInUse(view, frame: frame), imageRect: nil))
        do {
            try addText(of: view, box: index, frame: frame)
        } catch {
            boxes[index].notes.append("text not drawn: \(error)")
        }
        for subview in view.subviews {
            visit(subview, origin: (frame.x, frame.y), depth: depth + 1, parent: index)
        }
    }

    /// An XML id from a name: letters, digits, `-` and `_` kept, the rest `_`, made unique.
    private mutating func uniqueID(for name: String) -> String {
        let cleaned = String(
            name.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
                    ? Character(scalar) : "_"
            })
        var id = "view-" + cleaned
        var suffix = 2
        while usedIDs.contains(id) {
            id = "view-\(cleaned)-\(suffix)"
            suffix += 1
        }
        usedIDs.insert(id)
        return id
    }

    /// The rectangle inside the view's layout margins when a constraint uses its margins guide,
    /// or a stack view arranges its views inside its margins.
    private func marginsInUse(_ view: UIView, frame: Picture.Rect) -> Picture.Rect? {
        let m = view.effectiveLayoutMargins
        let inner = frame.inset(
            top: Double(m.top), left: Double(m.left), bottom: Double(m.bottom), right: Double(m.right))
        if let stack = view as? UIStackView, stack.isLayoutMarginsRelativeArrangement { return inner }
        let expected = CGRect(
            x: m.left, y: m.top, width: max(0, view.frame.width - m.left - m.right),
            height: max(0, view.frame.height - m.top - m.bottom))
        for constraint in view.constraints {
            for item in [constraint.firstItem, constraint.secondItem] {
                guard let guide = item as? UILayoutGuide, guide.owningView === view,
                    !view.layoutGuides.contains(where: { $0 === guide })
                else { continue }
                // A built-in guide: the margins guide is the one whose frame is the margins' rectangle.
                let f = guide.layoutFrame
                if abs(f.minX - expected.minX) < 0.01 && abs(f.minY - expected.minY) < 0.01
                    && abs(f.width - expected.width) < 0.01 && abs(f.height - expected.height) < 0.01
                {
                    return inner
                }
            }
        }
        return nil
    }

    // MARK: Text

    private mutating func addText(of view: UIView, box: Int, frame: Picture.Rect) throws {
        let rtl = view.effectiveUserInterfaceLayoutDirection == .rightToLeft
        let scale = Double(view.traitCollection.displayScale)
        switch view {
        case let label as UILabel:
            guard let text = label.text, !text.isEmpty, frame.width > 0 else { return }
            // What the label shows (`UILabel.shownText()`, which `isTruncated` and the reports
            // read too): its lines as they fit the bounds, in the font scale a label that
            // adjusts its font size shrinks to, inside the label's text padding.
            let shown = try label.shownText()
            let padding = label.textPadding
            let area = frame.inset(
                top: Double(padding.top), left: Double(padding.left), bottom: Double(padding.bottom),
                right: Double(padding.right))
            var layout = shown.layout
            // UIKit shows the lines that fit the label's height, the last one truncated.
            if layout.lines.count > 1, PixelGrid.ceil(layout.height, scale: scale) > area.height + 0.01 {
                var fit = 0
                var bottom = 0.0
                for line in layout.lines {
                    bottom += line.height
                    if bottom > area.height + 0.01 { break }
                    fit += 1
                    bottom += Double(label.lineSpacing)
                }
                layout = try shown.prepared.layout(
                    LayoutOptions(
                        width: area.width, numberOfLines: max(fit, 1), lineBreakMode: label.lineBreakMode,
                        lineSpacing: Double(label.lineSpacing), lineHeightMultiple: Double(label.lineHeightMultiple),
                        includesLineGap: false))
            }
            let top = area.y + (area.height - PixelGrid.ceil(layout.height, scale: scale)) / 2
            try place(
                layout, prepared: shown.prepared, box: box, role: .text, top: top,
                lineSpacing: Double(label.lineSpacing), area: (area.x, area.width), alignment: label.textAlignment,
                rtl: rtl, clip: frame)
        case let button as UIButton:
            guard let title = button.currentTitle, !title.isEmpty else { return }
            let insets = button.contentEdgeInsets
            let content = frame.inset(
                top: Double(insets.top), left: Double(insets.left), bottom: Double(insets.bottom),
                right: Double(insets.right))
            let image = button.currentImage.map { (Double($0.size.width), Double($0.size.height)) }
            let titleInsets = button.titleEdgeInsets
            let available = content.width - (image?.0 ?? 0) - Double(titleInsets.left + titleInsets.right)
            guard available > 0 else { return }
            let font = try button.titleFont.resolve()
            let prepared = try PreparedText(title, font: font)
            let layout = try prepared.layout(
                LayoutOptions(
                    width: available, numberOfLines: 1, lineBreakMode: .byTruncatingMiddle, includesLineGap: false))
            let runs = try prepared.glyphRuns(of: layout)
            guard let line = layout.lines.first, let lineRuns = runs.first else { return }
            let lineWidth = lineRuns.reduce(0) { $0 + $1.width }
            let total = (image?.0 ?? 0) + lineWidth
            let start = max(content.x, content.x + (content.width - total) / 2)
            if let (w, h) = image {
                boxes[box].imageRect = Picture.Rect(
                    x: start, y: content.y + (content.height - h) / 2, width: w, height: h)
            }
            let lineTop = content.y + (content.height - PixelGrid.ceil(line.height, scale: scale)) / 2
            texts.append(
                Picture.TextLine(
                    box: box, role: .title,
                    x: start + (image?.0 ?? 0) + Double(titleInsets.left - titleInsets.right),
                    baseline: lineTop + Double(titleInsets.top - titleInsets.bottom) + line.ascent
                        + PictureBuilder.extraAbove(line),
                    runs: lineRuns, clip: frame))
        case let textView as UITextView:
            let inset = textView.textContainerInset
            let padding = 5.0
            let area = frame.inset(
                top: Double(inset.top), left: Double(inset.left) + padding, bottom: Double(inset.bottom),
                right: Double(inset.right) + padding)
            guard !textView.text.isEmpty, area.width > 0 else { return }
            let font = try textView.font.resolve()
            let prepared = try PreparedText(textView.text, font: font)
            let layout = try prepared.layout(LayoutOptions(width: area.width, includesTrailingEmptyLine: true))
            try place(
                layout, prepared: prepared, box: box, role: .text, top: area.y, lineSpacing: 0,
                area: (area.x, area.width), alignment: .natural, rtl: rtl, clip: frame)
        case let field as UITextField:
            let text = field.text ?? ""
            let shown = text.isEmpty ? (field.placeholder ?? "") : text
            let padding = field.borderStyle == .roundedRect ? 7.0 : 0
            let area = frame.inset(top: 0, left: padding, bottom: 0, right: padding)
            guard !shown.isEmpty, area.width > 0 else { return }
            let font = try field.font.resolve()
            let prepared = try PreparedText(shown, font: font)
            let layout = try prepared.layout(
                LayoutOptions(width: area.width, numberOfLines: 1, lineBreakMode: .byTruncatingTail))
            let top = frame.y + (frame.height - PixelGrid.ceil(layout.height, scale: scale)) / 2
            try place(
                layout, prepared: prepared, box: box, role: text.isEmpty ? .placeholder : .text, top: top,
                lineSpacing: 0, area: (area.x, area.width), alignment: .natural, rtl: rtl, clip: frame)
        case let segmented as UISegmentedControl:
            guard !segmented.titles.isEmpty else { return }
            let font = try UIFont.systemFont(ofSize: 13).resolve()
            let segment = frame.width / Double(segmented.titles.count)
            for (index, title) in segmented.titles.enumerated() where !title.isEmpty && segment > 8 {
                let prepared = try PreparedText(title, font: font)
                let layout = try prepared.layout(
                    LayoutOptions(width: segment - 8, numberOfLines: 1, lineBreakMode: .byTruncatingTail))
                let top = frame.y + (frame.height - PixelGrid.ceil(layout.height, scale: scale)) / 2
                let cell = frame.inset(
                    top: 0, left: segment * Double(index), bottom: 0,
                    right: segment * Double(segmented.titles.count - index - 1))
                try place(
                    layout, prepared: prepared, box: box, role: .title, top: top, lineSpacing: 0,
                    area: (cell.x, cell.width), alignment: .center, rtl: rtl, clip: cell)
            }
        case let imageView as UIImageView:
            if imageView.image != nil { boxes[box].imageRect = frame }
        default:
            return
        }
    }

    /// The room a line height multiple adds, which goes above the text.
    private static func extraAbove(_ line: Line) -> Double {
        max(0, line.height - (line.ascent - line.descent + line.leading))
    }

    /// Adds the lines of `layout` from `top` down, each aligned in `area`.
    private mutating func place(
        _ layout: TextLayout, prepared: PreparedText, box: Int, role: Picture.TextRole, top: Double,
        lineSpacing: Double, area: (x: Double, width: Double), alignment: NSTextAlignment, rtl: Bool,
        clip: Picture.Rect
    ) throws {
        let runs = try prepared.glyphRuns(of: layout)
        var y = top
        for (line, lineRuns) in zip(layout.lines, runs) {
            let lineWidth = lineRuns.reduce(0) { $0 + $1.width }
            let x: Double
            switch alignment {
            case .left: x = area.x
            case .right: x = area.x + area.width - lineWidth
            case .center: x = area.x + (area.width - lineWidth) / 2
            case .natural, .justified: x = rtl ? area.x + area.width - lineWidth : area.x
            }
            if !lineRuns.isEmpty {
                texts.append(
                    Picture.TextLine(
                        box: box, role: role, x: x, baseline: y + PictureBuilder.extraAbove(line) + line.ascent,
                        runs: lineRuns, clip: clip))
            }
            y += line.height + lineSpacing
        }
    }
}
