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

            Storyboards and XIBs need no spec: every scene is laid out in Base and every language found beside the file (xx.lproj/NAME.strings; NAME.xcstrings beside it or in any .lproj, such as mul.lproj) × --categories (default large and accessibilityExtraExtraExtraLarge), right-to-left languages mirrored, and each label, button, field, segment, navigation bar, bar button or tab bar title that is cut, shrunk, drawn past its bounds or pushed off screen is reported with the element's line and the translation's. Every translated text is checked or skipped with a reason (not drawn, marked do-not-translate, image-only button, …), and keys that name no object are listed as stale. A folder is searched for storyboards and XIBs (skipping Pods, Carthage, .build, DerivedData, SourcePackages, build, node_modules); a file that cannot be used is reported and the others still checked. --pseudo adds Xcode's pseudolanguages (double-length, accented, bounded, right-to-left).

            Findings: truncated, overflow and offscreen fail the run unless --fail-on names other kinds; shrunk, drawnPastBounds and missingCharacters are warnings. --write-baseline records the findings; --baseline fails only on new ones and lists the fixed ones.

            Exit status: 0 when nothing fails, 1 when a finding fails the run, 64 for a bad argument, 65 when a file (catalog, spec, storyboard) holds invalid data, 66 when one cannot be read (65 and 66 win over 1), 70 for an internal error, 73 when a report cannot be written.
            """)

    @Argument(
        help:
            "An app's folder (every storyboard and XIB under it), storyboards and XIBs (.storyboard, .xib), or catalog files (.xcstrings, .strings, .po)."
    )
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

    @Flag(help: "Print JSON (findings and a summary) instead of a table (as --format json).")
    var json = false

    @Option(
        help: ArgumentHelp(
            "What to print: table (default), json, or github (GitHub Actions workflow commands: ::error file=…,line=…::…).",
            valueName: "format"))
    var format: String?

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "The kinds of finding that fail the run (exit 1), comma-separated: truncated, overflow, offscreen, shrunk, drawnPastBounds, missingCharacters, or none (default: truncated,overflow,offscreen; the others are warnings).",
            valueName: "kind,…"))
    var failOn: String?

    @Option(
        help: ArgumentHelp(
            "A baseline written by --write-baseline: its findings are known and do not fail the run; only new ones do.",
            valueName: "file.json"))
    var baseline: String?

    @Option(
        name: .customLong("write-baseline"),
        help: ArgumentHelp("Write this run's findings as a baseline to this file.", valueName: "file.json"))
    var writeBaseline: String?

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
                "nothing to check: pass an app's folder, storyboards and XIBs (.storyboard, .xib), or catalogs (.xcstrings, .strings, .po) with --spec"
            )
        }
        let registry = FontRegistry.shared
        do {
            for directory in fontDirectories { try registry.addFonts(at: directory) }
        } catch {
            throw RequestError(error)
        }
        let format = try outputFormat()
        var settings = CheckSettings()
        if let failOn { settings.failOn = try CheckSettings.parseFailOn(failOn) }
        if let baselinePath = baseline { settings.baseline = try Baseline.read(baselinePath) }
        let inputs = try CheckInputs.sort(catalogs)
        settings.sourceRoot = inputs.folder
        if inputs.interfaceFiles.isEmpty {
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
        let outcome: FitCheck.Outcome
        if !inputs.interfaceFiles.isEmpty {
            outcome = try checkInterfaceBuilder(inputs, spec: loaded, registry: registry)
        } else {
            guard let spec = loaded, let specPath = self.spec else {
                throw RequestError(
                    kind: "missingSpec",
                    "--spec is required to check catalogs (it says which control and width each key has); an IB file (.storyboard, .xib) or an app's folder needs none"
                )
            }
            outcome = try CheckCommand.checkCatalogs(
                inputs.catalogFiles, spec: spec, specPath: specPath, registry: registry,
                progress: noProgress ? nil : ProgressBar(totalBytes: nil, unit: "checks"))
        }
        // One model of the findings; the table, JSON and every report file are views of it.
        let model = FindingsModel(check: outcome, settings: settings)
        if let path = writeBaseline { try Baseline.write(model.findings.flatMap(\.baselineEntries), to: path) }
        if reports.wanted { try reports.write(model) }
        switch format {
        case .table: print(CheckReport.table(model))
        case .json: print(CheckReport.json(model))
        case .github: print(GitHubReport.text(model))
        }
        if let status = CheckCommand.exitStatus(outcome.errors, failing: model.findings.contains(where: \.failsRun)) {
            throw RequestError(kind: "failed", "", exitCode: status)
        }
    }

    /// How a run ends: 0 when nothing fails; 1 when a finding fails the run; for a file that
    /// could not be checked, whatever was found: 66 when one could not be read, else 65 when
    /// one held invalid data (70 for an internal error before both). Nil for 0.
    static func exitStatus(_ errors: [FileFailure], failing: Bool) -> Int32? {
        let codes = Set(errors.map(\.exitCode))
        for code: Int32 in [70, 66, 65] where codes.contains(code) { return code }
        if let other = codes.max() { return other }
        return failing ? 1 : nil
    }

    /// The output format: `--format`, or `--json`.
    private func outputFormat() throws(RequestError) -> OutputFormat {
        guard let format else { return json ? .json : .table }
        guard let chosen = OutputFormat(rawValue: format.lowercased()) else {
            throw RequestError(
                kind: "badOption",
                "--format '\(format)': allowed: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if json, chosen != .json {
            throw RequestError(
                kind: "badOption", "--json and --format \(chosen.rawValue) ask for two formats; give one")
        }
        return chosen
    }
}

/// What `measure check` prints on stdout.
enum OutputFormat: String, CaseIterable {
    /// Columns for people.
    case table
    /// One JSON object.
    case json
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`).
    case github
}

extension CheckCommand {
    /// Reads the catalogs and checks every entry against the spec: the whole of
    /// `measure check CATALOG… --spec SPEC` but the report, shared with ``CatalogCheckRun``
    /// (what `benchmarks check` times).
    static func checkCatalogs(
        _ catalogs: [String], spec: CheckSpec, specPath: String, registry: FontRegistry, progress: ProgressBar?
    ) throws(RequestError) -> FitCheck.Outcome {
        let read: [CatalogEntry]
        do {
            read = try Catalogs.read(
                catalogs, sourceLanguage: spec.sourceLanguage, samples: spec.samples, keepingDoNotTranslate: true)
        } catch {
            throw RequestError(error)
        }
        // Keys marked not to translate are accounted for, not checked.
        let entries = read.filter { $0.doNotTranslateReason == nil }
        try spec.checkLanguages(against: entries, file: specPath)
        var outcome = try FitCheck(spec: spec, registry: registry).run(entries, progress: progress)
        // Each key once, named after the first file that holds it.
        var fileOfKey: [String: String] = [:]
        for entry in read where fileOfKey[entry.key] == nil { fileOfKey[entry.key] = entry.file }
        for entry in read {
            let name = TranslationCoverage.name(fileOfKey[entry.key] ?? entry.file, entry.key)
            if let reason = entry.doNotTranslateReason {
                outcome.coverage.skipped[name] = .doNotTranslate(reason)
            } else if outcome.unmatchedKeys.contains(entry.key) {
                outcome.coverage.skipped[name] = .noRule
            } else if outcome.keys.contains(entry.key) {
                outcome.coverage.checked.insert(name)
            }
        }
        return outcome
    }

    /// Checks IB files in their languages and categories, the catalogs named with them
    /// (against the spec, or as the translations of the IB file of their name), and the IB
    /// texts against the spec's rules too. A file that cannot be read or holds invalid data is
    /// reported on stderr and in the outcome's errors, and every other file is still checked.
    private func checkInterfaceBuilder(
        _ inputs: CheckInputs, spec: CheckSpec?, registry: FontRegistry
    ) throws(RequestError) -> FitCheck.Outcome {
        var outcome = FitCheck.Outcome()
        let progress = noProgress ? nil : ProgressBar(totalBytes: nil, unit: "checks")
        var extraCatalogs: [String: [String]] = [:]
        if let spec, !inputs.catalogFiles.isEmpty {
            outcome = try CheckCommand.checkCatalogs(
                inputs.catalogFiles, spec: spec, specPath: self.spec ?? "", registry: registry, progress: progress)
        } else if spec == nil {
            extraCatalogs = try inputs.catalogsByInterfaceFile()
        }
        var categories: [ContentSizeCategory] = [.large, .accessibilityExtraExtraExtraLarge]
        if let categoryList { categories = try InterfaceBuilderCheck.parseCategories(categoryList) }
        var pseudolanguages: [[Pseudolanguage]] = []
        for option in pseudo {
            let parsed = try Pseudolanguage.parse(option)
            if !pseudolanguages.contains(parsed) { pseudolanguages.append(parsed) }
        }
        let several = inputs.interfaceFiles.count > 1
        // Every file's translations first, so that --languages can be checked against them all.
        var prepared: [(file: String, translations: InterfaceBuilderTranslations)] = []
        for file in inputs.interfaceFiles {
            do throws(RequestError) {
                guard FileManager.default.fileExists(atPath: file) else {
                    throw RequestError(kind: "unreadableFile", "cannot read '\(file)': no such file", exitCode: 66)
                }
                prepared.append(
                    (file, try InterfaceBuilderTranslations.read(beside: file, extra: extraCatalogs[file] ?? [])))
            } catch {
                try CheckCommand.record(error, file: file, in: &outcome)
            }
        }
        if several, let languageList {
            let named = Set(
                prepared.flatMap { item in
                    (try? InterfaceBuilderCheck.chooseLanguages(
                        found: item.translations.languages, pseudo: pseudolanguages, only: languageList,
                        file: item.file, lenient: true)) ?? []
                }.map { $0.name.lowercased() })
            for part in languageList.split(separator: ",") {
                var name = part.trimmingCharacters(in: .whitespaces)
                if let combination = try? Pseudolanguage.parse(name) {
                    name = combination.map(\.rawValue).joined(separator: "+")
                }
                guard named.contains(name.lowercased()) else {
                    throw RequestError(
                        kind: "unknownLanguage",
                        "--languages names '\(name)', which none of the \(prepared.count) files has a translation for (pseudolanguages come from --pseudo)"
                    )
                }
            }
        }
        for (file, translations) in prepared {
            do throws(RequestError) {
                let languages = try InterfaceBuilderCheck.chooseLanguages(
                    found: translations.languages, pseudo: pseudolanguages, only: languageList, file: file,
                    lenient: several)
                var check = InterfaceBuilderCheck(
                    path: file, languages: languages, categories: categories, device: device,
                    fontDirectories: fontDirectories, drawsScreens: reports.report != nil)
                check.translations = translations
                let (found, extra) = try check.run(progress: progress)
                outcome.screens.merge(found.screens) { first, _ in first }
                outcome.findings += found.findings
                outcome.checks += found.checks
                outcome.cases += found.cases
                outcome.keys.formUnion(found.keys)
                outcome.languages.formUnion(found.languages)
                outcome.untranslated.merge(extra.untranslated) { Array(Set($0 + $1)).sorted() }
                outcome.coverage.merge(extra.coverage)
                if let spec {
                    // The spec adds rules to the IB texts; a key it does not match is still laid out.
                    let ruled = try FitCheck(spec: spec, registry: registry).run(extra.entries, progress: nil)
                    outcome.findings += ruled.findings
                    outcome.checks += ruled.checks
                    outcome.cases += ruled.cases
                }
            } catch {
                try CheckCommand.record(error, file: file, in: &outcome)
            }
        }
        return outcome
    }

    /// Notes a file that could not be checked, on stderr and in the outcome, so the run goes
    /// on; a bad argument (exit 64: an unknown device, a language no translation has) ends
    /// the run instead.
    static func record(_ error: RequestError, file: String, in outcome: inout FitCheck.Outcome) throws(RequestError) {
        guard error.exitCode != 64 else { throw error }
        let message = error.message.hasPrefix(file) ? error.message : "\(file): \(error.message)"
        FileHandle.standardError.write(Data("measure: error: \(message)\n".utf8))
        outcome.errors.append(FileFailure(file: file, kind: error.kind, message: message, exitCode: error.exitCode))
    }
}
