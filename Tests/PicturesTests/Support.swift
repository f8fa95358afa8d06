import Foundation
import LayoutFiles

/// The repository's Examples/ folder.
let examplesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples")

/// Lays out an example file and returns its report and screen.
func layOutExample(_ name: String) throws -> (LayoutReport, LayoutScreen) {
    let file = try LayoutFile(contentsOf: examplesFolder.appendingPathComponent(name).path)
    let screen = try file.makeScreen(ScreenOptions())
    return (screen.layOut(), screen)
}
