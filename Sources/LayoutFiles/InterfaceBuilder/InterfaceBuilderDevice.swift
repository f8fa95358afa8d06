import AutoLayout
import Foundation

/// A device Interface Builder lays a file out for: `<device id="retina6_1">`, with the
/// screen, scale, simulated safe area and root-view side margins IB uses.
///
/// Sizes and scales are Apple's published screens (docs/autolayout.md, "Devices"). The
/// simulated safe areas are read off the stored frames of public files (see
/// docs/interface-builder.md, "Devices"), in three eras of Xcode: before toolsVersion 15000
/// home-button phones show a 20 pt status bar over roots as tall as the screen and notched
/// phones 44 above and 34 below; from 15000 home-button phones show none; from 21500 every
/// phone shows its own insets (20 on home-button phones, 48 on retina6_1, 59 on retina6_12).
public struct InterfaceBuilderDevice: Sendable, Hashable {
    /// IB's id, such as `retina6_1`.
    public let id: String
    /// The iPhone or iPad it stands for.
    public let name: String
    /// The portrait screen in points.
    public let portraitSize: CGSize
    /// Pixels per point.
    public let scale: CGFloat
    /// Whether it is an iPad.
    public let isPad: Bool
    /// Whether the width class is regular in landscape.
    public let isRegularWidthInLandscape: Bool
    /// The phone's own simulated portrait safe area (files from toolsVersion 21500 on).
    let portraitSafeArea: UIEdgeInsets
    /// The simulated portrait safe area of older files, when it differs: 44 / 34 on notched phones.
    let olderPortraitSafeArea: UIEdgeInsets?

    /// The simulated safe area in an orientation, for a file written by `toolsVersion`.
    ///
    /// `fullScreen` tells a root as tall as the screen or taller (narrower ones included: a
    /// 375-wide pop-up on a 414-wide phone sits under the status bar too) from a shorter
    /// freeform one: home-button phones simulate their status bar only over the former.
    public func safeAreaInsets(_ orientation: Device.Orientation, toolsVersion: Double, fullScreen: Bool = true)
        -> UIEdgeInsets
    {
        var portrait = portraitSafeArea
        if toolsVersion < InterfaceBuilderDevice.deviceInsetsSince, let older = olderPortraitSafeArea {
            portrait = older
        }
        if !isPad, portrait.bottom == 0 {
            let showsStatusBar =
                toolsVersion < InterfaceBuilderDevice.hiddenStatusBarSince
                || toolsVersion >= InterfaceBuilderDevice.deviceInsetsSince
            portrait.top = fullScreen && showsStatusBar ? InterfaceBuilderDevice.statusBarHeight : 0
        }
        if orientation == .portrait || isPad { return portrait }
        // Notched phones: the notch side and the home indicator; home-button phones show no bars.
        return portrait.bottom > 0
            ? UIEdgeInsets(top: 0, left: portrait.top, bottom: 21, right: portrait.top) : .zero
    }

    /// The screen in an orientation.
    public func screenSize(_ orientation: Device.Orientation) -> CGSize {
        orientation == .portrait
            ? portraitSize : CGSize(width: portraitSize.height, height: portraitSize.width)
    }

    /// The size classes in an orientation: iPads are regular both ways; iPhones compact ×
    /// regular in portrait, and compact height in landscape.
    public func sizeClasses(_ orientation: Device.Orientation) -> (
        horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass
    ) {
        if isPad { return (.regular, .regular) }
        if orientation == .portrait { return (.compact, .regular) }
        return (isRegularWidthInLandscape ? .regular : .compact, .compact)
    }

    /// The first toolsVersion taken to simulate each phone's own insets: files of 20037 and
    /// before show notched phones at 44 pt and home-button phones without a status bar, files
    /// of 21507 and after the phone's own 48, 47 or 59 and the 20 pt status bar; no file between
    /// pins the boundary further (docs/interface-builder.md, "Devices").
    static let deviceInsetsSince = 21500.0
    /// The first toolsVersion taken to simulate home-button phones without a status bar:
    /// 14868 shows one, 15400 none.
    static let hiddenStatusBarSince = 15000.0
    /// The status bar of a home-button phone.
    static let statusBarHeight: CGFloat = 20

    private static func phone(
        _ id: String, _ name: String, _ width: CGFloat, _ height: CGFloat, _ scale: CGFloat, top: CGFloat,
        bottom: CGFloat, regularLandscape: Bool
    ) -> InterfaceBuilderDevice {
        // Home-button phones' status bar depends on the era (`safeAreaInsets`). Notched phones:
        // 44 in older files.
        let olderTop: CGFloat? = bottom > 0 ? 44 : nil
        return InterfaceBuilderDevice(
            id: id, name: name, portraitSize: CGSize(width: width, height: height), scale: scale, isPad: false,
            isRegularWidthInLandscape: regularLandscape,
            portraitSafeArea: UIEdgeInsets(top: top, left: 0, bottom: bottom, right: 0),
            olderPortraitSafeArea: olderTop.map { UIEdgeInsets(top: $0, left: 0, bottom: bottom, right: 0) })
    }

    private static func pad(
        _ id: String, _ name: String, _ width: CGFloat, _ height: CGFloat, top: CGFloat, bottom: CGFloat
    )
        -> InterfaceBuilderDevice
    {
        InterfaceBuilderDevice(
            id: id, name: name, portraitSize: CGSize(width: width, height: height), scale: 2, isPad: true,
            isRegularWidthInLandscape: true,
            portraitSafeArea: UIEdgeInsets(top: top, left: 0, bottom: bottom, right: 0),
            olderPortraitSafeArea: nil)
    }

    /// Every device id IB writes, with its screen.
    public static let all: [InterfaceBuilderDevice] = [
        phone("retina3_5", "iPhone 4s", 320, 480, 2, top: 20, bottom: 0, regularLandscape: false),
        phone("retina4_0", "iPhone SE (1st generation)", 320, 568, 2, top: 20, bottom: 0, regularLandscape: false),
        phone("retina4_7", "iPhone 8", 375, 667, 2, top: 20, bottom: 0, regularLandscape: false),
        phone("retina5_5", "iPhone 8 Plus", 414, 736, 3, top: 20, bottom: 0, regularLandscape: true),
        phone("retina5_9", "iPhone X", 375, 812, 3, top: 44, bottom: 34, regularLandscape: false),
        phone("retina6_1", "iPhone 11", 414, 896, 2, top: 48, bottom: 34, regularLandscape: true),
        phone("retina6_5", "iPhone 11 Pro Max", 414, 896, 3, top: 44, bottom: 34, regularLandscape: true),
        phone("retina5_4", "iPhone 13 mini", 375, 812, 3, top: 50, bottom: 34, regularLandscape: false),
        phone("retina6_0", "iPhone 14", 390, 844, 3, top: 47, bottom: 34, regularLandscape: false),
        phone("retina6_7", "iPhone 14 Plus", 428, 926, 3, top: 47, bottom: 34, regularLandscape: true),
        phone("retina6_12", "iPhone 15", 393, 852, 3, top: 59, bottom: 34, regularLandscape: false),
        phone("retina6_72", "iPhone 15 Pro Max", 430, 932, 3, top: 59, bottom: 34, regularLandscape: true),
        phone("retina6_3", "iPhone 16 Pro", 402, 874, 3, top: 62, bottom: 34, regularLandscape: false),
        phone("retina6_9", "iPhone 16 Pro Max", 440, 956, 3, top: 62, bottom: 34, regularLandscape: true),
        pad("ipad9_7", "iPad Air 2", 768, 1024, top: 20, bottom: 0),
        pad("ipad10_2", "iPad", 810, 1080, top: 20, bottom: 0),
        pad("ipad10_5", "iPad Pro 10.5-inch", 834, 1112, top: 20, bottom: 0),
        pad("ipad10_9", "iPad Air (4th generation)", 820, 1180, top: 24, bottom: 20),
        pad("ipad11", "iPad Pro 11-inch", 834, 1194, top: 24, bottom: 20),
        pad("ipad12_9", "iPad Pro 12.9-inch", 1024, 1366, top: 20, bottom: 0),
        pad("ipad12_9rounded", "iPad Pro 12.9-inch (3rd generation)", 1024, 1366, top: 24, bottom: 20),
    ]

    /// The device a file without `<device>` is laid out on: retina4_7 (iPhone 8, 375 × 667
    /// @2x), the default of the Xcode versions that wrote files without one.
    public static let fallback = all[2]

    /// A device by IB id (`retina6_1`) or by the name of the phone it stands for (`iPhone 11`),
    /// ignoring case, spaces and punctuation.
    public static func named(_ text: String) -> InterfaceBuilderDevice? {
        func key(_ text: String) -> String { text.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "_" } }
        let wanted = key(text)
        if let device = all.first(where: { key($0.id) == wanted || key($0.name) == wanted }) { return device }
        // A preset of AutoLayout's table that IB does not name: matched by screen.
        guard let preset = Device.named(text) else { return nil }
        return all.first { $0.portraitSize == preset.portraitSize && $0.scale == preset.scale }
    }
}
