import Foundation
import Typesetting

/// Why a picture could not be drawn as PNG.
public enum PictureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The scale is not a finite number greater than 0 and at most 8.
    case invalidScale(Double)
    /// The picture would be larger than 16384 pixels on a side or 100 million pixels in all.
    case tooLarge(width: Int, height: Int)
    /// A glyph could not be rendered or the PNG could not be written.
    case drawingFailed(DrawingError)
    /// The window is less than a pixel wide or high at the scale (or its size is not a number).
    case empty(width: Double, height: Double)

    /// A sentence naming what was wrong and what is allowed.
    public var description: String {
        switch self {
        case .invalidScale(let scale):
            return "invalid picture scale \(scale): allowed is a number greater than 0 and at most 8"
        case .tooLarge(let width, let height):
            return "picture too large: \(width) × \(height) pixels; at most 16384 on a side and 100 million in all"
        case .drawingFailed(let error):
            return error.description
        case .empty(let width, let height):
            return "nothing to draw: the window is \(width) × \(height) points, less than a pixel on a side"
        }
    }
}

extension Picture {
    /// The picture as PNG bytes, rasterized at `scale` pixels per point: rectangles filled and
    /// outlined with exact coverage at their edges, glyphs rendered by FreeType (anti-aliased,
    /// placed to a quarter pixel) and composited here, encoded by libpng.
    ///
    /// - Throws: `PictureError.invalidScale`, `.empty` or `.tooLarge` for a size and scale that make no picture;
    ///   `.drawingFailed` when a glyph or the PNG cannot be made.
    public func png() throws(PictureError) -> [UInt8] {
        let canvas = try raster()
        do {
            return try PNGCodec.encode(
                pixels: canvas.pixels, width: canvas.width, height: canvas.height, hasAlpha: false)
        } catch {
            throw .drawingFailed(error)
        }
    }

    /// The picture rasterized at `scale`: RGB pixels, rows top to bottom (what `png()` encodes).
    ///
    /// - Throws: as `png()`.
    public func raster() throws(PictureError) -> RasterImage {
        guard scale.isFinite, scale > 0, scale <= 8 else { throw .invalidScale(scale) }
        guard width.isFinite, height.isFinite, width * scale >= 1, height * scale >= 1 else {
            throw .empty(width: width, height: height)
        }
        let w = clamped((width * scale).rounded(.up), 1, 1 << 30)
        let h = clamped((height * scale).rounded(.up), 1, 1 << 30)
        guard w <= 16384, h <= 16384, w * h <= 100_000_000 else { throw .tooLarge(width: w, height: h) }
        var painter = Painter(width: w, height: h, scale: scale)
        painter.fill(bounds, PictureStyle.background)
        let textsByBox = self.textsByBox
        for (index, box) in boxes.enumerated() {
            painter.fill(box.frame, PictureStyle.fill(box.kind))
            painter.stroke(box.frame, PictureStyle.stroke(box.kind), width: PictureStyle.strokeWidth, dash: [])
            if let margins = box.margins { painter.fillBand(outer: box.frame, inner: margins, PictureStyle.margins) }
            if let image = box.imageRect {
                painter.fill(image, PictureStyle.image)
                painter.stroke(image, PictureStyle.imageStroke, width: 0.5, dash: [])
            }
            for text in textsByBox[index] ?? [] {
                do {
                    try painter.draw(text)
                } catch {
                    throw .drawingFailed(error)
                }
            }
        }
        if safeArea != bounds { painter.stripes(outside: safeArea, in: bounds, PictureStyle.unsafeStripes) }
        for (_, problem, outline) in highlights {
            let style = PictureStyle.highlight(problem)
            painter.stroke(outline, style.color, width: style.width, dash: style.dash)
        }
        return RasterImage(width: w, height: h, pixels: painter.pixels)
    }
}

/// `value` as an Int in `low...high` (NaN gives `low`), without trapping on huge values.
private func clamped(_ value: Double, _ low: Int, _ high: Int) -> Int {
    guard value >= Double(low) else { return low }
    guard value <= Double(high) else { return high }
    return Int(value)
}

/// A rasterized picture: 8-bit RGB pixels, rows top to bottom.
public struct RasterImage: Hashable, Sendable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// Three bytes (R, G, B) per pixel.
    public var pixels: [UInt8]

    /// The red, green and blue of the pixel at column `x`, row `y`.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = (y * width + x) * 3
        return (pixels[i], pixels[i + 1], pixels[i + 2])
    }
}

/// Paints rectangles and glyphs onto an opaque RGB canvas (source-over compositing).
struct Painter {
    let width: Int
    let height: Int
    let scale: Double
    var pixels: [UInt8]
    private var glyphs: [GlyphKey: GlyphBitmap] = [:]

    private struct GlyphKey: Hashable {
        var face: ObjectIdentifier
        var glyph: UInt32
        var pixelSize: Double
        var subX: Int
        var subY: Int
    }

    init(width: Int, height: Int, scale: Double) {
        self.width = width
        self.height = height
        self.scale = scale
        pixels = [UInt8](repeating: 255, count: width * height * 3)
    }

    /// Blends `color` at `coverage` (0…1, times the colour's alpha) into pixel (x, y).
    @inline(__always)
    private mutating func blend(_ x: Int, _ y: Int, _ color: PictureColor, _ coverage: Double) {
        let a = coverage * color.alpha
        guard a > 0 else { return }
        let i = (y * width + x) * 3
        if a >= 1 {
            pixels[i] = color.red
            pixels[i + 1] = color.green
            pixels[i + 2] = color.blue
            return
        }
        func mix(_ d: UInt8, _ s: UInt8) -> UInt8 { UInt8((Double(d) + (Double(s) - Double(d)) * a).rounded()) }
        pixels[i] = mix(pixels[i], color.red)
        pixels[i + 1] = mix(pixels[i + 1], color.green)
        pixels[i + 2] = mix(pixels[i + 2], color.blue)
    }

    /// Fills a rectangle given in points; edge pixels get their covered fraction.
    mutating func fill(_ r: Picture.Rect, _ color: PictureColor) {
        guard color.alpha > 0, r.width > 0, r.height > 0 else { return }
        let x0 = r.x * scale
        let x1 = r.maxX * scale
        let y0 = r.y * scale
        let y1 = r.maxY * scale
        let firstX = clamped(x0.rounded(.down), 0, width)
        let lastX = clamped(x1.rounded(.up), 0, width) - 1
        let firstY = clamped(y0.rounded(.down), 0, height)
        let lastY = clamped(y1.rounded(.up), 0, height) - 1
        guard firstX <= lastX, firstY <= lastY else { return }
        for y in firstY...lastY {
            let cy = min(Double(y + 1), y1) - max(Double(y), y0)
            guard cy > 0 else { continue }
            for x in firstX...lastX {
                let cx = min(Double(x + 1), x1) - max(Double(x), x0)
                if cx > 0 { blend(x, y, color, cx * cy) }
            }
        }
    }

    /// Fills the band between two rectangles (the inner one inside the outer).
    mutating func fillBand(outer: Picture.Rect, inner: Picture.Rect, _ color: PictureColor) {
        let i = inner.intersection(outer)
        fill(Picture.Rect(x: outer.x, y: outer.y, width: outer.width, height: i.y - outer.y), color)
        fill(Picture.Rect(x: outer.x, y: i.maxY, width: outer.width, height: outer.maxY - i.maxY), color)
        fill(Picture.Rect(x: outer.x, y: i.y, width: i.x - outer.x, height: i.height), color)
        fill(Picture.Rect(x: i.maxX, y: i.y, width: outer.maxX - i.maxX, height: i.height), color)
    }

    /// Outlines a rectangle with a line `lineWidth` points wide centred on its edges (as SVG
    /// strokes), dashed clockwise from the top left when `dash` is not empty.
    mutating func stroke(_ r: Picture.Rect, _ color: PictureColor, width lineWidth: Double, dash: [Double]) {
        let h = lineWidth / 2
        // Top and bottom take the corners; the sides fit between them.
        let edges: [(Picture.Rect, horizontal: Bool, reversed: Bool)] = [
            (Picture.Rect(x: r.x - h, y: r.y - h, width: r.width + lineWidth, height: lineWidth), true, false),
            (Picture.Rect(x: r.maxX - h, y: r.y + h, width: lineWidth, height: r.height - lineWidth), false, false),
            (Picture.Rect(x: r.x - h, y: r.maxY - h, width: r.width + lineWidth, height: lineWidth), true, true),
            (Picture.Rect(x: r.x - h, y: r.y + h, width: lineWidth, height: r.height - lineWidth), false, true),
        ]
        guard !dash.isEmpty, dash.allSatisfy({ $0 > 0 }) else {
            for edge in edges { fill(edge.0, color) }
            return
        }
        let period = dash.reduce(0, +)
        var phase = 0.0  // distance walked along the outline
        for (edge, horizontal, reversed) in edges {
            let length = horizontal ? edge.width : edge.height
            guard length > 0 else { continue }
            var t = 0.0
            while t < length {
                // Where in the pattern the walk is, and how long this dash or gap lasts.
                var offset = (phase + t).truncatingRemainder(dividingBy: period)
                var index = 0
                while offset >= dash[index] {
                    offset -= dash[index]
                    index = (index + 1) % dash.count
                }
                let step = min(dash[index] - offset, length - t)
                if index % 2 == 0 {
                    let a = reversed ? length - t - step : t
                    let piece =
                        horizontal
                        ? Picture.Rect(x: edge.x + a, y: edge.y, width: step, height: edge.height)
                        : Picture.Rect(x: edge.x, y: edge.y + a, width: edge.width, height: step)
                    fill(piece, color)
                }
                t += step
            }
            phase += length
        }
    }

    /// Diagonal stripes (45°, as the SVG pattern) over `whole` outside `inside`, sampled 4×4 per pixel.
    mutating func stripes(outside inside: Picture.Rect, in whole: Picture.Rect, _ color: PictureColor) {
        let period = PictureStyle.stripePeriod
        let stripe = PictureStyle.stripeWidth
        let root = 2.0.squareRoot()
        // Only the pixels outside `inside` are visited: whole rows above and below it, and the
        // columns beside it in between.
        let insideX0 = clamped((inside.x * scale).rounded(), 0, width)
        let insideX1 = max(insideX0, clamped((inside.maxX * scale).rounded(), 0, width))
        let insideY0 = clamped((inside.y * scale).rounded(), 0, height)
        let insideY1 = max(insideY0, clamped((inside.maxY * scale).rounded(), 0, height))
        for y in 0..<height {
            let columns = y >= insideY0 && y < insideY1 ? [0..<insideX0, insideX1..<width] : [0..<width]
            for x in columns.joined() {
                var hits = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let qx = (Double(x) + (Double(sx) + 0.5) / 4) / scale
                        let qy = (Double(y) + (Double(sy) + 0.5) / 4) / scale
                        // The pattern's x axis, rotated 45°: u = (x + y) / √2.
                        var u = ((qx + qy) / root).truncatingRemainder(dividingBy: period)
                        if u < 0 { u += period }
                        if u < stripe { hits += 1 }
                    }
                }
                if hits > 0 { blend(x, y, color, Double(hits) / 16) }
            }
        }
    }

    /// The placeholder of a character no font draws (`PictureStyle.missingGlyphBox`): the box
    /// filled pale, outlined dashed, and crossed corner to corner in quarter-pixel steps.
    private mutating func missingGlyph(_ box: Picture.Rect) {
        guard box.width > 0, box.height > 0 else { return }
        fill(box, PictureStyle.missingGlyphFill)
        stroke(box, PictureStyle.missingGlyphStroke, width: 0.75, dash: PictureStyle.missingGlyphDash)
        let dot = 0.75
        let steps = Int(min(4096, (max(box.width, box.height) * scale * 4).rounded(.up)))
        guard steps > 0 else { return }
        for i in 0...steps {
            let t = Double(i) / Double(steps)
            let y = box.y + t * box.height - dot / 2
            for x in [box.x + t * box.width, box.maxX - t * box.width] {
                fill(
                    Picture.Rect(x: x - dot / 2, y: y, width: dot, height: dot),
                    PictureStyle.missingGlyphStroke.with(alpha: 0.25))
            }
        }
    }

    /// Draws one line of text, clipped to its rectangle.
    mutating func draw(_ text: Picture.TextLine) throws(DrawingError) {
        let clipX0 = clamped((text.clip.x * scale).rounded(), 0, width)
        let clipX1 = clamped((text.clip.maxX * scale).rounded(), 0, width)
        let clipY0 = clamped((text.clip.y * scale).rounded(), 0, height)
        let clipY1 = clamped((text.clip.maxY * scale).rounded(), 0, height)
        guard clipX0 < clipX1, clipY0 < clipY1 else { return }
        let color = PictureStyle.text(text.role)
        for run in text.runs {
            let face = run.font.face
            let pixelSize = run.font.size * scale
            guard pixelSize <= 16384 else { continue }
            for glyph in run.glyphs {
                if glyph.glyph == 0 {
                    missingGlyph(
                        PictureStyle.missingGlyphBox(
                            x: text.x + glyph.x, baseline: text.baseline, advance: glyph.advance, size: run.font.size
                        ).intersection(text.clip))
                    continue
                }
                let px = (text.x + glyph.x) * scale
                let py = (text.baseline - glyph.y) * scale
                // Far off the canvas (or not a number): nothing to draw, and no Int to make.
                guard abs(px) < 1e9, abs(py) < 1e9 else { continue }
                let ix = Int(px.rounded(.down))
                let iy = Int(py.rounded(.down))
                guard ix < clipX1 + Int(pixelSize) * 2, ix > clipX0 - Int(pixelSize) * 4,
                    iy > clipY0 - Int(pixelSize) * 2, iy < clipY1 + Int(pixelSize) * 2
                else { continue }
                let subX = Int(((px - Double(ix)) * 4).rounded(.down))
                let subY = Int(((py - Double(iy)) * 4).rounded(.down))
                let key = GlyphKey(
                    face: ObjectIdentifier(face), glyph: glyph.glyph, pixelSize: pixelSize, subX: subX, subY: subY)
                let bitmap: GlyphBitmap
                if let cached = glyphs[key] {
                    bitmap = cached
                } else {
                    bitmap = try face.bitmap(
                        of: glyph.glyph, pixelSize: pixelSize, offsetX: Double(subX) / 4, offsetY: Double(subY) / 4)
                    glyphs[key] = bitmap
                }
                guard !bitmap.isEmpty else { continue }
                let clip = (clipX0, clipX1, clipY0, clipY1)
                if bitmap.format == .coverage {
                    composite(coverage: bitmap, x: ix + bitmap.left, y: iy - bitmap.top, color: color, clip: clip)
                } else {
                    composite(
                        color: bitmap, x: px + Double(bitmap.left) * bitmap.scale,
                        y: py - Double(bitmap.top) * bitmap.scale, clip: clip)
                }
            }
        }
    }

    private mutating func composite(
        coverage bitmap: GlyphBitmap, x: Int, y: Int, color: PictureColor, clip: (Int, Int, Int, Int)
    ) {
        let startX = max(x, clip.0)
        let endX = min(x + bitmap.width, clip.1)
        let startY = max(y, clip.2)
        let endY = min(y + bitmap.height, clip.3)
        guard startX < endX, startY < endY else { return }
        for row in startY..<endY {
            let source = (row - y) * bitmap.width - x
            for column in startX..<endX {
                let c = bitmap.pixels[source + column]
                if c > 0 { blend(column, row, color, Double(c) / 255) }
            }
        }
    }

    /// A colour bitmap scaled by `bitmap.scale` with its top left at (x, y) pixels: each
    /// target pixel averages the source pixels it covers (premultiplied, source-over).
    private mutating func composite(color bitmap: GlyphBitmap, x: Double, y: Double, clip: (Int, Int, Int, Int)) {
        let s = bitmap.scale
        let startX = max(Int(x.rounded(.down)), clip.0)
        let endX = min(Int((x + Double(bitmap.width) * s).rounded(.up)), clip.1)
        let startY = max(Int(y.rounded(.down)), clip.2)
        let endY = min(Int((y + Double(bitmap.height) * s).rounded(.up)), clip.3)
        guard startX < endX, startY < endY else { return }
        for row in startY..<endY {
            let sy0 = max(0, Int(((Double(row) - y) / s).rounded(.down)))
            let sy1 = min(bitmap.height, max(sy0 + 1, Int(((Double(row + 1) - y) / s).rounded(.up))))
            for column in startX..<endX {
                let sx0 = max(0, Int(((Double(column) - x) / s).rounded(.down)))
                let sx1 = min(bitmap.width, max(sx0 + 1, Int(((Double(column + 1) - x) / s).rounded(.up))))
                guard sx0 < sx1, sy0 < sy1 else { continue }
                var b = 0
                var g = 0
                var r = 0
                var a = 0
                for sy in sy0..<sy1 {
                    for sx in sx0..<sx1 {
                        let i = (sy * bitmap.width + sx) * 4
                        b += Int(bitmap.pixels[i])
                        g += Int(bitmap.pixels[i + 1])
                        r += Int(bitmap.pixels[i + 2])
                        a += Int(bitmap.pixels[i + 3])
                    }
                }
                let n = Double((sx1 - sx0) * (sy1 - sy0))
                let alpha = Double(a) / n / 255
                guard alpha > 0 else { continue }
                let i = (row * width + column) * 3
                func over(_ d: UInt8, _ premultiplied: Int) -> UInt8 {
                    UInt8(min(255, max(0, (Double(premultiplied) / n + Double(d) * (1 - alpha)).rounded())))
                }
                pixels[i] = over(pixels[i], r)
                pixels[i + 1] = over(pixels[i + 1], g)
                pixels[i + 2] = over(pixels[i + 2], b)
            }
        }
    }
}
