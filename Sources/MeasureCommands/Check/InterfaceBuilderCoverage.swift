import Catalogs
import Foundation
import LayoutFiles

extension InterfaceBuilderCheck {
    /// The texts the check lays out but does not report, with why: marked not to be
    /// translated (a String Catalog's *Don't Translate*, or a note, from a translation or from
    /// IB's *Localizer Hint*, that asks not to translate), image-only buttons, blank texts.
    func skippedTexts(
        _ items: [InterfaceBuilderText], hints: [String: String], imageButtons: Set<String>
    ) -> [String: SkipReason] {
        var skipped: [String: SkipReason] = [:]
        for item in items where skipped[item.key] == nil {
            if let reason = doNotTranslate(item.key, objectID: item.objectID, hints: hints) {
                skipped[item.key] = reason
            } else if item.baseText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                skipped[item.key] = item.kind == "button" && imageButtons.contains(item.objectID) ? .imageOnly : .blank
            }
        }
        return skipped
    }

    /// Why a key is marked not to be translated, if it is: by a translation file's entry, or
    /// by the object's *Localizer Hint* in the IB file.
    func doNotTranslate(_ key: String, objectID: String, hints: [String: String]) -> SkipReason? {
        if let reason = translations.doNotTranslateReason(key) { return .doNotTranslate(reason) }
        if let hint = hints[objectID], TranslatorNote.marksDoNotTranslate(hint) { return .doNotTranslate(hint) }
        return nil
    }

    /// Every translatable text of the file accounted for: the keys checked; the texts skipped,
    /// each with a reason (those the check skipped, and every other text Xcode exports or a
    /// translation names on an object of the file); and the translation keys whose object id
    /// the file does not have (stale).
    func coverage(
        of file: InterfaceBuilderFile, checked: Set<String>, skipped: [String: SkipReason], hints: [String: String]
    ) -> TranslationCoverage {
        var coverage = TranslationCoverage()
        for key in checked { coverage.checked.insert(TranslationCoverage.name(path, key)) }
        func skip(_ key: String, _ reason: SkipReason) {
            guard !checked.contains(key) else { return }
            let name = TranslationCoverage.name(path, key)
            if coverage.skipped[name] == nil { coverage.skipped[name] = reason }
        }
        for (key, reason) in skipped { skip(key, reason) }
        let classes = file.objectClassNames
        let texts = file.localizableTexts
        let exported = Set(texts.map(\.key))
        for text in texts {
            skip(
                text.key,
                reason(text.objectID, text.property, className: text.className, hints: hints, exported: exported))
        }
        for key in translations.entriesByKey.keys where !checked.contains(key) {
            let (objectID, property) = Self.split(key)
            guard let className = classes[objectID] else {
                coverage.stale.insert(TranslationCoverage.name(path, key))
                continue
            }
            skip(key, reason(objectID, property, className: className, hints: hints, exported: exported))
        }
        return coverage
    }

    /// Why a text the check does not lay out is skipped; `exported` holds the keys of every
    /// text Xcode exports for the file.
    func reason(
        _ objectID: String, _ property: String, className: String, hints: [String: String], exported: Set<String>
    ) -> SkipReason {
        let key = "\(objectID).\(property)"
        if let marked = doNotTranslate(key, objectID: objectID, hints: hints) { return marked }
        if property.hasPrefix("accessibility") { return .notDrawn(property) }
        switch property {
        case "normalTitle" where exported.contains("\(objectID).configuration.title"):
            return .notShown("UIButton.normalTitle: the button shows its configuration's title")
        case "backButtonTitle":
            return .notShown("a back button's title: UIKit shows a shorter title instead of cutting it")
        case "title" where className.hasSuffix("Controller"):
            return .notShown("\(className).title: no bar shows it")
        case "title" where className == "UIBarButtonItem":
            return .notShown("UIBarButtonItem.title: the item shows its image, or no bar of the file shows it")
        case "title" where className == "UITabBarItem":
            return .notShown("UITabBarItem.title: no tab bar of the file shows it, or it is under More")
        case "title" where className == "UINavigationItem":
            return .notShown("UINavigationItem.title: a titleView stands in its place, or no bar of the file shows it")
        case let runtime where runtime.hasPrefix("ibExternalUserDefinedRuntimeAttributesLocalizableStrings"):
            return .notModelled("\(className): a user-defined runtime attribute, used by the class's own code")
        default:
            return .notModelled("\(className).\(property)")
        }
    }

    /// `ObjectID.property` split at its first dot (object ids hold none).
    static func split(_ key: String) -> (objectID: String, property: String) {
        guard let dot = key.firstIndex(of: ".") else { return (key, "") }
        return (String(key[..<dot]), String(key[key.index(after: dot)...]))
    }
}
