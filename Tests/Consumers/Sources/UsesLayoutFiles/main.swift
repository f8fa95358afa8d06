import LayoutFiles
import Typesetting

// A layout file (docs/layout-files.md) laid out as `measure layout` does it.
let file = try LayoutFile(contentsOf: "Examples/sign-up.json")
let report = try file.makeScreen().layOut()
for view in report.views {
    let frame = view.windowFrame  // exact; PixelGrid.format prints 40.667, not 40.666666666666664
    print(view.name, PixelGrid.format(frame.minY), PixelGrid.format(frame.height))  // title 83 40.667, …
}
print(report.isClean)  // true: nothing truncated, ambiguous or broken
