import Foundation

/// The catalog `benchmarks check` times, made deterministically from the corpus of real UI
/// strings (`Benchmarks/corpus/ui-strings.tsv`): a String Catalog of `keys` keys in
/// `languages` languages, and a spec of width rules at three content size categories.
///
/// Key `n` is `title.n`, `button.n`, `body.n` or `caption.n` (by `n % 4`, so every rule has a
/// quarter of the keys); its text in a language is that language's `n`-th corpus text
/// (wrapping round). The texts are not translations of each other; what counts is that they
/// are real strings of each script at real lengths. `CheckWorkloadTests` pins the shape and
/// the findings at a small size.
package struct CheckWorkload: Sendable {
    /// The languages taken, in order: English first (the catalog's source language), then
    /// Latin, Cyrillic, Greek, Hebrew and CJK scripts, each with at least 2,000 corpus texts.
    package static let allLanguages = ["en", "de", "es", "fr", "pl", "ru", "el", "he", "ja", "ko"]

    /// The content size categories every rule is checked at.
    package static let categories = ["large", "extraExtraExtraLarge", "accessibilityExtraExtraExtraLarge"]

    /// Keys in the catalog.
    package var keys: Int
    /// Languages, the first `languages` of ``allLanguages``.
    package var languages: Int

    /// A workload of `keys` keys in the first `languages` languages (1 to 10).
    package init(keys: Int, languages: Int) {
        self.keys = max(1, keys)
        self.languages = min(max(1, languages), Self.allLanguages.count)
    }

    /// The checks the workload makes: keys × languages × categories.
    package var checks: Int { keys * languages * Self.categories.count }

    /// The spec: one rule per key prefix, all in Inter (named, so the default-font rule
    /// cannot move the findings) following Dynamic Type.
    package static let spec = """
        {
          "sourceLanguage": "en",
          "defaults": {"font": "Inter", "textStyle": "body",
                       "categories": ["large", "extraExtraExtraLarge", "accessibilityExtraExtraExtraLarge"]},
          "rules": [
            {"key": "title.*", "control": "label", "width": 200, "lines": 1, "textStyle": "headline"},
            {"key": "button.*", "control": "button", "width": 120},
            {"key": "body.*", "control": "label", "width": 343, "lines": 0, "maxHeight": 120},
            {"key": "caption.*", "control": "label", "width": 160, "lines": 2, "textStyle": "footnote"}
          ]
        }

        """

    /// The texts of a corpus file (`language<TAB>text` lines after a header, `\\n`, `\\t`,
    /// `\\r` and `\\\\` escaped), by language, in file order.
    package static func texts(corpus path: String) throws(CatalogCheckError) -> [String: [String]] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogCheckError(kind: "unreadableFile", message: "cannot read the corpus '\(path)'", exitCode: 66)
        }
        var texts: [String: [String]] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst() {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            texts[String(line[..<tab]), default: []].append(unescape(line[line.index(after: tab)...]))
        }
        return texts
    }

    /// Undoes the corpus's escapes: `\n`, `\t` and `\r` become the characters, a backslash
    /// before any other character leaves that character.
    package static func unescape(_ text: Substring) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The key of number `n`.
    package static func key(_ n: Int) -> String {
        let prefix = ["title", "button", "body", "caption"][n % 4]
        return "\(prefix).\(String(repeating: "0", count: max(0, 4 - String(n).count)))\(n)"
    }

    /// The String Catalog's JSON: one key a line, languages in ``allLanguages`` order.
    ///
    /// - Throws: when the corpus lacks one of the languages.
    package func catalog(from texts: [String: [String]]) throws(CatalogCheckError) -> String {
        let chosen = Array(Self.allLanguages.prefix(languages))
        for language in chosen where texts[language, default: []].isEmpty {
            throw CatalogCheckError(
                kind: "invalidCorpus", message: "the corpus has no \(language) texts", exitCode: 65)
        }
        var lines = ["{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {"]
        for n in 0..<keys {
            let localizations: [(String, JSONValue)] = chosen.map { language in
                let list = texts[language, default: []]
                let unit = JSONValue.object([
                    ("state", .string("translated")), ("value", .string(list[n % list.count])),
                ])
                return (language, .object([("stringUnit", unit)]))
            }
            let entry = JSONValue.object([("localizations", .object(localizations))]).serialized()
            lines.append("\(JSONValue.string(Self.key(n)).serialized()): \(entry)\(n + 1 < keys ? "," : "")")
        }
        lines.append("}}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `Workload.xcstrings` and `spec.json` into `directory` (made if needed).
    ///
    /// - Returns: the catalog's and the spec's paths.
    package func write(from texts: [String: [String]], to directory: String) throws(CatalogCheckError) -> (
        catalog: String, spec: String
    ) {
        let folder = URL(fileURLWithPath: directory)
        let catalogURL = folder.appendingPathComponent("Workload.xcstrings")
        let specURL = folder.appendingPathComponent("spec.json")
        let text = try catalog(from: texts)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: catalogURL)
            try Data(Self.spec.utf8).write(to: specURL)
        } catch {
            throw CatalogCheckError(
                kind: "unwritableFile", message: "cannot write the workload into '\(directory)': \(error)",
                exitCode: 73)
        }
        return (catalogURL.path, specURL.path)
    }
}
