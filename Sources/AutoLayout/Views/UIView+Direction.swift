import Foundation

/// What a view shows, as far as mirroring goes (`UISemanticContentAttribute`): whether it
/// flips when the layout runs right to left.
public enum UISemanticContentAttribute: String, Sendable, Hashable, CaseIterable {
    /// Flips with the layout direction (the default).
    case unspecified
    /// Playback controls (play, rewind): never flipped.
    case playback
    /// Directional controls (a D-pad, text alignment segments): never flipped.
    case spatial
    /// Always laid out left to right, and so is what it holds.
    case forceLeftToRight
    /// Always laid out right to left, and so is what it holds.
    case forceRightToLeft
}

extension UIView {
    /// The direction for a semantic content attribute in a layout direction
    /// (`UIView.userInterfaceLayoutDirection(for:relativeTo:)`): playback, spatial and
    /// forced left-to-right content is left to right, forced right-to-left content right to
    /// left, and unspecified content follows `direction`.
    public static func userInterfaceLayoutDirection(
        for attribute: UISemanticContentAttribute, relativeTo direction: UIUserInterfaceLayoutDirection
    ) -> UIUserInterfaceLayoutDirection {
        switch attribute {
        case .unspecified: direction
        case .playback, .spatial, .forceLeftToRight: .leftToRight
        case .forceRightToLeft: .rightToLeft
        }
    }

    /// The direction the view's own content is arranged in (`effectiveUserInterfaceLayoutDirection`):
    /// its semantic content attribute applied to the direction it inherits.
    ///
    /// The inherited direction is the window's, unless an ancestor forces one
    /// (`forceLeftToRight` or `forceRightToLeft`): UIKit passes a forced direction down
    /// through the trait collection, while `playback` and `spatial` keep only the view itself
    /// from flipping. Pinned by `DirectionTests`.
    public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        UIView.userInterfaceLayoutDirection(for: semanticContentAttribute, relativeTo: inheritedLayoutDirection)
    }

    /// The direction the view inherits: the nearest forced ancestor's, else the window's.
    var inheritedLayoutDirection: UIUserInterfaceLayoutDirection {
        var current = superview
        while let view = current {
            switch view.semanticContentAttribute {
            case .forceLeftToRight: return .leftToRight
            case .forceRightToLeft: return .rightToLeft
            default: current = view.superview
            }
        }
        return traitCollection.layoutDirection
    }
}

extension LayoutEngine {
    /// Whether a constraint's leading and trailing edges count from the right.
    ///
    /// They are resolved in the effective direction of the view whose content the
    /// constraint arranges: the nearest common ancestor of its items (a layout guide counts
    /// as its owning view). That is the view Interface Builder installs the constraint on,
    /// and it is why a stack view set to `forceLeftToRight` keeps its arranged views in order
    /// while the stack itself still sits at its superview's leading edge. Without any semantic
    /// content attribute in the tree every constraint takes the window's direction.
    func isRightToLeft(for constraint: NSLayoutConstraint, treeHasSemanticContent: Bool) -> Bool {
        guard treeHasSemanticContent else { return isRightToLeft }
        guard let first = constraint.first?.itemOwningView else { return isRightToLeft }
        let container =
            constraint.second?.itemOwningView.flatMap { LayoutEngine.commonAncestor(first, $0) } ?? first.superview
            ?? first
        return container.effectiveUserInterfaceLayoutDirection == .rightToLeft
    }

    /// The nearest view that is `a` or `b` or an ancestor of both.
    static func commonAncestor(_ a: UIView, _ b: UIView) -> UIView? {
        var ancestors = Set<ObjectIdentifier>()
        var current: UIView? = a
        while let view = current {
            ancestors.insert(ObjectIdentifier(view))
            current = view.superview
        }
        current = b
        while let view = current {
            if ancestors.contains(ObjectIdentifier(view)) { return view }
            current = view.superview
        }
        return nil
    }
}
