import Foundation
import Typesetting

// One size type and one insets type across the package: `CGSize` (Foundation's, as UIKit
// uses it) and `UIEdgeInsets` (defined here, the lowest module that needs insets, and
// re-exported by `AutoLayout`). Lengths are `CGFloat`, which converts implicitly to and
// from `Double`; the text engine below (`Typesetting`) speaks `Double` and has no size type
// of its own beyond `TextMeasurement`.

/// `UIView.noIntrinsicMetric`: the view has no intrinsic size along that axis (−1).
/// `AutoLayout` spells it `UIView.noIntrinsicMetric`, as UIKit does; both read this value.
public let noIntrinsicMetric: CGFloat = -1

/// Insets on the four sides of a rectangle, in points (`UIEdgeInsets`).
public struct UIEdgeInsets: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The top inset.
    public var top: CGFloat
    /// The left inset.
    public var left: CGFloat
    /// The bottom inset.
    public var bottom: CGFloat
    /// The right inset.
    public var right: CGFloat

    /// Creates insets.
    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = UIEdgeInsets()

    /// `left + right`.
    public var horizontal: CGFloat { left + right }
    /// `top + bottom`.
    public var vertical: CGFloat { top + bottom }
    /// Whether every edge is zero.
    public var isZero: Bool { top == 0 && left == 0 && bottom == 0 && right == 0 }

    /// Adds insets side by side.
    public static func + (lhs: UIEdgeInsets, rhs: UIEdgeInsets) -> UIEdgeInsets {
        UIEdgeInsets(
            top: lhs.top + rhs.top, left: lhs.left + rhs.left, bottom: lhs.bottom + rhs.bottom,
            right: lhs.right + rhs.right)
    }

    /// `{top, left, bottom, right}`, as UIKit prints insets.
    public var description: String {
        "{\([top, left, bottom, right].map { PixelGrid.format(Double($0)) }.joined(separator: ", "))}"
    }

    /// The width left inside a view `width` wide (unbounded stays unbounded) once the left and
    /// right insets are taken off.
    /// - Throws: `widthTooNarrow`, with `rule` saying what the width must exceed, when nothing is left.
    func innerWidth(of width: Double, rule: String) throws(TypesettingError) -> Double {
        let inner = width - Double(horizontal)
        guard inner > 0 else { throw .widthTooNarrow(width: width, reserved: Double(horizontal), rule: rule) }
        return inner
    }
}

/// The system minimum side margins of a controller's root view (and the margins UIKit's bars
/// keep from the screen's edges): 16 pt in compact width, 20 pt in regular width and on
/// screens 414 pt wide and more (Plus and Max phones, Xcode 7's 600-point canvas). The one
/// rule for `UIWindow`, the IB scene builder and `BarTitles` (docs/interface-builder.md).
public enum SystemSideMargins {
    /// The screen width from which the regular side margins apply in compact width.
    public static let regularScreenWidth: CGFloat = 414

    /// Whether a screen this wide, in that horizontal size class, has the regular margins.
    public static func areRegular(screenWidth: CGFloat, regularSizeClass: Bool = false) -> Bool {
        regularSizeClass || screenWidth >= regularScreenWidth
    }

    /// The side margin: 20 pt with the regular margins, 16 pt otherwise.
    public static func margin(regular: Bool) -> CGFloat { regular ? 20 : 16 }

    /// The side margin of a screen this wide, in that horizontal size class.
    public static func margin(screenWidth: CGFloat, regularSizeClass: Bool = false) -> CGFloat {
        margin(regular: areRegular(screenWidth: screenWidth, regularSizeClass: regularSizeClass))
    }
}
