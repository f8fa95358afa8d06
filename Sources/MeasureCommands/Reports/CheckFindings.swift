import Catalogs
import Foundation
import Typesetting

/// How a `measure check` run judges its findings: which kinds fail it, the baseline to
/// compare with, and the folder file paths in reports are relative to.
struct CheckSettings: Sendable {
    /// The kinds that fail the run unless `--fail-on` names others.
    static let defaultFailOn = ["truncated", "overflow", "offscreen"]
    /// Every kind `measure check` reports, in the order reports list them.
    static let kinds = ["truncated", "overflow", "offscreen", "shrunk", "drawnPastBounds", "missingCharacters"]

    /// The kinds that fail the run; the others are warnings.
    var failOn: [String] = defaultFailOn
    /// The baseline given with `--baseline`.
    var baseline: Baseline? = nil
    /// The folder SARIF's `%SRCROOT%` stands for: the folder checked, or the current one.
    var sourceRoot: String? = nil

    /// Reads `--fail-on`: kinds joined by commas; `none` for no kind.
    static func parseFailOn(_ list: String) throws(RequestError) -> [String] {
        let parts = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if parts == ["none"] { return [] }
        var kinds: [String] = []
        for part in parts {
            guard let kind = Self.kinds.first(where: { $0.lowercased() == part.lowercased() }) else {
                throw RequestError(
                    kind: "badOption",
                    "--fail-on names '\(part)', which is not a kind; kinds: \(Self.kinds.joined(separator: ", ")) (or none)"
                )
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        guard !kinds.isEmpty else {
            throw RequestError(
                kind: "badOption", "--fail-on is empty; name kinds (\(Self.kinds.joined(separator: ", "))) or none")
        }
        return kinds
    }
}

/// A file `measure check` could not check, and why: the message (with the file and, where
/// known, the line and column) and the exit status it calls for (65 invalid data, 66 not
/// readable).
struct FileFailure: Sendable {
    /// The file, as the run names it.
    var file: String
    /// The error's kind (`syntax`, `unreadableFile`, …).
    var kind: String
    /// The message, starting with the place.
    var message: String
    /// 65 or 66 (70 for an internal error).
    var exitCode: Int32
}

extension FindingsModel {
    /// The cases and findings of `measure check`: its findings grouped (an untranslated key
    /// that shows its Base finding in several languages, a finding identical at several
    /// categories), judged by `settings` (`--fail-on`, `--baseline`), with the totals.
    init(check outcome: FitCheck.Outcome, settings: CheckSettings = CheckSettings()) {
        command = "measure check"
        var grouped = FindingsModel.grouped(outcome.findings).map { group in
            FindingsModel.finding(group, failOn: settings.failOn)
        }
        var fixed: [BaselineEntry] = []
        if let baseline = settings.baseline {
            var seen = Set<BaselineEntry>()
            for index in grouped.indices {
                let entries = grouped[index].baselineEntries
                for entry in entries { seen.insert(baseline.normalized(entry)) }
                grouped[index].baselineState = entries.allSatisfy(baseline.contains) ? "unchanged" : "new"
            }
            fixed = baseline.entries.subtracting(seen).sorted()
        }
        findings = grouped
        screens = outcome.screens
        var totals = CheckTotals(
            checks: outcome.checks,
            keys: outcome.coverage.checked.isEmpty ? outcome.keys.count : outcome.coverage.checked.count,
            languages: outcome.languages, unmatchedKeys: outcome.unmatchedKeys, untranslated: outcome.untranslated)
        totals.coverage = outcome.coverage
        totals.errors = outcome.errors
        totals.failOn = settings.failOn
        totals.hasBaseline = settings.baseline != nil
        totals.fixed = fixed
        self.totals = totals
        sourceRoot = settings.sourceRoot
        summary = ""
        var seen = Set<CheckedCase>()
        cases = []
        for item in outcome.cases + grouped.flatMap(\.checks) where seen.insert(item).inserted { cases.append(item) }
        summary = CheckReport.summary(self)
    }

    /// A group of identical findings in report form.
    static func finding(_ group: FindingGroup, failOn: [String]) -> ReportFinding {
        let finding = group.finding
        let entry = finding.entry
        let subject = entry.variant.map { "\(entry.key) [\($0)]" } ?? entry.key
        let problemName = CheckReport.problemName(finding)
        let languages = group.languages
        let categories = group.categories.map(\.rawValue)
        let words = finding.problem == .drawnPastBounds ? "drawn past its bounds" : problemName
        var message: String
        if finding.problem == .missingCharacters {
            // One finding per language and face: the first text located, how many more lack
            // characters, and what to install (`FitCheck.Outcome.add(_:)`).
            let texts = finding.missingIn?.texts ?? 1
            message =
                "'\(subject)' (\(languages.joined(separator: ", "))) in \(finding.missingIn?.face ?? finding.font)"
                + (texts > 1 ? " and \(texts - 1) more text\(texts == 2 ? "" : "s")" : "") + ": "
                + MissingCharacters.sentences(finding.missingCharacters).joined(separator: "; ")
        } else {
            message =
                "'\(subject)' (\(languages.joined(separator: ", ")); \(categories.joined(separator: ", "))) is \(words) "
                + "in a \(finding.control.rawValue): needs \(CheckReport.size(finding.needed)), has \(CheckReport.size(finding.available))"
            if !finding.shown.isEmpty { message += "; shown: \(finding.shown.joined(separator: " ⏎ "))" }
            if !entry.samples.isEmpty { message += " (measured with \(entry.samples.joined(separator: ", ")))" }
        }
        // Every format shows the message: a stand-in is named wherever the finding goes.
        if let approximate = finding.approximate { message += " (approximate: \(approximate))" }
        let translation = FindingLocation(file: entry.file, line: entry.line, role: "translation")
        let element = finding.element.map {
            FindingLocation(file: $0.file, line: $0.line, role: "\($0.kind) \($0.name) in \($0.scene)")
        }
        var result = ReportFinding(
            kind: finding.problem.rawValue,
            checked: CheckedCase(subject: subject, language: languages[0], category: categories[0]),
            message: message, needed: finding.needed, available: finding.available, shown: finding.shown,
            text: entry.text, location: translation, related: element == translation ? nil : element,
            control: finding.control.rawValue, screen: finding.screen, baseScreen: finding.baseScreen,
            frame: finding.frame,
            catalog: CatalogDetails(
                key: entry.key, variant: entry.variant, samples: entry.samples, font: finding.font,
                problemName: problemName, fontScale: finding.fontScale, element: finding.element))
        result.languages = languages
        result.categories = categories
        result.approximate = finding.approximate
        result.missingCharacters = finding.missingCharacters.map { String($0) }
        if finding.problem == .missingCharacters {
            result.needed = nil
            result.available = nil
            result.catalog?.problemName = "missing characters"
        }
        result.fails = failOn.contains(finding.problem.rawValue)
        result.baselineEntries = languages.flatMap { language in
            categories.map { category in baselineEntry(finding, language: language, category: category) }
        }
        return result
    }

    /// The baseline entry of one check of a finding: an IB text by its file, object id and
    /// property; a catalog key by its catalog, key and variant.
    static func baselineEntry(_ finding: Finding, language: String, category: String) -> BaselineEntry {
        if let element = finding.element {
            let (object, property) = InterfaceBuilderCheck.split(finding.entry.key)
            return BaselineEntry(
                file: element.file, object: object, property: property, language: language, category: category,
                kind: finding.problem.rawValue)
        }
        return BaselineEntry(
            file: finding.entry.file, key: finding.entry.key, variant: finding.entry.variant, language: language,
            category: category, kind: finding.problem.rawValue)
    }
}

/// Findings that are one problem: the same text in the same view, cut or placed the same way,
/// in several languages (an untranslated key shows the Base text) or categories (a font that
/// does not follow Dynamic Type).
struct FindingGroup {
    /// The first finding (its language and category are the group's first).
    var finding: Finding
    /// The languages, in the order found.
    var languages: [String]
    /// The categories, in the order found.
    var categories: [ContentSizeCategory]
}

extension FindingsModel {
    /// What makes two findings the same problem, but for their language and category: the
    /// text, its place (two translations are never one finding), the view, the sizes and
    /// what is shown.
    private struct Identity: Hashable {
        var key: String
        var variant: String?
        var problem: String
        var text: String
        var file: String
        var line: Int
        var element: String?
        var control: String
        var font: String
        var sizes: [Double]
        var shown: [String]
        var fontScale: Double?
    }

    private static func identity(_ finding: Finding) -> Identity {
        Identity(
            key: finding.entry.key, variant: finding.entry.variant, problem: finding.problem.rawValue,
            text: finding.entry.text, file: finding.entry.file, line: finding.entry.line,
            element: finding.element.map { "\($0.file):\($0.line)" }, control: finding.control.rawValue,
            font: finding.font,
            sizes: [
                Double(finding.needed.width), Double(finding.needed.height), Double(finding.available.width),
                Double(finding.available.height),
            ], shown: finding.shown, fontScale: finding.fontScale)
    }

    /// The findings grouped: first the languages of each category that show one problem
    /// alike, then the categories at which a group of languages is alike; in the table's
    /// order (key, variant, first language, first category). Each group covers every
    /// language × category it lists, so expanding it gives back its checks.
    static func grouped(_ findings: [Finding]) -> [FindingGroup] {
        struct LanguageKey: Hashable {
            var identity: Identity
            var category: ContentSizeCategory
        }
        var byLanguage: [LanguageKey: Int] = [:]
        var first: [FindingGroup] = []
        for finding in findings {
            let key = LanguageKey(identity: identity(finding), category: finding.category)
            if let index = byLanguage[key] {
                if !first[index].languages.contains(finding.entry.language) {
                    first[index].languages.append(finding.entry.language)
                }
            } else {
                byLanguage[key] = first.count
                first.append(
                    FindingGroup(finding: finding, languages: [finding.entry.language], categories: [finding.category]))
            }
        }
        struct CategoryKey: Hashable {
            var identity: Identity
            var languages: [String]
        }
        var byCategory: [CategoryKey: Int] = [:]
        var groups: [FindingGroup] = []
        for group in first {
            let key = CategoryKey(identity: identity(group.finding), languages: group.languages)
            if let index = byCategory[key] {
                if !groups[index].categories.contains(group.categories[0]) {
                    groups[index].categories.append(group.categories[0])
                }
            } else {
                byCategory[key] = groups.count
                groups.append(group)
            }
        }
        return groups.sorted {
            ($0.finding.entry.key, $0.finding.entry.variant ?? "", $0.languages[0], $0.categories[0])
                < ($1.finding.entry.key, $1.finding.entry.variant ?? "", $1.languages[0], $1.categories[0])
        }
    }
}
