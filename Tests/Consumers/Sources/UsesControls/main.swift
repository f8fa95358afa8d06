import Controls
import Typesetting

// UIKit's controls, sized as UIKit sizes them.
let font = try FontRegistry.shared.font("Inter", size: 17)
var label = Label(text: "Sign up to get started with your new account", font: font)
label.numberOfLines = 0
label.preferredMaxLayoutWidth = 343
print(try label.intrinsicContentSize(scale: 2))  // CGSize(width: 293.5, height: 41.5): two lines

let button = try Button(title: "Continue", font: font.withSize(15))
print(try button.intrinsicContentSize(scale: 3))  // the title in whole points plus 6 pt above and below
