internal import CTextShim

/// One glyph of a shaped run.
public struct ShapedGlyph: Hashable, Sendable {
    /// The glyph id in the run's face.
    public var glyph: UInt32
    /// The UTF-16 offset, in the whole text, of the cluster the glyph belongs to.
    public var cluster: Int
    /// The horizontal advance in points (kerning included).
    public var advance: Double
    /// The glyph's offset from its pen position, in points.
    public var xOffset: Double, yOffset: Double
    /// Whether a line break right before this glyph would change the shaping (HarfBuzz's
    /// unsafe-to-break flag).
    public var isUnsafeToBreak: Bool
}

/// A run of text in one face, one direction and one script, shaped by HarfBuzz.
public struct ShapedRun: Hashable, Sendable {
    /// The UTF-16 range of the run in the whole text.
    public var range: Range<Int>
    /// The font the run is set in.
    public var font: Font
    /// The resolved bidi embedding level (UAX #9); odd levels are right-to-left.
    public var bidiLevel: UInt8
    /// The ISO 15924 code of the run's script ("Latn", "Arab", "Hani", …).
    public var script: String
    /// The glyphs in visual order (for a right-to-left run, the last character first), as HarfBuzz outputs them.
    public var glyphs: [ShapedGlyph]

    /// Whether the run reads right to left.
    public var isRightToLeft: Bool { bidiLevel & 1 == 1 }
    /// The sum of the glyph advances in points.
    public var width: Double { glyphs.reduce(0) { $0 + $1.advance } }
}

/// Shapes text with HarfBuzz: kerning and standard ligatures on, no hinting, advances in
/// the face's design units scaled to the point size (what `hb-shape` reports).
enum Shaper {
    /// Shapes `utf16[range]` using the whole buffer as context. `base` is the UTF-16 offset of
    /// the buffer in the whole text, added to cluster offsets.
    static func shape(
        _ utf16: [UInt16], range: Range<Int>, base: Int, font: Font, bidiLevel: UInt8, script: Int32,
        kerning: Bool = true, ligatures: Bool = true
    ) throws(TypesettingError) -> ShapedRun {
        var capacity = range.count * 2 + 8
        var buffer = [TSGlyph](repeating: TSGlyph(), count: capacity)
        var count: Int32 = 0
        for _ in 0..<3 {
            count = utf16.withUnsafeBufferPointer { text in
                buffer.withUnsafeMutableBufferPointer { glyphs in
                    ts_shape(
                        font.face.handle, text.baseAddress, Int32(text.count), Int32(range.lowerBound),
                        Int32(range.count), Int32(bidiLevel & 1), script, nil, kerning ? 1 : 0, ligatures ? 1 : 0,
                        glyphs.baseAddress, Int32(glyphs.count))
                }
            }
            if count < 0 { throw .textAnalysisFailed("HarfBuzz could not shape the text") }
            if Int(count) <= capacity { break }
            capacity = Int(count)
            buffer = [TSGlyph](repeating: TSGlyph(), count: capacity)
        }
        let scale = font.pointsPerUnit
        let glyphs = buffer.prefix(Int(count)).map { glyph in
            ShapedGlyph(
                glyph: glyph.glyph, cluster: base + Int(glyph.cluster), advance: Double(glyph.xAdvance) * scale,
                xOffset: Double(glyph.xOffset) * scale, yOffset: Double(glyph.yOffset) * scale,
                isUnsafeToBreak: glyph.unsafeToBreak != 0)
        }
        return ShapedRun(
            range: (base + range.lowerBound)..<(base + range.upperBound), font: font, bidiLevel: bidiLevel,
            script: scriptName(script), glyphs: glyphs)
    }

    static func scriptName(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 16)
        _ = buffer.withUnsafeMutableBufferPointer { ts_script_name(code, $0.baseAddress, Int32($0.count)) }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Unicode analyses the itemizer needs: bidi levels and scripts (ICU).
enum TextAnalysis {
    /// Bidi levels per UTF-16 unit of one paragraph, direction from its first strong character.
    static func bidiLevels(_ utf16: [UInt16]) throws(TypesettingError) -> [UInt8] {
        var levels = [UInt8](repeating: 0, count: utf16.count)
        var paragraphLevel: UInt8 = 0
        let status = utf16.withUnsafeBufferPointer { text in
            levels.withUnsafeMutableBufferPointer { levels in
                ts_bidi_levels(text.baseAddress, Int32(text.count), -1, levels.baseAddress, &paragraphLevel)
            }
        }
        guard status == 0 else { throw .textAnalysisFailed("ICU bidi failed") }
        return levels
    }

    /// ICU script codes per UTF-16 unit (0 Common, 1 Inherited).
    static func scripts(_ utf16: [UInt16]) throws(TypesettingError) -> [Int32] {
        var scripts = [Int32](repeating: 0, count: utf16.count)
        let status = utf16.withUnsafeBufferPointer { text in
            scripts.withUnsafeMutableBufferPointer { ts_scripts(text.baseAddress, Int32(text.count), $0.baseAddress) }
        }
        guard status == 0 else { throw .textAnalysisFailed("ICU script lookup failed") }
        return scripts
    }
}
