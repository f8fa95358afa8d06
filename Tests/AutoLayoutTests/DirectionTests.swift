import AutoLayout
import Foundation
import XCTest

/// Right-to-left layout: leading and trailing mirror, and `semanticContentAttribute` keeps a
/// view's content from flipping (`UIView+Direction.swift`).
final class DirectionTests: XCTestCase {
    /// A window 375 pt wide in a direction, with a plain root view filling it.
    func makeWindow(_ direction: UIUserInterfaceLayoutDirection) -> (UIWindow, UIView) {
        var traits = UITraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .regular)
        traits.layoutDirection = direction
        let window = UIWindow(size: CGSize(width: 375, height: 667), scale: 2, traits: traits)
        window.logsLayoutDiagnostics = false
        let root = UIView(frame: window.bounds)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(root)
        return (window, root)
    }

    /// Two 50 pt boxes in a horizontal stack 8 pt apart, the stack 20 pt from the leading edge.
    func layOutPlayer(_ direction: UIUserInterfaceLayoutDirection, stack attribute: UISemanticContentAttribute)
        -> (stack: CGRect, rewind: CGRect, play: CGRect)
    {
        let (window, root) = makeWindow(direction)
        let rewind = Box(50, 50, name: "rewind")
        let play = Box(50, 50, name: "play")
        let stack = UIStackView(arrangedSubviews: [rewind, play])
        stack.spacing = 8
        stack.semanticContentAttribute = attribute
        add(stack, to: root)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
        ])
        window.layoutIfNeeded()
        return (stack.frame, rewind.frame, play.frame)
    }

    func testLeadingAndTrailingMirrorInARightToLeftWindow() {
        let leftToRight = layOutPlayer(.leftToRight, stack: .unspecified)
        XCTAssertEqual(leftToRight.stack, CGRect(x: 20, y: 100, width: 108, height: 50))
        XCTAssertEqual(leftToRight.rewind.minX, 0)
        XCTAssertEqual(leftToRight.play.minX, 58)
        // Mirrored: the stack's right edge 20 pt from the screen's, the first box rightmost.
        let rightToLeft = layOutPlayer(.rightToLeft, stack: .unspecified)
        XCTAssertEqual(rightToLeft.stack, CGRect(x: 375 - 20 - 108, y: 100, width: 108, height: 50))
        XCTAssertEqual(rightToLeft.rewind.minX, 58)
        XCTAssertEqual(rightToLeft.play.minX, 0)
    }

    /// Playback controls keep their order; the stack itself still sits at its superview's
    /// leading edge, because its superview arranges it.
    func testForcedLeftToRightContentKeepsItsOrder() {
        for attribute in [UISemanticContentAttribute.forceLeftToRight, .playback, .spatial] {
            let player = layOutPlayer(.rightToLeft, stack: attribute)
            XCTAssertEqual(player.stack.minX, 375 - 20 - 108, "\(attribute)")
            XCTAssertEqual(player.rewind.minX, 0, "\(attribute)")
            XCTAssertEqual(player.play.minX, 58, "\(attribute)")
        }
        let forced = layOutPlayer(.leftToRight, stack: .forceRightToLeft)
        XCTAssertEqual(forced.stack.minX, 20)
        XCTAssertEqual(forced.rewind.minX, 58)
        XCTAssertEqual(forced.play.minX, 0)
    }

    func testEffectiveDirectionInheritsForcedDirectionsOnly() {
        let (window, root) = makeWindow(.rightToLeft)
        let outer = UIView()
        let inner = UIView()
        root.addSubview(outer)
        outer.addSubview(inner)
        XCTAssertEqual(inner.effectiveUserInterfaceLayoutDirection, .rightToLeft)
        outer.semanticContentAttribute = .playback
        XCTAssertEqual(outer.effectiveUserInterfaceLayoutDirection, .leftToRight)
        XCTAssertEqual(inner.effectiveUserInterfaceLayoutDirection, .rightToLeft, "playback does not pass down")
        outer.semanticContentAttribute = .forceLeftToRight
        XCTAssertEqual(inner.effectiveUserInterfaceLayoutDirection, .leftToRight, "a forced direction passes down")
        inner.semanticContentAttribute = .forceRightToLeft
        XCTAssertEqual(inner.effectiveUserInterfaceLayoutDirection, .rightToLeft)
        XCTAssertEqual(
            UIView.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft), .rightToLeft)
        _ = window
    }
}
