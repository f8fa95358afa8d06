internal import CTextShim

/// Preparing one paragraph: itemizing, shaping, clusters and break opportunities, over the
/// tables of one `ParagraphScratch`.
extension Itemizer {
    /// Shapes one run (one face, level and script) and appends its glyphs in visual order to
    /// `glyphs`, with clusters as offsets into `utf16`. With a cache (and the shaping shortcuts
    /// on, `ShapingShortcuts`), the run is cut into words and the spaces between them where
    /// nothing HarfBuzz does can reach across the cut (`SpaceZones`), and each segment whose
    /// neighbours cannot change its shaping (a space, the paragraph's edge, another script) is
    /// looked up in the cache and shaped on its own on a miss. What only the shaped segments
    /// tell sends the run back to be shaped whole: two segments with broken syllables
    /// (HarfBuzz's dotted circles depend on the syllables before them, `TS_SHAPED_DOTTED_CIRCLE`).
    /// Either way the glyphs are those of shaping the run whole.
    func shapeRun(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, bidiLevel: UInt8, script: Int32,
        scratch: ParagraphScratch, isolatedBefore: Bool, isolatedAfter: Bool, into glyphs: inout [CachedGlyph]
    ) throws(TypesettingError) {
        let rightToLeft = bidiLevel & 1 == 1
        guard let cache, ShapingShortcuts.areOn, !harfBuzzOnly else {
            try Shaper.appendCompactGlyphs(
                utf16, range: range, face: face, rightToLeft: rightToLeft, script: script, kerning: kerning,
                ligatures: ligatures, harfBuzzOnly: harfBuzzOnly, to: &glyphs)
            return
        }
        let contextFree = !Shaper.joins(script)
        let unitFlags = scratch.unitFlags
        let cuts = scratch.cuts
        let segmentCount =
            SpaceZones.cuts(
                utf16, range: range, face: face, rightToLeft: rightToLeft, script: script,
                graphemeStart: { unitFlags[$0] & Itemizer.graphemeStart != 0 }, into: cuts) - 1
        let runStart = glyphs.count
        var brokenSegments = 0
        for k in 0..<segmentCount {
            // Right to left, the segments come in reverse (visual) order.
            let s = rightToLeft ? segmentCount - 1 - k : k
            let segment = Int(cuts[s])..<Int(cuts[s + 1])
            // HarfBuzz reads the text around a run only to join letters (Arabic and the like);
            // elsewhere, and next to a space or another script, a word shapes alone as in place.
            let before =
                contextFree || segment.lowerBound > range.lowerBound || isolatedBefore
                || utf16[segment.lowerBound] == 0x20
                || (segment.lowerBound > 0 && utf16[segment.lowerBound - 1] == 0x20)
            let after =
                contextFree || segment.upperBound < range.upperBound || isolatedAfter
                || utf16[segment.upperBound - 1] == 0x20
                || (segment.upperBound < utf16.count && utf16[segment.upperBound] == 0x20)
            // A lone space, the segment between any two words: the face keeps it, read without
            // the cache's shard lock, which every thread would take for it.
            if segment.count == 1 && utf16[segment.lowerBound] == 0x20,
                let kept = try Shaper.keptGlyph(
                    0x20, face: face, rightToLeft: rightToLeft, script: script, kerning: kerning,
                    ligatures: ligatures)
            {
                glyphs.append(CachedGlyph(kept).moved(by: segment.lowerBound))
                continue
            }
            let broken: Bool
            if before && after {
                // The key is a slice of the paragraph: a hit copies no text.
                let key = ShapingKey(
                    face: face, script: script, rightToLeft: rightToLeft, kerning: kerning, ligatures: ligatures,
                    text: utf16[segment])
                broken = try cache.appendGlyphs(for: key, face: face, offset: segment.lowerBound, to: &glyphs) {
                    () throws(TypesettingError) in
                    // The segment alone, as the entry is keyed: its units, no context around them.
                    try utf16.withUnsafeBufferPointer { (paragraph) throws(TypesettingError) in
                        try Shaper.segment(
                            UnsafeBufferPointer(rebasing: paragraph[segment]), range: 0..<segment.count, face: face,
                            rightToLeft: rightToLeft, script: script, kerning: kerning, ligatures: ligatures)
                    }
                }
            } else {
                broken = try Shaper.appendCompactGlyphs(
                    utf16, range: segment, face: face, rightToLeft: rightToLeft, script: script, kerning: kerning,
                    ligatures: ligatures, notesBrokenSyllables: segmentCount > 1, to: &glyphs)
            }
            if broken { brokenSegments += 1 }
        }
        if brokenSegments > 1 {
            glyphs.removeSubrange(runStart...)
            try Shaper.appendCompactGlyphs(
                utf16, range: range, face: face, rightToLeft: rightToLeft, script: script, kerning: kerning,
                ligatures: ligatures, to: &glyphs)
        }
    }

    mutating func prepare(_ content: Substring, base: Int) throws(TypesettingError) -> PreparedParagraph {
        let utf16 = Itemizer.utf16Units(content)
        // Cluster offsets are kept in 32 bits (`CompactIndices`).
        guard utf16.count < Int(Int32.max) else {
            throw .invalidParameter(
                name: "paragraph length", value: Double(utf16.count), allowed: "fewer than 2³¹ − 1 UTF-16 units")
        }
        if utf16.isEmpty {
            return try PreparedParagraph(
                base: base, clusterStarts: CompactIndices([0]), prefix: [0], contentEnd: CompactIndices([0]),
                fontIndex: CompactIndices([]), count: 0, singleFont: -1, breaks: CompactIndices([0]),
                mandatory: [true], unsafeBefore: [], runs: [], utf16: [], fonts: fonts, kerning: kerning,
                ligatures: ligatures, letterSpacing: letterSpacing)
        }
        let n = utf16.count
        let scratch = ParagraphScratch(units: n)
        defer { scratch.deallocate() }
        let breakCount = try utf16.withUnsafeBufferPointer { (text) throws(TypesettingError) -> Int in
            try TextAnalysis.bidiLevels(text, into: scratch.levels)
            try TextAnalysis.scripts(text, into: scratch.scripts)
            return try LineBreaker.opportunities(
                text, offsets: scratch.breakOffsets, mandatory: scratch.breakMandatory)
        }
        let levels = scratch.levels
        let scripts = scratch.scripts
        let unitFlags = scratch.unitFlags
        unitFlags.initialize(repeating: 0, count: n + 1)

        // One walk over the grapheme clusters: where each starts, its face, bidi level, script
        // (Common/Inherited resolved below from a neighbour) and whether it is hanging whitespace.
        let graphemes = scratch.graphemes
        let faceOf = scratch.faceOf
        let levelOf = scratch.levelOf
        let scriptOf = scratch.scriptOf
        let isWhitespace = scratch.isWhitespace
        let primary = font.face.handle
        graphemes[0] = 0
        var graphemeCount = 0
        var start = 0
        // The UTF-8 offset of `start` in `content`: a `String.Index` is formed only for a
        // cluster that takes the `Character` path.
        var utf8Offset = 0
        while start < n {
            let unit = utf16[start]
            // An ASCII code point other than CR followed by another ASCII code point (or the
            // end) is a grapheme cluster of its own (UAX #29: nothing ASCII extends, joins or
            // prepends; only CR LF pairs): no `Character` is formed for it, one face lookup.
            if unit < 0x80 && unit != 0x0D
                && (start + 1 == n || utf16[start + 1] < 0x80 || Itemizer.isSimpleBase(utf16[start + 1]))
            {
                unitFlags[start] = Itemizer.graphemeStart
                faceOf[graphemeCount] =
                    ts_face_covers(primary, UInt32(unit)) != 0
                    ? 0 : Int32(truncatingIfNeeded: fontIndex(for: Character(Unicode.Scalar(UInt8(unit)))))
                levelOf[graphemeCount] = levels[start]
                scriptOf[graphemeCount] = scripts[start] > 1 ? scripts[start] : -1
                isWhitespace[graphemeCount] = unit == 0x20 || (unit >= 0x09 && unit <= 0x0D)
                utf8Offset += 1
                start += 1
                graphemeCount += 1
                graphemes[graphemeCount] = Int32(truncatingIfNeeded: start)
                continue
            }
            // A simple base (`isSimpleBase`) followed by ASCII, another simple base or the end
            // is a grapheme cluster of its own too: no `Character` is formed for it either.
            if Itemizer.isSimpleBase(unit)
                && (start + 1 == n || utf16[start + 1] < 0x80 || Itemizer.isSimpleBase(utf16[start + 1]))
            {
                let scalar = Unicode.Scalar(UInt32(unit)) ?? "\u{FFFD}"
                unitFlags[start] = Itemizer.graphemeStart
                let covered = ts_face_covers(primary, UInt32(unit)) != 0
                faceOf[graphemeCount] = covered ? 0 : fontIndex(ofSimpleBase: scalar)
                levelOf[graphemeCount] = levels[start]
                scriptOf[graphemeCount] = scripts[start] > 1 ? scripts[start] : -1
                isWhitespace[graphemeCount] = Itemizer.isHangingWhitespace(scalar)
                utf8Offset += unit < 0x800 ? 2 : 3
                start += 1
                graphemeCount += 1
                graphemes[graphemeCount] = Int32(truncatingIfNeeded: start)
                continue
            }
            let character = content[content.utf8.index(content.startIndex, offsetBy: utf8Offset)]
            utf8Offset += character.utf8.count
            let end = start + character.utf16.count
            unitFlags[start] = Itemizer.graphemeStart
            faceOf[graphemeCount] = Int32(truncatingIfNeeded: fontIndex(for: character))
            levelOf[graphemeCount] = levels[start]
            var script: Int32 = -1
            for unit in start..<end where scripts[unit] > 1 {
                script = scripts[unit]
                break
            }
            scriptOf[graphemeCount] = script
            isWhitespace[graphemeCount] = character.unicodeScalars.allSatisfy(Itemizer.isHangingWhitespace)
            start = end
            graphemeCount += 1
            graphemes[graphemeCount] = Int32(truncatingIfNeeded: end)
        }
        if !fontRunEnds.isEmpty {
            applyFontRuns(content, base: base, graphemes: graphemes, faceOf: faceOf, count: graphemeCount)
        }
        var lastScript: Int32 = -1
        for g in 0..<graphemeCount {
            if scriptOf[g] >= 0 { lastScript = scriptOf[g] } else if lastScript >= 0 { scriptOf[g] = lastScript }
        }
        var firstReal: Int32 = 0
        for g in 0..<graphemeCount where scriptOf[g] >= 0 {
            firstReal = scriptOf[g]
            break
        }
        for g in 0..<graphemeCount where scriptOf[g] < 0 { scriptOf[g] = firstReal }

        // Runs: maximal grapheme sequences of one face, level and script. Shape each.
        let advanceAt = scratch.advanceAt
        advanceAt.initialize(repeating: 0, count: n + 1)
        var anyUnsafe = false
        var glyphs: [CachedGlyph] = []
        if !keepsRuns { glyphs.reserveCapacity(n + 4) }
        var runStart = 0
        var runCount = 0
        for g in 1...graphemeCount {
            if g < graphemeCount && scratch.sameRun(g, runStart) { continue }
            let range = Int(graphemes[runStart])..<Int(graphemes[g])
            let font = fonts[Int(faceOf[runStart])]
            unitFlags[range.lowerBound] |= Itemizer.clusterStart
            if keepsRuns {
                // Every glyph kept: the run shaped whole (the cache keeps only advances).
                let run = try Shaper.shape(
                    utf16, range: range, base: base, font: font, bidiLevel: levelOf[runStart],
                    script: scriptOf[runStart], kerning: kerning, ligatures: ligatures)
                for glyph in run.glyphs {
                    let relative = glyph.cluster - base
                    advanceAt[relative] += glyph.advance
                    unitFlags[relative] |= Itemizer.clusterStart
                    if glyph.isUnsafeToBreak {
                        unitFlags[relative] |= Itemizer.unsafeToBreak
                        anyUnsafe = true
                    }
                }
                runs.append(run)
            } else {
                glyphs.removeAll(keepingCapacity: true)
                try shapeRun(
                    utf16, range: range, face: font.face, bidiLevel: levelOf[runStart], script: scriptOf[runStart],
                    scratch: scratch,
                    isolatedBefore: runStart == 0 || scriptOf[runStart - 1] != scriptOf[runStart],
                    isolatedAfter: g == graphemeCount || scriptOf[g] != scriptOf[runStart], into: &glyphs)
                let scale = font.pointsPerUnit
                for glyph in glyphs {
                    let relative = glyph.cluster
                    advanceAt[relative] += Double(glyph.advance) * scale
                    unitFlags[relative] |= Itemizer.clusterStart
                    if glyph.isUnsafeToBreak {
                        unitFlags[relative] |= Itemizer.unsafeToBreak
                        anyUnsafe = true
                    }
                }
            }
            runStart = g
            runCount += 1
        }

        // Clusters: grapheme clusters, merged where HarfBuzz joined them (ligatures). Each
        // cluster's advance is summed, then closed into the prefix sums and content ends.
        let clusterStarts = scratch.clusterStarts
        let fontIndex = scratch.fontIndex
        let prefix = scratch.prefix
        let contentEnd = scratch.contentEnd
        prefix[0] = 0
        contentEnd[0] = 0
        var count = 0
        var width = 0.0
        var white = false
        var singleFont = faceOf[0]
        for g in 0..<graphemeCount {
            let start = Int(graphemes[g])
            // Tracking ('trak', per font) goes where letter spacing goes: after the cluster.
            var advance = letterSpacing + fonts[Int(faceOf[g])].tracking
            for unit in start..<Int(graphemes[g + 1]) { advance += advanceAt[unit] }
            if g == 0 || unitFlags[start] & Itemizer.clusterStart != 0 {
                if g > 0 {
                    // Closes the cluster summed so far. Negative letter spacing can pull a
                    // cluster back past its own origin; a cluster never takes less than no
                    // room, so line widths stay monotonic and never negative.
                    prefix[count] = prefix[count - 1] + (width < 0 ? 0 : width)
                    contentEnd[count] = white ? contentEnd[count - 1] : Int32(truncatingIfNeeded: count)
                }
                clusterStarts[count] = Int32(truncatingIfNeeded: start)
                fontIndex[count] = faceOf[g]
                if faceOf[g] != singleFont { singleFont = -1 }
                count += 1
                width = advance
                white = isWhitespace[g]
            } else {
                width += advance
                white = white && isWhitespace[g]
            }
        }
        prefix[count] = prefix[count - 1] + (width < 0 ? 0 : width)
        contentEnd[count] = white ? contentEnd[count - 1] : Int32(truncatingIfNeeded: count)
        clusterStarts[count] = Int32(truncatingIfNeeded: n)

        // Break opportunities (UAX #14) that fall on cluster boundaries: both ascend, so one
        // walk pairs them.
        let breaks = scratch.breaks
        let mandatory = scratch.mandatory
        var breakTotal = 0
        var cluster = 0
        for k in 0..<breakCount {
            let offset = scratch.breakOffsets[k]
            while clusterStarts[cluster] < offset { cluster += 1 }
            guard clusterStarts[cluster] == offset, cluster > 0, cluster < count else { continue }
            breaks[breakTotal] = Int32(truncatingIfNeeded: cluster)
            mandatory[breakTotal] = scratch.breakMandatory[k] != 0
            breakTotal += 1
        }
        breaks[breakTotal] = Int32(truncatingIfNeeded: count)
        mandatory[breakTotal] = true
        breakTotal += 1
        var unsafeBefore: [Bool] = []
        if anyUnsafe {
            let flags = scratch.isWhitespace  // read above for the last time: reused
            for c in 0..<count { flags[c] = unitFlags[Int(clusterStarts[c])] & Itemizer.unsafeToBreak != 0 }
            unsafeBefore = Array(copying: flags, count: count)
        }
        let tabs = utf16.contains(0x09) ? (0..<count).filter { utf16[Int(clusterStarts[$0])] == 0x09 } : []
        // The paragraph's 32-bit tables in one array: cluster starts, content ends, break
        // opportunities, and the cluster fonts when they are not all one.
        let fontCount = singleFont >= 0 ? 0 : count
        var shared: [Int32] = []
        shared.reserveCapacity(2 * (count + 1) + breakTotal + fontCount)
        shared.append(contentsOf: UnsafeBufferPointer(start: clusterStarts, count: count + 1))
        shared.append(contentsOf: UnsafeBufferPointer(start: contentEnd, count: count + 1))
        shared.append(contentsOf: UnsafeBufferPointer(start: breaks, count: breakTotal))
        shared.append(contentsOf: UnsafeBufferPointer(start: fontIndex, count: fontCount))
        return try PreparedParagraph(
            base: base, clusterStarts: CompactIndices(shared: shared, offset: 0, count: count + 1),
            prefix: Array(copying: prefix, count: count + 1),
            contentEnd: CompactIndices(shared: shared, offset: count + 1, count: count + 1),
            fontIndex: CompactIndices(shared: shared, offset: 2 * (count + 1) + breakTotal, count: fontCount),
            count: count, singleFont: Int(singleFont),
            breaks: CompactIndices(shared: shared, offset: 2 * (count + 1), count: breakTotal),
            mandatory: Array(copying: mandatory, count: breakTotal), unsafeBefore: unsafeBefore,
            runs: anyUnsafe ? runInfos(scratch, graphemeCount: graphemeCount, runCount: runCount) : [],
            utf16: utf16, fonts: fonts, kerning: kerning, ligatures: ligatures, letterSpacing: letterSpacing,
            tabs: tabs)
    }

    /// The paragraph's runs (maximal grapheme sequences of one face, level and script), as
    /// `prepare` shaped them: kept only by a paragraph with an unsafe boundary.
    private func runInfos(_ scratch: ParagraphScratch, graphemeCount: Int, runCount: Int) -> [RunInfo] {
        var runs: [RunInfo] = []
        runs.reserveCapacity(runCount)
        var runStart = 0
        for g in 1...graphemeCount {
            if g < graphemeCount && scratch.sameRun(g, runStart) { continue }
            runs.append(
                RunInfo(
                    range: Int(scratch.graphemes[runStart])..<Int(scratch.graphemes[g]),
                    fontIndex: Int(scratch.faceOf[runStart]), bidiLevel: scratch.levelOf[runStart],
                    script: scratch.scriptOf[runStart]))
            runStart = g
        }
        return runs
    }
}
