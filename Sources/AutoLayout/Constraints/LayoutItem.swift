import ConstraintSolver
import Foundation
import Synchronization

/// The four solver variables of a view or layout guide, in the root view's coordinates.
final class LayoutVariables: Sendable {
    let minX: Variable
    let minY: Variable
    let width: Variable
    let height: Variable
    init(_ name: String) {
        minX = Variable("\(name).minX")
        minY = Variable("\(name).minY")
        width = Variable("\(name).width")
        height = Variable("\(name).height")
    }
    var all: [Variable] { [minX, minY, width, height] }
    func axis(_ axis: NSLayoutConstraint.Axis) -> [Variable] {
        axis == .horizontal ? [minX, width] : [minY, height]
    }
}

/// Something constraints can place: a view or a layout guide.
protocol LayoutItem: AnyObject {
    /// The item's variables.
    var layoutVariables: LayoutVariables { get }
    /// The view the item belongs to (itself for a view, the owner for a guide).
    var itemOwningView: UIView? { get }
    /// The name used in diagnostics, such as `UILabel:title`.
    var diagnosticName: String { get }
}

/// Process-wide counters that give items and activations a deterministic order.
enum Sequence {
    private static let items = Atomic<Int>(0)
    private static let activations = Atomic<Int>(0)
    static func nextItem() -> Int { items.wrappingAdd(1, ordering: .relaxed).newValue }
    static func nextActivation() -> Int { activations.wrappingAdd(1, ordering: .relaxed).newValue }
}

/// A rectangle that takes part in layout without being a view (`UILayoutGuide`): spacers,
/// the layout margins guide and the safe area guide.
public final class UILayoutGuide: LayoutItem, CustomStringConvertible {
    /// The name shown in diagnostics.
    public var identifier: String
    /// The view the guide belongs to; constraints to the guide work within that view's tree.
    public internal(set) weak var owningView: UIView?
    /// The guide's frame in its owning view's coordinates, after the last layout pass.
    public internal(set) var layoutFrame: CGRect = .zero

    let layoutVariables: LayoutVariables
    /// What the guide is: one the user added, or one of the view's built-in guides.
    let role: Role

    enum Role { case custom, layoutMargins, safeArea, keyboard }

    /// Creates a guide; add it to a view with ``UIView/addLayoutGuide(_:)``.
    public convenience init() {
        self.init(role: .custom, identifier: "")
    }

    init(role: Role, identifier: String) {
        self.role = role
        self.identifier = identifier
        layoutVariables = LayoutVariables("guide\(Sequence.nextItem())")
    }

    var itemOwningView: UIView? { owningView }
    var diagnosticName: String {
        let owner = owningView?.diagnosticName ?? "nil"
        switch role {
        case .layoutMargins: return "UILayoutGuide:'UIViewLayoutMarginsGuide'(\(owner))"
        case .safeArea: return "UILayoutGuide:'UIViewSafeAreaLayoutGuide'(\(owner))"
        case .keyboard: return "UILayoutGuide:'UIKeyboardLayoutGuide'(\(owner))"
        case .custom: return "UILayoutGuide:'\(identifier.isEmpty ? "guide" : identifier)'(\(owner))"
        }
    }
    /// The guide's name and frame.
    public var description: String { "<\(diagnosticName) layoutFrame=\(layoutFrame)>" }

    /// The guide's left edge.
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .left) }
    /// The guide's right edge.
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .right) }
    /// The guide's leading edge (left in left-to-right layouts).
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .leading) }
    /// The guide's trailing edge.
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .trailing) }
    /// The guide's top edge.
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .top) }
    /// The guide's bottom edge.
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .bottom) }
    /// The guide's width.
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(self, .width) }
    /// The guide's height.
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(self, .height) }
    /// The guide's horizontal center.
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .centerX) }
    /// The guide's vertical center.
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .centerY) }
}
