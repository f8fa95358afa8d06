import AutoLayout
import Catalogs
import Controls
import Documents
import Foundation
import LayoutFiles
import Pictures
import Typesetting

/// Where a finding's view is written in an IB file, and which scene shows it.
struct ElementReference: Sendable, Equatable {
    /// The IB file.
    var file: String
    /// The element's line.
    var line: Int
    /// The element (`label`, `button`, …).
    var kind: String
    /// The view's name in the file.
    var name: String
    /// The scene's name.
    var scene: String
}

/// One language an IB file is checked in.
struct InterfaceBuilderLanguage: Sendable {
    /// `de`, `Base`, or a pseudolanguage (`accented`, `accented+bounded`).
    var name: String
    /// Right to left for Arabic, Hebrew, Persian, Urdu (and the other right-to-left scripts'
    /// languages) and the right-to-left pseudolanguage.
    var direction: UIUserInterfaceLayoutDirection
    /// Translations by key (`ObjectID.property`); empty for Base and pseudolanguages.
    var translations: [String: CatalogEntry] = [:]
    /// The pseudolanguages applied to the Base text.
    var pseudo: [Pseudolanguage] = []
    /// Whether the texts come from translation files (so a missing key is untranslated).
    var isTranslated: Bool { name != InterfaceBuilderLanguage.base && pseudo.isEmpty }

    /// The language text is typeset in: a translation's; nil for Base and pseudolanguages.
    var typesettingLanguage: String? { isTranslated ? name : nil }

    /// The name of the file's own texts.
    static let base = "Base"

    /// Languages written right to left (ISO 639 codes).
    static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "ug", "ur", "yi",
    ]

    /// The direction of a language tag (`ar`, `ar-EG`, `fa_IR`, `he`): its first subtag decides.
    static func direction(of language: String) -> UIUserInterfaceLayoutDirection {
        let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        return rightToLeftLanguages.contains(primary) ? .rightToLeft : .leftToRight
    }

    /// The text a key shows: the translation, else (as iOS does for a missing key) the Base
    /// text, through the pseudolanguages. The entry is nil when the text is not a translation.
    func text(for item: InterfaceBuilderText) -> (text: String, entry: CatalogEntry?) {
        if let entry = translations[item.key] { return (entry.text, entry) }
        return (Pseudolanguage.apply(pseudo, to: item.baseText), nil)
    }
}

/// `measure check Base.lproj/Main.storyboard`: every scene of an IB file laid out in every
/// language × content size category, reporting each text that is cut, shrunk or pushed off
/// screen, with the element's line and the translation's line.
struct InterfaceBuilderCheck {
    var path: String
    var languages: [InterfaceBuilderLanguage]
    var categories: [ContentSizeCategory]
    var device: String?
    var fontDirectories: [String] = []
    /// Whether to draw each screen with a finding (and Base's) for the HTML report.
    var drawsScreens = false
    /// The translations found for the file (its languages' texts, notes and marks).
    var translations = InterfaceBuilderTranslations()

    /// What the check found besides its findings.
    struct Extra {
        /// Keys each translated language lacks (they show the Base text), by language.
        var untranslated: [String: [String]] = [:]
        /// Every text in every language, as catalog entries for a spec's rules.
        var entries: [CatalogEntry] = []
        /// Which texts were checked, which skipped, which translation keys are stale.
        var coverage = TranslationCoverage()
    }

    // MARK: Checking

    /// Lays every scene out in every language and category.
    func run(progress: ProgressBar?) throws(RequestError) -> (FitCheck.Outcome, Extra) {
        let file: InterfaceBuilderFile
        do {
            file = try InterfaceBuilderFile(contentsOf: path)
        } catch {
            throw RequestError(
                kind: error.kind.rawValue, error.description, exitCode: InterfaceBuilderCheck.exitCode(error))
        }
        var outcome = FitCheck.Outcome()
        var extra = Extra()
        var reported = Set<String>()
        let directions = [UIUserInterfaceLayoutDirection.leftToRight, .rightToLeft].filter { direction in
            languages.contains { $0.direction == direction }
        }
        var total = 0
        let allBars = file.barTitles
        // Bars of controllers are as wide as the screen; bars placed as views in a scene are
        // checked with the scene, at the width they are laid out to.
        let bars = allBars.filter { $0.barViewID == nil }
        let barsInViews = allBars.filter { $0.barViewID != nil }
        var built: [UIUserInterfaceLayoutDirection: [InterfaceBuilderVariableScene]] = [:]
        for direction in directions {
            // One build per layout direction; languages and categories only change texts and fonts.
            var options = InterfaceBuilderOptions(device: device, layoutDirection: direction)
            options.fontDirectories = fontDirectories
            options.contentSizeCategory = .large
            do {
                built[direction] = try file.makeVariableScenes(options)
            } catch {
                throw RequestError(
                    kind: error.kind.rawValue, error.description, exitCode: InterfaceBuilderCheck.exitCode(error))
            }
            let scenes = built[direction] ?? []
            let texts = scenes.reduce(0) { $0 + $1.texts.count + barTitles(in: $1, from: barsInViews).count }
            total += texts * categories.count * languages.filter { $0.direction == direction }.count
        }
        total += bars.count * categories.count * languages.count
        progress?.start(total: total)
        // Texts not to check (marked do-not-translate, image-only buttons, blank texts); they
        // are still shown, so the views around them lay out as in the app.
        let hints = file.localizerHints
        let imageButtons = file.buttonsWithImages
        let firstScenes = built[directions.first ?? .leftToRight] ?? []
        let states = stateTitles(file.localizableTexts, scenes: firstScenes)
        let allTexts = firstScenes.flatMap(\.texts) + allBars.map(\.text) + states
        let skipped = skippedTexts(allTexts, hints: hints, imageButtons: imageButtons)
        outcome.languages = Set(languages.map(\.name))
        for direction in directions {
            // A scene without texts or bars has nothing a language or a text size changes.
            for scene in built[direction] ?? [] {
                let sceneBars = barTitles(in: scene, from: barsInViews)
                guard !scene.texts.isEmpty || !sceneBars.isEmpty else { continue }
                let sceneStates = states.filter {
                    skipped[$0.key] == nil && scene.scene.view(id: $0.objectID) is UIButton
                }
                let barViews = Set(sceneBars.compactMap(\.barViewID))
                // Each bar's titles, and where each title is among its bar's.
                var titlesOfBar: [String: [InterfaceBuilderBarTitle]] = [:]
                var place: [Int] = []
                for title in sceneBars {
                    let id = title.barViewID ?? ""
                    place.append(titlesOfBar[id, default: []].count)
                    titlesOfBar[id, default: []].append(title)
                }
                for language in languages where language.direction == direction {
                    record(sceneBars, language: language, skipped: skipped, extra: &extra)
                    var barFindings: [String: [Finding?]] = [:]
                    scene.setLanguage(language.typesettingLanguage)
                    for item in scene.texts {
                        let (text, entry) = language.text(for: item)
                        scene.show(text, for: item)
                        guard skipped[item.key] == nil else { continue }
                        if language.isTranslated, entry == nil {
                            extra.untranslated[language.name, default: []].append(item.key)
                        }
                        extra.entries.append(
                            CatalogEntry(
                                key: item.key, variant: nil, language: language.name, text: text,
                                file: entry?.file ?? path, line: entry?.line ?? item.position.line))
                    }
                    for state in sceneStates where language.isTranslated && language.text(for: state).entry == nil {
                        extra.untranslated[language.name, default: []].append(state.key)
                    }
                    for category in categories {
                        scene.setContentSizeCategory(category)
                        let (views, problems) = scene.layOutTexts(reporting: barViews)
                        for problem in problems where problem.view == nil && problem.diagnostic == .measurementFailed {
                            throw RequestError(
                                kind: "measurementFailed", "\(path): \(problem.message)", exitCode: 65)
                        }
                        for problem in problems where problem.kind == .brokenConstraint {
                            let note = "\(scene.scene.name): \(problem.message)"
                            if reported.insert(note).inserted {
                                FileHandle.standardError.write(
                                    Data(
                                        "measure: warning: \(path)\(problem.position.map { ":\($0.line)" } ?? ""): \(note)\n"
                                            .utf8))
                            }
                        }
                        let screenID = "\(path)|\(scene.scene.name)|\(language.name)|\(category.rawValue)"
                        let baseID = "\(path)|\(scene.scene.name)|Base|\(category.rawValue)"
                        let firstFinding = outcome.findings.count
                        for item in scene.texts {
                            guard skipped[item.key] == nil else {
                                progress?.advance()
                                continue
                            }
                            outcome.keys.insert(item.key)
                            outcome.checks += 1
                            outcome.cases.append(
                                CheckedCase(subject: item.key, language: language.name, category: category.rawValue))
                            progress?.advance()
                            guard let report = views[item.objectID] else { continue }
                            let found: Finding?
                            do {
                                found = try finding(
                                    item, report: report, scene: scene, language: language, category: category)
                            } catch {
                                throw RequestError(error, context: "\(path): \(item.key) (\(language.name))")
                            }
                            guard var drawn = found else { continue }
                            if drawsScreens {
                                drawn.screen = screenID
                                drawn.frame = report.windowFrame
                                if language.name != "Base" { drawn.baseScreen = baseID }
                            }
                            outcome.add(drawn)
                        }
                        for (offset, title) in sceneBars.enumerated() {
                            guard skipped[title.text.key] == nil else {
                                progress?.advance()
                                continue
                            }
                            outcome.keys.insert(title.text.key)
                            outcome.checks += 1
                            outcome.cases.append(
                                CheckedCase(
                                    subject: title.text.key, language: language.name, category: category.rawValue))
                            progress?.advance()
                            guard let id = title.barViewID, let report = views[id], !report.isHidden else { continue }
                            // The bar's titles are measured once for each width it is laid out at.
                            let width = max(0, Double(report.frame.size.width))
                            let cacheKey = "\(id)|\(width)"
                            if barFindings[cacheKey] == nil {
                                barFindings[cacheKey] = try BarTitleCheck(path: path, barWidth: width)
                                    .findings(titlesOfBar[id] ?? [], language: language)
                            }
                            guard var drawn = barFindings[cacheKey]?[place[offset]] else { continue }
                            drawn.category = category
                            drawn.element?.scene = scene.scene.name
                            if drawsScreens {
                                drawn.screen = screenID
                                drawn.frame = report.windowFrame
                                if language.name != "Base" { drawn.baseScreen = baseID }
                            }
                            outcome.add(drawn)
                        }
                        // Each screen × language × category is drawn once, when it has a
                        // finding, and Base's always (it sits beside the other languages').
                        if drawsScreens, outcome.findings.count > firstFinding || language.name == "Base" {
                            outcome.screens[screenID] = Picture(window: scene.scene.screen.window).svg()
                        }
                        try checkStateTitles(
                            sceneStates, scene: scene, language: language, category: category, barViews: barViews,
                            outcome: &outcome)
                    }
                }
                // Back to the Base text, so the next language starts where this one did.
                for item in scene.texts { scene.show(nil, for: item) }
            }
        }
        if !bars.isEmpty {
            try checkBars(bars, file: file, skipped: skipped, outcome: &outcome, extra: &extra, progress: progress)
        }
        progress?.finish()
        for (language, keys) in extra.untranslated {
            extra.untranslated[language] = Array(Set(keys)).sorted()
        }
        extra.coverage = coverage(of: file, checked: outcome.keys, skipped: skipped, hints: hints)
        return (outcome, extra)
    }

    /// A button's highlighted, selected and disabled titles (not a configured button's, which
    /// shows its configuration's title in every state), in the scenes that lay the button out.
    func stateTitles(_ texts: [InterfaceBuilderLocalizableText], scenes: [InterfaceBuilderVariableScene])
        -> [InterfaceBuilderText]
    {
        let states: Set<String> = ["highlightedTitle", "selectedTitle", "disabledTitle"]
        let configured = Set(texts.filter { $0.property == "configuration.title" }.map(\.objectID))
        return texts.compactMap { text in
            guard states.contains(text.property), !configured.contains(text.objectID),
                let scene = scenes.first(where: { $0.scene.view(id: text.objectID) is UIButton })
            else { return nil }
            let name = scene.texts.first { $0.objectID == text.objectID }?.name ?? "button"
            return InterfaceBuilderText(
                objectID: text.objectID, property: text.property, text: text.text, kind: "button", name: name,
                position: text.position)
        }
    }

    /// Checks each button state's title as the button shows it in that state: the title set
    /// in the normal title's place and the scene laid out again (a state change changes the
    /// button's intrinsic size, and Auto Layout follows it), then the normal title back.
    private func checkStateTitles(
        _ states: [InterfaceBuilderText], scene: InterfaceBuilderVariableScene, language: InterfaceBuilderLanguage,
        category: ContentSizeCategory, barViews: Set<String>, outcome: inout FitCheck.Outcome
    ) throws(RequestError) {
        for state in states {
            guard let button = scene.scene.view(id: state.objectID) as? UIButton else { continue }
            let normal = button.currentTitle
            button.setTitle(language.text(for: state).text, for: .normal)
            defer { button.setTitle(normal, for: .normal) }
            let (views, _) = scene.layOutTexts(reporting: barViews.union([state.objectID]))
            outcome.keys.insert(state.key)
            outcome.checks += 1
            outcome.cases.append(CheckedCase(subject: state.key, language: language.name, category: category.rawValue))
            guard let report = views[state.objectID] else { continue }
            do {
                if let found = try finding(state, report: report, scene: scene, language: language, category: category)
                {
                    outcome.add(found)
                }
            } catch {
                throw RequestError(error, context: "\(path): \(state.key) (\(language.name))")
            }
        }
    }

    /// Checks the titles bars show (navigation items, bar button items, tab bar items) in
    /// every language × category, at the width their scenes are laid out at
    /// (`InterfaceBuilderFile.barWidth(of:options:)`).
    private func checkBars(
        _ bars: [InterfaceBuilderBarTitle], file: InterfaceBuilderFile, skipped: [String: SkipReason],
        outcome: inout FitCheck.Outcome, extra: inout Extra, progress: ProgressBar?
    ) throws(RequestError) {
        let options = InterfaceBuilderOptions(device: device)
        let widths = bars.map { file.barWidth(of: $0, options: options) }
        let check = BarTitleCheck(path: path, barWidth: widths.first ?? 0)
        for language in languages {
            record(bars, language: language, skipped: skipped, extra: &extra)
            // A bar's titles keep their size in every category: measured once per language,
            // the titles of each width together.
            var found = [Finding?](repeating: nil, count: bars.count)
            for width in Set(widths) {
                let indices = widths.indices.filter { widths[$0] == width }
                let list = try check.findings(indices.map { bars[$0] }, language: language, barWidth: width)
                for (index, finding) in zip(indices, list) { found[index] = finding }
            }
            for category in categories {
                for (title, finding) in zip(bars, found) {
                    guard skipped[title.text.key] == nil else {
                        progress?.advance()
                        continue
                    }
                    outcome.keys.insert(title.text.key)
                    outcome.checks += 1
                    outcome.cases.append(
                        CheckedCase(subject: title.text.key, language: language.name, category: category.rawValue))
                    progress?.advance()
                    guard var finding else { continue }
                    finding.category = category
                    outcome.add(finding)
                }
            }
        }
    }

    /// The titles of the bars placed as views in a scene.
    private func barTitles(in scene: InterfaceBuilderVariableScene, from bars: [InterfaceBuilderBarTitle])
        -> [InterfaceBuilderBarTitle]
    {
        bars.filter { title in title.barViewID.map { scene.scene.object(id: $0) != nil } ?? false }
    }

    /// Notes bar titles' texts in one language: as entries for a spec's rules, and the keys a
    /// translation lacks.
    private func record(
        _ titles: [InterfaceBuilderBarTitle], language: InterfaceBuilderLanguage, skipped: [String: SkipReason],
        extra: inout Extra
    ) {
        for title in titles where skipped[title.text.key] == nil {
            let (text, entry) = language.text(for: title.text)
            if language.isTranslated, entry == nil {
                extra.untranslated[language.name, default: []].append(title.text.key)
            }
            extra.entries.append(
                CatalogEntry(
                    key: title.text.key, variant: nil, language: language.name, text: text,
                    file: entry?.file ?? path, line: entry?.line ?? title.text.position.line))
        }
    }

    static func exitCode(_ error: LayoutFileError) -> Int32 {
        error.kind == .unreadableFile ? 66 : error.kind == .unknownDevice ? 64 : 65
    }

    /// The finding for one text after a layout, or nil when it shows whole.
    func finding(
        _ item: InterfaceBuilderText, report: LayoutReport.ViewReport, scene: InterfaceBuilderVariableScene,
        language: InterfaceBuilderLanguage, category: ContentSizeCategory
    ) throws(TypesettingError) -> Finding? {
        guard !report.isHidden, var view = scene.scene.view(id: item.objectID) else { return nil }
        var report = report
        if item.property == "headerTitle" || item.property == "footerTitle" {
            // A static table section's titles are labels of the section: its header's first.
            let labels = view.subviews.compactMap { $0 as? UILabel }
            guard let label = item.property == "headerTitle" ? labels.first : labels.dropFirst().first else {
                return nil
            }
            let shown = try label.shownText()
            let origin = CGPoint(
                x: report.windowFrame.minX + label.frame.minX, y: report.windowFrame.minY + label.frame.minY)
            report.frame = label.frame
            report.windowFrame = CGRect(origin: origin, size: label.frame.size)
            report.intrinsicContentSize = label.intrinsicContentSize
            report.isTruncated = shown.isTruncated
            report.shownLines = shown.isTruncated || shown.isShrunk ? shown.lines : nil
            report.shownFontScale = shown.fontScale
            view = label
        }
        let (text, translation) = language.text(for: item)
        var truncated = report.isTruncated
        var needed = report.intrinsicContentSize
        var available = availableSize(report, screenWidth: Double(scene.scene.screen.window.frame.width))
        let control: ControlKind
        var font = ""
        var shownOverride: [String]?
        var drawnPastBounds = false
        switch view {
        case let label as UILabel:
            control = .label
            font = label.font.description
            // What UIKit draws: the lines that fit, or one line past the bounds (`LabelDrawing`).
            if truncated {
                switch try LabelDrawing.outcome(of: label, shown: try label.shownText()) {
                case .fits: truncated = false
                case .truncated(let lines): shownOverride = lines
                case .drawnPastBounds(let lines):
                    truncated = false
                    drawnPastBounds = true
                    shownOverride = lines
                }
            }
            // The whole text's size: its one-line size, or its height wrapped at the label's width.
            let (lines, wrap) = (label.numberOfLines, label.preferredMaxLayoutWidth)
            if truncated || drawnPastBounds, lines != 1 {
                label.numberOfLines = 0
                label.preferredMaxLayoutWidth = view.frame.width
                let wrapped = label.intrinsicContentSize
                (label.numberOfLines, label.preferredMaxLayoutWidth) = (lines, wrap)
                needed = wrapped
            }
        case let button as UIButton:
            control = .button
            font = button.titleFont.description
        case let field as UITextField:
            control = .label
            font = field.font.description
            // A field shows its placeholder only while its text is empty.
            let showsPlaceholder = (field.text ?? "").isEmpty
            guard (item.property == "placeholder") == showsPlaceholder else { return nil }
            // One line, cut at the tail with "…" when narrower than it needs; shorter than
            // its line, it is drawn past its top and bottom.
            let shown = try FieldDrawing.shown(text, in: field)
            truncated = shown.isTruncated
            shownOverride = [shown.text]
            let intrinsic = report.intrinsicContentSize
            drawnPastBounds =
                !truncated && intrinsic.height > 0 && Double(view.frame.size.height) + 0.01 < Double(intrinsic.height)
        case let segments as UISegmentedControl:
            control = .button
            // Each segment has an equal share of the control; its title has that share less
            // the segment's padding (`BarTitles.segmentTitleWidth`).
            guard InterfaceBuilderVariableScene.segmentIndex(item.property) != nil, !segments.titles.isEmpty else {
                return nil
            }
            let fit = try BarTitles.fit(
                text, font: BarTitles.segmentFont,
                width: BarTitles.segmentTitleWidth(
                    controlWidth: Double(view.frame.width), segmentCount: segments.titles.count),
                language: language.typesettingLanguage)
            font = fit.font.description
            truncated = fit.isTruncated
            needed = CGSize(width: fit.needed, height: fit.height)
            available = CGSize(width: min(Double(available.width), fit.available), height: fit.height)
            shownOverride = [fit.shown]
        case is UITextView:
            control = .textview
            truncated = false
        default:
            return nil
        }
        let entry = CatalogEntry(
            key: item.key, variant: nil, language: language.name, text: text,
            file: translation?.file ?? path, line: translation?.line ?? item.position.line)
        let element = ElementReference(
            file: path, line: item.position.line, kind: item.kind, name: item.name, scene: scene.scene.name)
        let prepared = CheckCoverage.prepared(of: view, text: text, language: language.typesettingLanguage)
        if let prepared,
            var missing = CheckCoverage.missingFinding(
                prepared, entry: entry, category: category, control: control, font: font)
        {
            missing.element = element
            return missing
        }
        let problem: Finding.Problem
        if truncated {
            problem = .truncated
        } else if report.isOffscreen || report.hasNegativeSize {
            problem = .offscreen
        } else if view is UILabel, report.shownFontScale < 1 {
            // UIKit draws the text smaller instead of cutting it: whole, but not at its size.
            problem = .shrunk
        } else if drawnPastBounds {
            problem = .drawnPastBounds
        } else {
            return nil
        }
        var finding = Finding(
            entry: entry, category: category, problem: problem, control: control, font: font,
            needed: needed, available: available,
            shown: shownOverride ?? report.shownLines ?? [text])
        if problem == .shrunk { finding.fontScale = report.shownFontScale }
        finding.element = element
        finding.approximate = prepared.flatMap { FontStandIn.phrase($0.standIns) }
        return finding
    }

    /// The room a view has: its frame, less what lies beyond the sides of the screen.
    private func availableSize(_ report: LayoutReport.ViewReport, screenWidth: Double) -> CGSize {
        let frame = report.windowFrame
        let width =
            report.hasNegativeSize ? 0 : max(0, min(Double(frame.maxX), screenWidth) - max(Double(frame.minX), 0))
        return CGSize(width: width, height: Double(frame.height))
    }
}

extension InterfaceBuilderCheck {
    /// Whether a path names a storyboard or XIB.
    static func isInterfaceBuilderFile(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".storyboard") || lower.hasSuffix(".xib")
    }

    /// `large,AX3` or `all`.
    static func parseCategories(_ list: String) throws(RequestError) -> [ContentSizeCategory] {
        if list.trimmingCharacters(in: .whitespaces).lowercased() == "all" { return ContentSizeCategory.allCases }
        var result: [ContentSizeCategory] = []
        for part in list.split(separator: ",") {
            let category = try ContentSizeCategory(validating: part.trimmingCharacters(in: .whitespaces))
            if !result.contains(category) { result.append(category) }
        }
        guard !result.isEmpty else {
            throw RequestError(kind: "badCategory", "--categories is empty; name at least one category, or all")
        }
        return result
    }

    /// Base, the languages found and the pseudolanguages asked for; `only` (a comma-separated
    /// list) keeps those it names, and naming one that is not there is an error.
    ///
    /// With `lenient` (a run of several files), a language the file lacks is passed over: the
    /// command refuses a name no file has.
    static func chooseLanguages(
        found: [InterfaceBuilderLanguage], pseudo: [[Pseudolanguage]], only: String?, file: String,
        lenient: Bool = false
    ) throws(RequestError) -> [InterfaceBuilderLanguage] {
        var all = [InterfaceBuilderLanguage(name: InterfaceBuilderLanguage.base, direction: .leftToRight)] + found
        for combination in pseudo {
            all.append(
                InterfaceBuilderLanguage(
                    name: combination.map(\.rawValue).joined(separator: "+"),
                    direction: combination.contains(.rightToLeft) ? .rightToLeft : .leftToRight, pseudo: combination))
        }
        guard let only else { return all }
        var chosen: [InterfaceBuilderLanguage] = []
        for part in only.split(separator: ",") {
            var name = part.trimmingCharacters(in: .whitespaces)
            // A pseudolanguage combination in any order: `accented+double-length`.
            if let combination = try? Pseudolanguage.parse(name) {
                name = combination.map(\.rawValue).joined(separator: "+")
            }
            guard let language = all.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                if lenient { continue }
                throw RequestError(
                    kind: "unknownLanguage",
                    "--languages names '\(name)', which \(file) has no translation for; found: "
                        + all.map(\.name).joined(separator: ", ") + " (pseudolanguages come from --pseudo)")
            }
            if !chosen.contains(where: { $0.name == language.name }) { chosen.append(language) }
        }
        return chosen
    }
}

/// One IB file checked as `measure check` checks it, without printing: what
/// `benchmarks ib` times.
package enum InterfaceBuilderCheckRun {
    /// The pseudolanguages that stand in for translations, in the order they are taken.
    static let standIns: [[Pseudolanguage]] = [
        [.doubleLength], [.accented], [.bounded], [.rightToLeft], [.doubleLength, .accented], [.accented, .bounded],
        [.doubleLength, .bounded], [.doubleLength, .accented, .bounded], [.doubleLength, .rightToLeft],
    ]

    /// Checks `path` in `languageCount` languages (Base, the translations found, then
    /// pseudolanguages to make up the count) × `categories`.
    ///
    /// - Returns: the checks made, the findings, and the languages' names.
    package static func run(
        path: String, languageCount: Int, categories: [ContentSizeCategory], fontDirectories: [String]
    ) throws -> (checks: Int, findings: Int, languages: [String]) {
        let translations = try InterfaceBuilderTranslations.read(beside: path)
        var languages = try InterfaceBuilderCheck.chooseLanguages(
            found: translations.languages, pseudo: standIns, only: nil, file: path)
        let translated = languages.filter { $0.pseudo.isEmpty }
        languages = Array((translated + languages.filter { !$0.pseudo.isEmpty }).prefix(languageCount))
        var check = InterfaceBuilderCheck(
            path: path, languages: languages, categories: categories, device: nil, fontDirectories: fontDirectories)
        check.translations = translations
        let (outcome, _) = try check.run(progress: nil)
        return (outcome.checks, outcome.findings.count, languages.map(\.name))
    }
}
