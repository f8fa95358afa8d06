import Foundation
import XCTest

/// Documents and catalogs as a user meets them on the command line: hostile YAML, strict
/// String Catalogs, format specifiers, spec paths and languages.
final class MeasureDocumentsTests: XCTestCase {
    func write(_ text: String, to name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func findings(_ output: MeasureProcess.Output) throws -> [[String: Any]] {
        let object = try MeasureProcess.object(output.text.trimmingCharacters(in: .whitespacesAndNewlines))
        return try XCTUnwrap(object["findings"] as? [[String: Any]], output.summary)
    }

    /// Runs `measure` from `directory` (for relative paths).
    func run(_ arguments: [String], in directory: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = try MeasureProcess.located.get()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let outFile = directory.appendingPathComponent("stdout.txt")
        let errFile = directory.appendingPathComponent("stderr.txt")
        for file in [outFile, errFile] {
            let created = FileManager.default.createFile(atPath: file.path, contents: nil)
            XCTAssertTrue(created, "cannot create \(file.path)")
        }
        process.standardOutput = try FileHandle(forWritingTo: outFile)
        process.standardError = try FileHandle(forWritingTo: errFile)
        try process.run()
        process.waitUntilExit()
        return (
            process.terminationStatus, try String(contentsOf: outFile, encoding: .utf8),
            try String(contentsOf: errFile, encoding: .utf8)
        )
    }

    func testAYAMLAliasBombIsRefusedWithExit65() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let levels = "abcdefghi".map(String.init)
        var lines = ["a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]"]
        for (previous, name) in zip(levels, levels.dropFirst()) {
            lines.append(
                "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]")
        }
        lines.append("views: *i")
        let bomb = try write(lines.joined(separator: "\n") + "\n", to: "bomb.yaml", in: directory)
        let start = Date()
        let output = try MeasureProcess.run(["layout", bomb])
        XCTAssertEqual(output.status, 65, output.summary)
        XCTAssertTrue(output.exitedCleanly, output.summary)
        XCTAssertTrue(output.stderr.contains("bomb.yaml:"), output.stderr)
        XCTAssertTrue(
            output.stderr.contains("YAML aliases are used") || output.stderr.contains("once its aliases are expanded"),
            output.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
    }

    func testATrailingCommaInAStringCatalogIsAnErrorWithItsLine() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let catalog = try write(
            "{\n  \"sourceLanguage\": \"en\",\n  \"strings\": {\n    \"ok\": {},\n  }\n}", to: "Localizable.xcstrings",
            in: directory)
        let spec = try write(#"{"rules": [{"key": "*", "width": 100}]}"#, to: "spec.json", in: directory)
        let output = try MeasureProcess.run(["check", catalog, "--spec", spec])
        XCTAssertEqual(output.status, 65, output.summary)
        XCTAssertTrue(
            output.stderr.contains("Localizable.xcstrings:4:13: not valid JSON: a trailing comma before '}'"),
            output.stderr)

        let cut = try write(
            "{\n  \"sourceLanguage\": \"en\",\n  \"strings\": {\n    \"ok\": {\n", to: "Cut.xcstrings", in: directory)
        let truncated = try MeasureProcess.run(["check", cut, "--spec", spec])
        XCTAssertEqual(truncated.status, 65, truncated.summary)
        XCTAssertTrue(
            truncated.stderr.contains(
                "Cut.xcstrings:5:1: not valid JSON: expected a key in double quotes, found the end"),
            truncated.stderr)
    }

    func testFormatSpecifiersAreMeasuredWithSampleValuesNamedInTheFinding() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let catalog = try write(
            """
            {"sourceLanguage": "en", "strings": {"files": {"localizations": {"en": {
              "stringUnit": {"state": "translated", "value": "%lld files"}}}}}}
            """, to: "Localizable.xcstrings", in: directory)
        // "%lld files" fits 80 pt; "44444 files" does not ("4" is Inter's widest digit); "1 files" does.
        let spec = try write(
            #"{"rules": [{"key": "*", "width": 80, "font": "Inter", "size": 17}]}"#, to: "spec.json", in: directory)
        let output = try MeasureProcess.run(["check", catalog, "--spec", spec, "--json"])
        XCTAssertEqual(output.status, 1, output.summary)
        let finding = try XCTUnwrap(try findings(output).first)
        XCTAssertEqual(finding["text"] as? String, "44444 files")
        XCTAssertEqual(finding["samples"] as? [String], ["%lld = 44444"])
        let table = try MeasureProcess.run(["check", catalog, "--spec", spec])
        XCTAssertTrue(table.text.contains("files (%lld = 44444)"), table.text)

        let small = try MeasureProcess.run(["check", catalog, "--spec", spec, "--sample", "integer=1"])
        XCTAssertEqual(small.status, 0, small.summary)
        let specSamples = try write(
            #"{"samples": {"integer": "1"}, "rules": [{"key": "*", "width": 80, "font": "Inter", "size": 17}]}"#,
            to: "small.json", in: directory)
        XCTAssertEqual(try MeasureProcess.run(["check", catalog, "--spec", specSamples]).status, 0)
        let bad = try MeasureProcess.run(["check", catalog, "--spec", spec, "--sample", "colour=red"])
        XCTAssertEqual(bad.status, 64, bad.summary)
        XCTAssertTrue(bad.stderr.contains("integer, decimal, string"), bad.stderr)
    }

    func testSubstitutionsAreCheckedPerPluralVariant() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let catalog = try write(
            """
            {"sourceLanguage": "en", "strings": {"summary": {"localizations": {"en": {
              "stringUnit": {"state": "translated", "value": "%#@photos@"},
              "substitutions": {"photos": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%arg photo"}},
                "other": {"stringUnit": {"state": "translated", "value": "%arg photos"}}}}}}}}}}}
            """, to: "Localizable.xcstrings", in: directory)
        let spec = try write(
            #"{"rules": [{"key": "*", "width": 80, "font": "Inter", "size": 17}]}"#, to: "spec.json", in: directory)
        let output = try MeasureProcess.run(["check", catalog, "--spec", spec, "--json"])
        XCTAssertEqual(output.status, 1, output.summary)
        let found = try findings(output)
        XCTAssertEqual(found.map { $0["variant"] as? String }, ["photos.other"], "1 photo fits: \(found)")
        XCTAssertEqual(found.first?["text"] as? String, "44444 photos")
        XCTAssertEqual(found.first?["samples"] as? [String], ["photos: %lld = 44444"])
    }

    func testStaleKeysDuplicatesAndIdentifierMsgidsAreNotChecked() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let catalog = try write(
            """
            {"sourceLanguage": "en", "strings": {
              "gone": {"extractionState": "stale", "localizations": {"de": {"stringUnit": {"state": "translated", "value": "Eine sehr lange veraltete Zeichenkette"}}}},
              "greeting": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Herzlich willkommen zurück"}}}}}}
            """, to: "Localizable.xcstrings", in: directory)
        let strings = try write(
            "\"greeting\" = \"Herzlich willkommen zurück\";\n", to: "de.lproj/Localizable.strings", in: directory)
        let po = try write(
            "msgid \"settings.notifications.title\"\nmsgstr \"Mitteilungen\"\n", to: "po/de.po", in: directory)
        let spec = try write(
            #"{"languages": ["de"], "rules": [{"key": "*", "width": 120, "font": "Inter", "size": 17}]}"#,
            to: "spec.json", in: directory)
        let output = try MeasureProcess.run(["check", catalog, strings, po, "--spec", spec, "--json"])
        XCTAssertEqual(output.status, 1, output.summary)
        let keys = try findings(output).map { "\($0["key"] ?? "") \($0["language"] ?? "")" }
        XCTAssertEqual(keys, ["greeting de"], "once, not stale, no identifiers: \(keys)")

        let everything = try write(
            #"{"rules": [{"key": "*", "width": 1000, "font": "Inter", "size": 17}]}"#, to: "wide.json", in: directory)
        let summary = try MeasureProcess.run(["check", po, "--spec", everything, "--json"])
        let object = try MeasureProcess.object(summary.text.trimmingCharacters(in: .whitespacesAndNewlines))
        let languages = (object["summary"] as? [String: Any])?["languages"] as? [String]
        XCTAssertEqual(languages, ["de"], "an identifier msgid is not measured as English: \(summary.text)")
    }

    func testASpecLanguageThatMatchesNoCatalogIsAnError() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let strings = try write("\"ok\" = \"OK\";\n", to: "de.lproj/Localizable.strings", in: directory)
        let spec = try write(
            #"{"languages": ["de", "fr-CA"], "rules": [{"key": "*", "width": 100}]}"#, to: "spec.json", in: directory)
        let output = try MeasureProcess.run(["check", strings, "--spec", spec])
        XCTAssertEqual(output.status, 65, output.summary)
        XCTAssertTrue(
            output.stderr.contains("languages: 'fr-CA' is in no catalog; the catalogs hold: de"), output.stderr)
    }

    func testSpecErrorsNameTheLineAndColumnOfTheField() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let strings = try write("\"ok\" = \"OK\";\n", to: "de.lproj/Localizable.strings", in: directory)
        let spec = try write(
            "{\"defaults\": {\"lines\": -1},\n \"rules\": [{\"key\": \"a\", \"width\": 100},\n  {\"key\": \"*\", \"width\": \"wide\"}]}",
            to: "spec.json", in: directory)
        let output = try MeasureProcess.run(["check", strings, "--spec", spec])
        XCTAssertEqual(output.status, 65, output.summary)
        XCTAssertTrue(output.stderr.contains("spec.json:1:24: rules[0].lines: must be 0"), output.stderr)
        let typo = try write(
            "{\"rules\": [{\"key\": \"*\",\n  \"widht\": 100}]}", to: "typo.json", in: directory)
        let unknown = try MeasureProcess.run(["check", strings, "--spec", typo])
        XCTAssertTrue(unknown.stderr.contains("typo.json:2:12: rules[0].widht: unknown field"), unknown.stderr)
        let duplicate = try write(
            "{\"rules\": [{\"key\": \"*\", \"width\": 100,\n  \"width\": 200}]}", to: "twice.json", in: directory)
        let twice = try MeasureProcess.run(["check", strings, "--spec", duplicate])
        XCTAssertEqual(twice.status, 65, twice.summary)
        XCTAssertTrue(
            twice.stderr.contains("twice.json:2:3: not valid JSON: the key \"width\" appears twice"), twice.stderr)
    }

    func testARelativeLayoutPathInARelativeSpec() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let examples = MeasureProcess.packageRoot.appendingPathComponent("Examples")
        let layout = try String(contentsOf: examples.appendingPathComponent("sign-up.json"), encoding: .utf8)
        _ = try write(layout, to: "layouts/sign-up.json", in: directory)
        _ = try write("\"signup.button\" = \"Sign up\";\n", to: "en.lproj/Localizable.strings", in: directory)
        let specs = directory.appendingPathComponent("specs")
        _ = try write(
            #"{"rules": [{"key": "*", "layout": "../layouts/sign-up.json", "view": "signUp"}]}"#, to: "spec.json",
            in: specs)
        let output = try run(["check", "../en.lproj/Localizable.strings", "--spec", "spec.json"], in: specs)
        XCTAssertEqual(output.status, 0, "\(output.stdout) \(output.stderr)")
        XCTAssertTrue(output.stdout.contains("everything fits"), output.stdout)
        let nested = try run(
            ["check", "en.lproj/Localizable.strings", "--spec", "specs/../specs/spec.json"], in: directory)
        XCTAssertEqual(nested.status, 0, "\(nested.stdout) \(nested.stderr)")
    }

    func testADirectoryAsALayoutViewsFontIsAnError() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let fonts = MeasureProcess.fontsDirectory.path
        let layout = try write(
            """
            {"screen": {"width": 320, "height": 480},
             "views": [{"name": "title", "kind": "label", "text": "Hi", "font": "\(fonts)/"}],
             "constraints": ["title.top = superview.top", "title.leading = superview.leading"]}
            """, to: "screen.json", in: directory)
        let output = try MeasureProcess.run(["layout", layout])
        XCTAssertEqual(output.status, 65, output.summary)
        XCTAssertTrue(output.stderr.contains("is a directory"), output.stderr)
        XCTAssertTrue(output.stderr.contains("screen.json:2:"), output.stderr)
    }
}
