import Foundation

/// Why a translatable text was not checked. The summary counts texts by ``category``; JSON
/// gives each text's whole reason (`"not drawn: accessibilityLabel"`).
struct SkipReason: Sendable, Hashable {
    /// What kind of reason: one of the constants below.
    var category: String
    /// What exactly: the note that asks not to translate, the property, the class.
    var detail: String?

    /// The reason as JSON and the docs write it: the category, then the detail after ": ".
    var text: String { detail.map { "\(category): \($0)" } ?? category }

    /// Accessibility labels, hints and values: VoiceOver reads them, nothing draws them.
    static func notDrawn(_ property: String) -> SkipReason { SkipReason(category: "not drawn", detail: property) }
    /// A String Catalog key marked *Don't Translate*, or a note that asks not to translate.
    static func doNotTranslate(_ note: String) -> SkipReason {
        SkipReason(category: "marked do-not-translate", detail: note)
    }
    /// A catalog key no rule of the spec matches.
    static let noRule = SkipReason(category: "no rule", detail: nil)
    /// A button with an image and a blank title: it shows the image, and no title.
    static let imageOnly = SkipReason(category: "image-only button", detail: nil)
    /// A text that is only spaces in the IB file: nothing is drawn (the app sets it in code).
    static let blank = SkipReason(category: "blank", detail: nil)
    /// A text UIKit shows but replaces rather than cuts (a back button's title), or that no
    /// bar shows (a view controller's title outside a navigation controller).
    static func notShown(_ what: String) -> SkipReason { SkipReason(category: "not shown", detail: what) }
    /// A text the check does not lay out: the class and property (`UISearchBar.prompt`).
    static func notModelled(_ what: String) -> SkipReason { SkipReason(category: "not modelled", detail: what) }
}

/// Which translatable texts were checked, which skipped and why, and which translation keys
/// name nothing, across the files of a run. Texts are named `FILE: KEY`, the file as the run
/// names it (`Base.lproj/Main.storyboard: abc-12-xyz.text`), so two files' keys never merge.
struct TranslationCoverage: Sendable {
    /// The texts laid out (or, for catalogs, matched by a rule) in at least one language.
    var checked: Set<String> = []
    /// The texts not checked, each once, with the reason.
    var skipped: [String: SkipReason] = [:]
    /// Translation keys whose object id is not in the IB file: unused by the app.
    var stale: Set<String> = []

    /// `FILE: KEY`.
    static func name(_ file: String, _ key: String) -> String { "\(file): \(key)" }

    /// The translatable texts: checked and skipped (stale keys name no text).
    var total: Int { checked.count + skipped.count }

    /// Adds another file's accounting.
    mutating func merge(_ other: TranslationCoverage) {
        checked.formUnion(other.checked)
        skipped.merge(other.skipped) { first, _ in first }
        stale.formUnion(other.stale)
    }

    /// Skipped texts by category, most first (ties by name).
    var skippedByCategory: [(category: String, count: Int)] {
        let counts = Dictionary(skipped.values.map { ($0.category, 1) }, uniquingKeysWith: +)
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The summary's coverage clause: "312 of 317 translated texts checked; 5 skipped (3 not
    /// drawn, 2 marked do-not-translate); 2 stale keys".
    var summary: String {
        var text = "\(checked.count) of \(total) translated texts checked"
        if !skipped.isEmpty {
            text +=
                "; \(skipped.count) skipped ("
                + skippedByCategory.map { "\($0.count) \($0.category)" }.joined(separator: ", ") + ")"
        }
        if !stale.isEmpty { text += "; \(stale.count) stale key\(stale.count == 1 ? "" : "s")" }
        return text
    }
}
