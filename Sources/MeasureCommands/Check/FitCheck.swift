import Catalogs
import Controls
import Foundation
import Typesetting

/// One key × language × category that does not fit.
struct Finding: Sendable {
    enum Problem: String, Sendable {
        /// The text is cut (an ellipsis, or clipped).
        case truncated
        /// The control needs more height than `maxHeight`.
        case overflow
        /// In a layout file: the view runs off the side of the screen, or is squeezed below zero.
        case offscreen
        /// In an IB file: a label that shrinks its text to fit (`adjustsFontSizeToFit`), at
        /// ``Finding/fontScale`` of its size.
        case shrunk
        /// No font draws some of the text's characters: the text is not judged (a box would
        /// stand in for each). One finding per language and face (`Outcome.add(_:)`).
        case missingCharacters
        /// In an IB file: the whole text is drawn, but its line is taller than the view, so it
        /// runs past the view's top and bottom (`LabelDrawing`).
        case drawnPastBounds
    }
    var entry: CatalogEntry
    var category: ContentSizeCategory
    var problem: Problem
    var control: ControlKind
    var font: String
    /// The size the whole text needs (pixel-ceiled).
    var needed: CGSize
    /// The size the control has.
    var available: CGSize
    /// The lines as displayed, with the ellipsis where the text is cut.
    var shown: [String]
    /// In an IB file: the view's element (the entry's file and line are the translation's).
    var element: ElementReference? = nil
    /// For a shrunk label: the fraction of its font size the text is drawn at.
    var fontScale: Double? = nil
    /// In an IB file, when pictures are drawn (`--report`): the screen's picture in
    /// ``FitCheck/Outcome/screens``, the Base screen's, and the view's frame in the window.
    var screen: String? = nil
    /// The Base language's picture of the same scene and category.
    var baseScreen: String? = nil
    /// The view's frame in the window, in points.
    var frame: CGRect? = nil
    /// The faces measured in place of iOS's ("Inter for SF Pro"), when any: the sizes are approximate.
    var approximate: String? = nil
    /// For `missingCharacters`: the characters no font draws, each once.
    var missingCharacters: [Unicode.Scalar] = []
    /// For `missingCharacters`: the face the texts are set in ("Inter Regular"), and how many
    /// texts of the language in that face lack characters.
    var missingIn: (face: String, texts: Int)? = nil
}

/// Runs a spec over catalog entries.
struct FitCheck {
    let spec: CheckSpec
    let registry: FontRegistry

    struct Outcome {
        var findings: [Finding] = []
        var checks = 0
        /// Every key (with its variant) × language × category checked, in order (JUnit's test cases).
        var cases: [CheckedCase] = []
        var unmatchedKeys: Set<String> = []
        var languages: Set<String> = []
        var keys: Set<String> = []
        /// In an IB file: the keys each translated language lacks (shown in the Base text).
        var untranslated: [String: [String]] = [:]
        /// With `--report`: each screen × language × category drawn once, as SVG, by id.
        var screens: [String: String] = [:]
        /// Which translatable texts were checked, skipped (with why) or stale.
        var coverage = TranslationCoverage()
        /// The files that could not be checked.
        var errors: [FileFailure] = []

        /// Where each language and face's missing-characters finding is in `findings`.
        private var missingAt: [String: Int] = [:]

        /// How many findings of each problem.
        var countsByProblem: [Finding.Problem: Int] {
            Dictionary(findings.map { ($0.problem, 1) }, uniquingKeysWith: +)
        }

        /// Adds a finding; a missing-characters finding joins the one of its language and face,
        /// if there is one (its characters added, its texts counted), so each is reported once.
        mutating func add(_ finding: Finding) {
            guard finding.problem == .missingCharacters, let face = finding.missingIn?.face else {
                findings.append(finding)
                return
            }
            let key = "\(finding.entry.language)\u{0}\(face)"
            guard let index = missingAt[key] else {
                missingAt[key] = findings.count
                findings.append(finding)
                return
            }
            for scalar in finding.missingCharacters where !findings[index].missingCharacters.contains(scalar) {
                findings[index].missingCharacters.append(scalar)
            }
            findings[index].missingIn?.texts += finding.missingIn?.texts ?? 1
        }
    }

    /// The (entry, rule) pairs to check, and the keys no rule matches.
    func plan(_ entries: [CatalogEntry]) -> (work: [(CatalogEntry, CheckSpec.Rule)], unmatched: Set<String>) {
        let wanted = spec.languages.map { Set($0.map(CheckSpec.normalizedLanguage)) }
        var work: [(CatalogEntry, CheckSpec.Rule)] = []
        var unmatched: Set<String> = []
        for entry in entries {
            if let wanted, !wanted.contains(CheckSpec.normalizedLanguage(entry.language)) { continue }
            guard let rule = spec.rules.first(where: { $0.matches(entry.key) }) else {
                unmatched.insert(entry.key)
                continue
            }
            work.append((entry, rule))
        }
        return (work, unmatched)
    }

    /// What a resolved font depends on.
    private struct FontKey: Hashable {
        var specification: FontSpecification
        var defaultSize: Double
    }

    func run(_ entries: [CatalogEntry], progress: ProgressBar?) throws(RequestError) -> Outcome {
        let (work, unmatched) = plan(entries)
        var outcome = Outcome()
        outcome.unmatchedKeys = unmatched
        let total = work.reduce(0) { $0 + $1.1.categories.count }
        progress?.start(total: total)
        // Keyed by the specification and the control's default size: a button without a size
        // or text style is 15 pt, a label 17 pt.
        var fonts: [FontKey: Font] = [:]
        // The widest digit of each font, for the samples format specifiers are measured with.
        var digits: [FontKey: Character] = [:]
        var screens = LayoutScreens()
        for (entry, rule) in work {
            outcome.languages.insert(entry.language)
            outcome.keys.insert(entry.key)
            for category in rule.categories {
                if let target = rule.layout {
                    if let finding = try screens.check(entry, rule: rule, target: target, category: category) {
                        outcome.add(finding)
                    }
                    outcome.checks += 1
                    outcome.cases.append(Self.checkedCase(entry, category))
                    progress?.advance()
                    continue
                }
                let key = FontKey(
                    specification: rule.font.withFamily(rule.family(for: entry.language)).at(category),
                    defaultSize: rule.control == .button ? 15 : 17)
                let font: Font
                if let cached = fonts[key] {
                    font = cached
                } else {
                    do {
                        font = try key.specification.resolve(in: registry, defaultSize: key.defaultSize)
                    } catch {
                        throw RequestError(
                            error, context: "\(rule.name) (key '\(entry.key)', language \(entry.language))")
                    }
                    fonts[key] = font
                }
                var measured = entry
                if entry.needsDigits {
                    let digit = digits[key] ?? FitCheck.widestDigit(of: font, registry: registry)
                    digits[key] = digit
                    measured = entry.withDigits(digit)
                }
                do {
                    if let finding = try check(measured, rule: rule, font: font, category: category) {
                        outcome.add(finding)
                    }
                } catch {
                    throw RequestError(
                        error,
                        context: "\(entry.file):\(entry.line): key '\(entry.key)' (\(entry.language)) with \(rule.name)"
                    )
                }
                outcome.checks += 1
                outcome.cases.append(Self.checkedCase(entry, category))
                progress?.advance()
            }
        }
        progress?.finish()
        return outcome
    }

    /// The check of one entry in one category, named as reports name it.
    static func checkedCase(_ entry: CatalogEntry, _ category: ContentSizeCategory) -> CheckedCase {
        CheckedCase(
            subject: entry.variant.map { "\(entry.key) [\($0)]" } ?? entry.key, language: entry.language,
            category: category.rawValue)
    }

    /// The digit with the widest advance in `font` ("0" on a tie, and when none can be
    /// measured): what a number shown in that font is widest with
    /// (`MeasureDocumentsTests.testFormatSpecifiersAreMeasuredWithSampleValuesNamedInTheFinding`).
    static func widestDigit(of font: Font, registry: FontRegistry) -> Character {
        var widest: (digit: Character, width: Double) = ("0", -1)
        for digit in "0123456789" {
            guard let width = try? PreparedText(String(digit), font: font, registry: registry).naturalWidth else {
                continue
            }
            if width > widest.width { widest = (digit, width) }
        }
        return widest.digit
    }

    /// Lays one text out in the rule's control; a finding when it truncates or overflows.
    func check(_ entry: CatalogEntry, rule: CheckSpec.Rule, font: Font, category: ContentSizeCategory)
        throws(TypesettingError) -> Finding?
    {
        let scale = spec.scale
        var request = MeasureRequest()
        request.text = entry.text
        request.control = rule.control
        request.lines = rule.lines ?? 1
        request.lineBreakMode = rule.lineBreakMode
        request.letterSpacing = rule.letterSpacing
        request.language = entry.language
        request.width = rule.width
        request.padding = rule.padding
        request.contentInsets = rule.contentInsets
        let control = try request.configuredControl(font: font, registry: registry)
        if let missing = CheckCoverage.missingFinding(
            control.prepared, entry: entry, category: category, control: rule.control, font: font.description)
        {
            return missing
        }
        let layout = try control.layout()
        // What is available is the height shown, unless the rule sets a maximum; a label with
        // more than one line needs the height of all its lines (its shown size is only
        // measured when there is no maximum).
        let needed: CGSize
        var available = CGSize(width: rule.width, height: rule.maxHeight ?? 0)
        if case .label(var full) = control.view, full.label.numberOfLines != 1 {
            if rule.maxHeight == nil { available.height = try control.intrinsicContentSize(scale: scale).height }
            full.label.numberOfLines = 0
            needed = try full.intrinsicContentSize(scale: scale, prepared: control.prepared)
        } else {
            needed = try control.intrinsicContentSize(scale: scale)
            if rule.maxHeight == nil { available.height = needed.height }
        }
        let problem: Finding.Problem
        if layout.isTruncated {
            problem = .truncated
        } else if needed.height > available.height + 1e-9 {
            problem = .overflow
        } else {
            return nil
        }
        if available.height.isInfinite { available.height = needed.height }
        var finding = Finding(
            entry: entry, category: category, problem: problem, control: rule.control, font: font.description,
            needed: needed, available: available, shown: layout.lines.map { control.prepared.displayedText(of: $0) })
        finding.approximate = FontStandIn.phrase(control.prepared.standIns)
        return finding
    }
}
