import Foundation
import Typesetting

/// A relation between two layout attributes, `first.attribute ⋚ multiplier × second.attribute + constant`
/// (`NSLayoutConstraint`).
///
/// ```swift
/// NSLayoutConstraint.activate([
///     label.topAnchor.constraint(equalTo: view.topAnchor, constant: 24),
///     label.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 24),
/// ])
/// ```
public class NSLayoutConstraint: CustomStringConvertible {
    /// An axis of layout.
    public enum Axis: Int, Sendable, Hashable, CaseIterable {
        /// Left to right: x positions and widths.
        case horizontal = 0
        /// Top to bottom: y positions and heights.
        case vertical = 1
    }

    /// A relation between the two sides.
    public enum Relation: Int, Sendable, Hashable {
        /// `first <= second`.
        case lessThanOrEqual = -1
        /// `first == second`.
        case equal = 0
        /// `first >= second`.
        case greaterThanOrEqual = 1

        var symbol: String {
            switch self {
            case .lessThanOrEqual: "<="
            case .equal: "=="
            case .greaterThanOrEqual: ">="
            }
        }
    }

    /// A part of an item's rectangle.
    public enum Attribute: Int, Sendable, Hashable, CaseIterable {
        /// Nothing: the constraint compares `first` with a constant.
        case notAnAttribute = 0
        /// The left edge.
        case left = 1
        /// The right edge.
        case right = 2
        /// The top edge.
        case top = 3
        /// The bottom edge.
        case bottom = 4
        /// The leading edge: left in left-to-right layouts, right in right-to-left ones.
        case leading = 5
        /// The trailing edge.
        case trailing = 6
        /// The width.
        case width = 7
        /// The height.
        case height = 8
        /// The horizontal center.
        case centerX = 9
        /// The vertical center.
        case centerY = 10
        /// The baseline of the last line of text.
        case lastBaseline = 11
        /// The baseline of the first line of text.
        case firstBaseline = 12
        /// The left edge of the layout margins.
        case leftMargin = 13
        /// The right edge of the layout margins.
        case rightMargin = 14
        /// The top edge of the layout margins.
        case topMargin = 15
        /// The bottom edge of the layout margins.
        case bottomMargin = 16
        /// The leading edge of the layout margins.
        case leadingMargin = 17
        /// The trailing edge of the layout margins.
        case trailingMargin = 18
        /// The horizontal center of the layout margins.
        case centerXWithinMargins = 19
        /// The vertical center of the layout margins.
        case centerYWithinMargins = 20

        /// The axis the attribute lies on (`nil` for `notAnAttribute`).
        public var axis: Axis? {
            switch self {
            case .notAnAttribute: nil
            case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
                .trailingMargin, .centerXWithinMargins:
                .horizontal
            default: .vertical
            }
        }

        /// Whether the attribute is a size rather than a position.
        public var isDimension: Bool { self == .width || self == .height }

        /// The attribute's name as UIKit prints it.
        public var name: String {
            switch self {
            case .notAnAttribute: "notAnAttribute"
            case .left: "left"
            case .right: "right"
            case .top: "top"
            case .bottom: "bottom"
            case .leading: "leading"
            case .trailing: "trailing"
            case .width: "width"
            case .height: "height"
            case .centerX: "centerX"
            case .centerY: "centerY"
            case .lastBaseline: "lastBaseline"
            case .firstBaseline: "firstBaseline"
            case .leftMargin: "leftMargin"
            case .rightMargin: "rightMargin"
            case .topMargin: "topMargin"
            case .bottomMargin: "bottomMargin"
            case .leadingMargin: "leadingMargin"
            case .trailingMargin: "trailingMargin"
            case .centerXWithinMargins: "centerXWithinMargins"
            case .centerYWithinMargins: "centerYWithinMargins"
            }
        }

        /// The margin attribute's plain counterpart on the layout margins guide.
        var withoutMargin: Attribute? {
            switch self {
            case .leftMargin: .left
            case .rightMargin: .right
            case .topMargin: .top
            case .bottomMargin: .bottom
            case .leadingMargin: .leading
            case .trailingMargin: .trailing
            case .centerXWithinMargins: .centerX
            case .centerYWithinMargins: .centerY
            default: nil
            }
        }
    }

    /// The first item (a ``UIView`` or ``UILayoutGuide``).
    public var firstItem: AnyObject? { first }
    /// The first item's attribute.
    public let firstAttribute: Attribute
    /// The relation.
    public let relation: Relation
    /// The second item, or nil for a constant.
    public var secondItem: AnyObject? { second }
    /// The second item's attribute (`notAnAttribute` when there is no second item).
    public let secondAttribute: Attribute
    /// The factor on the second attribute.
    public let multiplier: CGFloat
    /// The constant; changing it on an active constraint updates the layout incrementally.
    public var constant: CGFloat {
        didSet { if constant != oldValue, !isSystemConstraint { owningRoot()?.setNeedsLayout() } }
    }
    /// The priority; an active constraint keeps its place but is re-solved at the new level.
    public var priority: UILayoutPriority = .required {
        didSet { if priority != oldValue, !isSystemConstraint { owningRoot()?.setNeedsLayout() } }
    }
    /// A name shown in diagnostics.
    public var identifier: String?
    /// Whether the constraint takes part in layout. Setting it is `activate` / `deactivate`.
    /// Constraints the system makes (frames, intrinsic sizes, guides, stack views) are always
    /// active while their view is laid out, and cannot be switched.
    public var isActive: Bool {
        get { activationOrder != nil || isSystemConstraint }
        set {
            guard !isSystemConstraint else { return }
            newValue ? NSLayoutConstraint.activate([self]) : NSLayoutConstraint.deactivate([self])
        }
    }
    /// Whether the engine made the constraint (not the user). The engine sets such
    /// constraints' constants during a pass, so changing them does not ask for another.
    var isSystemConstraint = false

    // Weak, as UIKit's `firstItem` and `secondItem` are: views own their constraints, so a
    // strong reference back would make every laid-out tree a retain cycle
    // (MemoryTests.testLaidOutViewTreeIsFreed).
    private(set) weak var first: (any LayoutItem)?
    private(set) weak var second: (any LayoutItem)?
    /// When the constraint was activated (its place in the deterministic solving order).
    var activationOrder: Int?

    /// Creates `item.attribute relation multiplier × toItem.attribute + constant`, inactive.
    ///
    /// Items must be views or layout guides; anything else makes a constraint that is
    /// reported and skipped at layout time.
    public convenience init(
        item: AnyObject, attribute: Attribute, relatedBy relation: Relation, toItem: AnyObject?,
        attribute secondAttribute: Attribute, multiplier: CGFloat, constant: CGFloat
    ) {
        self.init(
            first: item as? any LayoutItem, firstAttribute: attribute, relation: relation,
            second: toItem as? any LayoutItem, secondAttribute: toItem == nil ? .notAnAttribute : secondAttribute,
            multiplier: multiplier, constant: constant)
    }

    init(
        first: (any LayoutItem)?, firstAttribute: Attribute, relation: Relation, second: (any LayoutItem)?,
        secondAttribute: Attribute, multiplier: CGFloat = 1, constant: CGFloat = 0,
        priority: UILayoutPriority = .required, identifier: String? = nil
    ) {
        self.first = first
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.second = second
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.identifier = identifier
        // A margin attribute is an edge of the view's layout margins guide: the guide exists
        // from now on, so a layout pass collects its constraints with everything else.
        if firstAttribute.withoutMargin != nil { _ = (first as? UIView)?.layoutMarginsGuide }
        if secondAttribute.withoutMargin != nil { _ = (second as? UIView)?.layoutMarginsGuide }
    }

    /// Activates constraints: each is added to the layout of the views it relates, in this order.
    public static func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints where constraint.activationOrder == nil && !constraint.isSystemConstraint {
            constraint.activationOrder = Sequence.nextActivation()
            for view in constraint.attachmentViews { view.attachedConstraints.append(constraint) }
            constraint.owningRoot()?.setNeedsLayout()
        }
    }

    /// Deactivates constraints: they leave the layout at the next pass.
    public static func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints where constraint.activationOrder != nil {
            constraint.owningRoot()?.setNeedsLayout()
            constraint.activationOrder = nil
            for view in constraint.attachmentViews {
                view.attachedConstraints.removeAll { $0 === constraint }
            }
        }
    }

    /// The views whose lists hold the constraint while it is active.
    var attachmentViews: [UIView] {
        var views: [UIView] = []
        if let view = first?.itemOwningView { views.append(view) }
        if let view = second?.itemOwningView, !views.contains(where: { $0 === view }) { views.append(view) }
        return views
    }

    func owningRoot() -> UIView? { (first?.itemOwningView ?? second?.itemOwningView)?.rootView }

    /// The class name UIKit prints for this kind of constraint.
    var kindName: String { "NSLayoutConstraint" }

    /// The equation, such as `UILabel:title.leading == UIView:root.leadingMargin + 20`.
    var equation: String {
        var text = "\(first?.diagnosticName ?? "nil").\(firstAttribute.name) \(relation.symbol) "
        var rhs: [String] = []
        if let second {
            let item = "\(second.diagnosticName).\(secondAttribute.name)"
            rhs.append(multiplier == 1 ? item : "\(PixelGrid.format(Double(multiplier)))*\(item)")
        }
        if second == nil || constant != 0 {
            if rhs.isEmpty {
                rhs.append(PixelGrid.format(Double(constant)))
            } else {
                rhs.append(
                    constant < 0
                        ? "- \(PixelGrid.format(Double(-constant)))" : "+ \(PixelGrid.format(Double(constant)))")
            }
        }
        text += rhs.joined(separator: " ")
        if !priority.isRequired { text += " @\(priority)" }
        return text
    }

    /// UIKit's form: `<NSLayoutConstraint 'id' UILabel:title.width == 100   (active)>`.
    public var description: String {
        let id = identifier.map { "'\($0)' " } ?? ""
        return "<\(kindName) \(id)\(equation)   (\(isActive ? "active" : "inactive"))>"
    }
}

/// The two constraints UIKit derives from a view's intrinsic size on one axis:
/// `size <= intrinsic` at the content-hugging priority and `size >= intrinsic` at the
/// compression-resistance priority.
public final class NSContentSizeLayoutConstraint: NSLayoutConstraint {
    /// The content-hugging priority (the `<=` half).
    public internal(set) var huggingPriority: UILayoutPriority
    /// The compression-resistance priority (the `>=` half).
    public internal(set) var compressionResistancePriority: UILayoutPriority

    init(view: UIView, axis: Axis, size: CGFloat, hugging: UILayoutPriority, compression: UILayoutPriority) {
        huggingPriority = hugging
        compressionResistancePriority = compression
        super.init(
            first: view, firstAttribute: axis == .horizontal ? .width : .height, relation: .equal, second: nil,
            secondAttribute: .notAnAttribute, constant: size)
        isSystemConstraint = true
    }
    override var kindName: String { "NSContentSizeLayoutConstraint" }
    override var equation: String {
        "\(first?.diagnosticName ?? "nil").\(firstAttribute.name) == \(PixelGrid.format(Double(constant)))"
            + " Hug:\(huggingPriority) CompressionResistance:\(compressionResistancePriority)"
    }
}

/// A constraint made from a view's frame and autoresizing mask, because the view's
/// `translatesAutoresizingMaskIntoConstraints` is true.
public final class NSAutoresizingMaskLayoutConstraint: NSLayoutConstraint {
    /// UIKit's mask notation for the axis, such as `h=--&`.
    public let maskNotation: String
    /// A third term, `ratio × item.attribute`, for centers that follow the superview's size.
    var additionalTerm: (item: UIView, attribute: Attribute, ratio: CGFloat)?
    init(
        view: UIView, attribute: Attribute, superview: UIView?, superAttribute: Attribute, multiplier: CGFloat,
        constant: CGFloat, maskNotation: String
    ) {
        self.maskNotation = maskNotation
        super.init(
            first: view, firstAttribute: attribute, relation: .equal, second: superview,
            secondAttribute: superview == nil ? .notAnAttribute : superAttribute, multiplier: multiplier,
            constant: constant)
        isSystemConstraint = true
    }
    override var kindName: String { "NSAutoresizingMaskLayoutConstraint \(maskNotation)" }
    override var equation: String {
        guard let extra = additionalTerm else { return super.equation }
        let base = super.equation
        let term = "\(PixelGrid.format(Double(extra.ratio)))*\(extra.item.diagnosticName).\(extra.attribute.name)"
        guard let range = base.range(of: " == ") else { return base }
        return base.replacingCharacters(in: range, with: " == \(term) + ")
    }
}
