import AutoLayout
import Foundation

/// The iOS release whose UIKit laid an Interface Builder file out.
///
/// IB stores the frames Xcode's own UIKit computed, so controls whose size changed across
/// iOS releases (page controls, progress views, steppers, sliders, switches) are stored at the
/// size of the SDK of the Xcode that saved the file. The file names that Xcode by its
/// `toolsVersion` (IB's build number); the table below maps its ranges to the iOS SDK each
/// Xcode shipped (docs/interface-builder.md, "UIKit release", gives the evidence for each).
enum InterfaceBuilderRelease {
    /// The first toolsVersion of each Xcode, with the iOS SDK it shipped.
    static let table: [(firstToolsVersion: Double, release: UIKitRelease)] = [
        (11000, UIKitRelease(10)),  // Xcode 8 (11201 is Xcode 8.0)
        (13000, UIKitRelease(11)),  // Xcode 9 (13771 is 9.2)
        (14200, UIKitRelease(12)),  // Xcode 10 (14313, 14460, 14490)
        (14800, UIKitRelease(13)),  // Xcode 11 (14854 and 14865 betas write iOS 13 system colors; 15505 is 11.0)
        (17000, UIKitRelease(14)),  // Xcode 12 (17506 writes iOS 14's compact date picker)
        (18000, UIKitRelease(14, minor: 5)),  // Xcode 12.5 (18122), after 17701 (12.4)
        (19000, UIKitRelease(15)),  // Xcode 13
        (21000, UIKitRelease(16)),  // Xcode 14
        (22500, UIKitRelease(17)),  // Xcode 15
        (23000, UIKitRelease(18)),  // Xcode 16
        (24400, UIKitRelease(26)),  // Xcode 26 (24412 stores iOS 26's 63 × 28 switches)
    ]

    /// The release for a toolsVersion (its major number) and, for files that write the
    /// placeholder toolsVersion 32700.99.1234, the IB plug-in version beside it.
    static func release(toolsVersion: Double, pluginVersion: Double?) -> UIKitRelease {
        let version = buildNumber(toolsVersion: toolsVersion, pluginVersion: pluginVersion)
        var release = UIKitRelease(9)
        for entry in table where version >= entry.firstToolsVersion { release = entry.release }
        return release
    }

    /// The build number of the Xcode that saved a file: its toolsVersion, or for files that
    /// write the placeholder 32700.99.1234, the IB plug-in version beside it.
    static func buildNumber(toolsVersion: Double, pluginVersion: Double?) -> Double {
        if toolsVersion >= 30000, let pluginVersion { return pluginVersion }
        return toolsVersion
    }
}
