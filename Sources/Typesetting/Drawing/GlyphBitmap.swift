internal import CTextShim

/// A glyph rendered by FreeType: anti-aliased coverage, or the colour bitmap of an emoji face.
public struct GlyphBitmap: Hashable, Sendable {
    /// What each pixel holds.
    public enum Format: Hashable, Sendable {
        /// One byte of coverage (0 none … 255 full) per pixel.
        case coverage
        /// Four bytes per pixel: blue, green, red, alpha, colours premultiplied by alpha.
        case premultipliedBGRA
    }

    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// Where the first column is: pixels right of the pen position.
    public var left: Int
    /// Where the first row is: pixels above the baseline.
    public var top: Int
    /// What the pixels hold.
    public var format: Format
    /// What to multiply the size and placement by to draw at the asked pixel size: 1 for
    /// coverage; for a colour bitmap, the asked size over the size of the font's strike.
    public var scale: Double
    /// The rows, top to bottom, `width` pixels each (1 or 4 bytes per pixel, per `format`).
    public var pixels: [UInt8]

    /// Whether the glyph draws nothing (a space).
    public var isEmpty: Bool { width == 0 || height == 0 }
}

extension FontFace {
    /// Renders `glyph` with FreeType at `pixelSize` pixels per em (a point size times the
    /// screen scale), unhinted and anti-aliased, with the pen moved right by `offsetX` and down
    /// by `offsetY` pixels (fractions place a glyph between pixels). A colour bitmap face (CBDT
    /// emoji) gives its nearest strike in colour and a `scale` to draw it at.
    ///
    /// - Throws: `DrawingError.invalidPixelSize` outside 0 < size ≤ 16384;
    ///   `glyphRenderingFailed` when FreeType cannot load or render the glyph.
    public func bitmap(of glyph: UInt32, pixelSize: Double, offsetX: Double = 0, offsetY: Double = 0)
        throws(DrawingError) -> GlyphBitmap
    {
        guard pixelSize.isFinite, pixelSize > 0, pixelSize <= 16384 else { throw .invalidPixelSize(pixelSize) }
        var raw = TSGlyphBitmap()
        let status = ts_glyph_bitmap(
            handle, glyph, pixelSize, offsetX.isFinite ? offsetX : 0, offsetY.isFinite ? offsetY : 0, &raw)
        defer { ts_glyph_bitmap_free(&raw) }
        guard status == 0 else { throw .glyphRenderingFailed(face: description, glyph: glyph, code: Int(status)) }
        let color = raw.isColor != 0
        let count = Int(raw.width) * Int(raw.rows) * (color ? 4 : 1)
        let pixels: [UInt8] =
            if let source = raw.pixels, count > 0 { Array(UnsafeBufferPointer(start: source, count: count)) } else {
                []
            }
        return GlyphBitmap(
            width: pixels.isEmpty ? 0 : Int(raw.width), height: pixels.isEmpty ? 0 : Int(raw.rows),
            left: Int(raw.left), top: Int(raw.top), format: color ? .premultipliedBGRA : .coverage,
            scale: raw.scale > 0 && raw.scale.isFinite ? raw.scale : 1, pixels: pixels)
    }
}
