import ConstraintSolver
import Foundation

extension UIView {
    /// Whether the view's frame is not fully determined: other frames would satisfy every
    /// constraint equally well. Lays the tree out first if needed.
    public var hasAmbiguousLayout: Bool { !ambiguousAttributes.isEmpty }

    /// Which of the view's `left`, `top`, `width` and `height` are free: other values would
    /// satisfy every constraint equally well.
    public var ambiguousAttributes: [NSLayoutConstraint.Attribute] {
        layoutIfNeeded()
        guard let engine = rootView.engine else { return [] }
        let v = layoutVariables
        let free = Set(engine.ambiguousVariables(among: v.all))
        return zip([NSLayoutConstraint.Attribute.left, .top, .width, .height], v.all).filter { free.contains($0.1) }
            .map(\.0)
    }

    /// A sentence on what is free, such as `UIImageView:icon is ambiguous: left and width are free`,
    /// or nil when the frame is determined.
    public var ambiguityDescription: String? {
        let free = ambiguousAttributes
        guard !free.isEmpty else { return nil }
        return "\(diagnosticName) is ambiguous: \(free.map(\.name).joined(separator: " and ")) "
            + (free.count == 1 ? "is free" : "are free")
    }

    /// The constraints that take part in placing the view on an axis: those on its own
    /// position and size, and through them those on the items they relate it to.
    public func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        layoutIfNeeded()
        return rootView.engine?.constraintsAffecting(self, axis: axis) ?? []
    }

    /// The size that best fits a target with fitting priority 50 on both axes:
    /// ``UIView/layoutFittingCompressedSize`` gives the smallest size the constraints allow.
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(
            targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the view's constraints give it when its width and height are pulled toward
    /// `targetSize` at the given priorities, rounded to the pixel grid. The view and its
    /// subviews are laid out on the side; their frames do not change.
    ///
    /// The self-sizing cell: `cell.systemLayoutSizeFitting(CGSize(width: 375, height: 0),
    /// withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)`.
    public func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        let views = subtree()
        let saved = views.map { ($0, $0.automaticWrapWidth, $0.cachedIntrinsicSize) }
        defer {
            for (view, width, size) in saved {
                view.automaticWrapWidth = width
                view.cachedIntrinsicSize = size
            }
        }
        let engine = LayoutEngine(
            root: self, fitting: (targetSize, horizontalFittingPriority, verticalFittingPriority))
        engine.solve()
        let width = engine.solver.value(of: layoutVariables.width)
        let height = engine.solver.value(of: layoutVariables.height)
        return CGSize(width: engine.pixelRound(width), height: engine.pixelRound(height))
    }

    /// Runs `body` with the tree laid out by an engine of its own, then gives the tree back
    /// its engine and lays it out again, for a what-if layout: constraints `body` activates
    /// and deactivates again, priorities it changes and puts back. The tree's engine never
    /// sees the change, so the frames after are the ones before even where the constraints
    /// leave a view ambiguous (an incremental re-solve would settle it elsewhere), and its
    /// `layoutDiagnostics` keep only its own passes.
    /// `FittingAndGuidesTests.testSeparateLayoutLeavesTheTreeAsItWas` pins it.
    public func withSeparateLayout<Result>(_ body: () -> Result) -> Result {
        let root = rootView
        let own = root.engine
        root.engine = nil
        let result = body()
        root.engine = own
        root.needsLayout = true
        root.layoutIfNeeded()
        return result
    }
}
