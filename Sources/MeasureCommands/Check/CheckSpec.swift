import AutoLayout
import Catalogs
import Controls
import Documents
import Foundation
import Typesetting

/// What `measure check` checks: per key pattern, the control, its width and lines, the font or
/// text style, the content size categories, and per-language font overrides. See README.md.
struct CheckSpec: Sendable {
    /// How one group of keys is shown.
    struct Rule: Sendable {
        /// Glob patterns (`*`, `?`) matched against whole keys.
        var patterns: [String]
        var control: ControlKind = .label
        var width: Double = 0
        /// The most lines (label); nil is the control's default (1 for a label).
        var lines: Int?
        /// Fail when the control needs more height than this (points).
        var maxHeight: Double?
        var font = FontSpecification()
        var categories: [ContentSizeCategory] = [.large]
        /// Language → family (or font file) overrides; once the spec is parsed, keyed by
        /// normalized language ("zh-cn").
        var fonts: [String: String] = [:]
        var padding: UIEdgeInsets = .zero
        var contentInsets: UIEdgeInsets = .zero
        var lineBreakMode: LineBreakMode?
        var letterSpacing: Double = 0
        /// Where in the spec the rule is, for messages ("rules[2]").
        var name: String = ""
        /// A view of a layout file to fill with each text, instead of a width.
        var layout: LayoutTarget?

        func matches(_ key: String) -> Bool { patterns.contains { Glob.matches($0, key) } }

        /// The family for `language`: an exact override ("zh-Hant"), else one for its primary
        /// subtag ("zh"), else the rule's family.
        func family(for language: String) -> String? {
            let normalized = CheckSpec.normalizedLanguage(language)
            if let exact = fonts[normalized] { return exact }
            if let primary = normalized.split(separator: "-").first, let match = fonts[String(primary)] {
                return match
            }
            return font.family
        }
    }

    /// A view in a layout file: the text goes into it and the screen is laid out on the device.
    struct LayoutTarget: Sendable {
        /// The layout file (made absolute against the spec's folder).
        var path: String
        /// The view's name in the file.
        var view: String
        /// A device to lay the file out on instead of its own screen.
        var device: String?
    }

    var sourceLanguage: String?
    /// Only these languages are checked (nil: all).
    var languages: [String]?
    var scale: Double = 2
    var rules: [Rule] = []
    /// The values format specifiers are measured with (`samples` in the spec; `--sample`
    /// overrides them).
    var samples = FormatSamples()

    /// A JSON number as a Double; nil for anything else (a boolean included).
    static func number(_ value: Any?) -> Double? {
        guard let value, !(value is Bool) else { return nil }
        return value as? Double
    }

    /// A node read by the shared reader as plain values for the field checks below: objects
    /// as `[String: Any]`, arrays as `[Any]`, numbers as `Double`, `null` as `NSNull`.
    static func plain(_ node: DocumentNode) -> Any {
        switch node.value {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .number(let number): return number
        case .string(let text): return text
        case .array(let elements): return elements.map(plain)
        case .object(let members):
            var object: [String: Any] = [:]
            for member in members { object[member.key] = plain(member.value) }
            return object
        }
    }

    /// "zh_CN" → "zh-cn".
    static func normalizedLanguage(_ tag: String) -> String {
        tag.replacingOccurrences(of: "_", with: "-").lowercased()
    }

    static let ruleFields: Set<String> = [
        "key", "keys", "control", "width", "lines", "maxHeight", "font", "size", "weight", "italic", "textStyle",
        "categories", "fonts", "padding", "contentInsets", "lineBreakMode", "letterSpacing", "device", "layout",
        "view", "comment",
    ]
    static let topFields: Set<String> = [
        "sourceLanguage", "languages", "scale", "fonts", "defaults", "rules", "samples", "comment", "$schema",
    ]

    /// Reads and checks a spec file; every error names the file and the field.
    static func load(_ path: String) throws(RequestError) -> CheckSpec {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw RequestError(
                kind: "specNotFound", "spec '\(path)' is a directory; pass the spec's JSON file", exitCode: 66)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RequestError(kind: "specNotFound", "cannot read spec '\(path)': no such file", exitCode: 66)
        }
        guard data.count <= DocumentLimits.maximumBytes else {
            throw RequestError(
                kind: "invalidSpec", "\(path): larger than \(DocumentLimits.maximumBytes >> 20) MiB", exitCode: 65)
        }
        let node: DocumentNode
        do {
            node = try DocumentNode.parseJSON([UInt8](data))
        } catch {
            let place = error.position.map { "\(path):\($0.line):\($0.column)" } ?? path
            throw RequestError(
                kind: "invalidSpec",
                "\(place): not valid JSON: \(error.message); a spec is a JSON object with \"rules\"",
                exitCode: 65)
        }
        return try parse(plain(node), file: path, document: node)
    }

    /// Checks a spec read as plain values; `document`, the same spec as read, gives each error
    /// the line and column of its field ("spec.json:4:25: rules[1].width: …").
    static func parse(_ object: Any, file: String, document: DocumentNode? = nil) throws(RequestError) -> CheckSpec {
        func fail(_ field: String, _ message: String) -> RequestError {
            let place =
                document.flatMap { position(of: field, in: $0) }.map { "\(file):\($0.line):\($0.column)" } ?? file
            return RequestError(kind: "invalidSpec", "\(place): \(field): \(message)", exitCode: 65)
        }
        guard let root = object as? [String: Any] else {
            throw fail("top level", "expected a JSON object with \"rules\": [{\"key\": \"*\", \"width\": 343}]")
        }
        if let unknown = root.keys.sorted().first(where: { !topFields.contains($0) }) {
            throw fail(
                unknown,
                "unknown field; known fields: \(topFields.filter { $0 != "$schema" }.sorted().joined(separator: ", "))")
        }
        var spec = CheckSpec()
        if let value = root["sourceLanguage"] {
            guard let text = value as? String else { throw fail("sourceLanguage", "must be a string such as \"en\"") }
            spec.sourceLanguage = text
        }
        if let value = root["languages"] {
            guard let list = value as? [String] else { throw fail("languages", "must be an array of language codes") }
            spec.languages = list
        }
        if let value = root["samples"] {
            guard let object = value as? [String: Any] else {
                throw fail("samples", "must be an object such as {\"integer\": \"99999\", \"string\": \"Alexandria\"}")
            }
            for (kind, sample) in object.sorted(by: { $0.key < $1.key }) {
                guard let text = sample as? String, spec.samples.set(kind, to: text) else {
                    throw fail(
                        "samples.\(kind)",
                        "must be a string, for one of: \(FormatSamples.kinds.joined(separator: ", "))")
                }
            }
        }
        if let value = root["scale"] {
            guard let scale = number(value), [1, 2, 3].contains(scale) else { throw fail("scale", "must be 1, 2 or 3") }
            spec.scale = scale
        }
        let topFonts = try fonts(root["fonts"], field: "fonts", fail: fail)
        let defaults = root["defaults"] ?? [String: Any]()
        guard let defaultsObject = defaults as? [String: Any] else {
            throw fail("defaults", "must be an object with rule fields (control, width, lines, textStyle, …)")
        }
        guard let rules = root["rules"] as? [Any], !rules.isEmpty else {
            throw fail("rules", "must be a non-empty array of rules such as {\"key\": \"login.*\", \"width\": 120}")
        }
        for (index, item) in rules.enumerated() {
            let name = "rules[\(index)]"
            guard let object = item as? [String: Any] else { throw fail(name, "must be an object") }
            var merged = defaultsObject
            for (key, value) in object { merged[key] = value }
            var rule = try Rule(merged, explicit: Set(object.keys), name: name, fail: fail)
            // Normalized once here, not on every lookup (one per text and category checked).
            let overrides = topFonts.merging(rule.fonts) { _, ruleFont in ruleFont }
            rule.fonts = Dictionary(overrides.map { (normalizedLanguage($0.key), $0.value) }) { first, _ in first }
            if let layout = rule.layout {
                rule.layout?.path = resolve(layout.path, besides: file)
            }
            spec.rules.append(rule)
        }
        // A default is given to the rules it applies to; one that applies to none does nothing.
        for field in defaultsObject.keys.sorted() {
            let reasons = spec.rules.map { Rule.reason(field, doesNotApplyTo: $0.control, layout: $0.layout != nil) }
            if let reason = reasons.first ?? nil, reasons.allSatisfy({ $0 != nil }) {
                throw fail("defaults.\(field)", "applies to no rule: \(reason)")
            }
        }
        return spec
    }

    /// Where a field named as in error messages ("rules[2].width", "samples.colour") is
    /// written: the value's position, or the key's for an unknown field; a rule field that
    /// came from `defaults` is found there. Nil when the spec does not write it.
    static func position(of field: String, in document: DocumentNode) -> SourcePosition? {
        var node: DocumentNode? = document
        var position: SourcePosition?
        var parts = field.split(separator: ".").map(String.init)
        if parts.first?.hasPrefix("rules[") == true, parts.count > 1, let rule = resolve(parts[0], in: document),
            rule[parts[1]] == nil, document["defaults"]?[parts[1]] != nil
        {
            parts[0] = "defaults"
        }
        for part in parts {
            guard let current = node else { return position }
            node = resolve(part, in: current)
            if let members = current.members, let member = members.first(where: { $0.key == part }) {
                position = member.value.position
            } else if let node {
                position = node.position
            } else {
                return position
            }
        }
        return position
    }

    /// One step of a field path: "rules[2]" or "width".
    private static func resolve(_ part: String, in node: DocumentNode) -> DocumentNode? {
        guard let open = part.firstIndex(of: "["), part.hasSuffix("]"),
            let index = Int(part[part.index(after: open)..<part.index(before: part.endIndex)])
        else { return node[part] }
        guard let elements = node[String(part[..<open])]?.arrayValue, elements.indices.contains(index) else {
            return nil
        }
        return elements[index]
    }

    /// A path written in the spec, made absolute against the spec's own folder: "../x.json"
    /// beside "specs/spec.json" is "<current folder>/x.json", whether the spec was named by a
    /// relative or an absolute path (`CheckSpecPathTests`).
    static func resolve(_ path: String, besides spec: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let specPath = spec.hasPrefix("/") ? spec : current + "/" + spec
        let folder = specPath.split(separator: "/", omittingEmptySubsequences: true).dropLast()
        let joined = path.hasPrefix("/") ? path.split(separator: "/") : Array(folder) + path.split(separator: "/")
        var parts: [Substring] = []
        for part in joined {
            switch part {
            case ".", "": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Refuses a `languages` entry that no catalog holds: a typo would otherwise check nothing
    /// and pass. Languages compare normalized ("zh_CN" is "zh-cn").
    func checkLanguages(against entries: [CatalogEntry], file: String) throws(RequestError) {
        guard let languages else { return }
        let present = Set(entries.map { CheckSpec.normalizedLanguage($0.language) })
        let missing = languages.filter { !present.contains(CheckSpec.normalizedLanguage($0)) }
        guard missing.isEmpty else {
            let available = present.isEmpty ? "none" : present.sorted().joined(separator: ", ")
            throw RequestError(
                kind: "invalidSpec",
                "\(file): languages: \(missing.map { "'\($0)'" }.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") in no catalog; the catalogs hold: \(available)",
                exitCode: 65)
        }
    }

    static func fonts(_ value: Any?, field: String, fail: (String, String) -> RequestError) throws(RequestError)
        -> [String: String]
    {
        guard let value else { return [:] }
        guard let object = value as? [String: Any] else {
            throw fail(field, "must be an object of language → font, such as {\"ja\": \"Hiragino Sans\"}")
        }
        var result: [String: String] = [:]
        for (language, font) in object {
            guard let name = font as? String else {
                throw fail("\(field).\(language)", "must be a font family or file path")
            }
            result[language] = name
        }
        return result
    }
}

extension CheckSpec.Rule {
    /// The fields a layout rule takes from its layout file's view, not from the spec.
    static let layoutViewFields: Set<String> = [
        "width", "control", "lines", "maxHeight", "font", "size", "weight", "italic", "textStyle", "padding",
        "contentInsets", "lineBreakMode", "letterSpacing",
    ]

    /// Why `field` would do nothing in a rule for `control` (or a layout rule), as the CLI
    /// refuses an option that does nothing (`--padding` on a button): nil when it applies.
    /// `CheckSpecFieldsTests` pins each case.
    static func reason(_ field: String, doesNotApplyTo control: ControlKind, layout: Bool) -> String? {
        if layout {
            if field == "width" { return "give \"width\" or a \"layout\", not both: the layout decides the width" }
            return layoutViewFields.contains(field)
                ? "comes from the layout file's view with \"layout\"; set it there" : nil
        }
        switch field {
        case "layout": return nil
        case "device", "view": return "needs a \"layout\" file: the \(field) names that file's screen or view"
        case "lines", "lineBreakMode":
            return control == .label
                ? nil : "only a label takes \(field), and this rule's control is a \(control.rawValue)"
        case "padding":
            return control == .label
                ? nil
                : "only a label takes padding, and this rule's control is a \(control.rawValue)"
                    + (control == .button ? "; a button takes contentInsets" : "")
        case "contentInsets":
            return control == .button
                ? nil
                : "only a button takes contentInsets (contentEdgeInsets), and this rule's control is a \(control.rawValue)"
                    + (control == .label ? "; a label takes padding" : "")
        default: return nil
        }
    }

    /// Reads a rule: `object` is the rule with the spec's `defaults` under it, `explicit` the
    /// fields the rule itself writes. A field that would do nothing for the rule's control (or
    /// in a layout rule) is an error when the rule writes it; a default is given only to the
    /// rules it applies to (`reason(_:doesNotApplyTo:layout:)`).
    init(_ object: [String: Any], explicit: Set<String>, name: String, fail: (String, String) -> RequestError)
        throws(RequestError)
    {
        self.name = name
        if let unknown = object.keys.sorted().first(where: { !CheckSpec.ruleFields.contains($0) }) {
            throw fail(
                "\(name).\(unknown)",
                "unknown field; known fields: \(CheckSpec.ruleFields.sorted().joined(separator: ", "))")
        }
        var object = object
        let isLayout = object["layout"] != nil
        let controlName = (object["control"] as? String)?.lowercased().replacingOccurrences(of: " ", with: "")
        // An unknown control is refused below, with the controls allowed.
        if let kind = controlName.map(ControlKind.init(rawValue:)) ?? .label {
            for field in object.keys.sorted() {
                guard let reason = Self.reason(field, doesNotApplyTo: kind, layout: isLayout) else { continue }
                if explicit.contains(field) { throw fail("\(name).\(field)", reason) }
                object[field] = nil
            }
        }
        if let layout = object["layout"] {
            guard let path = layout as? String, !path.isEmpty else {
                throw fail("\(name).layout", "must be the path of a layout file (relative to the spec)")
            }
            guard let view = object["view"] as? String, !view.isEmpty else {
                throw fail(
                    "\(name).view", "required with \"layout\": the name of the label, button or text view to fill")
            }
            if object["width"] != nil {
                throw fail("\(name).width", "give \"width\" or a \"layout\", not both: the layout decides the width")
            }
            for field in [
                "control", "lines", "font", "size", "weight", "italic", "textStyle", "padding", "contentInsets",
            ]
            where object[field] != nil {
                throw fail(
                    "\(name).\(field)", "comes from the layout file's view with \"layout\"; set it there")
            }
            var device: String?
            if let value = object["device"] {
                guard let text = value as? String, Device.named(text) != nil else {
                    throw fail(
                        "\(name).device", "unknown device; known: " + Device.all.map(\.name).joined(separator: ", "))
                }
                device = text
            }
            self.layout = CheckSpec.LayoutTarget(path: path, view: view, device: device)
        } else if object["device"] != nil || object["view"] != nil {
            throw fail(
                "\(name).\(object["device"] != nil ? "device" : "view")",
                "needs a \"layout\" file: the device lays out that file's screen")
        }
        func number(_ field: String) throws(RequestError) -> Double? {
            guard let value = object[field] else { return nil }
            guard let number = CheckSpec.number(value), number.isFinite else {
                throw fail("\(name).\(field)", "must be a number")
            }
            return number
        }
        func string(_ field: String) throws(RequestError) -> String? {
            guard let value = object[field] else { return nil }
            guard let text = value as? String else { throw fail("\(name).\(field)", "must be a string") }
            return text
        }
        func insets(_ field: String) throws(RequestError) -> UIEdgeInsets {
            guard let value = object[field] else { return .zero }
            if let items = value as? [Any], case let list = items.compactMap(CheckSpec.number), list.count == 4,
                items.count == 4, list.allSatisfy(\.isFinite)
            {
                return UIEdgeInsets(top: list[0], left: list[1], bottom: list[2], right: list[3])
            }
            if let text = value as? String, let parsed = try? UIEdgeInsets(parsing: text) { return parsed }
            throw fail("\(name).\(field)", "must be [top, left, bottom, right] or \"t,l,b,r\"")
        }

        switch object["key"] ?? object["keys"] {
        case let pattern as String: patterns = [pattern]
        case let list as [String] where !list.isEmpty: patterns = list
        default: throw fail("\(name).key", "must be a key or glob pattern (\"login.*\"), or an array of them")
        }
        if let control = try string("control") {
            guard let kind = ControlKind(rawValue: control.lowercased().replacingOccurrences(of: " ", with: "")) else {
                throw fail("\(name).control", "unknown control '\(control)'; allowed: label, button, textview")
            }
            self.control = kind
        }
        if layout == nil {
            guard let width = try number("width"), width > 0 else {
                throw fail(
                    "\(name).width",
                    "required: the control's width in points, a number greater than 0 (or a \"layout\" and \"view\")")
            }
            self.width = width
        }
        if let lines = try number("lines") {
            guard lines >= 0, lines == lines.rounded(), lines < 10_000 else {
                throw fail("\(name).lines", "must be 0 (unlimited) or a positive whole number")
            }
            self.lines = Int(lines)
        }
        if let maxHeight = try number("maxHeight") {
            guard maxHeight > 0 else { throw fail("\(name).maxHeight", "must be greater than 0") }
            self.maxHeight = maxHeight
        }
        if control == .textview && maxHeight == nil {
            throw fail("\(name).maxHeight", "required for a text view: it grows to fit, so only a height can overflow")
        }
        if control == .label && lines == 0 && maxHeight == nil {
            throw fail("\(name).maxHeight", "required for a label with lines 0: unlimited lines never truncate")
        }
        font.family = try string("font")
        font.size = try number("size")
        var weightName = object["weight"] as? String
        if weightName == nil, let number = CheckSpec.number(object["weight"]), number.isFinite, abs(number) < 1e6 {
            weightName = String(Int(number))
        }
        if object["weight"] != nil && weightName == nil { throw fail("\(name).weight", "must be a name or a number") }
        if let weight = weightName {
            guard let parsed = FontWeight(parsing: weight) else {
                throw fail(
                    "\(name).weight", "unknown weight '\(weight)'; use regular, medium, semibold, bold, … or 1-1000")
            }
            font.weight = parsed
        }
        if let italic = object["italic"] {
            guard let flag = italic as? Bool else { throw fail("\(name).italic", "must be true or false") }
            font.italic = flag
        }
        if let style = try string("textStyle") {
            do { font.textStyle = try TextStyle(validating: style) } catch {
                throw fail("\(name).textStyle", error.message)
            }
        }
        if font.textStyle != nil, font.size != nil {
            throw fail(name, "give \"size\" or \"textStyle\", not both: the text style sets the size per category")
        }
        if let value = object["categories"] {
            if let word = value as? String, word.lowercased() == "all" {
                categories = ContentSizeCategory.allCases
            } else if let list = value as? [String], !list.isEmpty {
                categories = []
                for item in list {
                    do { categories.append(try ContentSizeCategory(validating: item)) } catch {
                        throw fail("\(name).categories", error.message)
                    }
                }
            } else {
                throw fail(
                    "\(name).categories", "must be \"all\" or an array such as [\"large\", \"accessibilityExtraLarge\"]"
                )
            }
            if font.textStyle == nil && categories != [.large] && layout == nil {
                throw fail(
                    "\(name).categories", "content size categories need a \"textStyle\" (a fixed size does not scale)")
            }
        }
        fonts = try CheckSpec.fonts(object["fonts"], field: "\(name).fonts", fail: fail)
        padding = try insets("padding")
        contentInsets = try insets("contentInsets")
        if let mode = try string("lineBreakMode") {
            guard let parsed = LineBreakMode(parsing: mode) else {
                throw fail("\(name).lineBreakMode", "one of " + LineBreakMode.allowedNames)
            }
            lineBreakMode = parsed
        }
        letterSpacing = try number("letterSpacing") ?? 0
        if abs(letterSpacing) > MeasureRequest.largestLetterSpacing {
            throw fail("\(name).letterSpacing", "must be from -10000 to 10000 points")
        }
    }
}

/// Glob matching on whole keys: `*` is any run of characters (dots included), `?` one character.
enum Glob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern)
        let t = Array(text)
        var pi = 0
        var ti = 0
        var star = -1
        var mark = 0
        while ti < t.count {
            if pi < p.count && (p[pi] == "?" || p[pi] == t[ti]) {
                pi += 1
                ti += 1
            } else if pi < p.count && p[pi] == "*" {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
