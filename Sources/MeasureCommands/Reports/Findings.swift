import Controls
import Foundation
import LayoutFiles
import Typesetting

/// A place in a file: a catalog or `.strings` line, or a layout or IB element.
struct FindingLocation: Sendable, Equatable {
    /// The file, as given on the command line.
    var file: String
    /// The 1-based line, when known.
    var line: Int?
    /// The 1-based column, when known.
    var column: Int? = nil
    /// What is there: "translation", or the element ("label titleLabel in Login").
    var role: String
}

/// One thing that was checked: a key (or view) in one language and content size category.
struct CheckedCase: Sendable, Hashable {
    /// The key (with its plural or device variant), or the view's name.
    var subject: String
    /// The language, or "base" for a layout file.
    var language: String
    /// The content size category's raw value.
    var category: String
}

/// One finding as every output shows it. Table, JSON, JUnit, SARIF and HTML all read these
/// values; none of them measures or words a finding again.
struct ReportFinding: Sendable, Equatable {
    /// The problem kind: truncated, overflow, offscreen, shrunk, ambiguous, …
    var kind: String
    /// The check it belongs to.
    var checked: CheckedCase
    /// One sentence saying what is wrong, with the sizes.
    var message: String
    /// The size the text needs, when measured.
    var needed: CGSize?
    /// The size the control has, when measured.
    var available: CGSize?
    /// The lines as displayed (with the ellipsis).
    var shown: [String]
    /// The whole text.
    var text: String?
    /// The primary place: the catalog or `.strings` line, else the layout or IB element.
    var location: FindingLocation?
    /// The layout or IB element, when the primary place is a translation.
    var related: FindingLocation?
    /// The control (label, button, …) or the view's kind.
    var control: String? = nil
    /// The picture of the screen in this language and category (a key of
    /// ``FindingsModel/screens``); nil for a width rule, which has no screen.
    var screen: String? = nil
    /// The Base language's picture of the same screen and category.
    var baseScreen: String? = nil
    /// The view's frame in the window, in points, when drawn on a screen.
    var frame: CGRect? = nil
    /// What `measure check` adds: the key, the font and the IB element.
    var catalog: CatalogDetails? = nil
    /// What `measure layout` adds: the screen it belongs to, the view and the constraints.
    var layout: LayoutDetails? = nil
    /// The faces measured in place of iOS's ("Inter for SF Pro; Noto Sans Tamil for Tamil
    /// Sangam MN"), when any: the sizes are approximate, and every report says so.
    var approximate: String? = nil
    /// For a `missingCharacters` finding: the characters no font draws, each a string.
    var missingCharacters: [String] = []
}

/// The parts of a `measure layout` problem its table and `--json` show besides the shared ones.
struct LayoutDetails: Sendable, Equatable {
    /// A constraint involved, as the file writes it.
    struct Constraint: Sendable, Equatable {
        /// The constraint's text.
        var text: String
        /// Its 1-based line and column (nil for a system constraint).
        var line: Int?
        var column: Int?
    }
    /// Which laid-out screen (IB scene) it belongs to, in the order the command prints them.
    var screenIndex: Int
    /// The view's name as the file gives it (without the scene), when the problem names one.
    var view: String?
    /// The constraints involved.
    var constraints: [Constraint]
}

/// The parts of a `measure check` finding its table and `--json` show besides the shared ones.
struct CatalogDetails: Sendable, Equatable {
    /// The key without its variant.
    var key: String
    /// The plural or device variant.
    var variant: String?
    /// The values format specifiers were measured with ("%lld = 88888").
    var samples: [String]
    /// The font's description.
    var font: String
    /// The problem as the table names it: "truncated", "shrunk to 80%".
    var problemName: String
    /// For a shrunk label: the fraction of its font size the text is drawn at.
    var fontScale: Double?
    /// The IB element (file, line, kind, name, scene), even where it is the translation's place.
    var element: ElementReference?
}

/// The totals of a `measure check` run that its `--json` summary gives.
struct CheckTotals: Sendable {
    /// Every key × language × category checked.
    var checks: Int
    /// How many distinct keys.
    var keys: Int
    /// The languages checked.
    var languages: Set<String>
    /// The keys no rule matched.
    var unmatchedKeys: Set<String>
    /// In an IB file: the keys each translated language lacks.
    var untranslated: [String: [String]]
}

/// Everything a report shows: the checks, the findings and the one-line summary.
struct FindingsModel: Sendable {
    /// "measure check" or "measure layout".
    var command: String
    /// Every check, in a stable order.
    var cases: [CheckedCase]
    /// The findings, in the table's order.
    var findings: [ReportFinding]
    /// The summary line the table prints.
    var summary: String
    /// Each distinct screen × language × category, drawn once as SVG, by id.
    var screens: [String: String] = [:]
    /// For `measure check`: the totals its `--json` summary gives.
    var totals: CheckTotals? = nil

    /// The problem kinds in the order reports list them, with a help text each.
    static let kinds: [(kind: String, help: String)] = [
        (
            "truncated",
            "The text is cut: it ends in an ellipsis or is clipped, because the control is narrower or shorter than the text needs. Give the control more room, allow more lines, or shorten the translation."
        ),
        ("overflow", "The control needs more height than the spec allows (maxHeight) at this content size category."),
        ("offscreen", "The view runs off the side of the screen, or is squeezed below zero size."),
        ("shrunk", "A label with adjustsFontSizeToFitWidth draws its text smaller than its font size to fit."),
        (
            "ambiguous",
            "The constraints do not fix the view's position or size: Auto Layout picks one of several layouts."
        ),
        (
            "brokenConstraint",
            "A required constraint cannot be satisfied together with the others; Auto Layout breaks it."
        ),
        ("negativeSize", "The view's constraints squeeze it to a negative width or height."),
        (
            "missingCharacters",
            "No font draws some characters of the text, so they would be measured and drawn as empty boxes: the text is not judged. Install a font for the script (Debian's fonts-noto-core covers most) or pass one with --font-dir. Reported once per language and font."
        ),
    ]

    /// The findings of one laid-out screen (IB scene) of `measure layout`, in order.
    func findings(ofScreen index: Int) -> [ReportFinding] {
        findings.filter { $0.layout?.screenIndex == index }
    }

    /// The help text of a kind (a generic one for a kind added later).
    static func help(for kind: String) -> String {
        kinds.first { $0.kind == kind }?.help ?? "A layout problem reported by measure."
    }

    /// The cases and findings of `measure check`, from the same findings the table prints.
    init(check outcome: FitCheck.Outcome) {
        command = "measure check"
        summary = CheckReport.summary(outcome)
        findings = CheckReport.sorted(outcome.findings).map(Self.finding)
        screens = outcome.screens
        totals = CheckTotals(
            checks: outcome.checks, keys: outcome.keys.count, languages: outcome.languages,
            unmatchedKeys: outcome.unmatchedKeys, untranslated: outcome.untranslated)
        var seen = Set<CheckedCase>()
        cases = []
        for item in outcome.cases + findings.map(\.checked) where seen.insert(item).inserted { cases.append(item) }
    }

    /// A check finding in report form.
    static func finding(_ finding: Finding) -> ReportFinding {
        let entry = finding.entry
        let subject = entry.variant.map { "\(entry.key) [\($0)]" } ?? entry.key
        let problemName = CheckReport.problemName(finding)
        if finding.problem == .missingCharacters { return missingCharactersFinding(finding, subject: subject) }
        var message =
            "'\(subject)' (\(entry.language), \(finding.category.rawValue)) is \(problemName) in a \(finding.control.rawValue): needs \(CheckReport.size(finding.needed)), has \(CheckReport.size(finding.available))"
        if !finding.shown.isEmpty { message += "; shown: \(finding.shown.joined(separator: " ⏎ "))" }
        if !entry.samples.isEmpty { message += " (measured with \(entry.samples.joined(separator: ", ")))" }
        // Every format shows the message: a stand-in is named wherever the finding goes.
        if let approximate = finding.approximate { message += " (approximate: \(approximate))" }
        let translation = FindingLocation(file: entry.file, line: entry.line, role: "translation")
        let element = finding.element.map {
            FindingLocation(file: $0.file, line: $0.line, role: "\($0.kind) \($0.name) in \($0.scene)")
        }
        return ReportFinding(
            kind: finding.problem.rawValue,
            checked: CheckedCase(subject: subject, language: entry.language, category: finding.category.rawValue),
            message: message, needed: finding.needed, available: finding.available, shown: finding.shown,
            text: entry.text, location: translation, related: element == translation ? nil : element,
            control: finding.control.rawValue, screen: finding.screen, baseScreen: finding.baseScreen,
            frame: finding.frame,
            catalog: CatalogDetails(
                key: entry.key, variant: entry.variant, samples: entry.samples, font: finding.font,
                problemName: problemName, fontScale: finding.fontScale, element: finding.element),
            approximate: finding.approximate)
    }

    /// A missing-characters finding in report form: the characters, what to install, and how
    /// many texts of the language in that face lack them (the first is the one located).
    static func missingCharactersFinding(_ finding: Finding, subject: String) -> ReportFinding {
        let entry = finding.entry
        let texts = finding.missingIn?.texts ?? 1
        let face = finding.missingIn?.face ?? finding.font
        let message =
            "'\(subject)' (\(entry.language)) in \(face)"
            + (texts > 1 ? " and \(texts - 1) more text\(texts == 2 ? "" : "s") of \(entry.language)" : "") + ": "
            + MissingCharacters.sentences(finding.missingCharacters).joined(separator: "; ")
            + (finding.approximate.map { " (approximate: \($0))" } ?? "")
        let translation = FindingLocation(file: entry.file, line: entry.line, role: "translation")
        let element = finding.element.map {
            FindingLocation(file: $0.file, line: $0.line, role: "\($0.kind) \($0.name) in \($0.scene)")
        }
        return ReportFinding(
            kind: Finding.Problem.missingCharacters.rawValue,
            checked: CheckedCase(subject: subject, language: entry.language, category: finding.category.rawValue),
            message: message, needed: nil, available: nil, shown: [], text: entry.text, location: translation,
            related: element == translation ? nil : element, control: finding.control.rawValue,
            screen: finding.screen, baseScreen: finding.baseScreen, frame: finding.frame,
            catalog: CatalogDetails(
                key: entry.key, variant: entry.variant, samples: entry.samples, font: finding.font,
                problemName: "missing characters", fontScale: nil, element: finding.element),
            approximate: finding.approximate, missingCharacters: finding.missingCharacters.map { String($0) })
    }

    /// The cases and findings of `measure layout`: every view of each screen in its category,
    /// one finding per problem.
    init(
        layout reports: [(scene: String?, report: LayoutReport)], file: String, summary: String,
        screens: [String?] = []
    ) {
        command = "measure layout"
        self.summary = summary
        cases = []
        findings = []
        for (index, (scene, report)) in reports.enumerated() {
            var screenID: String?
            if index < screens.count, let svg = screens[index] {
                screenID = "\(file)|\(scene ?? "")"
                self.screens[screenID ?? ""] = svg
            }
            let category = report.screen.contentSizeCategory
            let prefix = scene.map { "\($0)/" } ?? ""
            let views = Dictionary(report.views.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for view in report.views {
                cases.append(CheckedCase(subject: prefix + view.name, language: "base", category: category))
            }
            let screenCase = CheckedCase(subject: prefix + "(screen)", language: "base", category: category)
            for problem in report.problems {
                let checked =
                    problem.view.map { CheckedCase(subject: prefix + $0, language: "base", category: category) }
                    ?? screenCase
                if problem.view == nil, !cases.contains(screenCase) { cases.append(screenCase) }
                let view = problem.view.flatMap { views[$0] }
                let location = FindingLocation(
                    file: file, line: problem.position?.line, column: problem.position?.column,
                    role: view.map { "\($0.kind) \($0.name)" + (scene.map { " in \($0)" } ?? "") } ?? "screen")
                findings.append(
                    ReportFinding(
                        kind: problem.kind.rawValue, checked: checked, message: problem.message,
                        needed: view.flatMap { $0.intrinsicContentSize.width < 0 ? nil : $0.intrinsicContentSize },
                        available: view?.frame.size, shown: [], text: nil, location: location, related: nil,
                        control: view?.kind, screen: view == nil ? nil : screenID, frame: view?.windowFrame,
                        layout: LayoutDetails(
                            screenIndex: index, view: problem.view,
                            constraints: problem.constraints.map {
                                LayoutDetails.Constraint(
                                    text: $0.text, line: $0.position?.line, column: $0.position?.column)
                            })))
            }
        }
    }
}
