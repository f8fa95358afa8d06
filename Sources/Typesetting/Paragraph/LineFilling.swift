extension PreparedText {
    /// The text a line shows: its visible text with "…" where the ellipsis goes
    /// ("The quick brown fo…", "…lazy dog", "Einstellunge…hrichtigungen").
    public func displayedText(of line: Line) -> String {
        var pieces = line.visibleRanges.map { range in
            String(
                text[
                    String.Index(
                        utf16Offset: range.lowerBound, in: text)..<String.Index(
                            utf16Offset: range.upperBound, in: text)])
        }
        if let offset = line.ellipsisOffset {
            // After the visible range that ends at the ellipsis (tail, middle), else before the
            // one that starts there (head), else at the end.
            if let index = line.visibleRanges.firstIndex(where: { $0.upperBound == offset }) {
                pieces.insert("\u{2026}", at: index + 1)
            } else if let index = line.visibleRanges.firstIndex(where: { $0.lowerBound == offset }) {
                pieces.insert("\u{2026}", at: index)
            } else {
                pieces.append("\u{2026}")
            }
        }
        return pieces.joined()
    }
}

extension PreparedText {
    /// Lays the text out at `options.width`: greedy line filling at UAX #14 break
    /// opportunities, emergency breaks between grapheme clusters for words longer than a
    /// line, hanging trailing whitespace, and the line limit with truncation.
    ///
    /// - Throws: `invalidWidth` for a width that is NaN, zero or negative;
    ///   `invalidNumberOfLines`, `invalidParameter` for the other options.
    public func layout(_ options: LayoutOptions) throws(TypesettingError) -> TextLayout {
        let options = try options.validated()
        var lines: [Line] = []
        var measurement = TextMeasurement.empty
        walkLines(options) { p, box in
            lines.append(
                Line(
                    range: p.offset(ofCluster: box.range.lowerBound)..<p.offset(ofCluster: box.range.upperBound),
                    visibleRanges: box.second.map { [p.offsets(box.visible), p.offsets($0)] } ?? [
                        p.offsets(box.visible)
                    ],
                    width: box.width, ascent: box.ascent, descent: box.descent, leading: box.leading,
                    height: box.height, ellipsisOffset: box.ellipsisAt.map { p.offset(ofCluster: $0) },
                    isTruncated: box.truncated))
            measurement.add(box)
        }
        measurement.finish(options)
        return TextLayout(
            lines: lines, width: measurement.width, height: measurement.height, isTruncated: measurement.isTruncated)
    }

    /// What `layout(_:)` gives for the size, line count and truncation, without building the
    /// lines: the cheapest way to size a prepared text at another width (pretext's `layout`).
    /// A text that fits on one line is answered at once; else its lines are filled from the
    /// break table (`BreakTable`), in one allocation with no glyph or cluster data; the general
    /// path of `layout(_:)` serves what the table cannot answer. It allocates nothing.
    ///
    /// - Throws: as `layout(_:)`.
    public func measure(_ options: LayoutOptions) throws(TypesettingError) -> TextMeasurement {
        let options = try options.validated()
        if let line = storage.withUnsafeMutablePointerToHeader({ $0.pointee.oneLine }),
            line.fitsWithin <= options.width,
            options.lineBreakMode != .byCharWrapping || line.charWrapToo
        {
            let height = LineBox.height(ascent: line.ascent, descent: line.descent, leading: line.leading, options)
            return TextMeasurement(width: max(0, line.width), height: height, lineCount: 1, isTruncated: false)
        }
        if let measurement = measureFromTable(options) { return measurement }
        var measurement = TextMeasurement.empty
        walkLines(options) { _, box in measurement.add(box) }
        measurement.finish(options)
        return measurement
    }

    /// Fills the lines of every paragraph in turn and hands each to `body`, up to the line
    /// limit, where the last line takes the rest of the text cut per the line break mode.
    @inline(__always)
    func walkLines(_ options: LayoutOptions, _ body: (PreparedParagraph, LineBox) -> Void) {
        // A label shows no empty line after a final hard break; a text view does (the caret's).
        let paragraphs = self.paragraphs
        let dropsLast = endsWithHardBreak && !options.includesTrailingEmptyLine && paragraphs.count > 1
        let paragraphCount = paragraphs.count - (dropsLast ? 1 : 0)
        let limit = options.numberOfLines
        var count = 0
        for index in 0..<paragraphCount {
            let paragraph = paragraphs[index]
            var start = 0
            var k = 0  // the first break opportunity after `start`
            repeat {
                var from = LineStart(cluster: start)
                let end = nextLineEnd(paragraph, from: &from, opportunity: &k, options: options)
                let range = start..<end
                let moreFollows = end < paragraph.count || index < paragraphCount - 1
                if limit > 0 && count == limit - 1 && moreFollows {
                    body(paragraph, truncatedLine(paragraph, from: &from, natural: range, options: options))
                    return
                }
                body(paragraph, line(paragraph, from: &from, range, options: options))
                count += 1
                start = end
            } while start < paragraph.count
        }
    }

    /// Greedy line filling: where the line of `p` that starts at `from` ends (0 for an empty
    /// paragraph). `k` is the first break opportunity after the start, carried from line to line.
    func nextLineEnd(_ p: PreparedParagraph, from: inout LineStart, opportunity k: inout Int, options: LayoutOptions)
        -> Int
    {
        let start = from.cluster
        let n = p.count
        if n == 0 { return 0 }
        let width = options.width
        while p.breaks[k] <= start { k += 1 }
        // Without unsafe boundaries at break opportunities or hard breaks inside, a line's
        // width only grows with its end, so the last break opportunity that fits is found by
        // bisection (and the usual case, the rest of the paragraph fits, at once). The width is
        // `lineWidth`'s, the one the line gets: after an emergency break at an unsafe boundary
        // the line's start is shaped apart, which the prepared advances alone leave out (a
        // kerned pair split under a right-to-left override made a line 0.12 pt too wide).
        // Every end is then a safe boundary past the start's stretch, so the difference is the
        // same for every end and widths still grow with it: it is shaped once (`LineStart`),
        // not again at every probe.
        if p.unsafeBoundaries.isEmpty && !p.hasInnerMandatoryBreak && options.lineBreakMode != .byCharWrapping {
            let startDelta =
                start > 0 && !p.unsafeBefore.isEmpty && p.unsafeBefore[start]
                ? from.delta(p, upTo: PreparedParagraph.nextSafe(after: start, p.unsafeBefore), in: self) : 0
            func fits(_ j: Int) -> Bool {
                let content = max(start, p.contentEnd[p.breaks[j]])
                return p.width(start, content) + (content > start ? startDelta : 0) <= width
            }
            let last = p.breaks.count - 1
            if fits(last) { return n }
            if fits(k) {
                var low = k  // fits
                var high = last  // does not fit
                while high - low > 1 {
                    let middle = (low + high) / 2
                    if fits(middle) { low = middle } else { high = middle }
                }
                return p.breaks[low]
            }
            // Not even the first word fits (the greedy loop below would measure it again, to
            // the same width): break it between clusters.
            return clusterBreak(p, from: &from, upTo: p.breaks[k], width: width)
        }
        if options.lineBreakMode == .byCharWrapping {
            // Any cluster boundary up to the next hard break; trailing whitespace hangs.
            var mandatory = k
            while !p.mandatory[mandatory] { mandatory += 1 }
            return clusterBreak(p, from: &from, upTo: p.breaks[mandatory], width: width)
        }
        var end = -1
        var j = k
        while j < p.breaks.count && lineWidth(p, from: &from, to: p.breaks[j]) <= width {
            end = p.breaks[j]
            if p.mandatory[j] { break }
            j += 1
        }
        // The first word is wider than the line: break it between clusters.
        return end < 0 ? clusterBreak(p, from: &from, upTo: p.breaks[k], width: width) : end
    }

    /// Where a line broken between clusters ends: after the most clusters from `start` that
    /// fit in `width` (at least one), then after the whitespace that follows them, which hangs
    /// on this line; never past `limit`.
    private func clusterBreak(_ p: PreparedParagraph, from: inout LineStart, upTo limit: Int, width: Double) -> Int {
        var e = from.cluster + 1
        while e < limit && lineWidth(p, from: &from, to: e + 1) <= width { e += 1 }
        while e < limit && p.contentEnd[e + 1] != e + 1 { e += 1 }
        return e
    }

    /// The width of a line of `clusters` without its hanging whitespace, as if the line were
    /// shaped on its own: arithmetic on the prepared advances, plus, where HarfBuzz marked the
    /// line's first or last boundary unsafe to break, the difference that shaping the stretch
    /// from there to the nearest safe boundary apart makes (worked out when preparing for break
    /// opportunities; shaped here for emergency and character breaks, once per `from`). A line
    /// that lies within one unsafe stretch is shaped again whole.
    func lineWidth(_ p: PreparedParagraph, from: inout LineStart, to end: Int) -> Double {
        let start = from.cluster
        let content = max(start, p.contentEnd[end])
        let arithmetic = p.width(start, content)
        guard !p.unsafeBefore.isEmpty, content > start else { return arithmetic }
        let startUnsafe = start > 0 && p.unsafeBefore[start]
        let endUnsafe = content < p.count && p.unsafeBefore[content]
        guard startUnsafe || endUnsafe else { return arithmetic }
        // Shaping failed before succeeds again; should it not, the prepared advances stand.
        var width = arithmetic
        var interior = start
        if startUnsafe {
            // A break opportunity's boundary holds its nearest safe boundaries; an emergency
            // or character break's is found by scanning.
            let boundary = p.unsafeBoundary(at: start)
            let next = boundary?.nextSafe ?? PreparedParagraph.nextSafe(after: start, p.unsafeBefore)
            guard next <= content else { return (try? reshapedWidth(p, start..<content)) ?? arithmetic }
            width += boundary?.startDelta ?? from.delta(p, upTo: next, in: self)
            interior = next
        }
        if endUnsafe {
            let boundary = p.unsafeBoundary(at: content)
            let previous = boundary?.previousSafe ?? PreparedParagraph.previousSafe(before: content, p.unsafeBefore)
            guard previous >= interior else { return (try? reshapedWidth(p, start..<content)) ?? arithmetic }
            width += boundary?.endDelta ?? shapingDelta(p, previous..<content)
        }
        return width
    }

    /// What shaping `clusters` of `p` apart from the rest of the paragraph adds to their
    /// prepared advances (nothing should shaping fail, when the prepared advances stand).
    fileprivate func shapingDelta(_ p: PreparedParagraph, _ clusters: Range<Int>) -> Double {
        let arithmetic = p.width(clusters.lowerBound, clusters.upperBound)
        return ((try? reshapedWidth(p, clusters)) ?? arithmetic) - arithmetic
    }

    /// `clusters` of `p` shaped apart from the rest of the paragraph.
    private func reshapedWidth(_ p: PreparedParagraph, _ clusters: Range<Int>) throws(TypesettingError) -> Double {
        // Only the stretch's own text is copied, not the whole paragraph: copying a long
        // paragraph for every line that ends at an unsafe boundary made layout quadratic.
        let from = p.clusterStarts[clusters.lowerBound]
        let to = p.clusterStarts[clusters.upperBound]
        let utf16 = text.utf16
        let lower = utf16.index(utf16.startIndex, offsetBy: p.base + from)
        let stretch = Array(utf16[lower..<utf16.index(lower, offsetBy: to - from)])
        return try Reshaper.width(
            stretch, at: from, p.runs, fonts: fonts, kerning: kerning, ligatures: ligatures,
            letterSpacing: letterSpacing)
    }

    private func makeLine(
        _ p: PreparedParagraph, range: Range<Int>, visible: Range<Int>, second: Range<Int>? = nil, width: Double,
        ellipsisAt: Int?, truncated: Bool, extraFont: Int?, options: LayoutOptions
    ) -> LineBox {
        // The fonts' metrics open the break table: read in place, neither computed from the
        // font's tables again nor retained.
        let (ascent, descent, leading) = storage.withUnsafeMutablePointerToElements {
            p.lineMetrics(visible, second, or: range, extraFont: extraFont, $0)
        }
        // A broken or hostile font can make the width negative: kerning (GPOS) larger than
        // the advances it adjusts. A line is never narrower than nothing
        // (HostileFontAndTextTests.testHostileKerningGivesNoNegativeWidth).
        let height = LineBox.height(ascent: ascent, descent: descent, leading: leading, options)
        return LineBox(
            range: range, visible: visible, second: second, width: max(0, width), ascent: ascent, descent: descent,
            leading: leading, height: height, ellipsisAt: ellipsisAt, truncated: truncated)
    }

    /// The line of `range`, which starts at `from`.
    private func line(_ p: PreparedParagraph, from: inout LineStart, _ range: Range<Int>, options: LayoutOptions)
        -> LineBox
    {
        let contentEnd = max(range.lowerBound, p.contentEnd[range.upperBound])
        let width = lineWidth(p, from: &from, to: range.upperBound)
        let clipped = options.lineBreakMode == .byClipping && width > options.width
        // A single cluster wider than the line overflows it (and is reported at its full
        // width); only clipping cuts a line at the edge.
        return makeLine(
            p, range: range, visible: range.lowerBound..<contentEnd, width: clipped ? options.width : width,
            ellipsisAt: nil, truncated: clipped, extraFont: nil, options: options)
    }

    /// The last allowed line when more text follows: the rest of the paragraph, cut per the mode.
    private func truncatedLine(
        _ p: PreparedParagraph, from: inout LineStart, natural: Range<Int>, options: LayoutOptions
    ) -> LineBox {
        let start = from.cluster
        let end = p.count
        let contentEnd = max(start, p.contentEnd[end])
        let width = options.width
        /// "…" is shaped in the font of the cluster it stands next to.
        func ellipsis(nextTo cluster: Int) -> (font: Int, width: Double) {
            let font = p.count == 0 ? 0 : p.font(ofCluster: min(max(cluster, 0), p.count - 1))
            return (font, ellipsisWidths[font])
        }
        switch options.lineBreakMode {
        case .byWordWrapping, .byCharWrapping:
            var line = line(p, from: &from, natural, options: options)
            line.truncated = true
            return line
        case .byClipping:
            // The rest of the paragraph on one line, cut at the edge.
            let full = p.width(start, contentEnd)
            return makeLine(
                p, range: start..<end, visible: start..<contentEnd, width: min(full, width), ellipsisAt: nil,
                truncated: true, extraFont: nil, options: options)
        case .byTruncatingTail:
            let (ellipsisFont, ellipsisWidth) = ellipsis(nextTo: min(end, natural.upperBound) - 1)
            var kept: Int
            if width.isFinite {
                var e = start
                while e < end && p.width(start, max(start, p.contentEnd[e + 1])) + ellipsisWidth <= width { e += 1 }
                kept = max(start, p.contentEnd[e])
            } else {
                kept = max(start, p.contentEnd[natural.upperBound])
            }
            return makeLine(
                p, range: start..<end, visible: start..<kept, width: p.width(start, kept) + ellipsisWidth,
                ellipsisAt: kept, truncated: true, extraFont: ellipsisFont, options: options)
        case .byTruncatingHead:
            let (ellipsisFont, ellipsisWidth) = ellipsis(nextTo: start)
            let available = width.isFinite ? width - ellipsisWidth : .infinity
            var s = contentEnd
            while s > start && p.width(s - 1, contentEnd) <= available { s -= 1 }
            return makeLine(
                p, range: start..<end, visible: s..<contentEnd, width: p.width(s, contentEnd) + ellipsisWidth,
                ellipsisAt: s, truncated: true, extraFont: ellipsisFont, options: options)
        case .byTruncatingMiddle:
            let (ellipsisFont, ellipsisWidth) = ellipsis(nextTo: start)
            let available = width.isFinite ? width - ellipsisWidth : .infinity
            var e = start
            while e < contentEnd && p.width(start, e + 1) <= available / 2 { e += 1 }
            let head = max(start, p.contentEnd[e])
            let remaining = available - p.width(start, head)
            var s = contentEnd
            while s > e && p.width(s - 1, contentEnd) <= remaining { s -= 1 }
            return makeLine(
                p, range: start..<end, visible: start..<head, second: s..<contentEnd,
                width: p.width(start, head) + ellipsisWidth + p.width(s, contentEnd), ellipsisAt: head, truncated: true,
                extraFont: ellipsisFont, options: options)
        }
    }
}

/// Where a line starts, and what shaping its start apart adds to the prepared advances once
/// that is worked out: after an emergency break at an unsafe boundary (no break opportunity,
/// so no `UnsafeBoundary` holds it), line filling measures many ends from one start, then the
/// line's own width, and the start's stretch is shaped for the first of them only.
struct LineStart {
    let cluster: Int
    private var startDelta: Double?

    init(cluster: Int) { self.cluster = cluster }

    /// What shaping `cluster..<next` (`next` the nearest safe boundary) apart adds.
    mutating func delta(_ p: PreparedParagraph, upTo next: Int, in text: PreparedText) -> Double {
        if let startDelta { return startDelta }
        let delta = text.shapingDelta(p, cluster..<next)
        startDelta = delta
        return delta
    }
}

extension PreparedParagraph {
    /// The tallest ascender, deepest descender and largest gap of the fonts on a line's visible
    /// clusters (`visible`, `second`), else, when nothing is visible, on its `range`; with
    /// `extraFont` (the ellipsis's) too, and the primary font's for an empty line. `metrics`
    /// holds the ascender, descender and leading of each of the text's fonts, which the indices
    /// name (the start of a prepared text's words, `BreakTable.write`).
    func lineMetrics(
        _ visible: Range<Int>, _ second: Range<Int>?, or range: Range<Int>, extraFont: Int?,
        _ metrics: UnsafePointer<UInt64>
    ) -> (ascent: Double, descent: Double, leading: Double) {
        var ascent = -Double.infinity
        var descent = Double.infinity
        var leading = -Double.infinity
        var last = -1
        func include(_ index: Int) {
            guard index != last else { return }
            last = index
            ascent = max(ascent, Double(bitPattern: metrics[3 * index]))
            descent = min(descent, Double(bitPattern: metrics[3 * index + 1]))
            leading = max(leading, Double(bitPattern: metrics[3 * index + 2]))
        }
        let hasVisible = !visible.isEmpty || !(second?.isEmpty ?? true)
        if singleFont >= 0 {
            if hasVisible || !range.isEmpty { include(singleFont) }
        } else if hasVisible {
            for cluster in visible { include(font(ofCluster: cluster)) }
            if let second { for cluster in second { include(font(ofCluster: cluster)) } }
        } else {
            for cluster in range { include(font(ofCluster: cluster)) }
        }
        if let extraFont { include(extraFont) }
        if last < 0 { include(0) }
        return (ascent, descent, leading)
    }
}

/// One line in cluster indices of its paragraph, before it becomes a `Line`: at most two
/// visible ranges (around a middle ellipsis), so no array is made for it.
struct LineBox {
    var range: Range<Int>
    var visible: Range<Int>
    var second: Range<Int>?
    var width: Double
    var ascent: Double
    var descent: Double
    var leading: Double
    var height: Double
    var ellipsisAt: Int?
    var truncated: Bool

    /// A line's height: ascent − descent + leading, times the line height multiple if set;
    /// never below 0, even when a broken font puts its descender above its ascender.
    static func height(ascent: Double, descent: Double, leading: Double, _ options: LayoutOptions) -> Double {
        let height = max(0, ascent - descent + (options.includesLineGap ? leading : 0))
        return options.lineHeightMultiple > 0 ? height * options.lineHeightMultiple : height
    }
}

/// How `layout(_:)` and `measure(_:)` sum their lines, one code for both so they agree.
extension TextMeasurement {
    /// No lines yet.
    static var empty: TextMeasurement { TextMeasurement(width: 0, height: 0, lineCount: 0, isTruncated: false) }

    /// Counts one more line: the widest line's width, the sum of heights, any truncation.
    mutating func add(_ box: LineBox) {
        width = max(width, box.width)
        height += box.height
        lineCount += 1
        if box.truncated { isTruncated = true }
    }

    /// Adds the line spacing between the lines counted, once they all are.
    mutating func finish(_ options: LayoutOptions) {
        if lineCount > 1 { height += options.lineSpacing * Double(lineCount - 1) }
    }
}
