import Foundation

/// `.strings`: `"key" = "value";` pairs with `/* */` and `//` comments, in UTF-8 or UTF-16.
enum StringsFileReader {
    static func read(_ bytes: [UInt8], file: String, sourceLanguage: String?) throws(RequestError) -> [CatalogEntry] {
        guard let language = Catalogs.languageFromPath(file) else {
            throw Catalogs.error(
                file, nil,
                "cannot tell the language: put the file in a folder named after it (de.lproj/Localizable.strings) or name it after it (de.strings)"
            )
        }
        let resolved = language == "Base" ? (sourceLanguage ?? "en") : language
        let text = try TextDecoding.decode(bytes, file: file, allowUTF16: true)
        var scanner = Scanner(Array(text.unicodeScalars), file: file)
        var entries: [CatalogEntry] = []
        while true {
            try scanner.skipTrivia()
            guard scanner.peek != nil else { break }
            let keyLine = scanner.line
            let key = try scanner.string(what: "a key (a quoted string)")
            try scanner.skipTrivia()
            if scanner.peek == ";" {
                scanner.advance()
                entries.append(
                    CatalogEntry(key: key, variant: nil, language: resolved, text: key, file: file, line: keyLine))
                continue
            }
            try scanner.expect("=", after: "the key \"\(key)\"")
            try scanner.skipTrivia()
            let value = try scanner.string(what: "the value of \"\(key)\" (a quoted string)")
            try scanner.skipTrivia()
            try scanner.expect(";", after: "the value of \"\(key)\"")
            entries.append(
                CatalogEntry(key: key, variant: nil, language: resolved, text: value, file: file, line: keyLine))
        }
        return entries
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        let file: String
        var index = 0
        var line = 1

        init(_ scalars: [Unicode.Scalar], file: String) {
            self.scalars = scalars
            self.file = file
        }

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func advance() {
            if scalars[index] == "\n" { line += 1 }
            index += 1
        }

        mutating func skipTrivia() throws(RequestError) {
            while let scalar = peek {
                if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
                    advance()
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    let start = line
                    advance()
                    advance()
                    while true {
                        guard peek != nil else {
                            throw Catalogs.error(file, start, "unterminated comment: '/*' has no closing '*/'")
                        }
                        if scalars[index] == "*", index + 1 < scalars.count, scalars[index + 1] == "/" {
                            advance()
                            advance()
                            break
                        }
                        advance()
                    }
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    while let next = peek, next != "\n" { advance() }
                } else {
                    return
                }
            }
        }

        mutating func expect(_ scalar: Unicode.Scalar, after: String) throws(RequestError) {
            guard peek == scalar else {
                let found = peek.map { "'\($0)'" } ?? "the end of the file"
                throw Catalogs.error(file, line, "expected '\(scalar)' after \(after), found \(found)")
            }
            advance()
        }

        static func isBareCharacter(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "_$+/:.-".unicodeScalars.contains(scalar))
        }

        /// A quoted string with backslash escapes, or a bare word (old-style property lists).
        mutating func string(what: String) throws(RequestError) -> String {
            guard let first = peek else {
                throw Catalogs.error(file, line, "expected \(what), found the end of the file")
            }
            if first != "\"" {
                guard Scanner.isBareCharacter(first) else {
                    throw Catalogs.error(file, line, "expected \(what), found '\(first)'")
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
                    throw Catalogs.error(file, start, "unterminated string: the quote opened here is never closed")
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
                        throw Catalogs.error(
                            file, line, "invalid escape '\\\(escaped)\(hex)': expected four hex digits")
                    }
                    result.append(decoded)
                default: result.append(escaped)
                }
            }
            return String(result)
        }
    }
}

/// gettext `.po`: msgctxt / msgid / msgid_plural / msgstr / msgstr[N] entries with
/// continuation lines. Untranslated and fuzzy entries are skipped, as gettext does at run time.
enum POReader {
    static func read(_ bytes: [UInt8], file: String, sourceLanguage: String) throws(RequestError) -> [CatalogEntry] {
        let text = try TextDecoding.decode(bytes, file: file, allowUTF16: false)
        var entries: [Entry] = []
        var current = Entry()
        var field: String?
        var fuzzy = false
        func finish() {
            if current.msgid != nil { entries.append(current) }
            current = Entry()
            field = nil
        }
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = rawLine.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r")))
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                // Comments (and obsolete "#~" entries) come before an entry: they end the previous one.
                if !current.msgstr.isEmpty { finish() }
                if line.hasPrefix("#,") && line.contains("fuzzy") { fuzzy = true }
                continue
            }
            if line.hasPrefix("\"") {
                guard let field else {
                    throw Catalogs.error(
                        file, number, "a quoted string with no keyword before it; expected msgid first")
                }
                current.append(try unquote(line, file: file, line: number), to: field)
                continue
            }
            let keyword = String(line.prefix { !$0.isWhitespace })
            let rest = line.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
            let isMsgstr = keyword == "msgstr" || (keyword.hasPrefix("msgstr[") && keyword.hasSuffix("]"))
            guard ["msgctxt", "msgid", "msgid_plural"].contains(keyword) || isMsgstr else {
                throw Catalogs.error(
                    file, number,
                    "unknown keyword '\(keyword)'; expected msgctxt, msgid, msgid_plural, msgstr or msgstr[N]")
            }
            let startsEntry =
                keyword == "msgctxt" || (keyword == "msgid" && (current.msgctxt == nil || current.msgid != nil))
            if startsEntry {
                if current.msgid != nil || current.msgctxt != nil { finish() }
                current.fuzzy = fuzzy
                current.line = number
                fuzzy = false
            }
            if (isMsgstr || keyword == "msgid_plural") && current.msgid == nil {
                throw Catalogs.error(file, number, "\(keyword) before any msgid")
            }
            field = keyword
            current.append(try unquote(rest, file: file, line: number), to: keyword, start: true)
        }
        finish()

        var language = Catalogs.languageFromPath(file)
        var results: [CatalogEntry] = []
        if let header = entries.first(where: { $0.msgid == "" }), let value = header.msgstr["msgstr"] {
            for headerLine in value.split(separator: "\n") {
                let parts = headerLine.split(separator: ":", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                guard parts.count == 2 else { continue }
                if parts[0].lowercased() == "language", !parts[1].isEmpty { language = parts[1] }
                if parts[0].lowercased() == "content-type", let range = parts[1].lowercased().range(of: "charset=") {
                    let charset = parts[1].lowercased()[range.upperBound...].trimmingCharacters(in: .whitespaces)
                    guard ["utf-8", "utf8", "ascii", "us-ascii", "charset"].contains(charset) else {
                        throw Catalogs.error(
                            file, header.line,
                            "unsupported charset '\(charset)'; convert the file to UTF-8 (msgconv --to-code=UTF-8)")
                    }
                }
            }
        }
        guard let language else {
            throw Catalogs.error(
                file, nil, "cannot tell the language: add a \"Language: xx\" header, or name the file after it (de.po)")
        }
        for entry in entries {
            guard let msgid = entry.msgid, !msgid.isEmpty, let line = entry.line else { continue }
            let context = entry.msgctxt.map { "context: \($0)" }
            results.append(
                CatalogEntry(
                    key: msgid, variant: context, language: sourceLanguage, text: msgid, file: file, line: line))
            if let plural = entry.msgidPlural {
                results.append(
                    CatalogEntry(
                        key: msgid, variant: [context, "plural"].compactMap { $0 }.joined(separator: ", "),
                        language: sourceLanguage, text: plural, file: file, line: line))
            }
            guard !entry.fuzzy else { continue }
            for (name, value) in entry.msgstr.sorted(by: { $0.key < $1.key }) where !value.isEmpty {
                let variant = name == "msgstr" ? context : [context, name].compactMap { $0 }.joined(separator: ", ")
                results.append(
                    CatalogEntry(key: msgid, variant: variant, language: language, text: value, file: file, line: line))
            }
        }
        return results
    }

    private struct Entry {
        var msgctxt: String?
        var msgid: String?
        var msgidPlural: String?
        var msgstr: [String: String] = [:]
        var line: Int?
        var fuzzy = false

        mutating func append(_ text: String, to field: String, start: Bool = false) {
            switch field {
            case "msgctxt": msgctxt = (start ? "" : msgctxt ?? "") + text
            case "msgid": msgid = (start ? "" : msgid ?? "") + text
            case "msgid_plural": msgidPlural = (start ? "" : msgidPlural ?? "") + text
            default: msgstr[field] = (start ? "" : msgstr[field] ?? "") + text
            }
        }
    }

    /// A C-style quoted string: `"…"` with `\n`, `\t`, `\"`, `\\` escapes.
    static func unquote(_ text: String, file: String, line: Int) throws(RequestError) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else {
            throw Catalogs.error(
                file, line, "expected a quoted string such as \"text\", found \(text.isEmpty ? "nothing" : text)")
        }
        var result = String.UnicodeScalarView()
        var index = 1
        while index < scalars.count - 1 {
            let scalar = scalars[index]
            index += 1
            if scalar == "\"" {
                throw Catalogs.error(file, line, "unescaped '\"' inside a string; write \\\"")
            }
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            guard index < scalars.count - 1 else {
                throw Catalogs.error(file, line, "a string ends with a lone backslash")
            }
            let escaped = scalars[index]
            index += 1
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "a", "b", "f", "v": break
            default: result.append(escaped)
            }
        }
        return String(result)
    }
}

/// String Catalogs (`.xcstrings`, Xcode 15+): JSON with `sourceLanguage` and `strings`, each
/// key holding `localizations` → language → `stringUnit.value` or `variations` (plural,
/// device) of string units.
enum XCStringsReader {
    static func read(_ bytes: [UInt8], file: String, sourceLanguage: String?) throws(RequestError) -> [CatalogEntry] {
        let text = try TextDecoding.decode(bytes, file: file, allowUTF16: false)
        let object = try parseJSON(text, file: file, what: "a String Catalog is a JSON object")
        let firstLines = quotedStringLines(Array(text.utf8))
        /// The line where `"key"` (quoted as JSON) first occurs in the file, or 1.
        func lineOf(_ key: String) -> Int { firstLines[ArraySlice(JSONValue.quote(key).utf8)] ?? 1 }
        guard let root = object as? [String: Any] else {
            throw Catalogs.error(file, 1, "expected a JSON object with \"sourceLanguage\" and \"strings\"")
        }
        guard let strings = root["strings"] as? [String: Any] else {
            throw Catalogs.error(file, lineOf("strings"), "missing or invalid \"strings\": expected an object of keys")
        }
        let source = (root["sourceLanguage"] as? String) ?? sourceLanguage ?? "en"
        var entries: [CatalogEntry] = []
        for key in strings.keys.sorted() {
            let line = lineOf(key)
            guard let item = strings[key] as? [String: Any] else {
                throw Catalogs.error(file, line, "the value of \"\(key)\" must be an object")
            }
            if let translate = item["shouldTranslate"] as? Bool, !translate { continue }
            let localizations = item["localizations"] as? [String: Any] ?? [:]
            if item["localizations"] != nil, item["localizations"] as? [String: Any] == nil {
                throw Catalogs.error(file, line, "\"localizations\" of \"\(key)\" must be an object of languages")
            }
            if localizations[source] == nil {
                entries.append(
                    CatalogEntry(key: key, variant: nil, language: source, text: key, file: file, line: line))
            }
            for language in localizations.keys.sorted() {
                guard let localization = localizations[language] as? [String: Any] else {
                    throw Catalogs.error(file, line, "localization \"\(language)\" of \"\(key)\" must be an object")
                }
                for (variant, value) in try units(localization, key: key, file: file, line: line) {
                    entries.append(
                        CatalogEntry(
                            key: key, variant: variant, language: language, text: value, file: file, line: line))
                }
            }
        }
        return entries
    }

    /// The line of the first occurrence of every quoted string in `utf8`: the bytes from a
    /// `"` to the next `"` not escaped by a backslash, read from every `"` (so from the closing
    /// quote of a string and from an escaped quote inside one too). A quoted key is such a run
    /// wherever it occurs, so this finds what a search for it from the start would, in one
    /// pass over the file instead of one search per key.
    static func quotedStringLines(_ utf8: [UInt8]) -> [ArraySlice<UInt8>: Int] {
        var lines: [ArraySlice<UInt8>: Int] = [:]
        var line = 1
        for (start, byte) in utf8.enumerated() {
            if byte == 0x0A { line += 1 }
            guard byte == UInt8(ascii: "\"") else { continue }
            var end = start + 1
            while end < utf8.count, utf8[end] != UInt8(ascii: "\"") {
                end += utf8[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard end < utf8.count else { continue }
            let quoted = utf8[start...end]
            if lines[quoted] == nil { lines[quoted] = line }
        }
        return lines
    }

    /// Parses JSON; an error names the file and the line ("not valid JSON … line 12").
    static func parseJSON(_ text: String, file: String, what: String) throws(RequestError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            var line: Int?
            if let range = description.range(of: "character "),
                let offset = Int(description[range.upperBound...].prefix(while: \.isNumber))
            {
                line = Catalogs.line(ofByte: offset, in: Array(text.utf8))
            }
            throw Catalogs.error(file, line, "not valid JSON (\(description)); \(what)")
        }
    }

    /// The string units of a localization: its own `stringUnit`, then every variation's, with
    /// the path of the variation ("plural.one", "device.ipad").
    private static func units(_ node: [String: Any], key: String, file: String, line: Int, path: String? = nil)
        throws(RequestError) -> [(String?, String)]
    {
        var result: [(String?, String)] = []
        if let unit = node["stringUnit"] {
            guard let unit = unit as? [String: Any], let value = unit["value"] as? String else {
                throw Catalogs.error(
                    file, line, "\"stringUnit\" of \"\(key)\" must be an object with a string \"value\"")
            }
            result.append((path, value))
        }
        if let variations = node["variations"] as? [String: Any] {
            for kind in variations.keys.sorted() {
                guard let cases = variations[kind] as? [String: Any] else { continue }
                for name in cases.keys.sorted() {
                    guard let child = cases[name] as? [String: Any] else { continue }
                    let childPath = [path, "\(kind).\(name)"].compactMap { $0 }.joined(separator: ".")
                    result += try units(child, key: key, file: file, line: line, path: childPath)
                }
            }
        }
        return result
    }
}
