import Catalogs
import Controls
import Foundation
import Typesetting

/// The report of `measure check`: a table for people, JSON for tools, both views of the
/// findings model.
enum CheckReport {
    static func size(_ size: CGSize) -> String {
        "\(PixelGrid.format(size.width)) × \(PixelGrid.format(size.height))"
    }

    /// The widest KEY, LANGUAGE, CATEGORY and SHOWN cells, in terminal columns: a String
    /// Catalog keyed by its English text, a label of several lines or a finding of many
    /// languages is cut with "…" so a row stays readable (`--json` has them in full).
    static let cellColumns = 40

    /// The findings as columns aligned by terminal width (CJK counts two columns, combining
    /// marks none: `TerminalText`), one row each, then the summary. With a baseline, only the
    /// findings not in it are listed, then the baseline's entries that no longer occur.
    static func table(_ model: FindingsModel) -> String {
        var rows: [[String]] = [["KEY", "LANGUAGE", "CATEGORY", "PROBLEM", "NEEDED", "AVAILABLE", "SHOWN", "WHERE"]]
        for finding in model.findings where finding.baselineState != "unchanged" {
            var key = finding.checked.subject
            // The values format specifiers were measured with: "files.count (%lld = 88888)".
            if let samples = finding.catalog?.samples, !samples.isEmpty {
                key += " (\(samples.joined(separator: ", ")))"
            }
            let languages = finding.languages.isEmpty ? [finding.checked.language] : finding.languages
            let categories = finding.categories.isEmpty ? [finding.checked.category] : finding.categories
            let location = place(finding)
            var row = [TerminalText.cell(key, maximumColumns: cellColumns)]
            row.append(TerminalText.cell(languages.joined(separator: ","), maximumColumns: cellColumns))
            row.append(TerminalText.cell(categories.joined(separator: ","), maximumColumns: cellColumns))
            row.append(TerminalText.cell(finding.catalog?.problemName ?? finding.kind))
            row.append(TerminalText.cell(finding.needed.map(size) ?? ""))
            row.append(TerminalText.cell(finding.available.map(size) ?? ""))
            row.append(TerminalText.cell(finding.shown.joined(separator: " ⏎ "), maximumColumns: cellColumns))
            row.append(TerminalText.cell(location))
            rows.append(row)
        }
        var lines: [String] = []
        if rows.count > 1 {
            lines = TerminalText.table(rows)
            lines.append("")
        }
        if let fixed = model.totals?.fixed, !fixed.isEmpty {
            lines.append("Fixed since the baseline:")
            lines += fixed.map { "  \($0.description)" }
            lines.append("")
        }
        lines.append(model.summary)
        return lines.joined(separator: "\n")
    }

    /// `file:line`, or for an IB file the element's line and then the translation's.
    static func place(_ finding: ReportFinding) -> String {
        let entry = finding.location.map { "\($0.file):\($0.line.map(String.init) ?? "")" } ?? ""
        guard let element = finding.catalog?.element else { return entry }
        let view = "\(element.file):\(element.line)"
        return finding.location?.file == element.file ? view : "\(view), \(entry)"
    }

    /// The problem, with a shrunk label's scale: "shrunk to 80%".
    static func problemName(_ finding: Finding) -> String {
        guard finding.problem == .shrunk, let scale = finding.fontScale else { return finding.problem.rawValue }
        return "shrunk to \(min(99, Int((scale * 100).rounded())))%"
    }

    /// Counts by kind, in the order of ``CheckSettings/kinds``, non-zero ones: "3 truncated, 1 offscreen".
    static func counts(_ findings: [ReportFinding]) -> String {
        let count = Dictionary(findings.map { ($0.kind, 1) }, uniquingKeysWith: +)
        let order = CheckSettings.kinds + count.keys.filter { !CheckSettings.kinds.contains($0) }.sorted()
        return order.compactMap { kind in count[kind].map { "\($0) \(kind)" } }.joined(separator: ", ")
    }

    /// The summary line: checks, keys, languages; the findings that fail the run by kind and
    /// the warnings; the texts checked and skipped; stale keys; untranslated keys; the
    /// baseline's new, known and fixed findings; the files that could not be checked.
    static func summary(_ model: FindingsModel) -> String {
        guard let totals = model.totals else { return model.summary }
        let failing = model.findings.filter(\.failsRun)
        let known = model.findings.filter { $0.fails && !$0.failsRun }
        let warnings = model.findings.filter { !$0.fails }
        var parts: [String] = []
        if failing.isEmpty && warnings.isEmpty && known.isEmpty {
            parts.append(totals.checks == 0 && !totals.errors.isEmpty ? "nothing checked" : "everything fits")
        } else {
            if !failing.isEmpty {
                let keys = Set(failing.map(\.checked.subject)).count
                parts.append("\(failing.count) failed (\(counts(failing))) in \(keys) key\(keys == 1 ? "" : "s")")
            }
            if !known.isEmpty { parts.append("\(known.count) known from the baseline (\(counts(known)))") }
            if !warnings.isEmpty {
                parts.append("\(warnings.count) warning\(warnings.count == 1 ? "" : "s") (\(counts(warnings)))")
            }
        }
        var text =
            "\(totals.checks) checks (\(totals.keys) keys, \(totals.languages.count) languages): "
            + parts.joined(separator: ", ")
        if totals.hasBaseline {
            let new = model.findings.filter { $0.baselineState == "new" }.count
            text += "; baseline: \(new) new, \(totals.fixed.count) fixed"
        }
        let coverage = totals.coverage
        if coverage.total > 0 || !coverage.stale.isEmpty { text += "; " + coverage.summary }
        if !totals.untranslated.isEmpty {
            text +=
                "; untranslated (shown in Base): "
                + totals.untranslated.keys.sorted().map { "\($0) \(totals.untranslated[$0]?.count ?? 0)" }.joined(
                    separator: ", ")
        }
        if !totals.errors.isEmpty {
            text += "; \(totals.errors.count) file\(totals.errors.count == 1 ? "" : "s") could not be checked"
        }
        return text
    }

    /// The findings and the totals as JSON: a view of the findings model.
    static func json(_ model: FindingsModel) -> String {
        func sizeObject(_ size: CGSize?) -> JSONValue {
            guard let size else { return .null }
            return .object([("width", .number(size.width)), ("height", .number(size.height))])
        }
        let findings: [JSONValue] = model.findings.map { finding in
            let details = finding.catalog
            var pairs: [(String, JSONValue)] = [("key", .string(details?.key ?? finding.checked.subject))]
            if let variant = details?.variant { pairs.append(("variant", .string(variant))) }
            pairs += [
                ("language", .string(finding.checked.language)),
                ("category", .string(finding.checked.category)),
                ("languages", .array(finding.languages.map(JSONValue.string))),
                ("categories", .array(finding.categories.map(JSONValue.string))),
                ("problem", .string(finding.kind)),
                ("severity", .string(finding.fails ? "error" : "warning")),
            ]
            if let state = finding.baselineState { pairs.append(("baseline", .string(state))) }
            if let scale = details?.fontScale { pairs.append(("fontScale", .number(scale))) }
            if !finding.missingCharacters.isEmpty {
                pairs.append(("missingCharacters", .array(finding.missingCharacters.map(JSONValue.string))))
            }
            if let approximate = finding.approximate { pairs.append(("approximate", .string(approximate))) }
            pairs += [
                ("control", .string(finding.control ?? "")),
                ("font", .string(details?.font ?? "")),
                ("text", .string(finding.text ?? "")),
                ("samples", .array((details?.samples ?? []).map(JSONValue.string))),
                ("shown", .array(finding.shown.map(JSONValue.string))),
                ("needed", sizeObject(finding.needed)),
                ("available", sizeObject(finding.available)),
                ("file", .string(finding.location?.file ?? "")),
                ("line", finding.location?.line.map { .number(Double($0)) } ?? .null),
            ]
            if let element = details?.element {
                pairs.append(
                    (
                        "element",
                        .object([
                            ("file", .string(element.file)), ("line", .number(Double(element.line))),
                            ("kind", .string(element.kind)), ("name", .string(element.name)),
                            ("scene", .string(element.scene)),
                        ])
                    ))
            }
            return .object(pairs)
        }
        let count = Dictionary(model.findings.map { ($0.kind, 1) }, uniquingKeysWith: +)
        let totals = model.totals
        let untranslated = totals?.untranslated ?? [:]
        let failing = model.findings.filter(\.failsRun)
        let coverage = totals?.coverage ?? TranslationCoverage()
        var summary: [(String, JSONValue)] = [
            ("checks", .number(Double(totals?.checks ?? 0))),
            ("failed", .number(Double(failing.count))),
            ("failedChecks", .number(Double(Set(failing.flatMap(\.checks)).count))),
            ("warnings", .number(Double(model.findings.filter { !$0.fails }.count))),
        ]
        for kind in CheckSettings.kinds { summary.append((kind, .number(Double(count[kind, default: 0])))) }
        summary += [
            ("failOn", .array((totals?.failOn ?? []).map(JSONValue.string))),
            ("keys", .number(Double(totals?.keys ?? 0))),
            ("texts", .number(Double(coverage.total))),
            (
                "skipped",
                .object(coverage.skipped.keys.sorted().map { ($0, .string(coverage.skipped[$0]?.text ?? "")) })
            ),
            ("stale", .array(coverage.stale.sorted().map(JSONValue.string))),
            ("languages", .array((totals?.languages ?? []).sorted().map(JSONValue.string))),
            ("unmatchedKeys", .array((totals?.unmatchedKeys ?? []).sorted().map(JSONValue.string))),
            (
                "untranslated",
                .object(
                    untranslated.keys.sorted().map { language in
                        (language, .array((untranslated[language] ?? []).map(JSONValue.string)))
                    })
            ),
        ]
        if let totals, totals.hasBaseline {
            summary.append(
                (
                    "baseline",
                    .object([
                        ("new", .number(Double(model.findings.filter { $0.baselineState == "new" }.count))),
                        ("unchanged", .number(Double(model.findings.filter { $0.baselineState == "unchanged" }.count))),
                        (
                            "fixed",
                            .array(
                                totals.fixed.map { entry in
                                    .object(entry.fields.map { ($0.0, JSONValue.string($0.1)) })
                                })
                        ),
                    ])
                ))
        }
        summary.append(
            (
                "errors",
                .array(
                    (totals?.errors ?? []).map { failure in
                        .object([
                            ("file", .string(failure.file)), ("kind", .string(failure.kind)),
                            ("message", .string(failure.message)), ("exitCode", .number(Double(failure.exitCode))),
                        ])
                    })
            ))
        return JSONValue.object([("findings", .array(findings)), ("summary", .object(summary))]).serialized()
    }
}
