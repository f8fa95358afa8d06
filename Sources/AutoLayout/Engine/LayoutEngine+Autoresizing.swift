import Foundation

// The constraints a view that translates its autoresizing mask gets, made once and kept
// until what they were made from changes.
extension LayoutEngine {
    /// What a view's autoresizing constraints are made from: its frame, mask and alignment
    /// insets (the frame less the insets is what they place), and its superview.
    /// `testAutoresizingFollowsChangedAlignmentInsets` pins the insets' part.
    struct AutoresizingKey: Equatable {
        var frame: CGRect
        var mask: Int
        var alignmentInsets: UIEdgeInsets
        var superview: ObjectIdentifier
    }

    /// The frame and mask of a view that translates them, as UIKit makes them: per axis a
    /// center and a size, affine in the superview's size for the flexible parts.
    func autoresizingConstraints(for view: UIView) -> [NSLayoutConstraint] {
        guard let parent = view.superview else { return [] }
        // The superview's size is read when the constraints are made, as UIKit does: they
        // stay until the view's frame or mask changes, so the flexible parts follow later
        // changes of the superview.
        let key = AutoresizingKey(
            frame: view.frame, mask: view.autoresizingMask.rawValue, alignmentInsets: view.alignmentRectInsets,
            superview: ObjectIdentifier(parent))
        let id = ObjectIdentifier(view)
        if generatedKeys[id] == key, let existing = generated[id] { return existing }
        generatedKeys[id] = key
        let mask = view.autoresizingMask
        // The frame holds the alignment rectangle grown by the view's alignment insets.
        let reach = view.alignmentRectInsets
        let x = view.frame.minX + reach.left
        let y = view.frame.minY + reach.top
        let width = view.frame.width - reach.left - reach.right
        let height = view.frame.height - reach.top - reach.bottom
        let made =
            axisConstraints(
                view, parent, axis: .horizontal, origin: x, size: width,
                superSize: parent.frame.width,
                flexible: (
                    mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                    mask.contains(.flexibleRightMargin)
                ))
            + axisConstraints(
                view, parent, axis: .vertical, origin: y, size: height,
                superSize: parent.frame.height,
                flexible: (
                    mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                    mask.contains(.flexibleBottomMargin)
                ))
        generated[id] = made
        return made
    }

    private func axisConstraints(
        _ view: UIView, _ parent: UIView, axis: NSLayoutConstraint.Axis, origin: CGFloat, size: CGFloat,
        superSize: CGFloat, flexible: (lead: Bool, size: Bool, trail: Bool)
    ) -> [NSLayoutConstraint] {
        let horizontal = axis == .horizontal
        let notation =
            (horizontal ? "h=" : "v=") + [flexible.lead, flexible.size, flexible.trail].map { $0 ? "&" : "-" }.joined()
        let start: NSLayoutConstraint.Attribute = horizontal ? .left : .top
        let center: NSLayoutConstraint.Attribute = horizontal ? .centerX : .centerY
        let dimension: NSLayoutConstraint.Attribute = horizontal ? .width : .height
        let lead = origin
        let trail = superSize - origin - size
        let mid = origin + size / 2
        /// `attribute == ratio × parent.size + constant`, plus `parent.start` for a position.
        func make(_ attribute: NSLayoutConstraint.Attribute, _ ratio: CGFloat, _ constant: CGFloat)
            -> NSAutoresizingMaskLayoutConstraint
        {
            if attribute == dimension {
                return NSAutoresizingMaskLayoutConstraint(
                    view: view, attribute: dimension, superview: ratio == 0 ? nil : parent, superAttribute: dimension,
                    multiplier: ratio == 0 ? 1 : ratio, constant: constant, maskNotation: notation)
            }
            let constraint = NSAutoresizingMaskLayoutConstraint(
                view: view, attribute: attribute, superview: parent, superAttribute: start, multiplier: 1,
                constant: constant, maskNotation: notation)
            if ratio != 0 { constraint.additionalTerm = (parent, dimension, ratio) }
            return constraint
        }
        switch flexible {
        case (false, false, _):
            // Fixed origin and size (a flexible trailing margin alone changes nothing).
            return [make(start, 0, lead), make(dimension, 0, size)]
        case (true, false, false):
            // The leading margin takes the change: the origin keeps its distance from the far edge.
            return [make(start, 1, -(trail + size)), make(dimension, 0, size)]
        case (false, true, false):
            return [make(start, 0, lead), make(dimension, 1, -(lead + trail))]
        case (true, false, true):
            let ratio = superSize > 0 ? mid / superSize : 0.5
            return [make(center, ratio, 0), make(dimension, 0, size)]
        case (true, true, true):
            let centerRatio = superSize > 0 ? mid / superSize : 0.5
            let sizeRatio = superSize > 0 ? size / superSize : 1.0 / 3
            return [make(center, centerRatio, 0), make(dimension, sizeRatio, 0)]
        case (true, true, false):
            // The leading margin and the size share the change in proportion to their sizes.
            let k = size + lead > 0 ? size / (size + lead) : 0.5
            return [
                make(start, 1 - k, lead - (1 - k) * superSize), make(dimension, k, size - k * superSize),
            ]
        case (false, true, true):
            let k = size + trail > 0 ? size / (size + trail) : 0.5
            return [make(start, 0, lead), make(dimension, k, size - k * superSize)]
        }
    }
}
