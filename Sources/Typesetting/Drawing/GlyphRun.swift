/// One glyph placed on a line, ready to draw.
public struct PositionedGlyph: Hashable, Sendable {
    /// The glyph id in its run's face.
    public var glyph: UInt32
    /// Where the glyph's origin is, in points right of the line's start (the pen position
    /// plus HarfBuzz's x offset).
    public var x: Double
    /// How far the glyph is raised above the baseline, in points (HarfBuzz's y offset, as for marks).
    public var y: Double
    /// The pen's advance after the glyph, in points (letter spacing included).
    public var advance: Double
    /// The UTF-16 offset, in the whole text, of the cluster the glyph draws (for "…", where it stands).
    public var cluster: Int
}

/// Glyphs of one font and direction, shaped again for drawing, in visual order.
public struct GlyphRun: Hashable, Sendable {
    /// The font the glyphs come from.
    public var font: Font
    /// The resolved bidi embedding level; odd is right to left.
    public var bidiLevel: UInt8
    /// The UTF-16 range of the text the run draws (empty for an ellipsis).
    public var range: Range<Int>
    /// Whether the run is the "…" of a truncated line.
    public var isEllipsis: Bool
    /// Where the run starts, in points right of the line's start.
    public var x: Double
    /// The sum of the run's advances, in points.
    public var width: Double
    /// The glyphs left to right, each placed from the line's start.
    public var glyphs: [PositionedGlyph]

    /// Whether the run reads right to left.
    public var isRightToLeft: Bool { bidiLevel & 1 == 1 }
}

extension PreparedText {
    /// The glyphs of one line of a layout of this text, left to right: each visible range is
    /// shaped again on its own (as the line's width was worked out), the runs are reordered
    /// by their bidi levels (UAX #9, rule L2), and a truncated line's "…" is shaped in the font
    /// next to it. Drawing is rare, so this re-itemizes the text; to draw many lines of one
    /// layout, use `glyphRuns(of:)` with the whole `TextLayout`.
    ///
    /// - Throws: `TypesettingError.textAnalysisFailed` when shaping fails.
    public func glyphRuns(of line: Line) throws(TypesettingError) -> [GlyphRun] {
        try LineDrawing(self).runs(of: line)
    }

    /// The glyphs of every line of `layout` (see `glyphRuns(of:)` for one line), itemizing once.
    ///
    /// - Throws: `TypesettingError.textAnalysisFailed` when shaping fails.
    public func glyphRuns(of layout: TextLayout) throws(TypesettingError) -> [[GlyphRun]] {
        let drawing = try LineDrawing(self)
        var result: [[GlyphRun]] = []
        result.reserveCapacity(layout.lines.count)
        for line in layout.lines { result.append(try drawing.runs(of: line)) }
        return result
    }
}

/// A prepared text itemized again (runs of one font, level and script), for drawing lines.
struct LineDrawing {
    /// A run of the text, or a piece of a line in logical order before it is shaped: part of
    /// one run, or the ellipsis.
    struct Piece {
        var range: Range<Int>
        var font: Font
        var bidiLevel: UInt8
        var script: Int32
        var isEllipsis: Bool
    }

    let text: PreparedText
    let utf16: [UInt16]
    /// The text's runs.
    let items: [Piece]

    init(_ text: PreparedText) throws(TypesettingError) {
        self.text = text
        utf16 = Array(text.text.utf16)
        var builder = Itemizer(
            font: text.font, registry: text.details.registry, letterSpacing: text.letterSpacing,
            kerning: text.kerning, ligatures: text.ligatures, language: text.language, cache: text.details.shapingCache,
            keepsRuns: true)
        _ = try PreparedText.analyse(text.text, with: &builder)
        items = builder.runs.map {
            Piece(
                range: $0.range, font: $0.font, bidiLevel: $0.bidiLevel, script: Shaper.scriptCode(named: $0.script),
                isEllipsis: false)
        }
    }

    func runs(of line: Line) throws(TypesettingError) -> [GlyphRun] {
        let visible = line.visibleRanges.filter { !$0.isEmpty && $0.upperBound <= utf16.count }
        var pieces: [Piece] = []
        var ellipsisIndex: Int?
        for range in visible {
            if let offset = line.ellipsisOffset, ellipsisIndex == nil, range.lowerBound == offset {
                ellipsisIndex = pieces.count
            }
            for item in items where item.range.overlaps(range) {
                var part = item
                part.range = max(item.range.lowerBound, range.lowerBound)..<min(item.range.upperBound, range.upperBound)
                pieces.append(part)
            }
            if let offset = line.ellipsisOffset, ellipsisIndex == nil, range.upperBound == offset {
                ellipsisIndex = pieces.count
            }
        }
        if let offset = line.ellipsisOffset {
            let index = ellipsisIndex ?? pieces.count
            // "…" takes the font and level of the piece it stands next to (as its width was measured).
            let neighbour = index > 0 ? pieces[index - 1] : pieces.first
            let font = neighbour.map(\.font) ?? text.font
            pieces.insert(
                Piece(
                    range: offset..<offset, font: font.face.covers("\u{2026}") ? font : text.fonts[0],
                    bidiLevel: neighbour?.bidiLevel ?? 0, script: 0, isEllipsis: true),
                at: index)
        }
        var runs: [GlyphRun] = []
        for piece in LineDrawing.visualOrder(pieces) {
            runs.append(try shape(piece, in: visible))
        }
        var x = 0.0
        for index in runs.indices {
            runs[index].x = x
            for g in runs[index].glyphs.indices { runs[index].glyphs[g].x += x }
            x += runs[index].width
        }
        return runs
    }

    /// Shapes one piece in the context of the visible range it lies in (the line's text, as
    /// line widths are measured), with letter spacing after each grapheme cluster.
    private func shape(_ piece: Piece, in visible: [Range<Int>]) throws(TypesettingError) -> GlyphRun {
        let context: Range<Int>
        let buffer: [UInt16]
        if piece.isEllipsis {
            context = piece.range.lowerBound..<piece.range.lowerBound
            buffer = [0x2026]
        } else {
            context = visible.first { $0.contains(piece.range.lowerBound) } ?? piece.range
            buffer = Array(utf16[context])
        }
        let local =
            piece.isEllipsis
            ? 0..<1 : (piece.range.lowerBound - context.lowerBound)..<(piece.range.upperBound - context.lowerBound)
        let raw = try Shaper.glyphs(
            buffer, range: local, face: piece.font.face, rightToLeft: piece.bidiLevel & 1 == 1, script: piece.script,
            kerning: text.kerning, ligatures: text.ligatures)
        let scale = piece.font.pointsPerUnit
        var advances = raw.map { Double($0.xAdvance) * scale }
        let spacing = text.letterSpacing + piece.font.tracking
        if spacing != 0 {
            // The spacing goes after the last glyph (in output order) of each grapheme cluster.
            var graphemeOf = [Int](repeating: 0, count: buffer.count + 1)
            var offset = 0
            for (index, character) in String(decoding: buffer, as: UTF16.self).enumerated() {
                let end = offset + character.utf16.count
                for unit in offset..<min(end, buffer.count) { graphemeOf[unit] = index }
                offset = end
            }
            var last: [Int: Int] = [:]
            for (index, glyph) in raw.enumerated() { last[graphemeOf[min(Int(glyph.cluster), buffer.count)]] = index }
            for index in last.values { advances[index] += spacing }
        }
        var glyphs: [PositionedGlyph] = []
        glyphs.reserveCapacity(raw.count)
        var pen = 0.0
        for (index, glyph) in raw.enumerated() {
            glyphs.append(
                PositionedGlyph(
                    glyph: glyph.glyph, x: pen + Double(glyph.xOffset) * scale, y: Double(glyph.yOffset) * scale,
                    advance: advances[index],
                    cluster: piece.isEllipsis ? piece.range.lowerBound : context.lowerBound + Int(glyph.cluster)))
            pen += advances[index]
        }
        return GlyphRun(
            font: piece.font, bidiLevel: piece.bidiLevel, range: piece.range, isEllipsis: piece.isEllipsis, x: 0,
            width: max(0, pen), glyphs: glyphs)
    }

    /// UAX #9 rule L2: from the highest level down to the lowest odd one, reverse every
    /// maximal sequence of pieces at that level or higher.
    static func visualOrder(_ pieces: [Piece]) -> [Piece] {
        guard let highest = pieces.map(\.bidiLevel).max(), highest > 0 else { return pieces }
        let lowestOdd = pieces.map(\.bidiLevel).filter { $0 & 1 == 1 }.min() ?? highest
        var ordered = pieces
        var level = highest
        while level >= max(lowestOdd, 1) {
            var start = 0
            while start < ordered.count {
                guard ordered[start].bidiLevel >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < ordered.count && ordered[end].bidiLevel >= level { end += 1 }
                ordered[start..<end].reverse()
                start = end
            }
            level -= 1
        }
        return ordered
    }
}
