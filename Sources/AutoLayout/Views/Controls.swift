import Foundation
import Typesetting

/// An image's size in points (`UIImage`, the part layout needs).
public struct UIImage: Hashable, Sendable {
    /// The size in points.
    public var size: CGSize
    /// An image of a size in points.
    public init(size: CGSize) { self.size = size }
}

/// Shows an image (`UIImageView`): the image's size, or no intrinsic size when empty.
open class UIImageView: UIView {
    /// The image.
    public var image: UIImage? { didSet { if image != oldValue { invalidateIntrinsicContentSize() } } }
    /// Creates an image view.
    public init(image: UIImage? = nil) {
        self.image = image
        super.init(frame: image.map { CGRect(origin: .zero, size: $0.size) } ?? .zero)
    }
    /// The image's size, or ``UIView/noIntrinsicMetric`` on both axes without one.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }
}

/// A view with a fixed intrinsic size and UIKit's priorities for it.
open class UIFixedSizeControl: UIView {
    let fixedSize: CGSize
    init(size: CGSize, hugging: (UILayoutPriority, UILayoutPriority)) {
        fixedSize = size
        super.init(frame: .zero)
        setContentHuggingPriority(hugging.0, for: .horizontal)
        setContentHuggingPriority(hugging.1, for: .vertical)
    }
    /// The control's fixed size (``UIView/noIntrinsicMetric`` on an axis it leaves open).
    open override var intrinsicContentSize: CGSize { fixedSize }
}

/// An on/off switch (`UISwitch`): 51 × 31, hugging 750 on both axes.
open class UISwitch: UIFixedSizeControl {
    /// Whether it is on.
    public var isOn = false
    /// Creates a switch.
    public init() { super.init(size: CGSize(width: 51, height: 31), hugging: (.defaultHigh, .defaultHigh)) }
}

/// A slider (`UISlider`): no intrinsic width, 30 pt tall; vertical hugging 750.
open class UISlider: UIFixedSizeControl {
    /// Creates a slider.
    public init() {
        super.init(size: CGSize(width: UIView.noIntrinsicMetric, height: 30), hugging: (.defaultLow, .defaultHigh))
    }
}

/// A progress bar (`UIProgressView`): no intrinsic width, 4 pt tall; vertical hugging 750.
open class UIProgressView: UIFixedSizeControl {
    /// The progress, 0...1.
    public var progress: Float = 0
    /// Creates a progress view.
    public init() {
        super.init(size: CGSize(width: UIView.noIntrinsicMetric, height: 4), hugging: (.defaultLow, .defaultHigh))
    }
}

/// A stepper (`UIStepper`): 94 × 32, hugging 750 on both axes.
open class UIStepper: UIFixedSizeControl {
    /// Creates a stepper.
    public init() { super.init(size: CGSize(width: 94, height: 32), hugging: (.defaultHigh, .defaultHigh)) }
}

/// A spinner (`UIActivityIndicatorView`): 20 × 20 (medium) or 37 × 37 (large), hugging 750.
open class UIActivityIndicatorView: UIFixedSizeControl {
    /// The spinner's size.
    public enum Style: Sendable {
        /// 20 × 20.
        case medium
        /// 37 × 37.
        case large
    }
    /// The style it was made with.
    public let style: Style
    /// Creates a spinner.
    public init(style: Style = .medium) {
        self.style = style
        let side: CGFloat = style == .medium ? 20 : 37
        super.init(size: CGSize(width: side, height: side), hugging: (.defaultHigh, .defaultHigh))
    }
}

/// Page dots (`UIPageControl`): (18 × pages + 20) × 26, hugging 750.
open class UIPageControl: UIView {
    /// The number of pages.
    public var numberOfPages = 0 { didSet { invalidateIntrinsicContentSize() } }
    /// Creates a page control.
    public init() {
        super.init(frame: .zero)
        setContentHuggingPriority(.defaultHigh, for: .horizontal)
        setContentHuggingPriority(.defaultHigh, for: .vertical)
    }
    /// 18 pt per page plus 20, by 26.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: 18 * CGFloat(numberOfPages) + 20, height: 26)
    }
}

/// A one-line text input (`UITextField`).
///
/// Rounded-rect fields are the text (or placeholder) width plus 28 by 34 pt; borderless
/// fields are the text width by the line height plus 1.5. These are measured on Mac
/// Catalyst and unverified on iOS (see docs/autolayout.md).
open class UITextField: UIView {
    /// The border style.
    public enum BorderStyle: Sendable {
        /// No border (the default in code).
        case none
        /// A thin line (sized like `none`).
        case line
        /// A bezel (sized like `none`).
        case bezel
        /// The rounded rectangle: 34 pt tall.
        case roundedRect
    }
    /// The text.
    public var text: String? { didSet { if text != oldValue { invalidateIntrinsicContentSize() } } }
    /// The placeholder, measured when the text is empty.
    public var placeholder: String? { didSet { if placeholder != oldValue { invalidateIntrinsicContentSize() } } }
    /// The font (17 pt system by default).
    public var font: UIFont = .systemFont(ofSize: 17) { didSet { invalidateIntrinsicContentSize() } }
    /// The border style (none by default, as for fields made in code).
    public var borderStyle: BorderStyle = .none { didSet { invalidateIntrinsicContentSize() } }

    var cache = PreparedTextCache()
    var placeholderCache = PreparedTextCache()

    /// Creates a text field.
    public init(text: String? = nil) {
        self.text = text
        super.init(frame: .zero)
    }

    /// The text width (at least 5) plus the border's padding, by the border's height.
    open override var intrinsicContentSize: CGSize {
        let scale = Double(traitCollection.displayScale)
        do {
            let (resolved, prepared) = try cache.prepared(text ?? "", font: font, letterSpacing: 0)
            var width = try prepared.measure(oneLine).width
            if (text ?? "").isEmpty, let placeholder, !placeholder.isEmpty {
                let shown = try placeholderCache.prepared(placeholder, font: font, letterSpacing: 0).text
                width = try shown.measure(oneLine).width
            }
            width = max(PixelGrid.ceil(width, scale: scale), 5)
            if borderStyle == .roundedRect { return CGSize(width: width + 28, height: 34) }
            return CGSize(width: width, height: PixelGrid.ceil(resolved.lineHeight + 1.5, scale: scale))
        } catch {
            measurementError = error
            return .zero
        }
    }
}

/// Segments of equal width (`UISegmentedControl`), 32 pt tall with 13 pt titles.
///
/// UIKit's width has no published formula: each segment is the widest title plus 18.5 pt,
/// and at least 32 pt (an approximation; see docs/autolayout.md).
open class UISegmentedControl: UIView {
    /// The titles.
    public var titles: [String] { didSet { invalidateIntrinsicContentSize() } }
    /// Creates a segmented control.
    public init(items: [String]) {
        titles = items
        super.init(frame: .zero)
        setContentHuggingPriority(.defaultHigh, for: .vertical)
    }
    /// The segments' total width by 32.
    open override var intrinsicContentSize: CGSize {
        let scale = Double(traitCollection.displayScale)
        var widest = 0.0
        do {
            let font = try UIFont.systemFont(ofSize: 13).resolve()
            for title in titles {
                let text = try PreparedText(title, font: font)
                widest = max(widest, try text.measure(oneLine).width)
            }
        } catch {
            measurementError = error
        }
        let segment = max(PixelGrid.ceil(widest, scale: scale) + 18.5, 32)
        return CGSize(width: segment * CGFloat(titles.count), height: 32)
    }
}

/// One unbounded line: how a text field and a segmented control measure their titles (the
/// width only, so no lines are built).
private let oneLine = LayoutOptions(width: .infinity, numberOfLines: 1)
