import Foundation

// Controls whose intrinsic size does not depend on text. The figures are UIKit's on iOS
// (docs/autolayout.md lists them with their sources); −1 (`noIntrinsicMetric`) marks an axis
// the control leaves to its constraints.

/// `UISwitch`'s sizing: 51 × 31.
public struct Switch: Sendable, Hashable {
    /// Creates a switch.
    public init() {}
    /// 51 × 31.
    public var intrinsicContentSize: CGSize { CGSize(width: 51, height: 31) }
}

/// `UISlider`'s sizing: no intrinsic width, 30 pt tall.
public struct Slider: Sendable, Hashable {
    /// Creates a slider.
    public init() {}
    /// (noIntrinsicMetric, 30).
    public var intrinsicContentSize: CGSize { CGSize(width: noIntrinsicMetric, height: 30) }
}

/// `UIProgressView`'s sizing: no intrinsic width, 4 pt tall.
public struct ProgressView: Sendable, Hashable {
    /// Creates a progress view.
    public init() {}
    /// (noIntrinsicMetric, 4).
    public var intrinsicContentSize: CGSize { CGSize(width: noIntrinsicMetric, height: 4) }
}

/// `UIStepper`'s sizing: 94 × 32.
public struct Stepper: Sendable, Hashable {
    /// Creates a stepper.
    public init() {}
    /// 94 × 32.
    public var intrinsicContentSize: CGSize { CGSize(width: 94, height: 32) }
}

/// `UIActivityIndicatorView`'s sizing: 20 × 20 (medium) or 37 × 37 (large).
public struct ActivityIndicator: Sendable, Hashable {
    /// The spinner's size.
    public enum Style: Sendable, Hashable {
        /// 20 × 20.
        case medium
        /// 37 × 37.
        case large
    }
    /// The style.
    public var style: Style
    /// Creates a spinner (medium by default, as UIKit's).
    public init(style: Style = .medium) { self.style = style }
    /// 20 × 20 or 37 × 37.
    public var intrinsicContentSize: CGSize {
        let side: CGFloat = style == .medium ? 20 : 37
        return CGSize(width: side, height: side)
    }
}

/// `UIPageControl`'s sizing: 18 pt per page plus 20, by 26.
public struct PageControl: Sendable, Hashable {
    /// The number of pages.
    public var numberOfPages: Int
    /// Creates page dots.
    public init(numberOfPages: Int = 0) { self.numberOfPages = numberOfPages }
    /// (18 × pages + 20) × 26.
    public var intrinsicContentSize: CGSize { CGSize(width: 18 * CGFloat(numberOfPages) + 20, height: 26) }
}

/// `UIImageView`'s sizing: the image's size, or no intrinsic size without an image.
public struct ImageView: Sendable, Hashable {
    /// The image's size in points, or nil without an image.
    public var imageSize: CGSize?
    /// Creates an image view showing an image of a size (or none).
    public init(imageSize: CGSize? = nil) { self.imageSize = imageSize }
    /// The image's size, or `noIntrinsicMetric` on both axes.
    public var intrinsicContentSize: CGSize {
        imageSize ?? CGSize(width: noIntrinsicMetric, height: noIntrinsicMetric)
    }
}
