import Typesetting

/// A width and height in points (`CGSize`).
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The width in points; `noIntrinsicMetric` (−1) when a view has none.
    public var width: Double
    /// The height in points; `noIntrinsicMetric` (−1) when a view has none.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// (0, 0).
    public static let zero = Size(width: 0, height: 0)

    /// "(w 333 h 64.5)", as UIKit's debugger prints sizes.
    public var description: String { "(w \(PixelGrid.format(width)) h \(PixelGrid.format(height)))" }
}

/// `UIView.noIntrinsicMetric`: the view has no intrinsic size along that axis.
public let noIntrinsicMetric: Double = -1

/// Insets on four edges, in points (`UIEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable, Codable {
    /// Top inset.
    public var top: Double
    /// Left inset.
    public var left: Double
    /// Bottom inset.
    public var bottom: Double
    /// Right inset.
    public var right: Double

    /// Creates insets.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// All zero.
    public static let zero = EdgeInsets()

    /// left + right.
    public var horizontal: Double { left + right }
    /// top + bottom.
    public var vertical: Double { top + bottom }
    /// The width left inside a view `width` wide (unbounded stays unbounded) once the left and
    /// right insets are taken off.
    /// - Throws: `widthTooNarrow`, with `rule` saying what the width must exceed, when nothing is left.
    func innerWidth(of width: Double, rule: String) throws(TypesettingError) -> Double {
        let inner = width - horizontal
        guard inner > 0 else { throw .widthTooNarrow(width: width, reserved: horizontal, rule: rule) }
        return inner
    }

    /// Whether every edge is zero.
    public var isZero: Bool { top == 0 && left == 0 && bottom == 0 && right == 0 }
}
