import Catalogs
import Documents
import Foundation

/// The translations of one IB file, wherever Xcode puts them, read once: each language's
/// texts by key, and every key with the files and lines that hold it (for coverage: stale
/// keys, notes, *Don't Translate* marks).
struct InterfaceBuilderTranslations {
    /// The files read, in the order found.
    var files: [String] = []
    /// The languages, sorted by name, each with its translations by key.
    var languages: [InterfaceBuilderLanguage] = []
    /// Every entry read, any language (the source language's included), keyed by key: where a
    /// translation names an object, and what its comment says.
    var entriesByKey: [String: [CatalogEntry]] = [:]

    /// The translation files beside an IB file, as Xcode lays a project out
    /// (docs/interface-builder-check.md, *Where translations come from*): in the folder that
    /// holds `Base.lproj` (the file's own folder for a file outside a `.lproj`), each
    /// `xx.lproj/NAME.strings`, and a String Catalog `NAME.xcstrings` there, beside the file,
    /// or in any `*.lproj` folder there (Xcode 15 migrates IB catalogs into `mul.lproj`, and
    /// keeps some in `Base.lproj`). Paths are built from the one given, so findings name files
    /// as the user wrote them.
    static func files(beside path: String) -> [String] {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let folder = (path as NSString).deletingLastPathComponent
        let resources =
            (folder as NSString).lastPathComponent.hasSuffix(".lproj")
            ? (folder as NSString).deletingLastPathComponent : folder
        func join(_ base: String, _ name: String) -> String {
            base.isEmpty ? name : (base as NSString).appendingPathComponent(name)
        }
        let manager = FileManager.default
        var found: [String] = []
        func add(_ candidate: String) {
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                !found.contains(candidate)
            {
                found.append(candidate)
            }
        }
        let entries = (try? manager.contentsOfDirectory(atPath: resources.isEmpty ? "." : resources)) ?? []
        let lprojs = entries.filter { $0.hasSuffix(".lproj") }.sorted()
        for entry in lprojs where entry != "Base.lproj" {
            add(join(join(resources, entry), "\(stem).strings"))
        }
        add(join(resources, "\(stem).xcstrings"))
        add(join(folder, "\(stem).xcstrings"))
        for entry in lprojs { add(join(join(resources, entry), "\(stem).xcstrings")) }
        return found
    }

    /// Reads the translation files beside `path` and the `extra` ones named with it on the
    /// command line. A String Catalog's source language is the file's own text (Base) and is
    /// not a language; its plural and device variations are not used by IB files.
    static func read(beside path: String, extra: [String] = []) throws(RequestError) -> InterfaceBuilderTranslations {
        var result = InterfaceBuilderTranslations()
        result.files = files(beside: path)
        for file in extra where !result.files.contains(file) { result.files.append(file) }
        var byName: [String: InterfaceBuilderLanguage] = [:]
        for file in result.files {
            var source: String?
            if file.lowercased().hasSuffix(".xcstrings") {
                source = try sourceLanguage(ofCatalog: file)
            }
            let entries: [CatalogEntry]
            do {
                // A storyboard shows its texts as written: "%d" in a label is not a format.
                entries = try Catalogs.read(file, sourceLanguage: nil, samples: .asWritten, keepingDoNotTranslate: true)
            } catch {
                throw RequestError(error)
            }
            for entry in entries where entry.variant == nil {
                result.entriesByKey[entry.key, default: []].append(entry)
                guard entry.language != source, entry.shouldTranslate else { continue }
                var language =
                    byName[entry.language]
                    ?? InterfaceBuilderLanguage(
                        name: entry.language, direction: InterfaceBuilderLanguage.direction(of: entry.language))
                if language.translations[entry.key] == nil { language.translations[entry.key] = entry }
                byName[entry.language] = language
            }
        }
        result.languages = byName.keys.sorted().compactMap { byName[$0] }
        return result
    }

    /// A String Catalog's `sourceLanguage` ("en" when it names none).
    static func sourceLanguage(ofCatalog file: String) throws(RequestError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try Catalogs.contents(of: file)
        } catch {
            throw RequestError(error)
        }
        // A catalog that does not parse is reported by the reader, with its line.
        guard let root = try? DocumentNode.parseJSON(bytes) else { return "en" }
        return root["sourceLanguage"]?.stringValue ?? "en"
    }

    /// Why a key is not to be translated, from any file's entry: a String Catalog key marked
    /// *Don't Translate*, or a note that asks not to translate it.
    func doNotTranslateReason(_ key: String) -> String? {
        for entry in entriesByKey[key] ?? [] {
            if let reason = entry.doNotTranslateReason { return reason }
        }
        return nil
    }
}
