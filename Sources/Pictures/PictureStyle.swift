/// An sRGB colour with opacity.
struct PictureColor: Hashable, Sendable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
    var alpha: Double

    init(_ hex: UInt32, alpha: Double = 1) {
        red = UInt8((hex >> 16) & 0xFF)
        green = UInt8((hex >> 8) & 0xFF)
        blue = UInt8(hex & 0xFF)
        self.alpha = alpha
    }

    func with(alpha: Double) -> PictureColor {
        var color = self
        color.alpha = alpha
        return color
    }

    /// `#RRGGBB`.
    var hex: String {
        let digits = Array("0123456789ABCDEF")
        return "#" + String([red >> 4, red & 15, green >> 4, green & 15, blue >> 4, blue & 15].map { digits[Int($0)] })
    }
}

/// The colours and line widths both writers use (docs/pictures.md lists them).
enum PictureStyle {
    static let background = PictureColor(0xFFFFFF)
    /// The outline of each view, by kind; the fill is the same colour, faint.
    static func stroke(_ kind: Picture.Kind) -> PictureColor {
        switch kind {
        case .window: return PictureColor(0x8E8E93)
        case .view: return PictureColor(0x007AFF)
        case .label: return PictureColor(0x28A745)
        case .button: return PictureColor(0xAF52DE)
        case .textView: return PictureColor(0x0097A7)
        case .textField: return PictureColor(0x32ADE6)
        case .imageView: return PictureColor(0xC69200)
        case .stackView: return PictureColor(0x5856D6)
        case .control: return PictureColor(0xA2845E)
        }
    }
    static func fill(_ kind: Picture.Kind) -> PictureColor {
        stroke(kind).with(alpha: kind == .window ? 0 : 0.07)
    }
    static let strokeWidth = 1.0

    /// The band inside a view's layout margins.
    static let margins = PictureColor(0x007AFF, alpha: 0.10)
    /// The stripes over the unsafe area (status bar, notch, home indicator).
    static let unsafeStripes = PictureColor(0xFF9500, alpha: 0.35)
    /// Stripe period and width in points, at 45°.
    static let stripePeriod = 6.0
    static let stripeWidth = 2.0
    /// An image's placeholder.
    static let image = PictureColor(0xE5E5EA)
    static let imageStroke = PictureColor(0xAEAEB2)

    static func text(_ role: Picture.TextRole) -> PictureColor {
        switch role {
        case .text: return PictureColor(0x1C1C1E)
        case .placeholder: return PictureColor(0x8E8E93)
        case .title: return PictureColor(0x007AFF)
        }
    }

    /// A character no font draws (a .notdef glyph): a pale red box with a dashed red outline and
    /// a cross, in place of the face's own .notdef, so it is not mistaken for a letter.
    static let missingGlyphFill = PictureColor(0xFF2D55, alpha: 0.15)
    static let missingGlyphStroke = PictureColor(0xFF2D55)
    static let missingGlyphDash = [1.5, 1.0]

    /// Where the box of a missing character goes: its advance wide (at least half an em), from
    /// 0.7 em above the baseline down to it, inset by a twentieth of an em on each side.
    static func missingGlyphBox(x: Double, baseline: Double, advance: Double, size: Double) -> Picture.Rect {
        let inset = size / 20
        let width = max(advance, size / 2) - 2 * inset
        return Picture.Rect(x: x + inset, y: baseline - 0.7 * size, width: max(width, inset), height: 0.7 * size)
    }

    /// The outline drawn over a view with a problem: colour, width, dash pattern (points; empty is solid).
    static func highlight(_ problem: Picture.Problem) -> (color: PictureColor, width: Double, dash: [Double]) {
        switch problem {
        case .truncated: return (PictureColor(0xFF3B30), 2, [])
        case .ambiguous: return (PictureColor(0xE000E0), 2, [5, 3])
        case .conflictingConstraints: return (PictureColor(0xFF6A00), 2, [2, 2])
        }
    }
}
