import AutoLayout
import Foundation
import LayoutFiles
import XCTest

/// `preservesSuperviewLayoutMargins`: UIKit raises a view's margin, edge by edge, by the
/// smallest amount that keeps its content inside the superview's margins too, wherever the
/// superview's margin reaches past the view's edge (UIView documentation of the property).
final class InterfaceBuilderMarginsTests: XCTestCase {
    /// A view holding one 40 × 40 square pinned to its leading and top margins.
    private func holder(_ id: String, x: Double, preserves: Bool) -> String {
        """
        <view contentMode="scaleToFill" \(preserves ? "preservesSuperviewLayoutMargins=\"YES\" " : "")translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
            \(ibRect(x, 0, 100, 100))
            <subviews>
                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)-square">
                    \(ibRect(0, 0, 40, 40))
                    <constraints>
                        <constraint firstAttribute="width" constant="40" id="\(id)-w"/>
                        <constraint firstAttribute="height" constant="40" id="\(id)-h"/>
                    </constraints>
                </view>
            </subviews>
            <constraints>
                <constraint firstItem="\(id)-square" firstAttribute="leading" secondItem="\(id)" secondAttribute="leadingMargin" id="\(id)-l"/>
                <constraint firstItem="\(id)-square" firstAttribute="top" secondItem="\(id)" secondAttribute="topMargin" id="\(id)-t"/>
            </constraints>
            <edgeInsets key="layoutMargins" top="2" left="2" bottom="2" right="2"/>
        </view>
        """
    }

    func testPreservedMarginsReachIntoTheView() throws {
        // The superview's margins are UIView's default 8 pt. Holders at x = 0, 5 and 20, all
        // at y = 0, with their own margins of 2 pt.
        let holders = [("edge", 0.0, true), ("near", 5.0, true), ("inside", 20.0, true), ("own", 0.0, false)]
        let xib = IB.xib(
            """
            <view contentMode="scaleToFill" id="top">
                \(ibRect(0, 0, 320, 200))
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    \(holders.map { holder($0.0, x: $0.1, preserves: $0.2) }.joined(separator: "\n"))
                </subviews>
                <constraints>
                    \(holders.map { id, x, _ in
                        """
                        <constraint firstItem="\(id)" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="\(x)" id="\(id)-x"/>
                        <constraint firstItem="\(id)" firstAttribute="top" secondItem="top" secondAttribute="top" id="\(id)-y"/>
                        <constraint firstAttribute="width" secondItem="\(id)" secondAttribute="width" multiplier="3.2" id="\(id)-width"/>
                        <constraint firstAttribute="height" secondItem="\(id)" secondAttribute="height" multiplier="2" id="\(id)-height"/>
                        """
                    }.joined(separator: "\n"))
                </constraints>
                <freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/>
            </view>
            """)
        let report = try XCTUnwrap(IB.layOut(xib).first)
        XCTAssertTrue(report.layout.isClean, "\(report.layout.problems.map(\.message))")
        // At the superview's edge: the superview's 8 pt margins, not the view's own 2 pt.
        assertFrame(report.frame("edge-square"), CGRect(x: 8, y: 8, width: 40, height: 40))
        // 5 pt in: the superview's margin reaches 3 pt past the leading edge; the top is 8.
        assertFrame(report.frame("near-square"), CGRect(x: 3, y: 8, width: 40, height: 40))
        // Past the superview's margin at the leading edge: the view's own 2 pt there.
        assertFrame(report.frame("inside-square"), CGRect(x: 2, y: 8, width: 40, height: 40))
        // Without the property, only the view's own margins count.
        assertFrame(report.frame("own-square"), CGRect(x: 2, y: 2, width: 40, height: 40))
    }
}
