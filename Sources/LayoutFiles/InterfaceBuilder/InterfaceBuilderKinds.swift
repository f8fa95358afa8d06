import AutoLayout
import Foundation
import Typesetting

/// The view elements Interface Builder writes, and what each is laid out as.
enum InterfaceBuilderKinds {
    /// Elements laid out with a UIKit control of their own.
    static let controls: Set<String> = [
        "label", "button", "imageView", "stackView", "textField", "textView", "switch", "slider",
        "segmentedControl", "activityIndicatorView", "progressView", "pageControl", "stepper",
    ]
    /// Elements laid out as plain views (with the intrinsic size below, if any).
    static let plainViews: Set<String> = [
        "view", "scrollView", "tableView", "tableViewCell", "tableViewCellContentView", "collectionView",
        "collectionViewCell", "collectionViewCellContentView", "collectionReusableView", "visualEffectView",
        "searchBar", "datePicker", "pickerView", "mapView", "webView", "wkWebView", "navigationBar", "toolbar",
        "tabBar", "containerView", "glkView", "sceneKitView", "arscnView", "arskView", "mtkView",
        "skView", "window", "tableViewHeaderFooterView", "tableViewSection",
    ]
    /// Elements that scroll their subviews (edges of the scroll view mean its content area).
    static let scrolling: Set<String> = ["scrollView", "tableView", "collectionView", "textView"]
    /// Cells: laid out at their stored size, without the device's safe area.
    static let cells: Set<String> = [
        "tableViewCell", "collectionViewCell", "collectionReusableView", "tableViewHeaderFooterView",
    ]

    /// Whether an element is a view IB stores (known or not: a view has a frame and an id).
    static func isView(_ name: String) -> Bool { controls.contains(name) || plainViews.contains(name) }

    /// The intrinsic size of views without a control of their own (−1: none). Bars are UIKit's
    /// fixed heights: navigation bar and toolbar 44, tab bar 49 (without the home indicator),
    /// search bar 56 (iOS 13+ default style), pickers 216 (UIPickerView's and the wheels
    /// date picker's standard height). Sources in docs/interface-builder.md.
    static func intrinsicSize(of name: String) -> (width: Double?, height: Double?)? {
        switch name {
        case "navigationBar", "toolbar": (nil, 44)
        case "tabBar": (nil, 49)
        case "searchBar": (nil, 56)
        case "pickerView": (320, 216)
        default: nil
        }
    }

    /// Interface Builder's content hugging (horizontal, vertical) for a kind when the file
    /// writes none: SO 36924093's table of IB defaults (docs/interface-builder.md). Compression
    /// resistance is 750 for every kind.
    static func defaultHugging(of name: String) -> (Float, Float) {
        switch name {
        case "activityIndicatorView", "stepper", "switch": (750, 750)
        case "progressView": (250, 750)
        default: (250, 250)
        }
    }

    /// Constraint attributes as IB names them (`baseline` is the last baseline).
    static func attribute(_ name: String) -> NSLayoutConstraint.Attribute? {
        switch name {
        case "left": .left
        case "right": .right
        case "top": .top
        case "bottom": .bottom
        case "leading": .leading
        case "trailing": .trailing
        case "width": .width
        case "height": .height
        case "centerX": .centerX
        case "centerY": .centerY
        case "baseline", "lastBaseline": .lastBaseline
        case "firstBaseline": .firstBaseline
        case "leftMargin": .leftMargin
        case "rightMargin": .rightMargin
        case "topMargin": .topMargin
        case "bottomMargin": .bottomMargin
        case "leadingMargin": .leadingMargin
        case "trailingMargin": .trailingMargin
        case "centerXWithinMargins": .centerXWithinMargins
        case "centerYWithinMargins": .centerYWithinMargins
        default: nil
        }
    }

    /// `lineBreakMode` values.
    static func lineBreakMode(_ name: String) -> LineBreakMode? {
        switch name {
        case "wordWrap": .byWordWrapping
        case "characterWrap": .byCharWrapping
        case "clip": .byClipping
        case "headTruncation": .byTruncatingHead
        case "tailTruncation": .byTruncatingTail
        case "middleTruncation": .byTruncatingMiddle
        default: nil
        }
    }
}
