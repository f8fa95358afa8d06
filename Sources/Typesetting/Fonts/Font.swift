/// A face at a point size: what `UIFont` is.
///
/// A variable face with an optical size axis ('opsz') is set to the point size, clamped to
/// the axis, as Core Text's automatic optical sizing does: `face` is then that instance, and
/// `requestedFace` the face asked for. A face with a 'trak' table is tracked at the size
/// (`tracking`).
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// The face glyphs and metrics come from (for a face with an 'opsz' axis, the instance at
    /// this size).
    public let face: FontFace
    /// The face the font was made with.
    public let requestedFace: FontFace
    /// The point size.
    public let size: Double
    /// Points added after every grapheme cluster by the face's 'trak' table at this size
    /// (0 without one), on top of any letter spacing.
    public let tracking: Double
    /// Whether the font is a Dynamic Type text style's (`UIFont.preferredFont(forTextStyle:)`),
    /// for which UIKit raises lines of tall scripts (`AppleFallbackMetrics`).
    public internal(set) var isTextStyle = false

    /// The largest point size accepted (100,000 pt), far beyond any screen, so that widths stay finite.
    public static let maximumSize: Double = 100_000

    /// Pairs a face with a size.
    ///
    /// - Throws: `TypesettingError.invalidFontSize` unless `size` is in 0 < size ≤ `maximumSize`.
    public init(face: FontFace, size: Double) throws(TypesettingError) {
        guard size.isFinite, size > 0, size <= Font.maximumSize else { throw .invalidFontSize(size) }
        self.requestedFace = face
        self.face = face.isVariable ? face.opticalSizeInstance(pointSize: size) : face
        self.size = size
        let units = face.trackingTable?.value(atPointSize: size) ?? 0
        self.tracking = units * size / Double(max(face.tables.unitsPerEm, 1))
    }

    /// The metrics at this size.
    public var metrics: FontMetrics { face.metrics(size: size) }
    /// `UIFont.lineHeight`: ascender − descender + leading.
    public var lineHeight: Double { metrics.lineHeight }
    /// Points per font unit.
    public var pointsPerUnit: Double { size / Double(max(face.tables.unitsPerEm, 1)) }

    /// The same face at another size.
    public func withSize(_ size: Double) throws(TypesettingError) -> Font {
        try Font(face: requestedFace, size: size)
    }

    /// "Inter Regular 17 pt".
    public var description: String {
        let size = self.size == self.size.rounded() ? String(Int64(self.size)) : String(self.size)
        return "\(face.family) \(face.style) \(size) pt"
    }
}
