import Documents
import Foundation

/// Turns a file's bytes into text: UTF-8 (with or without a BOM), or UTF-16 with a BOM, or
/// UTF-16 without one when every other byte is zero (as plain ASCII keys give).
public enum TextDecoding {
    /// The text of a file's bytes; UTF-16 only when `allowUTF16`.
    public static func decode(_ bytes: [UInt8], file: String, allowUTF16: Bool) throws(CatalogError) -> String {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return try utf8(Array(bytes.dropFirst(3)), file: file, skipped: 3)
        }
        if allowUTF16 {
            if bytes.starts(with: [0xFF, 0xFE]) { return try utf16(bytes, from: 2, bigEndian: false, file: file) }
            if bytes.starts(with: [0xFE, 0xFF]) { return try utf16(bytes, from: 2, bigEndian: true, file: file) }
            if let bigEndian = guessUTF16(bytes) { return try utf16(bytes, from: 0, bigEndian: bigEndian, file: file) }
        }
        return try utf8(bytes, file: file, skipped: 0)
    }

    /// Without a BOM: UTF-16 when, in the first 256 bytes, most even (big-endian) or most odd
    /// (little-endian) bytes are zero and the others are not. Nil for anything else.
    static func guessUTF16(_ bytes: [UInt8]) -> Bool? {
        let sample = bytes.prefix(256)
        guard sample.count >= 4, bytes.count % 2 == 0 else { return nil }
        var evenZero = 0
        var oddZero = 0
        for (index, byte) in sample.enumerated() where byte == 0 {
            if index % 2 == 0 { evenZero += 1 } else { oddZero += 1 }
        }
        let pairs = sample.count / 2
        if oddZero * 10 >= pairs * 7 && evenZero == 0 { return false }
        if evenZero * 10 >= pairs * 7 && oddZero == 0 { return true }
        return nil
    }

    private static func utf8(_ bytes: [UInt8], file: String, skipped: Int) throws(CatalogError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let offset = UTF8Check.firstInvalidOffset(bytes) ?? bytes.count
        let line = Catalogs.line(ofByte: offset, in: bytes)
        let byte = offset < bytes.count ? String(format: "0x%02X", bytes[offset]) : "end of file"
        throw CatalogError(
            file: file, line: line,
            "unknown text encoding: byte \(byte) (offset \(offset + skipped)) is not UTF-8, and the file has no UTF-16 byte order mark; save it as UTF-8 (or UTF-16 with a BOM for .strings)"
        )
    }

    private static func utf16(_ bytes: [UInt8], from start: Int, bigEndian: Bool, file: String) throws(CatalogError)
        -> String
    {
        guard (bytes.count - start) % 2 == 0 else {
            throw CatalogError(
                file: file, line: nil, "UTF-16 text with an odd number of bytes (\(bytes.count)); the file is cut short"
            )
        }
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        var index = start
        while index + 1 < bytes.count {
            let high = UInt16(bytes[bigEndian ? index : index + 1])
            let low = UInt16(bytes[bigEndian ? index + 1 : index])
            units.append(high << 8 | low)
            index += 2
        }
        var line = 1
        var scalars = String.UnicodeScalarView()
        var iterator = units.makeIterator()
        var decoder = UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
                scalars.append(scalar)
            case .emptyInput: break loop
            case .error:
                throw CatalogError(
                    file: file, line: line,
                    "invalid UTF-16 (\(bigEndian ? "big" : "little")-endian): an unpaired surrogate; the file is not UTF-16 text"
                )
            }
        }
        return String(scalars)
    }
}
