import Documents
import Foundation

/// One check that found a problem, as a baseline records it: the file, what is checked (an
/// IB object id and property, or a catalog key and variant), the language, the content size
/// category and the kind. No line and no size: an edit that moves lines or changes a
/// measurement a little leaves the entry as it is, and a new language or category is a new
/// entry (docs/reports.md, *Baselines*).
struct BaselineEntry: Sendable, Hashable, Comparable {
    /// The IB file, or the catalog for a spec's rule; relative to the baseline's folder once
    /// written or read.
    var file: String
    /// The IB object id (nil for a catalog key).
    var object: String?
    /// The IB property (`text`, `normalTitle`, `segmentTitles[1]`), nil for a catalog key.
    var property: String?
    /// The catalog key (nil for an IB text).
    var key: String?
    /// The catalog key's plural or device variant.
    var variant: String?
    /// The language.
    var language: String
    /// The content size category's raw value.
    var category: String
    /// The kind of finding (`truncated`, …).
    var kind: String

    /// The fields in a fixed order, for sorting and for writing.
    var fields: [(String, String)] {
        var pairs = [("file", file)]
        if let object { pairs.append(("object", object)) }
        if let property { pairs.append(("property", property)) }
        if let key { pairs.append(("key", key)) }
        if let variant { pairs.append(("variant", variant)) }
        pairs += [("language", language), ("category", category), ("kind", kind)]
        return pairs
    }

    static func < (lhs: BaselineEntry, rhs: BaselineEntry) -> Bool {
        let (left, right) = (lhs.sortKey, rhs.sortKey)
        return left.lexicographicallyPrecedes(right)
    }

    private var sortKey: [String] {
        [file, object ?? "", property ?? "", key ?? "", variant ?? "", language, category, kind]
    }

    /// One line of text: `FILE OBJECT.PROPERTY LANGUAGE CATEGORY KIND`, as the table lists
    /// fixed entries.
    var description: String {
        let subject =
            object.map { "\($0).\(property ?? "")" } ?? ((key ?? "") + (variant.map { " [\($0)]" } ?? ""))
        return "\(file): \(subject) \(language) \(category) \(kind)"
    }
}

/// A baseline file: the findings a team has accepted, so that `--baseline` fails only on new
/// ones. One JSON object whose `findings` array holds one entry per line, sorted, so that a
/// change to it reads well in review.
struct Baseline: Sendable {
    /// The entries, paths relative to the baseline's folder.
    var entries: Set<BaselineEntry>
    /// The folder paths are relative to (absolute).
    var folder: String

    /// The version `version` says; a file of another version is refused.
    static let version = 1

    /// The folder of a baseline file, absolute.
    static func folder(of path: String) -> String {
        (absolute(path) as NSString).deletingLastPathComponent
    }

    /// A path made absolute against the current folder, `.` and `..` resolved.
    static func absolute(_ path: String) -> String {
        let full =
            path.hasPrefix("/")
            ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` relative to the absolute folder `base` (with `../` where it lies outside).
    static func relative(_ path: String, to base: String) -> String {
        let target = absolute(path).split(separator: "/")
        let from = base.split(separator: "/")
        var common = 0
        while common < target.count, common < from.count, target[common] == from[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        let rest = target[common...].map(String.init)
        let joined = (ups + rest).joined(separator: "/")
        return joined.isEmpty ? "." : joined
    }

    /// An entry with its file made relative to this baseline's folder.
    func normalized(_ entry: BaselineEntry) -> BaselineEntry {
        var copy = entry
        copy.file = Baseline.relative(entry.file, to: folder)
        return copy
    }

    /// Whether the baseline holds the entry (its file as the run names it).
    func contains(_ entry: BaselineEntry) -> Bool { entries.contains(normalized(entry)) }

    /// The text of a baseline of `entries` written at `path`: sorted, one per line.
    static func text(_ entries: [BaselineEntry], at path: String) -> String {
        let folder = Baseline.folder(of: path)
        let lines = Set(entries.map { Baseline(entries: [], folder: folder).normalized($0) }).sorted().map { entry in
            "    " + JSONValue.object(entry.fields.map { ($0.0, JSONValue.string($0.1)) }).serialized()
        }
        return "{\n  \"version\": \(version),\n  \"tool\": \"measure check\",\n  \"findings\": [\n"
            + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + "  ]\n}\n"
    }

    /// Writes a baseline of `entries` to `path` (exit 73 when it cannot be written).
    static func write(_ entries: [BaselineEntry], to path: String) throws(RequestError) {
        try ReportOptions.write(text(entries, at: path), to: path)
    }

    /// Reads a baseline file; errors name the file and the line.
    static func read(_ path: String) throws(RequestError) -> Baseline {
        let bytes: [UInt8]
        do {
            bytes = try DocumentFile.read(path: path, limit: DocumentLimits.maximumBytes)
        } catch {
            throw RequestError(
                kind: "baselineNotFound", "cannot read the baseline '\(path)': \(error.message)", exitCode: 66)
        }
        let root: DocumentNode
        do {
            root = try DocumentNode.parseJSON(bytes)
        } catch {
            let place = error.position.map { "\(path):\($0.line):\($0.column)" } ?? path
            throw RequestError(kind: "invalidBaseline", "\(place): not valid JSON: \(error.message)", exitCode: 65)
        }
        func fail(_ node: DocumentNode, _ message: String) -> RequestError {
            RequestError(
                kind: "invalidBaseline",
                "\(path):\(node.position.line):\(node.position.column): \(message); write one with --write-baseline",
                exitCode: 65)
        }
        guard root.members != nil else { throw fail(root, "a baseline is a JSON object with \"findings\"") }
        if let version = root["version"], version.numberValue != Double(Baseline.version) {
            throw fail(version, "version must be \(Baseline.version)")
        }
        guard let list = root["findings"]?.arrayValue else {
            throw fail(root, "missing \"findings\": an array of entries")
        }
        var entries = Set<BaselineEntry>()
        for item in list {
            guard item.members != nil else { throw fail(item, "each finding is an object") }
            func field(_ name: String, required: Bool = true) throws(RequestError) -> String? {
                guard let node = item[name] else {
                    if required { throw fail(item, "the finding has no \"\(name)\"") }
                    return nil
                }
                guard let text = node.stringValue else { throw fail(node, "\"\(name)\" must be a string") }
                return text
            }
            let entry = BaselineEntry(
                file: try field("file") ?? "", object: try field("object", required: false),
                property: try field("property", required: false), key: try field("key", required: false),
                variant: try field("variant", required: false), language: try field("language") ?? "",
                category: try field("category") ?? "", kind: try field("kind") ?? "")
            guard (entry.object != nil && entry.property != nil) || entry.key != nil else {
                throw fail(item, "a finding names an \"object\" and \"property\", or a \"key\"")
            }
            entries.insert(entry)
        }
        return Baseline(entries: entries, folder: folder(of: path))
    }
}
