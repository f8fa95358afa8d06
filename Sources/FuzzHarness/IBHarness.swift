import Foundation
import LayoutFiles

/// Fuzz target 5: Interface Builder XML through layout. The input is a storyboard or XIB,
/// read by the stream parser, built scene by scene and laid out.
///
/// Invariants: reading either fails with a `LayoutFileError` whose message is our own (never
/// libxml2's "(null)") and whose position, when given, lies inside the input, or gives
/// scenes; each scene either fails the same way or lays out to finite frames, with object
/// ids unique, finite non-negative deltas on compared views that have stored frames, and
/// problems inside the input; laying a scene out twice gives the same frames.
package enum IBHarness {
    /// The most scenes of one input laid out (more only slow the fuzzer).
    static let maximumScenes = 4

    /// Runs one input; traps on a broken invariant.
    package static func run(_ bytes: [UInt8]) {
        let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        func checkError(_ error: LayoutFileError) {
            require(!error.message.isEmpty, "an IB error without a message")
            require(!error.message.contains("(null)"), "libxml2's words leak: \(error.message)")
            if let position = error.position {
                require(
                    position.line >= 1 && position.line <= lines && position.column >= 1,
                    "error at \(position) outside a \(lines)-line input: \(error.message)")
            }
        }
        let file: InterfaceBuilderFile
        do {
            file = try InterfaceBuilderFile(bytes: bytes)
        } catch {
            return checkError(error)
        }
        for scene in file.scenes.prefix(maximumScenes) {
            let built: [InterfaceBuilderScene]
            do {
                built = try file.makeScenes(only: [scene])
            } catch {
                checkError(error)
                continue
            }
            for scene in built {
                let first = scene.layOut()
                var ids = Set<String>()
                for view in first.views {
                    require(ids.insert(view.object.id).inserted, "the id \(view.object.id) appears twice")
                    let rect = view.report.frame
                    let values = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].map { Double($0) }
                    require(values.allSatisfy(\.isFinite), "\(view.object.id)'s frame is \(rect)")
                    if view.isCompared {
                        require(view.object.storedFrame != nil, "\(view.object.id) is compared without a stored frame")
                        require(
                            (view.delta ?? -1) >= 0 && (view.delta ?? .nan).isFinite,
                            "\(view.object.id)'s delta is \(String(describing: view.delta))")
                    }
                }
                for problem in first.layout.problems {
                    require(!problem.message.isEmpty, "a problem without a message")
                    if let position = problem.position {
                        require(position.line >= 1 && position.line <= lines, "a problem at \(position)")
                    }
                }
                scene.screen.rootView.setNeedsLayout()
                let second = scene.layOut()
                for (a, b) in zip(first.views, second.views) {
                    require(
                        a.report.frame == b.report.frame || (a.report.frame.isNull && b.report.frame.isNull),
                        "\(a.object.id) laid out twice: \(a.report.frame) then \(b.report.frame)")
                }
            }
        }
    }
}
