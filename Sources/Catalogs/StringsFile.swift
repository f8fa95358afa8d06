import Foundation

/// `.strings` files: `"key" = "value";` pairs with `/* */` and `//` comments, in UTF-8 or
/// UTF-16, as Xcode writes them for `Localizable.strings` and for a storyboard's or nib's
/// translations (`de.lproj/Main.strings`, keyed by object id and property:
/// `"Xyz-ab-cde.text" = "Anmelden";`). Keys and values may also be bare words, as in
/// old-style property lists.
public enum StringsFile {
    /// One `"key" = "value";` pair, with where its key was written.
    public struct Entry: Sendable, Hashable {
        /// The key as written (escapes decoded).
        public var key: String
        /// The value (escapes decoded); a key written alone (`"key";`) is its own value.
        public var value: String
        /// The line of the key, from 1.
        public var line: Int
        /// The column of the key, from 1 (in Unicode scalars).
        public var column: Int
        /// The last comment before the pair (after the previous pair), its text between
        /// `/*` and `*/` (or after `//`) trimmed: for an IB file's strings, Xcode's
        /// `Class = "UILabel"; text = "…"; ObjectID = "…";` line.
        public var comment: String?

        /// An entry from its parts.
        public init(key: String, value: String, line: Int, column: Int, comment: String? = nil) {
            self.key = key
            self.value = value
            self.line = line
            self.column = column
            self.comment = comment
        }
    }

    /// Reads every pair of a `.strings` file's bytes, in the order written. `file` names the
    /// file in errors.
    ///
    /// - Throws: `CatalogError` with the line: an unknown encoding, an unterminated string
    ///   or comment, a missing `=` or `;`, a bad `\U` escape.
    public static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> [Entry] {
        let text = try TextDecoding.decode(bytes, file: file, allowUTF16: true)
        var scanner = Scanner(Array(text.unicodeScalars), file: file)
        var entries: [Entry] = []
        while true {
            try scanner.skipTrivia()
            guard scanner.peek != nil else { break }
            let keyLine = scanner.line
            let keyColumn = scanner.column
            let comment = scanner.lastComment
            let key = try scanner.string(what: "a key (a quoted string)")
            try scanner.skipTrivia()
            if scanner.peek == ";" {
                scanner.advance()
                entries.append(Entry(key: key, value: key, line: keyLine, column: keyColumn, comment: comment))
                scanner.lastComment = nil
                continue
            }
            try scanner.expect("=", after: "the key \"\(key)\"")
            try scanner.skipTrivia()
            let value = try scanner.string(what: "the value of \"\(key)\" (a quoted string)")
            try scanner.skipTrivia()
            try scanner.expect(";", after: "the value of \"\(key)\"")
            entries.append(Entry(key: key, value: value, line: keyLine, column: keyColumn, comment: comment))
            scanner.lastComment = nil
        }
        return entries
    }

    /// The entries of a `.strings` catalog to measure, in the language of its `xx.lproj`
    /// folder or its name (`Base` is the source language).
    static func entries(_ bytes: [UInt8], file: String, sourceLanguage: String?, samples: FormatSamples)
        throws(CatalogError) -> [CatalogEntry]
    {
        guard let language = Catalogs.languageFromPath(file) else {
            throw CatalogError(
                file: file, line: nil,
                "cannot tell the language: put the file in a folder named after it (de.lproj/Localizable.strings) or name it after it (de.strings)"
            )
        }
        let resolved = language == "Base" ? (sourceLanguage ?? "en") : language
        return try parse(bytes, file: file).map { entry in
            let filled = samples.fill(entry.value, variant: nil)
            return CatalogEntry(
                key: entry.key, variant: nil, language: resolved, text: filled.text, samples: filled.samples,
                file: file, line: entry.line, comment: entry.comment)
        }
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        let file: String
        var index = 0
        var line = 1
        var lineStart = 0
        /// The text of the last comment skipped since the last pair.
        var lastComment: String?

        init(_ scalars: [Unicode.Scalar], file: String) {
            self.scalars = scalars
            self.file = file
        }

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
        var column: Int { index - lineStart + 1 }

        mutating func advance() {
            if scalars[index] == "\n" {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }

        func error(_ line: Int?, _ message: String) -> CatalogError {
            CatalogError(file: file, line: line, message)
        }

        mutating func skipTrivia() throws(CatalogError) {
            while let scalar = peek {
                if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
                    advance()
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    let start = line
                    advance()
                    advance()
                    let textStart = index
                    while true {
                        guard peek != nil else {
                            throw error(start, "unterminated comment: '/*' has no closing '*/'")
                        }
                        if scalars[index] == "*", index + 1 < scalars.count, scalars[index + 1] == "/" {
                            lastComment = text(textStart..<index)
                            advance()
                            advance()
                            break
                        }
                        advance()
                    }
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    let textStart = index + 2
                    while let next = peek, next != "\n" { advance() }
                    lastComment = text(min(textStart, index)..<index)
                } else {
                    return
                }
            }
        }

        /// The scalars of a range as a string, trimmed of whitespace.
        func text(_ range: Range<Int>) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[range])
            return String(view).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        mutating func expect(_ scalar: Unicode.Scalar, after: String) throws(CatalogError) {
            guard peek == scalar else {
                let found = peek.map { "'\($0)'" } ?? "the end of the file"
                throw error(line, "expected '\(scalar)' after \(after), found \(found)")
            }
            advance()
        }

        static func isBareCharacter(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "_$+/:.-".unicodeScalars.contains(scalar))
        }

        /// A quoted string with backslash escapes, or a bare word (old-style property lists).
        mutating func string(what: String) throws(CatalogError) -> String {
            guard let first = peek else {
                throw error(line, "expected \(what), found the end of the file")
            }
            if first != "\"" {
                guard Scanner.isBareCharacter(first) else {
                    throw error(line, "expected \(what), found '\(first)'")
                }
                var word = String.UnicodeScalarView()
                while let scalar = peek, Scanner.isBareCharacter(scalar) {
                    word.append(scalar)
                    advance()
                }
                return String(word)
            }
            let start = line
            advance()
            var result = String.UnicodeScalarView()
            while true {
                guard let scalar = peek else {
                    throw error(start, "unterminated string: the quote opened here is never closed")
                }
                advance()
                if scalar == "\"" { break }
                if scalar != "\\" {
                    result.append(scalar)
                    continue
                }
                guard let escaped = peek else { continue }
                advance()
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "0": result.append("\0")
                case "U", "u":
                    var hex = ""
                    while hex.count < 4, let digit = peek, digit.properties.isASCIIHexDigit {
                        hex.unicodeScalars.append(digit)
                        advance()
                    }
                    guard hex.count == 4, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
                        throw error(line, "invalid escape '\\\(escaped)\(hex)': expected four hex digits")
                    }
                    result.append(decoded)
                default: result.append(escaped)
                }
            }
            return String(result)
        }
    }
}
