import Foundation
import Typesetting

/// One translated string: a key in one language (and one plural or device variant).
struct CatalogEntry: Sendable {
    /// The key (`.strings`, `.xcstrings`) or the msgid (`.po`).
    var key: String
    /// A variant of the key ("plural.one", "msgstr[1]", "context: menu"), or nil.
    var variant: String?
    /// The BCP 47 language, as the catalog names it ("de", "zh_CN", "zh-Hant").
    var language: String
    /// The text to measure.
    var text: String
    /// Where the text comes from.
    var file: String
    var line: Int
}

/// Reads String Catalogs (`.xcstrings`), `.strings` (UTF-8 or UTF-16) and gettext `.po` files.
/// A malformed file gets an error naming the file, the line and what was expected.
enum Catalogs {
    /// Reads every file; `sourceLanguage` names the language of msgids and of `.xcstrings`
    /// keys without a source localization. Source texts appear once even when several
    /// `.po` files repeat them.
    static func read(_ paths: [String], sourceLanguage: String?) throws(RequestError) -> [CatalogEntry] {
        var entries: [CatalogEntry] = []
        var sourceSeen: Set<String> = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                throw RequestError(
                    kind: "catalogNotFound",
                    exists && isDirectory.boolValue
                        ? "'\(path)' is a directory; pass catalog files (.xcstrings, .strings, .po)"
                        : "cannot read catalog '\(path)': no such file", exitCode: 66)
            }
            let bytes = [UInt8](data)
            let lower = path.lowercased()
            let read: [CatalogEntry]
            if lower.hasSuffix(".xcstrings") {
                read = try XCStringsReader.read(bytes, file: path, sourceLanguage: sourceLanguage)
            } else if lower.hasSuffix(".strings") {
                read = try StringsFileReader.read(bytes, file: path, sourceLanguage: sourceLanguage)
            } else if lower.hasSuffix(".po") || lower.hasSuffix(".pot") {
                read = try POReader.read(bytes, file: path, sourceLanguage: sourceLanguage ?? "en")
            } else {
                throw RequestError(
                    kind: "unknownCatalogType",
                    "'\(path)': unknown catalog type; allowed: .xcstrings (String Catalog), .strings, .po (gettext)")
            }
            for entry in read {
                let isSource = entry.language == (sourceLanguage ?? "en") && lower.hasSuffix(".po")
                if isSource {
                    let id = "\(entry.key)\u{0}\(entry.variant ?? "")"
                    if !sourceSeen.insert(id).inserted { continue }
                }
                entries.append(entry)
            }
        }
        return entries
    }

    /// A catalog error: "FILE:LINE: message" (exit status 65, bad data).
    static func error(_ file: String, _ line: Int?, _ message: String) -> RequestError {
        let place = line.map { "\(file):\($0)" } ?? file
        return RequestError(kind: "invalidCatalog", "\(place): \(message)", exitCode: 65)
    }

    /// The 1-based line of a byte offset.
    static func line(ofByte offset: Int, in bytes: [UInt8]) -> Int {
        var line = 1
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A { line += 1 }
        return line
    }

    /// The language a `.strings` or `.po` file is in, from its `xx.lproj` folder or its name
    /// (`de.po`, `pt_BR.strings`), or nil.
    static func languageFromPath(_ path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().lastPathComponent
        if folder.hasSuffix(".lproj") { return String(folder.dropLast(".lproj".count)) }
        let stem = url.deletingPathExtension().lastPathComponent
        return looksLikeLanguage(stem) ? stem : nil
    }

    /// "de", "pt_BR", "zh-Hant", "sr@latin": two or three letters, then subtags.
    static func looksLikeLanguage(_ text: String) -> Bool {
        let parts = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" || $0 == "@" })
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isLetter && $0.isASCII })
        else { return false }
        return parts.dropFirst().allSatisfy {
            (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}

/// Turns a file's bytes into text: UTF-8 (with or without a BOM), or UTF-16 with a BOM, or
/// UTF-16 without one when every other byte is zero (as plain ASCII keys give).
enum TextDecoding {
    static func decode(_ bytes: [UInt8], file: String, allowUTF16: Bool) throws(RequestError) -> String {
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

    private static func utf8(_ bytes: [UInt8], file: String, skipped: Int) throws(RequestError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let offset = bytes.firstInvalidUTF8Offset()
        let line = Catalogs.line(ofByte: offset, in: bytes)
        let byte = offset < bytes.count ? String(format: "0x%02X", bytes[offset]) : "end of file"
        throw Catalogs.error(
            file, line,
            "unknown text encoding: byte \(byte) (offset \(offset + skipped)) is not UTF-8, and the file has no UTF-16 byte order mark; save it as UTF-8 (or UTF-16 with a BOM for .strings)"
        )
    }

    private static func utf16(_ bytes: [UInt8], from start: Int, bigEndian: Bool, file: String) throws(RequestError)
        -> String
    {
        guard (bytes.count - start) % 2 == 0 else {
            throw Catalogs.error(
                file, nil, "UTF-16 text with an odd number of bytes (\(bytes.count)); the file is cut short")
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
                throw Catalogs.error(
                    file, line,
                    "invalid UTF-16 (\(bigEndian ? "big" : "little")-endian): an unpaired surrogate; the file is not UTF-16 text"
                )
            }
        }
        return String(scalars)
    }
}
