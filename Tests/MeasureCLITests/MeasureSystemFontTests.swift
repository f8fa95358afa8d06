import Foundation
import XCTest

/// The CLI and the system font: the note when SF Pro is missing, `--font-dir` supplying it,
/// and `--weight` on a variable font given by path.
final class MeasureSystemFontTests: XCTestCase {
    static let fixtures = MeasureProcess.packageRoot.appendingPathComponent("Tests/TypesettingTests/Fixtures")

    /// `measure layout` says once, on stderr, that the system font is a stand-in.
    func testLayoutNotesTheStandInOnce() throws {
        let example = MeasureProcess.packageRoot.appendingPathComponent("Examples/sign-up.json").path
        let output = try MeasureProcess.run(["layout", example])
        XCTAssertEqual(output.status, 0, output.summary)
        XCTAssertEqual(
            output.stderr.components(separatedBy: "SF Pro was not found").count, 2, "one note: \(output.stderr)")
        let json = try MeasureProcess.run(["layout", example, "--json"])
        let object = try MeasureProcess.object(json.text)
        XCTAssertEqual(object["systemFontStandIn"] as? String, "Inter")
    }

    /// With SF Pro supplied (here the box fonts under its family names) there is no note, and
    /// 17 pt is set in SF Pro Text: 3 × (550 − 26) / 1000 × 17 = 26.724, 27 at @2x.
    func testFontDirSuppliesSFPro() throws {
        let folder = Self.fixtures.appendingPathComponent("SystemFont/Static").path
        let output = try MeasureProcess.run(["abc", "--font-dir", folder])
        XCTAssertEqual(output.status, 0, output.summary)
        XCTAssertTrue(output.text.hasPrefix("27 × 20.5 pt"), output.text)
        XCTAssertTrue(output.text.contains("SF Pro Text Regular 17 pt"), output.text)
        XCTAssertTrue(output.stderr.isEmpty, output.stderr)
        let json = try MeasureProcess.json(["abc", "--font-dir", folder])
        XCTAssertNil(json["systemFontStandIn"])
    }

    /// `--weight` picks the variable font's Bold instance: "a" is 1150 units wide, not 1000.
    func testWeightAppliesToAVariableFontGivenByPath() throws {
        let path = Self.fixtures.appendingPathComponent("TestVariable.ttf").path
        let regular = try MeasureProcess.json(["a", "--font", path, "--size", "28"])
        let bold = try MeasureProcess.json(["a", "--font", path, "--size", "28", "--weight", "bold"])
        XCTAssertEqual(regular.number("width"), 14, "1000 × 28 / 2048 = 13.67")
        XCTAssertEqual(bold.number("width"), 16, "1150 × 28 / 2048 = 15.72")
        XCTAssertEqual(bold["font"] as? String, "Test Variable Bold 28 pt")
    }
}
