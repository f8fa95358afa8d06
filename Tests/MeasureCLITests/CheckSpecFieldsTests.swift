import Foundation
import XCTest

/// A `measure check` spec field that would do nothing is an error, as a CLI option that would
/// do nothing is: a rule's own field must apply to its control (or to a layout rule), and a
/// `defaults` field is given only to the rules it applies to and must apply to one.
final class CheckSpecFieldsTests: XCTestCase {
    /// Runs `measure check` over a one-key catalog with `spec`.
    func check(_ spec: String) throws -> MeasureProcess.Output {
        let directory = try MeasureProcess.temporaryDirectory(self)
        let catalog = directory.appendingPathComponent("en.lproj/Localizable.strings")
        try FileManager.default.createDirectory(
            at: catalog.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("\"greeting\" = \"Hello there\";\n\"save\" = \"Save\";\n".utf8).write(to: catalog)
        let specFile = directory.appendingPathComponent("spec.json")
        try Data(spec.utf8).write(to: specFile)
        return try MeasureProcess.run(["check", catalog.path, "--spec", specFile.path])
    }

    func assertRefused(_ spec: String, mentioning parts: [String], file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let output = try check(spec)
        XCTAssertEqual(output.status, 65, output.summary, file: file, line: line)
        XCTAssertTrue(output.exitedCleanly, output.summary, file: file, line: line)
        for part in parts {
            XCTAssertTrue(output.stderr.contains(part), "mentions \(part): \(output.stderr)", file: file, line: line)
        }
    }

    static let signUp = MeasureProcess.packageRoot.appendingPathComponent("Examples/sign-up.json").path

    func testARuleFieldTheControlDoesNotTakeIsAnError() throws {
        try assertRefused(
            #"{"rules": [{"key": "*", "control": "label", "width": 200, "contentInsets": "4,8,4,8"}]}"#,
            mentioning: ["rules[0].contentInsets", "only a button takes contentInsets", "a label takes padding"])
        try assertRefused(
            #"{"rules": [{"key": "*", "control": "button", "width": 200, "padding": [0, 8, 0, 8]}]}"#,
            mentioning: ["rules[0].padding", "only a label takes padding", "a button takes contentInsets"])
        try assertRefused(
            #"{"rules": [{"key": "*", "control": "button", "width": 200, "lines": 2}]}"#,
            mentioning: ["rules[0].lines", "only a label takes lines"])
        try assertRefused(
            #"{"rules": [{"key": "*", "control": "textview", "width": 200, "maxHeight": 90, "lineBreakMode": "byClipping"}]}"#,
            mentioning: ["rules[0].lineBreakMode", "only a label takes lineBreakMode", "textview"])
        // A layout rule's view has its own height, line break mode and letter spacing.
        for field in [#""maxHeight": 40"#, #""lineBreakMode": "byClipping""#, #""letterSpacing": 1"#] {
            try assertRefused(
                #"{"rules": [{"key": "*", "layout": "\#(Self.signUp)", "view": "title", \#(field)}]}"#,
                mentioning: ["rules[0].", "comes from the layout file's view"])
        }
    }

    func testADefaultAppliesOnlyToTheRulesThatTakeIt() throws {
        // padding and lines are the labels', contentInsets the button's, width the width
        // rules': none is an error for the rules it does not apply to.
        let spec = """
            {"defaults": {"padding": "0,8,0,8", "contentInsets": "4,8,4,8", "lines": 2, "width": 200},
             "rules": [{"key": "save", "control": "button"},
                       {"key": "greeting", "layout": "\(Self.signUp)", "view": "title"},
                       {"key": "*", "control": "label"}]}
            """
        let output = try check(spec)
        XCTAssertTrue([0, 1].contains(output.status), output.summary)
        XCTAssertTrue(output.text.contains("checks"), output.summary)
        // Given to a label, the default padding takes 16 pt off the width the text wraps at.
        let narrow = try check(
            #"{"defaults": {"padding": "0,8,0,8"}, "rules": [{"key": "*", "control": "label", "width": 90}]}"#)
        let wide = try check(#"{"rules": [{"key": "*", "control": "label", "width": 90}]}"#)
        XCTAssertEqual(wide.status, 0, wide.summary)
        XCTAssertEqual(narrow.status, 1, "\"Hello there\" fits 90 pt but not 74: \(narrow.summary)")
    }

    func testADefaultThatAppliesToNoRuleIsAnError() throws {
        try assertRefused(
            #"{"defaults": {"contentInsets": "4,8,4,8"}, "rules": [{"key": "*", "width": 200}]}"#,
            mentioning: ["defaults.contentInsets", "applies to no rule", "only a button takes contentInsets"])
        try assertRefused(
            #"{"defaults": {"maxHeight": 40}, "rules": [{"key": "*", "layout": "\#(Self.signUp)", "view": "title"}]}"#,
            mentioning: ["defaults.maxHeight", "applies to no rule"])
    }
}
