import Foundation
import XCTest

/// `measure layout FILE`: frames, problems, exit codes, stable JSON.
final class MeasureLayoutTests: XCTestCase {
    static let examples = MeasureProcess.packageRoot.appendingPathComponent("Examples")

    func example(_ name: String) -> String { Self.examples.appendingPathComponent(name).path }

    func testCleanLayoutPrintsFramesAndExitsZero() throws {
        let output = try MeasureProcess.run(["layout", example("label-and-button.json")])
        XCTAssertEqual(output.status, 0, output.summary)
        XCTAssertTrue(output.text.contains("label   label   (24, 24)"), output.text)
        XCTAssertTrue(output.text.contains("327 × 81.5"), output.text)
        XCTAssertTrue(output.text.hasSuffix("No problems.\n"), output.text)
    }

    func testProblemsExitOneAndNameTheLine() throws {
        let output = try MeasureProcess.run(["layout", example("intrinsic-sizes.json")])
        XCTAssertEqual(output.status, 1, output.summary)
        XCTAssertTrue(output.text.contains("TRUNCATED"), output.text)
        XCTAssertTrue(
            output.text.contains(
                "intrinsic-sizes.json:5:5: truncated: \"oneLine\" is truncated: shows \"Auto Layout"),
            output.text)
    }

    func testJSONIsStableAndComplete() throws {
        let first = try MeasureProcess.run(["layout", example("sign-up.json"), "--json"])
        let second = try MeasureProcess.run(["layout", example("sign-up.json"), "--json"])
        XCTAssertEqual(first.status, 0, first.summary)
        XCTAssertEqual(first.stdout, second.stdout, "byte-identical across runs")
        let object = try MeasureProcess.object(first.lines.first ?? "")
        // systemFontStandIn: SF Pro is not installed here, so the system font is the stand-in.
        XCTAssertEqual(
            Array(object.keys).sorted(), ["clean", "file", "problems", "screen", "systemFontStandIn", "views"])
        let screen = try XCTUnwrap(object["screen"] as? [String: Any])
        XCTAssertEqual(screen["device"] as? String, "iPhone 15")
        XCTAssertEqual(screen["scale"] as? Double, 3)
        let views = try XCTUnwrap(object["views"] as? [[String: Any]])
        XCTAssertEqual(views.map { $0["name"] as? String }.first, "view")
        let title = try XCTUnwrap(views.first { $0["name"] as? String == "title" })
        let frame = try XCTUnwrap(title["windowFrame"] as? [String: Double])
        XCTAssertEqual(frame["y"], 83)
        XCTAssertEqual(frame["x"], 16)
        XCTAssertEqual(title["truncated"] as? Bool, false)
        XCTAssertEqual(object["clean"] as? Bool, true)
        // The key order is fixed, as documented.
        XCTAssertTrue(first.text.hasPrefix("{\"file\":"), first.text)
        XCTAssertTrue(first.text.contains("{\"name\":\"title\",\"kind\":\"label\",\"superview\":\"view\",\"frame\":"))
    }

    func testDeviceAndCategoryOptions() throws {
        let output = try MeasureProcess.run([
            "layout", example("sign-up.json"), "--device", "iPhone SE (1st generation)", "--category", "AX5", "--json",
        ])
        let object = try MeasureProcess.object(output.lines.first ?? "")
        let screen = try XCTUnwrap(object["screen"] as? [String: Any])
        XCTAssertEqual(screen["width"] as? Double, 320)
        XCTAssertEqual(screen["contentSizeCategory"] as? String, "accessibilityExtraExtraExtraLarge")
        let views = try XCTUnwrap(object["views"] as? [[String: Any]])
        let title = try XCTUnwrap(views.first { $0["name"] as? String == "title" })
        XCTAssertGreaterThan((title["lineCount"] as? Double) ?? 0, 1, "a 60 pt title wraps on a 320 pt phone")
    }

    func testInvalidInputExitCodes() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let bad = directory.appendingPathComponent("bad.json")
        try Data("{\"views\": [\n  {\"name\": \"a\",}\n  {\"name\": \"b\"}\n]}".utf8).write(to: bad)
        let syntax = try MeasureProcess.run(["layout", bad.path])
        XCTAssertEqual(syntax.status, 65, syntax.summary)
        XCTAssertTrue(
            syntax.stderr.contains("bad.json:2:15: a trailing comma before '}' is not allowed in JSON"), syntax.stderr)
        XCTAssertTrue(syntax.stdout.isEmpty)

        let missing = try MeasureProcess.run(["layout", directory.appendingPathComponent("nope.json").path])
        XCTAssertEqual(missing.status, 66, missing.summary)

        let device = try MeasureProcess.run(["layout", example("sign-up.json"), "--device", "Nokia 3310"])
        XCTAssertEqual(device.status, 64, device.summary)
        XCTAssertTrue(device.stderr.contains("unknown device \"Nokia 3310\""), device.stderr)
        for output in [syntax, missing, device] { XCTAssertTrue(output.exitedCleanly, output.summary) }
    }

    func testPicturesAreWritten() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let svg = directory.appendingPathComponent("cell.svg").path
        let png = directory.appendingPathComponent("cell.png").path
        let output = try MeasureProcess.run(["layout", example("feed-cell.json"), "--svg", svg, "--png", png])
        XCTAssertEqual(output.status, 0, output.summary)
        let svgText = try String(contentsOfFile: svg, encoding: .utf8)
        XCTAssertTrue(svgText.contains("<svg"), svgText.prefix(200).description)
        XCTAssertTrue(svgText.contains("id=\"view-body\""))
        let pngBytes = try Data(contentsOf: URL(fileURLWithPath: png))
        XCTAssertEqual(Array(pngBytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: width and height in pixels, big-endian, at the file's @3x.
        let width = pngBytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = pngBytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual([width, height], [375 * 3, 812 * 3])

        let unwritable = try MeasureProcess.run([
            "layout", example("feed-cell.json"), "--svg", "/nonexistent/dir/x.svg",
        ])
        XCTAssertEqual(unwritable.status, 73, unwritable.summary)
        XCTAssertTrue(unwritable.stderr.contains("cannot write /nonexistent/dir/x.svg"), unwritable.stderr)
    }
}
