/// What can go wrong while drawing glyphs or writing pictures.
public enum DrawingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A glyph was asked for at a pixel size outside 0 < size ≤ 16384.
    case invalidPixelSize(Double)
    /// FreeType could not load or render a glyph; `code` is its error code.
    case glyphRenderingFailed(face: String, glyph: UInt32, code: Int)
    /// Pixels handed to the PNG encoder do not match the size given.
    case invalidImage(width: Int, height: Int, byteCount: Int, expected: Int)
    /// libpng refused to encode.
    case pngEncodingFailed(String)
    /// The bytes are not a PNG libpng can read.
    case pngDecodingFailed(String)

    /// A sentence naming what was wrong and what is allowed.
    public var description: String {
        switch self {
        case .invalidPixelSize(let size):
            return "invalid glyph pixel size \(size): allowed sizes are greater than 0 and at most 16384 pixels per em"
        case .glyphRenderingFailed(let face, let glyph, let code):
            return "cannot draw glyph \(glyph) of \(face): FreeType error \(code)"
        case .invalidImage(let width, let height, let byteCount, let expected):
            return "invalid image \(width) × \(height): \(byteCount) bytes of pixels where \(expected) are needed"
        case .pngEncodingFailed(let reason):
            return "cannot encode PNG: \(reason)"
        case .pngDecodingFailed(let reason):
            return "cannot decode PNG: \(reason)"
        }
    }
}
