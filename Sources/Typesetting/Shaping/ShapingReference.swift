internal import CTextShim

extension PreparedText {
    /// `text` prepared as `init` prepares it (the same paragraphs, runs, fonts and clusters),
    /// with every run shaped whole by `hb_shape` alone: no cut, no cache, no simple path. The
    /// widths the engine must equal; the `shaping` fuzz target and `ExactShapingTests` compare
    /// them.
    package static func harfBuzzReference(
        _ text: String, font: Font, registry: FontRegistry = .shared, kerning: Bool = true, ligatures: Bool = true
    ) throws(TypesettingError) -> PreparedText {
        try PreparedText(
            text, font: font, letterSpacing: 0, kerning: kerning, ligatures: ligatures, language: nil,
            registry: registry, shapingCache: nil, fontRuns: [], harfBuzzOnly: true)
    }
}

extension FontFace {
    /// The code points the face's character map lists, ascending.
    package var characters: [Unicode.Scalar] {
        let count = Int(ts_face_code_points(handle, nil, 0))
        var codePoints = [UInt32](repeating: 0, count: count)
        let written = codePoints.withUnsafeMutableBufferPointer {
            Int(ts_face_code_points(handle, $0.baseAddress, Int32(count)))
        }
        return codePoints.prefix(min(written, count)).compactMap(Unicode.Scalar.init)
    }
}

/// The Unicode script of a code point, as the itemizer reads it (ICU).
package enum UnicodeScript {
    /// The ISO 15924 code of `scalar`'s script ("Latn", "Beng"; "Zyyy" Common, "Zinh" Inherited).
    package static func name(of scalar: Unicode.Scalar) -> String {
        let units = Array(String(scalar).utf16)
        let codes = (try? TextAnalysis.scripts(units)) ?? []
        return Shaper.scriptName(codes.first ?? 0)
    }
}
