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

/// The characters of a face that lines for comparing the engine with `hb_shape` are drawn
/// from (the `shaping` fuzz target, `ExactShapingTests`).
package struct CharacterPools: Sendable {
    /// Letters of the script with the most letters in the character map.
    package var letters: [Unicode.Scalar] = []
    /// Combining marks.
    package var marks: [Unicode.Scalar] = []
    /// Every mapped character but controls, line or paragraph separators and surrogates.
    package var all: [Unicode.Scalar] = []

    /// The pools of `characters` (a face's `characters`).
    package init(_ characters: [Unicode.Scalar]) {
        var byScript: [String: [Unicode.Scalar]] = [:]
        for scalar in characters {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: continue
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
                byScript[UnicodeScript.name(of: scalar), default: []].append(scalar)
            case .nonspacingMark, .spacingMark, .enclosingMark:
                marks.append(scalar)
            default: break
            }
            all.append(scalar)
        }
        letters =
            byScript.filter { $0.key != "Zyyy" && $0.key != "Zinh" }
            .max { $0.value.count != $1.value.count ? $0.value.count < $1.value.count : $0.key > $1.key }?
            .value ?? all
    }

    /// A line of 1 to 40 characters: letters (45 in 100), marks (15), spaces (25) and any
    /// mapped character (15).
    package func line(_ random: inout SplitMix64) -> String {
        var line = String.UnicodeScalarView()
        guard !all.isEmpty else { return "" }
        for _ in 0..<(1 + random.next(40)) {
            let roll = random.next(20)
            if roll < 9, !letters.isEmpty {
                line.append(letters[random.next(letters.count)])
            } else if roll < 12, !marks.isEmpty {
                line.append(marks[random.next(marks.count)])
            } else if roll < 17 {
                line.append(" ")
            } else {
                line.append(all[random.next(all.count)])
            }
        }
        return String(line)
    }
}

/// SplitMix64: a small seeded generator, so that a fuzz input or a test's seed always gives
/// the same lines.
package struct SplitMix64: Sendable {
    private var state: UInt64

    /// A generator seeded from `seed`'s bytes.
    package init<Bytes: Collection>(_ seed: Bytes) where Bytes.Element == UInt8 {
        state = 0x9E37_79B9_7F4A_7C15
        for byte in seed { state = (state ^ UInt64(byte)) &* 0x100_0000_01B3 }
    }

    /// A number in `0..<bound` (0 when `bound` is below 1).
    package mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(max(bound, 1)))
    }
}
