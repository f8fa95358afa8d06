import ArgumentParser
import AutoLayout
import Foundation
import LayoutFiles
import Pictures
import Typesetting

/// `measure layout FILE`: lays out a layout file and prints every view's frame and every
/// problem (truncated text, ambiguous views, broken constraints).
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure layout",
        abstract: "Lay out a screen described in a layout file (JSON or YAML) and print every view's frame.",
        discussion: """
            The format is in docs/layout-files.md; Examples/ has one file per screen. A minimal file:
              {"screen": {"device": "iPhone 15"},
               "views": [{"name": "title", "kind": "label", "text": "Sign up", "textStyle": "title1"}],
               "constraints": ["title.top = view.safeArea.top + 24",
                               "title.leading = view.margins.leading"]}

            Exit status: 0 for a clean layout; 1 when it was laid out with problems (truncated text, ambiguous views, broken constraints); 64 for a bad option, 65 for an invalid layout file (the message gives the line and column), 66 for a file that cannot be read (or a directory), 70 when a picture cannot be drawn (an internal error), 73 when --svg or --png cannot write its file.
            """)

    @Argument(help: "The layout file: .json, .yaml or .yml; or an Interface Builder .storyboard or .xib.")
    var file: String

    @Option(help: "Storyboards and XIBs: lay out only this scene (its name or id).")
    var scene: String?

    @Flag(help: "Storyboards and XIBs: list the views whose frames differ from Xcode's stored ones; exit 1 if any do.")
    var diff = false

    @Option(help: "Lay out on this device instead of the file's screen, e.g. \"iPhone SE (3rd generation)\".")
    var device: String?

    @Option(help: "portrait or landscape, instead of the file's orientation.")
    var orientation: String?

    @Option(help: "The content size category for text styles, e.g. large, accessibilityLarge or AX3.")
    var category: String?

    @Flag(help: "Print JSON (screen, views, problems) instead of a table.")
    var json = false

    @Option(help: "Draw the screen as SVG to this file: boxes, text as glyph outlines, problems highlighted.")
    var svg: String?

    @Option(help: "Draw the same picture as PNG to this file, at the screen's scale.")
    var png: String?

    @OptionGroup(title: "Reports")
    var reports: ReportOptions

    @Option(
        name: .customLong("font-dir"), help: "Add font files or directories (repeatable) before reading the file.")
    var fontDirectories: [String] = []

    func run() throws {
        do {
            try layOut()
        } catch {
            throw error.reported()
        }
    }

    private func layOut() throws(RequestError) {
        var options = ScreenOptions()
        if let device {
            guard Device.named(device) != nil || InterfaceBuilderLayout.handles(file) else {
                throw RequestError(
                    kind: "unknownDevice",
                    "unknown device \"\(device)\"; known: " + Device.all.map(\.name).joined(separator: ", "),
                    exitCode: 64)
            }
            options.device = device
        }
        if let orientation {
            guard let parsed = Device.Orientation(rawValue: orientation) else {
                throw RequestError(
                    kind: "invalidOrientation", "unknown orientation \"\(orientation)\": use portrait or landscape",
                    exitCode: 64)
            }
            options.orientation = parsed
        }
        if let category { options.contentSizeCategory = try ContentSizeCategory(validating: category) }
        do {
            for directory in fontDirectories { try FontRegistry.shared.addFonts(at: directory) }
        } catch {
            throw RequestError(error)
        }
        try checkReadable(file)
        if InterfaceBuilderLayout.handles(file) {
            let layout = InterfaceBuilderLayout(
                file: file,
                options: InterfaceBuilderOptions(
                    device: options.device, orientation: options.orientation,
                    contentSizeCategory: options.contentSizeCategory, fontDirectories: fontDirectories),
                scene: scene, json: json, diff: diff, svg: svg, png: png, reports: reports)
            return try layout.run(write: write)
        }
        let report: LayoutReport
        let screen: LayoutScreen
        do {
            let layoutFile = try LayoutFile(contentsOf: file)
            screen = try layoutFile.makeScreen(options)
            report = screen.layOut()
        } catch {
            throw RequestError(
                kind: error.kind.rawValue, error.description, exitCode: error.kind == .unreadableFile ? 66 : 65)
        }
        if svg != nil || png != nil {
            try Self.writePicture(Picture(window: screen.window), svg: svg, png: png, write: write)
        }
        // One model of the findings; the table, JSON and every report file are views of it.
        let summary = report.problems.isEmpty ? "No problems." : "\(report.problems.count) problems"
        let picture = reports.report == nil ? nil : Picture(window: screen.window).svg()
        let model = FindingsModel(layout: [(nil, report)], file: file, summary: summary, screens: [picture])
        if reports.wanted { try reports.write(model) }
        print(
            json
                ? LayoutOutput.json(report, file: file, findings: model.findings).serialized()
                : LayoutOutput.table(report, file: file, findings: model.findings))
        if !report.isClean { throw RequestError(kind: "problems", "", exitCode: 1) }
    }
}

extension LayoutCommand {
    /// Says plainly why a path is not a layout file that can be read (exit 66): a directory
    /// (naming some of its layout files) or a file without read permission. A missing file is
    /// `LayoutFile`'s own error.
    func checkReadable(_ path: String) throws(RequestError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
        if isDirectory.boolValue {
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter {
                ["json", "yaml", "yml", "storyboard", "xib"].contains(($0 as NSString).pathExtension.lowercased())
            }.sorted()
            let folder = path.hasSuffix("/") ? path : path + "/"
            let hint =
                files.isEmpty
                ? "pass a layout file (.json, .yaml or .yml) or an Interface Builder file (.storyboard, .xib)"
                : "pass one of its layout files, such as "
                    + files.prefix(3).map { "\(folder)\($0)" }.joined(separator: ", ")
            throw RequestError(kind: "unreadableFile", "\(path) is a directory; \(hint)", exitCode: 66)
        }
        if !FileManager.default.isReadableFile(atPath: path) {
            throw RequestError(
                kind: "unreadableFile", "cannot read \(path): permission denied", exitCode: 66)
        }
    }

    /// Writes `picture` as SVG and as PNG to the files asked for: the one place `--svg` and
    /// `--png` are written for layout and IB files. A PNG that cannot be drawn is exit 70
    /// (an internal error), a file that cannot be written whatever `write` says.
    static func writePicture(
        _ picture: Picture, svg: String?, png: String?,
        write: (_ bytes: [UInt8], _ path: String) throws(RequestError) -> Void
    ) throws(RequestError) {
        if let svg { try write(Array(picture.svg().utf8), svg) }
        guard let png else { return }
        let bytes: [UInt8]
        do {
            bytes = try picture.png()
        } catch {
            throw RequestError(kind: "pictureFailed", "cannot draw the PNG: \(error.description)", exitCode: 70)
        }
        try write(bytes, png)
    }

    /// Writes a picture, or says which file could not be written (exit 73, can't create).
    func write(_ bytes: [UInt8], to path: String) throws(RequestError) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw RequestError(
                kind: "cannotWrite", "cannot write \(path): check the folder exists and is writable", exitCode: 73)
        }
    }
}

/// The two ways `measure layout` prints a report.
enum LayoutOutput {
    /// Stable JSON for tools (docs/layout-files.md, "JSON output"): keys in a fixed order,
    /// frames in points.
    /// `findings` are the findings model's findings of this report, in its order.
    static func json(_ report: LayoutReport, file: String, findings: [ReportFinding]) -> JSONValue {
        func rect(_ rect: CGRect) -> JSONValue {
            .object([
                // As solved: a negative size stays negative (docs/autolayout.md, "Negative sizes").
                ("x", .number(Double(rect.origin.x))), ("y", .number(Double(rect.origin.y))),
                ("width", .number(Double(rect.size.width))), ("height", .number(Double(rect.size.height))),
            ])
        }
        func insets(_ insets: UIEdgeInsets) -> JSONValue {
            .object([
                ("top", .number(Double(insets.top))), ("left", .number(Double(insets.left))),
                ("bottom", .number(Double(insets.bottom))), ("right", .number(Double(insets.right))),
            ])
        }
        func position(_ position: SourcePosition?) -> [(String, JSONValue)] {
            guard let position else { return [("line", .null), ("column", .null)] }
            return [("line", .number(Double(position.line))), ("column", .number(Double(position.column)))]
        }
        let screen = report.screen
        let views: [JSONValue] = report.views.map { view in
            let intrinsic = view.intrinsicContentSize
            return .object([
                ("name", .string(view.name)), ("kind", .string(view.kind)),
                ("superview", view.superview.map(JSONValue.string) ?? .null),
                ("frame", rect(view.frame)), ("windowFrame", rect(view.windowFrame)),
                (
                    "intrinsicContentSize",
                    .object([
                        ("width", intrinsic.width < 0 ? .null : .number(Double(intrinsic.width))),
                        ("height", intrinsic.height < 0 ? .null : .number(Double(intrinsic.height))),
                    ])
                ),
                ("hidden", .bool(view.isHidden)), ("truncated", .bool(view.isTruncated)),
                ("offscreen", .bool(view.isOffscreen)), ("negativeSize", .bool(view.hasNegativeSize)),
                ("ambiguous", .array(view.ambiguousAttributes.map(JSONValue.string))),
                ("lineCount", view.lineCount.map { .number(Double($0)) } ?? .null),
            ])
        }
        let problems = problemsJSON(findings)
        let pairs: [(String, JSONValue)] = [
            ("file", .string(file)),
            (
                "screen",
                .object([
                    ("device", screen.device.map(JSONValue.string) ?? .null),
                    ("orientation", .string(screen.orientation)),
                    ("width", .number(Double(screen.size.width))), ("height", .number(Double(screen.size.height))),
                    ("scale", .number(screen.scale)), ("safeArea", insets(screen.safeAreaInsets)),
                    ("contentSizeCategory", .string(screen.contentSizeCategory)),
                    ("layoutDirection", .string(screen.layoutDirection)),
                ])
            ),
            ("views", .array(views)), ("problems", .array(problems)), ("clean", .bool(report.isClean)),
        ]
        // Only when SF Pro was not found and the system font stood in, as in `measure --json`.
        guard FontRegistry.shared.hasUsedSystemFontStandIn else { return .object(pairs) }
        return .object(pairs + [("systemFontStandIn", .string(FontRegistry.defaultFamily))])
    }

    /// A readable table: one line per view with its frame in the window, then the problems.
    /// `findings` are the findings model's findings of this report, in its order.
    static func table(_ report: LayoutReport, file: String, findings: [ReportFinding]) -> String {
        let screen = report.screen
        var lines: [String] = []
        let size = "\(PixelGrid.format(Double(screen.size.width))) × \(PixelGrid.format(Double(screen.size.height))) pt"
        lines.append(
            "\(file): \(screen.device.map { "\($0), " } ?? "")\(size) @\(PixelGrid.format(screen.scale))x, \(screen.orientation), \(screen.contentSizeCategory)"
        )
        let depths = depthsOfViews(in: report)
        let nameWidth = min(28, report.views.map { $0.name.count + 2 * (depths[$0.name] ?? 0) }.max() ?? 4)
        let kindWidth = report.views.map(\.kind.count).max() ?? 4
        for view in report.views {
            let indent = String(repeating: "  ", count: depths[view.name] ?? 0)
            let frame = view.windowFrame
            var flags: [String] = []
            if view.isHidden { flags.append("hidden") }
            if view.isTruncated { flags.append("TRUNCATED") }
            if !view.isTruncated, view.shownFontScale < 1 {
                flags.append("SHRUNK TO \(ShownText.percent(of: view.shownFontScale))%")
            }
            if view.isOffscreen { flags.append("OFFSCREEN") }
            if view.hasNegativeSize { flags.append("NEGATIVE SIZE") }
            if !view.ambiguousAttributes.isEmpty {
                flags.append("AMBIGUOUS (\(view.ambiguousAttributes.joined(separator: ", ")))")
            }
            if let count = view.lineCount, count > 1 { flags.append("\(count) lines") }
            let name = (indent + view.name).padding(
                toLength: max(nameWidth, indent.count + view.name.count), withPad: " ", startingAt: 0)
            let kind = view.kind.padding(toLength: kindWidth, withPad: " ", startingAt: 0)
            let position =
                "(\(PixelGrid.format(Double(frame.origin.x))), \(PixelGrid.format(Double(frame.origin.y))))"
            let dimensions =
                "\(PixelGrid.format(Double(frame.size.width))) × \(PixelGrid.format(Double(frame.size.height)))"
            lines.append(
                "  \(name)  \(kind)  \(position.padding(toLength: 20, withPad: " ", startingAt: 0)) \(dimensions)"
                    + (flags.isEmpty ? "" : "  " + flags.joined(separator: ", ")))
        }
        lines += problemLines(findings, file: file)
        return lines.joined(separator: "\n")
    }

    /// The problems under a table, from the findings model: "No problems.", or their count
    /// and one line each with the place, kind and message.
    static func problemLines(_ findings: [ReportFinding], file: String) -> [String] {
        guard !findings.isEmpty else { return ["No problems."] }
        var lines = ["\(findings.count) problem\(findings.count == 1 ? "" : "s"):"]
        for finding in findings {
            var place = "\(file): "
            if let location = finding.location, let line = location.line, let column = location.column {
                place = "\(location.file):\(line):\(column): "
            }
            lines.append("  \(place)\(finding.kind): \(finding.message)")
        }
        return lines
    }

    /// The problems of the layout JSON, from the findings model.
    static func problemsJSON(_ findings: [ReportFinding]) -> [JSONValue] {
        func position(_ line: Int?, _ column: Int?) -> [(String, JSONValue)] {
            guard let line, let column else { return [("line", .null), ("column", .null)] }
            return [("line", .number(Double(line))), ("column", .number(Double(column)))]
        }
        return findings.map { finding in
            .object(
                [
                    ("kind", .string(finding.kind)),
                    ("view", finding.layout?.view.map(JSONValue.string) ?? .null),
                ]
                    + position(finding.location?.line, finding.location?.column)
                    + [
                        ("message", .string(finding.message)),
                        (
                            "constraints",
                            .array(
                                (finding.layout?.constraints ?? []).map { reference in
                                    .object(
                                        [("text", .string(reference.text))] + position(reference.line, reference.column)
                                    )
                                })
                        ),
                    ])
        }
    }

    /// How deep each view sits below the root view, by name.
    static func depthsOfViews(in report: LayoutReport) -> [String: Int] {
        var depths: [String: Int] = [:]
        for view in report.views {
            // Views come parents first (document order), so the parent's depth is known.
            depths[view.name] = view.superview.map { (depths[$0] ?? 0) + 1 } ?? 0
        }
        return depths
    }
}
