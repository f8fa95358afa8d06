import Documents

/// String Catalogs (`.xcstrings`, Xcode 15+): JSON with `sourceLanguage` and `strings`, each
/// key holding `localizations` → language → `stringUnit.value`, or `variations` (plural,
/// device) of string units, and `substitutions` for `%#@name@` placeholders. Read with the
/// shared strict JSON reader, so a trailing comma or a truncated file is an error at its line.
///
/// Skipped, as Xcode skips them when it builds the app: keys with `"shouldTranslate": false`
/// (unless the caller keeps them, marked) and keys whose `"extractionState"` is `"stale"` (no
/// longer found in the source code). Each entry's line is its own localization's value, so
/// two languages of one key are told apart; a source text with no localization of its own
/// (the key is the text) is at the key's line.
enum XCStringsReader {
    /// The most texts one localization expands to through its substitutions (each
    /// substitution multiplies the count by its number of plural variants).
    static let maximumExpansions = 256

    static func read(
        _ bytes: [UInt8], file: String, sourceLanguage: String?, samples: FormatSamples,
        keepingDoNotTranslate: Bool = false
    ) throws(CatalogError) -> [CatalogEntry] {
        let root = try document(bytes, file: file, what: "a String Catalog is a JSON object")
        guard let members = root.members else {
            throw CatalogError(
                file: file, line: root.position.line, "expected a JSON object with \"sourceLanguage\" and \"strings\"")
        }
        guard let strings = root["strings"], let keys = strings.members else {
            let place = members.first { $0.key == "strings" }?.keyPosition ?? root.position
            throw CatalogError(
                file: file, line: place.line, "missing or invalid \"strings\": expected an object of keys")
        }
        var source = sourceLanguage ?? "en"
        if let node = root["sourceLanguage"] {
            guard let text = node.stringValue else {
                throw CatalogError(
                    file: file, line: node.position.line, "\"sourceLanguage\" must be a string such as \"en\"")
            }
            source = text
        }
        var entries: [CatalogEntry] = []
        for member in keys {
            let key = member.key
            let line = member.keyPosition.line
            let item = member.value
            guard item.members != nil else {
                throw CatalogError(file: file, line: line, "the value of \"\(key)\" must be an object")
            }
            let shouldTranslate = item["shouldTranslate"]?.boolValue != false
            if !shouldTranslate && !keepingDoNotTranslate { continue }
            if item["extractionState"]?.stringValue == "stale" { continue }
            let comment = item["comment"]?.stringValue
            var localizations: [DocumentNode.Member] = []
            if let node = item["localizations"] {
                guard let list = node.members else {
                    throw CatalogError(
                        file: file, line: node.position.line,
                        "\"localizations\" of \"\(key)\" must be an object of languages")
                }
                localizations = list
            }
            if !localizations.contains(where: { $0.key == source }) {
                let filled = samples.fill(key, variant: nil)
                entries.append(
                    CatalogEntry(
                        key: key, variant: nil, language: source, text: filled.text, samples: filled.samples,
                        file: file, line: line, comment: comment, shouldTranslate: shouldTranslate))
            }
            for localization in localizations.sorted(by: { $0.key < $1.key }) {
                let language = localization.key
                guard localization.value.members != nil else {
                    throw CatalogError(
                        file: file, line: localization.keyPosition.line,
                        "localization \"\(language)\" of \"\(key)\" must be an object")
                }
                let expander = Substitutions(
                    localization.value["substitutions"], key: key, file: file, samples: samples)
                for unit in try units(localization.value, key: key, file: file, line: line) {
                    for expanded in try expander.expand(unit.text, variant: unit.variant, line: unit.line) {
                        let filled = samples.fill(expanded.text, variant: expanded.variant)
                        entries.append(
                            CatalogEntry(
                                key: key, variant: expanded.variant, language: language, text: filled.text,
                                samples: expanded.samples + filled.samples, file: file, line: unit.line,
                                comment: comment, shouldTranslate: shouldTranslate))
                    }
                }
            }
        }
        return entries
    }

    /// Reads JSON with the shared reader; an error names the file, the line and the column.
    static func document(_ bytes: [UInt8], file: String, what: String) throws(CatalogError) -> DocumentNode {
        do {
            return try DocumentNode.parseJSON(bytes)
        } catch {
            throw CatalogError(
                file: file, line: error.position?.line, column: error.position?.column,
                error.kind == .encoding
                    ? "\(error.message); save it as UTF-8" : "not valid JSON: \(error.message); \(what)")
        }
    }

    /// A string unit: its text, the path of its variation ("plural.one", "device.ipad") and
    /// the line of its value.
    struct Unit {
        var variant: String?
        var text: String
        var line: Int
    }

    /// The string units of a localization: its own `stringUnit`, then every variation's.
    static func units(_ node: DocumentNode, key: String, file: String, line: Int, path: String? = nil)
        throws(CatalogError) -> [Unit]
    {
        var result: [Unit] = []
        if let unit = node["stringUnit"] {
            guard let value = unit["value"], let text = value.stringValue else {
                throw CatalogError(
                    file: file, line: unit.position.line,
                    "\"stringUnit\" of \"\(key)\" must be an object with a string \"value\"")
            }
            result.append(Unit(variant: path, text: text, line: value.position.line))
        }
        if let variations = node["variations"]?.members {
            for kind in variations.sorted(by: { $0.key < $1.key }) {
                guard let cases = kind.value.members else { continue }
                for item in cases.sorted(by: { $0.key < $1.key }) where item.value.members != nil {
                    let childPath = [path, "\(kind.key).\(item.key)"].compactMap { $0 }.joined(separator: ".")
                    result += try units(item.value, key: key, file: file, line: line, path: childPath)
                }
            }
        }
        return result
    }
}

/// A localization's `substitutions`: each `%#@name@` in a text stands for one of the
/// substitution's plural variants, its `%arg` the substitution's argument
/// (`formatSpecifier`). A text is expanded into one text per combination of variants
/// ("%#@photos@ in %#@albums@": photos.one × albums.one, photos.one × albums.other, …).
struct Substitutions {
    let node: DocumentNode?
    let key: String
    let file: String
    let samples: FormatSamples

    init(_ node: DocumentNode?, key: String, file: String, samples: FormatSamples) {
        self.node = node
        self.key = key
        self.file = file
        self.samples = samples
    }

    struct Expanded {
        var text: String
        var variant: String?
        var samples: [String]
    }

    /// The names `%#@name@` in `text`, in order, each once.
    static func names(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "%#@") {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "@") else { break }
            let name = String(after[..<end])
            if !name.isEmpty && !names.contains(name) { names.append(name) }
            rest = after[after.index(after: end)...]
        }
        return names
    }

    func expand(_ text: String, variant: String?, line: Int) throws(CatalogError) -> [Expanded] {
        let names = Substitutions.names(in: text)
        guard !names.isEmpty else { return [Expanded(text: text, variant: variant, samples: [])] }
        var results = [Expanded(text: text, variant: variant, samples: [])]
        for name in names {
            guard let substitution = node?[name] else {
                throw CatalogError(
                    file: file, line: line,
                    "\"\(key)\" uses %#@\(name)@ but its localization has no substitution \"\(name)\" in \"substitutions\""
                )
            }
            let specifier = substitution["formatSpecifier"]?.stringValue ?? "lld"
            let cases = try XCStringsReader.units(substitution, key: key, file: file, line: line)
            guard !cases.isEmpty else {
                throw CatalogError(
                    file: file, line: substitution.position.line,
                    "substitution \"\(name)\" of \"\(key)\" has no variations with a string unit")
            }
            var next: [Expanded] = []
            for result in results {
                for item in cases {
                    let category = item.variant ?? "other"
                    let argument = samples.fill("%" + specifier, variant: category)
                    let filled = item.text.replacingOccurrences(of: "%arg", with: argument.text)
                    let label = "\(name).\(category.split(separator: ".").last.map(String.init) ?? category)"
                    next.append(
                        Expanded(
                            text: result.text.replacingOccurrences(of: "%#@\(name)@", with: filled),
                            variant: [result.variant, label].compactMap { $0 }.joined(separator: ", "),
                            samples: result.samples + argument.samples.map { "\(name): \($0)" }))
                }
            }
            guard next.count <= XCStringsReader.maximumExpansions else {
                throw CatalogError(
                    file: file, line: line,
                    "\"\(key)\" expands to more than \(XCStringsReader.maximumExpansions) texts through its substitutions"
                )
            }
            results = next
        }
        return results
    }
}
