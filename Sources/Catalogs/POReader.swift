import Foundation

/// gettext `.po`: msgctxt / msgid / msgid_plural / msgstr / msgstr[N] entries with
/// continuation lines. Untranslated and fuzzy entries are skipped, as gettext does at run time.
///
/// A msgid is usually the source text, and is measured in the source language. Some projects
/// key their `.po` files by identifiers instead (`msgid "login.title"`), keeping the source
/// text in the source language's own `.po` file: when most msgids of a file look like
/// identifiers, the file's msgids are keys only and are not measured
/// (`CatalogReadingTests.testPOFilesKeyedByIdentifiers`).
enum POReader {
    static func read(_ bytes: [UInt8], file: String, sourceLanguage: String, samples: FormatSamples)
        throws(CatalogError) -> [CatalogEntry]
    {
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
                    throw CatalogError(
                        file: file, line: number, "a quoted string with no keyword before it; expected msgid first")
                }
                current.append(try unquote(line, file: file, line: number), to: field)
                continue
            }
            let keyword = String(line.prefix { !$0.isWhitespace })
            let rest = line.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
            let isMsgstr = keyword == "msgstr" || (keyword.hasPrefix("msgstr[") && keyword.hasSuffix("]"))
            guard ["msgctxt", "msgid", "msgid_plural"].contains(keyword) || isMsgstr else {
                throw CatalogError(
                    file: file, line: number,
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
                throw CatalogError(file: file, line: number, "\(keyword) before any msgid")
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
                        throw CatalogError(
                            file: file, line: header.line,
                            "unsupported charset '\(charset)'; convert the file to UTF-8 (msgconv --to-code=UTF-8)")
                    }
                }
            }
        }
        guard let language else {
            throw CatalogError(
                file: file, line: nil,
                "cannot tell the language: add a \"Language: xx\" header, or name the file after it (de.po)")
        }
        let msgids = entries.compactMap(\.msgid).filter { !$0.isEmpty }
        let keyedByIdentifiers =
            !msgids.isEmpty && msgids.filter(looksLikeIdentifier).count * 5 >= msgids.count * 4
        func entry(_ key: String, _ variant: String?, _ language: String, _ text: String, _ line: Int) -> CatalogEntry {
            let filled = samples.fill(text, variant: variant)
            return CatalogEntry(
                key: key, variant: variant, language: language, text: filled.text, samples: filled.samples, file: file,
                line: line)
        }
        for item in entries {
            guard let msgid = item.msgid, !msgid.isEmpty, let line = item.line else { continue }
            let context = item.msgctxt.map { "context: \($0)" }
            if !keyedByIdentifiers {
                results.append(entry(msgid, context, sourceLanguage, msgid, line))
                if let plural = item.msgidPlural {
                    results.append(
                        entry(
                            msgid, [context, "plural"].compactMap { $0 }.joined(separator: ", "), sourceLanguage,
                            plural, line))
                }
            }
            guard !item.fuzzy else { continue }
            for (name, value) in item.msgstr.sorted(by: { $0.key < $1.key }) where !value.isEmpty {
                let variant = name == "msgstr" ? context : [context, name].compactMap { $0 }.joined(separator: ", ")
                results.append(entry(msgid, variant, language, value, line))
            }
        }
        return results
    }

    /// Whether a msgid reads as an identifier rather than text: no spaces, only ASCII letters,
    /// digits and `. _ - : /`, and either a `.`, `_`, `:` or `/` between words
    /// (`login.title`, `LOGIN_TITLE`) or a lowercase-to-uppercase step after two lowercase
    /// letters (`loginTitle`; not `iPhone`).
    static func looksLikeIdentifier(_ msgid: String) -> Bool {
        let scalars = Array(msgid.unicodeScalars)
        guard scalars.count >= 3, scalars.allSatisfy({ $0.isASCII && !$0.properties.isWhitespace }),
            scalars.allSatisfy({
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-:/".unicodeScalars.contains($0)
            })
        else { return false }
        for (index, scalar) in scalars.enumerated() where index > 0 && index < scalars.count - 1 {
            if ".:/_".unicodeScalars.contains(scalar) { return true }
            if index >= 2, scalar.properties.isUppercase, scalars[index - 1].properties.isLowercase,
                scalars[index - 2].properties.isLowercase
            {
                return true
            }
        }
        return false
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
    static func unquote(_ text: String, file: String, line: Int) throws(CatalogError) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else {
            throw CatalogError(
                file: file, line: line,
                "expected a quoted string such as \"text\", found \(text.isEmpty ? "nothing" : text)")
        }
        var result = String.UnicodeScalarView()
        var index = 1
        while index < scalars.count - 1 {
            let scalar = scalars[index]
            index += 1
            if scalar == "\"" {
                throw CatalogError(file: file, line: line, "unescaped '\"' inside a string; write \\\"")
            }
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            guard index < scalars.count - 1 else {
                throw CatalogError(file: file, line: line, "a string ends with a lone backslash")
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
