/// How a line that does not fit is wrapped or cut: `NSLineBreakMode`.
public enum LineBreakMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Wrap at word boundaries; a word longer than a line breaks between grapheme clusters.
    case byWordWrapping = "wordWrap"
    /// Wrap between any two grapheme clusters.
    case byCharWrapping = "charWrap"
    /// Wrap at words; the last line is cut at the edge without an ellipsis.
    case byClipping = "clip"
    /// Wrap at words; the last line shows "…" then the end of the text.
    case byTruncatingHead = "truncateHead"
    /// Wrap at words; the last line shows the start of the text then "…" (UILabel's default).
    case byTruncatingTail = "truncateTail"
    /// Wrap at words; the last line shows the start, "…", then the end.
    case byTruncatingMiddle = "truncateMiddle"
}

extension LineBreakMode {
    /// UIKit's name for the mode (`NSLineBreakMode`): `byTruncatingTail`. The CLI, batch lines,
    /// check specs and layout files all take it; the raw value (`truncateTail`) is its short alias.
    public var uikitName: String {
        switch self {
        case .byWordWrapping: "byWordWrapping"
        case .byCharWrapping: "byCharWrapping"
        case .byClipping: "byClipping"
        case .byTruncatingHead: "byTruncatingHead"
        case .byTruncatingTail: "byTruncatingTail"
        case .byTruncatingMiddle: "byTruncatingMiddle"
        }
    }

    /// Parses UIKit's name (`byTruncatingTail`) or the short alias (`truncateTail`); case does
    /// not matter. `VocabularyTests.testLineBreakModesTakeUIKitNamesEverywhere` pins
    /// every spelling on the command line, in batch lines, specs and layout files.
    public init?(parsing text: String) {
        let key = text.lowercased()
        guard
            let mode = LineBreakMode.allCases.first(where: {
                $0.uikitName.lowercased() == key || $0.rawValue.lowercased() == key
            })
        else { return nil }
        self = mode
    }

    /// The accepted names for messages: UIKit's, then the short aliases.
    public static var allowedNames: String {
        allCases.map(\.uikitName).joined(separator: ", ") + " (or " + allCases.map(\.rawValue).joined(separator: ", ")
            + ")"
    }
}

/// What a layout is asked for: a width, a line limit and paragraph-style values.
public struct LayoutOptions: Sendable, Hashable {
    /// The width lines must fit in, in points; `.infinity` for unbounded.
    public var width: Double
    /// The most lines to show; 0 means unlimited (`UILabel.numberOfLines`).
    public var numberOfLines: Int
    /// How to wrap and truncate.
    public var lineBreakMode: LineBreakMode
    /// Extra space between lines, in points (`NSParagraphStyle.lineSpacing`); not added after the last line.
    public var lineSpacing: Double
    /// Multiplies each line's natural height when > 0 (`NSParagraphStyle.lineHeightMultiple`).
    public var lineHeightMultiple: Double
    /// Whether a text that ends with a hard break gets an empty last line (as in a text view,
    /// where the caret sits there), or not (as in a label).
    public var includesTrailingEmptyLine: Bool
    /// Whether each line's height includes the font's line gap (hhea lineGap, `UIFont.leading`):
    /// true for text views and plain layout; labels and button titles set it false, since UIKit
    /// sets their lines at ascender − descender (`Label`, docs/system-font.md).
    public var includesLineGap: Bool

    /// Creates options; every argument has UIKit's default except `numberOfLines` (0 here: wrap).
    public init(
        width: Double = .infinity, numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineSpacing: Double = 0, lineHeightMultiple: Double = 0, includesTrailingEmptyLine: Bool = false,
        includesLineGap: Bool = true
    ) {
        self.includesLineGap = includesLineGap
        self.width = width
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.includesTrailingEmptyLine = includesTrailingEmptyLine
    }

    @inline(__always) func validated() throws(TypesettingError) -> LayoutOptions {
        guard !width.isNaN, width > 0 else { throw .invalidWidth(width) }
        guard numberOfLines >= 0 else { throw .invalidNumberOfLines(numberOfLines) }
        guard lineSpacing.isFinite, lineSpacing >= 0 else {
            throw .invalidParameter(name: "line spacing", value: lineSpacing, allowed: "a finite number ≥ 0")
        }
        guard lineHeightMultiple.isFinite, lineHeightMultiple >= 0 else {
            throw .invalidParameter(
                name: "line height multiple", value: lineHeightMultiple, allowed: "a finite number ≥ 0")
        }
        return self
    }
}

/// One laid-out line.
public struct Line: Sendable, Hashable {
    /// The UTF-16 range of the text the line stands for (for a truncated line, including the part replaced by "…").
    public var range: Range<Int>
    /// The UTF-16 ranges actually drawn: one range, or two around the ellipsis of a middle truncation.
    public var visibleRanges: [Range<Int>]
    /// The line's width in points, unrounded: trailing whitespace hangs and is not counted, the ellipsis is.
    public var width: Double
    /// The tallest ascender of the fonts on the line.
    public var ascent: Double
    /// The deepest descender (negative).
    public var descent: Double
    /// The largest line gap.
    public var leading: Double
    /// The line's height: `ascent − descent + leading`, times the line height multiple if set.
    public var height: Double
    /// Where "…" was inserted, if the line was truncated with an ellipsis (UTF-16 offset).
    public var ellipsisOffset: Int?
    /// Whether text was cut from this line (ellipsis or clipping).
    public var isTruncated: Bool
}

/// The result of laying out a prepared text at a width.
public struct TextLayout: Sendable, Hashable {
    /// The lines, top to bottom.
    public var lines: [Line]
    /// The width of the widest line, unrounded.
    public var width: Double
    /// The total height, unrounded: the sum of line heights plus line spacing between lines.
    public var height: Double
    /// Whether text did not fit: lines were cut by `numberOfLines` or by clipping.
    public var isTruncated: Bool

    /// The number of lines.
    public var lineCount: Int { lines.count }

    /// The size raised to the pixel grid of `scale`, as UIKit reports intrinsic sizes.
    public func size(scale: Double) -> (width: Double, height: Double) { measurement.size(scale: scale) }
}

/// The size of a layout without its lines: what `PreparedText.measure(_:)` returns.
public struct TextMeasurement: Sendable, Hashable {
    /// The width of the widest line, unrounded.
    public var width: Double
    /// The total height, unrounded: the sum of line heights plus line spacing between lines.
    public var height: Double
    /// The number of lines.
    public var lineCount: Int
    /// Whether text did not fit: lines were cut by `numberOfLines` or by clipping.
    public var isTruncated: Bool

    /// Makes a measurement.
    public init(width: Double, height: Double, lineCount: Int, isTruncated: Bool) {
        self.width = width
        self.height = height
        self.lineCount = lineCount
        self.isTruncated = isTruncated
    }

    /// The size raised to the pixel grid of `scale`, as UIKit reports intrinsic sizes.
    public func size(scale: Double) -> (width: Double, height: Double) {
        (PixelGrid.ceil(width, scale: scale), PixelGrid.ceil(height, scale: scale))
    }
}

extension TextLayout {
    /// The layout's size, line count and truncation.
    public var measurement: TextMeasurement {
        TextMeasurement(width: width, height: height, lineCount: lineCount, isTruncated: isTruncated)
    }
}
