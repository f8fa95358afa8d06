import Foundation
import Pictures

/// JUnit XML of a findings model: one `<testsuite>` per language × category, one
/// `<testcase>` per checked key or view (its `classname` the language and category). A check
/// that a finding failing the run stands for has a `<failure>` carrying the finding's message
/// (a grouped finding is the same failure in each of its checks, its message naming them
/// all), so `failures` counts failed checks (`summary.failedChecks`); a warning (`shrunk`,
/// `drawnPastBounds`) or a finding known from the baseline leaves the check passing, with its
/// message in `<system-out>`. A file that could not be checked is a test case with an
/// `<error>`. Validates against `Tests/MeasureCLITests/Fixtures/reports/junit.xsd`
/// (`ReportFormatsTests`).
enum JUnitReport {
    static func xml(_ model: FindingsModel) -> String {
        var findings: [CheckedCase: [ReportFinding]] = [:]
        for finding in model.findings {
            for check in finding.checks { findings[check, default: []].append(finding) }
        }
        func fails(_ item: CheckedCase) -> Bool { findings[item]?.contains(where: \.failsRun) ?? false }
        var suites: [(name: String, cases: [CheckedCase])] = []
        var index: [String: Int] = [:]
        for item in model.cases {
            let name = "\(item.language).\(item.category)"
            if let at = index[name] {
                suites[at].cases.append(item)
            } else {
                index[name] = suites.count
                suites.append((name, [item]))
            }
        }
        let errors = model.totals?.errors ?? []
        let failed = model.cases.filter(fails).count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"\(escape(model.command))\" tests=\"\(model.cases.count + errors.count)\" failures=\"\(failed)\" errors=\"\(errors.count)\">\n"
        for (number, suite) in suites.enumerated() {
            let suiteFailures = suite.cases.filter(fails).count
            out += suiteStart(
                model.command + " " + suite.name, tests: suite.cases.count, failures: suiteFailures, errors: 0,
                id: number, package: suite.name)
            for item in suite.cases {
                let name = escape(item.subject)
                let className = escape("\(item.language).\(item.category)")
                guard let found = findings[item] else {
                    out += "    <testcase name=\"\(name)\" classname=\"\(className)\" time=\"0\"/>\n"
                    continue
                }
                out += "    <testcase name=\"\(name)\" classname=\"\(className)\" time=\"0\">\n"
                // One <failure> per test case (the schema allows one); several findings of
                // one check are joined in its text.
                let failing = found.filter(\.failsRun)
                if let first = failing.first {
                    out +=
                        "      <failure message=\"\(escape(first.message))\" type=\"\(escape(failing.map(\.kind).joined(separator: ",")))\">\(escape(text(failing)))</failure>\n"
                }
                let passing = found.filter { !$0.failsRun }
                if !passing.isEmpty {
                    let notes = passing.map { finding in
                        (finding.fails ? "known from the baseline: " : "warning (\(finding.kind)): ") + text([finding])
                    }
                    out += "      <system-out>\(escape(notes.joined(separator: "\n")))</system-out>\n"
                }
                out += "    </testcase>\n"
            }
            out += "    <system-out/>\n    <system-err/>\n  </testsuite>\n"
        }
        if !errors.isEmpty {
            out += suiteStart(
                model.command + " files", tests: errors.count, failures: 0, errors: errors.count, id: suites.count,
                package: "files")
            for failure in errors {
                out += "    <testcase name=\"\(escape(failure.file))\" classname=\"files\" time=\"0\">\n"
                out +=
                    "      <error message=\"\(escape(failure.message))\" type=\"\(escape(failure.kind))\">\(escape(failure.message))</error>\n"
                out += "    </testcase>\n"
            }
            out += "    <system-out/>\n    <system-err/>\n  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// A `<testsuite …>` start tag with its `<properties/>`.
    private static func suiteStart(
        _ name: String, tests: Int, failures: Int, errors: Int, id: Int, package: String
    ) -> String {
        "  <testsuite name=\"\(escape(name))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" id=\"\(id)\" package=\"\(escape(package))\" hostname=\"localhost\" timestamp=\"1970-01-01T00:00:00\" time=\"0\">\n    <properties/>\n"
    }

    /// Findings' messages with their places.
    static func text(_ findings: [ReportFinding]) -> String {
        findings.map { finding in
            finding.message + (finding.location.map { "\n  at \(place($0))" } ?? "")
                + (finding.related.map { "\n  element \(place($0))" } ?? "")
        }.joined(separator: "\n")
    }

    static func place(_ location: FindingLocation) -> String {
        location.file + (location.line.map { ":\($0)" } ?? "") + (location.column.map { ":\($0)" } ?? "")
    }

    private static func escape(_ text: String) -> String { MarkupText.escaped(text) }
}
