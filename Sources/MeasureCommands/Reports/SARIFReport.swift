import Foundation

/// SARIF 2.1.0 of a findings model: one rule per problem kind (with its help text), one
/// result per finding located at the catalog or `.strings` line (or the layout element), the
/// IB element as a related location. Validates against the SARIF 2.1.0 JSON schema
/// (`ReportFormatsTests`).
///
/// Paths are relative URIs against `%SRCROOT%` (`originalUriBaseIds`: the folder checked, or
/// the current folder when files are named); each result has `partialFingerprints` that
/// follow the finding, not its line, so code-scanning services recognise it across runs; with
/// a baseline, `baselineState` says `new` or `unchanged`, and fixed findings come back as
/// `absent` results (docs/reports.md, *SARIF*).
enum SARIFReport {
    /// The base id relative URIs are resolved against.
    static let rootID = "%SRCROOT%"

    static func json(_ model: FindingsModel) -> String {
        let kinds = FindingsModel.kinds.map(\.kind)
        let extra = Set(model.findings.map(\.kind)).subtracting(kinds).sorted()
        let ruleIDs = kinds + extra
        let failOn = model.totals.map { Set($0.failOn) }
        func level(_ kind: String) -> String {
            guard let failOn else { return kind == "shrunk" ? "warning" : "error" }
            if failOn.contains(kind) { return "error" }
            return kind == "drawnPastBounds" ? "note" : "warning"
        }
        let root = Baseline.absolute(model.sourceRoot ?? FileManager.default.currentDirectoryPath)
        let rules: [JSONValue] = ruleIDs.map { kind in
            .object([
                ("id", .string(kind)),
                ("name", .string(kind)),
                (
                    "shortDescription",
                    .object([("text", .string(FindingsModel.help(for: kind).prefix { $0 != "." } + "."))])
                ),
                ("help", .object([("text", .string(FindingsModel.help(for: kind)))])),
                ("defaultConfiguration", .object([("level", .string(level(kind)))])),
            ])
        }
        var results: [JSONValue] = model.findings.map { finding in
            var pairs: [(String, JSONValue)] = [
                ("ruleId", .string(finding.kind)),
                ("ruleIndex", .number(Double(ruleIDs.firstIndex(of: finding.kind) ?? 0))),
                ("level", .string(level(finding.kind))),
                ("message", .object([("text", .string(finding.message))])),
            ]
            if let location = finding.location {
                pairs.append(("locations", .array([Self.location(location, id: nil, root: root)])))
            }
            if let related = finding.related {
                pairs.append(("relatedLocations", .array([Self.location(related, id: 1, root: root)])))
            }
            pairs.append(
                ("partialFingerprints", .object(fingerprints(identity(finding, root: root)).map { ($0, .string($1)) })))
            if let state = finding.baselineState { pairs.append(("baselineState", .string(state))) }
            var properties: [(String, JSONValue)] = [
                ("key", .string(finding.checked.subject)), ("language", .string(finding.checked.language)),
                ("category", .string(finding.checked.category)),
            ]
            if !finding.languages.isEmpty {
                properties.append(("languages", .array(finding.languages.map(JSONValue.string))))
                properties.append(("categories", .array(finding.categories.map(JSONValue.string))))
            }
            properties.append(("shown", .array(finding.shown.map(JSONValue.string))))
            if let needed = finding.needed { properties.append(("needed", size(needed))) }
            if let available = finding.available { properties.append(("available", size(available))) }
            if let approximate = finding.approximate { properties.append(("approximate", .string(approximate))) }
            if !finding.missingCharacters.isEmpty {
                properties.append(("missingCharacters", .array(finding.missingCharacters.map(JSONValue.string))))
            }
            pairs.append(("properties", .object(properties)))
            return .object(pairs)
        }
        // Fixed since the baseline: absent results, so a service can close them.
        for entry in model.totals?.fixed ?? [] {
            let subject = entry.object.map { "\($0).\(entry.property ?? "")" } ?? entry.key ?? ""
            let location = FindingLocation(file: entry.file, line: nil, role: "fixed")
            results.append(
                .object([
                    ("ruleId", .string(entry.kind)),
                    ("ruleIndex", .number(Double(ruleIDs.firstIndex(of: entry.kind) ?? 0))),
                    ("kind", .string("pass")),
                    ("level", .string("none")),
                    (
                        "message",
                        .object([
                            (
                                "text",
                                .string(
                                    "'\(subject)' (\(entry.language); \(entry.category)) is no longer \(entry.kind): fixed since the baseline"
                                )
                            )
                        ])
                    ),
                    ("locations", .array([Self.location(location, id: nil, root: root)])),
                    (
                        "partialFingerprints",
                        .object(
                            fingerprints(
                                [entry.file, subject, entry.kind, entry.language, entry.category].joined(
                                    separator: "\u{1F}")
                            ).map { ($0, .string($1)) })
                    ),
                    ("baselineState", .string("absent")),
                ]))
        }
        var run: [(String, JSONValue)] = [
            (
                "tool",
                .object([
                    (
                        "driver",
                        .object([
                            ("name", .string("measure")),
                            ("fullName", .string(model.command)),
                            ("rules", .array(rules)),
                        ])
                    )
                ])
            ),
            ("originalUriBaseIds", .object([(rootID, .object([("uri", .string(directoryURI(root)))]))])),
        ]
        if let errors = model.totals?.errors {
            let notifications: [JSONValue] = errors.map { failure in
                let (line, column) = GitHubReport.place(of: failure)
                return .object([
                    ("level", .string("error")),
                    ("message", .object([("text", .string(failure.message))])),
                    (
                        "locations",
                        .array([
                            Self.location(
                                FindingLocation(file: failure.file, line: line, column: column, role: failure.kind),
                                id: nil, root: root)
                        ])
                    ),
                ])
            }
            run.append(
                (
                    "invocations",
                    .array([
                        .object([
                            ("executionSuccessful", .bool(errors.isEmpty)),
                            ("toolExecutionNotifications", .array(notifications)),
                        ])
                    ])
                ))
        }
        run.append(("results", .array(results)))
        return JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ]).serialized()
    }

    /// What stays the same while a finding is the same finding: its file (relative to the
    /// root), what is checked, its kind, and the languages and categories it stands for; not
    /// its line or sizes.
    static func identity(_ finding: ReportFinding, root: String) -> String {
        let file = finding.catalog?.element?.file ?? finding.location?.file ?? ""
        let languages = finding.languages.isEmpty ? [finding.checked.language] : finding.languages
        let categories = finding.categories.isEmpty ? [finding.checked.category] : finding.categories
        return [
            Baseline.relative(file, to: root), finding.checked.subject, finding.kind,
            languages.joined(separator: ","), categories.joined(separator: ","),
        ].joined(separator: "\u{1F}")
    }

    /// The partial fingerprints of an identity: `measure/v1`, and GitHub code scanning's
    /// `primaryLocationLineHash` (the only one it reads), both its FNV-1a hash in hex.
    static func fingerprints(_ identity: String) -> [(String, String)] {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in identity.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        let value = String(repeating: "0", count: 16 - hex.count) + hex
        return [("measure/v1", value), ("primaryLocationLineHash", value)]
    }

    static func size(_ size: CGSize) -> JSONValue {
        .object([("width", .number(Double(size.width))), ("height", .number(Double(size.height)))])
    }

    static func location(_ location: FindingLocation, id: Int?, root: String) -> JSONValue {
        var region: [(String, JSONValue)] = []
        if let line = location.line, line > 0 { region.append(("startLine", .number(Double(line)))) }
        if let column = location.column, column > 0, !region.isEmpty {
            region.append(("startColumn", .number(Double(column))))
        }
        var physical: [(String, JSONValue)] = [("artifactLocation", artifact(location.file, root: root))]
        if !region.isEmpty { physical.append(("region", .object(region))) }
        var pairs: [(String, JSONValue)] = []
        if let id { pairs.append(("id", .number(Double(id)))) }
        pairs += [("physicalLocation", .object(physical)), ("message", .object([("text", .string(location.role))]))]
        return .object(pairs)
    }

    /// A file's artifact location: a relative URI against `%SRCROOT%` when the file lies in
    /// the root, else an absolute `file://` URI.
    static func artifact(_ file: String, root: String) -> JSONValue {
        let absolute = Baseline.absolute(file)
        if absolute == root || absolute.hasPrefix(root == "/" ? "/" : root + "/") {
            let relative = Baseline.relative(absolute, to: root)
            return .object([("uri", .string(uri(relative))), ("uriBaseId", .string(rootID))])
        }
        return .object([("uri", .string(uri(absolute)))])
    }

    /// A folder's absolute `file://` URI, ending in `/` (as `originalUriBaseIds` needs).
    static func directoryURI(_ folder: String) -> String {
        let encoded = uri(folder)
        return encoded.hasSuffix("/") ? encoded : encoded + "/"
    }

    /// A URI reference for a path: percent-encoded, `/`-separated; absolute paths become
    /// `file://` URIs.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
