/// The values format specifiers stand for when a catalog text is measured: `%lld` in
/// "%lld files" is measured as "44444 files". A text is shown with its arguments filled in,
/// so measuring the specifier itself ("%lld") says nothing; the widest plausible values are
/// measured instead, and each finding names the values used.
///
/// Defaults: integers five digits (counts up to 99,999), each the digit with the widest
/// advance in the font the text is measured in (in Inter, `4`; fonts with tabular figures
/// have all digits as wide). The font is known only when the text is measured, so entries
/// hold ``digitPlaceholder`` where such a digit goes, and ``CatalogEntry/withDigits(_:)``
/// puts the font's widest in (`measure check` does). Decimals are the integer sample, a
/// point and as many widest digits as the specifier's precision (6 when none: `%.2f` is
/// `44444.44` in Inter). Strings (`%@`, `%s`) are `WWWWWWWWWW` (ten of a wide capital), a
/// character (`%c`) `W`. In a plural variant named `zero`, `one` or `two` (String Catalogs'
/// plural categories), integers are `0`, `1` and `2`: the category's smallest number, which
/// is what English and most languages show there.
public struct FormatSamples: Sendable, Hashable {
    /// The text of an integer (`%d`, `%i`, `%u`, `%ld`, `%lld`, `%x`, `%o`, …).
    public var integer: String
    /// The text of a decimal (`%f`, `%e`, `%g`, `%a`), or nil to derive it from ``integer``
    /// and the specifier's precision.
    public var decimal: String?
    /// The text of a string argument (`%@`, `%s`, `%S`).
    public var string: String

    /// Where a digit goes that the font decides: the widest of its digits. A private-use
    /// character, replaced before a text is measured (``CatalogEntry/withDigits(_:)``).
    public static let digitPlaceholder: Character = "\u{E000}"

    /// Five widest digits: the default integer sample.
    public static let widestInteger = String(repeating: digitPlaceholder, count: 5)

    /// Whether specifiers are filled at all: false for text shown as written, such as a
    /// storyboard's, which UIKit never formats (see ``asWritten``).
    public var fillsSpecifiers = true

    /// Samples that leave every text as written.
    public static let asWritten: FormatSamples = {
        var samples = FormatSamples()
        samples.fillsSpecifiers = false
        return samples
    }()

    /// The default samples, or the ones given.
    public init(integer: String = widestInteger, decimal: String? = nil, string: String = "WWWWWWWWWW") {
        self.integer = integer
        self.decimal = decimal
        self.string = string
    }

    /// The kinds a sample can be set for, as `--sample KIND=VALUE` and a spec's `samples` name them.
    public static let kinds = ["integer", "decimal", "string"]

    /// Sets the sample of one kind ("integer", "decimal" or "string"); false for another kind.
    public mutating func set(_ kind: String, to value: String) -> Bool {
        switch kind {
        case "integer": integer = value
        case "decimal": decimal = value
        case "string": string = value
        default: return false
        }
        return true
    }

    /// The plural category a variant path names ("plural.one", "photos.one, albums.other"), when
    /// there is exactly one whose smallest number is not the widest.
    static func smallPluralNumber(_ category: Substring) -> String? {
        switch category {
        case "zero": "0"
        case "one": "1"
        case "two": "2"
        default: nil
        }
    }

    /// `text` with every format specifier replaced by its sample, and the replacements made
    /// ("%lld = 44444"). `variant` is the entry's variant path: a plural category in it
    /// ("plural.one") sets the integer sample. `%%` becomes `%` only in a text with other
    /// specifiers (a text without any is not a format). Anything that is not a specifier is
    /// left as written.
    public func fill(_ text: String, variant: String?) -> (text: String, samples: [String]) {
        guard fillsSpecifiers, text.contains("%") else { return (text, []) }
        var integer = self.integer
        if let variant, let range = variant.range(of: "plural.") {
            let category = variant[range.upperBound...].prefix { $0.isLetter }
            if let number = FormatSamples.smallPluralNumber(category) { integer = number }
        }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var samples: [String] = []
        var percentSigns = 0
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else {
                output.append(scalars[index])
                index += 1
                continue
            }
            if index + 1 < scalars.count, scalars[index + 1] == "%" {
                output.append("%")
                percentSigns += 1
                index += 2
                continue
            }
            guard let specifier = FormatSpecifier(scalars, at: index) else {
                output.append("%")
                index += 1
                continue
            }
            let value = self.value(for: specifier, integer: integer)
            output.append(contentsOf: value.unicodeScalars)
            let written = String(String.UnicodeScalarView(scalars[index..<specifier.end]))
            samples.append("\(written) = \(value)")
            index = specifier.end
        }
        if samples.isEmpty && percentSigns > 0 { return (text, []) }
        return (String(output), samples)
    }

    /// The sample for one specifier.
    func value(for specifier: FormatSpecifier, integer: String) -> String {
        switch specifier.conversion {
        case "@", "s", "S": return string
        case "c", "C": return string.first.map(String.init) ?? "W"
        case "f", "F", "e", "E", "g", "G", "a", "A":
            if let decimal { return decimal }
            let precision = specifier.precision ?? 6
            let fraction = String(repeating: FormatSamples.digitPlaceholder, count: min(precision, 20))
            switch specifier.conversion {
            case "e", "E", "a", "A":
                let digit = String(FormatSamples.digitPlaceholder)
                return digit + "." + fraction + (specifier.conversion.properties.isUppercase ? "E+" : "e+") + digit
                    + digit
            case "g", "G": return integer
            default: return precision == 0 ? integer : integer + "." + fraction
            }
        case "p": return "0x" + String(repeating: FormatSamples.digitPlaceholder, count: 12)
        default: return integer
        }
    }
}

/// One printf-style specifier as Foundation's `String(format:)` reads it:
/// `%[n$][flags][width][.precision][length]conversion`, flags from `-+0#'` (not a space, so
/// "100% sure" is text).
struct FormatSpecifier {
    /// The conversion character (`d`, `@`, `f`, …).
    var conversion: Unicode.Scalar
    /// The precision, when given.
    var precision: Int?
    /// The index just past the specifier.
    var end: Int

    static let conversions = Set("@dDiuUxXoOfFeEgGaAcCsSp".unicodeScalars)

    init?(_ scalars: [Unicode.Scalar], at start: Int) {
        var index = start + 1
        func digits() -> String {
            var text = ""
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                text.unicodeScalars.append(scalars[index])
                index += 1
            }
            return text
        }
        // A position ("1$") or the start of a width.
        let leading = digits()
        if !leading.isEmpty {
            if index < scalars.count, scalars[index] == "$" { index += 1 } else { index = start + 1 }
        }
        while index < scalars.count, "-+0#'".unicodeScalars.contains(scalars[index]) { index += 1 }
        if index < scalars.count, scalars[index] == "*" { index += 1 } else { _ = digits() }
        var precision: Int?
        if index < scalars.count, scalars[index] == "." {
            index += 1
            precision = Int(digits()) ?? 0
        }
        for length in ["hh", "ll", "h", "l", "q", "z", "t", "j", "L"] {
            let units = Array(length.unicodeScalars)
            if index + units.count <= scalars.count, Array(scalars[index..<(index + units.count)]) == units {
                index += units.count
                break
            }
        }
        guard index < scalars.count, FormatSpecifier.conversions.contains(scalars[index]) else { return nil }
        conversion = scalars[index]
        self.precision = precision
        end = index + 1
    }
}
