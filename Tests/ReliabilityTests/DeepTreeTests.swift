import AutoLayout
import Foundation
import Typesetting
import XCTest

/// Deep view trees neither overflow the stack while laid out nor while freed, even on a
/// thread with a small stack (GCD's worker threads have 512 KiB). 4,000 levels: freeing
/// them recursively needed well over 512 KiB in a debug build; `benchmarks limits` lays out
/// 10,000 (building a deep tree is quadratic, as in UIKit: each `addSubview` checks the new
/// view is not an ancestor, so the test stays smaller).
final class DeepTreeTests: XCTestCase {
    static func layOutNested(depth: Int) -> CGFloat {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        root.logsLayoutDiagnostics = false
        var parent = root
        for _ in 0..<depth {
            let child = UIView()
            child.translatesAutoresizingMaskIntoConstraints = false
            parent.addSubview(child)
            NSLayoutConstraint.activate([
                child.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 0.01),
                child.trailingAnchor.constraint(equalTo: parent.trailingAnchor, constant: -0.01),
                child.topAnchor.constraint(equalTo: parent.topAnchor),
                child.bottomAnchor.constraint(equalTo: parent.bottomAnchor),
            ])
            parent = child
        }
        root.layoutIfNeeded()
        return parent.frame.width
    }

    func testFourThousandNestedViewsOnA512KiBStack() {
        let width = Locked<CGFloat>(-1)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            // Built, laid out and freed (the tree goes away when the function returns).
            let leaf = Self.layOutNested(depth: 4_000)
            width.withLock { $0 = leaf }
            done.signal()
        }
        thread.stackSize = 512 << 10
        thread.start()
        done.wait()
        XCTAssertEqual(width.withLock { $0 }, 295, accuracy: 0.5)
    }
}
