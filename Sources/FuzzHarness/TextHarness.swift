import Controls
import Typesetting

/// Fuzz target 1: the text API with random Unicode at random widths, line limits, line
/// break modes and fonts (the bundled families and their fallback).
///
/// Invariants: measured width and height are finite and not negative; non-empty text has at
/// least one line; no line is wider than the width unless it holds a single grapheme cluster
/// (or is the last, clipped line of `byClipping`); `measure` agrees with `layout`; the
/// label's intrinsic size is finite. Errors are allowed only where the API documents them.
package enum TextHarness {
    /// Code points chosen because text engines get them wrong: marks, joiners, bidi and
    /// zero-width controls, line and paragraph separators, surrogate replacements, emoji parts.
    static let tokens: [String] = [
        "a", "W", " ", "  ", "\t", "\n", "\r\n", "\r", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}",
        "\u{00A0}", "\u{202F}", "\u{3000}", "-", "\u{00AD}", "\u{2010}", "/", "…", ".", "?", "!",
        "\u{0301}", "\u{0308}", "\u{0323}", "\u{034F}", "\u{20DD}", "\u{1AB0}",
        "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{200E}", "\u{200F}", "\u{061C}",
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{FFFD}", "\u{FFFC}", "\u{FFFE}", "\u{FFFF}", "\u{E000}", "\u{10FFFF}", "\u{0000}", "\u{0007}", "\u{007F}",
        "ب", "سلام", "\u{0651}", "\u{064E}", "ﷺ", "א", "שָׁלוֹם", "\u{05B4}",
        "ก", "ที่", "\u{0E31}", "क", "क्ष", "\u{094D}", "\u{093F}", "ि",
        "日本", "語", "。", "「", "」", "한국", "\u{1100}\u{1161}\u{11A8}", "中文", "\u{3099}",
        "😀", "👍🏽", "👨‍👩‍👧‍👦", "🇫🇷", "🏳️‍🌈", "\u{FE0F}", "\u{FE0E}", "\u{1F3FB}", "❤", "#\u{FE0F}\u{20E3}",
        "\u{E0067}", "\u{E007F}", "ﬁ", "ﬀ", "Å", "A\u{030A}", "ǅ", "ß", "İ", "ŉ", "ᾯ",
        "\u{1D11E}", "𝔘", "\u{13000}", "\u{16FE4}", "\u{1BCA0}", "\u{E0001}", "\u{F8FF}",
        "https://example.com/a/very/long/path?query=1", "Donaudampfschifffahrtsgesellschaftskapitän",
        String(repeating: "x", count: 300), String(repeating: "\u{0301}", count: 200),
        String(repeating: "👍", count: 40), String(repeating: "\u{200D}", count: 100),
    ]

    static let widths: [Double] = [
        .infinity, 343, 100, 50, 20, 10, 5, 1, 0.5, 0.001, 1e-300, 1e6, 1e300, 375, 17, 2, 33.3,
    ]
    static let sizes: [Double] = [17, 1, 0.01, 12, 34, 100, 1000, 100_000, 0.5, 15]
    static let spacings: [Double] = [0, 1, -1, 0.5, -5, 50, 9999, -9999, 3]

    /// Decodes the text: a token from the table per byte below 0xC0, else a raw UTF-16 unit
    /// (lone surrogates included) from that byte's low bits and the next byte.
    static func text(from input: inout FuzzInput) -> String {
        var units: [UInt16] = []
        while !input.isAtEnd {
            let byte = input.byte()
            if byte < 0xC0 {
                units += tokens[Int(byte) % tokens.count].utf16
            } else {
                units.append(UInt16(byte & 0x3F) << 10 | UInt16(input.byte()) << 2 | UInt16(byte & 0x3))
            }
        }
        // Lone surrogates become U+FFFD here, as they do in any Swift String.
        return String(decoding: units, as: UTF16.self)
    }

    /// Runs one input; traps on a broken invariant.
    package static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let registry = FontRegistry.shared
        let families = registry.families
        let family = input.pick(families)
        let weight = input.pick(FontWeight.allCasesForFuzzing)
        let italic = input.bool()
        let size = input.pick(sizes)
        var options = LayoutOptions()
        options.width = input.pick(widths)
        options.numberOfLines = input.index(6)
        options.lineBreakMode = input.pick(LineBreakMode.allCases)
        options.lineSpacing = input.pick([0, 0, 4, 1000])
        options.lineHeightMultiple = input.pick([0, 0, 1.5, 0.1])
        options.includesTrailingEmptyLine = input.bool()
        let letterSpacing = input.pick(spacings)
        let language = input.pick([nil, "ja", "zh-Hans", "ko", "ar", "en", "x-bogus", "", "he-IL"])
        let cached = input.bool()
        let text = self.text(from: &input)

        let font: Font
        do {
            font = try registry.font(family, size: size, weight: weight, italic: italic)
        } catch {
            fatalError("the bundled family \(family) at \(size) pt failed: \(error)")
        }
        let prepared: PreparedText
        do {
            prepared = try PreparedText(
                text, font: font, letterSpacing: letterSpacing, language: language,
                shapingCache: cached ? .shared : nil)
        } catch {
            fatalError("preparing \(text.debugDescription) failed: \(error)")
        }
        let layout: TextLayout
        let measurement: TextMeasurement
        do {
            layout = try prepared.layout(options)
            measurement = try prepared.measure(options)
        } catch {
            fatalError("laying out \(text.debugDescription) with \(options) failed: \(error)")
        }
        check(layout, of: prepared, options: options)
        require(
            measurement == layout.measurement,
            "measure gave \(measurement), layout \(layout.measurement) for \(text.debugDescription) with \(options)")

        var label = Label(text: text, font: font)
        label.numberOfLines = options.numberOfLines
        label.lineBreakMode = options.lineBreakMode
        label.preferredMaxLayoutWidth = options.width.isFinite ? options.width : 0
        label.letterSpacing = letterSpacing
        do {
            let size = try label.intrinsicContentSize(scale: 2, prepared: prepared)
            require(
                size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0,
                "label intrinsic size \(size) for \(text.debugDescription)")
        } catch {
            fatalError("label intrinsic size of \(text.debugDescription) failed: \(error)")
        }
    }

    /// The layout invariants of the issue, for a layout of `text` made with `options`.
    package static func check(_ layout: TextLayout, of prepared: PreparedText, options: LayoutOptions) {
        let text = prepared.text
        let describe = { "\(text.debugDescription) with \(options)" }
        require(
            layout.width.isFinite && layout.height.isFinite && layout.width >= 0 && layout.height >= 0,
            "size \(layout.width) × \(layout.height) for \(describe())")
        if !text.isEmpty { require(layout.lineCount >= 1, "no lines for \(describe())") }
        if options.numberOfLines > 0 {
            require(layout.lineCount <= options.numberOfLines, "\(layout.lineCount) lines for \(describe())")
        }
        let utf16 = Array(text.utf16)
        // The text shaped run by run, only once a line needs it (shaping again is slow).
        var shapedRuns: [ShapedRun]?
        for (index, line) in layout.lines.enumerated() {
            require(
                line.width.isFinite && line.width >= 0 && line.height.isFinite && line.height >= 0,
                "line \(index) is \(line.width) × \(line.height) for \(describe())")
            for range in [line.range] + line.visibleRanges {
                require(
                    range.lowerBound >= 0 && range.upperBound <= utf16.count,
                    "line \(index) range \(range) outside the text for \(describe())")
            }
            guard line.width > options.width * (1 + 1e-9) + 1e-9 else { continue }
            // The last line of a clipped layout is cut at the edge by drawing, so it may be wider.
            if options.lineBreakMode == .byClipping && line.isTruncated { continue }
            // What the line draws: its visible text (without hanging whitespace) and the ellipsis.
            var content = ""
            for range in line.visibleRanges { content += String(decoding: utf16[range], as: UTF16.self) }
            let ellipsis = line.ellipsisOffset == nil ? 0 : 1
            // Clusters of default-ignorable or format characters alone (U+061C, U+200B…) have no
            // width; a line is not made narrower by breaking them off.
            let drawn = content.reversed().drop(while: \.isWhitespace).filter { !isInvisible($0) }
            let clusters = drawn.count + ellipsis
            guard clusters > 1 else { continue }
            // A ligature HarfBuzz made of several clusters (Arabic lam-alef) is not split either.
            let visible = line.visibleRanges.first ?? line.range
            let runs = shapedRuns ?? prepared.runs
            shapedRuns = runs
            require(
                ellipsis == 0
                    && (shapingClusters(in: visible, of: utf16, runs) <= 1
                        || !hasSafeBreak(in: visible, of: text, runs)),
                "line \(index) (\(content.debugDescription), \(clusters) clusters) is \(line.width) wide, over the width, for \(describe())"
            )
        }
    }
}

/// The number of HarfBuzz clusters of `runs` that start inside `range` of `utf16` (the
/// text), trailing whitespace left out.
func shapingClusters(in range: Range<Int>, of utf16: [UInt16], _ runs: [ShapedRun]) -> Int {
    var end = range.upperBound
    while end > range.lowerBound, let scalar = Unicode.Scalar(utf16[end - 1]), scalar.properties.isWhitespace {
        end -= 1
    }
    var starts = Set<Int>()
    for run in runs {
        for glyph in run.glyphs where glyph.cluster >= range.lowerBound && glyph.cluster < end {
            starts.insert(glyph.cluster)
        }
    }
    return starts.count
}

/// Whether every scalar of a cluster is default-ignorable, a format or a control character.
func isInvisible(_ cluster: Character) -> Bool {
    cluster.unicodeScalars.allSatisfy { scalar in
        let properties = scalar.properties
        return properties.isDefaultIgnorableCodePoint || properties.generalCategory == .format
            || properties.generalCategory == .control
    }
}

/// Whether some grapheme boundary strictly inside `range` (UTF-16) of `text` starts a glyph
/// of `runs` (the text shaped) that HarfBuzz does not mark unsafe to break before: a place a
/// line could be cut without reshaping across it. Without one, a run of clusters is as
/// unbreakable as one cluster.
func hasSafeBreak(in range: Range<Int>, of text: String, _ runs: [ShapedRun]) -> Bool {
    let utf16 = text.utf16
    var safeStarts = Set<Int>()
    for run in runs {
        for glyph in run.glyphs where !glyph.isUnsafeToBreak { safeStarts.insert(glyph.cluster) }
    }
    var index = text.startIndex
    while index < text.endIndex {
        let offset = utf16.distance(from: utf16.startIndex, to: index)
        if offset > range.lowerBound && offset < range.upperBound && safeStarts.contains(offset) { return true }
        if offset >= range.upperBound { break }
        index = text.index(after: index)
    }
    return false
}

extension FontWeight {
    /// The weights the harness picks from.
    static let allCasesForFuzzing: [FontWeight] = [.regular, .bold, .medium, .semibold, .light, .black]
}
