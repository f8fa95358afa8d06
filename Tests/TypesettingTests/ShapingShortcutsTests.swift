import CTextShim
import XCTest

@testable import Typesetting

/// The shaping shortcuts run only on the HarfBuzz releases they were verified against
/// (docs/typesetting.md, "Checked against the HarfBuzz it runs with").
final class ShapingShortcutsTests: XCTestCase {
    /// The verified range is HarfBuzz 6.0: the release Debian 12 ships, which the simple path,
    /// the cut rules and the buffer limits were checked against.
    func testTheVerifiedRangeIsHarfBuzz60() {
        XCTAssertEqual(ShapingShortcuts.verifiedHarfBuzzVersions, "6.0.0 to 6.0.99")
        XCTAssertTrue(ShapingShortcuts.isVerified(major: 6, minor: 0, micro: 0))
        XCTAssertTrue(ShapingShortcuts.isVerified(major: 6, minor: 0, micro: 1))
        for (major, minor, micro) in [(5, 3, 1), (6, 1, 0), (7, 0, 0), (8, 3, 0), (14, 3, 0), (2, 6, 4)] {
            XCTAssertFalse(
                ShapingShortcuts.isVerified(major: major, minor: minor, micro: micro), "\(major).\(minor).\(micro)")
        }
    }

    /// The state follows the linked HarfBuzz and INTRINSIC_EXACT_SHAPING, and says why in
    /// one line when the shortcuts are off.
    func testStateFollowsTheLinkedHarfBuzz() throws {
        let parts = ShapingShortcuts.harfBuzzVersion.split(separator: ".").compactMap { Int($0) }
        XCTAssertEqual(parts.count, 3)
        let verified = ShapingShortcuts.isVerified(major: parts[0], minor: parts[1], micro: parts[2])
        let requested = ProcessInfo.processInfo.environment["INTRINSIC_EXACT_SHAPING"] == "1"
        switch ShapingShortcuts.state {
        case .on:
            XCTAssertTrue(verified && !requested)
            XCTAssertNil(ShapingShortcuts.note)
        case .offByRequest:
            XCTAssertTrue(requested)
            XCTAssertEqual(ShapingShortcuts.note?.hasPrefix("INTRINSIC_EXACT_SHAPING=1"), true)
        case .offForUnverifiedHarfBuzz:
            XCTAssertFalse(verified)
            XCTAssertEqual(ShapingShortcuts.note?.contains(ShapingShortcuts.harfBuzzVersion), true)
        }
    }

    /// With the shortcuts on, a face's runs are cut and simple words skip the shaper; the
    /// widths are the same either way (ExactShapingTests compares them everywhere).
    func testShortcutsRunOnTheVerifiedHarfBuzz() throws {
        try XCTSkipUnless(ShapingShortcuts.state == .on, "the shortcuts are off in this process")
        let font = try Fixtures.inter()
        XCTAssertGreaterThan(
            ts_face_cut_state(font.face.handle, nil, nil), 0, "Inter's runs are cut around its case forms")
        let utf16 = Array("Hello".utf16)
        var glyphs = [TSGlyph](repeating: TSGlyph(), count: 16)
        XCTAssertEqual(
            ts_shape_simple(
                font.face.handle, utf16, Int32(utf16.count), 0, Int32(utf16.count), 0, -1, nil, 1, 1, &glyphs, 16),
            5)
    }
}
