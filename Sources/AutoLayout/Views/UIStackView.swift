import Foundation

/// Lines views up along an axis (`UIStackView`) by making constraints for them, named
/// `UISV-…` as UIKit's are.
///
/// ```swift
/// let form = UIStackView(arrangedSubviews: [nameRow, emailRow, button])
/// form.axis = .vertical
/// form.spacing = 12
/// ```
/// The stack has no intrinsic size: along the axis it is the sum of its arranged views'
/// sizes plus spacing, across it the largest of them, as the engine solves it.
open class UIStackView: UIView {
    /// How arranged views share the length along the axis.
    public enum Distribution: String, Sendable, CaseIterable {
        /// Views keep their sizes; hugging and compression resistance decide who gives, then the index.
        case fill
        /// Every view gets the same length.
        case fillEqually
        /// Lengths in proportion to the intrinsic sizes.
        case fillProportionally
        /// Views keep their sizes; the gaps are equal (at least `spacing`).
        case equalSpacing
        /// The centers are equally far apart (gaps at least `spacing`).
        case equalCentering
    }

    /// How arranged views sit across the axis.
    public enum Alignment: String, Sendable, CaseIterable {
        /// Stretched to the stack's breadth.
        case fill
        /// Against the leading (vertical stacks) or top (horizontal stacks) edge.
        case leading
        /// Centered.
        case center
        /// Against the trailing or bottom edge.
        case trailing
        /// First baselines aligned (horizontal stacks).
        case firstBaseline
        /// Last baselines aligned (horizontal stacks).
        case lastBaseline

        /// `top` is `leading` in a horizontal stack.
        public static let top = Alignment.leading
        /// `bottom` is `trailing` in a horizontal stack.
        public static let bottom = Alignment.trailing
    }

    /// The axis views line up along (horizontal by default).
    public var axis: NSLayoutConstraint.Axis = .horizontal { didSet { setNeedsLayout() } }
    /// How views share the length (fill by default).
    public var distribution: Distribution = .fill { didSet { setNeedsLayout() } }
    /// How views sit across the axis (fill by default).
    public var alignment: Alignment = .fill { didSet { setNeedsLayout() } }
    /// The space between adjacent views: exact for the fill distributions, a minimum for the
    /// equal spacing and centering ones. Negative values overlap; ``spacingUseSystem`` asks
    /// for the standard spacing.
    public var spacing: CGFloat = 0 { didSet { setNeedsLayout() } }
    /// A ``spacing`` (or custom spacing) that asks for the system's standard spacing between
    /// adjacent views, as UIKit's `UIStackView.spacingUseSystem` does: ``systemSpacing``, 8 pt,
    /// the standard spacing between siblings (Interface Builder's `spacingType="standard"`).
    public static let spacingUseSystem = CGFloat.greatestFiniteMagnitude
    /// Whether views are placed inside the layout margins instead of the edges.
    public var isLayoutMarginsRelativeArrangement = false { didSet { setNeedsLayout() } }
    /// Whether vertical spacing runs from one view's last baseline to the next one's first.
    public var isBaselineRelativeArrangement = false { didSet { setNeedsLayout() } }
    /// The views the stack places, in order; each is also a subview.
    public private(set) var arrangedSubviews: [UIView] = []

    private var customSpacing: [ObjectIdentifier: CGFloat] = [:]
    private var cachedKey: Key?
    private var cachedConstraints: [NSLayoutConstraint] = []
    /// Index tie-breakers of the fill distribution: (view, constraint) to refresh with intrinsic sizes.
    private var tieBreakers: [(UIView, NSLayoutConstraint)] = []
    private var ownGuides: [UILayoutGuide] = []

    /// Creates a stack of views.
    public init(arrangedSubviews views: [UIView] = []) {
        super.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// Appends a view to the arranged views (and the subviews); it stops translating its frame.
    public func addArrangedSubview(_ view: UIView) { insertArrangedSubview(view, at: arrangedSubviews.count) }

    /// Inserts a view among the arranged views.
    public func insertArrangedSubview(_ view: UIView, at index: Int) {
        guard view !== self, !isDescendant(of: view) else {
            addSubview(view)  // reports the refused hierarchy
            return
        }
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(index, 0), arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        setNeedsLayout()
    }

    /// Removes a view from the arranged views; it stays a subview.
    public func removeArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
        customSpacing[ObjectIdentifier(view)] = nil
        setNeedsLayout()
    }

    /// Sets the space after one arranged view, instead of ``spacing``.
    public func setCustomSpacing(_ spacing: CGFloat, after view: UIView) {
        customSpacing[ObjectIdentifier(view)] = spacing
        setNeedsLayout()
    }

    /// The space after an arranged view.
    public func customSpacing(after view: UIView) -> CGFloat {
        customSpacing[ObjectIdentifier(view)] ?? spacing
    }

    /// Horizontal stacks take their tallest view's baseline; vertical ones the first view's.
    open override var forFirstBaselineLayout: UIView {
        baselineView(first: true)?.forFirstBaselineLayout ?? self
    }
    /// Horizontal stacks take their tallest view's baseline; vertical ones the last view's.
    open override var forLastBaselineLayout: UIView {
        baselineView(first: false)?.forLastBaselineLayout ?? self
    }

    private func baselineView(first: Bool) -> UIView? {
        let visible = arrangedSubviews.filter { !$0.isHidden }
        if axis == .vertical { return first ? visible.first : visible.last }
        var tallest: UIView?
        var height: CGFloat = -1
        for view in visible {
            let size = view.currentIntrinsicSize().height
            if size > height {
                height = size
                tallest = view
            }
        }
        return tallest ?? visible.first
    }

    // MARK: Constraints

    private struct Key: Equatable {
        var axis: NSLayoutConstraint.Axis
        var distribution: Distribution
        var alignment: Alignment
        var spacing: CGFloat
        var custom: [CGFloat]
        var marginsRelative: Bool
        var baselineRelative: Bool
        var views: [ObjectIdentifier]
        var hidden: [Bool]
        var lengths: [CGFloat]
        var baselineViews: [ObjectIdentifier?]
    }

    override func generatedLayoutConstraints() -> [NSLayoutConstraint] {
        let arranged = arrangedSubviews.filter { $0.superview === self }
        let lengths =
            distribution == .fillProportionally
            ? arranged.map { max(axisLength($0.currentIntrinsicSize()), 0) } : []
        let key = Key(
            axis: axis, distribution: distribution, alignment: alignment, spacing: spacing,
            custom: arranged.map { customSpacing(after: $0) }, marginsRelative: isLayoutMarginsRelativeArrangement,
            baselineRelative: isBaselineRelativeArrangement, views: arranged.map(ObjectIdentifier.init),
            hidden: arranged.map(\.isHidden), lengths: lengths,
            baselineViews: arranged.map { view in
                alignment == .firstBaseline || alignment == .lastBaseline || isBaselineRelativeArrangement
                    ? ObjectIdentifier(
                        alignment == .lastBaseline ? view.forLastBaselineLayout : view.forFirstBaselineLayout)
                    : nil
            })
        if key != cachedKey {
            cachedKey = key
            cachedConstraints = makeConstraints(arranged, lengths: lengths)
        }
        for (view, constraint) in tieBreakers {
            let length = axisLength(view.currentIntrinsicSize())
            constraint.constant = max(length, 0)
        }
        return cachedConstraints
    }

    private func axisLength(_ size: CGSize) -> CGFloat { axis == .horizontal ? size.width : size.height }

    private func makeConstraints(_ arranged: [UIView], lengths: [CGFloat]) -> [NSLayoutConstraint] {
        for guide in ownGuides { guide.owningView = nil }
        ownGuides = []
        tieBreakers = []
        var result: [NSLayoutConstraint] = []
        let horizontal = axis == .horizontal
        let leadingAttribute: NSLayoutConstraint.Attribute = horizontal ? .leading : .top
        let trailingAttribute: NSLayoutConstraint.Attribute = horizontal ? .trailing : .bottom
        let centerAttribute: NSLayoutConstraint.Attribute = horizontal ? .centerX : .centerY
        let dimension: NSLayoutConstraint.Attribute = horizontal ? .width : .height
        let crossLeading: NSLayoutConstraint.Attribute = horizontal ? .top : .leading
        let crossTrailing: NSLayoutConstraint.Attribute = horizontal ? .bottom : .trailing
        let crossCenter: NSLayoutConstraint.Attribute = horizontal ? .centerY : .centerX
        let crossDimension: NSLayoutConstraint.Attribute = horizontal ? .height : .width
        let canvas: any LayoutItem = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self

        func add(
            _ first: any LayoutItem, _ a1: NSLayoutConstraint.Attribute, _ relation: NSLayoutConstraint.Relation,
            _ second: (any LayoutItem)?, _ a2: NSLayoutConstraint.Attribute, multiplier: CGFloat = 1,
            constant: CGFloat = 0, priority: UILayoutPriority = .required, _ identifier: String
        ) -> NSLayoutConstraint {
            let constraint = NSLayoutConstraint(
                first: first, firstAttribute: a1, relation: relation, second: second,
                secondAttribute: second == nil ? .notAnAttribute : a2, multiplier: multiplier, constant: constant,
                priority: priority, identifier: identifier)
            constraint.isSystemConstraint = true
            result.append(constraint)
            return constraint
        }
        func guide(_ name: String) -> UILayoutGuide {
            let guide = UILayoutGuide(role: .custom, identifier: name)
            guide.owningView = self
            ownGuides.append(guide)
            return guide
        }

        let visible = arranged.filter { !$0.isHidden }
        // Baseline alignment means nothing across a vertical stack: UIKit treats it as fill.
        let isBaselineAlignment = alignment == .firstBaseline || alignment == .lastBaseline
        let crossAlignment = !horizontal && isBaselineAlignment ? .fill : alignment
        func crossConstraints(_ view: UIView) {
            switch crossAlignment {
            case .fill:
                _ = add(view, crossLeading, .equal, canvas, crossLeading, "UISV-alignment")
                _ = add(view, crossTrailing, .equal, canvas, crossTrailing, "UISV-alignment")
            case .leading:
                _ = add(view, crossLeading, .equal, canvas, crossLeading, "UISV-alignment")
            case .trailing:
                _ = add(view, crossTrailing, .equal, canvas, crossTrailing, "UISV-alignment")
            case .center:
                _ = add(view, crossCenter, .equal, canvas, crossCenter, "UISV-alignment")
            case .firstBaseline, .lastBaseline:
                let baseline: NSLayoutConstraint.Attribute =
                    crossAlignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if let first = visible.first, first !== view {
                    _ = add(view, baseline, .equal, first, baseline, "UISV-alignment")
                }
            }
            if crossAlignment != .fill {
                _ = add(view, crossDimension, .equal, nil, .notAnAttribute, priority: 25, "UISV-ambiguity-suppression")
            }
        }
        func fillEqually() {
            for view in visible.dropFirst() {
                _ = add(view, dimension, .equal, visible[0], dimension, "UISV-fill-equally")
            }
        }

        // Hidden views: no length, parked where they would be.
        var previousVisible: UIView?
        for view in arranged {
            if view.isHidden {
                _ = add(view, dimension, .equal, nil, .notAnAttribute, "UISV-hiding")
                if let previousVisible {
                    _ = add(view, leadingAttribute, .equal, previousVisible, trailingAttribute, "UISV-spacing-hidden")
                } else {
                    _ = add(view, leadingAttribute, .equal, canvas, leadingAttribute, "UISV-spacing-hidden")
                }
                crossConstraints(view)
            } else {
                previousVisible = view
            }
        }

        guard !visible.isEmpty else { return result }

        // Along the axis.
        _ = add(visible[0], leadingAttribute, .equal, canvas, leadingAttribute, "UISV-canvas-connection")
        _ = add(
            canvas, trailingAttribute, .equal, visible[visible.count - 1], trailingAttribute, "UISV-canvas-connection")
        let equalGaps = distribution == .equalSpacing || distribution == .equalCentering
        var gaps: [UILayoutGuide] = []
        for index in visible.indices.dropFirst() {
            let previous = visible[index - 1]
            let next = visible[index]
            let written = customSpacing(after: previous)
            let space = written == Self.spacingUseSystem ? systemSpacing : written
            if !horizontal && isBaselineRelativeArrangement {
                _ = add(
                    next, .firstBaseline, equalGaps ? .greaterThanOrEqual : .equal, previous, .lastBaseline,
                    constant: space, "UISV-spacing")
            } else {
                _ = add(
                    next, leadingAttribute, equalGaps ? .greaterThanOrEqual : .equal, previous, trailingAttribute,
                    constant: space, "UISV-spacing")
            }
            if equalGaps {
                let gap = guide("UISV-distributing")
                let edge = distribution == .equalCentering ? centerAttribute : nil
                _ = add(gap, leadingAttribute, .equal, previous, edge ?? trailingAttribute, "UISV-distributing-edge")
                _ = add(gap, trailingAttribute, .equal, next, edge ?? leadingAttribute, "UISV-distributing-edge")
                if let firstGap = gaps.first {
                    let priority: UILayoutPriority =
                        distribution == .equalCentering
                        ? UILayoutPriority(Float(max(150 - gaps.count, 50))) : .required
                    _ = add(gap, dimension, .equal, firstGap, dimension, priority: priority, "UISV-fill-equally")
                }
                gaps.append(gap)
            }
        }
        switch distribution {
        case .fill:
            // Ties go by index: later views keep their intrinsic length, the first one gives.
            for (index, view) in visible.enumerated() where axisLength(view.currentIntrinsicSize()) >= 0 {
                let priority = UILayoutPriority(1 + Float(index + 1) / Float(visible.count + 1))
                let constraint = add(
                    view, dimension, .equal, nil, .notAnAttribute, priority: priority, "UISV-fill-order")
                tieBreakers.append((view, constraint))
            }
        case .fillEqually:
            fillEqually()
        case .fillProportionally:
            let visibleLengths = zip(arranged, lengths).filter { !$0.0.isHidden }.map(\.1)
            let spaces = visible.dropLast().reduce(CGFloat(0)) { $0 + customSpacing(after: $1) }
            let total = visibleLengths.reduce(0, +) + spaces
            if total <= max(spaces, 1) {
                fillEqually()
            } else {
                for (index, view) in visible.enumerated() {
                    let length = visibleLengths[index]
                    if length == 0 {
                        _ = add(view, dimension, .equal, nil, .notAnAttribute, "UISV-fill-proportionally")
                    } else {
                        _ = add(
                            view, dimension, .equal, canvas, dimension, multiplier: length / total,
                            priority: UILayoutPriority(Float(max(999 - index, 751))), "UISV-fill-proportionally")
                    }
                }
            }
        case .equalSpacing, .equalCentering:
            _ = add(self, dimension, .equal, nil, .notAnAttribute, priority: 49, "UISV-canvas-fit")
        }

        // Across the axis.
        for view in visible { crossConstraints(view) }
        if crossAlignment != .fill {
            let spanner = guide("UISV-alignment-spanner")
            for view in visible {
                _ = add(spanner, crossLeading, .lessThanOrEqual, view, crossLeading, "UISV-spanning-boundary")
                _ = add(spanner, crossTrailing, .greaterThanOrEqual, view, crossTrailing, "UISV-spanning-boundary")
            }
            _ = add(spanner, crossDimension, .equal, nil, .notAnAttribute, priority: 51, "UISV-spanning-fit")
            _ = add(canvas, crossLeading, .equal, spanner, crossLeading, "UISV-canvas-connection")
            _ = add(canvas, crossTrailing, .equal, spanner, crossTrailing, "UISV-canvas-connection")
        }
        return result
    }
}
