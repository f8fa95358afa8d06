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
        // A label shows no empty line after a final hard break; a text view does (the caret's).
        let dropsLast = endsWithHardBreak && !options.includesTrailingEmptyLine && self.paragraphs.count > 1
        let paragraphs = self.paragraphs.prefix(self.paragraphs.count - (dropsLast ? 1 : 0))
        var lines: [Line] = []
        var isTruncated = false
        let limit = options.numberOfLines
        paragraphLoop: for (index, paragraph) in paragraphs.enumerated() {
            let ranges = fill(paragraph, width: options.width, mode: options.lineBreakMode)
            for (lineIndex, range) in ranges.enumerated() {
                let moreFollows = lineIndex < ranges.count - 1 || index < paragraphs.count - 1
                if limit > 0 && lines.count == limit - 1 && moreFollows {
                    lines.append(truncatedLine(paragraph, from: range.lowerBound, natural: range, options: options))
                    isTruncated = true
                    break paragraphLoop
                }
                lines.append(line(paragraph, range, options: options))
            }
        }
        var width = 0.0
        var height = 0.0
        for line in lines {
            width = max(width, line.width)
            height += line.height
            if line.isTruncated { isTruncated = true }
        }
        if lines.count > 1 { height += options.lineSpacing * Double(lines.count - 1) }
        return TextLayout(lines: lines, width: width, height: height, isTruncated: isTruncated)
    }

    /// Greedy line filling of one paragraph: the cluster ranges of its lines.
    func fill(_ p: PreparedParagraph, width: Double, mode: LineBreakMode) -> [Range<Int>] {
        let n = p.count
        if n == 0 { return [0..<0] }
        let fits = { (start: Int, end: Int) -> Bool in self.lineWidth(p, start..<end) <= width }
        var result: [Range<Int>] = []
        var start = 0
        var k = 0  // first break opportunity after `start`
        while start < n {
            while p.breaks[k] <= start { k += 1 }
            var end = -1
            if mode == .byCharWrapping {
                // Any cluster boundary up to the next hard break; trailing whitespace hangs.
                var mandatory = k
                while !p.mandatory[mandatory] { mandatory += 1 }
                let limit = p.breaks[mandatory]
                var e = start + 1
                while e < limit && fits(start, e + 1) { e += 1 }
                while e < limit && p.contentEnd[e + 1] != e + 1 { e += 1 }
                end = e
            } else {
                var j = k
                while j < p.breaks.count && fits(start, p.breaks[j]) {
                    end = p.breaks[j]
                    if p.mandatory[j] { break }
                    j += 1
                }
                if end < 0 {
                    // The first word is wider than the line: break it between clusters;
                    // whitespace right after the break hangs on this line.
                    let limit = p.breaks[k]
                    var e = start + 1
                    while e < limit && fits(start, e + 1) { e += 1 }
                    while e < limit && p.contentEnd[e + 1] != e + 1 { e += 1 }
                    end = e
                }
            }
            result.append(start..<end)
            start = end
        }
        return result
    }

    /// The width of a line of `clusters` without its hanging whitespace: arithmetic on the
    /// prepared advances, unless HarfBuzz marked the break at either end unsafe, where the line
    /// is shaped again on its own (see `reshapedWidth`).
    func lineWidth(_ p: PreparedParagraph, _ clusters: Range<Int>) -> Double {
        let start = clusters.lowerBound
        let content = max(start, p.contentEnd[clusters.upperBound])
        let width = p.width(start, content)
        guard !p.unsafeBefore.isEmpty, content > start,
            (start > 0 && p.unsafeBefore[start])
                || (clusters.upperBound < p.count && p.unsafeBefore[clusters.upperBound])
        else { return width }
        // Shaping failed before succeeds again; should it not, the prepared advances stand.
        return (try? reshapedWidth(p, start..<content)) ?? width
    }

    /// The width of `clusters` shaped again on their own: for a line that starts or ends where
    /// HarfBuzz marked the break unsafe (inside a ligature, a kerning pair, an Arabic joining),
    /// shaping the line apart from its neighbours gives other glyphs than the paragraph's.
    /// Letter spacing is added after each grapheme cluster, as in preparing.
    func reshapedWidth(_ p: PreparedParagraph, _ clusters: Range<Int>) throws(TypesettingError) -> Double {
        let all = Array(text.utf16)
        let start = p.clusterStarts[clusters.lowerBound]
        let end = p.clusterStarts[clusters.upperBound]
        let line = Array(all[(p.base + start)..<(p.base + end)])
        var width = 0.0
        for run in p.runs where run.range.upperBound > start && run.range.lowerBound < end {
            let range = (max(run.range.lowerBound, start) - start)..<(min(run.range.upperBound, end) - start)
            let font = fonts[run.fontIndex]
            let glyphs = try Shaper.glyphs(
                line, range: range, face: font.face, rightToLeft: run.bidiLevel & 1 == 1, script: run.script,
                kerning: kerning, ligatures: ligatures)
            width += glyphs.reduce(0) { $0 + Double($1.xAdvance) } * font.pointsPerUnit
        }
        if letterSpacing != 0 {
            let lineText = String(decoding: line, as: UTF16.self)
            width += letterSpacing * Double(lineText.count)
        }
        return max(0, width)
    }

    /// The tallest ascender, deepest descender and largest gap of the fonts on `clusters`
    /// (the primary font's for an empty line).
    private func metrics(_ p: PreparedParagraph, _ ranges: [Range<Int>], extraFont: Int? = nil) -> (
        Double, Double, Double
    ) {
        var ascent = -Double.infinity
        var descent = Double.infinity
        var leading = -Double.infinity
        var last = -1
        func include(_ index: Int) {
            guard index != last else { return }
            last = index
            let m = lineMetrics[index]
            ascent = max(ascent, m.ascender)
            descent = min(descent, m.descender)
            leading = max(leading, m.leading)
        }
        for range in ranges { for cluster in range { include(p.fontIndex[cluster]) } }
        if let extraFont { include(extraFont) }
        if last < 0 { include(0) }
        return (ascent, descent, leading)
    }

    private func makeLine(
        _ p: PreparedParagraph, range: Range<Int>, visible: [Range<Int>], width: Double, ellipsisAt: Int?,
        truncated: Bool, extraFont: Int?, options: LayoutOptions
    ) -> Line {
        let hasVisible = visible.contains { !$0.isEmpty }
        let (ascent, descent, leading) = metrics(p, hasVisible ? visible : [range], extraFont: extraFont)
        var height = ascent - descent + leading
        if options.lineHeightMultiple > 0 { height *= options.lineHeightMultiple }
        return Line(
            range: p.offset(ofCluster: range.lowerBound)..<p.offset(ofCluster: range.upperBound),
            visibleRanges: visible.map { p.offset(ofCluster: $0.lowerBound)..<p.offset(ofCluster: $0.upperBound) },
            width: width, ascent: ascent, descent: descent, leading: leading, height: height,
            ellipsisOffset: ellipsisAt.map { p.offset(ofCluster: $0) }, isTruncated: truncated)
    }

    private func line(_ p: PreparedParagraph, _ range: Range<Int>, options: LayoutOptions) -> Line {
        let contentEnd = max(range.lowerBound, p.contentEnd[range.upperBound])
        let width = lineWidth(p, range)
        let clipped = options.lineBreakMode == .byClipping && width > options.width
        // A single cluster wider than the line overflows it (and is reported at its full
        // width); only clipping cuts a line at the edge.
        return makeLine(
            p, range: range, visible: [range.lowerBound..<contentEnd], width: clipped ? options.width : width,
            ellipsisAt: nil, truncated: clipped, extraFont: nil, options: options)
    }

    /// The last allowed line when more text follows: the rest of the paragraph, cut per the mode.
    private func truncatedLine(_ p: PreparedParagraph, from start: Int, natural: Range<Int>, options: LayoutOptions)
        -> Line
    {
        let end = p.count
        let contentEnd = max(start, p.contentEnd[end])
        let width = options.width
        /// "…" is shaped in the font of the cluster it stands next to.
        func ellipsis(nextTo cluster: Int) -> (font: Int, width: Double) {
            let font = p.fontIndex.isEmpty ? 0 : p.fontIndex[min(max(cluster, 0), p.count - 1)]
            return (font, ellipsisWidths[font])
        }
        switch options.lineBreakMode {
        case .byWordWrapping, .byCharWrapping:
            var line = line(p, natural, options: options)
            line.isTruncated = true
            return line
        case .byClipping:
            // The rest of the paragraph on one line, cut at the edge.
            let full = p.width(start, contentEnd)
            return makeLine(
                p, range: start..<end, visible: [start..<contentEnd], width: min(full, width), ellipsisAt: nil,
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
                p, range: start..<end, visible: [start..<kept], width: p.width(start, kept) + ellipsisWidth,
                ellipsisAt: kept, truncated: true, extraFont: ellipsisFont, options: options)
        case .byTruncatingHead:
            let (ellipsisFont, ellipsisWidth) = ellipsis(nextTo: start)
            let available = width.isFinite ? width - ellipsisWidth : .infinity
            var s = contentEnd
            while s > start && p.width(s - 1, contentEnd) <= available { s -= 1 }
            return makeLine(
                p, range: start..<end, visible: [s..<contentEnd], width: p.width(s, contentEnd) + ellipsisWidth,
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
                p, range: start..<end, visible: [start..<head, s..<contentEnd],
                width: p.width(start, head) + ellipsisWidth + p.width(s, contentEnd), ellipsisAt: head, truncated: true,
                extraFont: ellipsisFont, options: options)
        }
    }
}
