import ArgumentParser
import Catalogs
import Foundation
import Typesetting

/// `measure check CATALOG… --spec SPEC`: every key × language × content size category that
/// truncates or overflows its control.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure check",
        abstract: "Find every translated string that truncates or overflows, in every language and text size.",
        discussion: """
            Catalogs: String Catalogs (.xcstrings), .strings (UTF-8 or UTF-16; the language comes from the xx.lproj folder or the file name) and gettext .po files (msgunfmt turns a .mo into one).

            The spec is JSON. Rules are tried in order; the first whose key pattern matches applies:
              {"defaults": {"textStyle": "body",
                            "categories": ["large", "accessibilityExtraLarge"]},
               "fonts": {"ja": "Droid Sans Fallback"},
               "rules": [{"key": "login.*", "control": "button", "width": 120},
                         {"key": "*", "width": 343, "lines": 2}]}

            Storyboards and XIBs need no spec: every scene is laid out in Base and every language found beside the file (xx.lproj/NAME.strings, NAME.xcstrings) × --categories (default large and accessibilityExtraExtraExtraLarge), right-to-left languages mirrored, and each label, button, field, segment, navigation bar, bar button or tab bar title that is cut, shrunk or pushed off screen is reported with the element's line and the translation's. --pseudo adds Xcode's pseudolanguages (double-length, accented, bounded, right-to-left).

            Exit status: 0 when everything fits, 1 when anything truncates, overflows, shrinks or runs off screen, 64/65/66 for a bad argument, bad data (catalog or spec) or a missing file, 70 for an internal error.
            """)

    @Argument(help: "Catalog files (.xcstrings, .strings, .po), or storyboards and XIBs (.storyboard, .xib).")
    var catalogs: [String] = []

    @Option(
        help:
            "The JSON spec: controls, widths, lines, fonts or text styles, categories per key pattern (required for catalogs; optional with IB files, where it adds rules)."
    )
    var spec: String?

    @Option(
        name: .customLong("languages"),
        help:
            "IB files: the languages to check, comma-separated (default: Base and every translation found beside the file)."
    )
    var languageList: String?

    @Option(
        name: .customLong("categories"),
        help:
            "IB files: the content size categories, comma-separated, or all (default: large,accessibilityExtraExtraExtraLarge)."
    )
    var categoryList: String?

    @Option(
        name: .customLong("pseudo"),
        help:
            "IB files: also check an Xcode pseudolanguage (repeatable): double-length, accented, bounded, right-to-left; several joined by + apply together."
    )
    var pseudo: [String] = []

    @Option(
        help: "IB files: lay out on this device (an IB id such as retina6_12, or a preset name) instead of the file's.")
    var device: String?

    @Option(
        name: .customLong("sample"),
        help: ArgumentHelp(
            "The value a format specifier is measured with, as KIND=VALUE (repeatable): integer (default 88888), decimal, string (default WWWWWWWWWW).",
            valueName: "kind=value"))
    var samples: [String] = []

    @Flag(help: "Print JSON (findings and a summary) instead of a table.")
    var json = false

    @OptionGroup(title: "Reports")
    var reports: ReportOptions

    @Option(
        name: .customLong("font-dir"),
        help: "Add font files or directories (repeatable), e.g. SF Pro or Hiragino copied from a Mac.")
    var fontDirectories: [String] = []

    @Flag(name: .customLong("no-progress"), help: "Never draw the progress bar (it shows only on a terminal).")
    var noProgress = false

    func run() throws {
        do {
            try check()
        } catch {
            throw error.reported()
        }
    }

    private func check() throws(RequestError) {
        guard !catalogs.isEmpty else {
            throw RequestError(
                kind: "missingCatalog",
                "no catalogs to check: pass .xcstrings, .strings or .po files, or a .storyboard or .xib")
        }
        let registry = FontRegistry.shared
        do {
            for directory in fontDirectories { try registry.addFonts(at: directory) }
        } catch {
            throw RequestError(error)
        }
        let interfaceFiles = catalogs.filter(InterfaceBuilderCheck.isInterfaceBuilderFile)
        let catalogFiles = catalogs.filter { !InterfaceBuilderCheck.isInterfaceBuilderFile($0) }
        if interfaceFiles.isEmpty {
            for (name, given) in [("--languages", languageList), ("--categories", categoryList), ("--device", device)]
            where given != nil {
                throw RequestError(
                    kind: "badOption", "\(name) applies to IB files (.storyboard, .xib); catalogs take it from the spec"
                )
            }
            if !pseudo.isEmpty {
                throw RequestError(kind: "badOption", "--pseudo applies to IB files (.storyboard, .xib)")
            }
        }
        var loaded: CheckSpec?
        if let path = self.spec {
            var spec = try CheckSpec.load(path)
            for sample in samples {
                let parts = sample.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, spec.samples.set(parts[0], to: parts[1]) else {
                    throw RequestError(
                        kind: "invalidArgument",
                        "--sample '\(sample)': expected KIND=VALUE with KIND one of \(FormatSamples.kinds.joined(separator: ", ")), such as integer=99999"
                    )
                }
            }
            loaded = spec
        }
        if !interfaceFiles.isEmpty {
            try checkInterfaceBuilder(interfaceFiles, catalogFiles: catalogFiles, spec: loaded, registry: registry)
            return
        }
        guard let spec = loaded, let specPath = self.spec else {
            throw RequestError(
                kind: "missingSpec",
                "--spec is required to check catalogs (it says which control and width each key has); an IB file (.storyboard, .xib) needs none"
            )
        }
        let outcome = try CheckCommand.checkCatalogs(
            catalogs, spec: spec, specPath: specPath, registry: registry,
            progress: noProgress ? nil : ProgressBar(totalBytes: nil, unit: "checks"))
        // One model of the findings; the table, JSON and every report file are views of it.
        let model = FindingsModel(check: outcome)
        if reports.wanted { try reports.write(model) }
        print(json ? CheckReport.json(model) : CheckReport.table(model))
        if !outcome.findings.isEmpty { throw RequestError(kind: "failed", "", exitCode: 1) }
    }
}

extension CheckCommand {
    /// Reads the catalogs and checks every entry against the spec: the whole of
    /// `measure check CATALOG… --spec SPEC` but the report, shared with ``CatalogCheckRun``
    /// (what `benchmarks check` times).
    static func checkCatalogs(
        _ catalogs: [String], spec: CheckSpec, specPath: String, registry: FontRegistry, progress: ProgressBar?
    ) throws(RequestError) -> FitCheck.Outcome {
        let entries: [CatalogEntry]
        do {
            entries = try Catalogs.read(catalogs, sourceLanguage: spec.sourceLanguage, samples: spec.samples)
        } catch {
            throw RequestError(error)
        }
        try spec.checkLanguages(against: entries, file: specPath)
        return try FitCheck(spec: spec, registry: registry).run(entries, progress: progress)
    }

    /// Checks IB files in their languages and categories, the catalogs beside them against
    /// the spec, and the IB texts against the spec's rules too.
    private func checkInterfaceBuilder(
        _ files: [String], catalogFiles: [String], spec: CheckSpec?, registry: FontRegistry
    ) throws(RequestError) {
        var outcome = FitCheck.Outcome()
        let progress = noProgress ? nil : ProgressBar(totalBytes: nil, unit: "checks")
        if let spec, !catalogFiles.isEmpty {
            let entries: [CatalogEntry]
            do {
                entries = try Catalogs.read(catalogFiles, sourceLanguage: spec.sourceLanguage, samples: spec.samples)
            } catch {
                throw RequestError(error)
            }
            outcome = try FitCheck(spec: spec, registry: registry).run(entries, progress: progress)
        }
        var categories: [ContentSizeCategory] = [.large, .accessibilityExtraExtraExtraLarge]
        if let categoryList { categories = try InterfaceBuilderCheck.parseCategories(categoryList) }
        var pseudolanguages: [[Pseudolanguage]] = []
        for option in pseudo {
            let parsed = try Pseudolanguage.parse(option)
            if !pseudolanguages.contains(parsed) { pseudolanguages.append(parsed) }
        }
        for file in files {
            guard FileManager.default.fileExists(atPath: file) else {
                throw RequestError(kind: "unreadableFile", "cannot read '\(file)': no such file", exitCode: 66)
            }
            let languages = try InterfaceBuilderCheck.chooseLanguages(
                found: try InterfaceBuilderCheck.languages(beside: file), pseudo: pseudolanguages,
                only: languageList, file: file)
            let check = InterfaceBuilderCheck(
                path: file, languages: languages, categories: categories, device: device,
                fontDirectories: fontDirectories, drawsScreens: reports.report != nil)
            let (found, extra) = try check.run(progress: progress)
            outcome.screens.merge(found.screens) { first, _ in first }
            outcome.findings += found.findings
            outcome.checks += found.checks
            outcome.cases += found.cases
            outcome.keys.formUnion(found.keys)
            outcome.languages.formUnion(found.languages)
            outcome.untranslated.merge(extra.untranslated) { Array(Set($0 + $1)).sorted() }
            if let spec {
                // The spec adds rules to the IB texts; a key it does not match is still laid out.
                let ruled = try FitCheck(spec: spec, registry: registry).run(extra.entries, progress: nil)
                outcome.findings += ruled.findings
                outcome.checks += ruled.checks
                outcome.cases += ruled.cases
            }
        }
        // One model of the findings; the table, JSON and every report file are views of it.
        let model = FindingsModel(check: outcome)
        if reports.wanted { try reports.write(model) }
        print(json ? CheckReport.json(model) : CheckReport.table(model))
        if !outcome.findings.isEmpty { throw RequestError(kind: "failed", "", exitCode: 1) }
    }
}
