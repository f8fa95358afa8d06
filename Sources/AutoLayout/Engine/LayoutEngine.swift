import ConstraintSolver
import Foundation
import Typesetting

/// The layout state of one view tree: the solver, the constraints installed in it, and
/// the passes that turn them into frames.
///
/// A pass collects the constraints the tree wants (translated frames, guides, intrinsic
/// sizes, stack views, then the user's in activation order), brings the solver up to date
/// by difference (new constraints are added, gone ones removed, changed constants updated
/// in place), solves, and re-measures wrapping text at its solved width until nothing
/// changes. Only then are frames written, rounded to the pixel grid.
final class LayoutEngine {
    unowned let root: UIView
    /// Set for a `systemLayoutSizeFitting` engine: the target and its priorities.
    let fitting: (target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority)?

    var solver = Solver() {
        didSet {
            movableSymbols = nil
            ambiguity = [:]
        }
    }
    /// What zero-cost moves reach in the current solver, found once for every view's
    /// ambiguity query and dropped whenever the solver changes.
    private var movableSymbols: [Bool]?
    /// Each variable's answer so far in the current solver: a report and a picture of the
    /// same layout ask for every view's ambiguity, and each answer expands the variable.
    private var ambiguity: [Variable: Bool] = [:]

    /// The variables among `variables` that other values would satisfy equally well.
    func ambiguousVariables(among variables: [Variable]) -> [Variable] {
        let unknown = variables.filter { ambiguity[$0] == nil }
        if !unknown.isEmpty {
            let movable = movableSymbols ?? solver.symbolsReachedByCostlessMoves()
            movableSymbols = movable
            let free = solver.ambiguousVariables(among: unknown, movable: movable)
            for variable in unknown { ambiguity[variable] = free.contains(variable) }
        }
        return variables.filter { ambiguity[$0] == true }
    }
    /// What the current state of the tree reports.
    private(set) var diagnostics: [LayoutDiagnostic] = []
    /// Diagnostics reported outside passes (refused tree operations), kept until the next pass.
    private var pendingDiagnostics: [LayoutDiagnostic] = []
    /// Installed constraints by identity, in installation order.
    private var installed: [ObjectIdentifier: Installed] = [:]
    private var installOrder: [ObjectIdentifier] = []
    /// Which layout constraint each solver constraint came from.
    private var owners: [Constraint: NSLayoutConstraint] = [:]
    /// Required constraints left out because they conflicted, with the form they had.
    private var broken: [ObjectIdentifier: [Form]] = [:]
    /// Constraints generated for the tree: translated frames, guides and intrinsic sizes.
    var generated: [ObjectIdentifier: [NSLayoutConstraint]] = [:]
    /// What each autoresizing view's generated constraints were made from.
    var generatedKeys: [ObjectIdentifier: AutoresizingKey] = [:]
    /// The most rounds of re-measuring wrapping text in one pass.
    static let maximumRounds = 8

    private struct Installed {
        let constraint: NSLayoutConstraint
        var forms: [Form]
        var solverConstraints: [Constraint]
    }

    /// One solver constraint's shape: `terms + constant relation 0` at a priority.
    struct Form: Equatable {
        var terms: [Term]
        var constant: Double
        var relation: Relation
        var priority: Double

        func sameShape(as other: Form) -> Bool {
            relation == other.relation && priority == other.priority && terms.count == other.terms.count
                && zip(terms, other.terms).allSatisfy { $0.variable == $1.variable && $0.coefficient == $1.coefficient }
        }
        static func == (lhs: Form, rhs: Form) -> Bool { lhs.sameShape(as: rhs) && lhs.constant == rhs.constant }
        /// Whether two lists of forms differ at most in their constants (updated in place).
        static func sameShapes(_ lhs: [Form], _ rhs: [Form]) -> Bool {
            lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.sameShape(as: $1) }
        }
    }

    init(
        root: UIView,
        fitting: (target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority)? = nil
    ) {
        self.root = root
        self.fitting = fitting
        solver.explainsFailures = true
    }

    /// The root's display scale and layout direction, read once at the start of each pass:
    /// every leading or trailing term of every constraint, in every round, and every pixel
    /// edge needs them, and each read of `traitCollection` walks up to the window.
    private var passTraits: (scale: Double, rightToLeft: Bool)? = nil
    /// Whether a view of this pass sets a semantic content attribute, and the direction of
    /// the constraint being translated (`isRightToLeft(for:treeHasSemanticContent:)`).
    private var passHasSemanticContent = false
    private var constraintRightToLeft: Bool?

    var scale: Double { passTraits?.scale ?? Double(root.traitCollection.displayScale) }

    /// A solved position on the nearest pixel, halves up (`PixelGrid.round`); unrounded when
    /// the scale is not a usable number.
    func pixelRound(_ value: Double) -> Double {
        let scale = scale
        guard value.isFinite, scale > 0 else { return value }
        return PixelGrid.round(value, scale: scale)
    }

    /// A solved rectangle with each edge on the nearest pixel.
    func pixelEdges(_ r: Rect) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        (pixelRound(r.minX), pixelRound(r.minY), pixelRound(r.maxX), pixelRound(r.maxY))
    }
    var isRightToLeft: Bool {
        passTraits?.rightToLeft ?? (root.traitCollection.layoutDirection == .rightToLeft)
    }

    func report(_ diagnostic: LayoutDiagnostic) {
        pendingDiagnostics.append(diagnostic)
        diagnostics.append(diagnostic)
        log(diagnostic)
    }

    private func log(_ diagnostic: LayoutDiagnostic) {
        guard fitting == nil, root.logsLayoutDiagnostics else { return }
        FileHandle.standardError.write(Data((diagnostic.message + "\n").utf8))
    }

    // MARK: The pass

    /// Runs a layout pass and writes frames (not for fitting engines).
    func layOut() {
        let views = solve()
        writeFrames(views)
        root.needsLayout = false
    }

    /// Solves the tree until wrapping text is stable; returns the views in tree order.
    @discardableResult
    func solve() -> [UIView] {
        let views = root.subtree()
        var passDiagnostics = pendingDiagnostics
        pendingDiagnostics = []
        let traits = root.traitCollection
        passTraits = (Double(traits.displayScale), traits.layoutDirection == .rightToLeft)
        passHasSemanticContent = views.contains {
            $0.semanticContentAttribute != .unspecified || $0.traitOverrides.layoutDirection != nil
        }
        if let window = root as? UIWindow { window.safeAreaInsets = window.deviceSafeAreaInsets }
        var inTree = Set<ObjectIdentifier>()
        inTree.reserveCapacity(views.count)
        for view in views { inTree.insert(ObjectIdentifier(view)) }
        // Rounds change wrap widths and safe areas only, never the user's constraints.
        let user = userConstraints(views, inTree: inTree, diagnostics: &passDiagnostics)
        var rounds = 0
        while true {
            rounds += 1
            let desired = collect(views, inTree: inTree, user: user, diagnostics: &passDiagnostics)
            sync(desired, diagnostics: &passDiagnostics)
            loadRects(views)
            let wrapChanged = updateWrapWidths(views)
            let safeAreaChanged = updateSafeAreas(views)
            let changed = wrapChanged || safeAreaChanged
            if !changed { break }
            if rounds >= LayoutEngine.maximumRounds {
                // Name what kept moving: wrap widths, or safe areas and margins that feed back
                // into the frames they are measured from (UIKit's layout feedback loop).
                var moving: [String] = []
                if wrapChanged {
                    let names = views.filter(\.wrapsAtLayoutWidth).map(\.diagnosticName).joined(separator: ", ")
                    moving.append("re-measuring wrapping text (\(names))")
                }
                if safeAreaChanged { moving.append("safe-area insets and margins that move the views they inset") }
                passDiagnostics.append(
                    LayoutDiagnostic(
                        .unstableLayout,
                        "layout did not settle after \(rounds) rounds of "
                            + moving.joined(separator: " and of ")))
                break
            }
        }
        diagnostics = passDiagnostics
        return views
    }

    // MARK: Collecting

    /// The user's constraints, once each, in activation order; those that reach outside the
    /// tree are left out and reported.
    private func userConstraints(
        _ views: [UIView], inTree: Set<ObjectIdentifier>, diagnostics: inout [LayoutDiagnostic]
    ) -> [NSLayoutConstraint] {
        var seen = Set<ObjectIdentifier>()
        var user: [NSLayoutConstraint] = []
        for view in views {
            for constraint in view.attachedConstraints where seen.insert(ObjectIdentifier(constraint)).inserted {
                let owners = constraint.attachmentViews
                if owners.allSatisfy({ inTree.contains(ObjectIdentifier($0)) }) {
                    user.append(constraint)
                } else if fitting == nil {
                    diagnostics.appendOnce(
                        LayoutDiagnostic(
                            .invalidConstraint,
                            "\(constraint) relates views that are not in one view tree; it is left out",
                            broken: constraint))
                }
            }
        }
        user.sort { ($0.activationOrder ?? 0) < ($1.activationOrder ?? 0) }
        return user
    }

    private func collect(
        _ views: [UIView], inTree: Set<ObjectIdentifier>, user: [NSLayoutConstraint],
        diagnostics: inout [LayoutDiagnostic]
    ) -> [NSLayoutConstraint] {
        var result: [NSLayoutConstraint] = []
        for view in views {
            if view === root {
                result.append(contentsOf: rootConstraints())
            } else if view.translatesAutoresizingMaskIntoConstraints {
                result.append(contentsOf: autoresizingConstraints(for: view))
            }
            // A stack view may create its margins guide while making its constraints: make them first.
            let own = view.generatedLayoutConstraints()
            for guide in view.builtInGuides { result.append(contentsOf: guideConstraints(guide, of: view)) }
            result.append(contentsOf: contentSizeConstraints(for: view, diagnostics: &diagnostics))
            result.append(contentsOf: own)
        }
        result.append(contentsOf: user)
        prune(keeping: inTree, views: views)
        // Required constraints go in first: while their variables are still free the solver
        // makes one of them the row's subject, instead of pivoting in an artificial variable
        // through rows that optional constraints have already filled (superlinear on long screens).
        // Among them, required content sizes (hugging and compression resistance both 1000) go
        // in last: UIKit adds content-size constraints when it updates constraints, after the
        // app's own, so in a conflict the content size is the one broken. A button with an
        // image, both priorities at 1000 and required 30 × 30 constraints is stored 30 × 30
        // (InterfaceBuilderReleaseTests.testRequiredSizeConstraintsWinOverRequiredContentSizes).
        var required: [NSLayoutConstraint] = []
        var requiredContent: [NSLayoutConstraint] = []
        var optional: [NSLayoutConstraint] = []
        for constraint in result {
            if let content = constraint as? NSContentSizeLayoutConstraint {
                // Required only when both halves are.
                if content.huggingPriority.isRequired, content.compressionResistancePriority.isRequired {
                    requiredContent.append(constraint)
                } else {
                    optional.append(constraint)
                }
            } else if constraint.priority.isRequired {
                required.append(constraint)
            } else {
                optional.append(constraint)
            }
        }
        if requiredContent.isEmpty, optional.isEmpty { return result }
        return required + requiredContent + optional
    }

    /// Forgets the generated constraints of views and guides that left the tree (they hold
    /// their views; keeping them would keep removed views alive).
    private func prune(keeping inTree: Set<ObjectIdentifier>, views: [UIView]) {
        var alive = inTree
        for view in views {
            for guide in view.builtInGuides { alive.insert(ObjectIdentifier(guide)) }
        }
        if generated.count > alive.count || generated.keys.contains(where: { !alive.contains($0) }) {
            generated = generated.filter { alive.contains($0.key) }
            generatedKeys = generatedKeys.filter { alive.contains($0.key) }
        }
        if contentSize.keys.contains(where: { !inTree.contains($0) }) {
            contentSize = contentSize.filter { inTree.contains($0.key) }
        }
    }

    private func cached(_ owner: AnyObject, _ make: () -> [NSLayoutConstraint]) -> [NSLayoutConstraint] {
        let id = ObjectIdentifier(owner)
        if let existing = generated[id] { return existing }
        let made = make()
        generated[id] = made
        return made
    }

    /// The root's position and size: fixed by its frame, or pulled toward the fitting target.
    private func rootConstraints() -> [NSLayoutConstraint] {
        let list = cached(root) {
            [NSLayoutConstraint.Attribute.left, .top, .width, .height].map { attribute in
                let constraint = NSAutoresizingMaskLayoutConstraint(
                    view: root, attribute: attribute, superview: nil, superAttribute: .notAnAttribute, multiplier: 1,
                    constant: 0, maskNotation: attribute.axis == .horizontal ? "h=---" : "v=---")
                return constraint
            }
        }
        let frame = root.frame
        list[0].constant = fitting == nil ? frame.minX : 0
        list[1].constant = fitting == nil ? frame.minY : 0
        if let fitting {
            list[2].constant = fitting.target.width
            list[3].constant = fitting.target.height
            list[2].priority = fitting.horizontal
            list[3].priority = fitting.vertical
            list[2].identifier = "fittingSizeHTarget"
            list[3].identifier = "fittingSizeVTarget"
            return list
        }
        list[2].constant = frame.width
        list[3].constant = frame.height
        return root.translatesAutoresizingMaskIntoConstraints ? list : []
    }

    /// A built-in guide inset from its view by the margins or the safe area; the keyboard's
    /// guide, with no keyboard shown, spans the view's bottom safe-area inset.
    private func guideConstraints(_ guide: UILayoutGuide, of view: UIView) -> [NSLayoutConstraint] {
        if guide.role == .keyboard {
            // As UIKit places it while the keyboard is offscreen (`usesBottomSafeArea`): top on
            // the safe area's bottom, bottom and sides on the view's.
            let list = cached(guide) {
                systemConstraints(
                    from: guide, to: view,
                    [
                        (.left, .left, "UIKeyboardLayoutGuide-left"), (.top, .bottom, "UIKeyboardLayoutGuide-top"),
                        (.width, .width, "UIKeyboardLayoutGuide-width"),
                        (.bottom, .bottom, "UIKeyboardLayoutGuide-bottom"),
                    ])
            }
            list[1].constant = -view.safeAreaInsets.bottom
            return list
        }
        let list = cached(guide) {
            let names = ["left", "top", "width", "height"]
            let attributes: [NSLayoutConstraint.Attribute] = [.left, .top, .width, .height]
            return systemConstraints(
                from: guide, to: view,
                zip(attributes, names).map { attribute, name in
                    let identifier =
                        guide.role == .safeArea
                        ? "UIViewSafeAreaLayoutGuide-" + name : "UIView-\(name)Margin-guide-constraint"
                    return (attribute, attribute, identifier)
                })
        }
        let insets = guide.role == .safeArea ? view.safeAreaInsets : view.effectiveLayoutMargins
        list[0].constant = insets.left
        list[1].constant = insets.top
        list[2].constant = -insets.horizontal
        list[3].constant = -insets.vertical
        return list
    }

    /// `guide.first == view.second` for each pair, as constraints the engine owns.
    private func systemConstraints(
        from guide: UILayoutGuide, to view: UIView,
        _ pairs: [(NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, String)]
    ) -> [NSLayoutConstraint] {
        pairs.map { first, second, identifier in
            let constraint = NSLayoutConstraint(
                first: guide, firstAttribute: first, relation: .equal, second: view, secondAttribute: second,
                identifier: identifier)
            constraint.isSystemConstraint = true
            return constraint
        }
    }

    /// `size <= intrinsic @hugging` and `size >= intrinsic @compression resistance` per axis.
    private func contentSizeConstraints(for view: UIView, diagnostics: inout [LayoutDiagnostic])
        -> [NSLayoutConstraint]
    {
        let size = view.currentIntrinsicSize()
        if let error = view.measurementError, fitting == nil {
            diagnostics.append(
                LayoutDiagnostic(.measurementFailed, "\(view.diagnosticName): intrinsic size not measured: \(error)"))
        }
        let id = ObjectIdentifier(view)
        // Most views (plain views, stacks) have no intrinsic size: nothing to keep.
        guard size.width >= 0 && size.width.isFinite || size.height >= 0 && size.height.isFinite else {
            contentSize[id] = nil
            return []
        }
        var result: [NSLayoutConstraint] = []
        var existing = contentSize[id] ?? ContentSizePair()
        for axis in NSLayoutConstraint.Axis.allCases {
            let value = axis == .horizontal ? size.width : size.height
            guard value >= 0, value.isFinite else {
                existing[axis] = nil
                continue
            }
            let hug = view.contentHuggingPriority(for: axis)
            let resist = view.contentCompressionResistancePriority(for: axis)
            if let constraint = existing[axis] {
                constraint.constant = value
                constraint.huggingPriority = hug
                constraint.compressionResistancePriority = resist
                result.append(constraint)
            } else {
                let constraint = NSContentSizeLayoutConstraint(
                    view: view, axis: axis, size: value, hugging: hug, compression: resist)
                existing[axis] = constraint
                result.append(constraint)
            }
        }
        contentSize[id] = existing
        return result
    }
    private var contentSize: [ObjectIdentifier: ContentSizePair] = [:]

    /// A view's content-size constraints, one per axis (nil where the axis has no intrinsic
    /// size), kept so that a new intrinsic size updates them in place.
    private struct ContentSizePair {
        var horizontal: NSContentSizeLayoutConstraint?
        var vertical: NSContentSizeLayoutConstraint?

        subscript(axis: NSLayoutConstraint.Axis) -> NSContentSizeLayoutConstraint? {
            get { axis == .horizontal ? horizontal : vertical }
            set {
                if axis == .horizontal { horizontal = newValue } else { vertical = newValue }
            }
        }
    }

    // MARK: Translating

    /// The solver forms of a constraint: one, or two for a content-size constraint; nil when
    /// it cannot be translated (with the reason).
    func forms(of constraint: NSLayoutConstraint) -> Result<[Form], FormError> {
        if let content = constraint as? NSContentSizeLayoutConstraint {
            guard let view = content.first as? UIView else { return .failure(.init("it has no view")) }
            let variable = content.firstAttribute == .width ? view.layoutVariables.width : view.layoutVariables.height
            let terms = [Term(variable)]
            let constant = -Double(content.constant)
            var forms: [Form] = []
            if let hug = contentPriority(content.huggingPriority) {
                forms.append(Form(terms: terms, constant: constant, relation: .lessThanOrEqual, priority: hug))
            }
            if let resist = contentPriority(content.compressionResistancePriority) {
                forms.append(Form(terms: terms, constant: constant, relation: .greaterThanOrEqual, priority: resist))
            }
            return .success(forms)
        }
        guard let first = constraint.first else {
            return .failure(.init("its first item is not a view or layout guide"))
        }
        guard let firstAxis = constraint.firstAttribute.axis else {
            return .failure(.init("its first attribute is notAnAttribute"))
        }
        let rawPriority = Double(constraint.priority.rawValue)
        guard rawPriority.isFinite, rawPriority > 0, rawPriority <= 1000 else {
            return .failure(.init("its priority \(constraint.priority) is outside 1...1000"))
        }
        guard constraint.multiplier.isFinite, constraint.constant.isFinite else {
            return .failure(.init("its multiplier or constant is not finite"))
        }
        if constraint.firstAttribute.withoutMargin != nil && !(first is UIView)
            || constraint.secondAttribute.withoutMargin != nil && !(constraint.second is UIView)
        {
            return .failure(.init("a layout guide has no margins"))
        }
        var terms: [Term] = []
        var constant = 0.0
        constraintRightToLeft = isRightToLeft(for: constraint, treeHasSemanticContent: passHasSemanticContent)
        defer { constraintRightToLeft = nil }
        linear(first, constraint.firstAttribute, scale: 1, into: &terms, constant: &constant)
        if let second = constraint.second {
            // Sizes may relate across axes (an aspect ratio: height = width); positions may not.
            guard
                constraint.secondAttribute.axis == firstAxis
                    || constraint.firstAttribute.isDimension && constraint.secondAttribute.isDimension
            else {
                return .failure(.init("it relates the \(firstAxis) axis to another axis"))
            }
            guard
                constraint.firstAttribute.isDimension == constraint.secondAttribute.isDimension
                    || constraint.multiplier != 0
            else { return .failure(.init("it relates a position to a size")) }
            linear(
                second, constraint.secondAttribute, scale: -Double(constraint.multiplier), into: &terms,
                constant: &constant)
        } else if !constraint.firstAttribute.isDimension, !(constraint is NSAutoresizingMaskLayoutConstraint) {
            return .failure(.init("a position cannot equal a constant; relate it to another anchor"))
        }
        if let extra = (constraint as? NSAutoresizingMaskLayoutConstraint)?.additionalTerm {
            linear(extra.item, extra.attribute, scale: -Double(extra.ratio), into: &terms, constant: &constant)
        }
        constant -= Double(constraint.constant)
        let relation: Relation =
            switch constraint.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        return .success([
            Form(terms: merge(terms), constant: constant, relation: relation, priority: min(rawPriority, 1000))
        ])
    }

    struct FormError: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Content-size constraints sit just below user constraints of the same priority, so an
    /// explicit constraint wins a tie (as UIKit does).
    private func contentPriority(_ priority: UILayoutPriority) -> Double? {
        let raw = Double(priority.rawValue)
        guard raw.isFinite, raw > 0 else { return nil }
        if raw >= 1000 { return 1000 }
        return max(raw - 0.001, 1)
    }

    /// Adds `scale × item.attribute` to a linear expression.
    private func linear(
        _ item: any LayoutItem, _ attribute: NSLayoutConstraint.Attribute, scale: Double, into terms: inout [Term],
        constant: inout Double
    ) {
        if let plain = attribute.withoutMargin, let view = item as? UIView {
            linear(view.layoutMarginsGuide, plain, scale: scale, into: &terms, constant: &constant)
            return
        }
        let v = item.layoutVariables
        switch attribute {
        case .left:
            terms.append(Term(v.minX, scale))
        case .right:
            terms.append(Term(v.minX, scale))
            terms.append(Term(v.width, scale))
        case .leading:
            if constraintRightToLeft ?? isRightToLeft {
                // Leading edges count from the right: `a.leading == b.leading + 20` puts a 20 pt left of b's right edge.
                terms.append(Term(v.minX, -scale))
                terms.append(Term(v.width, -scale))
            } else {
                terms.append(Term(v.minX, scale))
            }
        case .trailing:
            if constraintRightToLeft ?? isRightToLeft {
                terms.append(Term(v.minX, -scale))
            } else {
                terms.append(Term(v.minX, scale))
                terms.append(Term(v.width, scale))
            }
        case .width:
            terms.append(Term(v.width, scale))
        case .centerX:
            terms.append(Term(v.minX, scale))
            terms.append(Term(v.width, scale / 2))
        case .top:
            terms.append(Term(v.minY, scale))
        case .bottom:
            terms.append(Term(v.minY, scale))
            terms.append(Term(v.height, scale))
        case .height:
            terms.append(Term(v.height, scale))
        case .centerY:
            terms.append(Term(v.minY, scale))
            terms.append(Term(v.height, scale / 2))
        case .firstBaseline:
            guard let view = item as? UIView else {
                linear(item, .top, scale: scale, into: &terms, constant: &constant)
                return
            }
            let target = view.forFirstBaselineLayout
            let tv = target.layoutVariables
            terms.append(Term(tv.minY, scale))
            if let offset = target.textBaselines?.fromTop {
                constant += scale * Double(offset)
            }
        case .lastBaseline:
            guard let view = item as? UIView else {
                linear(item, .bottom, scale: scale, into: &terms, constant: &constant)
                return
            }
            let target = view.forLastBaselineLayout
            let tv = target.layoutVariables
            terms.append(Term(tv.minY, scale))
            terms.append(Term(tv.height, scale))
            if let offset = target.textBaselines?.fromBottom {
                constant -= scale * Double(offset)
            }
        default:
            break
        }
    }

    /// Combines terms on the same variable, keeping first-appearance order (deterministic).
    private func merge(_ terms: [Term]) -> [Term] {
        var result: [Term] = []
        result.reserveCapacity(terms.count)
        for term in terms {
            if let index = result.firstIndex(where: { $0.variable == term.variable }) {
                result[index].coefficient += term.coefficient
            } else {
                result.append(term)
            }
        }
        return result.filter { $0.coefficient != 0 }
    }

    // MARK: Syncing the solver

    private func sync(_ desired: [NSLayoutConstraint], diagnostics: inout [LayoutDiagnostic]) {
        var wanted = Set<ObjectIdentifier>()
        wanted.reserveCapacity(desired.count)
        for constraint in desired { wanted.insert(ObjectIdentifier(constraint)) }

        var removedAny = false
        var keptOrder: [ObjectIdentifier] = []
        keptOrder.reserveCapacity(installOrder.count)
        for id in installOrder {
            if wanted.contains(id) {
                keptOrder.append(id)
            } else if let record = installed.removeValue(forKey: id) {
                uninstall(record)
                removedAny = true
            }
        }
        installOrder = keptOrder
        for id in Array(broken.keys) where !wanted.contains(id) {
            broken[id] = nil
        }
        for id in Array(lastReports.keys) where !wanted.contains(id) { lastReports[id] = nil }

        // Removals first, then constants, then additions: a constraint whose priority
        // dropped leaves the required level before a new required one comes in.
        // Installed constraints taken out below; installOrder drops them in one pass.
        var taken = Set<ObjectIdentifier>()
        var current: [(NSLayoutConstraint, [Form])] = []
        current.reserveCapacity(desired.count)
        for constraint in desired {
            let id = ObjectIdentifier(constraint)
            switch self.forms(of: constraint) {
            case .success(let forms):
                if let record = installed[id], !Form.sameShapes(record.forms, forms) {
                    installed[id] = nil
                    uninstall(record)
                    taken.insert(id)
                    removedAny = true
                }
                current.append((constraint, forms))
            case .failure(let error):
                if let record = installed.removeValue(forKey: id) {
                    uninstall(record)
                    taken.insert(id)
                    removedAny = true
                }
                if fitting == nil {
                    diagnostics.appendOnce(
                        LayoutDiagnostic(
                            .invalidConstraint, "\(constraint) is invalid: \(error.reason); it is left out",
                            broken: constraint))
                }
            }
        }
        var pending: [(NSLayoutConstraint, [Form])] = []
        for (constraint, forms) in current {
            let id = ObjectIdentifier(constraint)
            guard var record = installed[id] else {
                pending.append((constraint, forms))
                continue
            }
            var failed = false
            for index in forms.indices where forms[index].constant != record.forms[index].constant {
                do {
                    try solver.updateConstant(of: record.solverConstraints[index], to: forms[index].constant)
                    record.forms[index].constant = forms[index].constant
                    removedAny = true
                } catch {
                    failed = true
                    break
                }
            }
            if failed {
                installed[id] = nil
                uninstall(record)
                taken.insert(id)
                removedAny = true
                pending.append((constraint, forms))
            } else {
                installed[id] = record
            }
        }
        if !taken.isEmpty { installOrder.removeAll { taken.contains($0) } }
        var brokenNow: [NSLayoutConstraint] = []
        for (constraint, forms) in pending {
            let id = ObjectIdentifier(constraint)
            if let previous = broken[id], previous == forms, !removedAny {
                brokenNow.append(constraint)
                continue
            }
            install(constraint, forms, brokenNow: &brokenNow, diagnostics: &diagnostics)
        }
        for constraint in brokenNow where !diagnostics.contains(where: { $0.brokenConstraint === constraint }) {
            if let report = lastReports[ObjectIdentifier(constraint)] { diagnostics.append(report) }
        }
    }
    /// The last conflict report of each broken constraint, repeated while it stays broken.
    private var lastReports: [ObjectIdentifier: LayoutDiagnostic] = [:]

    private func install(
        _ constraint: NSLayoutConstraint, _ forms: [Form], brokenNow: inout [NSLayoutConstraint],
        diagnostics: inout [LayoutDiagnostic]
    ) {
        let id = ObjectIdentifier(constraint)
        var added: [Constraint] = []
        for form in forms {
            let solverConstraint = Constraint(
                Expression(form.terms, constant: form.constant), form.relation, priority: Priority(form.priority))
            do {
                try solver.add(solverConstraint)
                added.append(solverConstraint)
                owners[solverConstraint] = constraint
            } catch {
                for done in added {
                    try? solver.remove(done)
                    owners[done] = nil
                }
                broken[id] = forms
                brokenNow.append(constraint)
                if case .unsatisfiableConstraint(_, let conflicts) = error {
                    var conflicting: [NSLayoutConstraint] = []
                    for solverConstraint in conflicts {
                        if let owner = owners[solverConstraint], !conflicting.contains(where: { $0 === owner }) {
                            conflicting.append(owner)
                        }
                    }
                    conflicting.append(constraint)
                    let report = LayoutDiagnostic.unsatisfiable(broken: constraint, conflicting: conflicting)
                    record(report, for: constraint, diagnostics: &diagnostics)
                } else {
                    let report = LayoutDiagnostic(
                        .invalidConstraint, "\(constraint) could not be installed: \(error); it is left out",
                        broken: constraint)
                    record(report, for: constraint, diagnostics: &diagnostics)
                }
                return
            }
        }
        broken[id] = nil
        lastReports[id] = nil
        installed[id] = Installed(constraint: constraint, forms: forms, solverConstraints: added)
        installOrder.append(id)
    }

    /// Keeps a broken constraint's report: once per pass in the diagnostics, and printed
    /// only when it is new (retrying in later rounds does not repeat it).
    private func record(
        _ report: LayoutDiagnostic, for constraint: NSLayoutConstraint, diagnostics: inout [LayoutDiagnostic]
    ) {
        let id = ObjectIdentifier(constraint)
        let isNew = lastReports[id]?.message != report.message
        lastReports[id] = report
        if !diagnostics.contains(where: { $0.brokenConstraint === constraint }) { diagnostics.append(report) }
        if isNew { log(report) }
    }

    private func uninstall(_ record: Installed) {
        for solverConstraint in record.solverConstraints {
            try? solver.remove(solverConstraint)
            owners[solverConstraint] = nil
        }
    }

    typealias Rect = (minX: Double, minY: Double, maxX: Double, maxY: Double, width: Double, height: Double)
    /// The solved rectangles of the tree's views and guides, read in one evaluation after each sync.
    private var rects: [ObjectIdentifier: Rect] = [:]

    private func loadRects(_ views: [UIView]) {
        var items: [any LayoutItem] = []
        items.reserveCapacity(views.count)
        for view in views {
            items.append(view)
            for guide in view.layoutGuides { items.append(guide) }
            for guide in view.builtInGuides { items.append(guide) }
        }
        let values = solver.values(of: items.flatMap { $0.layoutVariables.all })
        rects.removeAll(keepingCapacity: true)
        for (index, item) in items.enumerated() {
            let x = values[4 * index]
            let y = values[4 * index + 1]
            let w = values[4 * index + 2]
            let h = values[4 * index + 3]
            rects[ObjectIdentifier(item)] = (x, y, x + w, y + h, w, h)
        }
    }

    /// An item's solved rectangle. Every view and guide of the tree is loaded after each
    /// sync, so this never falls back to reading the solver variable by variable.
    func absoluteRect(_ item: any LayoutItem) -> Rect {
        rects[ObjectIdentifier(item)] ?? (0, 0, 0, 0, 0, 0)
    }

    // MARK: Questions

    /// Installed constraints connected to the item's variables on an axis, directly or
    /// through other items' variables (but not through its superviews'), in installation order.
    func constraintsAffecting(_ item: any LayoutItem, axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        var byVariable: [Variable: [ObjectIdentifier]] = [:]
        for id in installOrder {
            guard let record = installed[id] else { continue }
            for form in record.forms {
                for term in form.terms { byVariable[term.variable, default: []].append(id) }
            }
        }
        // Superviews relate everything inside them: their variables are a boundary the
        // search reaches but does not cross.
        var boundary = Set<Variable>()
        var ancestor = item.itemOwningView
        if item is UIView { ancestor = ancestor?.superview }
        while let view = ancestor {
            boundary.formUnion(view.layoutVariables.axis(axis))
            ancestor = view.superview
        }
        var reached = Set<ObjectIdentifier>()
        var seenVariables = Set<Variable>()
        var queue = item.layoutVariables.axis(axis)
        while let variable = queue.popLast() {
            guard seenVariables.insert(variable).inserted, !boundary.contains(variable) else { continue }
            for id in byVariable[variable] ?? [] where reached.insert(id).inserted {
                for form in installed[id]?.forms ?? [] { queue.append(contentsOf: form.terms.map(\.variable)) }
            }
        }
        return installOrder.filter { reached.contains($0) }.compactMap { installed[$0]?.constraint }
    }
}

extension [LayoutDiagnostic] {
    /// Adds a diagnostic unless the same one is already there: every round of a pass meets an
    /// invalid constraint again, and one report of it is enough.
    mutating func appendOnce(_ diagnostic: LayoutDiagnostic) {
        guard !contains(where: { $0.kind == diagnostic.kind && $0.message == diagnostic.message }) else { return }
        append(diagnostic)
    }
}
