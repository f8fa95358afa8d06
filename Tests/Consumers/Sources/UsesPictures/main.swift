import AutoLayout
import Pictures

let window = UIWindow(device: .iPhone15)
let controller = UIViewController()
window.rootViewController = controller
let title = UILabel(text: "Sign up")
title.translatesAutoresizingMaskIntoConstraints = false
controller.view.addSubview(title)
NSLayoutConstraint.activate([
    title.topAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.topAnchor, constant: 24),
    title.leadingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.leadingAnchor),
])
window.layoutIfNeeded()

let picture = Picture(window: window)  // boxes, text, margins, problems
let svg = picture.svg()  // text as the fonts' glyph outlines
let png = try picture.png()  // 1179 × 2556 pixels at @3x
print(svg.utf8.count, png.count)
