/// BCP 47 language tags, as the text's `language` is written on the command line, in batch
/// lines and in layout files.
package enum LanguageTag {
    /// Whether `tag` is a well-formed BCP 47 language tag (RFC 5646's syntax, `_` taken for
    /// `-`): a 2–3 or 5–8 letter language, then subtags of 1–8 letters or digits ("ja",
    /// "zh-Hant", "sr-Latn-RS", "pt_BR").
    package static func isWellFormed(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        guard let language = subtags.first, [2, 3, 5, 6, 7, 8].contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
