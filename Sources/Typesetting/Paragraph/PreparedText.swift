internal import CTextShim

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
    /// Everything prepared, behind one reference: copying a prepared text (into an array, a
    /// closure, another thread) retains one object, not each of its arrays. The object holds
    /// what `measure(_:)` reads (`Storage`: the one-line answer and the break table, in one
    /// allocation) and refers to the rest (`Details`); never written after `init`.
    nonisolated(unsafe) let storage: Storage

    /// The text as given.
    public var text: String { details.text }
    /// The primary font; other faces come from fallback.
    public var font: Font { details.font }
    /// Extra space after every grapheme cluster, in points (`NSAttributedString.Key.kern`).
    public var letterSpacing: Double { details.letterSpacing }
    /// Every font used, the primary one first.
    public var fonts: [Font] { storage.withUnsafeMutablePointerToHeader { $0.pointee.fonts } }
    /// Whether the text ends with a hard line break.
    public var endsWithHardBreak: Bool { storage.withUnsafeMutablePointerToHeader { $0.pointee.endsWithHardBreak } }
    /// The BCP 47 language the text is in, if known ("ja", "zh-Hant", "ar"): it picks the
    /// fallback faces for Han characters (Japanese, Chinese or Korean forms).
    public var language: String? { details.language }
    /// The stretches set in their own fonts (`FontRun`), from the text's start; empty when the
    /// whole text is set in `font`.
    public var fontRuns: [FontRun] { details.fontRuns }

    /// What layout reads besides the break table, and what the text was prepared with.
    /// Read through the header's pointer: `header` is a class's stored `var`, and reading it
    /// directly costs a dynamic exclusivity check.
    var details: Details { storage.withUnsafeMutablePointerToHeader { $0.pointee.details } }
    var paragraphs: [PreparedParagraph] { storage.withUnsafeMutablePointerToHeader { $0.pointee.paragraphs } }
    var kerning: Bool { details.kerning }
    var ligatures: Bool { details.ligatures }
    /// The width of "…" shaped in each of `fonts` (in the primary font where a face lacks it).
    var ellipsisWidths: [Double] { details.ellipsisWidths }

    /// Prepares `text` set in `font`.
    ///
    /// - Parameters:
    ///   - letterSpacing: points added after each grapheme cluster (may be negative).
    ///   - kerning: apply the font's kerning ('kern' / GPOS); on by default, as in UIKit.
    ///   - ligatures: apply standard ligatures; on by default, as in UIKit.
    ///   - language: the text's BCP 47 language, a hint for font fallback (see `LanguageFonts`).
    ///   - registry: where fallback faces come from.
    ///   - shapingCache: where shaped words are kept between texts (`ShapingCache.shared` by
    ///     default); nil shapes every run whole, without a cache. Both give the same result.
    ///   - fontRuns: stretches of the text set in their own fonts (an attributed string's
    ///     fonts), from the start; the rest is set in `font`, which fallback starts from.
    public init(
        _ text: String, font: Font, letterSpacing: Double = 0, kerning: Bool = true, ligatures: Bool = true,
        language: String? = nil, registry: FontRegistry = .shared, shapingCache: ShapingCache? = .shared,
        fontRuns: [FontRun] = []
    ) throws(TypesettingError) {
        // The limit the CLI, batch lines, check specs and layout files document (docs/reliability.md).
        guard letterSpacing.isFinite, abs(letterSpacing) <= 10_000 else {
            throw .invalidParameter(name: "letter spacing", value: letterSpacing, allowed: "-10000 to 10000 points")
        }
        var builder = Itemizer(
            font: font, registry: registry, letterSpacing: letterSpacing, kerning: kerning, ligatures: ligatures,
            language: language, cache: shapingCache, keepsRuns: false)
        if !fontRuns.isEmpty { try builder.setFontRuns(fontRuns) }
        let (paragraphs, endsWithHardBreak) = try PreparedText.analyse(text, with: &builder)
        let ellipsisWidths = try builder.fonts.map { (font) throws(TypesettingError) in
            let shaped = font.face.covers("\u{2026}") ? font : builder.fonts[0]
            return try builder.ellipsisWidth(in: shaped)
        }
        self.storage = Storage.make(
            text: text, font: font, letterSpacing: letterSpacing, kerning: kerning, ligatures: ligatures,
            language: language, registry: registry, shapingCache: shapingCache, fonts: builder.fonts,
            endsWithHardBreak: endsWithHardBreak,
            paragraphs: paragraphs, ellipsisWidths: ellipsisWidths, fontRuns: fontRuns)
    }

    /// The shaped runs of every paragraph, in logical order: the glyphs HarfBuzz gives each
    /// run of one face, direction and script. Layout does not need them, so a prepared text
    /// does not keep them; reading this property shapes the text again, each run whole.
    public var runs: [ShapedRun] {
        var builder = Itemizer(
            font: font, registry: details.registry, letterSpacing: letterSpacing, kerning: kerning,
            ligatures: ligatures, language: language, cache: details.shapingCache, keepsRuns: true)
        if !fontRuns.isEmpty { try? builder.setFontRuns(fontRuns) }
        guard (try? PreparedText.analyse(text, with: &builder)) != nil else { return [] }
        return builder.runs
    }

    /// Splits `text` into paragraphs and prepares each with `builder`.
    static func analyse(_ text: String, with builder: inout Itemizer) throws(TypesettingError) -> (
        [PreparedParagraph], Bool
    ) {
        // Most texts hold no byte that can start a separator (LF, CR, or 0xE2 of U+2028 and
        // U+2029): one paragraph, found without stepping a `String.Index` per byte.
        let oneParagraph =
            !text.isEmpty
            && text.utf8.withContiguousStorageIfAvailable { bytes in
                !bytes.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0xE2 }
            } == true
        if oneParagraph { return ([try builder.prepare(text[...], base: 0)], false) }
        var paragraphs: [PreparedParagraph] = []
        var base = 0
        var paragraphStart = text.startIndex
        var endsWithBreak = false
        // The separators are whole grapheme clusters (CR LF one of them), so scanning the
        // UTF-8 bytes finds them without forming a `Character` per cluster.
        let utf8 = text.utf8
        var current = utf8.startIndex
        while current < utf8.endIndex {
            let byte = utf8[current]
            var next = utf8.index(after: current)
            var separatorUTF16 = 0
            if byte == 0x0A {
                separatorUTF16 = 1
            } else if byte == 0x0D {
                separatorUTF16 = 1
                if next < utf8.endIndex && utf8[next] == 0x0A {
                    next = utf8.index(after: next)
                    separatorUTF16 = 2
                }
            } else if byte == 0xE2, next < utf8.endIndex, utf8[next] == 0x80 {
                let third = utf8.index(after: next)
                if third < utf8.endIndex && (utf8[third] == 0xA8 || utf8[third] == 0xA9) {
                    next = utf8.index(after: third)
                    separatorUTF16 = 1
                }
            }
            if separatorUTF16 > 0 {
                let content = text[paragraphStart..<current]
                paragraphs.append(try builder.prepare(content, base: base))
                base += content.utf16.count + separatorUTF16
                paragraphStart = next
                endsWithBreak = next == text.endIndex
            }
            current = next
        }
        if paragraphStart < text.endIndex || endsWithBreak || text.isEmpty {
            paragraphs.append(try builder.prepare(text[paragraphStart...], base: base))
        }
        return (text.isEmpty ? [] : paragraphs, endsWithBreak)
    }

    /// `\n`, `\r\n`, `\r`, U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR end a line.
    /// Each of them is a grapheme cluster of its own (or CR LF), so the first scalar decides;
    /// comparing scalars avoids comparing `Character`s, which is slow.
    static func isParagraphSeparator(_ character: Character) -> Bool {
        switch character.unicodeScalars.first?.value {
        case 0x0A, 0x0D, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// The width of the widest paragraph set on one line (the unbounded width), unrounded.
    public var naturalWidth: Double {
        paragraphs.reduce(0) { max($0, $1.width(0, $1.contentEnd[$1.count])) }
    }
}

/// A paragraph set on one line, worked out when preparing: its width, the widest of the
/// lines from its start to each break opportunity, and the metrics that make its height. Line
/// filling keeps the whole paragraph on one line exactly when every one of those lines fits
/// (`nextLineEnd`: its bisection when widths grow with the line's end, its greedy walk when
/// unsafe boundaries make them jump), so at any width of at least `fitsWithin` the text is laid
/// out as exactly this line. Not for a paragraph with a hard break inside.
struct OneLine: Sendable {
    let width: Double
    /// The widest line from the paragraph's start to a break opportunity (`width` itself when
    /// widths grow with the line's end).
    let fitsWithin: Double
    let ascent: Double
    let descent: Double
    let leading: Double
    /// Whether character wrapping gives this line too (no unsafe boundary at all).
    let charWrapToo: Bool

    /// `metrics`: the text's fonts' metrics (the start of its words, `BreakTable.write`).
    init?(_ p: PreparedParagraph, metrics: UnsafePointer<UInt64>) {
        guard p.count > 0, !p.hasInnerMandatoryBreak, let width = p.widthFromStart(to: p.count) else { return nil }
        var widest = width
        if !p.unsafeBoundaries.isEmpty {
            // Widths jump at unsafe boundaries: the greedy walk needs every line to fit.
            widest = -Double.infinity
            for b in p.breaks {
                guard let lineWidth = p.widthFromStart(to: b) else { return nil }
                widest = max(widest, lineWidth)
            }
        }
        self.width = width
        fitsWithin = widest
        // The metrics line filling gives the line of the whole paragraph.
        let content = p.contentEnd[p.count]
        (ascent, descent, leading) = p.lineMetrics(0..<content, nil, or: 0..<p.count, extraFont: nil, metrics)
        charWrapToo = p.unsafeBefore.isEmpty
    }
}

/// One paragraph reduced to what line filling needs: clusters (units that never split)
/// with their advances, and the break opportunities between them. A class, so that layout
/// reads it without copying (retaining) each of its arrays.
final class PreparedParagraph: Sendable {
    /// UTF-16 offset of the paragraph in the whole text.
    let base: Int
    /// UTF-16 offset (relative to `base`) where each cluster starts; one extra entry holds the length.
    let clusterStarts: CompactIndices
    /// prefix[i] = total advance of clusters 0..<i, in points.
    let prefix: [Double]
    /// contentEnd[i] = the cluster index after the last non-whitespace cluster before i
    /// (trailing whitespace hangs and does not count towards a line's width).
    let contentEnd: CompactIndices
    /// Font index (into `PreparedText.fonts`) per cluster; empty when `singleFont` says it.
    let fontIndex: CompactIndices
    /// Cluster indices before which a line may start (break opportunities), ascending,
    /// always ending with `count`; `mandatory` marks hard breaks.
    let breaks: CompactIndices
    let mandatory: [Bool]
    /// unsafeBefore[i]: HarfBuzz marks a break before cluster i unsafe (shaping the two sides
    /// apart would change them); empty when no cluster is marked.
    let unsafeBefore: [Bool]
    /// The shaped runs, for shaping a line again where it ends at an unsafe break (kept only
    /// when some boundary is unsafe).
    let runs: [RunInfo]
    /// The unsafe boundaries where a line can start or end (break opportunities, and where the
    /// content of a line ending at one stops), ascending; empty when there are none.
    let unsafeBoundaries: [UnsafeBoundary]
    let count: Int
    /// The font index of every cluster when they share one, else -1.
    let singleFont: Int
    /// Whether a hard break (U+000B, U+000C, U+0085) ends a line before the paragraph's end.
    let hasInnerMandatoryBreak: Bool
    /// The clusters that are tabs (U+0009), ascending; empty in most paragraphs. A tab
    /// advances to the next tab stop (`TabStops`), not by its glyph's advance.
    let tabs: [Int]

    /// Makes a paragraph of `count` clusters; `fontIndex` is empty when they all use
    /// `singleFont` (else -1). With unsafe boundaries, `utf16` (the paragraph's text) and the
    /// shaping settings serve to work out `unsafeBoundaries`.
    init(
        base: Int, clusterStarts: CompactIndices, prefix: [Double], contentEnd: CompactIndices,
        fontIndex: CompactIndices, count: Int, singleFont: Int, breaks: CompactIndices,
        mandatory: [Bool], unsafeBefore: [Bool], runs: [RunInfo], utf16: [UInt16], fonts: [Font], kerning: Bool,
        ligatures: Bool, letterSpacing: Double, tabs: [Int] = []
    ) throws(TypesettingError) {
        self.base = base
        self.tabs = tabs
        self.clusterStarts = clusterStarts
        self.prefix = prefix
        self.contentEnd = contentEnd
        self.singleFont = singleFont
        self.fontIndex = fontIndex
        self.breaks = breaks
        self.mandatory = mandatory
        self.hasInnerMandatoryBreak = mandatory.dropLast().contains(true)
        self.unsafeBefore = unsafeBefore
        self.runs = unsafeBefore.isEmpty ? [] : runs
        self.count = count
        guard !unsafeBefore.isEmpty else {
            self.unsafeBoundaries = []
            return
        }
        // The unsafe clusters where a line starts or its content ends, ascending and each
        // once; an array (most paragraphs have none, and then nothing is allocated).
        var clusters: [Int] = []
        for b in breaks {
            if b < count && unsafeBefore[b] { clusters.append(b) }
            let content = contentEnd[b]
            if content > 0 && content < count && unsafeBefore[content] { clusters.append(content) }
        }
        if clusters.count > 1 {
            clusters.sort()
            var kept = 1
            for i in 1..<clusters.count where clusters[i] != clusters[kept - 1] {
                clusters[kept] = clusters[i]
                kept += 1
            }
            clusters.removeLast(clusters.count - kept)
        }
        var boundaries: [UnsafeBoundary] = []
        for cluster in clusters {
            let previous = PreparedParagraph.previousSafe(before: cluster, unsafeBefore)
            let next = PreparedParagraph.nextSafe(after: cluster, unsafeBefore)
            let after = try Reshaper.width(
                Array(utf16[clusterStarts[cluster]..<clusterStarts[next]]), at: clusterStarts[cluster], runs,
                fonts: fonts, kerning: kerning, ligatures: ligatures, letterSpacing: letterSpacing)
            let before = try Reshaper.width(
                Array(utf16[clusterStarts[previous]..<clusterStarts[cluster]]), at: clusterStarts[previous], runs,
                fonts: fonts, kerning: kerning, ligatures: ligatures, letterSpacing: letterSpacing)
            boundaries.append(
                UnsafeBoundary(
                    cluster: cluster, previousSafe: previous, nextSafe: next,
                    startDelta: after - (prefix[next] - prefix[cluster]),
                    endDelta: before - (prefix[cluster] - prefix[previous])))
        }
        self.unsafeBoundaries = boundaries
    }

    /// `lineWidth` of the line from the paragraph's start to `end` (a break opportunity or the
    /// end), with the same arithmetic; nil where it would shape again (no `UnsafeBoundary`
    /// holds the line's content end).
    func widthFromStart(to end: Int) -> Double? {
        let content = max(0, contentEnd[end])
        let arithmetic = width(0, content)
        guard !unsafeBefore.isEmpty, content > 0, content < count, unsafeBefore[content] else { return arithmetic }
        guard let boundary = unsafeBoundary(at: content) else { return nil }
        return arithmetic + boundary.endDelta
    }

    @inline(__always) func width(_ start: Int, _ end: Int) -> Double {
        tabs.isEmpty ? prefix[end] - prefix[start] : widthWithTabs(start, end)
    }

    /// The width of clusters `start..<end` on a line that starts at `start`: each tab reaches
    /// the next tab stop after the width before it (`TabStops.next(after:)`).
    func widthWithTabs(_ start: Int, _ end: Int) -> Double {
        var x = 0.0
        var from = start
        var index = tabs.partitioningIndex { $0 >= start }
        while index < tabs.count, tabs[index] < end {
            let tab = tabs[index]
            x = TabStops.next(after: x + prefix[tab] - prefix[from])
            from = tab + 1
            index += 1
        }
        return x + prefix[end] - prefix[from]
    }
    func offset(ofCluster index: Int) -> Int { base + clusterStarts[index] }
    /// The UTF-16 range in the whole text of a range of clusters.
    func offsets(_ clusters: Range<Int>) -> Range<Int> {
        offset(ofCluster: clusters.lowerBound)..<offset(ofCluster: clusters.upperBound)
    }
    /// The font index of cluster `index`.
    func font(ofCluster index: Int) -> Int { singleFont >= 0 ? singleFont : fontIndex[index] }

    /// The unsafe boundary at `cluster`, if it is one where a line can start or end: found by
    /// bisection (the boundaries are ascending), as line filling asks for every candidate end.
    func unsafeBoundary(at cluster: Int) -> UnsafeBoundary? {
        var low = 0
        var high = unsafeBoundaries.count
        while low < high {
            let middle = (low + high) / 2
            if unsafeBoundaries[middle].cluster < cluster { low = middle + 1 } else { high = middle }
        }
        return low < unsafeBoundaries.count && unsafeBoundaries[low].cluster == cluster ? unsafeBoundaries[low] : nil
    }

    /// The nearest boundary before `cluster` that is safe to break at, or the paragraph's start.
    static func previousSafe(before cluster: Int, _ unsafeBefore: [Bool]) -> Int {
        var previous = cluster - 1
        while previous > 0 && unsafeBefore[previous] { previous -= 1 }
        return previous
    }

    /// The nearest boundary after `cluster` that is safe to break at, or the paragraph's end.
    static func nextSafe(after cluster: Int, _ unsafeBefore: [Bool]) -> Int {
        var next = cluster + 1
        while next < unsafeBefore.count && unsafeBefore[next] { next += 1 }
        return next
    }
}

/// Cluster indices and offsets stored in 32 bits (a paragraph is far shorter than 2³¹ UTF-16
/// units), read as `Int`: half the memory of `[Int]` for every prepared text. Several tables
/// of one paragraph can share one array (`init(shared:offset:count:)`), each a stretch of it.
struct CompactIndices: RandomAccessCollection, Sendable {
    private let storage: [Int32]
    private let offset: Int
    let endIndex: Int

    init(_ values: [Int]) { self.init(raw: values.map { Int32(truncatingIfNeeded: $0) }) }
    /// Values already in 32 bits, kept as they are (no copy).
    init(raw values: [Int32]) { self.init(shared: values, offset: 0, count: values.count) }
    /// The `count` values of `storage` from `offset` (no copy).
    init(shared storage: [Int32], offset: Int, count: Int) {
        self.storage = storage
        self.offset = offset
        self.endIndex = count
    }

    var startIndex: Int { 0 }
    subscript(index: Int) -> Int {
        assert(index >= 0 && index < endIndex, "index out of range")
        return Int(storage[offset + index])
    }
}

/// A cluster boundary where HarfBuzz marks a break unsafe, with how much the width of a line
/// that starts or ends there differs from the prepared advances: the stretch to the nearest
/// safe boundary, shaped on its own, against the same stretch in the paragraph.
struct UnsafeBoundary: Sendable {
    var cluster: Int
    /// The nearest boundary before that is safe (or the paragraph's start).
    var previousSafe: Int
    /// The nearest boundary after that is safe (or the paragraph's end).
    var nextSafe: Int
    /// Shaped alone minus prepared, for `cluster..<nextSafe` (a line starting here).
    var startDelta: Double
    /// Shaped alone minus prepared, for `previousSafe..<cluster` (a line ending here).
    var endDelta: Double
}

/// Shapes a stretch of a paragraph again on its own.
enum Reshaper {
    /// The width of a stretch of a paragraph shaped apart from the rest of it, run by run,
    /// plus letter spacing after each grapheme cluster. `line` is the stretch's text alone
    /// (the caller copies just that, never the whole paragraph), from UTF-16 offset `start`
    /// of the paragraph, where `runs` are.
    static func width(
        _ line: [UInt16], at start: Int, _ runs: [RunInfo], fonts: [Font],
        kerning: Bool, ligatures: Bool, letterSpacing: Double
    ) throws(TypesettingError) -> Double {
        let end = start + line.count
        var width = 0.0
        // Runs are in order: find the first that reaches past `start` by bisection, so a line
        // costs its own runs, not all of a long paragraph's (that made layout quadratic).
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].range.upperBound > start { high = middle } else { low = middle + 1 }
        }
        for run in runs[low...] {
            if run.range.lowerBound >= end { break }
            guard run.range.upperBound > start else { continue }
            let range = (max(run.range.lowerBound, start) - start)..<(min(run.range.upperBound, end) - start)
            let font = fonts[run.fontIndex]
            let glyphs = try Shaper.glyphs(
                line, range: range, face: font.face, rightToLeft: run.bidiLevel & 1 == 1, script: run.script,
                kerning: kerning, ligatures: ligatures)
            width += glyphs.reduce(0) { $0 + Double($1.xAdvance) } * font.pointsPerUnit
            if font.tracking != 0 {
                let piece = line[range]
                width += font.tracking * Double(String(decoding: piece, as: UTF16.self).count)
            }
        }
        if letterSpacing != 0 {
            width += letterSpacing * Double(String(decoding: line, as: UTF16.self).count)
        }
        return max(0, width)
    }
}

/// One run of a paragraph: a UTF-16 range (relative to the paragraph) in one face, bidi level and script.
struct RunInfo: Sendable {
    var range: Range<Int>
    var fontIndex: Int
    var bidiLevel: UInt8
    var script: Int32
}

/// Builds prepared paragraphs: itemizes, shapes and collects clusters and breaks.
struct Itemizer {
    let font: Font
    let registry: FontRegistry
    let letterSpacing: Double
    let kerning: Bool
    let ligatures: Bool
    let language: String?
    var runs: [ShapedRun] = []
    var fonts: [Font]
    /// Where each font run ends (UTF-16 offset in the whole text) and its index in `fonts`;
    /// empty for a text in one font (`FontRun`).
    var fontRunEnds: [Int] = []
    var fontRunIndices: [Int] = []
    private var fallback: [FontFace] = []
    private var emojiFallback: [FontFace] = []
    /// The preferred faces per script (`FallbackScript.slot`), filled as scripts turn up: an
    /// array, as a dictionary keyed by the enum would hash its raw string on every lookup.
    private var scriptFallback: [[FontFace]?] = []
    /// The face the last uncovered simple base got (`fontIndex(ofSimpleBase:)`), with its
    /// fallback script's slot (-1 for none) and font index, kept only when it is the first
    /// face that script's order offers.
    private var lastSimpleFallback: (slot: Int, face: FontFace, index: Int32)?

    let cache: ShapingCache?
    /// Whether to keep the glyphs as `runs` (only for `PreparedText.runs`).
    let keepsRuns: Bool

    init(
        font: Font, registry: FontRegistry, letterSpacing: Double, kerning: Bool, ligatures: Bool,
        language: String?, cache: ShapingCache?, keepsRuns: Bool
    ) {
        self.font = font
        self.cache = cache
        self.keepsRuns = keepsRuns
        self.registry = registry
        self.letterSpacing = letterSpacing
        self.kerning = kerning
        self.ligatures = ligatures
        self.language = language
        self.fonts = [font]
    }

    mutating func fontIndex(of face: FontFace) -> Int {
        if face === font.face { return 0 }
        // A face with an optical size axis is set at the size: compare the face asked for. The
        // size too: a font run may hold the face at another size.
        if let index = fonts.firstIndex(where: {
            ($0.face === face || $0.requestedFace === face) && $0.size == font.size
        }) {
            return index
        }
        // A fallback face takes the primary font's point size.
        fonts.append((try? Font(face: face, size: font.size)) ?? font)
        return fonts.count - 1
    }

    /// Picks the face for one grapheme cluster: the primary face when it covers every code point
    /// that needs a glyph; else a face made for the cluster's script (Arabic, Hebrew, Thai,
    /// Devanagari, or CJK by `language`) that covers it; else the first in fallback order that
    /// does. Emoji-presentation clusters try colour faces first.
    mutating func face(for cluster: Character) -> FontFace {
        let scalars = cluster.unicodeScalars
        func covers(_ face: FontFace) -> Bool {
            scalars.allSatisfy { Itemizer.isIgnorable($0) || ts_face_covers(face.handle, $0.value) != 0 }
        }
        guard let firstNeeded = scalars.first(where: { !Itemizer.isIgnorable($0) }) else { return font.face }
        let emoji = Itemizer.prefersEmoji(scalars)
        if !emoji, covers(font.face) { return font.face }
        let script = emoji ? nil : FallbackScript.of(scalars)
        if let script {
            var preferred: [FontFace]
            if scriptFallback.isEmpty { scriptFallback = Array(repeating: nil, count: FallbackScript.allCases.count) }
            if let known = scriptFallback[script.slot] {
                preferred = known
            } else {
                preferred = registry.fallbackOrders.preferredFaces(
                    registry, font.face, script: script, language: language)
                // Falling back from the system font, a script's faces take the line metrics
                // of Apple's face for it (`AppleFallbackMetrics`).
                if AppleFallbackMetrics.applies(to: script, fallingBackFrom: font) {
                    preferred = preferred.map { $0.appleFallback(for: script, language: language) }
                }
                scriptFallback[script.slot] = preferred
            }
            if let face = preferred.first(where: covers) { return face }
        }
        if fallback.isEmpty { (fallback, emojiFallback) = registry.fallbackOrders.orders(registry, font.face) }
        let order = emoji ? emojiFallback : fallback
        let found =
            order.first(where: covers) ?? order.first(where: { ts_face_covers($0.handle, firstNeeded.value) != 0 })
        guard let found, found !== font.face else { return font.face }
        guard let script, AppleFallbackMetrics.applies(to: script, fallingBackFrom: font) else { return found }
        return found.appleFallback(for: script, language: language)
    }

    /// The font index of a simple base (`isSimpleBase`) that the primary face does not cover,
    /// as `fontIndex(of: face(for:))` gives it. Such a scalar is neither ignorable nor emoji, so
    /// `face(for:)` takes the first face that covers it in its fallback script's order (or the
    /// fallback order when it has none): when the last one got the first face of the same
    /// order and that face covers this one too, this one gets it as well, without the walk
    /// (a CJK, Arabic or Thai text asks for every letter). `PreparedTextIdentityTests` and the
    /// batch sample pin that nothing changes.
    mutating func fontIndex(ofSimpleBase scalar: Unicode.Scalar) -> Int32 {
        let script = FallbackScript.of(CollectionOfOne(scalar))
        let slot = script?.slot ?? -1
        if let last = lastSimpleFallback, last.slot == slot, ts_face_covers(last.face.handle, scalar.value) != 0 {
            return last.index
        }
        let face = face(for: Character(scalar))
        let index = Int32(truncatingIfNeeded: fontIndex(of: face))
        let first: FontFace?
        if let script {
            first = scriptFallback.isEmpty ? nil : scriptFallback[script.slot]?.first
        } else {
            first = fallback.first
        }
        if let first, first === face { lastSimpleFallback = (slot, face, index) }
        return index
    }

    /// Code points that need no glyph of their own: joiners, variation selectors, other default ignorables.
    /// ASCII is answered without the (slow) Unicode property lookup: none of it is ignorable.
    /// The Basic Multilingual Plane is answered from the (short) list of its default ignorables.
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x80: return false
        case 0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x200B...0x200F,
            0x202A...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0...0xFFF8:
            return true
        case 0x80..<0x10000: return false
        default: return scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.isVariationSelector
        }
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
        // No code point below U+231A, nor between U+2B55 and U+1F000, has emoji presentation.
        if !hasJoiner && (first.value < 0x231A || (first.value > 0x2B55 && first.value < 0x1F000)) { return false }
        if first.properties.isEmojiPresentation { return true }
        return hasJoiner && first.properties.isEmoji && first.value > 0xFF
    }

    /// Whitespace that hangs at the end of a line (no-break spaces do not hang).
    static func isHangingWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20: return true
        // The rest of White_Space, listed (a property lookup per character is slow).
        case 0x85, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x2028, 0x2029, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// The width of "…" in `font`: its advance shaped alone, which the face keeps once first
    /// asked (`Shaper.keptGlyph`), so that every prepared text can keep its fonts' ellipsis
    /// widths without a cache lookup or a lock threads share
    /// (`PreparedTextIdentityTests.testEllipsisWidthIsTheShapedEllipsis`).
    func ellipsisWidth(in font: Font) throws(TypesettingError) -> Double {
        let face = font.face
        let advance: Double
        if let kept = try Shaper.keptGlyph(
            0x2026, face: face, rightToLeft: false, script: 0, kerning: kerning, ligatures: ligatures)
        {
            advance = Double(kept.xAdvance)
        } else {
            let glyphs = try Shaper.compactGlyphs(
                [0x2026], range: 0..<1, face: face, rightToLeft: false, script: 0, kerning: kerning,
                ligatures: ligatures)
            advance = glyphs.reduce(0) { $0 + Double($1.advance) }
        }
        return advance * font.pointsPerUnit + font.tracking
    }
}
