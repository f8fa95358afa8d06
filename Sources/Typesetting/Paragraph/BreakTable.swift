/// What a prepared text was prepared with, and what layout reads only for truncation and
/// shaping again: behind a reference of its own, so that the object `measure(_:)` reads stays
/// small.
final class Details: Sendable {
    let text: String
    let font: Font
    let letterSpacing: Double
    let kerning: Bool
    let ligatures: Bool
    let language: String?
    let registry: FontRegistry
    let shapingCache: ShapingCache?
    let ellipsisWidths: [Double]
    let fontRuns: [FontRun]
    /// What no face draws, and the faces measured in place of iOS's.
    let coverage: FontCoverage

    init(
        text: String, font: Font, letterSpacing: Double, kerning: Bool, ligatures: Bool, language: String?,
        registry: FontRegistry, shapingCache: ShapingCache?, ellipsisWidths: [Double], fontRuns: [FontRun],
        coverage: FontCoverage = FontCoverage()
    ) {
        self.coverage = coverage
        self.text = text
        self.font = font
        self.letterSpacing = letterSpacing
        self.kerning = kerning
        self.ligatures = ligatures
        self.language = language
        self.registry = registry
        self.shapingCache = shapingCache
        self.ellipsisWidths = ellipsisWidths
        self.fontRuns = fontRuns
    }
}

/// What `measure(_:)` reads first: the answer for a text that fits on one line, and how the
/// break table that follows the header in the same allocation is laid out.
struct StorageHeader {
    /// The one line of a one-paragraph text with no hard break inside, for `measure(_:)` at
    /// any width of at least its `fitsWithin`.
    let oneLine: OneLine?
    /// The number of paragraphs in the break table; -1 when there is no table (some paragraph
    /// needs line filling's general path: see `BreakTable.size`).
    let tableParagraphs: Int32
    /// The number of fonts whose metrics open the table.
    let tableFonts: Int32
    let endsWithHardBreak: Bool
    /// The paragraphs and every font used, for `layout(_:)` and what the table cannot answer:
    /// here rather than in `details`, so that laying out reads one object fewer.
    let paragraphs: [PreparedParagraph]
    let fonts: [Font]
    let details: Details
}

/// A prepared text's one object: the header (`StorageHeader`) and, right after it in the same
/// allocation, the break table (`BreakTable`), 64-bit words that no one writes after `make`.
/// Re-measuring a text at a new width reads this object alone: one or two cache lines for a
/// short text, where walking the paragraphs' arrays read half a dozen allocations.
///
/// `ManagedBuffer` is never `Sendable`; `PreparedText` holds this one `nonisolated(unsafe)`,
/// which is sound: the header is a `let`-only struct of Sendable values, and the words are
/// written once in `make`, before the object is shared.
final class Storage: ManagedBuffer<StorageHeader, UInt64> {
    static func make(
        text: String, font: Font, letterSpacing: Double, kerning: Bool, ligatures: Bool, language: String?,
        registry: FontRegistry, shapingCache: ShapingCache?, fonts: [Font], endsWithHardBreak: Bool,
        paragraphs: [PreparedParagraph], ellipsisWidths: [Double], fontRuns: [FontRun] = [],
        coverage: FontCoverage = FontCoverage()
    ) -> Storage {
        let details = Details(
            text: text, font: font, letterSpacing: letterSpacing, kerning: kerning, ligatures: ligatures,
            language: language, registry: registry, shapingCache: shapingCache, ellipsisWidths: ellipsisWidths,
            fontRuns: fontRuns, coverage: coverage)
        let size = BreakTable.size(paragraphs, fonts: fonts)
        // The words are written straight into the tail, then the header, which the one-line
        // answer (reading the fonts' metrics there) belongs to.
        let buffer = Storage.create(minimumCapacity: size.words) { buffer in
            buffer.withUnsafeMutablePointerToElements { words -> StorageHeader in
                BreakTable.write(paragraphs, fonts: fonts, table: size.hasTable, into: words)
                return StorageHeader(
                    oneLine: paragraphs.count == 1 ? OneLine(paragraphs[0], metrics: words) : nil,
                    tableParagraphs: size.hasTable ? Int32(truncatingIfNeeded: paragraphs.count) : -1,
                    tableFonts: Int32(truncatingIfNeeded: fonts.count), endsWithHardBreak: endsWithHardBreak,
                    paragraphs: paragraphs, fonts: fonts, details: details)
            }
        }
        // `create` makes an instance of the class it is called on.
        return unsafeDowncast(buffer, to: Storage.self)
    }
}

/// The break table: every paragraph reduced to the prefix widths at its break opportunities,
/// in one run of 64-bit words, so that line filling at a new width walks plain numbers and
/// touches neither the clusters nor the fonts (pretext's `layout`, parley's and cosmic-text's
/// split of shaping from line breaking).
///
/// Layout of the words:
/// - 3 per font of the text: its ascender, descender and leading (`Double` bit patterns),
///   which every prepared text has, table or not (read by `lineMetrics`);
/// - then per paragraph a record word: the number B of break opportunities (low 32 bits; 0
///   for an empty paragraph) and 1 + the paragraph's single font index (high 32 bits; 0 when
///   its clusters use several fonts);
/// - then per break opportunity j (before cluster b, content end c = `contentEnd[b]`):
///   `prefix[c]` (what a line ending there is wide, from the paragraph's start) and `prefix[b]`
///   (where a line starting there begins); for a paragraph in several fonts also the fonts of
///   the clusters from the previous opportunity to c, and to b, as bit masks.
///
/// A text gets a table only when every paragraph is filled by the bisection of
/// `nextLineEnd` with every line starting at a break opportunity's safe boundary: no unsafe
/// boundary at a break opportunity, no hard break inside, no tab, at most 64 fonts.
/// `measure(_:)` goes back to the general path for what the table cannot answer: a word wider
/// than the line (an emergency break), the line limit reached with text left (truncation),
/// character wrapping. `BreakTableTests` and `PreparedTextIdentityTests` pin that both paths
/// agree with `layout(_:)` to the bit.
enum BreakTable {
    /// How many words a text's table takes, and whether it has one (every paragraph must
    /// qualify); the fonts' metrics, three words per font, come first either way.
    static func size(_ paragraphs: [PreparedParagraph], fonts: [Font]) -> (words: Int, hasTable: Bool) {
        let metrics = 3 * fonts.count
        var words = metrics
        for p in paragraphs {
            guard p.unsafeBoundaries.isEmpty, !p.hasInnerMandatoryBreak, p.tabs.isEmpty,
                p.singleFont >= 0 || (p.count == 0 || fonts.count <= 64)
            else { return (metrics, false) }
            words += p.count == 0 ? 1 : 1 + p.breaks.count * (p.singleFont >= 0 ? 2 : 4)
        }
        return (words, true)
    }

    /// Writes the ascender, descender and leading of each font (where every prepared text's
    /// words start, table or not, and `lineMetrics` reads them), then, with `table`, the table:
    /// `size(paragraphs, fonts:).words` words.
    static func write(
        _ paragraphs: [PreparedParagraph], fonts: [Font], table: Bool, into words: UnsafeMutablePointer<UInt64>
    ) {
        var at = 0
        func append(_ word: UInt64) {
            (words + at).initialize(to: word)
            at += 1
        }
        for font in fonts {
            let metrics = font.metrics
            append(metrics.ascender.bitPattern)
            append(metrics.descender.bitPattern)
            append(metrics.leading.bitPattern)
        }
        guard table else { return }
        for p in paragraphs {
            if p.count == 0 {
                // One empty line, in the primary font's metrics (`lineMetrics` of nothing).
                append(1 << 32)
                continue
            }
            let single = p.singleFont
            append(UInt64(p.breaks.count) | (single >= 0 ? UInt64(single + 1) << 32 : 0))
            var previous = 0
            for b in p.breaks {
                let content = p.contentEnd[b]
                append(p.prefix[content].bitPattern)
                append(p.prefix[b].bitPattern)
                if single < 0 {
                    var contentFonts: UInt64 = 0
                    var allFonts: UInt64 = 0
                    for cluster in previous..<b {
                        let bit: UInt64 = 1 << UInt64(p.font(ofCluster: cluster))
                        allFonts |= bit
                        if cluster < content { contentFonts |= bit }
                    }
                    append(contentFonts)
                    append(allFonts)
                }
                previous = b
            }
        }
    }
}

extension PreparedText {
    /// `measure(_:)` from the break table, or nil where the table cannot answer (see
    /// `BreakTable`): the same greedy filling as `walkLines` and `nextLineEnd`, on the same
    /// numbers in the same order, so the result is `layout(_:)`'s to the bit.
    @inline(__always)
    func measureFromTable(_ options: LayoutOptions) -> TextMeasurement? {
        guard options.lineBreakMode != .byCharWrapping else { return nil }
        return storage.withUnsafeMutablePointers { header, words -> TextMeasurement? in
            let paragraphCount = Int(header.pointee.tableParagraphs)
            guard paragraphCount >= 0 else { return nil }
            // A label shows no empty line after a final hard break; a text view does (`walkLines`).
            let dropsLast =
                header.pointee.endsWithHardBreak && !options.includesTrailingEmptyLine && paragraphCount > 1
            let shown = paragraphCount - (dropsLast ? 1 : 0)
            let limit = options.numberOfLines
            let width = options.width
            var measurement = TextMeasurement.empty
            var count = 0
            var at = 3 * Int(header.pointee.tableFonts)
            for index in 0..<shown {
                let record = words[at]
                at += 1
                let breaks = Int(truncatingIfNeeded: record & 0xFFFF_FFFF)
                let single = Int(truncatingIfNeeded: record >> 32) - 1
                let stride = single >= 0 ? 2 : 4
                let table = words + at
                at += breaks * stride
                let lastParagraph = index == shown - 1
                if breaks == 0 {
                    if limit > 0 && count == limit - 1 && !lastParagraph { return nil }
                    measurement.add(width: 0, height: Self.height(words, font: 0, options))
                    count += 1
                    continue
                }
                /// What a line from `start` (a prefix width) to opportunity `j` is wide.
                @inline(__always) func lineWidth(_ j: Int, from start: Double) -> Double {
                    max(Double(bitPattern: table[j * stride]), start) - start
                }
                let last = breaks - 1
                var k = 0  // the first break opportunity after the line's start
                var start = 0.0
                repeat {
                    var end = last
                    if lineWidth(last, from: start) > width {
                        // Not even the first word fits: an emergency break, for the general path.
                        guard lineWidth(k, from: start) <= width else { return nil }
                        var low = k  // fits
                        var high = last  // does not fit
                        while high - low > 1 {
                            let middle = (low + high) / 2
                            if lineWidth(middle, from: start) <= width { low = middle } else { high = middle }
                        }
                        end = low
                    }
                    // The last line allowed, with text left: truncation, for the general path.
                    if limit > 0 && count == limit - 1 && (end < last || !lastParagraph) { return nil }
                    let height: Double
                    if single >= 0 {
                        height = Self.height(words, font: single, options)
                    } else {
                        height = Self.height(words, fonts: Self.lineFonts(table, k, end), options)
                    }
                    measurement.add(width: max(0, lineWidth(end, from: start)), height: height)
                    count += 1
                    start = Double(bitPattern: table[end * stride + 1])
                    k = end + 1
                    if end == last { break }
                } while true
            }
            measurement.finish(options)
            return measurement
        }
    }

    /// The fonts that give the metrics of a line over opportunities `first...last` of a
    /// paragraph in several fonts: those of its visible clusters (up to the content end of the
    /// last opportunity with content), else, when it shows only whitespace, of all its clusters.
    @inline(__always)
    static func lineFonts(_ table: UnsafeMutablePointer<UInt64>, _ first: Int, _ last: Int) -> UInt64 {
        var shown = last
        while shown >= first && table[shown * 4 + 2] == 0 { shown -= 1 }
        var fonts: UInt64 = 0
        if shown < first {
            for j in first...last { fonts |= table[j * 4 + 3] }
            return fonts
        }
        fonts = table[shown * 4 + 2]
        var j = first
        while j < shown {
            fonts |= table[j * 4 + 3]
            j += 1
        }
        return fonts
    }

    /// A line's height in one font's metrics (the table's first words).
    @inline(__always)
    static func height(_ words: UnsafeMutablePointer<UInt64>, font: Int, _ options: LayoutOptions) -> Double {
        // `lineMetrics` starts from −∞, +∞, −∞ and takes each font's values in turn.
        let ascent = max(-Double.infinity, Double(bitPattern: words[3 * font]))
        let descent = min(Double.infinity, Double(bitPattern: words[3 * font + 1]))
        let leading = max(-Double.infinity, Double(bitPattern: words[3 * font + 2]))
        return LineBox.height(ascent: ascent, descent: descent, leading: leading, options)
    }

    /// A line's height in the metrics of several fonts (a bit mask of font indices).
    static func height(_ words: UnsafeMutablePointer<UInt64>, fonts: UInt64, _ options: LayoutOptions) -> Double {
        var ascent = -Double.infinity
        var descent = Double.infinity
        var leading = -Double.infinity
        var rest = fonts
        while rest != 0 {
            let font = rest.trailingZeroBitCount
            rest &= rest - 1
            ascent = max(ascent, Double(bitPattern: words[3 * font]))
            descent = min(descent, Double(bitPattern: words[3 * font + 1]))
            leading = max(leading, Double(bitPattern: words[3 * font + 2]))
        }
        return LineBox.height(ascent: ascent, descent: descent, leading: leading, options)
    }
}

extension TextMeasurement {
    /// Counts one more line, as `add(_ box:)` does for a line that is not truncated.
    @inline(__always) mutating func add(width lineWidth: Double, height lineHeight: Double) {
        width = max(width, lineWidth)
        height += lineHeight
        lineCount += 1
    }
}
