internal import CTextShim

/// PNG files through libpng: 8-bit RGB or RGBA pixels in, a PNG's bytes out, and back.
public enum PNGCodec {
    /// A decoded PNG: 8-bit RGBA pixels with straight (not premultiplied) alpha.
    public struct Image: Hashable, Sendable {
        /// The width in pixels.
        public var width: Int
        /// The height in pixels.
        public var height: Int
        /// The rows top to bottom, 4 bytes (R, G, B, A) per pixel.
        public var rgba: [UInt8]

        /// The red, green, blue and alpha of the pixel at column `x`, row `y`.
        public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
            let i = (y * width + x) * 4
            return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
        }
    }

    /// Encodes pixels (rows top to bottom; 3 bytes per pixel, or 4 with straight alpha when
    /// `hasAlpha`) as a PNG.
    ///
    /// - Throws: `DrawingError.invalidImage` when the byte count does not match the size;
    ///   `pngEncodingFailed` when libpng refuses.
    public static func encode(pixels: [UInt8], width: Int, height: Int, hasAlpha: Bool) throws(DrawingError)
        -> [UInt8]
    {
        let channels = hasAlpha ? 4 : 3
        let (expected, overflow) = width.multipliedReportingOverflow(by: height * channels)
        guard width > 0, height > 0, width < 1 << 24, height < 1 << 24, !overflow, pixels.count == expected else {
            throw .invalidImage(
                width: width, height: height, byteCount: pixels.count, expected: overflow ? -1 : expected)
        }
        var output: UnsafeMutablePointer<UInt8>?
        var length: Int64 = 0
        let status = pixels.withUnsafeBufferPointer {
            ts_png_encode($0.baseAddress, Int32(width), Int32(height), Int32(channels), &output, &length)
        }
        defer { ts_free(output) }
        guard status == 0, let output, length > 0 else {
            throw .pngEncodingFailed(status == -3 ? "out of memory" : "libpng refused a \(width) × \(height) image")
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    /// Decodes a PNG into RGBA pixels.
    ///
    /// - Throws: `DrawingError.pngDecodingFailed` when the bytes are not a PNG libpng can read.
    public static func decode(_ png: [UInt8]) throws(DrawingError) -> Image {
        var output: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0
        var height: Int32 = 0
        let status = png.withUnsafeBufferPointer {
            ts_png_decode($0.baseAddress, Int64($0.count), &output, &width, &height)
        }
        defer { ts_free(output) }
        guard status == 0, let output else {
            throw .pngDecodingFailed(status == -3 ? "out of memory" : "not a PNG file, or a damaged one")
        }
        let count = Int(width) * Int(height) * 4
        return Image(
            width: Int(width), height: Int(height), rgba: Array(UnsafeBufferPointer(start: output, count: count)))
    }
}
