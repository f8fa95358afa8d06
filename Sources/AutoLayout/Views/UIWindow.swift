import Foundation
import Typesetting

/// A device's screen: size in points, scale, safe-area insets and size classes in both
/// orientations. Values are listed with their sources in docs/autolayout.md.
public struct Device: Hashable, Sendable, CustomStringConvertible {
    /// The name, such as `iPhone 15`.
    public let name: String
    /// The portrait screen size in points.
    public let portraitSize: CGSize
    /// Pixels per point.
    public let scale: CGFloat
    /// Safe-area insets in portrait.
    public let portraitSafeArea: UIEdgeInsets
    /// Safe-area insets in landscape.
    public let landscapeSafeArea: UIEdgeInsets
    /// Whether the width is regular in landscape (Plus and Max phones, every iPad).
    public let isRegularWidthInLandscape: Bool
    /// Whether it is an iPad (regular in both axes).
    public let isPad: Bool
    /// Other devices with this screen, found by `named(_:)` too.
    public let otherNames: [String]

    /// The screen's orientation.
    public enum Orientation: String, Sendable, Hashable, CaseIterable {
        /// Taller than wide.
        case portrait
        /// Wider than tall.
        case landscape
    }

    /// The screen size in an orientation.
    public func screenSize(_ orientation: Orientation) -> CGSize {
        orientation == .portrait
            ? portraitSize : CGSize(width: portraitSize.height, height: portraitSize.width)
    }
    /// The safe-area insets in an orientation.
    public func safeAreaInsets(_ orientation: Orientation) -> UIEdgeInsets {
        orientation == .portrait ? portraitSafeArea : landscapeSafeArea
    }
    /// The size classes in an orientation.
    public func traits(_ orientation: Orientation) -> UITraitCollection {
        if isPad {
            return UITraitCollection(horizontalSizeClass: .regular, verticalSizeClass: .regular, displayScale: scale)
        }
        if orientation == .portrait {
            return UITraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .regular, displayScale: scale)
        }
        return UITraitCollection(
            horizontalSizeClass: isRegularWidthInLandscape ? .regular : .compact, verticalSizeClass: .compact,
            displayScale: scale)
    }
    /// The name.
    public var description: String { name }

    private static func phone(
        _ name: String, _ width: CGFloat, _ height: CGFloat, _ scale: CGFloat, top: CGFloat, bottom: CGFloat,
        regularLandscape: Bool, otherNames: [String] = []
    ) -> Device {
        // Notched phones: the notch side and the home indicator in landscape (21 pt);
        // home-button phones hide the status bar in landscape.
        let landscape =
            bottom > 0 ? UIEdgeInsets(top: 0, left: top, bottom: 21, right: top) : UIEdgeInsets.zero
        return Device(
            name: name, portraitSize: CGSize(width: width, height: height), scale: scale,
            portraitSafeArea: UIEdgeInsets(top: top, bottom: bottom), landscapeSafeArea: landscape,
            isRegularWidthInLandscape: regularLandscape, isPad: false, otherNames: otherNames)
    }
    private static func pad(_ name: String, _ width: CGFloat, _ height: CGFloat, top: CGFloat, bottom: CGFloat)
        -> Device
    {
        let insets = UIEdgeInsets(top: top, bottom: bottom)
        return Device(
            name: name, portraitSize: CGSize(width: width, height: height), scale: 2, portraitSafeArea: insets,
            landscapeSafeArea: insets, isRegularWidthInLandscape: true, isPad: true, otherNames: [])
    }

    /// iPhone SE (1st generation): 320 × 568 @2x.
    public static let iPhoneSE1 = phone(
        "iPhone SE (1st generation)", 320, 568, 2, top: 20, bottom: 0, regularLandscape: false)
    /// iPhone 8 (and SE 2nd/3rd generation): 375 × 667 @2x.
    public static let iPhone8 = phone(
        "iPhone 8", 375, 667, 2, top: 20, bottom: 0, regularLandscape: false,
        otherNames: [
            "iPhone SE", "iPhone SE (2nd generation)", "iPhone SE (3rd generation)", "iPhone SE 2", "iPhone SE 3",
        ])
    /// iPhone 8 Plus: 414 × 736 @3x.
    public static let iPhone8Plus = phone("iPhone 8 Plus", 414, 736, 3, top: 20, bottom: 0, regularLandscape: true)
    /// iPhone X / XS / 11 Pro: 375 × 812 @3x.
    public static let iPhoneX = phone("iPhone X", 375, 812, 3, top: 44, bottom: 34, regularLandscape: false)
    /// iPhone XR / 11: 414 × 896 @2x.
    public static let iPhone11 = phone("iPhone 11", 414, 896, 2, top: 48, bottom: 34, regularLandscape: true)
    /// iPhone XS Max / 11 Pro Max: 414 × 896 @3x.
    public static let iPhone11ProMax = phone(
        "iPhone 11 Pro Max", 414, 896, 3, top: 44, bottom: 34, regularLandscape: true)
    /// iPhone 12 mini / 13 mini: 375 × 812 @3x.
    public static let iPhone13Mini = phone("iPhone 13 mini", 375, 812, 3, top: 50, bottom: 34, regularLandscape: false)
    /// iPhone 12 / 13 / 14 (and 12/13 Pro): 390 × 844 @3x.
    public static let iPhone14 = phone("iPhone 14", 390, 844, 3, top: 47, bottom: 34, regularLandscape: false)
    /// iPhone 12/13 Pro Max and 14 Plus: 428 × 926 @3x.
    public static let iPhone14Plus = phone("iPhone 14 Plus", 428, 926, 3, top: 47, bottom: 34, regularLandscape: true)
    /// iPhone 14 Pro / 15 / 15 Pro / 16: 393 × 852 @3x (Dynamic Island).
    public static let iPhone15 = phone("iPhone 15", 393, 852, 3, top: 59, bottom: 34, regularLandscape: false)
    /// iPhone 14 Pro Max / 15 Plus / 15 Pro Max / 16 Plus: 430 × 932 @3x.
    public static let iPhone15ProMax = phone(
        "iPhone 15 Pro Max", 430, 932, 3, top: 59, bottom: 34, regularLandscape: true)
    /// iPhone 16 Pro: 402 × 874 @3x.
    public static let iPhone16Pro = phone("iPhone 16 Pro", 402, 874, 3, top: 62, bottom: 34, regularLandscape: false)
    /// iPhone 16 Pro Max: 440 × 956 @3x.
    public static let iPhone16ProMax = phone(
        "iPhone 16 Pro Max", 440, 956, 3, top: 62, bottom: 34, regularLandscape: true)
    /// iPad (9th generation) and older 10.2": 810 × 1080 @2x.
    public static let iPad = pad("iPad", 810, 1080, top: 20, bottom: 0)
    /// iPad Air 2 and 9.7" iPads: 768 × 1024 @2x.
    public static let iPadAir2 = pad("iPad Air 2", 768, 1024, top: 20, bottom: 0)
    /// iPad Pro 11": 834 × 1194 @2x.
    public static let iPadPro11 = pad("iPad Pro 11-inch", 834, 1194, top: 24, bottom: 20)
    /// iPad Pro 12.9": 1024 × 1366 @2x.
    public static let iPadPro12Point9 = pad("iPad Pro 12.9-inch", 1024, 1366, top: 24, bottom: 20)

    /// Every preset, phones from small to large, then iPads.
    public static let all: [Device] = [
        iPhoneSE1, iPhone8, iPhone8Plus, iPhoneX, iPhone11, iPhone11ProMax, iPhone13Mini, iPhone14, iPhone14Plus,
        iPhone15, iPhone15ProMax, iPhone16Pro, iPhone16ProMax, iPad, iPadAir2, iPadPro11, iPadPro12Point9,
    ]

    /// A preset by its name or one of its `otherNames`, ignoring case, spaces and punctuation
    /// (`iphone-15`, `iPhone 15`; `iPhone SE (3rd generation)` is the iPhone 8's screen).
    public static func named(_ name: String) -> Device? {
        func key(_ text: String) -> String { text.lowercased().filter { $0.isLetter || $0.isNumber } }
        let wanted = key(name)
        return all.first { device in ([device.name] + device.otherNames).contains { key($0) == wanted } }
    }
}

/// The root of a screen (`UIWindow`): its size, scale, safe area and size classes come
/// from a device preset or are given explicitly.
///
/// ```swift
/// let window = UIWindow(device: .iPhone15)
/// let controller = UIViewController()
/// window.rootViewController = controller
/// // controller.view fills the window, with 16 pt side margins inside the safe area.
/// ```
public final class UIWindow: UIView {
    /// The device, when the window was made from a preset.
    public let device: Device?
    /// The orientation.
    public let orientation: Device.Orientation
    /// The safe-area insets the screen imposes.
    public let deviceSafeAreaInsets: UIEdgeInsets
    let windowTraits: UITraitCollection

    /// A window filling a device's screen in an orientation, with the text size and the
    /// language its texts are set in (nil: unknown).
    public init(
        device: Device, orientation: Device.Orientation = .portrait,
        layoutDirection: UIUserInterfaceLayoutDirection = .leftToRight,
        contentSizeCategory: ContentSizeCategory = .large, typesettingLanguage: String? = nil
    ) {
        self.device = device
        self.orientation = orientation
        deviceSafeAreaInsets = device.safeAreaInsets(orientation)
        var traits = device.traits(orientation)
        traits.layoutDirection = layoutDirection
        traits.preferredContentSizeCategory = contentSizeCategory
        traits.typesettingLanguage = typesettingLanguage
        windowTraits = traits
        super.init(frame: CGRect(origin: .zero, size: device.screenSize(orientation)))
        name = "window"
    }

    /// A window of an explicit size, scale, safe area and size classes.
    public init(
        size: CGSize, scale: CGFloat = 2, safeAreaInsets: UIEdgeInsets = .zero,
        traits: UITraitCollection? = nil
    ) {
        device = nil
        orientation = size.width > size.height ? .landscape : .portrait
        deviceSafeAreaInsets = safeAreaInsets
        var collection =
            traits
            ?? UITraitCollection(
                horizontalSizeClass: .compact, verticalSizeClass: size.width > size.height ? .compact : .regular)
        collection.displayScale = scale
        windowTraits = collection
        super.init(frame: CGRect(origin: .zero, size: size))
        name = "window"
    }

    /// The controller whose view fills the window.
    public var rootViewController: UIViewController? {
        didSet {
            oldValue?.view.removeFromSuperview()
            guard let controller = rootViewController else { return }
            let view = controller.view
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.translatesAutoresizingMaskIntoConstraints = true
            // The system minimum margins: 16 pt at the sides in compact width, 20 in regular.
            let side = SystemSideMargins.margin(regular: windowTraits.horizontalSizeClass == .regular)
            view.systemMinimumLayoutMargins = UIEdgeInsets(top: 0, left: side, bottom: 0, right: side)
            view.layoutMargins = .zero
            addSubview(view)
        }
    }
}

/// Owns a root view (`UIViewController`); as a window's root, its view gets the system's
/// minimum layout margins.
open class UIViewController {
    /// The root view.
    public let view: UIView
    /// Creates a controller with an empty root view.
    public init(view: UIView = UIView()) {
        self.view = view
        if view.name == nil { view.name = "root" }
    }
}
