import AutoLayout
import Foundation
import LayoutFiles
import XCTest

/// Every file in Examples/ solves to the frames UIKit's rules give its screen.
final class ExampleFilesTests: XCTestCase {
    /// All examples read and lay out; only `intrinsic-sizes.json`'s one-line label has a problem
    /// (the file's point: a one-line label keeps its full width and is cut).
    func testEveryExampleLaysOut() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: examplesFolder.path)
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 9, "\(names)")
        for name in names {
            let (report, _) = try layOutExample(name)
            if name == "intrinsic-sizes.json" {
                XCTAssertEqual(report.problems.map(\.kind), [.truncated], name)
                XCTAssertEqual(report.problems.first?.view, "oneLine")
            } else {
                XCTAssertTrue(report.isClean, "\(name): \(report.problems.map(\.message))")
            }
            for view in report.views {
                XCTAssertTrue(view.windowFrame.width.isFinite && view.windowFrame.height >= 0, "\(name) \(view.name)")
            }
        }
    }

    /// Seed 003, constraints (1)–(5): the label wraps at 375 − 48 and the button sits 24 below it.
    func testLabelWrapsAtItsWidthAndPushesTheButtonDown() throws {
        let (report, _) = try layOutExample("label-and-button.json")
        let label = report.frame("label")
        XCTAssertEqual(label.minX, 24)
        XCTAssertEqual(label.minY, 24)
        XCTAssertEqual(label.width, 327)
        XCTAssertEqual(report.view("label")?.lineCount, 4)
        XCTAssertEqual(label.height, 81.5, "4 lines of the 17 pt system font (20.287 each) on the @2x grid")
        assertFrame(report.frame("button"), CGRect(x: 24, y: label.maxY + 24, width: 63, height: 30))
    }

    /// Seed 003: the label hugs less (249) and stretches; the image resists more (751) and keeps 60.
    func testLowerHuggingStretchesTheLabelAndHigherResistanceKeepsTheImage() throws {
        let (report, _) = try layOutExample("image-and-label.json")
        assertFrame(report.frame("image"), CGRect(x: 24, y: 24, width: 60, height: 60))
        let label = report.frame("label")
        XCTAssertEqual(label.minX, 108)
        XCTAssertEqual(label.width, 375 - 108 - 24)
        XCTAssertEqual(label.midY, 54, accuracy: 0.5)
        XCTAssertGreaterThan(label.height, 60)
    }

    /// Seed 000: the base button is 44 tall and as wide as the plain one; the separator is 0.5 tall.
    func testOverriddenIntrinsicSizesOfAButtonAndASeparator() throws {
        let (report, _) = try layOutExample("button-and-separator.json")
        let plain = report.frame("plain")
        XCTAssertEqual(plain.height, 30, "a 15 pt system-font title (17.9, 18 at @2x) plus 6 above and below")
        assertFrame(report.frame("base"), CGRect(x: 20, y: plain.maxY + 8, width: plain.width, height: 44))
        assertFrame(report.frame("separator"), CGRect(x: 16, y: plain.maxY + 8 + 44 + 16, width: 359, height: 0.5))
    }

    /// Seed 001: the one-line label is cut at 343; the wrapped one grows; the text view fits its
    /// text; the image view is its image's size, centred.
    func testIntrinsicSizesOfLabelsTextViewAndImageView() throws {
        let (report, screen) = try layOutExample("intrinsic-sizes.json")
        let oneLine = try XCTUnwrap(report.view("oneLine"))
        XCTAssertTrue(oneLine.isTruncated)
        XCTAssertGreaterThan(oneLine.intrinsicContentSize.width, 800)
        assertFrame(oneLine.windowFrame, CGRect(x: 16, y: 20, width: 343, height: 20.5))
        assertFrame(report.frame("wrapped"), CGRect(x: 16, y: 56.5, width: 343, height: 81.5))
        let notes = report.frame("notes")
        XCTAssertEqual(notes.width, 343)
        XCTAssertEqual(notes.height, 16 + 41, accuracy: 0.5, "8 + two lines of 20.287 + 8")
        let star = report.frame("star")
        XCTAssertEqual(star.size, CGSize(width: 100, height: 100))
        XCTAssertEqual(star.minX, 137.5)
        XCTAssertEqual(star.minY, notes.maxY + 16)
        XCTAssertEqual(screen.view(named: "oneLine").map { $0 is UILabel }, true)
    }

    /// Seed 002, in YAML: the form's height is its rows (each as tall as its text field) plus
    /// the note and the spacing.
    func testStackFormInYAMLIsAsTallAsItsRows() throws {
        let (report, _) = try layOutExample("stack-form.yaml")
        let form = report.frame("form")
        XCTAssertEqual(form.minX, 16, "a controller's root view keeps 16 pt side margins in compact width")
        XCTAssertEqual(form.minY, 8)
        XCTAssertEqual(form.width, 343)
        let note = report.frame("note")
        XCTAssertEqual(form.height, 3 * 34 + 3 * 12 + note.height)
        for (index, row) in ["productRow", "priceRow", "unitsRow"].enumerated() {
            assertFrame(report.frame(row), CGRect(x: 16, y: 8 + CGFloat(index) * 46, width: 343, height: 34))
        }
        XCTAssertEqual(report.frame("productField").maxX, 359)
        XCTAssertEqual(report.frame("productLabel").minX, 16)
    }

    /// Seed 004: padding adds 8 + 8 to the width and 4 + 4 to the height, centred on the plain label.
    func testPaddingAddsToTheLabelsIntrinsicSize() throws {
        let (report, _) = try layOutExample("padding-label.json")
        let plain = report.frame("plain")
        let badge = report.frame("badge")
        XCTAssertEqual(badge.width, plain.width + 16)
        XCTAssertEqual(badge.height, plain.height + 8)
        XCTAssertEqual(badge.minY, plain.minY - 4)
        XCTAssertEqual(badge.minX, plain.maxX + 8)
    }

    /// The sign-up form on an iPhone 15: safe area 59 / 34, margins 16, text styles at large.
    func testSignUpOnIPhone15() throws {
        let (report, screen) = try layOutExample("sign-up.json")
        XCTAssertEqual(report.screen.device, "iPhone 15")
        XCTAssertEqual(report.screen.scale, 3)
        let title = report.frame("title")
        XCTAssertEqual(title.minY, 59 + 24)
        XCTAssertEqual(title.minX, 16)
        XCTAssertEqual(title.width, 393 - 32)
        XCTAssertEqual((screen.view(named: "title") as? UILabel)?.font.pointSize, 34, "largeTitle at large")
        let signUp = report.frame("signUp")
        XCTAssertEqual(signUp.maxY, 852 - 34 - 16, accuracy: 0.34)
        XCTAssertEqual(signUp.width, 361)
        XCTAssertEqual(report.frame("email").height, 34)
        XCTAssertEqual(report.frame("password").minY, report.frame("email").maxY + 12)
        XCTAssertEqual(report.frame("terms").midY, report.frame("termsSwitch").midY, accuracy: 0.34)
        XCTAssertEqual(report.frame("terms").maxX, 377)
    }

    /// The same file at accessibility sizes: the text styles grow, the title wraps, the form moves down.
    func testSignUpAtAccessibilitySizes() throws {
        let (large, _) = try layOutExample("sign-up.json")
        let (huge, screen) = try layOutExample(
            "sign-up.json", options: ScreenOptions(contentSizeCategory: .accessibilityExtraExtraLarge))
        XCTAssertEqual(huge.screen.contentSizeCategory, "accessibilityExtraExtraLarge")
        XCTAssertEqual((screen.view(named: "title") as? UILabel)?.font.pointSize, 56, "largeTitle at AX4")
        XCTAssertGreaterThan(huge.frame("title").height, large.frame("title").height)
        XCTAssertGreaterThan(huge.frame("fields").minY, large.frame("fields").minY)
    }

    /// The profile header on an iPhone SE (the iPhone 8's screen): counters share the width equally.
    func testProfileHeaderInYAML() throws {
        let (report, _) = try layOutExample("profile-header.yaml")
        XCTAssertEqual(report.screen.size, CGSize(width: 375, height: 667))
        assertFrame(report.frame("avatar"), CGRect(x: 16, y: 20 + 16, width: 64, height: 64))
        XCTAssertEqual(report.frame("names").minX, 16 + 64 + 12)
        XCTAssertEqual(report.frame("names").midY, report.frame("avatar").midY, accuracy: 0.5)
        XCTAssertEqual(report.frame("follow").maxX, 359)
        let widths = ["posts", "followers", "following"].map { report.frame($0).width }
        XCTAssertEqual(Set(widths).count, 1, "\(widths)")
        XCTAssertEqual(widths[0], (343 - 16) / 3, accuracy: 0.5)
        XCTAssertEqual(report.frame("bio").minY, report.frame("avatar").maxY + 12)
    }

    /// The feed cell's height follows its text: 12 + content + 12.
    func testFeedCellHeightFollowsItsContent() throws {
        let (report, _) = try layOutExample("feed-cell.json")
        let cell = report.frame("cell")
        XCTAssertEqual(cell.minY, 44)
        assertFrame(report.frame("avatar"), CGRect(x: 16, y: 56, width: 40, height: 40))
        XCTAssertEqual(cell.maxY, report.frame("actions").maxY + 12, accuracy: 0.34)
        XCTAssertEqual(report.frame("time").maxX, 359, accuracy: 0.34)
        XCTAssertEqual(report.frame("body").width, 359 - 68)
        XCTAssertEqual(report.view("body")?.isTruncated, false)
        XCTAssertEqual(report.frame("repost").minX, report.frame("reply").maxX + 24, accuracy: 0.34)
    }

    /// `--device` overrides the file's screen: the same form on a narrower phone.
    func testDeviceOverride() throws {
        let (report, _) = try layOutExample(
            "sign-up.json", options: ScreenOptions(device: "iPhone SE (1st generation)"))
        XCTAssertEqual(report.screen.size.width, 320)
        XCTAssertEqual(report.frame("title").width, 320 - 32)
        XCTAssertEqual(report.frame("title").minY, 20 + 24)
    }
}
