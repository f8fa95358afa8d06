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

            Exit status: 0 when everything fits, 1 when anything truncates or overflows, 64/65/66 for a bad argument, bad data (catalog or spec) or a missing file, 70 for an internal error.
            """)

    @Argument(help: "Catalog files: .xcstrings, .strings or .po.")
    var catalogs: [String] = []

    @Option(help: "The JSON spec: controls, widths, lines, fonts or text styles, categories per key pattern.")
    var spec: String

    @Option(
        name: .customLong("sample"),
        help: ArgumentHelp(
            "The value a format specifier is measured with, as KIND=VALUE (repeatable): integer (default 88888), decimal, string (default WWWWWWWWWW).",
            valueName: "kind=value"))
    var samples: [String] = []

    @Flag(help: "Print JSON (findings and a summary) instead of a table.")
    var json = false

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
            throw RequestError(kind: "missingCatalog", "no catalogs to check: pass .xcstrings, .strings or .po files")
        }
        let registry = FontRegistry.shared
        do {
            for directory in fontDirectories { try registry.addFonts(at: directory) }
        } catch {
            throw RequestError(error)
        }
        var spec = try CheckSpec.load(self.spec)
        for sample in samples {
            let parts = sample.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, spec.samples.set(parts[0], to: parts[1]) else {
                throw RequestError(
                    kind: "invalidArgument",
                    "--sample '\(sample)': expected KIND=VALUE with KIND one of \(FormatSamples.kinds.joined(separator: ", ")), such as integer=99999"
                )
            }
        }
        let entries: [CatalogEntry]
        do {
            entries = try Catalogs.read(catalogs, sourceLanguage: spec.sourceLanguage, samples: spec.samples)
        } catch {
            throw RequestError(error)
        }
        try spec.checkLanguages(against: entries, file: self.spec)
        let outcome = try FitCheck(spec: spec, registry: registry).run(
            entries, progress: noProgress ? nil : ProgressBar(totalBytes: nil, unit: "checks"))
        print(json ? CheckReport.json(outcome) : CheckReport.table(outcome))
        if !outcome.findings.isEmpty { throw RequestError(kind: "failed", "", exitCode: 1) }
    }
}
