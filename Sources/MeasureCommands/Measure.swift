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
        discussion: """
            Examples:
              measure "Sign up" --font Inter --size 17
              measure "A longer paragraph that wraps" --width 343 --json
              measure "Continue" --control button --content-insets 10,20,10,20
              measure --batch requests.jsonl        (or --batch - for stdin)
              measure "Continue" --text-style body --category accessibilityLarge
              measure check de.po ja.po --spec spec.json   (see 'measure check --help')

            Sizes are in points, raised to the pixel grid of --scale (1, 2 or 3).
            Batch lines are JSON objects with the option names as fields:
              {"text":"Hello","font":"Inter","size":17,"width":343,"lines":0,"scale":2}
            plus "textStyle", "category" and "language".

            Subcommands: measure check CATALOG… --spec SPEC   (measure -- check measures the word "check")
            """)

    @Argument(help: "The text to measure.")
    var text: String?

    @Option(
        help: ArgumentHelp(
            "A font family (Inter, Noto Sans Arabic, …), PostScript name, font file path, or 'system'.",
            discussion:
                "The default, 'system', is SF Pro when --font-dir or INTRINSIC_FONT_PATH supplies it, "
                + "else Inter with SF Pro's line metrics."))
    var font: String = FontRegistry.systemFamily

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
            "The content size category for --text-style: extraSmall … extraExtraExtraLarge, accessibilityMedium … accessibilityExtraExtraExtraLarge (or xSmall, AX1-AX5; default large)."
    )
    var category: String?

    @Option(help: "The text's language (BCP 47: ja, zh-Hant, ko, ar, …), which picks the fallback fonts.")
    var language: String?

    @Flag(help: "Use the italic face.")
    var italic = false

    @Option(parsing: .unconditional, help: "The width to wrap at, in points (default: unbounded).")
    var width: Double?

    @Option(parsing: .unconditional, help: "The most lines to show; 0 is unlimited.")
    var lines: Int = 0

    @Option(parsing: .unconditional, help: "The screen scale for pixel rounding: 1, 2 or 3.")
    var scale: Double = 2

    @Option(parsing: .unconditional, help: "Padding around a label's text, 'top,left,bottom,right'; adds to the size.")
    var padding: String?

    @Option(help: "The control: label, textview or button.")
    var control: String = "label"

    @Option(
        name: .customLong("content-insets"), parsing: .unconditional,
        help: "A button's contentEdgeInsets, 'top,left,bottom,right'.")
    var contentInsets: String?

    @Option(
        name: .customLong("line-break-mode"),
        help: "wordWrap, charWrap, clip, truncateHead, truncateTail (default) or truncateMiddle.")
    var lineBreakMode: String?

    @Option(
        name: .customLong("letter-spacing"), parsing: .unconditional, help: "Points added after every character (kern)."
    )
    var letterSpacing: Double = 0

    @Option(
        name: .customLong("line-spacing"), parsing: .unconditional,
        help: "Points between lines (NSParagraphStyle.lineSpacing).")
    var lineSpacing: Double = 0

    @Option(
        name: .customLong("line-height-multiple"), parsing: .unconditional,
        help: "Multiplies each line's height (NSParagraphStyle.lineHeightMultiple).")
    var lineHeightMultiple: Double = 0

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

    @Option(help: "Threads for --batch (default: every core); results keep the input's order.")
    var jobs: Int?

    @Flag(name: .customLong("list-fonts"), help: "List the known font families and faces.")
    var listFonts = false

    func run() throws {
        let registry = FontRegistry.shared
        do {
            for directory in fontDirectories { try registry.addFonts(at: directory) }
        } catch {
            fail(RequestError(error))
        }
        if listFonts {
            for face in registry.faces.sorted(by: {
                ($0.family, $0.weight.value, $0.style) < ($1.family, $1.weight.value, $1.style)
            }) {
                print(
                    "\(face.family)\t\(face.style)\t\(face.weight.value)\(face.isItalic ? " italic" : "")\t\(face.path)"
                )
            }
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
            print(json ? result.json.serialized() : result.humanReadable)
        } catch {
            fail(error)
        }
    }

    private func makeRequest(text: String) throws(RequestError) -> MeasureRequest {
        var request = MeasureRequest()
        request.text = text
        request.font = font
        request.size = size
        request.weight = weight
        if let textStyle { request.textStyle = try TextStyle(validating: textStyle) }
        if let category { request.category = try ContentSizeCategory(validating: category) }
        request.language = language
        request.italic = italic
        request.width = width
        request.lines = lines
        request.scale = scale
        if let padding { request.padding = try EdgeInsets(parsing: padding) }
        if let contentInsets { request.contentInsets = try EdgeInsets(parsing: contentInsets) }
        guard let kind = ControlKind(rawValue: control.lowercased()) else {
            throw RequestError(kind: "invalidControl", "unknown control '\(control)'; allowed: label, textview, button")
        }
        request.control = kind
        if let lineBreakMode {
            guard let mode = LineBreakMode(rawValue: lineBreakMode) else {
                throw RequestError(
                    kind: "invalidLineBreakMode",
                    "unknown line break mode '\(lineBreakMode)'; allowed: "
                        + LineBreakMode.allCases.map(\.rawValue).joined(separator: ", "))
            }
            request.lineBreakMode = mode
        }
        request.letterSpacing = letterSpacing
        request.lineSpacing = lineSpacing
        request.lineHeightMultiple = lineHeightMultiple
        request.scrollEnabled = scrollEnabled
        return request
    }

    private func runBatch(_ path: String, registry: FontRegistry) throws {
        if let jobs, jobs < 1 {
            fail(RequestError(kind: "invalidJobs", "invalid --jobs \(jobs): use a whole number of threads ≥ 1"))
        }
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
                Data("measure: \(failures) batch line(s) failed; see their error objects\n".utf8))
            throw ExitCode(65)
        }
    }

    /// Prints "measure: error: …" to stderr and exits with the error's code.
    private func fail(_ error: RequestError) -> Never {
        Measure.exit(withError: error.reported(by: "measure"))
    }
}
