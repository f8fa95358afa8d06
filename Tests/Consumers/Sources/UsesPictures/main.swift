import AutoLayout
import Pictures

// A window laid out with AutoLayout, drawn as `measure layout --svg --png` draws a screen.
let window = UIWindow(device: .iPhone15)
let controller = UIViewController()
window.rootViewController = controller
let title = UILabel(text: "Sign up to get started")
title.translatesAutoresizingMaskIntoConstraints = false
controller.view.addSubview(title)
NSLayoutConstraint.activate([
    title.topAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.topAnchor, constant: 24),
    title.leadingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.leadingAnchor),
])
window.layoutIfNeeded()
let picture = Picture(window: window)  // boxes by kind, text, margins, safe area, problems
print(picture.svg().contains("<path"))  // true: text as the fonts' own glyph outlines
let image = try picture.raster()  // FreeType's rendering; picture.png() encodes it
print(image.width, image.height)  // 1179 2556: the window at @3x
