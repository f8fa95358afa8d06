/// A face at a point size: what `UIFont` is.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// The face glyphs and metrics come from.
    public let face: FontFace
    /// The point size.
    public let size: Double

    /// The largest point size accepted (100,000 pt), far beyond any screen, so that widths stay finite.
    public static let maximumSize: Double = 100_000

    /// Pairs a face with a size.
    ///
    /// - Throws: `TypesettingError.invalidFontSize` unless `size` is in 0 < size ≤ `maximumSize`.
    public init(face: FontFace, size: Double) throws(TypesettingError) {
        guard size.isFinite, size > 0, size <= Font.maximumSize else { throw .invalidFontSize(size) }
        self.face = face
        self.size = size
    }

    /// The metrics at this size.
    public var metrics: FontMetrics { face.metrics(size: size) }
    /// `UIFont.lineHeight`: ascender − descender + leading.
    public var lineHeight: Double { metrics.lineHeight }
    /// Points per font unit.
    public var pointsPerUnit: Double { size / Double(max(face.tables.unitsPerEm, 1)) }

    /// The same face at another size.
    public func withSize(_ size: Double) throws(TypesettingError) -> Font {
        try Font(face: face, size: size)
    }

    /// "Inter Regular 17 pt".
    public var description: String {
        let size = self.size == self.size.rounded() ? String(Int64(self.size)) : String(self.size)
        return "\(face.family) \(face.style) \(size) pt"
    }
}
