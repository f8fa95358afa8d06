import Foundation
import Typesetting

/// `measure check CATALOG… --spec SPEC` as a library call: the same spec reading, catalog
/// reading and fit check as the command, without the report. `benchmarks check` times it.
///
/// ```swift
/// let run = CatalogCheckRun(catalogs: ["Localizable.xcstrings"], spec: "fit.json")
/// let summary = try run.run()
/// print(summary.checks, summary.findings)
/// ```
public struct CatalogCheckRun: Sendable, Hashable {
    /// Catalog files (`.xcstrings`, `.strings`, `.po`), as `measure check` takes them.
    public var catalogs: [String]
    /// The JSON spec's path.
    public var spec: String

    /// A run over `catalogs` with the spec at `spec`.
    public init(catalogs: [String], spec: String) {
        self.catalogs = catalogs
        self.spec = spec
    }

    /// Reads the spec and the catalogs and checks every key × language × category, with the
    /// fonts of `FontRegistry.shared`.
    ///
    /// - Throws: ``CatalogCheckError`` with the message and exit status `measure check` gives
    ///   the same input (a missing file, a malformed catalog or spec, a font not found).
    public func run() throws(CatalogCheckError) -> CatalogCheckSummary {
        do {
            let loaded = try CheckSpec.load(spec)
            let outcome = try CheckCommand.checkCatalogs(
                catalogs, spec: loaded, specPath: spec, registry: .shared, progress: nil)
            let counts = outcome.countsByProblem
            return CatalogCheckSummary(
                checks: outcome.checks, findings: outcome.findings.count,
                truncated: counts[.truncated, default: 0], overflow: counts[.overflow, default: 0],
                keys: outcome.keys.count, languages: outcome.languages.count,
                unmatchedKeys: outcome.unmatchedKeys.count)
        } catch {
            throw CatalogCheckError(kind: error.kind, message: error.message, exitCode: error.exitCode)
        }
    }
}

/// The totals of a catalog check: what `measure check`'s summary line counts.
public struct CatalogCheckSummary: Sendable, Hashable {
    /// Key × language × category checks made.
    public var checks: Int
    /// Checks that failed (truncated or overflowing).
    public var findings: Int
    /// Findings whose text is cut.
    public var truncated: Int
    /// Findings taller than the rule's `maxHeight`.
    public var overflow: Int
    /// Distinct keys checked.
    public var keys: Int
    /// Distinct languages checked.
    public var languages: Int
    /// Keys no rule matched (not checked).
    public var unmatchedKeys: Int
}

/// Why a catalog check could not run.
public struct CatalogCheckError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error's kind, as `measure --json` names it (`catalogNotFound`, `invalidSpec`, …).
    public var kind: String
    /// The message, naming the file and line where there is one.
    public var message: String
    /// The exit status `measure check` ends with (64 bad argument, 65 bad data, 66 missing
    /// file, 70 internal).
    public var exitCode: Int32

    /// The message.
    public var description: String { message }
}
