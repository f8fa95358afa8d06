import Foundation
import XCTest

/// The sizes `measure check` and `measure layout` print for views of a layout file agree with
/// each other and with the frames: NEEDED is what the whole text asks for, AVAILABLE the frame,
/// SHOWN the text as drawn, and a negative size prints with its sign everywhere.
final class LayoutSizesReportTests: XCTestCase {
    func write(_ text: String, to name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func testCheckWithALayoutRuleReportsConsistentSizes() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let layout = try write(
            """
            {"screen": {"width": 320, "height": 480},
             "views": [{"name": "title", "kind": "label", "font": "Inter"},
                       {"name": "go", "kind": "button", "font": "Inter", "title": "Go"}],
             "constraints": ["title.top = superview.top + 20", "title.leading = superview.leading + 16",
                             "title.width = 120", "go.top = title.bottom + 20",
                             "go.leading = superview.leading + 16", "go.width = 100"]}
            """, to: "screen.json", in: directory)
        let spec = try write(
            """
            {"sourceLanguage": "en",
             "rules": [{"key": "title", "layout": "\(layout)", "view": "title"},
                       {"key": "button", "layout": "\(layout)", "view": "go"}]}
            """, to: "spec.json", in: directory)
        let catalog = try write(
            "\"title\" = \"Downloads and documents\";\n\"button\" = \"Continue to your account settings\";\n",
            to: "en.lproj/Localizable.strings", in: directory)
        // The bundled faces alone: Han in Korean takes NanumGothic, without a language Droid Sans
        // Fallback, whose widths differ (the installed Noto Sans CJK SC and KR have the same).
        let bundled: [String: String?] = ["INTRINSIC_SYSTEM_FONTS": "0"]
        let output = try MeasureProcess.run(["check", catalog, "--spec", spec, "--json"], environment: bundled)
        XCTAssertEqual(output.status, 1, output.summary)
        let object = try MeasureProcess.object(output.lines.first ?? "")
        let found = try XCTUnwrap(object["findings"] as? [[String: Any]])
        func finding(_ key: String) throws -> (needed: [String: Double], available: [String: Double], shown: [String]) {
            let entry = try XCTUnwrap(found.first { $0["key"] as? String == key }, "no finding for \(key)")
            return (
                try XCTUnwrap(entry["needed"] as? [String: Double]),
                try XCTUnwrap(entry["available"] as? [String: Double]), try XCTUnwrap(entry["shown"] as? [String])
            )
        }
        let single = try MeasureProcess.object(
            try MeasureProcess.run(["Downloads and documents", "--font", "Inter", "--lines", "1", "--json"]).lines
                .first ?? "")

        // A one-line label needs its one-line width at one line's height, and has its frame.
        let title = try finding("title")
        XCTAssertEqual(title.needed["width"], single["width"] as? Double)
        XCTAssertEqual(title.needed["height"], single["height"] as? Double, "one line high, not two")
        XCTAssertEqual(title.available["width"], 120)
        XCTAssertEqual(title.available["height"], title.needed["height"])
        XCTAssertEqual(title.shown.count, 1)
        XCTAssertTrue(title.shown[0].hasSuffix("…"), "\(title.shown)")

        // A squeezed button has its frame, and shows its title cut in the middle.
        let button = try finding("button")
        XCTAssertEqual(button.available["width"], 100)
        XCTAssertEqual(button.available["height"], button.needed["height"])
        XCTAssertGreaterThan(button.needed["width"] ?? 0, 100)
        XCTAssertEqual(button.shown.count, 1)
        XCTAssertTrue(button.shown[0].contains("…"), "\(button.shown)")
        XCTAssertNotEqual(button.shown[0], "Continue to your account settings")
        XCTAssertTrue(button.shown[0].hasPrefix("Cont") && button.shown[0].hasSuffix("ngs"), "\(button.shown)")
    }

    /// Each text goes into the screen in its catalog's language, so its fallback faces are the
    /// ones `measure --language` picks: Han characters in a Korean catalog take the Korean face.
    func testCheckSetsTheScreensLanguageToTheCatalogs() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let layout = try write(
            """
            {"screen": {"width": 320, "height": 480},
             "views": [{"name": "title", "kind": "label", "font": "Inter"}],
             "constraints": ["title.top = superview.top + 20", "title.leading = superview.leading + 16",
                             "title.width = 20"]}
            """, to: "screen.json", in: directory)
        let spec = try write(
            #"{"sourceLanguage": "en", "rules": [{"key": "*", "layout": "\#(layout)", "view": "title"}]}"#,
            to: "spec.json", in: directory)
        let catalog = try write("\"title\" = \"桌面 直\";\n", to: "ko.lproj/Localizable.strings", in: directory)
        // The bundled faces alone: Han in Korean takes NanumGothic, without a language Droid Sans
        // Fallback, whose widths differ (the installed Noto Sans CJK SC and KR have the same).
        let bundled: [String: String?] = ["INTRINSIC_SYSTEM_FONTS": "0"]
        let output = try MeasureProcess.run(["check", catalog, "--spec", spec, "--json"], environment: bundled)
        XCTAssertEqual(output.status, 1, output.summary)
        let object = try MeasureProcess.object(output.lines.first ?? "")
        let finding = try XCTUnwrap((object["findings"] as? [[String: Any]])?.first)
        let needed = try XCTUnwrap(finding["needed"] as? [String: Double])
        func width(_ language: [String]) throws -> Double? {
            let line = try MeasureProcess.run(
                ["桌面 直", "--font", "Inter", "--lines", "1", "--json"] + language, environment: bundled)
            return try MeasureProcess.object(line.lines.first ?? "")["width"] as? Double
        }
        let korean = try width(["--language", "ko"])
        XCTAssertNotEqual(korean, try width([]), "the text must depend on its language for this test to mean anything")
        XCTAssertEqual(needed["width"], korean)
    }

    func testNegativeSizesPrintTheSameInTheTableAndTheMessage() throws {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let layout = try write(
            """
            {"screen": {"width": 320, "height": 480},
             "views": [{"name": "box", "subviews": [{"name": "squeezed"}]}],
             "constraints": ["box.top = superview.top + 20", "box.leading = superview.leading + 30",
                             "box.width = 100", "box.height = 50",
                             "squeezed.top = superview.top", "squeezed.leading = superview.leading + 10",
                             "squeezed.trailing = superview.leading", "squeezed.height = 12"]}
            """, to: "screen.json", in: directory)
        let output = try MeasureProcess.run(["layout", layout])
        XCTAssertEqual(output.status, 1, output.summary)
        let row = try XCTUnwrap(output.lines.first { $0.contains("squeezed  view") }, output.text)
        XCTAssertTrue(row.contains("(40, 20)"), row)
        XCTAssertTrue(row.contains("-10 × 12"), row)
        XCTAssertTrue(output.text.contains("squeezed to a negative size (-10 × 12 pt)"), output.text)

        let json = try MeasureProcess.object(try MeasureProcess.run(["layout", layout, "--json"]).lines.first ?? "")
        let views = try XCTUnwrap(json["views"] as? [[String: Any]])
        let squeezed = try XCTUnwrap(views.first { $0["name"] as? String == "squeezed" })
        for key in ["frame", "windowFrame"] {
            let rect = try XCTUnwrap(squeezed[key] as? [String: Double], "\(squeezed)")
            XCTAssertEqual(rect["width"], -10, key)
            XCTAssertEqual(rect["height"], 12, key)
        }
        XCTAssertEqual((squeezed["windowFrame"] as? [String: Double])?["x"], 40)
    }
}
