import AutoLayout
import Foundation
import LayoutFiles
import Pictures
import Typesetting

/// `measure layout FILE.storyboard|FILE.xib`: lays out every scene (or `--scene`), prints
/// the layout-file table or JSON per scene, and compares each view with the frame Xcode
/// stored (`--diff` lists those that differ, worst first).
struct InterfaceBuilderLayout {
    /// Whether a path names an Interface Builder file.
    static func handles(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".storyboard") || lower.hasSuffix(".xib")
    }

    let file: String
    let options: InterfaceBuilderOptions
    let scene: String?
    let json: Bool
    let diff: Bool
    let svg: String?
    let png: String?
    /// The report files to write (`--junit`, `--sarif`).
    var reports = ReportOptions()

    func run(write: (_ bytes: [UInt8], _ path: String) throws(RequestError) -> Void) throws(RequestError) {
        let reports: [InterfaceBuilderReport]
        var chosen: [InterfaceBuilderScene]
        do {
            let document = try InterfaceBuilderFile(contentsOf: file)
            var only: [InterfaceBuilderFile.Scene]?
            if let scene {
                guard let found = document.scene(scene) else {
                    throw RequestError(
                        kind: "unknownScene",
                        "no scene \"\(scene)\" in \(file); scenes: "
                            + document.scenes.map { "\($0.name) (\($0.id))" }.joined(separator: ", "),
                        exitCode: 64)
                }
                only = [found]
            }
            chosen = try document.makeScenes(options, only: only)
            reports = chosen.map { $0.layOut(tracingFollowers: true) }
        } catch let error as LayoutFileError {
            throw RequestError(
                kind: error.kind.rawValue, error.description,
                exitCode: error.kind == .unreadableFile ? 66 : error.kind == .unknownDevice ? 64 : 65)
        } catch let error as RequestError {
            throw error
        } catch {
            throw RequestError(kind: "internal", "\(error)", exitCode: 70)
        }
        if svg != nil || png != nil {
            guard chosen.count == 1, let only = chosen.first else {
                throw RequestError(
                    kind: "sceneNeeded",
                    "\(file) has \(chosen.count) scenes; pick the one to draw with --scene NAME|ID", exitCode: 64)
            }
            try LayoutCommand.writePicture(Picture(window: only.screen.window), svg: svg, png: png, write: write)
        }
        // One model of the findings; the table, JSON and every report file are views of it.
        let problemCount = reports.reduce(0) { $0 + $1.layout.problems.count }
        let model = FindingsModel(
            layout: reports.map { ($0.sceneName, $0.layout) }, file: file,
            summary: problemCount == 0 ? "No problems." : "\(problemCount) problems",
            screens: chosen.map { self.reports.report == nil ? nil : Picture(window: $0.screen.window).svg() })
        if self.reports.wanted { try self.reports.write(model) }
        print(
            json
                ? Self.json(reports, file: file, model: model).serialized()
                : Self.table(reports, file: file, diff: diff, model: model))
        let differs = reports.contains { !$0.differing.isEmpty }
        let problems = reports.contains { !$0.layout.isClean }
        if problems || (diff && differs) { throw RequestError(kind: "problems", "", exitCode: 1) }
    }

    static func viewJSON(_ view: InterfaceBuilderReport.View, scale: Double) -> JSONValue {
        let object = view.object
        let customClass: JSONValue = object.customClass.map { .string($0) } ?? .null
        let superview: JSONValue = object.superviewID.map { .string($0) } ?? .null
        let stored: JSONValue = object.storedFrame.map { rect($0) } ?? .null
        var delta = JSONValue.null
        if let value = view.delta { delta = .number((value * 1000).rounded() / 1000) }
        let members: [(String, JSONValue)] = [
            ("id", .string(object.id)), ("kind", .string(object.kind)), ("customClass", customClass),
            ("name", .string(object.name)), ("superview", superview), ("frame", rect(view.report.frame)),
            ("ibFrame", stored), ("delta", delta), ("compared", .bool(view.isCompared)),
            ("sizeWithinStandInError", StandInError.sizeIsWithin(view, scale: scale).map(JSONValue.bool) ?? .null),
        ]
        var extra: [(String, JSONValue)] = []
        if let cause = view.storedFrameCause {
            extra = [
                ("storedFrameCause", .string(cause.rawValue)),
                ("storedFrameEvidence", .string(view.storedFrameEvidence ?? "")),
            ]
            if !view.followsStoredFrameOf.isEmpty {
                extra.append(("followsStoredFrameOf", .array(view.followsStoredFrameOf.map(JSONValue.string))))
            }
        }
        return .object(members + extra)
    }

    static func rect(_ rect: CGRect) -> JSONValue {
        .object([
            ("x", .number(Double(rect.minX))), ("y", .number(Double(rect.minY))),
            ("width", .number(Double(rect.width))), ("height", .number(Double(rect.height))),
        ])
    }

    /// `{"file", "scenes": [{"id", "name", "screen", "views", "problems", "diff"}]}`
    /// (docs/interface-builder.md, "JSON output").
    static func json(_ reports: [InterfaceBuilderReport], file: String, model: FindingsModel) -> JSONValue {
        let scenes: [JSONValue] = reports.enumerated().map { index, report in
            // The layout-file JSON gives the screen and problems in the same shape.
            let layout = LayoutOutput.json(report.layout, file: file, findings: model.findings(ofScreen: index))
            var screen = JSONValue.null
            var problems = JSONValue.array([])
            if case .object(let members) = layout {
                for (key, value) in members {
                    if key == "screen" { screen = value }
                    if key == "problems" { problems = value }
                }
            }
            if case .object(var members) = screen, let index = members.firstIndex(where: { $0.0 == "device" }) {
                members[index].1 = .string(report.deviceName)
                screen = .object(members)
            }
            let views: [JSONValue] = report.views.map { viewJSON($0, scale: report.layout.screen.scale) }
            var members: [(String, JSONValue)] = [
                ("id", .string(report.sceneID)), ("name", .string(report.sceneName)), ("screen", screen),
                ("views", .array(views)), ("problems", problems),
            ]
            if report.keepsStoredLayout {
                members.append(
                    (
                        "diff",
                        .object([
                            ("compared", .number(Double(report.compared.count))),
                            ("differing", .number(Double(report.differing.count))),
                        ])
                    ))
            }
            return .object(members)
        }
        return .object([("file", .string(file)), ("scenes", .array(scenes))])
    }

    static func format(_ value: CGFloat) -> String { PixelGrid.format(Double(value)) }

    /// The layout-file table per scene, a comparison summary, and with `diff` the views whose
    /// frames differ from the stored ones, worst first.
    static func table(_ reports: [InterfaceBuilderReport], file: String, diff: Bool, model: FindingsModel) -> String {
        var lines: [String] = []
        for (index, report) in reports.enumerated() {
            let screen = report.layout.screen
            lines.append(
                "\(file): scene \"\(report.sceneName)\" (\(report.sceneID)): \(report.deviceName), "
                    + "\(format(screen.size.width)) × \(format(screen.size.height)) pt @\(PixelGrid.format(screen.scale))x, "
                    + "\(screen.orientation), \(screen.contentSizeCategory)")
            var depths: [String: Int] = [:]
            let nameWidth = min(
                32, report.views.map { $0.object.name.count + 2 * depthOf($0.object, &depths) }.max() ?? 4)
            let kindWidth = min(24, report.views.map(\.object.kind.count).max() ?? 4)
            for view in report.views {
                let depth = depths[view.object.id] ?? 0
                let indent = String(repeating: "  ", count: depth)
                let frame = view.report.windowFrame
                var flags: [String] = []
                if view.report.isHidden { flags.append("hidden") }
                if view.report.isTruncated { flags.append("TRUNCATED") }
                if view.report.isOffscreen { flags.append("OFFSCREEN") }
                if view.report.hasNegativeSize { flags.append("NEGATIVE SIZE") }
                if !view.report.ambiguousAttributes.isEmpty {
                    flags.append("AMBIGUOUS (\(view.report.ambiguousAttributes.joined(separator: ", ")))")
                }
                if let count = view.report.lineCount, count > 1 { flags.append("\(count) lines") }
                if view.differs, let delta = view.delta { flags.append("Δ \(PixelGrid.format(delta)) from IB") }
                let name = (indent + view.object.name).padding(
                    toLength: max(nameWidth, indent.count + view.object.name.count), withPad: " ", startingAt: 0)
                let kind = view.object.kind.padding(toLength: kindWidth, withPad: " ", startingAt: 0)
                let position = "(\(format(frame.minX)), \(format(frame.minY)))"
                lines.append(
                    "  \(name)  \(kind)  \(position.padding(toLength: 20, withPad: " ", startingAt: 0)) "
                        + "\(format(frame.width)) × \(format(frame.height))"
                        + (flags.isEmpty ? "" : "  " + flags.joined(separator: ", ")))
            }
            if report.keepsStoredLayout {
                let differing = report.differing
                let fileFault = differing.filter { $0.storedFrameCause != nil }.count
                lines.append(
                    "\(report.compared.count) views compared with Xcode's stored frames; \(differing.count) differ by more than 0.01 pt"
                        + (fileFault > 0 ? ", \(fileFault) of them stored frames that are the file's fault." : ".")
                )
                if diff {
                    for view in differing {
                        let stored = view.object.storedFrame ?? .zero
                        let solved = view.report.frame
                        lines.append(
                            "  \(file):\(view.object.position.line):\(view.object.position.column): \(view.object.name) [\(view.object.id)] "
                                + "Δ \(PixelGrid.format(view.delta ?? 0)): (\(format(solved.minX)), \(format(solved.minY))) "
                                + "\(format(solved.width)) × \(format(solved.height)), IB (\(format(stored.minX)), "
                                + "\(format(stored.minY))) \(format(stored.width)) × \(format(stored.height))"
                                + (StandInError.sizeIsWithin(view, scale: screen.scale) == true
                                    ? " (size within the system font stand-in's error)" : "")
                                + (view.storedFrameCause.map {
                                    "; the file's fault (\($0.rawValue)): \(view.storedFrameEvidence ?? "")"
                                } ?? ""))
                    }
                }
            }
            lines += LayoutOutput.problemLines(model.findings(ofScreen: index), file: file)
        }
        if reports.isEmpty { lines.append("\(file): no scene with a view to lay out.") }
        return lines.joined(separator: "\n")
    }

    /// How deep an object sits below the root (parents come first in document order).
    static func depthOf(_ object: InterfaceBuilderObject, _ depths: inout [String: Int]) -> Int {
        let depth = object.superviewID.map { (depths[$0] ?? 0) + 1 } ?? 0
        depths[object.id] = depth
        return depth
    }
}
