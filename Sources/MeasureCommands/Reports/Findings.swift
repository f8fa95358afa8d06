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
///
/// A finding of `measure check` may stand for several checks: an untranslated key that shows
/// its Base text in several languages exactly as in Base is one finding listing those
/// languages, and one identical at several content size categories (a font that does not
/// scale) lists those categories (``languages``, ``categories``, ``checks``).
struct ReportFinding: Sendable, Equatable {
    /// The problem kind: truncated, overflow, offscreen, shrunk, ambiguous, …
    var kind: String
    /// The first check it stands for (its first language and category).
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
    /// Every language that shows it, in the run's order (one unless grouped).
    var languages: [String] = []
    /// Every content size category it is found at, in the run's order (one unless grouped).
    var categories: [String] = []
    /// Whether its kind fails the run (`--fail-on`); a warning otherwise.
    var fails = true
    /// With `--baseline`: `new` (some of its checks are not in the baseline) or `unchanged`.
    var baselineState: String? = nil
    /// The checks it stands for, as a baseline records them (languages × categories).
    var baselineEntries: [BaselineEntry] = []

    /// The checks it stands for: its subject in every language × category listed.
    var checks: [CheckedCase] {
        let languages = self.languages.isEmpty ? [checked.language] : self.languages
        let categories = self.categories.isEmpty ? [checked.category] : self.categories
        return languages.flatMap { language in
            categories.map { CheckedCase(subject: checked.subject, language: language, category: $0) }
        }
    }

    /// Whether it fails the run: its kind fails and, with a baseline, it is new.
    var failsRun: Bool { fails && baselineState != "unchanged" }
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
    /// Which translatable texts were checked, skipped (with why) or stale.
    var coverage = TranslationCoverage()
    /// The files that could not be checked, with why.
    var errors: [FileFailure] = []
    /// The kinds that fail the run (`--fail-on`).
    var failOn: [String] = CheckSettings.defaultFailOn
    /// Whether a baseline was given.
    var hasBaseline = false
    /// Baseline entries no finding of this run stands for: fixed since.
    var fixed: [BaselineEntry] = []
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
    /// The folder relative paths are relative to, which SARIF names `%SRCROOT%` (nil: the
    /// current folder).
    var sourceRoot: String? = nil

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
            "drawnPastBounds",
            "The whole text is drawn, but its line is taller than the view: it runs past the view's top and bottom edges. Nothing is cut unless something clips it; give the view the line's height."
        ),
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
