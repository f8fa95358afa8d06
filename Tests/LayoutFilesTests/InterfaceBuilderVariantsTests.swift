import AutoLayout
import Foundation
import LayoutFiles
import Typesetting
import XCTest

/// A scene built once and given other texts and text sizes lays out exactly as a scene built
/// afresh with them: what makes `measure check`'s incremental re-layout trustworthy.
final class InterfaceBuilderVariantsTests: XCTestCase {
    /// The storyboard of `measure check`'s tests (a body-style title, fixed-width labels, a
    /// button, a forced left-to-right stack, a shrinking subtitle).
    static let storyboard = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../MeasureCLITests/Fixtures/ib-localized/Base.lproj/Main.storyboard").standardized.path

    static let german: [String: String] = [
        "ttl-AB-cde.text": "Kontoeinstellungen ändern", "sav-AB-cde.normalTitle": "Speichern",
        "tag-AB-cde.text": "Etikett", "not-AB-cde.text": "Notiz", "sub-AB-cde.text": "Benachrichtigungen",
    ]

    func frames(_ scene: InterfaceBuilderScene) -> [String: CGRect] {
        var result: [String: CGRect] = [:]
        for object in scene.objects { result[object.id] = scene.view(id: object.id)?.frame }
        return result
    }

    func testChangedTextsAndSizesLayOutAsAFreshBuild() throws {
        let file = try InterfaceBuilderFile(contentsOf: Self.storyboard)
        for direction in [UIUserInterfaceLayoutDirection.leftToRight, .rightToLeft] {
            let variable = try XCTUnwrap(
                file.makeVariableScenes(InterfaceBuilderOptions(layoutDirection: direction)).first)
            XCTAssertEqual(
                Set(variable.texts.map(\.key)),
                [
                    "ttl-AB-cde.text", "nam-AB-cde.text", "tag-AB-cde.text", "not-AB-cde.text",
                    "sav-AB-cde.normalTitle", "sub-AB-cde.text",
                ])
            // Back and forth between languages and sizes, as measure check goes.
            let steps: [(ContentSizeCategory, [String: String])] = [
                (.accessibilityExtraExtraExtraLarge, Self.german), (.large, [:]), (.extraSmall, Self.german),
                (.accessibilityMedium, [:]), (.large, Self.german),
            ]
            for (category, strings) in steps {
                variable.setContentSizeCategory(category)
                for item in variable.texts { variable.show(strings[item.key], for: item) }
                _ = variable.layOutTexts()
                let fresh = try XCTUnwrap(
                    file.makeScenes(
                        InterfaceBuilderOptions(
                            contentSizeCategory: category, layoutDirection: direction, strings: strings)
                    ).first)
                fresh.screen.window.layoutIfNeeded()
                let (got, expected) = (frames(variable.scene), frames(fresh))
                XCTAssertEqual(got.count, expected.count)
                for (id, frame) in expected {
                    XCTAssertEqual(
                        got[id], frame, "\(id) at \(category), \(strings.isEmpty ? "Base" : "de"), \(direction)")
                }
            }
            // The title's font follows the category; the fixed-size labels' do not.
            variable.setContentSizeCategory(.accessibilityExtraExtraExtraLarge)
            XCTAssertEqual((variable.scene.view(id: "ttl-AB-cde") as? UILabel)?.font.pointSize, 53)
            XCTAssertEqual((variable.scene.view(id: "nam-AB-cde") as? UILabel)?.font.pointSize, 17)
        }
    }

    /// Mirrored, the title keeps its 16 pt insets, the stack sits 20 pt from the right edge
    /// and, forced left to right, keeps Rewind left of Play.
    func testRightToLeftSceneIsMirroredExceptForcedContent() throws {
        let file = try InterfaceBuilderFile(contentsOf: Self.storyboard)
        let scene = try XCTUnwrap(file.makeScenes(InterfaceBuilderOptions(layoutDirection: .rightToLeft)).first)
        scene.screen.window.layoutIfNeeded()
        XCTAssertEqual(scene.view(id: "nam-AB-cde")?.frame.minX, 375 - 20 - 100)
        XCTAssertEqual(scene.view(id: "stk-AB-cde")?.frame.minX, 375 - 20 - 108)
        XCTAssertEqual(scene.view(id: "rew-AB-cde")?.frame.minX, 0)
        XCTAssertEqual(scene.view(id: "ply-AB-cde")?.frame.minX, 58)
        XCTAssertEqual(scene.view(id: "ttl-AB-cde")?.frame.minX, 16)
        XCTAssertEqual(scene.view(id: "ttl-AB-cde")?.frame.width, 343)
    }
}
