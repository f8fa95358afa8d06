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
    /// For a face the fallback chose from a script's cascade (`LanguageFonts.cascade(for:language:)`):
    /// the Apple face iOS draws those characters with, which this face stands in for (or is,
    /// when the user added it); Apple Color Emoji for a colour face drawing emoji. Nil for a
    /// font that was asked for, and for a fallback face found outside the cascade.
    public var fallbackFor: AppleFace? { fallbackID == AppleFace.none ? nil : AppleFace(id: fallbackID) }
    /// `fallbackFor`'s `AppleFace.id`, or `AppleFace.none`: a plain number, so a font stays a
    /// value of references and numbers.
    let fallbackID: UInt16
    /// Whether the font is a Dynamic Type text style's (`UIFont.preferredFont(forTextStyle:)`),
    /// for which UIKit raises lines of tall scripts (`AppleFallbackMetrics`).
    public internal(set) var isTextStyle = false

    /// The largest point size accepted (100,000 pt), far beyond any screen, so that widths stay finite.
    public static let maximumSize: Double = 100_000

    /// Pairs a face with a size.
    ///
    /// - Throws: `TypesettingError.invalidFontSize` unless `size` is in 0 < size ≤ `maximumSize`.
    public init(face: FontFace, size: Double) throws(TypesettingError) {
        try self.init(face: face, size: size, fallbackFor: nil)
    }

    /// A fallback face at a size, standing in for `fallbackFor`.
    init(face: FontFace, size: Double, fallbackFor: AppleFace?) throws(TypesettingError) {
        guard size.isFinite, size > 0, size <= Font.maximumSize else { throw .invalidFontSize(size) }
        self.fallbackID = fallbackFor?.id ?? AppleFace.none
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
        try Font(face: requestedFace, size: size, fallbackFor: fallbackFor)
    }

    /// Whether this font's widths are another face's than iOS's: the system font's stand-in
    /// (SF Pro missing), or a fallback face that is not the Apple face it stands in for.
    /// `isFallback` says whether the font was chosen by fallback (nil `fallbackFor` then means
    /// iOS's face for those characters is not known).
    func standIn(isFallback: Bool) -> FontStandIn? {
        if face.isSystemFontStandIn { return FontStandIn(family: face.family, appleFace: AppleFace.sfPro.family) }
        guard isFallback else { return nil }
        guard let apple = fallbackFor else { return FontStandIn(family: face.family, appleFace: nil) }
        // Apple's own face (any of the names its cascade entry gives it) is no stand-in.
        let family = face.family.lowercased()
        let apples = LanguageFonts.allEntries.filter { $0.appleFace == apple }.flatMap(\.appleFamilies) + [apple.family]
        if apples.contains(where: { $0.lowercased() == family }) { return nil }
        return FontStandIn(family: face.family, appleFace: apple.family)
    }

    /// "Inter Regular 17 pt".
    public var description: String {
        let size = self.size == self.size.rounded() ? String(Int64(self.size)) : String(self.size)
        return "\(face.family) \(face.style) \(size) pt"
    }
}
