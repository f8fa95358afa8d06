import Foundation
import Typesetting

extension Picture {
    /// The picture as an SVG document in points (the window's size), needing no fonts: every
    /// glyph is a `<path>` from its font, defined once in `<defs>` and placed with `<use>`;
    /// colour emoji are embedded PNG `<image>`s. Each view is a `<g>` whose id comes from its
    /// name (`view-title`), with `data-kind`, `data-name`, `data-frame` ("x y width height")
    /// and, when it has any, `data-problems`; its first child is its `<rect>`. Subviews nest
    /// inside their superview's group. Problems are outlined again in a last group, over everything.
    public func svg() -> String {
        var writer = SVGWriter(picture: self)
        return writer.write()
    }
}

/// Writes one picture as SVG.
struct SVGWriter {
    let picture: Picture
    private var defs: [String] = []
    private var glyphIDs: [GlyphKey: String?] = [:]
    private var faceNumbers: [ObjectIdentifier: Int] = [:]
    /// Faces held so their identifiers stay unique while writing.
    private var faces: [FontFace] = []

    struct GlyphKey: Hashable {
        var face: ObjectIdentifier
        var glyph: UInt32
    }

    init(picture: Picture) { self.picture = picture }

    private static func n(_ value: Double) -> String { Picture.number(value) }

    private static func paint(_ color: PictureColor, _ attribute: String) -> String {
        let opacity = color.alpha < 1 ? " \(attribute)-opacity=\"\(n(color.alpha))\"" : ""
        return "\(attribute)=\"\(color.hex)\"\(opacity)"
    }

    private static func rect(_ r: Picture.Rect) -> String {
        "x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\""
    }

    /// A rectangle as a path, for even-odd bands.
    private static func rectPath(_ r: Picture.Rect) -> String {
        "M\(n(r.x)) \(n(r.y))H\(n(r.maxX))V\(n(r.maxY))H\(n(r.x))Z"
    }

    mutating func write() -> String {
        var body: [String] = []
        let p = picture
        var open: [Int] = []  // depths of open groups
        let textsByBox = p.textsByBox
        for (index, box) in p.boxes.enumerated() {
            while let depth = open.last, depth >= box.depth {
                body.append("</g>")
                open.removeLast()
            }
            var attributes =
                "id=\"\(MarkupText.escaped(box.id))\" data-kind=\"\(box.kind.rawValue)\" data-name=\"\(MarkupText.escaped(box.name))\""
                + " data-frame=\"\(SVGWriter.n(box.frame.x)) \(SVGWriter.n(box.frame.y)) \(SVGWriter.n(box.frame.width)) \(SVGWriter.n(box.frame.height))\""
            if !box.problems.isEmpty {
                attributes += " data-problems=\"\(box.problems.map(\.rawValue).joined(separator: " "))\""
            }
            body.append("<g \(attributes)>")
            open.append(box.depth)
            let frameText =
                "(\(SVGWriter.n(box.frame.x)), \(SVGWriter.n(box.frame.y)), \(SVGWriter.n(box.frame.width)) × \(SVGWriter.n(box.frame.height)))"
            let notes = ([box.name + " " + frameText] + box.notes).joined(separator: "\n")
            body.append("<title>\(MarkupText.escaped(notes))</title>")
            body.append(
                "<rect class=\"box\" \(SVGWriter.rect(box.frame)) \(SVGWriter.paint(PictureStyle.fill(box.kind), "fill")) "
                    + "\(SVGWriter.paint(PictureStyle.stroke(box.kind), "stroke")) stroke-width=\"\(SVGWriter.n(PictureStyle.strokeWidth))\"/>"
            )
            if let margins = box.margins {
                body.append(
                    "<path class=\"margins\" d=\"\(SVGWriter.rectPath(box.frame))\(SVGWriter.rectPath(margins))\" "
                        + "fill-rule=\"evenodd\" \(SVGWriter.paint(PictureStyle.margins, "fill"))/>")
            }
            if let image = box.imageRect {
                body.append(
                    "<rect class=\"image\" \(SVGWriter.rect(image)) \(SVGWriter.paint(PictureStyle.image, "fill")) "
                        + "\(SVGWriter.paint(PictureStyle.imageStroke, "stroke")) stroke-width=\"0.5\"/>")
            }
            for text in textsByBox[index] ?? [] {
                body.append(textGroup(text, clipID: "\(box.id)-clip-\(body.count)"))
            }
        }
        body += open.map { _ in "</g>" }

        var overlay: [String] = []
        if p.safeArea != p.bounds {
            overlay.append(
                "<path id=\"unsafe-area\" d=\"\(SVGWriter.rectPath(p.bounds))\(SVGWriter.rectPath(p.safeArea))\" "
                    + "fill-rule=\"evenodd\" fill=\"url(#unsafe-stripes)\"/>")
        }
        let highlights = p.highlights.map { box, problem, outline in
            let style = PictureStyle.highlight(problem)
            let dash =
                style.dash.isEmpty
                ? "" : " stroke-dasharray=\"\(style.dash.map(SVGWriter.n).joined(separator: " "))\""
            return
                "<rect data-problem=\"\(problem.rawValue)\" data-view=\"\(MarkupText.escaped(box.id))\" \(SVGWriter.rect(outline)) "
                + "fill=\"none\" \(SVGWriter.paint(style.color, "stroke")) stroke-width=\"\(SVGWriter.n(style.width))\"\(dash)/>"
        }

        let stripes = PictureStyle.unsafeStripes
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
                + "width=\"\(SVGWriter.n(p.width))\" height=\"\(SVGWriter.n(p.height))\" "
                + "viewBox=\"0 0 \(SVGWriter.n(p.width)) \(SVGWriter.n(p.height))\" data-scale=\"\(SVGWriter.n(p.scale))\">",
            "<title>\(MarkupText.escaped(p.title))</title>",
            "<desc>\(MarkupText.escaped(SVGWriter.legend))</desc>",
            "<defs>",
            "<pattern id=\"unsafe-stripes\" patternUnits=\"userSpaceOnUse\" width=\"\(SVGWriter.n(PictureStyle.stripePeriod))\" "
                + "height=\"\(SVGWriter.n(PictureStyle.stripePeriod))\" patternTransform=\"rotate(45)\">"
                + "<rect width=\"\(SVGWriter.n(PictureStyle.stripeWidth))\" height=\"\(SVGWriter.n(PictureStyle.stripePeriod))\" "
                + "\(SVGWriter.paint(stripes, "fill"))/></pattern>",
        ]
        lines += defs
        lines.append("</defs>")
        lines.append(
            "<rect id=\"background\" width=\"100%\" height=\"100%\" \(SVGWriter.paint(PictureStyle.background, "fill"))/>"
        )
        lines += body
        lines += overlay
        lines.append("<g id=\"highlights\">")
        lines += highlights
        lines.append("</g>")
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    static let legend =
        "Boxes by kind: window grey, view blue, label green, button purple, text view teal, text field light blue, "
        + "image view ochre, stack view indigo, other controls brown. Blue band: layout margins in use. "
        + "Orange stripes: outside the safe area. Outlined over everything: red = truncated label, "
        + "magenta dashed = ambiguous layout, orange dotted = in conflicting constraints."

    /// One line of text: a group clipped to its view, with a `<use>` per glyph.
    private mutating func textGroup(_ text: Picture.TextLine, clipID: String) -> String {
        defs.append("<clipPath id=\"\(MarkupText.escaped(clipID))\"><rect \(SVGWriter.rect(text.clip))/></clipPath>")
        var parts = [
            "<g class=\"text\" data-role=\"\(text.role.rawValue)\" clip-path=\"url(#\(MarkupText.escaped(clipID)))\" "
                + "\(SVGWriter.paint(PictureStyle.text(text.role), "fill"))>"
        ]
        for run in text.runs {
            let face = run.font.face
            let unitsPerEm = Double(max(face.tables.unitsPerEm, 1))
            let s = run.font.size / unitsPerEm
            for glyph in run.glyphs {
                if glyph.glyph == 0 {
                    parts.append(
                        SVGWriter.missingGlyph(
                            PictureStyle.missingGlyphBox(
                                x: text.x + glyph.x, baseline: text.baseline, advance: glyph.advance,
                                size: run.font.size)))
                    continue
                }
                guard let id = glyphID(face, glyph.glyph) else { continue }
                let x = text.x + glyph.x
                let y = text.baseline - glyph.y
                if id.hasPrefix("e") {
                    // A colour bitmap: defined in strike pixels, scaled to the font size.
                    if let placement = emojiPlacement[GlyphKey(face: ObjectIdentifier(face), glyph: glyph.glyph)] {
                        let k = run.font.size * placement.pointsPerPixelAtOnePoint
                        parts.append(
                            "<use xlink:href=\"#\(id)\" transform=\"matrix(\(SVGWriter.n4(k)) 0 0 \(SVGWriter.n4(k)) "
                                + "\(SVGWriter.n(x + Double(placement.left) * k)) \(SVGWriter.n(y - Double(placement.top) * k)))\"/>"
                        )
                    }
                } else {
                    parts.append(
                        "<use xlink:href=\"#\(id)\" transform=\"matrix(\(SVGWriter.n4(s)) 0 0 \(SVGWriter.n4(-s)) \(SVGWriter.n(x)) \(SVGWriter.n(y)))\"/>"
                    )
                }
            }
        }
        parts.append("</g>")
        return parts.joined(separator: "\n")
    }

    /// The placeholder of a character no font draws: a box with a cross, in the missing-glyph
    /// colours, titled so a viewer says what it is.
    private static func missingGlyph(_ box: Picture.Rect) -> String {
        let cross =
            "M\(n(box.x)) \(n(box.y))L\(n(box.maxX)) \(n(box.maxY))M\(n(box.maxX)) \(n(box.y))L\(n(box.x)) \(n(box.maxY))"
        let dash = PictureStyle.missingGlyphDash.map(n).joined(separator: " ")
        return "<g class=\"missing-glyph\"><title>no font draws this character</title>"
            + "<rect \(rect(box)) \(paint(PictureStyle.missingGlyphFill, "fill")) "
            + "\(paint(PictureStyle.missingGlyphStroke, "stroke")) stroke-width=\"0.75\" stroke-dasharray=\"\(dash)\"/>"
            + "<path d=\"\(cross)\" fill=\"none\" \(paint(PictureStyle.missingGlyphStroke, "stroke")) stroke-width=\"0.75\"/></g>"
    }

    /// A number with up to six significant decimals, for glyph scales.
    private static func n4(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    private struct EmojiPlacement {
        var left: Int
        var top: Int
        var pointsPerPixelAtOnePoint: Double
    }
    private var emojiPlacement: [GlyphKey: EmojiPlacement] = [:]

    /// The id of a glyph's definition, adding it on first use: a path in font units (y up),
    /// or for a colour bitmap glyph an embedded PNG. nil for a glyph that draws nothing.
    private mutating func glyphID(_ face: FontFace, _ glyph: UInt32) -> String? {
        let key = GlyphKey(face: ObjectIdentifier(face), glyph: glyph)
        if let known = glyphIDs[key] { return known }
        let number: Int
        if let known = faceNumbers[key.face] {
            number = known
        } else {
            number = faces.count
            faceNumbers[key.face] = number
            faces.append(face)
        }
        var id: String? = nil
        let outline =
            (try? face.outline(of: glyph, size: Double(max(face.tables.unitsPerEm, 1)))) ?? GlyphOutline(elements: [])
        if !outline.isEmpty {
            id = "g\(number)-\(glyph)"
            defs.append("<path id=\"\(id ?? "")\" d=\"\(SVGWriter.pathData(outline))\"/>")
        } else if face.isColor, let emoji = SVGWriter.emojiImage(face, glyph) {
            id = "e\(number)-\(glyph)"
            emojiPlacement[key] = EmojiPlacement(
                left: emoji.bitmap.left, top: emoji.bitmap.top, pointsPerPixelAtOnePoint: emoji.bitmap.scale / 128)
            defs.append(
                "<image id=\"\(id ?? "")\" width=\"\(emoji.bitmap.width)\" height=\"\(emoji.bitmap.height)\" "
                    + "xlink:href=\"data:image/png;base64,\(emoji.png)\"/>")
        }
        glyphIDs[key] = id
        return id
    }

    /// A colour glyph's strike bitmap (asked at 128 px per em) as a base64 PNG.
    private static func emojiImage(_ face: FontFace, _ glyph: UInt32) -> (bitmap: GlyphBitmap, png: String)? {
        guard let bitmap = try? face.bitmap(of: glyph, pixelSize: 128), bitmap.format == .premultipliedBGRA,
            !bitmap.isEmpty
        else { return nil }
        var rgba = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 4)
        for i in 0..<(bitmap.width * bitmap.height) {
            let a = Int(bitmap.pixels[4 * i + 3])
            func straight(_ v: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (Int(v) * 255 + a / 2) / a)) }
            rgba[4 * i] = straight(bitmap.pixels[4 * i + 2])
            rgba[4 * i + 1] = straight(bitmap.pixels[4 * i + 1])
            rgba[4 * i + 2] = straight(bitmap.pixels[4 * i])
            rgba[4 * i + 3] = UInt8(a)
        }
        guard let png = try? PNGCodec.encode(pixels: rgba, width: bitmap.width, height: bitmap.height, hasAlpha: true)
        else { return nil }
        return (bitmap, Data(png).base64EncodedString())
    }

    /// SVG path data of an outline (font units when asked at units-per-em size).
    static func pathData(_ outline: GlyphOutline) -> String {
        var d = ""
        var first = true
        func p(_ point: OutlinePoint) -> String { "\(n(point.x)) \(n(point.y))" }
        for element in outline.elements {
            switch element {
            case .move(let to):
                if !first { d += "Z" }
                first = false
                d += "M" + p(to)
            case .line(let to): d += "L" + p(to)
            case .quadCurve(let to, let control): d += "Q" + p(control) + " " + p(to)
            case .curve(let to, let c1, let c2): d += "C" + p(c1) + " " + p(c2) + " " + p(to)
            }
        }
        if !first { d += "Z" }
        return d
    }
}
