import Controls
import Foundation
import Typesetting

/// The control whose intrinsic size is measured.
enum ControlKind: String, Codable, CaseIterable, Sendable {
    case label, textview, button
}

/// One measurement: the CLI options, or one line of a batch (same field names).
struct MeasureRequest: Sendable {
    var text: String = ""
    var font: String = FontRegistry.systemFamily
    var size: Double?
    /// A weight name or number; nil is the text style's weight, or regular.
    var weight: String?
    /// A Dynamic Type text style; it sets the size (from `category`) and the default weight.
    var textStyle: TextStyle?
    /// The content size category a text style is read at (default `large`).
    var category: ContentSizeCategory?
    /// The text's BCP 47 language, a hint for font fallback.
    var language: String?
    var italic: Bool = false
    var width: Double?
    var lines: Int = 0
    var scale: Double = 2
    var padding: UIEdgeInsets?
    var control: ControlKind = .label
    var contentInsets: UIEdgeInsets?
    var lineBreakMode: LineBreakMode?
    var letterSpacing: Double = 0
    var lineSpacing: Double = 0
    var lineHeightMultiple: Double = 0
    var scrollEnabled: Bool = false
    /// Echoed back in batch results so callers can match them.
    var id: JSONValue?
}

/// A measurement's answer.
struct MeasureResult: Sendable {
    struct LineInfo: Sendable {
        var location: Int
        var length: Int
        var text: String
        var width: Double
        var truncated: Bool
    }
    var id: JSONValue?
    var control: ControlKind
    var width: Double
    var height: Double
    var lineCount: Int
    var truncated: Bool
    var scale: Double
    var lines: [LineInfo]
    var fonts: [String]
    var fontDescription: String
    /// The family standing in for the system font when SF Pro was not found, else nil.
    var systemFontStandIn: String? = nil
    /// Characters no font draws (measured as .notdef boxes), each once.
    var missingCharacters: [Unicode.Scalar] = []
    /// The faces measured in place of iOS's ("Inter for SF Pro; Noto Sans Tamil for Tamil
    /// Sangam MN"), when any: the widths are then approximate.
    var approximate: String? = nil
}

/// Says once per process, on stderr, that the system font is a stand-in: widths are then
/// approximate (heights are SF Pro's). JSON results carry `systemFontStandIn` as well.
enum SystemFontNotice {
    private static let said = Locked(false)

    static func note(_ font: Font) {
        guard font.face.isSystemFontStandIn else { return }
        say(family: font.face.family)
    }

    /// The note, once, when `registry` gave out the stand-in (for the layout and check commands,
    /// whose fonts are resolved in many places).
    static func noteIfUsed(_ registry: FontRegistry) {
        guard registry.hasUsedSystemFontStandIn else { return }
        say(family: FontRegistry.defaultFamily)
    }

    private static func say(family: String) {
        let first = said.withLock { said -> Bool in
            defer { said = true }
            return !said
        }
        guard first else { return }
        FileHandle.standardError.write(
            Data(
                ("measure: note: SF Pro was not found (add it with --font-dir or INTRINSIC_FONT_PATH); "
                    + "the system font is \(family) with SF Pro's line metrics, so widths are approximate\n")
                    .utf8))
    }
}

/// Something the user gave that cannot be measured: what, and what is allowed.
struct RequestError: Error, CustomStringConvertible {
    var kind: String
    var message: String
    var exitCode: Int32
    var description: String { message }

    init(kind: String, _ message: String, exitCode: Int32 = 64) {
        self.kind = kind
        self.message = message
        self.exitCode = exitCode
    }

    /// Maps the engine's errors to a kind, a message and an exit code (sysexits.h).
    init(_ error: TypesettingError) {
        switch error {
        case .fontNotFound: self.init(kind: "fontNotFound", error.description, exitCode: 66)
        case .fontPathNotFound: self.init(kind: "fontPathNotFound", error.description, exitCode: 66)
        case .unreadableFont: self.init(kind: "unreadableFont", error.description, exitCode: 65)
        case .invalidWidth, .widthTooNarrow: self.init(kind: "invalidWidth", error.description)
        case .invalidFontSize: self.init(kind: "invalidSize", error.description)
        case .invalidNumberOfLines: self.init(kind: "invalidLines", error.description)
        case .invalidScale: self.init(kind: "invalidScale", error.description)
        case .invalidParameter: self.init(kind: "invalidParameter", error.description)
        case .textAnalysisFailed: self.init(kind: "internal", error.description, exitCode: 70)
        }
    }

    /// The engine's error, its message preceded by where it happened ("CONTEXT: message").
    init(_ error: TypesettingError, context: String) {
        self.init(error)
        message = "\(context): \(message)"
    }
}

extension MeasureRequest {
    /// Measures: checks every value, resolves the font, sizes the control.
    func run(registry: FontRegistry) throws(RequestError) -> MeasureResult {
        let weight = try validate()
        let result: MeasureResult
        do {
            result = try measure(registry: registry, weight: weight)
        } catch {
            throw RequestError(error)
        }
        let sizes = [result.width, result.height] + result.lines.map(\.width)
        guard sizes.allSatisfy(\.isFinite) else {
            throw RequestError(
                kind: "outOfRange", "the size overflows: the size, padding, insets or spacing given are too large")
        }
        return result
    }

    /// The largest font size, inset, padding or spacing accepted, in points: far beyond any
    /// screen, and small enough that sizes stay finite and printable.
    static let largestLength: Double = 100_000
    /// `largestLength` as messages print it.
    static let largestLengthText = PixelGrid.format(largestLength)
    /// The largest letter spacing accepted, either way, in points: the same on the command
    /// line, in batch lines, check specs and layout files (docs/reliability.md, "Limits").
    static let largestLetterSpacing: Double = 10_000

    /// Checks the values the engine would reject with a less helpful message (or not at all):
    /// what was wrong, and what is allowed. Returns the parsed weight (nil: the default).
    func validate() throws(RequestError) -> FontWeight? {
        let largest = MeasureRequest.largestLength
        let limit = MeasureRequest.largestLengthText
        if let width, !(width.isFinite && width > 0) {
            throw RequestError(
                kind: "invalidWidth",
                "invalid width \(PixelGrid.format(width)): the width must be a finite number of points greater than 0 (leave it out for unbounded text)"
            )
        }
        if let size, !(size.isFinite && size > 0 && size <= largest) {
            throw RequestError(
                kind: "invalidSize",
                "invalid font size \(PixelGrid.format(size)): the size must be a number of points greater than 0 and at most \(limit)"
            )
        }
        guard lines >= 0 else {
            throw RequestError(
                kind: "invalidLines", "invalid number of lines \(lines): use 0 for unlimited, or a positive count")
        }
        var fontWeight: FontWeight?
        if let weight {
            guard let parsed = FontWeight(parsing: weight) else {
                throw RequestError(
                    kind: "invalidWeight",
                    "invalid weight '\(weight)': use a number from 1 to 1000 or one of "
                        + FontWeight.named.map(\.name).joined(separator: ", "))
            }
            fontWeight = parsed
        }
        if textStyle != nil, let size {
            throw RequestError(
                kind: "invalidSize",
                "a font size (\(PixelGrid.format(size))) and a text style cannot both be given: the text style sets the size from the content size category"
            )
        }
        if textStyle == nil, category != nil {
            throw RequestError(
                kind: "invalidCategory",
                "a content size category needs a text style: add --text-style (batch field \"textStyle\"), one of "
                    + TextStyle.allCases.map(\.rawValue).joined(separator: ", "))
        }
        for (name, insets) in [("padding", padding), ("content insets", contentInsets)] {
            guard let insets else { continue }
            let values: [Double] = [insets.top, insets.left, insets.bottom, insets.right]
            guard values.allSatisfy({ $0.isFinite && abs($0) <= largest }) else {
                throw RequestError(
                    kind: "invalidInsets",
                    "invalid \(name) \(values.map(PixelGrid.format).joined(separator: ",")): each value must be a number of points from -\(limit) to \(limit)"
                )
            }
        }
        if letterSpacing.isFinite, abs(letterSpacing) > MeasureRequest.largestLetterSpacing {
            let spacingLimit = PixelGrid.format(MeasureRequest.largestLetterSpacing)
            throw RequestError(
                kind: "invalidParameter",
                "invalid letter spacing \(PixelGrid.format(letterSpacing)): allowed -\(spacingLimit) to \(spacingLimit) points"
            )
        }
        if lineSpacing.isFinite, lineSpacing > largest {
            throw RequestError(
                kind: "invalidParameter",
                "invalid line spacing \(PixelGrid.format(lineSpacing)): allowed 0 to \(limit) points")
        }
        if lineHeightMultiple.isFinite, lineHeightMultiple > 1000 {
            throw RequestError(
                kind: "invalidParameter",
                "invalid line height multiple \(PixelGrid.format(lineHeightMultiple)): allowed 0 (off) to 1000")
        }
        try checkOptionsApply()
        if let language, !LanguageTag.isWellFormed(language) {
            throw RequestError(
                kind: "invalidLanguage",
                "invalid language '\(language)': use a BCP 47 tag such as en, ja, zh-Hant, pt-BR or sr-Latn-RS")
        }
        if FontRegistry.isFontPath(font) {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: font, isDirectory: &isDirectory), isDirectory.boolValue {
                throw RequestError(
                    kind: "invalidFont",
                    "font '\(font)' is a directory; pass a font file, or add the directory with --font-dir and name a family",
                    exitCode: 66)
            }
        }
        return fontWeight
    }

    /// Refuses a value the chosen control would ignore: each names the control it belongs to.
    func checkOptionsApply() throws(RequestError) {
        func refuse(_ owner: String, takes what: String, _ instead: String = "") throws(RequestError) -> Never {
            throw RequestError(
                kind: "unusedOption",
                "only \(owner) takes \(what), and this is a \(control.rawValue)\(instead.isEmpty ? "" : "; \(instead)")"
            )
        }
        if contentInsets != nil, control != .button {
            try refuse(
                "a button (control button)", takes: "content insets (contentEdgeInsets)",
                control == .label ? "a label takes padding" : "")
        }
        if padding != nil, control != .label {
            try refuse("a label", takes: "padding", control == .button ? "a button takes content insets" : "")
        }
        if lineBreakMode != nil, control != .label { try refuse("a label", takes: "a line break mode") }
        if lines != 0, control != .label { try refuse("a label", takes: "a number of lines") }
        if scrollEnabled, control != .textview {
            try refuse("a text view (control textview)", takes: "scroll enabled")
        }
        if lineSpacing != 0 || lineHeightMultiple != 0, control == .button {
            try refuse("a label or a text view", takes: "line spacing or a line height multiple")
        }
    }

    /// Sizes the control; `validate()` has checked the values the engine does not.
    private func measure(registry: FontRegistry, weight fontWeight: FontWeight?) throws(TypesettingError)
        -> MeasureResult
    {
        try PixelGrid.validate(scale: scale)
        let specification = FontSpecification(
            family: self.font, textStyle: textStyle, category: category ?? .large, size: size, weight: fontWeight,
            italic: italic)
        let font = try specification.resolve(in: registry, defaultSize: control == .button ? 15 : 17)
        SystemFontNotice.note(font)
        let configured = try configuredControl(font: font, registry: registry)
        let layout = try configured.layout()
        let intrinsic = try configured.intrinsicContentSize(scale: scale)
        let prepared = configured.prepared
        let lineInfos = layout.lines.map { line in
            MeasureResult.LineInfo(
                location: line.range.lowerBound, length: line.range.count,
                text: prepared.displayedText(of: line), width: line.width, truncated: line.isTruncated)
        }
        var fonts: [String] = []
        for used in prepared.fonts.map(\.face.path) where !fonts.contains(used) { fonts.append(used) }
        return MeasureResult(
            id: id, control: control, width: intrinsic.width, height: intrinsic.height,
            lineCount: layout.lineCount,
            truncated: layout.isTruncated, scale: scale, lines: lineInfos, fonts: fonts,
            fontDescription: font.description,
            systemFontStandIn: font.face.isSystemFontStandIn ? font.face.family : nil,
            missingCharacters: prepared.missingCharacters, approximate: FontStandIn.phrase(prepared.standIns))
    }
}

extension MeasureRequest {
    /// The request's control with its properties set and its text prepared: the one place
    /// request fields become UIKit properties, for `measure`, `--batch` and `measure check`.
    func configuredControl(font: Font, registry: FontRegistry) throws(TypesettingError) -> ConfiguredControl {
        switch control {
        case .label:
            var label = Label(text: text, font: font)
            label.numberOfLines = lines
            label.lineBreakMode = lineBreakMode ?? .byTruncatingTail
            label.letterSpacing = letterSpacing
            label.lineSpacing = lineSpacing
            label.lineHeightMultiple = lineHeightMultiple
            label.language = language
            label.preferredMaxLayoutWidth = width ?? 0
            let padded = PaddingLabel(label: label, padding: padding ?? .zero)
            return ConfiguredControl(
                view: .label(padded), prepared: try label.prepare(registry: registry), width: width ?? .infinity)
        case .textview:
            var view = TextView(text: text, font: font)
            view.isScrollEnabled = scrollEnabled
            view.width = width
            view.letterSpacing = letterSpacing
            view.lineSpacing = lineSpacing
            view.lineHeightMultiple = lineHeightMultiple
            view.language = language
            return ConfiguredControl(
                view: .textview(view), prepared: try view.prepare(registry: registry), width: width ?? .infinity)
        case .button:
            var button = Button(title: text, font: font)
            button.contentEdgeInsets = contentInsets ?? .zero
            button.letterSpacing = letterSpacing
            button.language = language
            return ConfiguredControl(
                view: .button(button), prepared: try button.titleLabel.prepare(registry: registry),
                width: width ?? .infinity)
        }
    }
}

/// A label (in its padding), text view or button, with its text prepared.
struct ConfiguredControl {
    enum View {
        case label(PaddingLabel)
        case textview(TextView)
        case button(Button)
    }
    var view: View
    var prepared: PreparedText
    /// The width the text is laid out in (infinite: unbounded).
    var width: Double

    /// The text laid out as the control shows it.
    func layout() throws(TypesettingError) -> TextLayout {
        switch view {
        case .label(let padded): return try padded.layout(width: width, prepared: prepared)
        case .textview(let view): return try view.layout(prepared: prepared)
        case .button(let button): return try button.titleLayout(width: width, prepared: prepared)
        }
    }

    /// The control's intrinsic content size, raised to the pixel grid of `scale`.
    func intrinsicContentSize(scale: Double) throws(TypesettingError) -> CGSize {
        switch view {
        case .label(let padded): return try padded.intrinsicContentSize(scale: scale, prepared: prepared)
        case .textview(let view): return try view.intrinsicContentSize(scale: scale, prepared: prepared)
        case .button(let button): return try button.intrinsicContentSize(scale: scale, prepared: prepared)
        }
    }
}

extension TextStyle {
    /// Parses a text style name, or says which are allowed.
    init(validating name: String) throws(RequestError) {
        guard let style = TextStyle(parsing: name) else {
            throw RequestError(
                kind: "invalidTextStyle",
                "unknown text style '\(name)'; allowed: " + TextStyle.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self = style
    }
}

extension ContentSizeCategory {
    /// Parses a content size category name, or says which are allowed.
    init(validating name: String) throws(RequestError) {
        guard let category = ContentSizeCategory(parsing: name) else {
            throw RequestError(
                kind: "invalidCategory",
                "unknown content size category '\(name)'; allowed: "
                    + ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")
                    + " (or xSmall … xxxLarge, xs … xxxl, AX1-AX5)")
        }
        self = category
    }
}

extension LineBreakMode {
    /// Parses UIKit's name (`byTruncatingTail`) or its short alias (`truncateTail`), or says
    /// which are allowed.
    init(validating name: String) throws(RequestError) {
        guard let mode = LineBreakMode(parsing: name) else {
            throw RequestError(
                kind: "invalidLineBreakMode",
                "unknown line break mode '\(name)'; allowed: \(LineBreakMode.allowedNames)")
        }
        self = mode
    }
}
