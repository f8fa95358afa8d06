internal import CTextShim

/// A place where a line may end: UAX #14 line breaking, through ICU's line break iterator.
public struct BreakOpportunity: Hashable, Sendable {
    /// The UTF-16 offset where the next line would start.
    public var offset: Int
    /// Whether the line must end here (after a hard break such as U+000A, U+000B, U+2028).
    public var isMandatory: Bool

    /// Creates an opportunity.
    public init(offset: Int, isMandatory: Bool) {
        self.offset = offset
        self.isMandatory = isMandatory
    }
}

/// Finds line break opportunities (UAX #14).
public enum LineBreaker {
    /// The break opportunities of `text`, in UTF-16 offsets: every offset after which a line
    /// may end, excluding 0 and including the end of a non-empty text.
    ///
    /// - Parameter locale: an ICU locale for tailorings (for example "ja" for strict kinsoku); empty for the root rules.
    public static func breakOpportunities(in text: String, locale: String = "") throws(TypesettingError)
        -> [BreakOpportunity]
    {
        try breakOpportunities(utf16: Array(text.utf16), locale: locale)
    }

    /// The break opportunities of UTF-16 text; see `breakOpportunities(in:locale:)`.
    public static func breakOpportunities(utf16: [UInt16], locale: String = "") throws(TypesettingError)
        -> [BreakOpportunity]
    {
        var result: [BreakOpportunity] = []
        try forEachOpportunity(utf16: utf16, locale: locale) {
            result.append(BreakOpportunity(offset: $0, isMandatory: $1))
        }
        return result
    }

    /// Calls `body` with each break opportunity of `utf16` in order (offset, whether mandatory),
    /// without collecting them.
    static func forEachOpportunity(
        utf16: [UInt16], locale: String = "", _ body: (Int, Bool) -> Void
    ) throws(TypesettingError) {
        if utf16.isEmpty { return }
        var offsets = [Int32](repeating: 0, count: utf16.count + 1)
        var mandatory = [UInt8](repeating: 0, count: utf16.count + 1)
        let count = utf16.withUnsafeBufferPointer { text in
            offsets.withUnsafeMutableBufferPointer { offsets in
                mandatory.withUnsafeMutableBufferPointer { mandatory in
                    ts_line_breaks(
                        text.baseAddress, Int32(text.count), locale, offsets.baseAddress, mandatory.baseAddress,
                        Int32(offsets.count))
                }
            }
        }
        guard count >= 0 else { throw .textAnalysisFailed("ICU line break iterator failed") }
        for index in 0..<Int(count) { body(Int(offsets[index]), mandatory[index] != 0) }
    }

    /// The break opportunities of non-empty `text` with the root rules, written to `offsets`
    /// and `mandatory` (room for `text.count + 1` each); returns how many there are. The
    /// locale is a literal, so no C string is made per call.
    static func opportunities(
        _ text: UnsafeBufferPointer<UInt16>, offsets: UnsafeMutablePointer<Int32>,
        mandatory: UnsafeMutablePointer<UInt8>
    ) throws(TypesettingError) -> Int {
        let count = ts_line_breaks(
            text.baseAddress, Int32(text.count), "", offsets, mandatory, Int32(text.count + 1))
        guard count >= 0 else { throw .textAnalysisFailed("ICU line break iterator failed") }
        return Int(count)
    }
}
