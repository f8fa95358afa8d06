import Documents
import Foundation

/// One translated string: a key in one language (and one plural or device variant), as read
/// from a catalog.
public struct CatalogEntry: Sendable, Hashable {
    /// The key (`.strings`, `.xcstrings`) or the msgid (`.po`).
    public var key: String
    /// A variant of the key ("plural.one", "msgstr[1]", "context: menu",
    /// "photos.one, albums.other"), or nil.
    public var variant: String?
    /// The BCP 47 language, as the catalog names it ("de", "zh_CN", "zh-Hant").
    public var language: String
    /// The text to measure: as written, with substitutions expanded and format specifiers
    /// replaced by sample values (see ``samples``).
    public var text: String
    /// The format specifiers replaced in ``text`` and the value each stood for, in the order
    /// written ("%lld = 44444"). Empty when the text has none.
    public var samples: [String]
    /// The file the text comes from.
    public var file: String
    /// The line of the entry in that file: a `.strings` key's, a `.po` entry's, a String
    /// Catalog localization's value (so each language's entry has its own line).
    public var line: Int
    /// The comment the file gives the key: the `/* … */` or `//` comment before a `.strings`
    /// pair, a String Catalog key's `comment`. For an Interface Builder file's strings Xcode
    /// writes `Class = "UILabel"; text = "Log in"; ObjectID = "abc-12-xyz"; Note = "…";`,
    /// the note being IB's *Localizer Hint* (``TranslatorNote``).
    public var comment: String?
    /// False for a String Catalog key marked `"shouldTranslate": false` (*Don't Translate* in
    /// Xcode), read only when the reader is asked to keep such keys.
    public var shouldTranslate: Bool

    /// An entry from its parts.
    public init(
        key: String, variant: String?, language: String, text: String, samples: [String] = [], file: String,
        line: Int, comment: String? = nil, shouldTranslate: Bool = true
    ) {
        self.key = key
        self.variant = variant
        self.language = language
        self.text = text
        self.samples = samples
        self.file = file
        self.line = line
        self.comment = comment
        self.shouldTranslate = shouldTranslate
    }

    /// The translator's note in ``comment`` (`Note = "…"`), if any.
    public var note: String? { comment.flatMap(TranslatorNote.note(inComment:)) }

    /// Why the text is not to be translated, when it says so: "shouldTranslate: false" for a
    /// String Catalog key marked *Don't Translate*, else the note when it asks not to translate
    /// (``TranslatorNote/marksDoNotTranslate(_:)``); nil for a text to translate.
    public var doNotTranslateReason: String? {
        if !shouldTranslate { return "shouldTranslate: false" }
        guard let note, TranslatorNote.marksDoNotTranslate(note) else { return nil }
        return note
    }
}

extension CatalogEntry {
    /// Whether the text holds ``FormatSamples/digitPlaceholder``s for the font to decide.
    public var needsDigits: Bool { text.contains(FormatSamples.digitPlaceholder) }

    /// The entry with `digit` (the widest digit of the font it is measured in) wherever its
    /// text and samples hold ``FormatSamples/digitPlaceholder``.
    public func withDigits(_ digit: Character) -> CatalogEntry {
        guard needsDigits else { return self }
        let placeholder = String(FormatSamples.digitPlaceholder)
        var copy = self
        copy.text = text.replacingOccurrences(of: placeholder, with: String(digit))
        copy.samples = samples.map { $0.replacingOccurrences(of: placeholder, with: String(digit)) }
        return copy
    }
}

/// Why a catalog could not be read: the file, the line when known, and what was expected.
public struct CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of problem.
    public enum Kind: String, Sendable, Hashable {
        /// No file at the path.
        case notFound
        /// The path is a directory.
        case isDirectory
        /// The file's extension is not a catalog's.
        case unknownType
        /// The file's content is malformed (syntax, encoding, structure).
        case invalid
    }

    /// The kind of problem.
    public var kind: Kind
    /// The file.
    public var file: String
    /// The line, when known.
    public var line: Int?
    /// The column, when known.
    public var column: Int?
    /// What was wrong and what is allowed.
    public var message: String

    /// An error in a file, at a line (and column) when known.
    public init(_ kind: Kind = .invalid, file: String, line: Int?, column: Int? = nil, _ message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// "FILE:LINE:COLUMN: message", the form compilers use, or without the parts not known.
    public var description: String {
        var place = file
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        return "\(place): \(message)"
    }
}

/// Reads String Catalogs (`.xcstrings`), `.strings` (UTF-8 or UTF-16) and gettext `.po` files
/// into entries to measure. A malformed file gets an error naming the file, the line and what
/// was expected.
public enum Catalogs {
    /// Reads every file. `sourceLanguage` names the language of msgids and of `.xcstrings`
    /// keys without a source localization; `samples` are the values format specifiers stand
    /// for.
    ///
    /// The same text for the same key, variant and language appears once, however many files
    /// hold it: `.po` files repeat their msgids, and a key can be in both a `.strings` file
    /// and a String Catalog (`CatalogReadingTests.testAKeyInBothStringsAndAStringCatalogIsReadOnce`).
    ///
    /// With `keepingDoNotTranslate`, String Catalog keys marked `"shouldTranslate": false` are
    /// read too, with ``CatalogEntry/shouldTranslate`` false, for callers that account for
    /// every key (`measure check` on IB files lists them as skipped).
    public static func read(
        _ paths: [String], sourceLanguage: String?, samples: FormatSamples = FormatSamples(),
        keepingDoNotTranslate: Bool = false
    )
        throws(CatalogError) -> [CatalogEntry]
    {
        var entries: [CatalogEntry] = []
        var seen: Set<EntryIdentity> = []
        for path in paths {
            for entry in try read(
                path, sourceLanguage: sourceLanguage, samples: samples, keepingDoNotTranslate: keepingDoNotTranslate)
            where seen.insert(EntryIdentity(entry)).inserted {
                entries.append(entry)
            }
        }
        return entries
    }

    /// What makes two entries the same text to measure.
    private struct EntryIdentity: Hashable {
        var key: String
        var variant: String?
        var language: String
        var text: String

        init(_ entry: CatalogEntry) {
            key = entry.key
            variant = entry.variant
            language = entry.language
            text = entry.text
        }
    }

    /// Reads one file, by its extension (`keepingDoNotTranslate` as for several files).
    public static func read(
        _ path: String, sourceLanguage: String?, samples: FormatSamples = FormatSamples(),
        keepingDoNotTranslate: Bool = false
    )
        throws(CatalogError) -> [CatalogEntry]
    {
        let bytes = try contents(of: path)
        let lower = path.lowercased()
        if lower.hasSuffix(".xcstrings") {
            return try XCStringsReader.read(
                bytes, file: path, sourceLanguage: sourceLanguage, samples: samples,
                keepingDoNotTranslate: keepingDoNotTranslate)
        } else if lower.hasSuffix(".strings") {
            return try StringsFile.entries(bytes, file: path, sourceLanguage: sourceLanguage, samples: samples)
        } else if lower.hasSuffix(".po") || lower.hasSuffix(".pot") {
            return try POReader.read(bytes, file: path, sourceLanguage: sourceLanguage ?? "en", samples: samples)
        }
        throw CatalogError(
            .unknownType, file: path, line: nil,
            "unknown catalog type; allowed: .xcstrings (String Catalog), .strings, .po (gettext)")
    }

    /// The bytes of a catalog file; an error for a missing file, a directory or a file larger
    /// than the shared document limit.
    public static func contents(of path: String) throws(CatalogError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue {
            throw CatalogError(
                .isDirectory, file: path, line: nil, "is a directory; pass catalog files (.xcstrings, .strings, .po)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogError(.notFound, file: path, line: nil, "cannot read the catalog: no such file")
        }
        guard data.count <= DocumentLimits.maximumBytes else {
            throw CatalogError(
                file: path, line: nil, "the file is larger than \(DocumentLimits.maximumBytes >> 20) MiB")
        }
        return [UInt8](data)
    }

    /// The 1-based line of a byte offset.
    static func line(ofByte offset: Int, in bytes: [UInt8]) -> Int {
        var line = 1
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A { line += 1 }
        return line
    }

    /// The language a `.strings` or `.po` file is in, from its `xx.lproj` folder or its name
    /// (`de.po`, `pt_BR.strings`), or nil.
    public static func languageFromPath(_ path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().lastPathComponent
        if folder.hasSuffix(".lproj") { return String(folder.dropLast(".lproj".count)) }
        let stem = url.deletingPathExtension().lastPathComponent
        return looksLikeLanguage(stem) ? stem : nil
    }

    /// "de", "pt_BR", "zh-Hant", "sr@latin": two or three letters, then subtags.
    public static func looksLikeLanguage(_ text: String) -> Bool {
        let parts = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" || $0 == "@" })
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isLetter && $0.isASCII })
        else { return false }
        return parts.dropFirst().allSatisfy {
            (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
