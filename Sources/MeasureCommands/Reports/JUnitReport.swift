import Foundation
import Pictures

/// JUnit XML of a findings model: one `<testsuite>` per language × category, one
/// `<testcase>` per checked key or view (its `classname` the language and category), and a
/// `<failure>` per finding carrying the finding's message. Validates against
/// `Tests/MeasureCLITests/Fixtures/reports/junit.xsd` (`ReportFormatsTests`).
enum JUnitReport {
    static func xml(_ model: FindingsModel) -> String {
        var failures: [CheckedCase: [ReportFinding]] = [:]
        for finding in model.findings { failures[finding.checked, default: []].append(finding) }
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
        let failed = model.cases.filter { failures[$0] != nil }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"\(escape(model.command))\" tests=\"\(model.cases.count)\" failures=\"\(failed)\" errors=\"0\">\n"
        for (number, suite) in suites.enumerated() {
            let suiteFailures = suite.cases.filter { failures[$0] != nil }.count
            out +=
                "  <testsuite name=\"\(escape(model.command + " " + suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(suiteFailures)\" errors=\"0\" skipped=\"0\" id=\"\(number)\" package=\"\(escape(suite.name))\" hostname=\"localhost\" timestamp=\"1970-01-01T00:00:00\" time=\"0\">\n"
            out += "    <properties/>\n"
            for item in suite.cases {
                let name = escape(item.subject)
                let className = escape("\(item.language).\(item.category)")
                guard let found = failures[item] else {
                    out += "    <testcase name=\"\(name)\" classname=\"\(className)\" time=\"0\"/>\n"
                    continue
                }
                out += "    <testcase name=\"\(name)\" classname=\"\(className)\" time=\"0\">\n"
                // One <failure> per test case (the schema allows one); several findings of
                // one check are joined in its text.
                let first = found[0]
                let text = found.map { finding in
                    finding.message + (finding.location.map { "\n  at \(place($0))" } ?? "")
                        + (finding.related.map { "\n  element \(place($0))" } ?? "")
                }.joined(separator: "\n")
                out +=
                    "      <failure message=\"\(escape(first.message))\" type=\"\(escape(found.map(\.kind).joined(separator: ",")))\">\(escape(text))</failure>\n"
                out += "    </testcase>\n"
            }
            out += "    <system-out/>\n    <system-err/>\n  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    static func place(_ location: FindingLocation) -> String {
        location.file + (location.line.map { ":\($0)" } ?? "") + (location.column.map { ":\($0)" } ?? "")
    }

    private static func escape(_ text: String) -> String { MarkupText.escaped(text) }
}
