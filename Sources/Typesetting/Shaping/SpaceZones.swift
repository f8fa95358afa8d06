internal import CTextShim

/// Where a run may be cut into parts that shape on their own exactly as in the whole run
/// (docs/typesetting.md, "Shaping and the cache"; pinned by `SpaceZoneTests`).
///
/// A run none of whose characters a lookup involving the space acts on (`ts_face_space_safe`)
/// is cut into words and the runs of spaces between them. Otherwise, in a run that HarfBuzz
/// shapes with its default shaper left to right, it is cut next to a space only where enough
/// counting characters (`ts_face_zone_class`) stand between that space and every zone centre
/// (a character that a rule able to match the space can take as input): a rule window that
/// crossed the cut would hold the space and such an input glyph, at most the centre's reach
/// apart in glyphs no such rule skips, and each counting character between them is one of
/// those glyphs. The parts around centres (the zones) shape whole.
enum SpaceZones {
    /// Scripts that HarfBuzz shapes with its default shaper (which reorders only marks and
    /// reads no text around the run): Common, Inherited, Cyrillic, Greek and Latin.
    private static let defaultShaped: [Bool] = (0..<256).map {
        ["Zyyy", "Zinh", "Cyrl", "Grek", "Latn"].contains(Shaper.scriptName(Int32($0)))
    }

    /// Whether runs of `script` may be cut around zones.
    static func cutsZones(_ script: Int32) -> Bool {
        script >= 0 && Int(script) < defaultShaped.count && defaultShaped[Int(script)]
    }

    /// The parts of `utf16[range]` (one face, direction and script) to shape one by one, in
    /// logical order: words and the runs of spaces between them where they may be cut, the
    /// whole run where they may not. `graphemeStart(i)` says whether a grapheme cluster starts
    /// at unit `i` (a cut is made only there).
    static func segments(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, rightToLeft: Bool, script: Int32,
        graphemeStart: (Int) -> Bool
    ) -> [Range<Int>] {
        var cuts = [Int32](repeating: 0, count: max(2, range.count + 1))
        let count = cuts.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map {
                SpaceZones.cuts(
                    utf16, range: range, face: face, rightToLeft: rightToLeft, script: script,
                    graphemeStart: graphemeStart, into: $0)
            } ?? 0
        }
        return (0..<max(0, count - 1)).map { Int(cuts[$0])..<Int(cuts[$0 + 1]) }
    }

    /// `segments(_:range:face:rightToLeft:script:graphemeStart:)` as the offsets where they
    /// start, then the run's end, written to `cuts` (room for `range.count + 1`): segment `i` is
    /// `cuts[i] ..< cuts[i + 1]`. Returns how many offsets it wrote (the segments, plus one).
    static func cuts(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, rightToLeft: Bool, script: Int32,
        graphemeStart: (Int) -> Bool, into cuts: UnsafeMutablePointer<Int32>
    ) -> Int {
        cuts[0] = Int32(truncatingIfNeeded: range.lowerBound)
        cuts[1] = Int32(truncatingIfNeeded: range.upperBound)
        guard ts_face_space_safe(face.handle, 0x20) != 0 else { return 2 }
        var allSafe = true
        var i = range.lowerBound
        while i < range.upperBound {
            let (scalar, width) = scalarAt(utf16, i, end: range.upperBound)
            if ts_face_space_safe(face.handle, scalar) == 0 {
                allSafe = false
                break
            }
            i += width
        }
        let reach = allSafe ? 0 : Int(ts_face_zone_reach(face.handle))
        if !allSafe && (reach <= 0 || rightToLeft || !cutsZones(script)) { return 2 }
        // For zones: the number of counting characters before each unit of the run, and the
        // centres with the counts that must stand between them and a space to their left
        // and right.
        var counted: [Int32] = []
        var centres: [(range: Range<Int>, left: Int, right: Int)] = []
        if !allSafe {
            counted.reserveCapacity(range.count + 1)
            var total: Int32 = 0
            i = range.lowerBound
            while i < range.upperBound {
                let (scalar, width) = scalarAt(utf16, i, end: range.upperBound)
                let zoneClass = ts_face_zone_class(face.handle, scalar)
                if zoneClass & 0x200 != 0 { return 2 }
                for _ in 0..<width { counted.append(total) }
                if zoneClass & 0x100 != 0 { total += 1 }
                if zoneClass & 0xFF != 0 {
                    centres.append((i..<(i + width), Int(zoneClass >> 4 & 15), Int(zoneClass & 15)))
                }
                i += width
            }
            counted.append(total)
        }
        // Counting characters in `utf16[from ..< to]`.
        func count(_ from: Int, _ to: Int) -> Int {
            Int(counted[to - range.lowerBound] - counted[from - range.lowerBound])
        }
        // Whether a cut next to the space at `space` leaves every centre out of reach; the
        // centres from `after` on lie after it.
        func outOfReach(_ space: Int, after: Int) -> Bool {
            var j = after - 1
            while j >= 0 {
                let between = count(centres[j].range.upperBound, space)
                if between >= reach { break }
                if between < centres[j].right { return false }
                j -= 1
            }
            j = after
            while j < centres.count {
                let between = count(space + 1, centres[j].range.lowerBound)
                if between >= reach { break }
                if between < centres[j].left { return false }
                j += 1
            }
            return true
        }
        var written = 1
        var nextCentre = 0
        i = range.lowerBound + 1
        while i < range.upperBound {
            // Words and the spaces between them are segments of their own, so that a word
            // is one entry whether a space, a comma's word or the text's end follows it.
            defer { i += 1 }
            guard (utf16[i - 1] == 0x20) != (utf16[i] == 0x20) && graphemeStart(i) else { continue }
            // A mark that starts a grapheme cluster after a space (Ahom's and Myanmar's vowel
            // signs, which UAX #29 leaves out of SpacingMark) shapes differently at the start of
            // a buffer: syllabic shapers give it a dotted circle there, and not after the space.
            if utf16[i] != 0x20 && ts_normalization_class(scalarAt(utf16, i, end: range.upperBound).0) & 1 != 0 {
                continue
            }
            // A lone space that carries a mark is the base of a syllable in a syllabic shaper,
            // which may move part of the mark before it (Siddham's vowel sign AU puts its
            // E before the space), next to the word before: no cut before such a space.
            if utf16[i] == 0x20 && i + 1 < range.upperBound && utf16[i + 1] != 0x20
                && ts_normalization_class(scalarAt(utf16, i + 1, end: range.upperBound).0) & 1 != 0
            {
                continue
            }
            if !allSafe {
                let space = utf16[i - 1] == 0x20 ? i - 1 : i
                while nextCentre < centres.count && centres[nextCentre].range.upperBound <= space { nextCentre += 1 }
                if !outOfReach(space, after: nextCentre) { continue }
            }
            cuts[written] = Int32(truncatingIfNeeded: i)
            written += 1
        }
        cuts[written] = Int32(truncatingIfNeeded: range.upperBound)
        if written > 1 && !normalizesAlike(utf16, cuts: cuts, count: written + 1) {
            cuts[1] = Int32(truncatingIfNeeded: range.upperBound)
            return 2
        }
        return written + 1
    }

    /// Whether HarfBuzz's normalization treats every segment (`cuts[i] ..< cuts[i + 1]`) as it
    /// treats it in the whole run. HarfBuzz reorders marks and recomposes what it decomposed
    /// only in a buffer with a mark after its first code point (`ts_normalization_class`): when
    /// the run has one, a segment without must hold no character with a canonical
    /// decomposition, which HarfBuzz may have decomposed (Noto Serif Balinese's "ᬈ" in "ᬈ ᬽ",
    /// `ExactShapingTests.testBalineseVowelComposesAsInTheWholeLine`).
    static func normalizesAlike(_ utf16: [UInt16], cuts: UnsafeMutablePointer<Int32>, count: Int) -> Bool {
        let start = Int(cuts[0])
        let end = Int(cuts[count - 1])
        var runHasMark = false
        var segment = 0
        // Per segment: a mark after its first code point; a character that decomposes.
        var segmentHasMark = false
        var segmentDecomposes = false
        var firstOfSegment = true
        var refused = false
        var i = start
        while i < end {
            while i >= Int(cuts[segment + 1]) {
                if !segmentHasMark && segmentDecomposes { refused = true }
                segment += 1
                segmentHasMark = false
                segmentDecomposes = false
                firstOfSegment = true
            }
            let unit = utf16[i]
            // Nothing below U+00C0 decomposes, and no mark comes before U+0300.
            if unit < 0xC0 {
                firstOfSegment = false
                i += 1
                continue
            }
            let (scalar, width) = scalarAt(utf16, i, end: end)
            let normalization = ts_normalization_class(scalar)
            if normalization & 1 != 0 {
                if i > start { runHasMark = true }
                if !firstOfSegment { segmentHasMark = true }
            }
            if normalization & 2 != 0 { segmentDecomposes = true }
            firstOfSegment = false
            i += width
        }
        if !segmentHasMark && segmentDecomposes { refused = true }
        return !(runHasMark && refused)
    }

    /// The code point at `utf16[i]` and its width in units (a lone surrogate stands for itself).
    @inline(__always)
    private static func scalarAt(_ utf16: [UInt16], _ i: Int, end: Int) -> (UInt32, Int) {
        let unit = UInt32(utf16[i])
        if unit & 0xFC00 == 0xD800, i + 1 < end, utf16[i + 1] & 0xFC00 == 0xDC00 {
            return (0x10000 + ((unit - 0xD800) << 10) + (UInt32(utf16[i + 1]) - 0xDC00), 2)
        }
        return (unit, 1)
    }
}
