import Foundation
import Typesetting
import XCTest

/// `measure check` on bars placed as views in a scene (`<navigationBar>`, `<toolbar>`,
/// `<tabBar>`, as wide as the scene lays them out), on a view controller's `title` standing
/// in for its navigation item's, and on the back button beside a pushed controller's title
/// (docs/interface-builder-check.md, "Bar titles"). Each storyboard holds one construct, on an
/// iPhone 8 (375 pt, 16 pt side margins), with German strings; the bars' stored frames are
/// 375 pt wide, so a room worked out from a narrower laid-out width shows the solved frame is used.
extension MeasureCheckBarTitlesTests {
    /// A view controller scene whose root view holds `subview`, placed by `constraints`
    /// (written inside the root view's `<constraints>`).
    func scene(_ id: String, name: String, subview: String, constraints: String, title: String? = nil) -> String {
        """
                        <scene sceneID="scn-\(id)">
                            <objects>
                                <viewController id="\(id)" userLabel="\(name)"\(title.map { " title=\"\($0)\"" } ?? "") sceneMemberID="viewController">
                                    <view key="view" contentMode="scaleToFill" id="roo-\(id)">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                        <subviews>
                        \(subview)
                                        </subviews>
                                        <constraints>
                        \(constraints)
                                        </constraints>
                                    </view>
                                </viewController>
                            </objects>
                        </scene>
        """
    }

    /// Constraints pinning `view` `inset` pt inside the root's leading and trailing edges, at the top.
    func pinned(_ view: String, in root: String, inset: Int) -> String {
        """
                                <constraint firstItem="\(view)" firstAttribute="leading" secondItem="\(root)" secondAttribute="leading" constant="\(inset)" id="cl1-\(view)"/>
                                <constraint firstItem="\(root)" firstAttribute="trailing" secondItem="\(view)" secondAttribute="trailing" constant="\(inset)" id="cl2-\(view)"/>
                                <constraint firstItem="\(view)" firstAttribute="top" secondItem="\(root)" secondAttribute="top" constant="40" id="cl3-\(view)"/>
        """
    }

    /// A toolbar pinned 20 pt inside each edge (335 pt wide, though its stored frame says 375):
    /// "Delete" has the bar less its margins, "Archive" and the 30 pt fixed space; the spaces
    /// stand in place of the 8 pt gaps. The finding names the item's line and the translation's.
    func testToolbarItemHasTheLaidOutToolbarLessItsOtherItems() throws {
        let toolbar = """
                                <toolbar opaque="NO" clearsContextBeforeDrawing="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="tlb-BV-001">
                                    <rect key="frame" x="0.0" y="40" width="375" height="44"/>
                                    <items>
                                        <barButtonItem title="Archive" id="arc-BV-001"/>
                                        <barButtonItem style="plain" systemItem="flexibleSpace" id="flx-BV-001"/>
                                        <barButtonItem width="30" style="plain" systemItem="fixedSpace" id="fix-BV-001"/>
                                        <barButtonItem title="Delete" id="del-BV-001"/>
                                    </items>
                                </toolbar>
            """
        let scenes = scene(
            "vc1-BV-001", name: "Mailbox", subview: toolbar,
            constraints: pinned("tlb-BV-001", in: "roo-vc1-BV-001", inset: 20))
        let german = [
            ("arc-BV-001.title", "Archivieren und verschieben"), ("del-BV-001.title", "Endgültig löschen und leeren"),
        ]
        let (path, text, strings) = try write(scenes, german: german)
        let (found, summary, status) = try check(path)
        XCTAssertEqual(status, 1)
        XCTAssertEqual(summary["checks"] as? Int, 4, "two titles × Base and de")
        let delete = try XCTUnwrap(found.first { $0["key"] as? String == "del-BV-001.title" }, "\(found)")
        let archive = try width("Archivieren und verschieben", size: 17, weight: .regular)
        XCTAssertEqual(try XCTUnwrap(number(delete, "available")), 335 - 32 - archive - 30, accuracy: 1e-9)
        XCTAssertEqual(
            try XCTUnwrap(number(delete, "needed")),
            try width("Endgültig löschen und leeren", size: 17, weight: .regular),
            accuracy: 1e-9)
        XCTAssertEqual(delete["language"] as? String, "de")
        XCTAssertEqual(delete["file"] as? String, strings)
        XCTAssertEqual(delete["line"] as? Int, 2)
        let element = try XCTUnwrap(delete["element"] as? [String: Any])
        XCTAssertEqual(element["line"] as? Int, line(of: "del-BV-001", in: text))
        XCTAssertEqual(element["kind"] as? String, "barButtonItem")
        XCTAssertEqual(element["scene"] as? String, "Mailbox")
    }

    /// A tab bar view pinned 70 pt inside each edge (235 pt) with three items: each title has
    /// a third of it. "Benachrichtigungen" is cut there (it fits a third of the stored 375 pt),
    /// "Profil" fits.
    func testTabBarViewItemsShareItsLaidOutWidth() throws {
        let tabBar = """
                                <tabBar contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="tbv-BV-002">
                                    <rect key="frame" x="0.0" y="40" width="375" height="49"/>
                                    <items>
                                        <tabBarItem title="Alerts" id="ti1-BV-002"/>
                                        <tabBarItem title="Profile" id="ti2-BV-002"/>
                                        <tabBarItem title="More" id="ti3-BV-002"/>
                                    </items>
                                </tabBar>
            """
        let scenes = scene(
            "vc1-BV-002", name: "Home", subview: tabBar,
            constraints: pinned("tbv-BV-002", in: "roo-vc1-BV-002", inset: 70))
        let (path, text, strings) = try write(
            scenes, german: [("ti1-BV-002.title", "Benachrichtigungen"), ("ti2-BV-002.title", "Profil")])
        let (found, summary, _) = try check(path)
        XCTAssertEqual(summary["checks"] as? Int, 6)
        XCTAssertEqual(found.map { $0["key"] as? String }, ["ti1-BV-002.title"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(try XCTUnwrap(number(finding, "available")), 235.0 / 3, accuracy: 1e-9)
        XCTAssertLessThan(try width("Benachrichtigungen", size: 10, weight: .medium), 375.0 / 3)
        XCTAssertEqual(finding["file"] as? String, strings)
        XCTAssertEqual(finding["line"] as? Int, 1)
        XCTAssertEqual((finding["element"] as? [String: Any])?["line"] as? Int, line(of: "ti1-BV-002", in: text))
    }

    /// A navigation bar view 300 pt wide (a width constraint; its stored frame says 375) with
    /// two items: the top one's title is shown, beside a back button made from the item below
    /// it (its back bar button item's title, after the 24 pt indicator).
    func testNavigationBarViewShowsItsTopItemBesideTheBackButtonOfTheItemBelow() throws {
        let bar = """
                                <navigationBar contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="nbv-BV-003">
                                    <rect key="frame" x="0.0" y="40" width="375" height="44"/>
                                    <constraints>
                                        <constraint firstAttribute="width" constant="300" id="nbw-BV-003"/>
                                    </constraints>
                                    <items>
                                        <navigationItem title="Mail" id="nb1-BV-003">
                                            <barButtonItem key="backBarButtonItem" title="Mail" id="bbi-BV-003"/>
                                        </navigationItem>
                                        <navigationItem title="Inbox" id="nb2-BV-003"/>
                                    </items>
                                </navigationBar>
            """
        let constraints = """
                                <constraint firstItem="nbv-BV-003" firstAttribute="leading" secondItem="roo-vc1-BV-003" secondAttribute="leading" id="nl1-BV-003"/>
                                <constraint firstItem="nbv-BV-003" firstAttribute="top" secondItem="roo-vc1-BV-003" secondAttribute="top" constant="40" id="nl2-BV-003"/>
            """
        let scenes = scene("vc1-BV-003", name: "Reader", subview: bar, constraints: constraints)
        let german = [("bbi-BV-003.title", "Postfächer"), ("nb2-BV-003.title", "Posteingang aller Konten")]
        let (path, text, strings) = try write(scenes, german: german)
        let (found, summary, _) = try check(path)
        XCTAssertEqual(summary["checks"] as? Int, 2, "only the top item's title is shown")
        XCTAssertEqual(found.map { $0["key"] as? String }, ["nb2-BV-003.title"])
        let finding = try XCTUnwrap(found.first)
        let back = 24 + (try width("Postfächer", size: 17, weight: .regular))
        XCTAssertEqual(try XCTUnwrap(number(finding, "available")), 300 - (16 + back + 6) - 8, accuracy: 1e-9)
        XCTAssertEqual(finding["file"] as? String, strings)
        XCTAssertEqual(finding["line"] as? Int, 2)
        XCTAssertEqual((finding["element"] as? [String: Any])?["line"] as? Int, line(of: "nb2-BV-003", in: text))
    }

    /// A navigation item without a title shows its view controller's `title`, translated
    /// under the controller's id: the finding names the controller's line.
    func testViewControllerTitleStandsInForAnUntitledNavigationItem() throws {
        let scenes =
            navigationController(root: "vc1-BV-004")
            + controller(
                "vc1-BV-004", name: "Settings",
                """
                                <navigationItem key="navigationItem" id="nvi-BV-004">
                                    <barButtonItem key="rightBarButtonItem" title="Edit" id="edt-BV-004"/>
                                </navigationItem>
                """
            ).replacingOccurrences(of: "userLabel=\"Settings\"", with: "userLabel=\"Settings\" title=\"Settings\"")
        let (path, text, strings) = try write(
            scenes,
            german: [("edt-BV-004.title", "Bearbeiten"), ("vc1-BV-004.title", "Einstellungen für Benachrichtigungen")])
        let (found, summary, _) = try check(path)
        XCTAssertEqual(summary["checks"] as? Int, 4, "the controller's title and the item, in Base and de")
        XCTAssertEqual(found.map { $0["key"] as? String }, ["vc1-BV-004.title"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(
            try XCTUnwrap(number(finding, "available")),
            375 - 8 - (16 + (try width("Bearbeiten", size: 17, weight: .regular)) + 6), accuracy: 1e-9)
        XCTAssertEqual(finding["file"] as? String, strings)
        XCTAssertEqual(finding["line"] as? Int, 2)
        let element = try XCTUnwrap(finding["element"] as? [String: Any])
        XCTAssertEqual(element["line"] as? Int, line(of: "vc1-BV-004", in: text))
        XCTAssertEqual(element["kind"] as? String, "viewController")
    }

    /// The root and a controller it pushes, `pushed` written in the pushed controller's
    /// navigation item and `root` in the root's.
    func pushScenes(_ suffix: String, root: String, pushed: String) -> String {
        navigationController(root: "vc1-\(suffix)")
            + controller(
                "vc1-\(suffix)", name: "Mail",
                """
                                \(root)
                                <connections>
                                    <segue destination="vc2-\(suffix)" kind="show" id="sgs-\(suffix)"/>
                                </connections>
                """)
            + controller("vc2-\(suffix)", name: "Message", pushed)
    }

    /// A pushed controller's title sits beside the back button: when it does not fit beside
    /// the previous title, the button falls back to *Back*, and when it does not fit beside
    /// that, to the indicator alone (24 pt), beside which the title is cut.
    func testBackButtonFallsBackToTheIndicatorBeforeThePushedTitleIsCut() throws {
        let scenes = pushScenes(
            "BV-005", root: "<navigationItem key=\"navigationItem\" title=\"Mail\" id=\"nv1-BV-005\"/>",
            pushed: "<navigationItem key=\"navigationItem\" title=\"Message\" id=\"nv2-BV-005\"/>")
        let title = "Nachricht mit allen Anhängen und Empfängern"
        let (path, text, _) = try write(
            scenes, german: [("nv1-BV-005.title", "Alle Postfächer"), ("nv2-BV-005.title", title)])
        let (found, _, _) = try check(path)
        XCTAssertEqual(found.map { $0["key"] as? String }, ["nv2-BV-005.title"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(try XCTUnwrap(number(finding, "available")), 375 - (16 + 24 + 6) - 8, accuracy: 1e-9)
        XCTAssertEqual((finding["element"] as? [String: Any])?["line"] as? Int, line(of: "nv2-BV-005", in: text))
        XCTAssertEqual(finding["line"] as? Int, 2)
    }

    /// A title too wide to sit beside the previous controller's title still shows whole: the
    /// back button says *Back* instead (`backButtonTitle` is the title it tries first). The
    /// same title beside a back bar button item of the same text, which does not fall back, is cut.
    func testBackButtonShowsBackWhenThePreviousTitleLeavesNoRoom() throws {
        let back = "Alle Postfächer und Ordner"
        let title = "Nachricht an das Team"
        let beside = 375 - (16 + 24 + (try width(back, size: 17, weight: .regular)) + 6) - 8
        let besideBack = 375 - (16 + 24 + (try width("Back", size: 17, weight: .regular)) + 6) - 8
        let needed = try width(title, size: 17, weight: .semibold)
        XCTAssertGreaterThan(needed, beside, "the title does not fit beside the previous title")
        XCTAssertLessThanOrEqual(needed, besideBack, "it fits beside Back")

        let falling = pushScenes(
            "BV-006",
            root:
                "<navigationItem key=\"navigationItem\" title=\"Mail\" backButtonTitle=\"Mailboxes\" id=\"nv1-BV-006\"/>",
            pushed: "<navigationItem key=\"navigationItem\" title=\"Message\" id=\"nv2-BV-006\"/>")
        let (path, _, _) = try write(
            falling, german: [("nv1-BV-006.backButtonTitle", back), ("nv2-BV-006.title", title)])
        XCTAssertEqual(try check(path).findings.count, 0)

        let fixed = pushScenes(
            "BV-007",
            root: """
                <navigationItem key="navigationItem" title="Mail" id="nv1-BV-007">
                                    <barButtonItem key="backBarButtonItem" title="Mailboxes" id="bbi-BV-007"/>
                                </navigationItem>
                """,
            pushed: "<navigationItem key=\"navigationItem\" title=\"Message\" id=\"nv2-BV-007\"/>")
        let (fixedPath, _, _) = try write(fixed, german: [("bbi-BV-007.title", back), ("nv2-BV-007.title", title)])
        let cut = try check(fixedPath).findings
        XCTAssertEqual(cut.map { $0["key"] as? String }, ["nv2-BV-007.title"])
        XCTAssertEqual(try XCTUnwrap(number(cut.first, "available")), beside, accuracy: 1e-9)
    }

    /// A pushed controller with its own leading item shows that item instead of the back
    /// button (`leftItemsSupplementBackButton` is false by default): the title has the room
    /// the item leaves, with no indicator. Saying `leftItemsSupplementBackButton="YES"` puts
    /// the back button (here the indicator alone) beside the item as well.
    func testLeadingItemReplacesTheBackButtonUnlessItSupplementsIt() throws {
        let title = "Nachricht mit allen Anhängen und Empfängern"
        let cancel = try width("Abbrechen", size: 17, weight: .regular)
        for supplements in [false, true] {
            let scenes = pushScenes(
                supplements ? "BV-009" : "BV-008",
                root: "<navigationItem key=\"navigationItem\" title=\"Mail\" id=\"nv1-BV-00\(supplements ? 9 : 8)\"/>",
                pushed: """
                    <navigationItem key="navigationItem" title="Message"\(supplements ? " leftItemsSupplementBackButton=\"YES\"" : "") id="nv2-BV-00\(supplements ? 9 : 8)">
                                        <barButtonItem key="leftBarButtonItem" title="Cancel" id="can-BV-00\(supplements ? 9 : 8)"/>
                                    </navigationItem>
                    """)
            let suffix = supplements ? "9" : "8"
            let (path, _, _) = try write(
                scenes, german: [("can-BV-00\(suffix).title", "Abbrechen"), ("nv2-BV-00\(suffix).title", title)])
            let found = try check(path).findings
            XCTAssertEqual(found.map { $0["key"] as? String }, ["nv2-BV-00\(suffix).title"])
            let indicator = supplements ? 24.0 + 8 : 0
            XCTAssertEqual(
                try XCTUnwrap(number(found.first, "available")), 375 - (16 + indicator + cancel + 6) - 8,
                accuracy: 1e-9, "supplements: \(supplements)")
        }
    }
}
