import ArgumentParser
import Controls
import Foundation
import Typesetting

/// `measure`: the size UIKit would give a label, text view or button, measured with real fonts.
/// Subcommands (`measure check`) are dispatched by `MeasureMain` before this parses anything.
struct Measure: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure text with real fonts and print the intrinsic size UIKit would report.",
        usage: MeasureMain.synopsis,
        discussion: """
            Examples:
              measure "Sign up" --font Inter --size 17
              measure "A longer paragraph that wraps" --width 343 --json
              measure "Continue" --control button --content-insets 10,20,10,20
              measure --batch requests.jsonl        (or --batch - for stdin)
              measure "Continue" --text-style body --category accessibilityLarge

            Sizes are in points, raised to the pixel grid of --scale (1, 2 or 3, as iOS screens).

            Batch lines are JSON objects with the option names as fields:
              {"text":"Hello","font":"Inter","size":17,"width":343,"lines":0,"scale":2}
            plus "textStyle", "category" and "language".

            Subcommands:
              measure check    does every translation fit, at every text size?
              measure layout   where does every view of a layout file land?
            Each has its own help: measure help check (or measure check --help). To measure the word "check" itself: measure -- check

            Exit status: 0 measured; 64 bad argument; 65 bad data (a corrupt font, invalid UTF-8, a failed batch line); 66 missing font or file; 70 internal error; 73 a file cannot be written.
            """,
        version: MeasureMain.version)

    @Argument(help: "The text to measure.")
    var text: String?

    @Option(
        help: ArgumentHelp(
            "A font family (Inter, Noto Sans Arabic, …), PostScript name, font file path, or 'system'.",
            discussion:
                "The default, 'system', is SF Pro when --font-dir or INTRINSIC_FONT_PATH supplies it, "
                + "else Inter with SF Pro's line metrics."))
    var font: String?

    // Numeric options parse their value unconditionally so negative numbers ("--width -5",
    // "--letter-spacing -0.5") reach the range checks instead of looking like unknown options.
    @Option(parsing: .unconditional, help: "The point size (default 17; 15 for a button).")
    var size: Double?

    @Option(
        parsing: .unconditional,
        help:
            "The weight: ultraLight, thin, light, regular, medium, semibold, bold, heavy, black, or 1-1000 (default: regular, or the text style's)."
    )
    var weight: String?

    @Option(
        name: .customLong("text-style"),
        help:
            "A Dynamic Type text style: largeTitle, title1-3, headline, subheadline, body, callout, footnote, caption1-2."
    )
    var textStyle: String?

    @Option(
        help:
            "The content size category for --text-style: extraSmall … extraExtraExtraLarge, accessibilityMedium … accessibilityExtraExtraExtraLarge (or xSmall … xxxLarge, xs … xxxl, AX1-AX5; default large)."
    )
    var category: String?

    @Option(help: "The text's language (BCP 47: ja, zh-Hant, pt-BR, …), which picks the fallback fonts.")
    var language: String?

    @Flag(help: "Use the italic face.")
    var italic = false

    @Option(parsing: .unconditional, help: "The width to wrap at, in points (default: unbounded).")
    var width: Double?

    @Option(parsing: .unconditional, help: "A label's most lines to show; 0 is unlimited (default: 0).")
    var lines: Int?

    @Option(parsing: .unconditional, help: "The screen scale for pixel rounding: 1, 2 or 3 (default: 2).")
    var scale: Double?

    @Option(parsing: .unconditional, help: "Padding around a label's text, 'top,left,bottom,right'; adds to the size.")
    var padding: String?

    @Option(help: "The control: label, textview or button (default: label).")
    var control: String?

    @Option(
        name: .customLong("content-insets"), parsing: .unconditional,
        help: "A button's contentEdgeInsets, 'top,left,bottom,right'.")
    var contentInsets: String?

    @Option(
        name: .customLong("line-break-mode"),
        help:
            "A label's NSLineBreakMode: byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail (default) or byTruncatingMiddle; wordWrap … truncateMiddle for short."
    )
    var lineBreakMode: String?

    @Option(
        name: .customLong("letter-spacing"), parsing: .unconditional,
        help: "Points added after every character (kern), from -10000 to 10000 (default: 0).")
    var letterSpacing: Double?

    @Option(
        name: .customLong("line-spacing"), parsing: .unconditional,
        help: "Points between lines (NSParagraphStyle.lineSpacing; default: 0).")
    var lineSpacing: Double?

    @Option(
        name: .customLong("line-height-multiple"), parsing: .unconditional,
        help: "Multiplies each line's height (NSParagraphStyle.lineHeightMultiple; default: 0, off).")
    var lineHeightMultiple: Double?

    @Flag(name: .customLong("scroll-enabled"), help: "A text view that scrolls (it has no intrinsic size).")
    var scrollEnabled = false

    @Option(
        name: .customLong("font-dir"),
        help: "Add font files or directories (repeatable), e.g. SF Pro copied from a Mac.")
    var fontDirectories: [String] = []

    @Flag(help: "Print JSON: width, height, lineCount, truncated, scale, lines, fonts.")
    var json = false

    @Option(help: "Read JSON-lines requests from FILE ('-' for stdin); write one JSON result per line.")
    var batch: String?

    @Option(parsing: .unconditional, help: "Threads for --batch (default: every core); results keep the input's order.")
    var jobs: Int?

    @Flag(name: .customLong("list-fonts"), help: "List the known font families and faces.")
    var listFonts = false

    /// The measurement options given on the command line, by their flag names: they apply to
    /// one text, so `--batch` (whose lines carry their own) and `--list-fonts` refuse them.
    var measurementOptions: [String] {
        let given: [(String, Bool)] = [
            ("--font", font != nil), ("--size", size != nil), ("--weight", weight != nil),
            ("--text-style", textStyle != nil), ("--category", category != nil), ("--language", language != nil),
            ("--italic", italic), ("--width", width != nil), ("--lines", lines != nil), ("--scale", scale != nil),
            ("--padding", padding != nil), ("--control", control != nil), ("--content-insets", contentInsets != nil),
            ("--line-break-mode", lineBreakMode != nil), ("--letter-spacing", letterSpacing != nil),
            ("--line-spacing", lineSpacing != nil), ("--line-height-multiple", lineHeightMultiple != nil),
            ("--scroll-enabled", scrollEnabled), ("--json", json),
        ]
        return given.filter(\.1).map(\.0)
    }

    /// Refuses options that would do nothing in the mode chosen (`--list-fonts`, `--batch` or
    /// one text), so a mistake never passes silently.
    func checkModes() throws(RequestError) {
        if listFonts {
            let extra =
                (text != nil ? ["a text (\"\(text ?? "")\")"] : []) + measurementOptions
                + (batch != nil ? ["--batch"] : []) + (jobs != nil ? ["--jobs"] : [])
            if !extra.isEmpty {
                throw RequestError(
                    kind: "unusedOption",
                    "--list-fonts measures nothing, so it takes no \(extra.joined(separator: ", ")); only --font-dir adds to the list"
                )
            }
        } else if batch != nil {
            if text != nil {
                throw RequestError(
                    kind: "unusedOption",
                    "--batch reads every text from its file; remove the text argument \"\(text ?? "")\" (each line's \"text\" field is measured)"
                )
            }
            let extra = measurementOptions
            if !extra.isEmpty {
                throw RequestError(
                    kind: "unusedOption",
                    "--batch takes its options from each line's JSON fields (\"width\": 343, …), not from \(extra.joined(separator: ", ")); batch output is always JSON lines"
                )
            }
            if let jobs, !(1...1024).contains(jobs) {
                throw RequestError(
                    kind: "invalidJobs", "invalid --jobs \(jobs): use a whole number of threads from 1 to 1024")
            }
        } else if let jobs {
            throw RequestError(
                kind: "unusedOption", "--jobs \(jobs) applies only to --batch: one text is measured on one thread")
        }
    }

    func run() throws {
        do {
            try checkModes()
        } catch {
            fail(error)
        }
        let registry = FontRegistry.shared
        do {
            for directory in fontDirectories { try registry.addFonts(at: directory) }
        } catch {
            fail(RequestError(error))
        }
        if listFonts {
            print(Measure.fontList(registry))
            return
        }
        if let batch {
            try runBatch(batch, registry: registry)
            return
        }
        guard let text else {
            fail(
                RequestError(
                    kind: "missingText", "no text to measure: pass the text as an argument, or use --batch FILE"))
        }
        let request: MeasureRequest
        do {
            request = try makeRequest(text: text)
        } catch {
            fail(error)
        }
        do {
            let result = try request.run(registry: registry)
            for sentence in MissingCharacters.sentences(result.missingCharacters) {
                FileHandle.standardError.write(Data("measure: warning: \(sentence)\n".utf8))
            }
            print(json ? result.json.serialized() : result.humanReadable)
        } catch {
            fail(error)
        }
    }

    private func makeRequest(text: String) throws(RequestError) -> MeasureRequest {
        var request = MeasureRequest()
        request.text = text
        if let font { request.font = font }
        request.size = size
        request.weight = weight
        if let textStyle { request.textStyle = try TextStyle(validating: textStyle) }
        if let category { request.category = try ContentSizeCategory(validating: category) }
        request.language = language
        request.italic = italic
        request.width = width
        if let lines { request.lines = lines }
        if let scale { request.scale = scale }
        if let padding { request.padding = try UIEdgeInsets(parsing: padding) }
        if let contentInsets { request.contentInsets = try UIEdgeInsets(parsing: contentInsets) }
        if let control {
            guard let kind = ControlKind(rawValue: control.lowercased()) else {
                throw RequestError(
                    kind: "invalidControl", "unknown control '\(control)'; allowed: label, textview, button")
            }
            request.control = kind
        }
        if let lineBreakMode { request.lineBreakMode = try LineBreakMode(validating: lineBreakMode) }
        if let letterSpacing { request.letterSpacing = letterSpacing }
        if let lineSpacing { request.lineSpacing = lineSpacing }
        if let lineHeightMultiple { request.lineHeightMultiple = lineHeightMultiple }
        request.scrollEnabled = scrollEnabled
        return request
    }

    private func runBatch(_ path: String, registry: FontRegistry) throws {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY)
        guard descriptor >= 0 else {
            fail(RequestError(kind: "batchFileNotFound", "cannot read batch file '\(path)'", exitCode: 66))
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        let size = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : nil
        let failures: Int
        do {
            failures = try Batch.stream(
                from: descriptor, registry: registry, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                progress: ProgressBar(totalBytes: size)
            ) { text in
                FileHandle.standardOutput.write(Data(text.utf8))
            }
        } catch {
            fail(error)
        }
        if failures > 0 {
            FileHandle.standardError.write(
                Data(
                    "measure: error: \(failures) batch line\(failures == 1 ? "" : "s") failed; see their error objects\n"
                        .utf8))
            throw ExitCode(65)
        }
    }

    /// `--list-fonts`: one line per face, tab-separated: family, style, weight (with " italic"),
    /// file, the scripts it covers (space-separated; "emoji" for a colour face; "-" for none)
    /// and where it was found (bundled, added, installed). The registry's faces come first,
    /// then the installed ones, each group sorted by family, weight and style.
    static func fontList(_ registry: FontRegistry) -> String {
        let faces = registry.listedFaces()
        func sorted(_ group: [ListedFace]) -> [ListedFace] {
            group.sorted {
                ($0.family, $0.weight.value, $0.style, $0.path) < ($1.family, $1.weight.value, $1.style, $1.path)
            }
        }
        let ordered =
            sorted(faces.filter { $0.source != .installed }) + sorted(faces.filter { $0.source == .installed })
        return ordered.map { face in
            let scripts = face.scripts.map(\.rawValue) + (face.isColor ? ["emoji"] : [])
            return [
                face.family, face.style, "\(face.weight.value)\(face.isItalic ? " italic" : "")", face.path,
                scripts.isEmpty ? "-" : scripts.joined(separator: " "), face.source.rawValue,
            ].joined(separator: "\t")
        }.joined(separator: "\n")
    }

    /// Prints "measure: error: …" to stderr and exits with the error's code.
    private func fail(_ error: RequestError) -> Never {
        Measure.exit(withError: error.reported())
    }
}
