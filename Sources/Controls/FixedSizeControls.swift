import Foundation

// Controls whose intrinsic size does not depend on text. The figures are UIKit's on iOS
// (docs/autolayout.md lists them with their sources); −1 (`noIntrinsicMetric`) marks an axis
// the control leaves to its constraints. Sizes that changed across iOS releases take the
// release as a `UIKitRelease`; without one they are this library's table.

/// The iOS release whose UIKit sizes the controls: some intrinsic sizes changed between
/// releases (page controls in iOS 14 and 26, progress views in iOS 14, steppers in iOS 13).
/// Interface Builder files name the release that laid them out through their tools version
/// (`InterfaceBuilderFile.uikitRelease`; the table is in docs/interface-builder.md).
public struct UIKitRelease: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The iOS major version, such as 12 or 17.
    public var major: Int
    /// The minor version, where a size changed within a major release (page controls in
    /// iOS 14.5); 0 otherwise.
    public var minor: Int
    /// The release of an iOS version.
    public init(_ major: Int, minor: Int = 0) {
        self.major = major
        self.minor = minor
    }
    /// Orders releases by major, then minor version.
    public static func < (lhs: UIKitRelease, rhs: UIKitRelease) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }
    /// "iOS 12", "iOS 14.5".
    public var description: String { minor == 0 ? "iOS \(major)" : "iOS \(major).\(minor)" }
}

/// `UISwitch`'s sizing: a 51 × 31 frame (iOS 7–18); 63 × 28 from iOS 26 when that release is
/// asked for. The frame reaches 2 pt past the alignment rectangle on the right, which
/// constraints place: the rectangle is 49 × 31, and 61 × 28 on iOS 26.
public struct Switch: Sendable, Hashable {
    /// The release whose size is wanted (nil: 51 × 31, without alignment insets).
    public var release: UIKitRelease?
    /// Creates a switch.
    public init(release: UIKitRelease? = nil) { self.release = release }
    /// The alignment rectangle's size: 49 × 31 for a release up to iOS 18 (its 51 pt frame
    /// less ``alignmentRectInsets``); 51 × 31 without a release; 61 × 28 on iOS 26 and later
    /// (openuikit, docs/autolayout.md), in a 63 × 28 frame.
    public var intrinsicContentSize: CGSize {
        if let release, release.major >= 26 { return CGSize(width: 61, height: 28) }
        return CGSize(width: 51 - alignmentRectInsets.horizontal, height: 31)
    }
    /// How far the frame reaches past the alignment rectangle: 2 pt on the right for any
    /// release. Interface Builder stores every switch pinned by its trailing edge 2 pt further
    /// right than the constraint says, and every one pinned by its leading edge where the
    /// constraint says (files of toolsVersion 14109 to 23727); an iOS 26 file (24412) stores
    /// its switches 63 × 28, the one pinned by its trailing edge 61 before it
    /// (docs/interface-builder.md). Zero without a release.
    public var alignmentRectInsets: UIEdgeInsets {
        guard release != nil else { return .zero }
        return UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 2)
    }
}

/// `UISlider`'s sizing: no intrinsic width, 30 pt tall; from iOS 12 its frame reaches 2 pt
/// past the track on each side and 1 pt below.
public struct Slider: Sendable, Hashable {
    /// The release whose size is wanted (nil: this library's table, without alignment insets).
    public var release: UIKitRelease?
    /// Creates a slider.
    public init(release: UIKitRelease? = nil) { self.release = release }
    /// (noIntrinsicMetric, 30), the alignment rectangle's height.
    public var intrinsicContentSize: CGSize { CGSize(width: noIntrinsicMetric, height: 30) }
    /// How far the frame reaches past the alignment rectangle: 2 left and right and 1 below
    /// from iOS 12 (an Xcode 12 file stores a slider in a 382-wide stack at x −2, 386 × 31,
    /// with the next view 30 + spacing below its top, and files of toolsVersion 14490 store
    /// sliders the same way; docs/interface-builder.md). Zero before iOS 12 and without a
    /// release: not measured.
    public var alignmentRectInsets: UIEdgeInsets {
        if let release, release.major >= 12 { return UIEdgeInsets(top: 0, left: 2, bottom: 1, right: 2) }
        return .zero
    }
}

/// `UIDatePicker`'s sizing: the wheels are 320 pt wide (UIKit's standard picker width) and
/// leave their height to their constraints, as the compact and inline styles of iOS 14 and
/// later leave their whole size (docs/interface-builder.md, "UIKit release").
public struct DatePicker: Sendable, Hashable {
    /// `preferredDatePickerStyle`.
    public enum Style: Sendable, Hashable {
        /// The style the release picks: the wheels before iOS 14.
        case automatic
        /// The spinning wheels.
        case wheels
        /// A compact button that opens a calendar (iOS 14).
        case compact
        /// The calendar shown in place (iOS 14).
        case inline
    }
    /// The style asked for.
    public var style: Style
    /// The release whose size is wanted (nil: the latest).
    public var release: UIKitRelease?
    /// Creates a date picker.
    public init(style: Style = .automatic, release: UIKitRelease? = nil) {
        self.style = style
        self.release = release
    }
    /// Whether it shows the wheels: asked for, or the only style before iOS 14.
    public var showsWheels: Bool {
        style == .wheels || (style == .automatic && (release.map { $0.major < 14 } ?? false))
    }
    /// (320, noIntrinsicMetric) for the wheels; no intrinsic size otherwise.
    public var intrinsicContentSize: CGSize {
        CGSize(width: showsWheels ? 320 : noIntrinsicMetric, height: noIntrinsicMetric)
    }
}

/// `UIProgressView`'s sizing: no intrinsic width, 4 pt tall (2 before iOS 14).
public struct ProgressView: Sendable, Hashable {
    /// The release whose size is wanted (nil: 4 tall).
    public var release: UIKitRelease?
    /// Creates a progress view.
    public init(release: UIKitRelease? = nil) { self.release = release }
    /// (noIntrinsicMetric, 4), or 2 tall before iOS 14 (docs/autolayout.md).
    public var intrinsicContentSize: CGSize {
        if let release, release.major < 14 { return CGSize(width: noIntrinsicMetric, height: 2) }
        return CGSize(width: noIntrinsicMetric, height: 4)
    }
}

/// `UIStepper`'s sizing: 94 × 32 (94 × 29 before iOS 13).
public struct Stepper: Sendable, Hashable {
    /// The release whose size is wanted (nil: 94 × 32).
    public var release: UIKitRelease?
    /// Creates a stepper.
    public init(release: UIKitRelease? = nil) { self.release = release }
    /// 94 × 32, or 94 × 29 before iOS 13 (docs/autolayout.md).
    public var intrinsicContentSize: CGSize {
        if let release, release.major < 13 { return CGSize(width: 94, height: 29) }
        return CGSize(width: 94, height: 32)
    }
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

/// `UIPageControl`'s sizing, which every redesign changed: (16 × pages − 9) × 37 up to iOS 13;
/// from iOS 14 a 16 pt pitch plus 75 (iOS 14.0–14.4) or 73.5 (14.5 and 15) by 28, plus 67.67
/// by 26 from iOS 16; (18 × pages + 20) × 26 on iOS 26.
public struct PageControl: Sendable, Hashable {
    /// The number of pages.
    public var numberOfPages: Int
    /// The release whose size is wanted (nil: iOS 26's).
    public var release: UIKitRelease?
    /// Creates page dots.
    public init(numberOfPages: Int = 0, release: UIKitRelease? = nil) {
        self.numberOfPages = numberOfPages
        self.release = release
    }
    /// The dots' size for the release (docs/interface-builder.md, "UIKit release", gives the
    /// sources): 7 pt dots 16 pt apart in a 37 pt row up to iOS 13; from iOS 14 the earlier
    /// 16 pt pitch plus what reproduces a 3-page control as Interface Builder stores it: 123 ×
    /// 28 (toolsVersion 17701), 121.5 × 28 (18122), 115.67 × 26 (21225), each one page count
    /// only; iOS 26's 18 pt per page plus 20, by 26. No pages: no width before iOS 26.
    public var intrinsicContentSize: CGSize {
        let pages = CGFloat(max(0, numberOfPages))
        guard let release else { return CGSize(width: 18 * pages + 20, height: 26) }
        let padding: CGFloat
        let height: CGFloat
        switch (release.major, release.minor) {
        case (..<14, _): return CGSize(width: pages > 0 ? 16 * pages - 9 : 0, height: 37)
        case (14, ..<5): (padding, height) = (75, 28)
        case (14...15, _): (padding, height) = (73.5, 28)
        case (16..<26, _): (padding, height) = (67 + 2.0 / 3, 26)
        default: return CGSize(width: 18 * pages + 20, height: 26)
        }
        return CGSize(width: pages > 0 ? 16 * pages + padding : 0, height: height)
    }
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
