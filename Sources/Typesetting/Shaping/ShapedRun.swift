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

extension ShapedGlyph {
    /// A HarfBuzz glyph in points; `offset` is added to its cluster.
    init(_ glyph: TSGlyph, scale: Double, offset: Int) {
        self.init(
            glyph: glyph.glyph, cluster: offset + Int(glyph.cluster), advance: Double(glyph.xAdvance) * scale,
            xOffset: Double(glyph.xOffset) * scale, yOffset: Double(glyph.yOffset) * scale,
            isUnsafeToBreak: glyph.unsafeToBreak != 0)
    }
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

    /// Shapes `text` as one run in `font` with HarfBuzz alone: no itemization, no font
    /// fallback, no cache; HarfBuzz guesses the script and direction. This is the in-process
    /// reference that `benchmarks corpus` compares the engine with.
    public static func shapingWithHarfBuzzOnly(_ text: String, font: Font) throws(TypesettingError) -> ShapedRun {
        let utf16 = Array(text.utf16)
        let glyphs = try Shaper.glyphs(
            utf16, range: 0..<utf16.count, face: font.face, rightToLeft: nil, script: -1, harfBuzzOnly: true)
        let scale = font.pointsPerUnit
        return ShapedRun(
            range: 0..<utf16.count, font: font, bidiLevel: 0, script: "Zyyy",
            glyphs: glyphs.map { ShapedGlyph($0, scale: scale, offset: 0) })
    }
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
        let raw = try glyphs(
            utf16, range: range, face: font.face, rightToLeft: bidiLevel & 1 == 1, script: script, kerning: kerning,
            ligatures: ligatures)
        let scale = font.pointsPerUnit
        return ShapedRun(
            range: (base + range.lowerBound)..<(base + range.upperBound), font: font, bidiLevel: bidiLevel,
            script: scriptName(script), glyphs: raw.map { ShapedGlyph($0, scale: scale, offset: base) })
    }

    /// HarfBuzz's glyphs for `utf16[range]` with the whole buffer as context, in font units;
    /// clusters are offsets into `utf16`. `rightToLeft` nil and `script` -1 let HarfBuzz guess.
    /// Simple words are shaped without HarfBuzz's shaper, to the same glyphs (`ts_shape`);
    /// `harfBuzzOnly` sends every run through `hb_shape`.
    static func glyphs(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, rightToLeft: Bool?, script: Int32,
        kerning: Bool = true, ligatures: Bool = true, harfBuzzOnly: Bool = false
    ) throws(TypesettingError) -> [TSGlyph] {
        let direction: Int32 = rightToLeft.map { $0 ? 1 : 0 } ?? -1
        return try utf16.withUnsafeBufferPointer { (text) throws(TypesettingError) in
            try withGlyphs(
                text, range: range, face: face, direction: direction, script: script, kerning: kerning,
                ligatures: ligatures, harfBuzzOnly: harfBuzzOnly
            ) { Array($0) }
        }
    }

    /// `glyphs(_:range:face:rightToLeft:script:kerning:ligatures:)` as the cache keeps them
    /// (clusters below 2³¹, which the paragraph length guarantees).
    static func compactGlyphs(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, rightToLeft: Bool, script: Int32, kerning: Bool,
        ligatures: Bool
    ) throws(TypesettingError) -> [CachedGlyph] {
        try utf16.withUnsafeBufferPointer { (text) throws(TypesettingError) in
            try compactGlyphs(
                text, range: range, face: face, rightToLeft: rightToLeft, script: script, kerning: kerning,
                ligatures: ligatures)
        }
    }

    /// Appends `compactGlyphs(utf16, range: …)` to `glyphs` (no array is made for them).
    /// With `notesBrokenSyllables`, returns whether HarfBuzz met a broken syllable
    /// (`ShapedSegment.hasBrokenSyllable`); else false, and shaping does not watch for one.
    @discardableResult
    static func appendCompactGlyphs(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, rightToLeft: Bool, script: Int32, kerning: Bool,
        ligatures: Bool, harfBuzzOnly: Bool = false, notesBrokenSyllables: Bool = false,
        to glyphs: inout [CachedGlyph]
    ) throws(TypesettingError) -> Bool {
        var flags: Int32 = 0
        try utf16.withUnsafeBufferPointer { (text) throws(TypesettingError) in
            try withUnsafeMutablePointer(to: &flags) { (flagsPointer) throws(TypesettingError) in
                try withGlyphs(
                    text, range: range, face: face, direction: rightToLeft ? 1 : 0, script: script, kerning: kerning,
                    ligatures: ligatures, harfBuzzOnly: harfBuzzOnly,
                    shapeFlags: notesBrokenSyllables ? flagsPointer : nil
                ) { shaped in
                    for glyph in shaped { glyphs.append(CachedGlyph(glyph)) }
                }
            }
        }
        return flags & Int32(TS_SHAPED_DOTTED_CIRCLE) != 0
    }

    /// `text[range]` shaped as a segment the cache keeps (the whole of `text` as context).
    static func segment(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, face: FontFace, rightToLeft: Bool, script: Int32,
        kerning: Bool, ligatures: Bool
    ) throws(TypesettingError) -> ShapedSegment {
        var flags: Int32 = 0
        let glyphs = try withGlyphs(
            text, range: range, face: face, direction: rightToLeft ? 1 : 0, script: script, kerning: kerning,
            ligatures: ligatures, shapeFlags: &flags
        ) { $0.map(CachedGlyph.init) }
        return ShapedSegment(glyphs: glyphs, hasBrokenSyllable: flags & Int32(TS_SHAPED_DOTTED_CIRCLE) != 0)
    }

    /// The one glyph of `unit` shaped alone, as `glyphs` gives it, which the face keeps once
    /// first asked and then reads without a lock or a write (`ts_face_kept_glyph`); nil when
    /// the face does not keep it (shaping makes other than one glyph, or its slots are taken),
    /// and the caller shapes it as any other text.
    static func keptGlyph(
        _ unit: UInt16, face: FontFace, rightToLeft: Bool, script: Int32, kerning: Bool, ligatures: Bool
    ) throws(TypesettingError) -> TSGlyph? {
        var glyph = TSGlyph()
        let kept = ts_face_kept_glyph(
            face.handle, unit, rightToLeft ? 1 : 0, script, kerning ? 1 : 0, ligatures ? 1 : 0, &glyph)
        if kept < 0 { throw .textAnalysisFailed("HarfBuzz could not shape the text") }
        return kept == 1 ? glyph : nil
    }

    /// `compactGlyphs` of `text[range]`, the whole of `text` as context (a segment of a
    /// paragraph shaped on its own is passed as just its units: no copy is made of them).
    static func compactGlyphs(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, face: FontFace, rightToLeft: Bool, script: Int32,
        kerning: Bool, ligatures: Bool
    ) throws(TypesettingError) -> [CachedGlyph] {
        try withGlyphs(
            text, range: range, face: face, direction: rightToLeft ? 1 : 0, script: script, kerning: kerning,
            ligatures: ligatures
        ) { $0.map(CachedGlyph.init) }
    }

    /// Shapes `text[range]` (the whole of `text` as context; `direction` 1 right to left, 0
    /// left to right, -1 guessed) into temporary memory (on the stack for a word) and returns
    /// what `body` makes of HarfBuzz's glyphs: the glyphs are copied once, into the array the
    /// caller keeps, and no array is made to be thrown away. `harfBuzzOnly` sends the run
    /// through `hb_shape` even when it is a simple word.
    private static func withGlyphs<R>(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, face: FontFace, direction: Int32, script: Int32,
        kerning: Bool, ligatures: Bool, harfBuzzOnly: Bool = false, shapeFlags: UnsafeMutablePointer<Int32>? = nil,
        _ body: (UnsafeBufferPointer<TSGlyph>) -> R
    ) throws(TypesettingError) -> R {
        var capacity = range.count * 2 + 8
        for _ in 0..<3 {
            let (count, result) = withUnsafeTemporaryAllocation(of: TSGlyph.self, capacity: capacity) {
                glyphs -> (Int, R?) in
                let n = Int(
                    harfBuzzOnly
                        ? ts_shape_harfbuzz(
                            face.handle, text.baseAddress, Int32(text.count), Int32(range.lowerBound),
                            Int32(range.count), direction, script, nil, kerning ? 1 : 0, ligatures ? 1 : 0,
                            glyphs.baseAddress, Int32(glyphs.count))
                        : ts_shape(
                            face.handle, text.baseAddress, Int32(text.count), Int32(range.lowerBound),
                            Int32(range.count), direction, script, nil, kerning ? 1 : 0, ligatures ? 1 : 0,
                            glyphs.baseAddress, Int32(glyphs.count), shapeFlags))
                guard n >= 0, n <= glyphs.count else { return (n, nil) }
                return (n, body(UnsafeBufferPointer(rebasing: glyphs[..<n])))
            }
            if count < 0 { throw .textAnalysisFailed("HarfBuzz could not shape the text") }
            if let result { return result }
            capacity = count
        }
        throw .textAnalysisFailed("HarfBuzz's glyph count kept growing")
    }

    /// ISO 15924 names of the ICU script codes, read once.
    private static let scriptNames: [String] = (0..<256).map { readScriptName(Int32($0)) }

    /// The scripts whose letters HarfBuzz joins (its Arabic shaper, and the Universal
    /// Shaping Engine's Arabic-like joining), the only ones for which it reads the text around
    /// the part of a buffer it shapes.
    private static let joiningScripts: [Bool] = scriptNames.map {
        ["Arab", "Syrc", "Mong", "Nkoo", "Mand", "Mani", "Phlp", "Adlm", "Rohg", "Sogd", "Phag", "Chrs", "Ougr"]
            .contains($0)
    }

    /// Whether text around a run of `script` can change its shaping (unknown codes: yes).
    static func joins(_ script: Int32) -> Bool {
        script < 0 || Int(script) >= joiningScripts.count || joiningScripts[Int(script)]
    }

    /// The ICU script code of an ISO 15924 name as `scriptName(_:)` gives it (-1, HarfBuzz
    /// guesses, when unknown).
    static func scriptCode(named name: String) -> Int32 {
        scriptNames.firstIndex(of: name).map { Int32($0) } ?? -1
    }

    static func scriptName(_ code: Int32) -> String {
        if code >= 0 && Int(code) < scriptNames.count { return scriptNames[Int(code)] }
        return readScriptName(code)
    }

    /// ICU's short name of a script code.
    private static func readScriptName(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 16)
        _ = buffer.withUnsafeMutableBufferPointer { ts_script_name(code, $0.baseAddress, Int32($0.count)) }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A segment of a run shaped on its own, as the cache keeps it.
struct ShapedSegment {
    /// The glyphs, clusters relative to the segment's start.
    var glyphs: [CachedGlyph]
    /// Whether HarfBuzz met a broken syllable in it (it asked for U+25CC DOTTED CIRCLE): a run
    /// with two such segments is shaped whole (`Itemizer.shapeRun`).
    var hasBrokenSyllable: Bool
}

/// Unicode analyses the itemizer needs: bidi levels and scripts (ICU).
enum TextAnalysis {
    /// Bidi levels per UTF-16 unit of one paragraph, direction from its first strong character.
    static func bidiLevels(_ utf16: [UInt16]) throws(TypesettingError) -> [UInt8] {
        var levels = [UInt8](repeating: 0, count: utf16.count)
        try utf16.withUnsafeBufferPointer { (text) throws(TypesettingError) in
            try levels.withUnsafeMutableBufferPointer { (levels) throws(TypesettingError) in
                if let base = levels.baseAddress { try bidiLevels(text, into: base) }
            }
        }
        return levels
    }

    /// `bidiLevels(_:)` written to `levels` (one per unit of `text`).
    static func bidiLevels(
        _ text: UnsafeBufferPointer<UInt16>, into levels: UnsafeMutablePointer<UInt8>
    ) throws(TypesettingError) {
        levels.initialize(repeating: 0, count: text.count)
        // Without a unit that can take a level above 0, every level is 0: no need for ICU.
        if !text.contains(where: TextAnalysis.mayRaiseLevel) { return }
        var paragraphLevel: UInt8 = 0
        let status = ts_bidi_levels(text.baseAddress, Int32(text.count), -1, levels, &paragraphLevel)
        guard status == 0 else { throw .textAnalysisFailed("ICU bidi failed") }
    }

    /// Whether a UTF-16 unit may belong to a code point of bidi class R, AL or AN, or an
    /// explicit embedding, override or isolate (UAX #9): a paragraph with none is all level 0
    /// (European numbers after no strong right-to-left type resolve to L, W7). The right-to-left
    /// blocks of the BMP, RLM, the explicit formatting characters, the Hebrew and Arabic
    /// presentation forms, and the high surrogates of U+10800–U+10FFF and U+1E800–U+1EFFF.
    /// CJK, Thai or Devanagari text no longer goes to ICU for nothing.
    /// `TextAnalysisTests.testUnitsThatCannotRaiseALevelLeaveEveryLevelAtZero` checks every
    /// other code point against ICU.
    @inline(__always) static func mayRaiseLevel(_ unit: UInt16) -> Bool {
        // Most text is below U+0590: one comparison per unit answers it.
        if unit < 0x0590 { return false }
        switch unit {
        case 0x0590...0x08FF, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFB1D...0xFDFF, 0xFE70...0xFEFF,
            0xD802...0xD803, 0xD83A...0xD83B:
            return true
        default:
            return false
        }
    }

    /// ICU script codes per UTF-16 unit of `text`, written to `scripts` (0 Common, 1 Inherited).
    static func scripts(
        _ text: UnsafeBufferPointer<UInt16>, into scripts: UnsafeMutablePointer<Int32>
    ) throws(TypesettingError) {
        let status = ts_scripts(text.baseAddress, Int32(text.count), scripts)
        guard status == 0 else { throw .textAnalysisFailed("ICU script lookup failed") }
    }

    /// ICU script codes per UTF-16 unit (0 Common, 1 Inherited).
    static func scripts(_ utf16: [UInt16]) throws(TypesettingError) -> [Int32] {
        var scripts = [Int32](repeating: 0, count: utf16.count)
        try utf16.withUnsafeBufferPointer { (text) throws(TypesettingError) in
            try scripts.withUnsafeMutableBufferPointer { (scripts) throws(TypesettingError) in
                if let base = scripts.baseAddress { try TextAnalysis.scripts(text, into: base) }
            }
        }
        return scripts
    }
}
