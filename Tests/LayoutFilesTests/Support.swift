import AutoLayout
import Foundation
import LayoutFiles
import XCTest

/// The repository's Examples/ folder.
let examplesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples")

/// Lays out an example file and returns its report and screen.
func layOutExample(_ name: String, options: ScreenOptions = ScreenOptions()) throws -> (LayoutReport, LayoutScreen) {
    let file = try LayoutFile(contentsOf: examplesFolder.appendingPathComponent(name).path)
    let screen = try file.makeScreen(options)
    return (screen.layOut(), screen)
}

/// Reads a layout file from text and returns the error it raises, or fails.
func layoutError(
    _ text: String, format: LayoutFile.Format = .json, file: StaticString = #filePath, line: UInt = #line
) -> LayoutFileError? {
    do {
        _ = try LayoutFile(bytes: Array(text.utf8), format: format, path: "test.\(format.rawValue)").makeScreen()
        XCTFail("expected an error", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

extension LayoutReport {
    /// The report of a named view.
    func view(_ name: String) -> ViewReport? { views.first { $0.name == name } }

    /// A view's frame in the window, or a zero rect (and a failure) when it is missing.
    func frame(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> CGRect {
        guard let view = view(name) else {
            XCTFail("no view \(name)", file: file, line: line)
            return .zero
        }
        return view.windowFrame
    }
}

/// Asserts two rectangles are equal to a thousandth of a point.
func assertFrame(
    _ actual: CGRect, _ expected: CGRect, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
) {
    let pairs = [
        (actual.minX, expected.minX), (actual.minY, expected.minY), (actual.width, expected.width),
        (actual.height, expected.height),
    ]
    if pairs.contains(where: { abs($0.0 - $0.1) > 0.001 }) {
        XCTFail("frame \(actual) is not \(expected) \(message)", file: file, line: line)
    }
}
