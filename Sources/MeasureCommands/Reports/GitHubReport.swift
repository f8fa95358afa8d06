import Foundation

/// `measure check --format github`: each finding as a GitHub Actions workflow command, which
/// the Actions runner turns into an annotation on the file and line, as linters' GitHub
/// reporters do: `::error file=de.lproj/Main.strings,line=3,title=truncated: abc-12-xyz.text::…`.
///
/// A finding that fails the run is an `error`, a warning kind a `warning` (`drawnPastBounds`,
/// which cuts nothing, a `notice`); with a baseline, known findings are left out. A file that
/// could not be checked is an `error` at its line. The summary line follows as plain text.
/// Values are escaped as the Actions toolkit escapes them (`%25`, `%0D`, `%0A`, and in
/// properties `%3A`, `%2C`). `GitHubReportTests` pins the form.
enum GitHubReport {
    static func text(_ model: FindingsModel) -> String {
        var lines: [String] = []
        for finding in model.findings where finding.baselineState != "unchanged" {
            let level = finding.fails ? "error" : finding.kind == "drawnPastBounds" ? "notice" : "warning"
            var properties: [(String, String)] = []
            if let location = finding.location ?? finding.related {
                properties.append(("file", path(location.file)))
                if let line = location.line { properties.append(("line", String(line))) }
                if let column = location.column { properties.append(("col", String(column))) }
            }
            properties.append(("title", "\(finding.kind): \(finding.checked.subject)"))
            var message = finding.message
            if let related = finding.related, finding.location != nil {
                message += "\n\(related.role) at \(path(related.file))" + (related.line.map { ":\($0)" } ?? "")
            }
            lines.append(command(level, properties, message))
        }
        for failure in model.totals?.errors ?? [] {
            let (line, column) = place(of: failure)
            var properties = [("file", path(failure.file))]
            if let line { properties.append(("line", String(line))) }
            if let column { properties.append(("col", String(column))) }
            properties.append(("title", "cannot check \((failure.file as NSString).lastPathComponent)"))
            lines.append(command("error", properties, failure.message))
        }
        for entry in model.totals?.fixed ?? [] { lines.append("fixed since the baseline: \(entry.description)") }
        lines.append(model.summary)
        return lines.joined(separator: "\n")
    }

    /// One workflow command: `::LEVEL key=value,…::message`.
    static func command(_ level: String, _ properties: [(String, String)], _ message: String) -> String {
        let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(level)\(list.isEmpty ? "" : " " + list)::\(escapeData(message))"
    }

    /// A message: `%`, CR and LF escaped (actions/toolkit `escapeData`).
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value: as a message, and `:` and `,` too (actions/toolkit `escapeProperty`).
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// A path as the annotation names it: relative to the current folder (the workspace, in
    /// a workflow) when it lies inside it.
    static func path(_ file: String) -> String {
        guard file.hasPrefix("/") else { return file }
        let current = Baseline.absolute(FileManager.default.currentDirectoryPath)
        let absolute = Baseline.absolute(file)
        return absolute.hasPrefix(current + "/") ? String(absolute.dropFirst(current.count + 1)) : file
    }

    /// The line and column an error message starts with (`FILE:LINE:COLUMN: …`), if any.
    static func place(of failure: FileFailure) -> (line: Int?, column: Int?) {
        guard failure.message.hasPrefix(failure.file + ":") else { return (nil, nil) }
        let rest = failure.message.dropFirst(failure.file.count + 1).split(
            separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        let line = rest.first.flatMap { Int($0) }
        let column = line == nil || rest.count < 2 ? nil : Int(rest[1])
        return (line, column)
    }
}
