import AutoLayout
import Foundation
import XCTest

/// A 375 × 667 root view at @2x that keeps its diagnostics to itself.
func makeRoot(width: CGFloat = 375, height: CGFloat = 667) -> UIView {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
    root.name = "root"
    root.logsLayoutDiagnostics = false
    return root
}

/// A quiet window on a device whose root is a fresh view controller's view.
func makeControllerWindow(
    device: Device, orientation: Device.Orientation = .portrait
) -> (UIWindow, UIViewController) {
    let window = UIWindow(device: device, orientation: orientation)
    window.logsLayoutDiagnostics = false
    let controller = UIViewController()
    window.rootViewController = controller
    return (window, controller)
}

/// Adds views to a superview with constraints on (translatesAutoresizingMaskIntoConstraints off).
func add(_ views: UIView..., to superview: UIView) {
    for view in views {
        view.translatesAutoresizingMaskIntoConstraints = false
        superview.addSubview(view)
    }
}

/// Asserts two rectangles are equal to a hundredth of a point.
func assertFrame(
    _ actual: CGRect, _ expected: CGRect, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
) {
    let pairs = [
        (actual.minX, expected.minX), (actual.minY, expected.minY), (actual.width, expected.width),
        (actual.height, expected.height),
    ]
    for (a, e) in pairs where abs(a - e) > 0.01 {
        XCTFail("frame \(actual) is not \(expected) \(message)", file: file, line: line)
        return
    }
}

/// A long English sentence that wraps at phone widths.
let longText =
    "Auto Layout dynamically calculates the size and position of all the views in your view hierarchy, "
    + "based on constraints placed on those views."
