import AutoLayout
import Controls
import Foundation
import LayoutFiles
import MeasureCommands
import Typesetting

/// Fuzz target 5: Interface Builder XML through layout and `measure check`'s bar titles. The
/// input is a storyboard or XIB, read by the stream parser, built scene by scene and laid
/// out, the first scene again with another release's control sizes; its bar titles are read
/// and checked as `measure check` checks them.
///
/// Invariants: reading either fails with a `LayoutFileError` whose message is our own (never
/// libxml2's "(null)") and whose position, when given, lies inside the input, or gives
/// scenes; each scene either fails the same way or lays out to finite frames, with object
/// ids unique, finite non-negative deltas on compared views that have stored frames, and
/// problems inside the input; laying a scene out twice gives the same frames. The file's
/// UIKit release is one the controls know. Bar titles are the same when read twice, point
/// inside the input, have a key and a non-blank text, tab bar items count one to five items,
/// only navigation titles have back buttons and each has a title to try, button widths are
/// finite and non-negative; a title reported as cut needs more than it has, both finite and
/// non-negative, and shows some text.
package enum IBHarness {
    /// The most scenes of one input laid out (more only slow the fuzzer).
    static let maximumScenes = 4
    /// The most bar titles of one input measured.
    static let maximumBarTitles = 16
    /// Releases whose control sizes the first scene is laid out with again: before the
    /// stepper (13), progress view and page control (14) changes, and iOS 26's.
    static let otherReleases = [UIKitRelease(10), UIKitRelease(13), UIKitRelease(17), UIKitRelease(26)]

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
        require(
            file.uikitRelease.major >= 9 && file.uikitRelease.major <= 26,
            "toolsVersion \(file.toolsVersion) gives iOS \(file.uikitRelease.major)")
        for (number, scene) in file.scenes.prefix(maximumScenes).enumerated() {
            var options = [InterfaceBuilderOptions()]
            if number == 0 {
                options.append(InterfaceBuilderOptions(uikitRelease: otherReleases[bytes.count % otherReleases.count]))
            }
            for option in options {
                let built: [InterfaceBuilderScene]
                do {
                    built = try file.makeScenes(option, only: [scene])
                } catch {
                    checkError(error)
                    continue
                }
                for scene in built { layOut(scene, lines: lines) }
            }
        }
        checkBarTitles(file, lines: lines, barWidth: Double(bytes.count % 512))
    }

    /// Lays a scene out twice and checks its frames, deltas and problems.
    static func layOut(_ scene: InterfaceBuilderScene, lines: Int) {
        let first = scene.layOut(tracingFollowers: true)
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
        // A layout that did not settle (reported as unstable) goes on from where it stopped,
        // as UIKit's layout feedback loops do, so only settled layouts must repeat exactly.
        guard !first.layout.problems.contains(where: { $0.diagnostic == .unstableLayout }) else { return }
        scene.screen.rootView.setNeedsLayout()
        let second = scene.layOut()
        for (a, b) in zip(first.views, second.views) {
            require(
                a.report.frame == b.report.frame || (a.report.frame.isNull && b.report.frame.isNull),
                "\(a.object.id) laid out twice: \(a.report.frame) then \(b.report.frame)")
        }
    }

    /// Reads the file's bar titles and checks them as `measure check` does, in a phone's bar
    /// and in one `barWidth` wide (the input's length picks it, so narrow bars are tried).
    static func checkBarTitles(_ file: InterfaceBuilderFile, lines: Int, barWidth: Double) {
        let titles = file.barTitles
        require(titles == file.barTitles, "bar titles differ when read twice")
        for title in titles {
            let text = title.text
            require(
                text.position.line >= 1 && text.position.line <= lines,
                "bar title \(text.key) at \(text.position) outside a \(lines)-line input")
            require(!text.objectID.isEmpty && !text.property.isEmpty, "a bar title without a key")
            require(
                !text.baseText.trimmingCharacters(in: .whitespaces).isEmpty, "bar title \(text.key) is blank")
            switch title.role {
            case .tabBarItem(let count):
                require(
                    count >= 1 && count <= BarTitles.maximumTabBarItems,
                    "tab bar item \(text.key) in a bar of \(count) items")
            case .barButton, .toolbarItem:
                require(title.backButtons.isEmpty, "\(text.key) is not a navigation title but has a back button")
            case .navigationTitle: break
            }
            require(title.backButtons.allSatisfy { !$0.choices.isEmpty }, "a back button of \(text.key) has no title")
            for button in title.leading + title.trailing {
                if let width = button.contentWidth {
                    require(width.isFinite && width >= 0, "a bar button beside \(text.key) is \(width) wide")
                }
            }
        }
        let measured = Array(titles.prefix(maximumBarTitles))
        for width in [375, barWidth] {
            let shortfalls: [BarTitleShortfall?]
            do {
                shortfalls = try BarTitleShortfall.inBaseLanguage(measured, barWidth: width)
            } catch {
                return require(!error.description.isEmpty, "a bar title error without a message")
            }
            require(shortfalls.count == measured.count, "\(measured.count) bar titles, \(shortfalls.count) checked")
            for (title, shortfall) in zip(measured, shortfalls) {
                guard let shortfall else { continue }
                let key = title.text.key
                require(
                    shortfall.needed.isFinite && shortfall.available.isFinite && shortfall.height.isFinite,
                    "\(key): needs \(shortfall.needed) of \(shortfall.available), \(shortfall.height) high")
                require(
                    shortfall.available >= 0 && shortfall.height >= 0 && shortfall.needed > shortfall.available,
                    "\(key) is cut, needing \(shortfall.needed) of \(shortfall.available)")
                require(!shortfall.shown.isEmpty && !shortfall.shown[0].isEmpty, "\(key) is cut to nothing")
            }
        }
    }
}
