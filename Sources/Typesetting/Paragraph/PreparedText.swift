/// A text analysed once for layout at any width: split into paragraphs, itemized (bidi,
/// script, font fallback per grapheme cluster), shaped, and given its break opportunities.
///
/// Preparing is the expensive step. `layout(_:)` is arithmetic on the prepared value, so
/// measure a text at many widths by preparing it once.
///
/// ```swift
/// let font = try FontRegistry.shared.font("Inter", size: 17)
/// let text = try PreparedText("Sign up to get started", font: font)
/// let layout = try text.layout(LayoutOptions(width: 343))
/// layout.size(scale: 2)   // pixel-ceiled width and height
/// ```
public struct PreparedText: Sendable {
    /// The text as given.
    public let text: String
    /// The primary font; other faces come from fallback.
    public let font: Font
    /// Extra space after every grapheme cluster, in points (`NSAttributedString.Key.kern`).
    public let letterSpacing: Double
    /// The shaped runs of every paragraph, in logical order.
    public let runs: [ShapedRun]
    /// Every font used, the primary one first.
    public let fonts: [Font]
    /// Whether the text ends with a hard line break.
    public let endsWithHardBreak: Bool
    /// The BCP 47 language the text is in, if known ("ja", "zh-Hant", "ar"): it picks the
    /// fallback faces for Han characters (Japanese, Chinese or Korean forms).
    public let language: String?

    let paragraphs: [PreparedParagraph]
    let lineMetrics: [FontMetrics]
    /// The width of "…" shaped in each of `fonts` (in the primary font where a face lacks it).
    let ellipsisWidths: [Double]

    /// Prepares `text` set in `font`.
    ///
    /// - Parameters:
    ///   - letterSpacing: points added after each grapheme cluster (may be negative).
    ///   - kerning: apply the font's kerning ('kern' / GPOS); on by default, as in UIKit.
    ///   - ligatures: apply standard ligatures; on by default, as in UIKit.
    ///   - language: the text's BCP 47 language, a hint for font fallback (see `LanguageFonts`).
    ///   - registry: where fallback faces come from.
    public init(
        _ text: String, font: Font, letterSpacing: Double = 0, kerning: Bool = true, ligatures: Bool = true,
        language: String? = nil, registry: FontRegistry = .shared
    ) throws(TypesettingError) {
        guard letterSpacing.isFinite, abs(letterSpacing) < 10_000 else {
            throw .invalidParameter(name: "letter spacing", value: letterSpacing, allowed: "a finite number of points")
        }
        self.text = text
        self.font = font
        self.letterSpacing = letterSpacing
        self.language = language
        var builder = Itemizer(
            font: font, registry: registry, letterSpacing: letterSpacing, kerning: kerning, ligatures: ligatures,
            language: language)
        var paragraphs: [PreparedParagraph] = []
        var base = 0
        var current = text.startIndex
        var paragraphStart = text.startIndex
        var endsWithBreak = false
        while current < text.endIndex {
            let character = text[current]
            let next = text.index(after: current)
            if PreparedText.isParagraphSeparator(character) {
                let content = text[paragraphStart..<current]
                paragraphs.append(try builder.prepare(content, base: base))
                base += content.utf16.count + character.utf16.count
                paragraphStart = next
                endsWithBreak = next == text.endIndex
            }
            current = next
        }
        if paragraphStart < text.endIndex || endsWithBreak || text.isEmpty {
            paragraphs.append(try builder.prepare(text[paragraphStart...], base: base))
        }
        self.paragraphs = text.isEmpty ? [] : paragraphs
        self.endsWithHardBreak = endsWithBreak
        self.runs = builder.runs
        self.fonts = builder.fonts
        self.lineMetrics = builder.fonts.map(\.metrics)
        let ellipsis = Array("\u{2026}".utf16)
        self.ellipsisWidths = try builder.fonts.map { (font) throws(TypesettingError) in
            let shaped = font.face.covers("\u{2026}") ? font : builder.fonts[0]
            return try Shaper.shape(ellipsis, range: 0..<ellipsis.count, base: 0, font: shaped, bidiLevel: 0, script: 0)
                .width
        }
    }

    /// `\n`, `\r\n`, `\r`, U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR end a line.
    static func isParagraphSeparator(_ character: Character) -> Bool {
        switch character {
        case "\n", "\r\n", "\r", "\u{2028}", "\u{2029}": return true
        default: return false
        }
    }

    /// The width of the widest paragraph set on one line (the unbounded width), unrounded.
    public var naturalWidth: Double {
        paragraphs.reduce(0) { max($0, $1.width(0, $1.contentEnd[$1.count])) }
    }
}

/// One paragraph reduced to what line filling needs: clusters (units that never split)
/// with their advances, and the break opportunities between them.
struct PreparedParagraph: Sendable {
    /// UTF-16 offset of the paragraph in the whole text.
    var base: Int
    /// UTF-16 offset (relative to `base`) where each cluster starts; one extra entry holds the length.
    var clusterStarts: [Int]
    /// prefix[i] = total advance of clusters 0..<i, in points.
    var prefix: [Double]
    /// contentEnd[i] = the cluster index after the last non-whitespace cluster before i
    /// (trailing whitespace hangs and does not count towards a line's width).
    var contentEnd: [Int]
    /// Font index (into `PreparedText.fonts`) per cluster.
    var fontIndex: [Int]
    /// Cluster indices before which a line may start (break opportunities), ascending,
    /// always ending with `count`; `mandatory` marks hard breaks.
    var breaks: [Int]
    var mandatory: [Bool]

    var count: Int { fontIndex.count }

    @inline(__always) func width(_ start: Int, _ end: Int) -> Double { prefix[end] - prefix[start] }
    func offset(ofCluster index: Int) -> Int { base + clusterStarts[index] }
}

/// Builds prepared paragraphs: itemizes, shapes and collects clusters and breaks.
struct Itemizer {
    let font: Font
    let registry: FontRegistry
    let letterSpacing: Double
    let kerning: Bool
    let ligatures: Bool
    let language: String?
    private(set) var runs: [ShapedRun] = []
    private(set) var fonts: [Font]
    private var fallback: [FontFace] = []
    private var emojiFallback: [FontFace] = []
    private var scriptFallback: [FallbackScript: [FontFace]] = [:]

    init(font: Font, registry: FontRegistry, letterSpacing: Double, kerning: Bool, ligatures: Bool, language: String?) {
        self.font = font
        self.registry = registry
        self.letterSpacing = letterSpacing
        self.kerning = kerning
        self.ligatures = ligatures
        self.language = language
        self.fonts = [font]
    }

    private mutating func fontIndex(of face: FontFace) -> Int {
        if let index = fonts.firstIndex(where: { $0.face === face }) { return index }
        // A fallback face takes the primary font's point size.
        fonts.append((try? Font(face: face, size: font.size)) ?? font)
        return fonts.count - 1
    }

    /// Picks the face for one grapheme cluster: the primary face when it covers every code point
    /// that needs a glyph; else a face made for the cluster's script (Arabic, Hebrew, Thai,
    /// Devanagari, or CJK by `language`) that covers it; else the first in fallback order that
    /// does. Emoji-presentation clusters try colour faces first.
    private mutating func face(for cluster: Character) -> FontFace {
        let scalars = cluster.unicodeScalars
        func covers(_ face: FontFace) -> Bool {
            scalars.allSatisfy { Itemizer.isIgnorable($0) || face.covers($0) }
        }
        guard let firstNeeded = scalars.first(where: { !Itemizer.isIgnorable($0) }) else { return font.face }
        let emoji = Itemizer.prefersEmoji(scalars)
        if !emoji, covers(font.face) { return font.face }
        if !emoji, let script = FallbackScript.of(scalars) {
            if scriptFallback[script] == nil {
                scriptFallback[script] = registry.preferredFaces(
                    for: script, language: language, weight: font.face.weight, italic: font.face.isItalic)
            }
            if let face = scriptFallback[script]?.first(where: covers) { return face }
        }
        if fallback.isEmpty {
            fallback = registry.fallbackFaces(for: font.face, emojiFirst: false)
            emojiFallback = registry.fallbackFaces(for: font.face, emojiFirst: true)
        }
        let order = emoji ? emojiFallback : fallback
        if let face = order.first(where: covers) { return face }
        if let face = order.first(where: { $0.covers(firstNeeded) }) { return face }
        return font.face
    }

    /// Code points that need no glyph of their own: joiners, variation selectors, other default ignorables.
    /// ASCII is answered without the (slow) Unicode property lookup: none of it is ignorable.
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return false }
        return scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.isVariationSelector
    }

    /// Whether a cluster should be drawn as a colour emoji (UTS #51 presentation).
    static func prefersEmoji<S: Sequence>(_ scalars: S) -> Bool where S.Element == Unicode.Scalar {
        var first: Unicode.Scalar?
        var hasJoiner = false
        for scalar in scalars {
            if first == nil { first = scalar }
            switch scalar.value {
            case 0xFE0F: return true
            case 0xFE0E: return false
            case 0x200D: hasJoiner = true
            case 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF, 0xE0020...0xE007F: return true
            default: break
            }
        }
        // No ASCII character has emoji presentation on its own (keycaps carry U+FE0F).
        guard let first, first.value >= 0x80 else { return false }
        if first.properties.isEmojiPresentation { return true }
        return hasJoiner && first.properties.isEmoji && first.value > 0xFF
    }

    /// Whitespace that hangs at the end of a line (no-break spaces do not hang).
    static func isHangingWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20: return true
        case 0...0x7F, 0x00A0, 0x2007, 0x202F: return false
        default: return scalar.properties.isWhitespace
        }
    }

    mutating func prepare(_ content: Substring, base: Int) throws(TypesettingError) -> PreparedParagraph {
        let utf16 = Array(content.utf16)
        if utf16.isEmpty {
            return PreparedParagraph(
                base: base, clusterStarts: [0], prefix: [0], contentEnd: [0], fontIndex: [], breaks: [0],
                mandatory: [true])
        }
        let levels = try TextAnalysis.bidiLevels(utf16)
        let scripts = try TextAnalysis.scripts(utf16)

        // One walk over the grapheme clusters: where each starts, its face, bidi level, script
        // (Common/Inherited resolved below from a neighbour) and whether it is hanging whitespace.
        var graphemes = [0]
        var faceOf: [Int] = []
        var levelOf: [UInt8] = []
        var scriptOf: [Int32] = []
        var isWhitespace: [Bool] = []
        for character in content {
            let start = graphemes[graphemes.count - 1]
            let end = start + character.utf16.count
            graphemes.append(end)
            faceOf.append(fontIndex(of: face(for: character)))
            levelOf.append(levels[start])
            scriptOf.append(scripts[start..<end].first(where: { $0 > 1 }) ?? -1)
            isWhitespace.append(character.unicodeScalars.allSatisfy(Itemizer.isHangingWhitespace))
        }
        let graphemeCount = faceOf.count
        var lastScript: Int32 = -1
        for g in 0..<graphemeCount {
            if scriptOf[g] >= 0 { lastScript = scriptOf[g] } else if lastScript >= 0 { scriptOf[g] = lastScript }
        }
        let firstReal = scriptOf.first(where: { $0 >= 0 }) ?? 0
        for g in 0..<graphemeCount where scriptOf[g] < 0 { scriptOf[g] = firstReal }

        // Runs: maximal grapheme sequences of one face, level and script. Shape each.
        var advanceAt = [Double](repeating: 0, count: utf16.count + 1)
        var clusterStart = [Bool](repeating: false, count: utf16.count + 1)
        var runStart = 0
        for g in 1...graphemeCount {
            if g < graphemeCount && faceOf[g] == faceOf[runStart] && levelOf[g] == levelOf[runStart]
                && scriptOf[g] == scriptOf[runStart]
            {
                continue
            }
            let range = graphemes[runStart]..<graphemes[g]
            let run = try Shaper.shape(
                utf16, range: range, base: base, font: fonts[faceOf[runStart]], bidiLevel: levelOf[runStart],
                script: scriptOf[runStart], kerning: kerning, ligatures: ligatures)
            clusterStart[range.lowerBound] = true
            for glyph in run.glyphs {
                let relative = glyph.cluster - base
                advanceAt[relative] += glyph.advance
                clusterStart[relative] = true
            }
            runs.append(run)
            runStart = g
        }

        // Clusters: grapheme clusters, merged where HarfBuzz joined them (ligatures).
        var clusterStarts: [Int] = []
        var fontIndex: [Int] = []
        var widths: [Double] = []
        var whitespace: [Bool] = []
        for g in 0..<graphemeCount {
            let start = graphemes[g]
            var advance = letterSpacing
            for unit in start..<graphemes[g + 1] { advance += advanceAt[unit] }
            if g == 0 || clusterStart[start] {
                clusterStarts.append(start)
                fontIndex.append(faceOf[g])
                widths.append(advance)
                whitespace.append(isWhitespace[g])
            } else {
                widths[widths.count - 1] += advance
                whitespace[whitespace.count - 1] = whitespace[whitespace.count - 1] && isWhitespace[g]
            }
        }
        let count = clusterStarts.count
        clusterStarts.append(utf16.count)
        // Negative letter spacing can pull a cluster back past its own origin; a cluster never
        // takes less than no room, so line widths stay monotonic and never negative.
        for i in 0..<count where widths[i] < 0 { widths[i] = 0 }
        var prefix = [Double](repeating: 0, count: count + 1)
        var contentEnd = [Int](repeating: 0, count: count + 1)
        for i in 0..<count {
            prefix[i + 1] = prefix[i] + widths[i]
            contentEnd[i + 1] = whitespace[i] ? contentEnd[i] : i + 1
        }

        // Break opportunities (UAX #14) that fall on cluster boundaries.
        var clusterAt = [Int](repeating: -1, count: utf16.count + 1)
        for (index, start) in clusterStarts.enumerated() { clusterAt[start] = index }
        var breaks: [Int] = []
        var mandatory: [Bool] = []
        for opportunity in try LineBreaker.breakOpportunities(utf16: utf16) {
            let cluster = clusterAt[opportunity.offset]
            guard cluster > 0, cluster < count else { continue }
            breaks.append(cluster)
            mandatory.append(opportunity.isMandatory)
        }
        breaks.append(count)
        mandatory.append(true)
        return PreparedParagraph(
            base: base, clusterStarts: clusterStarts, prefix: prefix, contentEnd: contentEnd, fontIndex: fontIndex,
            breaks: breaks, mandatory: mandatory)
    }
}
