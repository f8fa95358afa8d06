import Catalogs
import Foundation
import XCTest

/// The catalog readers as a library: String Catalogs, `.strings`, gettext `.po`.
final class CatalogReadingTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalogs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func write(_ text: String, to name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func error(_ paths: [String]) -> CatalogError? {
        do {
            _ = try Catalogs.read(paths, sourceLanguage: nil)
            XCTFail("read \(paths)")
            return nil
        } catch {
            return error
        }
    }

    func testTrailingCommaAndTruncationInAStringCatalogAreErrorsWithALine() throws {
        let comma = try write(
            "{\n  \"sourceLanguage\": \"en\",\n  \"strings\": {\n    \"a\": {},\n  }\n}", to: "Comma.xcstrings")
        let commaError = error([comma])
        XCTAssertEqual(commaError?.line, 4)
        XCTAssertEqual(commaError?.column, 12)
        XCTAssertEqual(commaError?.message.contains("trailing comma before '}'"), true)

        let cut = try write("{\n  \"sourceLanguage\": \"en\",\n  \"strings\": {\n    \"a\": {", to: "Cut.xcstrings")
        let cutError = error([cut])
        XCTAssertEqual(cutError?.line, 4)
        XCTAssertEqual(
            cutError?.description.hasPrefix("\(cut):4:11: not valid JSON"), true, "\(String(describing: cutError))")
    }

    /// Xcode's comment before each pair of an IB file's strings, with IB's Localizer Hint as
    /// its `Note = "…"`; a note that asks not to translate the text marks it, one that keeps
    /// a word untranslated inside it does not.
    func testStringsCommentsAndDoNotTranslateNotes() throws {
        let path = try write(
            """
            /* Class = "UILabel"; text = "Label"; ObjectID = "abc-12-xyz"; Note = "Placeholder – do not translate"; */
            "abc-12-xyz.text" = "Etikett";

            // A line comment
            "def-34-uvw.text" = "Weiter";

            /* Class = "UILabel"; text = "Open Lockwise"; ObjectID = "ghi-56-rst"; Note = "Lockwise should not be translated"; */
            "ghi-56-rst.text" = "Lockwise öffnen";
            "jkl-78-opq.text" = "Ohne Kommentar";
            /* Class = "UIButton"; normalTitle = "x"; ObjectID = "mno-90-lmn"; Note = "#bc-ignore!"; */
            "mno-90-lmn.normalTitle" = "x";
            """, to: "de.lproj/Main.strings")
        let entries = try Catalogs.read([path], sourceLanguage: nil)
        func entry(_ key: String) throws -> CatalogEntry { try XCTUnwrap(entries.first { $0.key == key }, key) }
        XCTAssertEqual(try entry("abc-12-xyz.text").note, "Placeholder – do not translate")
        XCTAssertEqual(try entry("abc-12-xyz.text").doNotTranslateReason, "Placeholder – do not translate")
        XCTAssertEqual(try entry("def-34-uvw.text").comment, "A line comment")
        XCTAssertNil(try entry("def-34-uvw.text").note)
        XCTAssertEqual(try entry("ghi-56-rst.text").note, "Lockwise should not be translated")
        XCTAssertNil(try entry("ghi-56-rst.text").doNotTranslateReason, "a word kept, not the text")
        XCTAssertNil(try entry("jkl-78-opq.text").comment, "a comment belongs to the pair after it only")
        XCTAssertEqual(try entry("mno-90-lmn.normalTitle").doNotTranslateReason, "#bc-ignore!")
        XCTAssertTrue(TranslatorNote.marksDoNotTranslate("Don\u{2019}t translate: a product name"))
    }

    /// A key marked *Don't Translate* is skipped unless the caller keeps it, marked; each
    /// language's entry is at its own value's line.
    func testStringCatalogDoNotTranslateAndLines() throws {
        let catalog = try write(
            """
            {"sourceLanguage": "en", "strings": {
              "ver-ST-002.text": {"comment": "Class = \\"UILabel\\"; ObjectID = \\"ver-ST-002\\";", "shouldTranslate": false},
              "out-ST-001.normalTitle": {"comment": "Class = \\"UIButton\\"; Note = \\"Sign out of every device\\";",
                "localizations": {
                  "de": {"stringUnit": {"state": "translated", "value": "Abmelden"}},
                  "fr": {"stringUnit": {"state": "translated", "value": "Déconnexion"}}}}
            }}
            """, to: "mul.lproj/Settings.xcstrings")
        XCTAssertFalse(try Catalogs.read([catalog], sourceLanguage: nil).contains { $0.key == "ver-ST-002.text" })
        let kept = try Catalogs.read([catalog], sourceLanguage: nil, keepingDoNotTranslate: true)
        let marked = try XCTUnwrap(kept.first { $0.key == "ver-ST-002.text" })
        XCTAssertFalse(marked.shouldTranslate)
        XCTAssertEqual(marked.doNotTranslateReason, "shouldTranslate: false")
        let german = try XCTUnwrap(kept.first { $0.key == "out-ST-001.normalTitle" && $0.language == "de" })
        let french = try XCTUnwrap(kept.first { $0.key == "out-ST-001.normalTitle" && $0.language == "fr" })
        XCTAssertEqual([german.line, french.line], [5, 6])
        XCTAssertEqual(german.note, "Sign out of every device")
        XCTAssertNil(german.doNotTranslateReason)
    }

    func testStaleKeysAreSkipped() throws {
        let catalog = try write(
            """
            {"sourceLanguage": "en", "strings": {
              "old": {"extractionState": "stale", "localizations": {"de": {"stringUnit": {"state": "translated", "value": "Alt"}}}},
              "new": {"extractionState": "manual", "localizations": {"de": {"stringUnit": {"state": "translated", "value": "Neu"}}}}
            }}
            """, to: "Localizable.xcstrings")
        let entries = try Catalogs.read([catalog], sourceLanguage: nil)
        XCTAssertEqual(Set(entries.map(\.key)), ["new"])
        XCTAssertEqual(entries.first { $0.language == "de" }?.text, "Neu")
    }

    func testAKeyInBothStringsAndAStringCatalogIsReadOnce() throws {
        let strings = try write("\"greeting\" = \"Hallo\";\n", to: "de.lproj/Localizable.strings")
        let catalog = try write(
            """
            {"sourceLanguage": "en", "strings": {"greeting": {"localizations": {
              "de": {"stringUnit": {"state": "translated", "value": "Hallo"}}}}}}
            """, to: "Localizable.xcstrings")
        let entries = try Catalogs.read([strings, catalog], sourceLanguage: nil)
        XCTAssertEqual(entries.filter { $0.key == "greeting" && $0.language == "de" }.count, 1, "\(entries)")
        XCTAssertEqual(entries.first { $0.language == "de" }?.file, strings, "the first file given keeps it")
    }

    func testPOFilesKeyedByIdentifiers() throws {
        let english = try write(
            """
            msgid ""
            msgstr "Language: en\\n"

            msgid "login.title"
            msgstr "Sign in"

            msgid "login.forgotPassword"
            msgstr "Forgot your password?"
            """, to: "en.po")
        let german = try write(
            """
            msgid ""
            msgstr "Language: de\\n"

            msgid "login.title"
            msgstr "Anmelden"

            msgid "login.forgotPassword"
            msgstr "Passwort vergessen?"
            """, to: "de.po")
        let entries = try Catalogs.read([english, german], sourceLanguage: "en")
        XCTAssertFalse(entries.contains { $0.text == "login.title" }, "identifiers are not measured: \(entries)")
        XCTAssertEqual(entries.first { $0.key == "login.title" && $0.language == "en" }?.text, "Sign in")
        XCTAssertEqual(entries.first { $0.key == "login.title" && $0.language == "de" }?.text, "Anmelden")
        XCTAssertEqual(entries.count, 4)

        // Natural-language msgids are still the source text.
        let natural = try write("msgid \"Sign in\"\nmsgstr \"Anmelden\"\n", to: "po/de.po")
        let read = try Catalogs.read([natural], sourceLanguage: "en")
        XCTAssertEqual(read.first { $0.language == "en" }?.text, "Sign in")
    }

    func testStringsFileKeyedByObjectIDWithLines() throws {
        let bytes = Array(
            """
            /* Class = "UILabel"; text = "Sign in"; ObjectID = "Xyz-ab-cde"; */
            "Xyz-ab-cde.text" = "Anmelden";

            /* Class = "UIButton"; normalTitle = "Go"; ObjectID = "Q7r-2k-1aa"; */
            "Q7r-2k-1aa.normalTitle" = "Los";
            """.utf8)
        let entries = try StringsFile.parse(bytes, file: "de.lproj/Main.strings")
        XCTAssertEqual(entries.map(\.key), ["Xyz-ab-cde.text", "Q7r-2k-1aa.normalTitle"])
        XCTAssertEqual(entries.map(\.value), ["Anmelden", "Los"])
        XCTAssertEqual(entries.map(\.line), [2, 5])
        XCTAssertEqual(entries.first?.column, 1)
    }

    func testSubstitutionsExpandPerPluralVariantWithSamples() throws {
        let catalog = try write(
            """
            {"sourceLanguage": "en", "strings": {"summary": {"localizations": {"en": {
              "stringUnit": {"state": "translated", "value": "%#@photos@ in %#@albums@"},
              "substitutions": {
                "photos": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                  "one": {"stringUnit": {"state": "translated", "value": "%arg photo"}},
                  "other": {"stringUnit": {"state": "translated", "value": "%arg photos"}}}}},
                "albums": {"argNum": 2, "formatSpecifier": "lld", "variations": {"plural": {
                  "one": {"stringUnit": {"state": "translated", "value": "%arg album"}},
                  "other": {"stringUnit": {"state": "translated", "value": "%arg albums"}}}}}
              }}}}}}
            """, to: "Localizable.xcstrings")
        let entries = try Catalogs.read([catalog], sourceLanguage: nil).map { $0.withDigits("8") }
        let texts = Dictionary(uniqueKeysWithValues: entries.map { ($0.variant ?? "", $0.text) })
        XCTAssertEqual(
            texts,
            [
                "photos.one, albums.one": "1 photo in 1 album",
                "photos.one, albums.other": "1 photo in 88888 albums",
                "photos.other, albums.one": "88888 photos in 1 album",
                "photos.other, albums.other": "88888 photos in 88888 albums",
            ])
        let widest = entries.first { $0.variant == "photos.other, albums.other" }
        XCTAssertEqual(widest?.samples, ["photos: %lld = 88888", "albums: %lld = 88888"])
    }

    func testFormatSpecifiersAreMeasuredWithSamples() {
        let samples = FormatSamples()
        func filled(_ text: String, _ variant: String? = nil) -> String {
            samples.fill(text, variant: variant).text.replacingOccurrences(
                of: String(FormatSamples.digitPlaceholder), with: "8")
        }
        XCTAssertEqual(filled("%lld files"), "88888 files")
        XCTAssertEqual(filled("%lld file", "plural.one"), "1 file")
        XCTAssertEqual(filled("%1$@ sent %2$d"), "WWWWWWWWWW sent 88888")
        XCTAssertEqual(filled("%.2f km"), "88888.88 km")
        XCTAssertEqual(filled("%d%% done"), "88888% done")
        XCTAssertEqual(filled("100% sure"), "100% sure", "a space is not a flag")
        XCTAssertEqual(filled("100%% sure"), "100%% sure", "no specifier, not a format")
        let entry = CatalogEntry(
            key: "k", variant: nil, language: "en", text: samples.fill("%1$@ sent %2$d", variant: nil).text,
            samples: samples.fill("%1$@ sent %2$d", variant: nil).samples, file: "f", line: 1)
        XCTAssertTrue(entry.needsDigits)
        XCTAssertEqual(entry.withDigits("4").samples, ["%1$@ = WWWWWWWWWW", "%2$d = 44444"])
        XCTAssertEqual(entry.withDigits("4").text, "WWWWWWWWWW sent 44444")
        XCTAssertFalse(entry.withDigits("4").needsDigits)
        XCTAssertEqual(FormatSamples.asWritten.fill("%d items", variant: nil).text, "%d items")
        var custom = FormatSamples()
        XCTAssertTrue(custom.set("integer", to: "7"))
        XCTAssertTrue(custom.set("string", to: "Ann"))
        XCTAssertFalse(custom.set("colour", to: "red"))
        XCTAssertEqual(custom.fill("%@ has %d", variant: nil).text, "Ann has 7")
    }
}
