import AutoLayout
import Typesetting

let window = UIWindow(device: .iPhone15)  // 393 × 852 @3x, safe area 59 / 34
let controller = UIViewController()
window.rootViewController = controller

let title = UILabel(text: "Sign up to get started with your new account")
title.numberOfLines = 0
title.translatesAutoresizingMaskIntoConstraints = false
controller.view.addSubview(title)
NSLayoutConstraint.activate([
    title.topAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.topAnchor, constant: 24),
    title.leadingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.leadingAnchor),
    title.trailingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.trailingAnchor),
])
window.layoutIfNeeded()
let frame = title.frame  // exact: 61/3 tall, one line on the @3x grid
print([frame.minX, frame.minY, frame.width, frame.height].map(PixelGrid.format))  // ["16", "83", "361", "20.333"]
print(title.hasAmbiguousLayout)  // false
print(window.layoutDiagnostics)  // UIKit-style conflict reports, if any: []
