import AutoLayout
import Pictures

// A laid-out window drawn (docs/pictures.md): boxes by kind, text as the fonts' own glyphs.
let window = UIWindow(device: .iPhone15)
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
let picture = Picture(window: window)  // lays the window out first if it needs it
print(picture.title)  // iPhone 15, 393 × 852 pt @3x: 3 views; 0 truncated, 0 ambiguous, …
let svg = picture.svg()  // every glyph a <path>: the file needs no fonts
print(svg.contains("data-kind=\"label\""))  // true: each view is a <g> with its kind and name
let png = try picture.png()  // rasterized at the window's scale, encoded by libpng
let image = try picture.raster()  // the pixels png() encodes
print(png.count > 0, image.width, image.height)  // true 1179 2556: 393 × 852 pt at @3x
