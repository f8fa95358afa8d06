/// UTF-8 validation that says where the text stops being UTF-8.
///
/// The JSON reader (`DocumentNode.parseJSON(_:)`) uses it to give an encoding error the line
/// and column of the first bad byte, and the Catalogs module uses it to name the byte and its
/// offset when a `.strings` or `.xcstrings` file is neither UTF-8 nor marked UTF-16. It is
/// `package`, not `public`: it serves those modules, not users of the library.
package enum UTF8Check {
    /// The offset of the first byte that does not start a valid UTF-8 sequence, or nil when all
    /// of `bytes` is valid.
    ///
    /// A sequence is judged by its lead byte's length (1 to 4 bytes; 0xC0, 0xC1 and 0xF5…0xFF
    /// never lead) and then validated whole, so overlong forms, surrogates and truncated
    /// sequences all point at their lead byte.
    package static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        var offset = 0
        while offset < bytes.count {
            let length: Int
            switch bytes[offset] {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return offset
            }
            if offset + length > bytes.count { return offset }
            if String(validating: bytes[offset..<(offset + length)], as: UTF8.self) == nil { return offset }
            offset += length
        }
        return offset
    }
}
