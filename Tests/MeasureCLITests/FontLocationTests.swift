import Foundation
import XCTest

/// Where `measure` finds fonts when it is installed as the README says (a symlink on `PATH`
/// to `.build/release/measure`) and when font folders are symlinks: the bundled `Fonts/` is
/// found through the real executable, never the current directory, and a symlinked folder is
/// read like the folder it points at.
final class FontLocationTests: XCTestCase {
    /// Runs `command` with bash in `directory`, with `environment` over this process's
    /// (a nil value removes a variable).
    func shell(_ command: String, in directory: URL, environment changes: [String: String?] = [:]) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["INTRINSIC_FONT_PATH"] = nil
        environment["INTRINSIC_FONTS_DIR"] = nil
        for (name, value) in changes { environment[name] = value }
        process.environment = environment
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-out-\(UUID().uuidString)")
        let err = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-err-\(UUID().uuidString)")
        XCTAssertTrue(FileManager.default.createFile(atPath: out.path, contents: nil), "cannot create \(out.path)")
        XCTAssertTrue(FileManager.default.createFile(atPath: err.path, contents: nil), "cannot create \(err.path)")
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (
            process.terminationStatus, (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        )
    }

    /// A folder holding `.bin/measure`, a symlink to the build under test, and a decoy
    /// `Fonts/Inter/` with no font in it, where a binary that looked beside the current
    /// directory would find nothing.
    func installed() throws -> URL {
        let directory = try MeasureProcess.temporaryDirectory(self)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("Fonts/Inter"), withIntermediateDirectories: true)
        let bin = directory.appendingPathComponent(".bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("measure"), withDestinationURL: try MeasureProcess.located.get())
        return directory
    }

    func testTheBundledFontsAreFoundThroughASymlinkOnPath() throws {
        let directory = try installed()
        let path = directory.appendingPathComponent(".bin").path + ":/usr/bin:/bin"
        // Run by bare name from PATH (argv[0] "measure"), and by the symlink's own path.
        for command in ["measure", ".bin/measure"] {
            let listing = try shell("\(command) --list-fonts", in: directory, environment: ["PATH": path])
            XCTAssertEqual(listing.status, 0, "\(command): \(listing.stderr)")
            XCTAssertTrue(
                listing.stdout.contains(MeasureProcess.fontsDirectory.appendingPathComponent("Inter").path),
                "\(command) lists the bundled Inter of the clone it was built in:\n\(listing.stdout)")
            let measured = try shell(
                "\(command) Hello --font Inter --json", in: directory, environment: ["PATH": path])
            XCTAssertEqual(measured.status, 0, "\(command): \(measured.stderr)")
            XCTAssertTrue(measured.stdout.contains("\"width\""), measured.stdout)
        }
    }

    func testASymlinkedFontsFolderIsRead() throws {
        let directory = try installed()
        let link = directory.appendingPathComponent("linked-fonts")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: MeasureProcess.fontsDirectory)
        let binary = try MeasureProcess.located.get().path
        let bundled = try shell(
            "'\(binary)' Hello --font Inter --json", in: directory, environment: ["INTRINSIC_FONTS_DIR": link.path])
        XCTAssertEqual(bundled.status, 0, "INTRINSIC_FONTS_DIR through a symlink: \(bundled.stderr)")
        XCTAssertFalse(bundled.stderr.contains("available families"), bundled.stderr)

        // --font-dir with a symlinked folder, and a folder holding a symlink to a font file.
        let own = directory.appendingPathComponent("own")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        let font = MeasureProcess.packageRoot.appendingPathComponent("Tests/TypesettingTests/Fixtures/TestBoxes.ttf")
        try FileManager.default.createSymbolicLink(
            at: own.appendingPathComponent("Boxes.ttf"), withDestinationURL: font)
        let ownLink = directory.appendingPathComponent("own-link")
        try FileManager.default.createSymbolicLink(at: ownLink, withDestinationURL: own)
        let listing = try shell("'\(binary)' --list-fonts --font-dir '\(ownLink.path)'", in: directory)
        XCTAssertEqual(listing.status, 0, listing.stderr)
        XCTAssertTrue(listing.stdout.contains("Boxes.ttf"), "the linked folder's font is listed:\n\(listing.stdout)")
    }
}
