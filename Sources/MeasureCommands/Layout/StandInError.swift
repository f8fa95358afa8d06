import Foundation
import LayoutFiles
import Typesetting

/// How far the system font's stand-in may leave a view from Xcode's stored frame: without SF
/// Pro, a view whose text is in the system font is measured in Inter or Inter Display, tracked
/// as fitted to the corpus, and its width is approximate (docs/system-font.md, "Widths without
/// SF Pro", gives the figures). `measure layout --diff` and `--json` say whether a differing
/// view's size is within that error, so a reader knows which differences the stand-in
/// explains. `InterfaceBuilderStandInErrorTests` pins it.
enum StandInError {
    /// The width error, as a share of the stored width, that 90% of the corpus's labels stay
    /// within when each repository is predicted from the others (3.7%, rounded up to 4%).
    static let relativeWidth = 0.04

    /// The element kinds whose size follows their text.
    static let textKinds: Set<String> = ["label", "button", "textField", "textView"]

    /// Whether `view`'s size is within the stand-in's error of the stored frame: its width
    /// within `relativeWidth` of the stored width (at least one pixel), its height the same
    /// within 0.01 pt. Nil when the view has no system-font text measured with the stand-in,
    /// or is not compared.
    static func sizeIsWithin(_ view: InterfaceBuilderReport.View, scale: Double) -> Bool? {
        let object = view.object
        guard view.isCompared, FontRegistry.shared.hasUsedSystemFontStandIn, !object.usesCustomFont,
            textKinds.contains(object.kind), object.texts.values.contains(where: { !$0.isEmpty }),
            let stored = object.storedFrame
        else { return nil }
        let frame = view.report.frame
        let pixel = 1 / max(scale, 1)
        let allowed = max(pixel, PixelGrid.ceil(relativeWidth * Double(stored.width), scale: scale))
        return abs(Double(frame.width - stored.width)) <= allowed + 1e-9
            && abs(Double(frame.height - stored.height)) <= InterfaceBuilderReport.tolerance
    }
}
