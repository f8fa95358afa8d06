internal import CTextShim

/// A stretch of a text set in its own font: what an attributed string's `.font` attribute
/// gives one of its ranges (an Interface Builder `<fragment>`).
///
/// A prepared text's font runs follow one another from the text's start, each `length` UTF-16
/// code units long; text past the last run is set in the primary font. A grapheme cluster is
/// set in the font of the run its first code unit falls in when that font's face covers it,
/// else in a fallback face (at the primary font's size), as for the primary font.
public struct FontRun: Hashable, Sendable {
    /// How many UTF-16 code units of the text the run covers.
    public var length: Int
    /// The font the run is set in.
    public var font: Font

    /// A run of `length` UTF-16 code units set in `font`.
    public init(length: Int, font: Font) {
        self.length = length
        self.font = font
    }

    /// The runs of consecutive strings, each set in its font: `[("Use ", regular), ("CODE", bold)]`.
    public static func runs(_ pieces: [(text: String, font: Font)]) -> [FontRun] {
        pieces.map { FontRun(length: $0.text.utf16.count, font: $0.font) }
    }
}

extension Itemizer {
    /// Takes the font runs of the text about to be prepared.
    mutating func setFontRuns(_ runs: [FontRun]) throws(TypesettingError) {
        var end = 0
        for run in runs {
            guard run.length >= 0, run.length < Int(Int32.max) - end else {
                throw .invalidParameter(
                    name: "font run length", value: Double(run.length), allowed: "0 to 2³¹ − 1 UTF-16 units in all")
            }
            end += run.length
            let index: Int
            if let known = fonts.firstIndex(of: run.font) {
                index = known
            } else {
                fonts.append(run.font)
                index = fonts.count - 1
            }
            fontRunEnds.append(end)
            fontRunIndices.append(index)
        }
    }

    /// Sets each grapheme cluster of a paragraph (starting at `base` in the whole text) that a
    /// font run covers in that run's font, when its face has a glyph for every code point that
    /// needs one; other clusters keep the face the primary font's fallback gave them.
    func applyFontRuns(
        _ content: Substring, base: Int, graphemes: UnsafePointer<Int32>, faceOf: UnsafeMutablePointer<Int32>,
        count: Int
    ) {
        let utf16 = Array(content.utf16)
        var run = 0
        for g in 0..<count {
            let start = base + Int(graphemes[g])
            while run < fontRunEnds.count && fontRunEnds[run] <= start { run += 1 }
            guard run < fontRunEnds.count else { return }
            let index = fontRunIndices[run]
            guard Int(faceOf[g]) != index else { continue }
            let face = fonts[index].face
            let cluster = String(decoding: utf16[Int(graphemes[g])..<Int(graphemes[g + 1])], as: UTF16.self)
            let covered = cluster.unicodeScalars.allSatisfy {
                Itemizer.isIgnorable($0) || ts_face_covers(face.handle, $0.value) != 0
            }
            if covered { faceOf[g] = Int32(truncatingIfNeeded: index) }
        }
    }
}
