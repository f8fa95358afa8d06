/// Everything that can go wrong while finding fonts, preparing text or laying it out.
///
/// Each case names what was wrong and, where it helps, what is allowed.
public enum TypesettingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No family, PostScript name or file matched `name`; `available` lists the known families.
    case fontNotFound(name: String, available: [String])
    /// The file at `path` could not be read as a font; `reason` says why.
    case unreadableFont(path: String, reason: String)
    /// A font directory or file to add does not exist.
    case fontPathNotFound(path: String)
    /// A width was negative, zero, NaN or otherwise unusable. Allowed: a finite number > 0, or unbounded.
    case invalidWidth(Double)
    /// A control's width leaves no room for text once its insets or padding (`reserved`, in
    /// points) are taken off; `rule` names what the width must exceed.
    case widthTooNarrow(width: Double, reserved: Double, rule: String)
    /// A font size was not a finite number > 0.
    case invalidFontSize(Double)
    /// `numberOfLines` was negative. Allowed: 0 (unlimited) or more.
    case invalidNumberOfLines(Int)
    /// A scale was not one of the screen scales 1, 2 or 3.
    case invalidScale(Double)
    /// A paragraph-style value (`name`) was out of range; `allowed` describes the range.
    case invalidParameter(name: String, value: Double, allowed: String)
    /// ICU or HarfBuzz failed unexpectedly while analysing text.
    case textAnalysisFailed(String)

    /// A sentence naming what was wrong and what is allowed.
    public var description: String {
        switch self {
        case .fontNotFound(let name, let available):
            return "unknown font '\(name)'; available families: \(available.joined(separator: ", "))"
        case .unreadableFont(let path, let reason):
            return "cannot read font file '\(path)': \(reason)"
        case .fontPathNotFound(let path):
            return "no font file or directory at '\(path)'"
        case .widthTooNarrow(let width, let reserved, let rule):
            return "invalid width \(PixelGrid.format(width)): \(rule) (\(PixelGrid.format(reserved)) pt)"
        case .invalidWidth(let width):
            return "invalid width \(width): a width must be a finite number greater than 0"
        case .invalidFontSize(let size):
            return "invalid font size \(size): a size must be greater than 0 and at most 100000 points"
        case .invalidNumberOfLines(let lines):
            return "invalid number of lines \(lines): use 0 for unlimited, or a positive count"
        case .invalidScale(let scale):
            return "invalid scale \(scale): allowed scales are 1, 2 and 3"
        case .invalidParameter(let name, let value, let allowed):
            return "invalid \(name) \(value): allowed \(allowed)"
        case .textAnalysisFailed(let detail):
            return "text analysis failed: \(detail)"
        }
    }
}
