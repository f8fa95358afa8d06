extension Array where Element == UInt8 {
    /// The offset of the first byte that does not start a well-formed UTF-8 sequence (a byte
    /// that cannot lead one, or a sequence cut short or malformed), or `count` when all the
    /// bytes are UTF-8: where an "invalid UTF-8" error about a file or a line points.
    package func firstInvalidUTF8Offset() -> Int {
        var offset = 0
        while offset < count {
            let length: Int
            switch self[offset] {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return offset
            }
            if offset + length > count { return offset }
            if String(validating: self[offset..<(offset + length)], as: UTF8.self) == nil { return offset }
            offset += length
        }
        return offset
    }
}
