import Foundation
import XCTest

/// `measure check`: real catalogs, Dynamic Type categories, malformed input; and `--text-style`.
final class MeasureCheckTests: XCTestCase {
    static let fixtures = MeasureProcess.packageRoot.appendingPathComponent("Tests/MeasureCLITests/Fixtures")

    func write(_ text: String, to name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func findings(_ output: MeasureProcess.Output) throws -> [[String: Any]] {
        let object = try MeasureProcess.object(output.lines.first ?? "")
        return object["findings"] as? [[String: Any]] ?? []
    }

    /// The real xdg-user-dirs catalogs from Debian (see Fixtures/xdg-user-dirs/README.md).
    func testRealDebianCatalogs() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let spec = try write(
            """
            {"sourceLanguage": "en",
             "defaults": {"textStyle": "body", "categories": ["large", "accessibilityExtraLarge"]},
             "rules": [{"key": ["Desktop", "Documents", "Downloads", "Music", "Pictures", "Public", "Templates",
                                "Videos"], "control": "label", "width": 120, "lines": 1}]}
            """, to: "spec.json", in: directory)
        let catalogs = try FileManager.default.contentsOfDirectory(
            atPath: Self.fixtures.appendingPathComponent("xdg-user-dirs").path
        ).filter { $0.hasSuffix(".po") }.sorted().map {
            Self.fixtures.appendingPathComponent("xdg-user-dirs/\($0)").path
        }
        XCTAssertEqual(catalogs.count, 11)
        let output = try MeasureProcess.run(["check"] + catalogs + ["--spec", spec, "--json"])
        XCTAssertEqual(output.status, 1, "failures exit 1: \(output.summary)")
        let found = try findings(output)
        let object = try MeasureProcess.object(output.lines.first ?? "")
        let summary = try XCTUnwrap(object["summary"] as? [String: Any])
        XCTAssertEqual((summary["languages"] as? [String])?.count, 12, "11 catalogs plus the English msgids")
        XCTAssertEqual(
            summary["checks"] as? Int, (8 * 12 - 1) * 2, "8 keys × 12 languages (ar has no Downloads) × 2 categories")
        XCTAssertEqual((summary["unmatchedKeys"] as? [String])?.count, 20, "the other 20 msgids match no rule")

        // At the default size only the two longest translations are cut.
        let atLarge = found.filter { $0["category"] as? String == "large" }.map {
            "\($0["key"] as? String ?? "")/\($0["language"] as? String ?? "")"
        }
        XCTAssertEqual(Set(atLarge), ["Downloads/fr", "Public/ru"], "\(atLarge)")
        // "Schreibtisch" fits at large and truncates at AX3.
        let desktop = found.filter { $0["key"] as? String == "Desktop" && $0["language"] as? String == "de" }
        XCTAssertEqual(desktop.count, 1)
        let finding = try XCTUnwrap(desktop.first)
        XCTAssertEqual(finding["category"] as? String, "accessibilityExtraLarge")
        XCTAssertEqual(finding["problem"] as? String, "truncated")
        XCTAssertEqual(finding["text"] as? String, "Schreibtisch")
        let shown = try XCTUnwrap((finding["shown"] as? [String])?.first)
        XCTAssertTrue(shown.hasSuffix("…") && shown.hasPrefix("Schr"), shown)
        let needed = try XCTUnwrap(finding["needed"] as? [String: Any])
        let available = try XCTUnwrap(finding["available"] as? [String: Any])
        XCTAssertEqual(available["width"] as? Double, 120)
        XCTAssertGreaterThan(needed["width"] as? Double ?? 0, 200, "40 pt text")
        XCTAssertEqual(finding["line"] as? Int, 16)
        XCTAssertTrue((finding["file"] as? String ?? "").hasSuffix("de.po"))
        // Every script is measured: Korean, Japanese, Arabic, Thai, Devanagari and Hebrew all fail at AX3.
        let languages = Set(found.compactMap { $0["language"] as? String })
        XCTAssertTrue(
            Set(["ko", "ja", "ar", "th", "hi", "he", "ru", "de", "fr", "en"]).isSubset(of: languages), "\(languages)")

        // The table says the same for people.
        let table = try MeasureProcess.run(["check"] + catalogs + ["--spec", spec])
        XCTAssertEqual(table.status, 1)
        XCTAssertTrue(table.text.contains("KEY"), table.text)
        XCTAssertTrue(table.text.contains("Общедо"), table.text)
        XCTAssertTrue(table.text.contains("8 of 28 translated texts checked; 20 skipped (20 no rule)"), table.text)
    }

    /// A string that fits at `large` but not at `accessibilityExtraLarge`, in a UTF-16 .strings file.
    func testFitsAtLargeTruncatesAtAccessibilityExtraLarge() throws {
        let text = "Weiter zur Anmeldung"
        let large = try MeasureProcess.json([text, "--text-style", "body", "--category", "large"])
        let ax3 = try MeasureProcess.json([text, "--text-style", "body", "--category", "accessibilityExtraLarge"])
        let largeWidth = try XCTUnwrap(large["width"] as? Double)
        let ax3Width = try XCTUnwrap(ax3["width"] as? Double)
        XCTAssertLessThan(largeWidth, ax3Width)
        let width = (largeWidth + ax3Width) / 2
        let directory = try MeasureProcess.temporaryDirectory(self)
        let stringsURL = directory.appendingPathComponent("de.lproj/Localizable.strings")
        try FileManager.default.createDirectory(
            at: stringsURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let strings = "/* Login */\n\"login.continue\" = \"\(text)\";\n\"login.title\" = \"Hallo\";\n"
        var utf16 = Data([0xFF, 0xFE])
        for unit in strings.utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        try utf16.write(to: stringsURL)
        let spec = try write(
            """
            {"rules": [{"key": "login.*", "width": \(width), "textStyle": "body",
                        "categories": ["large", "accessibilityExtraLarge"]}]}
            """, to: "spec.json", in: directory)
        let output = try MeasureProcess.run(["check", stringsURL.path, "--spec", spec, "--json"])
        XCTAssertEqual(output.status, 1, output.summary)
        let found = try findings(output)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertEqual(found.first?["key"] as? String, "login.continue")
        XCTAssertEqual(found.first?["category"] as? String, "accessibilityExtraLarge")
        XCTAssertEqual(found.first?["line"] as? Int, 2)

        // Everything fits at large alone: exit 0.
        let fits = try write(
            """
            {"rules": [{"key": "login.*", "width": \(width), "textStyle": "body"}]}
            """, to: "fits.json", in: directory)
        let ok = try MeasureProcess.run(["check", stringsURL.path, "--spec", fits])
        XCTAssertEqual(ok.status, 0, ok.summary)
        XCTAssertTrue(ok.text.contains("everything fits"), ok.text)
    }

    /// UTF-16 without a byte order mark is recognised by its zero bytes; UTF-8 may carry a BOM.
    func testStringsEncodings() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let strings = "\"greeting\" = \"Très long bonjour à tout le monde\";\n\"ok\" = OK;\n"
        var bigEndian = Data()
        for unit in strings.utf16 { bigEndian.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)]) }
        let utf16URL = directory.appendingPathComponent("fr.strings")
        try bigEndian.write(to: utf16URL)
        let utf8URL = directory.appendingPathComponent("pt_BR.strings")
        try (Data([0xEF, 0xBB, 0xBF]) + Data(strings.utf8)).write(to: utf8URL)
        let spec = try write(#"{"rules": [{"key": "*", "width": 100}]}"#, to: "spec.json", in: directory)
        let output = try MeasureProcess.run(["check", utf16URL.path, utf8URL.path, "--spec", spec, "--json"])
        XCTAssertEqual(output.status, 1, output.summary)
        let found = try findings(output)
        XCTAssertEqual(found.map { $0["language"] as? String }, ["fr", "pt_BR"])
        XCTAssertEqual(found.first?["text"] as? String, "Très long bonjour à tout le monde")
        let summary = try MeasureProcess.object(output.lines.first ?? "")["summary"] as? [String: Any]
        XCTAssertEqual(summary?["checks"] as? Int, 4, "two keys (one unquoted) in two files")
    }

    /// Without a size or text style a button's title is 15 pt and a label's 17 pt, whichever
    /// of the two is checked first.
    func testButtonAndLabelDefaultSizesInOneRun() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let catalog = try write(
            "\"ok\" = \"Okay\";\n\"go\" = \"Los\";\n", to: "de.lproj/Localizable.strings", in: directory)
        let spec = try write(
            #"{"rules": [{"key": "ok", "control": "button", "width": 10}, {"key": "go", "width": 10}]}"#,
            to: "spec.json", in: directory)
        let output = try MeasureProcess.run(["check", catalog, "--spec", spec, "--json"])
        XCTAssertEqual(output.status, 1, output.summary)
        let fonts = Dictionary(
            try findings(output).map { ($0["key"] as? String ?? "", $0["font"] as? String ?? "") }
        ) { first, _ in first }
        XCTAssertEqual(fonts, ["ok": "Inter Regular 15 pt", "go": "Inter Regular 17 pt"])
    }

    func testStringCatalogWithPluralsAndLanguageFonts() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let catalog = try write(
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "files.count" : {
                  "localizations" : {
                    "de" : { "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "Eine Datei" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "Sehr viele verschiedene Dateien" } }
                    } } },
                    "ja" : { "stringUnit" : { "state" : "translated", "value" : "ファイル" } }
                  }
                },
                "ok" : { }
              },
              "version" : "1.0"
            }
            """, to: "Localizable.xcstrings", in: directory)
        let spec = try write(
            """
            {"fonts": {"ja": "Droid Sans Fallback"},
             "rules": [{"key": "files.*", "control": "button", "width": 120, "textStyle": "headline"},
                       {"key": "ok", "width": 100}]}
            """, to: "spec.json", in: directory)
        let output = try MeasureProcess.run(["check", catalog, "--spec", spec, "--json"])
        XCTAssertEqual(output.status, 1, output.summary)
        let found = try findings(output)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertEqual(found.first?["variant"] as? String, "plural.other")
        XCTAssertEqual(found.first?["control"] as? String, "button")
        XCTAssertTrue((found.first?["font"] as? String ?? "").contains("Semi Bold 17"), "\(found)")
        XCTAssertEqual(found.first?["line"] as? Int, 8, "the line of the variant's own value")
        let shown = (found.first?["shown"] as? [String])?.first ?? ""
        XCTAssertTrue(shown.contains("…"), "a button truncates in the middle: \(shown)")
    }

    // MARK: - Malformed input: a clear error naming the file and the line.

    func assertCatalogError(
        _ name: String, _ bytes: Data, mentioning words: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url)
        let spec = try write(#"{"rules": [{"key": "*", "width": 100}]}"#, to: "spec.json", in: directory)
        let output = try MeasureProcess.run(["check", url.path, "--spec", spec])
        XCTAssertEqual(output.status, 65, output.summary, file: file, line: line)
        XCTAssertTrue(output.exitedCleanly, output.summary, file: file, line: line)
        for word in [url.lastPathComponent] + words {
            XCTAssertTrue(output.stderr.contains(word), "mentions '\(word)': \(output.stderr)", file: file, line: line)
        }
    }

    func testMalformedCatalogsNameTheFileAndLine() throws {
        try assertCatalogError(
            "Bad.xcstrings", Data("{\n  \"sourceLanguage\": \"en\",\n  \"strings\": {\n    \"a\": {,}\n  }\n}".utf8),
            mentioning: ["Bad.xcstrings:4:", "not valid JSON"])
        try assertCatalogError(
            "de.lproj/Localizable.strings", Data("\"a\" = \"A\";\n\"b\" = \"B\"\n\"c\" = \"C\";\n".utf8),
            mentioning: ["Localizable.strings:3:", "expected ';'"])
        try assertCatalogError(
            "de.lproj/Open.strings", Data("\"a\" = \"A;\n\"b\" = \"B\";\n".utf8), mentioning: ["Open.strings:"])
        // Latin-1 "ü" (0xFC) is neither UTF-8 nor UTF-16.
        try assertCatalogError(
            "de.lproj/Latin1.strings", Data("\"a\" = \"A\";\n\"b\" = \"Gr".utf8) + Data([0xFC]) + Data("n\";\n".utf8),
            mentioning: ["Latin1.strings:2:", "unknown text encoding"])
        try assertCatalogError(
            "de.po", Data("msgid \"a\"\nmsgstr \"A\"\n\nmsgid \"b\"\nmsgtext \"B\"\n".utf8),
            mentioning: ["de.po:5:", "msgtext"])
        try assertCatalogError(
            "fr.po", Data("msgid \"a\"\nmsgstr \"A\n".utf8), mentioning: ["fr.po:2:", "quoted string"])
    }

    func testBadSpecsAndArguments() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let catalog = Self.fixtures.appendingPathComponent("xdg-user-dirs/de.po").path
        let layout = try write(
            #"{"rules": [{"key": "*", "device": "iPhone 15", "layout": "settings.json"}]}"#, to: "l.json", in: directory
        )
        var output = try MeasureProcess.run(["check", catalog, "--spec", layout])
        XCTAssertEqual(output.status, 65, output.summary)
        XCTAssertTrue(output.stderr.contains("rules[0].view: required with \"layout\""), output.stderr)
        let noWidth = try write(#"{"rules": [{"key": "*"}]}"#, to: "w.json", in: directory)
        output = try MeasureProcess.run(["check", catalog, "--spec", noWidth])
        XCTAssertTrue(output.stderr.contains("rules[0].width"), output.stderr)
        let badCategory = try write(
            #"{"rules": [{"key": "*", "width": 10, "textStyle": "body", "categories": ["AX9"]}]}"#, to: "c.json",
            in: directory)
        output = try MeasureProcess.run(["check", catalog, "--spec", badCategory])
        XCTAssertTrue(output.stderr.contains("AX9") && output.stderr.contains("accessibilityLarge"), output.stderr)
        output = try MeasureProcess.run(["check", "/nonexistent.po", "--spec", noWidth])
        XCTAssertEqual(output.status, 65, "the spec is read first: \(output.summary)")
        let good = try write(#"{"rules": [{"key": "*", "width": 500}]}"#, to: "g.json", in: directory)
        output = try MeasureProcess.run(["check", "/nonexistent.po", "--spec", good])
        XCTAssertEqual(output.status, 66, output.summary)
        output = try MeasureProcess.run(["check", catalog, "--spec", good])
        XCTAssertEqual(output.status, 0, output.summary)
    }

    // MARK: - Text styles in the classic command and in batch lines.

    func testTextStyleOptions() throws {
        let body = try MeasureProcess.json(["Hello", "--text-style", "body", "--category", "AX5"])
        XCTAssertEqual(body["font"] as? String, "Inter Display Regular 53 pt", "the stand-in from 20 pt")
        let headline = try MeasureProcess.json(["Hello", "--text-style", "headline"])
        XCTAssertEqual(headline["font"] as? String, "Inter Semi Bold 17 pt")
        let output = try MeasureProcess.run(["Hello", "--text-style", "body", "--size", "20"])
        XCTAssertEqual(output.status, 64, output.summary)
        XCTAssertTrue(output.stderr.contains("text style"), output.stderr)
        let unknown = try MeasureProcess.run(["Hello", "--text-style", "body", "--category", "huge"])
        XCTAssertTrue(unknown.stderr.contains("accessibilityExtraExtraExtraLarge"), unknown.stderr)
        let batch = try MeasureProcess.run(
            ["--batch", "-"],
            stdin: Data(
                """
                {"id":1,"text":"Hello","textStyle":"caption2","category":"accessibilityExtraExtraExtraLarge"}
                {"id":2,"text":"공개","language":"ko"}
                {"id":3,"text":"Hello","textStyle":"nope"}

                """.utf8))
        XCTAssertEqual(batch.lines.count, 3, batch.summary)
        let first = try MeasureProcess.object(batch.lines[0])
        XCTAssertEqual(first["font"] as? String, "Inter Display Regular 40 pt")
        let second = try MeasureProcess.object(batch.lines[1])
        // The Korean face: Noto Sans CJK KR when installed, else the bundled NanumGothic.
        XCTAssertTrue((second["approximate"] as? String ?? "").hasSuffix("for Apple SD Gothic Neo"), "\(second)")
        let third = try MeasureProcess.object(batch.lines[2])
        XCTAssertEqual((third["error"] as? [String: Any])?["kind"] as? String, "invalidTextStyle")
        // "--" still measures the word "check".
        let word = try MeasureProcess.run(["--json", "--", "check"])
        XCTAssertEqual(word.status, 0, word.summary)
        let measured = try MeasureProcess.object(word.lines.first ?? "")
        XCTAssertEqual((measured["lines"] as? [[String: Any]])?.first?["text"] as? String, "check")
    }

    /// A rule that names a view of a layout file: the German title truncates the sign-up
    /// button on a small phone, at large and more so at AX5; the English one fits. A long
    /// German follow title pushes the profile header's button off the side of the screen.
    func testRulesInARealScreenFromALayoutFile() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let examples = MeasureProcess.packageRoot.appendingPathComponent("Examples").path
        let spec = try write(
            """
            {"sourceLanguage": "en",
             "rules": [{"key": "signup.button", "layout": "\(examples)/sign-up.json", "view": "signUp",
                        "device": "iPhone SE (1st generation)", "categories": ["large", "AX5"]},
                       {"key": "profile.follow", "layout": "\(examples)/profile-header.yaml", "view": "follow"}]}
            """, to: "spec.json", in: directory)
        let english = try write(
            "\"signup.button\" = \"Sign up\";\n\"profile.follow\" = \"Follow\";\n", to: "en.lproj/Localizable.strings",
            in: directory)
        let german = try write(
            "\"signup.button\" = \"Jetzt kostenlos registrieren und loslegen\";\n"
                + "\"profile.follow\" = \"Folgen und Benachrichtigungen für alle neuen Beiträge erhalten\";\n",
            to: "de.lproj/Localizable.strings", in: directory)
        let output = try MeasureProcess.run(["check", english, german, "--spec", spec, "--json"])
        XCTAssertEqual(output.status, 1, output.summary)
        let found = try findings(output)
        let summary = found.map {
            "\($0["key"] ?? "") \($0["language"] ?? "") \($0["category"] ?? "") \($0["problem"] ?? "")"
        }
        XCTAssertEqual(
            summary.sorted(),
            [
                "profile.follow de large offscreen", "signup.button de accessibilityExtraExtraExtraLarge truncated",
                "signup.button de large truncated",
            ])
        let button = try XCTUnwrap(
            found.first { $0["key"] as? String == "signup.button" && $0["category"] as? String == "large" })
        let available = try XCTUnwrap(button["available"] as? [String: Double])
        XCTAssertEqual(available["width"], 320 - 32, "the button spans the SE's margins")
        let needed = try XCTUnwrap(button["needed"] as? [String: Double])
        XCTAssertGreaterThan(needed["width"] ?? 0, 288)

        let missingView = try write(
            "{\"rules\": [{\"key\": \"*\", \"layout\": \"\(examples)/sign-up.json\", \"view\": \"nope\"}]}",
            to: "bad.json", in: directory)
        let bad = try MeasureProcess.run(["check", english, "--spec", missingView])
        XCTAssertEqual(bad.status, 65, bad.summary)
        XCTAssertTrue(bad.stderr.contains("has no view named \"nope\""), bad.stderr)
        let both = try write(
            "{\"rules\": [{\"key\": \"*\", \"width\": 100, \"layout\": \"x.json\", \"view\": \"a\"}]}",
            to: "both.json", in: directory)
        let conflict = try MeasureProcess.run(["check", english, "--spec", both])
        XCTAssertEqual(conflict.status, 65, conflict.summary)
        XCTAssertTrue(conflict.stderr.contains("give \"width\" or a \"layout\", not both"), conflict.stderr)
    }
}
