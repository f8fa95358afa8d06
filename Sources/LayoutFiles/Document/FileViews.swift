import AutoLayout
import Foundation

/// A size set in the file, axis by axis, replacing what the view computes (seed 000's base
/// button at least 44 tall, its 0.5 pt separator).
typealias SizeOverride = (width: Double?, height: Double?)

extension SizeOverride? {
    func applied(to size: CGSize) -> CGSize {
        guard let self else { return size }
        return CGSize(width: self.width ?? size.width, height: self.height ?? size.height)
    }
}

/// A plain view, with the intrinsic size the file gives it (none by default): a custom view.
final class FileView: UIView {
    var sizeOverride: SizeOverride?
    override var intrinsicContentSize: CGSize {
        sizeOverride.applied(to: CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
    }
}

/// A label with an optional size override. Its `padding` (the padding label) is `UILabel.textPadding`,
/// sized by `Controls.PaddingLabel` like every padded label.
final class FileLabel: UILabel {
    var sizeOverride: SizeOverride?
    override var intrinsicContentSize: CGSize { sizeOverride.applied(to: super.intrinsicContentSize) }
}

/// A button with an optional size override.
final class FileButton: UIButton {
    var sizeOverride: SizeOverride?
    override var intrinsicContentSize: CGSize { sizeOverride.applied(to: super.intrinsicContentSize) }
}
