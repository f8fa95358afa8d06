/// What the itemizer reads straight from code units, without forming a `Character`.
extension Itemizer {
    /// The UTF-16 code units of `content`, transcoded straight from its UTF-8 bytes (valid, as
    /// a Swift string's always are): the generic `Array(content.utf16)` walks them an index at
    /// a time. `PreparedTextIdentityTests` and the batch sample pin that nothing changes.
    static func utf16Units(_ content: Substring) -> [UInt16] {
        let transcoded = content.utf8.withContiguousStorageIfAvailable { bytes -> [UInt16] in
            // A UTF-8 sequence of n bytes is one UTF-16 unit, or two for n = 4: never more units
            // than bytes. Transcoded into temporary memory (on the stack for a short text), then
            // copied into an array of exactly their number: `Array(unsafeUninitializedCapacity:)`
            // costs a generic metadata lookup per call.
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: bytes.count) { units in
                var i = 0
                var n = 0
                while i < bytes.count {
                    let lead = UInt32(bytes[i])
                    if lead < 0x80 {
                        units[n] = UInt16(lead)
                        n += 1
                        i += 1
                    } else if lead < 0xE0 {
                        units[n] = UInt16(((lead & 0x1F) << 6) | (UInt32(bytes[i + 1]) & 0x3F))
                        n += 1
                        i += 2
                    } else if lead < 0xF0 {
                        units[n] = UInt16(
                            truncatingIfNeeded: ((lead & 0x0F) << 12) | ((UInt32(bytes[i + 1]) & 0x3F) << 6)
                                | (UInt32(bytes[i + 2]) & 0x3F))
                        n += 1
                        i += 3
                    } else {
                        let scalar =
                            ((lead & 0x07) << 18) | ((UInt32(bytes[i + 1]) & 0x3F) << 12)
                            | ((UInt32(bytes[i + 2]) & 0x3F) << 6) | (UInt32(bytes[i + 3]) & 0x3F)
                        let offset = scalar - 0x10000
                        units[n] = UInt16(truncatingIfNeeded: 0xD800 + (offset >> 10))
                        units[n + 1] = UInt16(truncatingIfNeeded: 0xDC00 + (offset & 0x3FF))
                        n += 2
                        i += 4
                    }
                }
                return Array(UnsafeBufferPointer(rebasing: units[..<n]))
            }
        }
        return transcoded ?? Array(content.utf16)
    }

    /// BMP code points of Grapheme_Cluster_Break Other (or Hangul LV/LVT syllables) that are not
    /// Prepend, not Extended_Pictographic with emoji presentation, not default ignorable and not
    /// whitespace: letters of Latin-1 and Latin Extended, Greek, Cyrillic, Hebrew, Arabic and Thai
    /// (not their marks), general punctuation, kana, CJK ideographs, Hangul syllables and
    /// fullwidth forms. Nothing here extends the cluster before it, and after one only an
    /// extender, a joiner or a spacing mark continues its cluster (UAX #29 GB9, GB9a; no GB6–8
    /// pair forms between these), so one followed by ASCII, another of them or the end is a
    /// cluster of its own. `TextAnalysisTests.testSimpleBasesAreGraphemeClustersOfTheirOwn`
    /// checks every one of them against Swift's grapheme breaking.
    @inline(__always) static func isSimpleBase(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x00A1...0x00AC, 0x00AE...0x024F, 0x0370...0x0377, 0x037A...0x037F, 0x0384...0x03FF,
            0x0400...0x0482, 0x048A...0x052F, 0x05D0...0x05EA, 0x05F0...0x05F4, 0x0620...0x064A,
            0x0660...0x066F, 0x0671...0x06D5, 0x0E01...0x0E30, 0x0E32, 0x0E3F...0x0E46, 0x0E4F...0x0E5B,
            0x2010...0x2027, 0x2030...0x203B, 0x203D...0x2048, 0x204A...0x205E, 0x3001...0x3029, 0x3030...0x303F,
            0x3041...0x3096, 0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF5E:
            return true
        default:
            return false
        }
    }

    /// `unitFlags` bits: a grapheme cluster starts at the unit; a HarfBuzz cluster starts there;
    /// HarfBuzz marks a break before it unsafe.
    static let graphemeStart: UInt8 = 1
    static let clusterStart: UInt8 = 2
    static let unsafeToBreak: UInt8 = 4
}
