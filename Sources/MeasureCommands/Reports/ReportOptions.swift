import ArgumentParser
import Foundation

/// `--junit`, `--sarif` and `--report`: the findings written as CI results and as a page.
struct ReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also write the checks as JUnit XML to this file.", valueName: "file.xml"))
    var junit: String?

    @Option(help: ArgumentHelp("Also write the findings as SARIF 2.1.0 to this file.", valueName: "file.sarif"))
    var sarif: String?

    @Option(
        help: ArgumentHelp(
            "Also write a self-contained HTML page of every finding drawn on its screen to this file.",
            valueName: "file.html"))
    var report: String?

    /// Whether any report file was asked for.
    var wanted: Bool { junit != nil || sarif != nil || report != nil }

    /// Writes every report asked for (exit 73 when a file cannot be written).
    func write(_ model: FindingsModel) throws(RequestError) {
        if let junit { try Self.write(JUnitReport.xml(model), to: junit) }
        if let sarif { try Self.write(SARIFReport.json(model), to: sarif) }
        if let report { try Self.write(HTMLReport.html(model, folder: Baseline.folder(of: report)), to: report) }
    }

    static func write(_ text: String, to path: String) throws(RequestError) {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw RequestError(
                kind: "cannotWrite", "cannot write \(path): check the folder exists and is writable", exitCode: 73)
        }
    }
}
