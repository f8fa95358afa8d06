internal import CTextShim

/// A point of a glyph outline, in points: x right of the glyph's origin, y up from the baseline.
public struct OutlinePoint: Hashable, Sendable {
    /// Right of the origin.
    public var x: Double
    /// Up from the baseline.
    public var y: Double

    /// Makes a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The outline of one glyph: closed contours of lines and Bézier curves, as the font draws
/// them (unhinted), scaled to a point size.
public struct GlyphOutline: Hashable, Sendable {
    /// One step of a contour.
    public enum Element: Hashable, Sendable {
        /// Starts a contour (closing the one before).
        case move(to: OutlinePoint)
        /// A straight line.
        case line(to: OutlinePoint)
        /// A quadratic Bézier curve (TrueType outlines).
        case quadCurve(to: OutlinePoint, control: OutlinePoint)
        /// A cubic Bézier curve (CFF outlines).
        case curve(to: OutlinePoint, control1: OutlinePoint, control2: OutlinePoint)
    }

    /// The contours' elements; every contour starts with `.move` and is closed.
    public var elements: [Element]

    /// Makes an outline from elements.
    public init(elements: [Element]) { self.elements = elements }

    /// Whether the glyph draws nothing (a space, or a glyph of a bitmap-only face).
    public var isEmpty: Bool { elements.isEmpty }

    /// The box around every on- and off-curve point (which holds the outline), or nil when empty.
    public var controlBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        func include(_ p: OutlinePoint) {
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): include(p)
            case .quadCurve(let p, let c):
                include(p)
                include(c)
            case .curve(let p, let c1, let c2):
                include(p)
                include(c1)
                include(c2)
            }
        }
        return elements.isEmpty ? nil : (minX, minY, maxX, maxY)
    }
}

extension FontFace {
    /// The outline of `glyph` at `size` points (unhinted, through FreeType), y up from the
    /// baseline. Glyphs without an outline (a space, a colour bitmap emoji) give an empty one.
    ///
    /// - Throws: `DrawingError.glyphRenderingFailed` when FreeType cannot load the glyph.
    public func outline(of glyph: UInt32, size: Double) throws(DrawingError) -> GlyphOutline {
        var elementCapacity = 64
        var pointCapacity = 192
        for _ in 0..<2 {
            var kinds = [UInt8](repeating: 0, count: elementCapacity)
            var coordinates = [Double](repeating: 0, count: pointCapacity * 2)
            var pointCount: Int32 = 0
            let count = kinds.withUnsafeMutableBufferPointer { kinds in
                coordinates.withUnsafeMutableBufferPointer { coordinates in
                    ts_glyph_outline(
                        handle, glyph, size, kinds.baseAddress, Int32(elementCapacity), coordinates.baseAddress,
                        Int32(pointCapacity), &pointCount)
                }
            }
            guard count >= 0 else {
                throw .glyphRenderingFailed(face: description, glyph: glyph, code: Int(count))
            }
            if Int(count) > elementCapacity || Int(pointCount) > pointCapacity {
                elementCapacity = Int(count)
                pointCapacity = Int(pointCount)
                continue
            }
            var elements: [GlyphOutline.Element] = []
            elements.reserveCapacity(Int(count))
            var next = 0
            func point() -> OutlinePoint {
                defer { next += 1 }
                return OutlinePoint(x: coordinates[2 * next], y: coordinates[2 * next + 1])
            }
            for kind in kinds.prefix(Int(count)) {
                switch Int32(kind) {
                case Int32(TS_OUTLINE_MOVE): elements.append(.move(to: point()))
                case Int32(TS_OUTLINE_LINE): elements.append(.line(to: point()))
                case Int32(TS_OUTLINE_QUAD):
                    let control = point()
                    elements.append(.quadCurve(to: point(), control: control))
                default:
                    let control1 = point()
                    let control2 = point()
                    elements.append(.curve(to: point(), control1: control1, control2: control2))
                }
            }
            return GlyphOutline(elements: elements)
        }
        throw .glyphRenderingFailed(face: description, glyph: glyph, code: -3)
    }
}
