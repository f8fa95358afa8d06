import Foundation

/// SARIF 2.1.0 of a findings model: one rule per problem kind (with its help text), one
/// result per finding located at the catalog or `.strings` line (or the layout element), the
/// IB element as a related location. Validates against the SARIF 2.1.0 JSON schema
/// (`ReportFormatsTests`).
enum SARIFReport {
    static func json(_ model: FindingsModel) -> String {
        let kinds = FindingsModel.kinds.map(\.kind)
        let extra = Set(model.findings.map(\.kind)).subtracting(kinds).sorted()
        let ruleIDs = kinds + extra
        let rules: [JSONValue] = ruleIDs.map { kind in
            .object([
                ("id", .string(kind)),
                ("name", .string(kind)),
                (
                    "shortDescription",
                    .object([("text", .string(FindingsModel.help(for: kind).prefix { $0 != "." } + "."))])
                ),
                ("help", .object([("text", .string(FindingsModel.help(for: kind)))])),
                ("defaultConfiguration", .object([("level", .string(kind == "shrunk" ? "warning" : "error"))])),
            ])
        }
        let results: [JSONValue] = model.findings.map { finding in
            var pairs: [(String, JSONValue)] = [
                ("ruleId", .string(finding.kind)),
                ("ruleIndex", .number(Double(ruleIDs.firstIndex(of: finding.kind) ?? 0))),
                ("level", .string(finding.kind == "shrunk" ? "warning" : "error")),
                ("message", .object([("text", .string(finding.message))])),
            ]
            if let location = finding.location {
                pairs.append(("locations", .array([Self.location(location, id: nil)])))
            }
            if let related = finding.related {
                pairs.append(("relatedLocations", .array([Self.location(related, id: 1)])))
            }
            var properties: [(String, JSONValue)] = [
                ("key", .string(finding.checked.subject)), ("language", .string(finding.checked.language)),
                ("category", .string(finding.checked.category)),
                ("shown", .array(finding.shown.map(JSONValue.string))),
            ]
            if let needed = finding.needed { properties.append(("needed", size(needed))) }
            if let available = finding.available { properties.append(("available", size(available))) }
            if let approximate = finding.approximate { properties.append(("approximate", .string(approximate))) }
            if !finding.missingCharacters.isEmpty {
                properties.append(("missingCharacters", .array(finding.missingCharacters.map(JSONValue.string))))
            }
            pairs.append(("properties", .object(properties)))
            return .object(pairs)
        }
        return JSONValue.object([
            ("version", .string("2.1.0")),
            (
                "runs",
                .array([
                    .object([
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
                        ("results", .array(results)),
                    ])
                ])
            ),
        ]).serialized()
    }

    static func size(_ size: CGSize) -> JSONValue {
        .object([("width", .number(Double(size.width))), ("height", .number(Double(size.height)))])
    }

    static func location(_ location: FindingLocation, id: Int?) -> JSONValue {
        var region: [(String, JSONValue)] = []
        if let line = location.line, line > 0 { region.append(("startLine", .number(Double(line)))) }
        if let column = location.column, column > 0, !region.isEmpty {
            region.append(("startColumn", .number(Double(column))))
        }
        var physical: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(uri(location.file)))]))]
        if !region.isEmpty { physical.append(("region", .object(region))) }
        var pairs: [(String, JSONValue)] = []
        if let id { pairs.append(("id", .number(Double(id)))) }
        pairs += [("physicalLocation", .object(physical)), ("message", .object([("text", .string(location.role))]))]
        return .object(pairs)
    }

    /// A relative URI reference for a path: percent-encoded, `/`-separated.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
