import AutoLayout
import Foundation
import LayoutFiles
import Typesetting
import XCTest

/// Each kind of bad input gets its own specific message with the line and column.
final class BadInputTests: XCTestCase {
    func testJSONSyntaxErrorsGiveLineAndColumn() throws {
        let missingComma = layoutError("{\n  \"views\": [\n    {\"name\": \"a\"}\n    {\"name\": \"b\"}\n  ]\n}")
        XCTAssertEqual(missingComma?.kind, .syntax)
        XCTAssertEqual(missingComma?.position, SourcePosition(line: 4, column: 5))
        XCTAssertEqual(
            missingComma?.description.hasPrefix("test.json:4:5: expected ',' or ']'"), true,
            "\(String(describing: missingComma))")

        let unterminated = layoutError("{\"views\": [], \"constraints\": [\"a.top = b.top]}")
        XCTAssertEqual(unterminated?.kind, .syntax)
        XCTAssertEqual(unterminated?.message.contains("not closed"), true)

        let badEscape = layoutError("{\"views\": [{\"name\": \"a\\qb\"}]}")
        XCTAssertEqual(badEscape?.position, SourcePosition(line: 1, column: 24))
        XCTAssertEqual(badEscape?.message.contains("unknown escape \\q"), true)

        let repeated = layoutError("{\"views\": [],\n \"views\": []}")
        XCTAssertEqual(repeated?.position, SourcePosition(line: 2, column: 2))
        XCTAssertEqual(repeated?.message, "the key \"views\" appears twice in this object")

        let deep = layoutError(String(repeating: "[", count: 300) + String(repeating: "]", count: 300))
        XCTAssertEqual(deep?.message.contains("nesting is deeper than 256"), true)

        var invalidUTF8: LayoutFileError?
        do {
            _ = try LayoutFile(bytes: [0x7B, 0x0A, 0x22, 0xFF, 0x22, 0x7D], format: .json)
        } catch { invalidUTF8 = error }
        XCTAssertEqual(invalidUTF8?.position, SourcePosition(line: 2, column: 2))
        XCTAssertEqual(invalidUTF8?.message, "the file is not valid UTF-8")
    }

    func testYAMLSyntaxErrorsGiveLineAndColumn() {
        let error = layoutError("views:\n  - name: a\n   kind: label\n", format: .yaml)
        XCTAssertEqual(error?.kind, .syntax)
        XCTAssertEqual(error?.position?.line, 3)
        let tab = layoutError("views: [\n  {name: a, kind: label\n", format: .yaml)
        XCTAssertEqual(tab?.kind, .syntax)
        XCTAssertNotNil(tab?.position)
    }

    func testUnknownViewInAConstraint() {
        let error = layoutError(
            """
            {"screen": {"width": 320, "height": 480},
             "views": [{"name": "title", "kind": "label", "text": "Hi"}],
             "constraints": ["title.top = superview.top + 8", "title.leading = titel.trailing"]}
            """)
        XCTAssertEqual(error?.kind, .unknownView)
        XCTAssertEqual(error?.position, SourcePosition(line: 3, column: 51))
        XCTAssertEqual(
            error?.message,
            "in \"title.leading = titel.trailing\": no view or guide is named \"titel\" (did you mean \"title\"?)")
    }

    func testAViewThatIsItsOwnAncestor() {
        let error = layoutError(
            """
            {"screen": {"width": 320, "height": 480},
             "views": [{"name": "a", "superview": "b"},
                       {"name": "b", "superview": "c"},
                       {"name": "c", "superview": "a"}]}
            """)
        XCTAssertEqual(error?.kind, .cyclicHierarchy)
        XCTAssertEqual(error?.position, SourcePosition(line: 2, column: 39))
        XCTAssertEqual(
            error?.message,
            "\"a\" would be its own ancestor: a → superview b → superview c → superview a; a view cannot contain itself"
        )
        let stackInItself = layoutError(
            """
            {"screen": {"width": 320, "height": 480},
             "views": [{"name": "s", "kind": "stack", "arrangedSubviews": ["s"]}]}
            """)
        XCTAssertEqual(stackInItself?.kind, .cyclicHierarchy)
    }

    /// A chain of views placed by name can be as long as the file, far deeper than its
    /// nesting; placing it must not recurse once per level. It did, and overflowed a 512 KiB
    /// stack (GCD's worker threads') at a few thousand levels, and the main thread's 8 MiB at
    /// 200,000 (a 12 MB file, under the 16 MiB limit).
    func testAChainOfViewsPlacedByNameOnA512KiBStack() {
        let depth = 4_000
        let views =
            (1..<depth).reversed().map { #"{"name": "v\#($0)", "superview": "v\#($0 - 1)"}"# } + [#"{"name": "v0"}"#]
        let text = #"{"screen": {"width": 320, "height": 480}, "views": [\#(views.joined(separator: ", "))]}"#
        let levels = Locked(-1)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            // Built and freed on the small stack (the screen goes away when the closure ends).
            if let screen = try? LayoutFile(bytes: Array(text.utf8), format: .json).makeScreen(),
                var view = screen.view(named: "v\(depth - 1)")
            {
                var count = 0
                while let superview = view.superview, superview !== screen.rootView {
                    count += 1
                    view = superview
                }
                levels.withLock { $0 = count }
            }
            done.signal()
        }
        thread.stackSize = 512 << 10
        thread.start()
        done.wait()
        XCTAssertEqual(levels.withLock { $0 }, depth - 1, "the deepest view's superviews below the root view")
    }

    func testUnknownFont() {
        let error = layoutError(
            """
            {"screen": {"width": 320, "height": 480},
             "views": [{"name": "title", "kind": "label", "text": "Hi", "font": "Comic Sans Nowhere"}]}
            """)
        XCTAssertEqual(error?.kind, .unknownFont)
        XCTAssertEqual(error?.position, SourcePosition(line: 2, column: 69))
        XCTAssertEqual(error?.message.contains("view \"title\""), true)
        XCTAssertEqual(error?.message.contains("Comic Sans Nowhere"), true, "\(String(describing: error))")
    }

    func testNonNumericConstantsAndOtherBadConstraints() {
        func constraintError(_ constraint: String) -> LayoutFileError? {
            layoutError(
                """
                {"screen": {"width": 320, "height": 480}, "views": [{"name": "a"}],
                 "constraints": ["\(constraint)"]}
                """)
        }
        let word = constraintError("a.top = superview.top + ten")
        XCTAssertEqual(word?.kind, .invalidConstraint)
        XCTAssertEqual(word?.position, SourcePosition(line: 2, column: 18))
        XCTAssertEqual(word?.message, "in \"a.top = superview.top + ten\" at character 25: expected a number after '+'")
        let unit = constraintError("a.width = 12px")
        XCTAssertEqual(unit?.message.contains("'12p…' is not a number"), true, "\(String(describing: unit))")
        let attribute = constraintError("a.wdth = 10")
        XCTAssertEqual(attribute?.message.contains("unknown attribute 'wdth'"), true)
        let priority = constraintError("a.width = 10 @1001")
        XCTAssertEqual(priority?.message.contains("priority 1001 is out of range: 1…1000"), true)
        let relation = constraintError("a.width > 10")
        XCTAssertEqual(relation?.message.contains("'>' must be '>='"), true)
        let superviewFirst = constraintError("superview.width = a.width")
        XCTAssertEqual(superviewFirst?.message.contains("cannot come first"), true)
    }

    /// An unsatisfiable file lays out (UIKit breaks a constraint) but reports the conflict with
    /// the constraints' lines, and the report is not clean.
    func testUnsatisfiableFileNamesTheConflictingConstraints() throws {
        let text = """
            {"screen": {"width": 320, "height": 480},
             "views": [{"name": "box"}],
             "constraints": [
               "box.top = superview.top",
               "box.leading = superview.leading",
               "box.height = 40",
               "box.width = 100",
               "box.width = 200"
             ]}
            """
        let screen = try LayoutFile(bytes: Array(text.utf8), format: .json, path: "conflict.json").makeScreen()
        let report = screen.layOut()
        XCTAssertFalse(report.isClean)
        let broken = try XCTUnwrap(report.problems.first { $0.kind == .brokenConstraint })
        XCTAssertEqual(broken.constraints.map(\.text), ["box.width = 100", "box.width = 200"])
        XCTAssertEqual(broken.constraints.map { $0.position?.line }, [7, 8])
        XCTAssertEqual(broken.position?.line, 8, "the constraint added last is the one broken")
        XCTAssertEqual(report.frame("box").width, 100)
    }

    func testOtherInvalidValues() {
        let unknownKey = layoutError(
            #"{"screen": {"width": 320, "height": 480}, "views": [{"name": "a", "kind": "label", "txt": "x"}]}"#)
        XCTAssertEqual(
            unknownKey?.message.hasPrefix("unknown key \"txt\" in view \"a\" (did you mean \"text\"?)"), true)
        let kind = layoutError(#"{"screen": {"width": 320, "height": 480}, "views": [{"kind": "lable"}]}"#)
        XCTAssertEqual(kind?.message.hasPrefix("unknown view kind \"lable\" (did you mean \"label\"?)"), true)
        let duplicate = layoutError(
            #"{"screen": {"width": 320, "height": 480}, "views": [{"name": "a"}, {"name": "a"}]}"#)
        XCTAssertEqual(duplicate?.kind, .duplicateName)
        let device = layoutError(#"{"screen": {"device": "iPhone 99"}, "views": []}"#)
        XCTAssertEqual(device?.kind, .unknownDevice)
        XCTAssertEqual(device?.position, SourcePosition(line: 1, column: 23))
        let lines = layoutError(
            #"{"screen": {"width": 320, "height": 480}, "views": [{"kind": "label", "numberOfLines": "two"}]}"#)
        XCTAssertEqual(
            lines?.message,
            "\"numberOfLines\" of view \"label1\" must be a whole number from 0 to 100000, found \"two\"")
        let styleAndSize = layoutError(
            #"{"screen": {"width": 320, "height": 480}, "views": [{"kind": "label", "textStyle": "body", "size": 20}]}"#
        )
        XCTAssertEqual(styleAndSize?.message.contains("not both"), true)
        let noScreen = layoutError(#"{"views": []}"#)
        XCTAssertEqual(noScreen?.message.contains("needs a \"device\""), true)
    }
}

/// Layouts that read but go wrong are reported, not hidden.
final class LayoutProblemTests: XCTestCase {
    /// A title too long for its button pushes the button off the left edge and squeezes the
    /// views before it below zero width.
    func testOffscreenAndNegativeSizes() throws {
        let text = """
            {"screen": {"width": 320, "height": 480},
             "views": [{"name": "icon", "kind": "image", "image": {"width": 40, "height": 40}},
                       {"name": "go", "kind": "button", "textStyle": "title1",
                        "title": "A title far too long for the little room this button has",
                        "contentCompressionResistancePriority": {"horizontal": 1000}}],
             "constraints": ["icon.top = superview.top + 20", "icon.leading = superview.leading + 16",
                             "go.leading = icon.trailing + 8", "go.trailing = superview.trailing - 16",
                             "go.centerY = icon.centerY"]}
            """
        let report = try LayoutFile(bytes: Array(text.utf8), format: .json).makeScreen().layOut()
        let icon = try XCTUnwrap(report.view("icon"))
        XCTAssertTrue(icon.hasNegativeSize)
        XCTAssertTrue(report.problems.contains { $0.kind == .negativeSize && $0.view == "icon" })
        let go = try XCTUnwrap(report.view("go"))
        XCTAssertTrue(go.isOffscreen)
        XCTAssertFalse(go.isTruncated, "it keeps its whole title, at the cost of the screen's edge")
        XCTAssertEqual(report.problems.first { $0.kind == .offscreen }?.position, SourcePosition(line: 3, column: 12))
    }
}
