/// The vertical metrics of a face at a point size, as `UIFont` reports them.
///
/// Sources (in font units, scaled by `size / unitsPerEm`):
/// - `ascender`, `descender`, `leading`: the 'hhea' table's ascender, descender and lineGap,
///   as Core Text uses them. A face whose 'hhea' ascender and descender are both 0 falls back
///   to 'OS/2' sTypo values, then to usWin values.
/// - `capHeight`, `xHeight`: 'OS/2' sCapHeight and sxHeight (table version 2+), else the top
///   of the glyphs 'H' and 'x'.
/// - `lineHeight = ascender − descender + leading` (`UIFont.lineHeight`).
/// - A face standing in for another (`FontTables.lineMetrics`) takes that face's ascender,
///   descender and line gap, in ems; with `roundsLineHeightToPoints`, the descender is lowered
///   so that ascender − descender is a whole number of points.
public struct FontMetrics: Hashable, Sendable {
    /// The point size the values are scaled to.
    public var size: Double
    /// Distance from the baseline to the top of the line box (positive).
    public var ascender: Double
    /// Distance from the baseline to the bottom of the line box (negative, as in UIKit).
    public var descender: Double
    /// The line gap added below the descender.
    public var leading: Double
    /// Height of flat capital letters.
    public var capHeight: Double
    /// Height of lowercase letters without ascenders.
    public var xHeight: Double
    /// The font's units per em.
    public var unitsPerEm: Int

    /// `ascender − descender + leading`, as `UIFont.lineHeight`.
    public var lineHeight: Double { ascender - descender + leading }

    /// Scales a face's tables to `size` points.
    public init(tables: FontTables, size: Double) {
        let scale = size / Double(max(tables.unitsPerEm, 1))
        if let em = tables.lineMetrics {
            // A face that stands in for another takes that face's line metrics, in ems.
            self.size = size
            self.unitsPerEm = tables.unitsPerEm
            self.ascender = em.ascender * size
            self.descender = em.descender * size
            if em.roundsLineHeightToPoints {
                // The line is raised to whole points below the baseline, so a Latin run on the
                // same line keeps its baseline (`AppleFallbackMetricsTests`).
                let height = ascender - descender
                self.descender -= (height - 1e-9).rounded(.up) - height
            }
            self.leading = max(em.lineGap, 0) * size
            self.capHeight = Double(tables.capHeight) * scale
            self.xHeight = Double(tables.xHeight) * scale
            return
        }
        var ascender = tables.hheaAscender
        var descender = tables.hheaDescender
        var gap = tables.hheaLineGap
        if ascender == 0 && descender == 0 {
            if tables.typoAscender != 0 || tables.typoDescender != 0 {
                (ascender, descender, gap) = (tables.typoAscender, tables.typoDescender, tables.typoLineGap)
            } else {
                (ascender, descender, gap) = (tables.winAscent, -tables.winDescent, 0)
            }
        }
        self.size = size
        self.unitsPerEm = tables.unitsPerEm
        self.ascender = Double(ascender) * scale
        self.descender = Double(descender) * scale
        self.leading = Double(max(gap, 0)) * scale
        self.capHeight = Double(tables.capHeight) * scale
        self.xHeight = Double(tables.xHeight) * scale
    }
}
