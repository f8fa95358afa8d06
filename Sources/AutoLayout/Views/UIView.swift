import Foundation
import Typesetting

/// A rectangle in a view tree, placed by constraints (`UIView`).
///
/// Views made in code translate their frame into constraints, as UIKit's do; set
/// `translatesAutoresizingMaskIntoConstraints = false` on views you place with constraints.
///
/// ```swift
/// let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
/// let label = UILabel(text: "Hello")
/// label.translatesAutoresizingMaskIntoConstraints = false
/// root.addSubview(label)
/// NSLayoutConstraint.activate([
///     label.topAnchor.constraint(equalTo: root.topAnchor, constant: 24),
///     label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 24),
/// ])
/// root.layoutIfNeeded()   // label.frame == (24, 24, 39.5, 20.5)
/// ```
open class UIView: LayoutItem, CustomStringConvertible {
    /// The value of an intrinsic size axis that has no natural size (−1): UIKit's spelling of
    /// `Controls.noIntrinsicMetric`, the one definition.
    public static var noIntrinsicMetric: CGFloat { Controls.noIntrinsicMetric }
    /// The smallest size a fitting can give (`UIView.layoutFittingCompressedSize`).
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// The largest size a fitting can give (`UIView.layoutFittingExpandedSize`).
    public static let layoutFittingExpandedSize = CGSize(width: 10_000, height: 10_000)

    /// Which parts of the frame follow the superview's size when the frame is translated into constraints.
    public struct AutoresizingMask: OptionSet, Sendable, Hashable {
        /// The mask's bits.
        public let rawValue: Int
        /// Creates a mask from its bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The left margin grows and shrinks.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width grows and shrinks.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The right margin grows and shrinks.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The top margin grows and shrinks.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height grows and shrinks.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The bottom margin grows and shrinks.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// A name for diagnostics, such as `title`; the default is the class name and a number.
    public var name: String?
    /// The frame in the superview's coordinates; layout passes write it, rounded to the pixel grid.
    public var frame: CGRect {
        get { frameStorage }
        set {
            guard newValue != frameStorage else { return }
            frameStorage = newValue
            // The root's frame and translated frames are constraints; anyone's frame can
            // change the autoresizing constraints of its subviews.
            setNeedsLayout()
        }
    }
    /// The frame without side effects; layout passes write it here.
    var frameStorage: CGRect
    /// The view's own rectangle: origin zero, the frame's size.
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    /// The frame's center in the superview's coordinates.
    public var center: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }
    /// Whether the frame and autoresizing mask become constraints. True for views made in code.
    public var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if translatesAutoresizingMaskIntoConstraints != oldValue { setNeedsLayout() } }
    }
    /// How the frame follows the superview when it is translated into constraints.
    public var autoresizingMask: AutoresizingMask = [] {
        didSet { if autoresizingMask != oldValue { setNeedsLayout() } }
    }
    /// A hidden view still has a frame; stack views leave hidden arranged views out.
    public var isHidden = false {
        // Hiding a subview changes the layout of its tree (a stack view drops it).
        didSet { if isHidden != oldValue, superview != nil { setNeedsLayout() } }
    }

    /// Whether the view flips in a right-to-left layout (see `UIView+Direction.swift`).
    public var semanticContentAttribute: UISemanticContentAttribute = .unspecified {
        didSet {
            guard semanticContentAttribute != oldValue else { return }
            // Leading and trailing are translated once per constraint: a new engine translates them again.
            rootView.engine = nil
            setNeedsLayout()
        }
    }
    /// The superview, or nil for a root.
    public private(set) weak var superview: UIView?
    /// The subviews, back to front.
    public private(set) var subviews: [UIView] = []
    /// The layout guides added with ``addLayoutGuide(_:)``.
    public private(set) var layoutGuides: [UILayoutGuide] = []

    /// The insets of the layout margins (8 pt on each side by default).
    public var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet { if layoutMargins != oldValue { setNeedsLayout() } }
    }
    /// The layout margins by leading and trailing edge.
    public var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let rtl = traitCollection.layoutDirection == .rightToLeft
            return NSDirectionalEdgeInsets(
                top: layoutMargins.top, leading: rtl ? layoutMargins.right : layoutMargins.left,
                bottom: layoutMargins.bottom, trailing: rtl ? layoutMargins.left : layoutMargins.right)
        }
        set {
            let rtl = traitCollection.layoutDirection == .rightToLeft
            layoutMargins = UIEdgeInsets(
                top: newValue.top, left: rtl ? newValue.trailing : newValue.leading, bottom: newValue.bottom,
                right: rtl ? newValue.leading : newValue.trailing)
        }
    }
    /// Whether the safe area insets add to the layout margins (true by default).
    public var insetsLayoutMarginsFromSafeArea = true {
        didSet { if insetsLayoutMarginsFromSafeArea != oldValue { setNeedsLayout() } }
    }
    /// The margins constraints to the margins guide use: ``layoutMargins`` (at least the
    /// system minimum for a view controller's root view), plus the safe area when
    /// ``insetsLayoutMarginsFromSafeArea`` is set.
    public var effectiveLayoutMargins: UIEdgeInsets {
        var margins = layoutMargins
        if let minimum = systemMinimumLayoutMargins {
            margins = UIEdgeInsets(
                top: max(margins.top, minimum.top), left: max(margins.left, minimum.left),
                bottom: max(margins.bottom, minimum.bottom), right: max(margins.right, minimum.right))
        }
        margins = insetsLayoutMarginsFromSafeArea ? margins + safeAreaInsets : margins
        guard preservesSuperviewLayoutMargins else { return margins }
        let s = superviewMarginOverlap
        return UIEdgeInsets(
            top: max(margins.top, s.top), left: max(margins.left, s.left),
            bottom: max(margins.bottom, s.bottom), right: max(margins.right, s.right))
    }
    /// Whether the superview's margins also apply where they reach into this view (false by
    /// default): each margin is raised to the depth the superview's margin reaches past the
    /// view's edge, the smallest adjustment that keeps content inside both (UIKit's
    /// `preservesSuperviewLayoutMargins`; `InterfaceBuilderMarginsTests`).
    public var preservesSuperviewLayoutMargins = false {
        didSet { if preservesSuperviewLayoutMargins != oldValue { setNeedsLayout() } }
    }
    /// How far the superview's effective margins reach into this view, per edge (zero where
    /// they do not), from the last solved layout.
    var superviewMarginOverlap: UIEdgeInsets = .zero
    /// The part of the view covered by the status bar, notch or home indicator, from the
    /// window's device (for a subview: its overlap with its superview's unsafe area).
    public internal(set) var safeAreaInsets: UIEdgeInsets = .zero
    /// A view controller's root view gets the system's minimum margins (16 or 20 pt at the sides).
    var systemMinimumLayoutMargins: UIEdgeInsets?

    /// The guide inset from the edges by ``effectiveLayoutMargins``.
    public var layoutMarginsGuide: UILayoutGuide {
        if let guide = marginsGuideStorage { return guide }
        let guide = makeGuide(.layoutMargins)
        marginsGuideStorage = guide
        return guide
    }
    /// The guide inset from the edges by ``safeAreaInsets``.
    public var safeAreaLayoutGuide: UILayoutGuide {
        if let guide = safeAreaGuideStorage { return guide }
        let guide = makeGuide(.safeArea)
        safeAreaGuideStorage = guide
        return guide
    }
    /// The guide for the space the keyboard takes (UIKit's `keyboardLayoutGuide`, iOS 15).
    /// The keyboard is never shown here, so the guide is where UIKit puts it while the
    /// keyboard is offscreen (`usesBottomSafeArea`, true by default): its top on the safe
    /// area's bottom, its bottom on the view's, as wide as the view
    /// (`FittingAndGuidesTests.testKeyboardLayoutGuideSpansTheBottomSafeArea`).
    public var keyboardLayoutGuide: UILayoutGuide {
        if let guide = keyboardGuideStorage { return guide }
        let guide = makeGuide(.keyboard)
        keyboardGuideStorage = guide
        return guide
    }
    private var marginsGuideStorage: UILayoutGuide?
    private var safeAreaGuideStorage: UILayoutGuide?
    private var keyboardGuideStorage: UILayoutGuide?

    let layoutVariables: LayoutVariables
    let sequenceNumber: Int
    /// Active constraints that relate this view (or one of its guides).
    var attachedConstraints: [NSLayoutConstraint] = []
    /// The layout state of a root view.
    var engine: LayoutEngine?
    /// Whether the root needs a layout pass.
    var needsLayout = true
    /// The intrinsic size the engine last read; nil after ``invalidateIntrinsicContentSize()``.
    var cachedIntrinsicSize: CGSize?
    /// The width a text view wraps at, from the last layout pass (automatic `preferredMaxLayoutWidth`).
    var automaticWrapWidth: CGFloat?
    /// Why the last reading of ``intrinsicContentSize`` could not measure (set by text views).
    var measurementError: (any Error)?
    /// Whether this tree prints its layout diagnostics to standard error, as UIKit prints
    /// them to the console (true by default; read on the root view).
    public var logsLayoutDiagnostics = true

    private var hugging: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultLow, .defaultLow)
    private var compression: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultHigh, .defaultHigh)

    /// Creates a view with a frame (zero by default).
    public init(frame: CGRect = .zero) {
        frameStorage = frame
        sequenceNumber = Sequence.nextItem()
        layoutVariables = LayoutVariables("view\(sequenceNumber)")
    }

    /// Frees the subtree without recursion: releasing the subviews one by one from deinit to
    /// deinit used a few stack frames per level, so dropping a tree 10,000 deep overflowed a
    /// 512 KiB thread stack (GCD's). Descendants held only by the tree are emptied here, so
    /// each is freed with no subviews of its own.
    deinit {
        var pending = subviews
        subviews = []
        while var view = pending.popLast() {
            if isKnownUniquelyReferenced(&view) {
                pending += view.subviews
                view.subviews = []
            }
        }
    }

    // MARK: The tree

    /// Adds a view on top of the subviews, taking it from its old superview.
    /// A view cannot become its own descendant; such a call is ignored and reported in
    /// ``layoutDiagnostics``.
    public func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts a view among the subviews at an index (clamped to the valid range).
    public func insertSubview(_ view: UIView, at index: Int) {
        if view === self || isDescendant(of: view) {
            rootView.engineForDiagnostics.report(
                .invalidHierarchy(
                    "cannot add \(view.diagnosticName) to \(diagnosticName): a view cannot be its own ancestor"))
            return
        }
        if view.superview === self, let old = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: old)
        } else {
            view.removeFromSuperview()
        }
        view.rootView.setNeedsLayout()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        view.engine = nil
        setNeedsLayout()
    }

    /// Removes the view from its superview, deactivating the constraints that tie it (or its
    /// subviews) to views outside it, as UIKit does.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.setNeedsLayout()
        let views = subtree()
        let inside = Set(views.map(ObjectIdentifier.init))
        var outgoing: [NSLayoutConstraint] = []
        for view in views {
            for constraint in view.attachedConstraints
            where constraint.attachmentViews.contains(where: { !inside.contains(ObjectIdentifier($0)) }) {
                outgoing.append(constraint)
            }
        }
        NSLayoutConstraint.deactivate(outgoing)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        needsLayout = true
    }

    /// Whether this view is `view` or one of its descendants.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The top of the tree this view is in.
    public var rootView: UIView {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// The window the view is in, if any.
    public var window: UIWindow? { rootView as? UIWindow }

    /// The environment: size classes, scale, direction, content size category and language
    /// from the window (defaults: @2x, unspecified), with the ``traitOverrides`` of the view
    /// and its ancestors applied, the nearest last.
    open var traitCollection: UITraitCollection {
        var overridden: [UIView] = []
        var view = self
        while true {
            if !view.traitOverrides.isEmpty { overridden.append(view) }
            guard let parent = view.superview else { break }
            view = parent
        }
        var traits = (view as? UIWindow)?.windowTraits ?? UITraitCollection()
        for view in overridden.reversed() { view.traitOverrides.apply(to: &traits) }
        return traits
    }

    /// Traits this view sets for itself and its subviews (iOS 17's `traitOverrides`): a
    /// content size category, a typesetting language, a layout direction. Changing them is a
    /// trait change: every view below is told (``traitCollectionDidChange(_:)``) and measured again.
    public var traitOverrides = UITraitOverrides() {
        didSet {
            guard traitOverrides != oldValue else { return }
            var before = superview?.traitCollection ?? (self as? UIWindow)?.windowTraits ?? UITraitCollection()
            oldValue.apply(to: &before)
            traitsDidChange(from: before, directionChanged: oldValue.layoutDirection != traitOverrides.layoutDirection)
        }
    }

    /// Tells every view of the subtree that its traits changed, and measures them again.
    func traitsDidChange(from previous: UITraitCollection, directionChanged: Bool) {
        for view in subtree() {
            view.traitCollectionDidChange(previous)
            view.invalidateIntrinsicContentSize()
        }
        // Leading and trailing are translated once per constraint; a new direction needs a new engine.
        if directionChanged { rootView.engine = nil }
        setNeedsLayout()
    }

    /// Called when the view's traits change (UIKit's `traitCollectionDidChange(_:)`, with the
    /// traits before the change); labels that adjust to the content size category read their
    /// font again here. Overrides call `super`.
    func traitCollectionDidChange(_ previous: UITraitCollection) {}

    /// The view and all its descendants, depth first, in subview order.
    func subtree() -> [UIView] {
        var result: [UIView] = []
        var stack: [UIView] = [self]
        while let view = stack.popLast() {
            result.append(view)
            stack.append(contentsOf: view.subviews.reversed())
        }
        return result
    }

    // MARK: Guides

    /// Adds a layout guide to the view.
    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.role == .custom, !layoutGuides.contains(where: { $0 === guide }) else { return }
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        layoutGuides.append(guide)
        setNeedsLayout()
    }

    /// Removes a layout guide and deactivates its constraints.
    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        guard let index = layoutGuides.firstIndex(where: { $0 === guide }) else { return }
        NSLayoutConstraint.deactivate(attachedConstraints.filter { $0.first === guide || $0.second === guide })
        layoutGuides.remove(at: index)
        guide.owningView = nil
        setNeedsLayout()
    }

    private func makeGuide(_ role: UILayoutGuide.Role) -> UILayoutGuide {
        let guide = UILayoutGuide(role: role, identifier: "")
        guide.owningView = self
        return guide
    }

    /// The built-in guides that exist so far (created when first asked for).
    var builtInGuides: [UILayoutGuide] {
        [marginsGuideStorage, safeAreaGuideStorage, keyboardGuideStorage].compactMap { $0 }
    }

    // MARK: Intrinsic size and priorities

    /// The size the view's content needs; ``noIntrinsicMetric`` on an axis without one.
    /// Override it in custom views, calling ``invalidateIntrinsicContentSize()`` when it changes.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// How far the frame reaches past the rectangle constraints place (the alignment
    /// rectangle): constraints and the intrinsic size are about the alignment rectangle, and
    /// the frame is that rectangle grown by these insets. Zero by default; override it in
    /// views whose drawing reaches past their content (UIKit's `alignmentRectInsets`).
    open var alignmentRectInsets: UIEdgeInsets { .zero }

    /// The intrinsic size, read once until invalidated.
    func currentIntrinsicSize() -> CGSize {
        if let size = cachedIntrinsicSize { return size }
        measurementError = nil
        let size = intrinsicContentSize
        cachedIntrinsicSize = size
        return size
    }

    /// Tells the next layout pass to read ``intrinsicContentSize`` again.
    public func invalidateIntrinsicContentSize() {
        cachedIntrinsicSize = nil
        baselineCache = nil
        setNeedsLayout()
    }

    /// How strongly the view resists growing beyond its intrinsic size on an axis.
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? hugging.horizontal : hugging.vertical
    }
    /// Sets how strongly the view resists growing beyond its intrinsic size on an axis.
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { hugging.horizontal = priority } else { hugging.vertical = priority }
        setNeedsLayout()
    }
    /// How strongly the view resists shrinking below its intrinsic size on an axis.
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? compression.horizontal : compression.vertical
    }
    /// Sets how strongly the view resists shrinking below its intrinsic size on an axis.
    public func setContentCompressionResistancePriority(
        _ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis
    ) {
        if axis == .horizontal { compression.horizontal = priority } else { compression.vertical = priority }
        setNeedsLayout()
    }

    /// Whether the view's text wraps at the width layout gives it (a multi-line label
    /// without `preferredMaxLayoutWidth`, a text view that does not scroll).
    var wrapsAtLayoutWidth: Bool { false }

    /// Where the view's text sits; nil (no text) puts the first baseline at the top edge and
    /// the last at the bottom edge. Measured only when a baseline constraint asks, and kept
    /// until the content or its wrap width changes.
    var textBaselines: BaselineOffsets? {
        if let cache = baselineCache, cache.wrapWidth == automaticWrapWidth { return cache.offsets }
        let offsets = measureBaselines()
        baselineCache = (automaticWrapWidth, offsets)
        return offsets
    }
    private var baselineCache: (wrapWidth: CGFloat?, offsets: BaselineOffsets?)?

    /// Lays the view's text out to find its baselines (text views override it).
    func measureBaselines() -> BaselineOffsets? { nil }

    /// The view whose first baseline is this view's first baseline (itself by default).
    open var forFirstBaselineLayout: UIView { forLastBaselineLayout }
    /// The view whose last baseline is this view's last baseline (itself by default).
    open var forLastBaselineLayout: UIView { self }

    // MARK: Constraints

    /// The active constraints that relate this view or its guides.
    public var constraints: [NSLayoutConstraint] { attachedConstraints }
    /// Activates a constraint (the pre-iOS 8 way).
    public func addConstraint(_ constraint: NSLayoutConstraint) { NSLayoutConstraint.activate([constraint]) }
    /// Activates constraints (the pre-iOS 8 way).
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.activate(constraints) }
    /// Deactivates a constraint.
    public func removeConstraint(_ constraint: NSLayoutConstraint) { NSLayoutConstraint.deactivate([constraint]) }
    /// Deactivates constraints.
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        NSLayoutConstraint.deactivate(constraints)
    }

    /// The view's left edge.
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .left) }
    /// The view's right edge.
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .right) }
    /// The view's leading edge (left in left-to-right layouts).
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .leading) }
    /// The view's trailing edge (right in left-to-right layouts).
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .trailing) }
    /// The view's top edge.
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .top) }
    /// The view's bottom edge.
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .bottom) }
    /// The view's width.
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(self, .width) }
    /// The view's height.
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(self, .height) }
    /// The view's horizontal center.
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .centerX) }
    /// The view's vertical center.
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .centerY) }
    /// The baseline of the first line of text (the top edge for views without text).
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .firstBaseline) }
    /// The baseline of the last line of text (the bottom edge for views without text).
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .lastBaseline) }

    // MARK: Layout

    /// Marks the tree for a layout pass.
    public func setNeedsLayout() { rootView.needsLayout = true }

    /// Lays the whole tree out now if anything changed: solves the constraints, re-measures
    /// wrapping text at its solved width until the layout is stable, and writes every
    /// view's frame, rounded to the pixel grid.
    public func layoutIfNeeded() {
        let root = rootView
        guard root.needsLayout || root.engine == nil else { return }
        root.engineForDiagnostics.layOut()
    }

    /// The root's engine, made on first use.
    var engineForDiagnostics: LayoutEngine {
        let root = rootView
        if let engine = root.engine { return engine }
        let engine = LayoutEngine(root: root)
        root.engine = engine
        return engine
    }

    /// What the last layout passes of this tree reported: broken constraints, failed
    /// measurements, constraints that could not be installed.
    public var layoutDiagnostics: [LayoutDiagnostic] { rootView.engine?.diagnostics ?? [] }

    // MARK: Naming

    var diagnosticName: String {
        "\(String(describing: type(of: self))):\(name ?? defaultName)"
    }
    /// The name used when ``name`` is not set (labels use their text, as UIKit's logs do).
    var defaultName: String { "#\(sequenceNumber)" }
    var itemOwningView: UIView? { self }

    /// `<UILabel:title; frame = (24 24; 39.5 20.5)>`.
    public var description: String {
        // As solved: a negative size prints negative, as UIKit's description does.
        let f = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map {
            PixelGrid.format(Double($0))
        }
        return "<\(diagnosticName); frame = (\(f[0]) \(f[1]); \(f[2]) \(f[3]))>"
    }

    /// Constraints the view makes for its own layout (stack views).
    func generatedLayoutConstraints() -> [NSLayoutConstraint] { [] }
}
