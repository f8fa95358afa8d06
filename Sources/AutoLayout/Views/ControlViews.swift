import Controls
import Foundation
import Typesetting

// UIKit's controls whose sizing is not a label's, a button's or a text view's. Each asks its
// `Controls` counterpart for its intrinsic size; here they add UIKit's hugging priorities and
// the properties that invalidate the size.

/// An image's size in points (`UIImage`, the part layout needs).
public struct UIImage: Hashable, Sendable {
    /// The size in points.
    public var size: CGSize
    /// An image of a size in points.
    public init(size: CGSize) { self.size = size }
}

/// Shows an image (`UIImageView`): the image's size, or no intrinsic size when empty
/// (`Controls.ImageView`).
open class UIImageView: UIView {
    /// The image.
    public var image: UIImage? { didSet { if image != oldValue { invalidateIntrinsicContentSize() } } }
    /// Creates an image view.
    public init(image: UIImage? = nil) {
        self.image = image
        super.init(frame: image.map { CGRect(origin: .zero, size: $0.size) } ?? .zero)
    }
    /// The image's size, or ``UIView/noIntrinsicMetric`` on both axes without one.
    open override var intrinsicContentSize: CGSize { ImageView(imageSize: image?.size).intrinsicContentSize }
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

/// A control whose intrinsic size depends on the iOS release that lays it out
/// (`Controls.UIKitRelease`), with UIKit's priorities for it.
open class UIReleaseSizedControl: UIView {
    /// The iOS release whose size the control takes; nil for this library's table
    /// (docs/autolayout.md). Interface Builder files set the release their tools imply.
    public var uikitRelease: UIKitRelease? {
        didSet { if uikitRelease != oldValue { invalidateIntrinsicContentSize() } }
    }
    init(hugging: (UILayoutPriority, UILayoutPriority)) {
        super.init(frame: .zero)
        setContentHuggingPriority(hugging.0, for: .horizontal)
        setContentHuggingPriority(hugging.1, for: .vertical)
    }
}

/// An on/off switch (`UISwitch`): `Controls.Switch`'s 51 × 31 frame (63 × 28 for iOS 26),
/// reaching 2 pt past its alignment rectangle on the right when a release is set; hugging
/// 750 on both axes.
open class UISwitch: UIReleaseSizedControl {
    /// Whether it is on.
    public var isOn = false
    /// Creates a switch.
    public init() { super.init(hugging: (.defaultHigh, .defaultHigh)) }
    /// `Controls.Switch` for the release.
    open override var intrinsicContentSize: CGSize { Switch(release: uikitRelease).intrinsicContentSize }
    /// `Controls.Switch`'s alignment insets for the release.
    open override var alignmentRectInsets: UIEdgeInsets { Switch(release: uikitRelease).alignmentRectInsets }
}

/// A slider (`UISlider`): no intrinsic width, 30 pt tall (`Controls.Slider`), its frame 2 pt
/// wider on each side and 1 pt taller below from iOS 12; vertical hugging 750.
open class UISlider: UIReleaseSizedControl {
    /// Creates a slider.
    public init() { super.init(hugging: (.defaultLow, .defaultHigh)) }
    /// `Controls.Slider` for the release.
    open override var intrinsicContentSize: CGSize { Slider(release: uikitRelease).intrinsicContentSize }
    /// `Controls.Slider`'s alignment insets for the release.
    open override var alignmentRectInsets: UIEdgeInsets { Slider(release: uikitRelease).alignmentRectInsets }
}

/// A progress bar (`UIProgressView`): no intrinsic width, 4 pt tall (2 before iOS 14;
/// `Controls.ProgressView`); vertical hugging 750.
open class UIProgressView: UIReleaseSizedControl {
    /// The progress, 0...1.
    public var progress: Float = 0
    /// Creates a progress view.
    public init() { super.init(hugging: (.defaultLow, .defaultHigh)) }
    /// `Controls.ProgressView` for the release.
    open override var intrinsicContentSize: CGSize { ProgressView(release: uikitRelease).intrinsicContentSize }
}

/// A stepper (`UIStepper`): 94 × 32 (94 × 29 before iOS 13; `Controls.Stepper`), hugging 750
/// on both axes.
open class UIStepper: UIReleaseSizedControl {
    /// Creates a stepper.
    public init() { super.init(hugging: (.defaultHigh, .defaultHigh)) }
    /// `Controls.Stepper` for the release.
    open override var intrinsicContentSize: CGSize { Stepper(release: uikitRelease).intrinsicContentSize }
}

/// A spinner (`UIActivityIndicatorView`): 20 × 20 (medium) or 37 × 37 (large)
/// (`Controls.ActivityIndicator`), hugging 750.
open class UIActivityIndicatorView: UIFixedSizeControl {
    /// The spinner's size.
    public typealias Style = ActivityIndicator.Style
    /// The style it was made with.
    public let style: Style
    /// Creates a spinner.
    public init(style: Style = .medium) {
        self.style = style
        super.init(
            size: ActivityIndicator(style: style).intrinsicContentSize, hugging: (.defaultHigh, .defaultHigh))
    }
}

/// Page dots (`UIPageControl`): (18 × pages + 20) × 26 on iOS 26, other sizes on earlier
/// releases (`Controls.PageControl`), hugging 750.
open class UIPageControl: UIReleaseSizedControl {
    /// The number of pages.
    public var numberOfPages = 0 { didSet { invalidateIntrinsicContentSize() } }
    /// Creates a page control.
    public init() { super.init(hugging: (.defaultHigh, .defaultHigh)) }
    /// `Controls.PageControl` for the pages and the release.
    open override var intrinsicContentSize: CGSize {
        PageControl(numberOfPages: numberOfPages, release: uikitRelease).intrinsicContentSize
    }
}

/// A one-line text input (`UITextField`), sized by `Controls.TextField`: rounded-rect fields
/// are the text (or placeholder) width plus 28 by 34 pt (30 before iOS 13); borderless fields are the text width
/// by the line height plus 1.5 (measured on Mac Catalyst; see docs/autolayout.md).
open class UITextField: UIView {
    /// The border style.
    public typealias BorderStyle = TextField.BorderStyle
    /// The text.
    public var text: String? { didSet { if text != oldValue { invalidateIntrinsicContentSize() } } }
    /// The placeholder, measured when the text is empty.
    public var placeholder: String? { didSet { if placeholder != oldValue { invalidateIntrinsicContentSize() } } }
    /// The font (17 pt system by default).
    public var font: UIFont = .systemFont(ofSize: 17) { didSet { invalidateIntrinsicContentSize() } }
    /// The border style (none by default, as for fields made in code).
    public var borderStyle: BorderStyle = .none { didSet { invalidateIntrinsicContentSize() } }
    /// The iOS release whose size the field takes (a rounded rectangle is 30 tall before
    /// iOS 13, 34 after); nil for this library's table. Interface Builder files set the
    /// release their tools imply.
    public var uikitRelease: UIKitRelease? {
        didSet { if uikitRelease != oldValue { invalidateIntrinsicContentSize() } }
    }

    var cache = PreparedTextCache()

    /// Creates a text field.
    public init(text: String? = nil) {
        self.text = text
        super.init(frame: .zero)
    }

    /// The text width (at least 5) plus the border's padding, by the border's height.
    open override var intrinsicContentSize: CGSize {
        do {
            var field = TextField(text: text ?? "", font: try font.resolve())
            field.placeholder = placeholder
            field.borderStyle = borderStyle
            field.release = uikitRelease
            field.language = traitCollection.typesettingLanguage
            let (_, prepared) = try cache.prepared(
                field.measuredText, font: font, letterSpacing: 0, language: field.language)
            return try field.intrinsicContentSize(scale: Double(traitCollection.displayScale), prepared: prepared)
        } catch {
            measurementError = error
            return .zero
        }
    }
}

/// Segments of equal width (`UISegmentedControl`), 32 pt tall with 13 pt titles, sized by
/// `Controls.SegmentedControl` (an approximation; see docs/autolayout.md).
open class UISegmentedControl: UIView {
    /// The titles.
    public var titles: [String] { didSet { invalidateIntrinsicContentSize() } }
    /// The iOS release whose height the control takes (`Controls.SegmentedControl`); nil for
    /// this library's 32. Interface Builder files set the release their tools imply.
    public var uikitRelease: UIKitRelease? {
        didSet { if uikitRelease != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// Creates a segmented control.
    public init(items: [String]) {
        titles = items
        super.init(frame: .zero)
        setContentHuggingPriority(.defaultHigh, for: .vertical)
    }
    /// The segments' total width by the release's height.
    open override var intrinsicContentSize: CGSize {
        do {
            let font = try UIFont.systemFont(ofSize: CGFloat(SegmentedControl.defaultFontSize)).resolve()
            var control = SegmentedControl(titles: titles, font: font)
            control.language = traitCollection.typesettingLanguage
            control.release = uikitRelease
            return try control.intrinsicContentSize(scale: Double(traitCollection.displayScale))
        } catch {
            measurementError = error
            return .zero
        }
    }
    /// From iOS 13 the frame reaches 1 pt below the alignment rectangle.
    open override var alignmentRectInsets: UIEdgeInsets { SegmentedControl.alignmentRectInsets(for: uikitRelease) }
}
