/// A face measured in place of iOS's: the system font's stand-in (Inter for SF Pro), or a
/// fallback face that is not the Apple face iOS draws those characters with. Widths set in it
/// are approximate; a report says so by naming it.
public struct FontStandIn: Hashable, Sendable, CustomStringConvertible {
    /// The family measured: "Inter", "Noto Sans Tamil".
    public let family: String
    /// The Apple family it stands in for ("SF Pro", "Tamil Sangam MN"); nil when the fallback
    /// found the face outside the cascade, so iOS's face for those characters is not known.
    public let appleFace: String?

    /// A stand-in for `appleFace`.
    public init(family: String, appleFace: String?) {
        self.family = family
        self.appleFace = appleFace
    }

    /// "Noto Sans Tamil for Tamil Sangam MN", or "DejaVu Sans for iOS's fallback face".
    public var description: String { "\(family) for \(appleFace ?? "iOS's fallback face")" }

    /// The stand-ins as one phrase for a report: "Inter for SF Pro; Noto Sans Tamil for Tamil
    /// Sangam MN"; nil for none.
    public static func phrase(_ standIns: [FontStandIn]) -> String? {
        standIns.isEmpty ? nil : standIns.map(\.description).joined(separator: "; ")
    }
}

/// What preparing a text found about its faces: the characters none draws, and where the
/// fonts fallback chose start in `PreparedText.fonts` (for `PreparedText.standIns`).
struct FontCoverage: Sendable {
    var missingCharacters: [Unicode.Scalar] = []
    var firstFallbackFont: Int? = nil
}
