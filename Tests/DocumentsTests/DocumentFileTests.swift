import Documents
import Foundation
import XCTest

final class DocumentFileTests: XCTestCase {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("DocumentFileTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func readError(_ path: String, limit: Int) -> DocumentFile.ReadError? {
        do {
            _ = try DocumentFile.read(path: path, limit: limit)
            return nil
        } catch {
            return error
        }
    }

    func testReadsAFileUpToTheLimit() throws {
        let file = try temporaryDirectory().appendingPathComponent("a.json")
        try Data("[1, 2]".utf8).write(to: file)
        XCTAssertEqual(try DocumentFile.read(path: file.path, limit: 6), Array("[1, 2]".utf8))
        let error = readError(file.path, limit: 5)
        XCTAssertEqual(error?.kind, .tooLarge)
        XCTAssertEqual(error?.message, "the file is larger than 5 bytes")
        XCTAssertEqual(error?.description, "\(file.path): the file is larger than 5 bytes")
    }

    func testALimitInWholeMebibytesIsNamedSo() throws {
        let file = try temporaryDirectory().appendingPathComponent("big.json")
        try Data(count: (1 << 20) + 1).write(to: file)
        XCTAssertEqual(readError(file.path, limit: 1 << 20)?.message, "the file is larger than 1 MiB")
    }

    func testAMissingFileADirectoryAndADeviceAreRefused() throws {
        let directory = try temporaryDirectory()
        let missing = readError(directory.appendingPathComponent("nope.json").path, limit: 100)
        XCTAssertEqual(missing?.kind, .cannotOpen)
        XCTAssertEqual(missing?.message, "cannot open the file (missing or not readable)")
        let folder = readError(directory.path, limit: 100)
        XCTAssertEqual(folder?.kind, .notRegularFile)
        XCTAssertEqual(folder?.message, "cannot read the file: it is a directory")
        XCTAssertEqual(readError("/dev/zero", limit: 100)?.message, "cannot read the file: it is not a regular file")
    }
}
