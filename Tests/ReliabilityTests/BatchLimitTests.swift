import Foundation
import XCTest

@testable import MeasureCommands

/// The batch reader's line limit: an over-long line is refused with a clear error as soon as
/// the limit is passed, and finding a line's end takes time linear in its length.
final class BatchLimitTests: XCTestCase {
    /// A reader over `bytes` written to a pipe from another thread.
    /// The pipe is returned too: the reader holds only its descriptor.
    func reader(_ bytes: Data, limit: Int) throws -> (LineReader, Pipe) {
        let pipe = Pipe()
        let writer = Thread {
            pipe.fileHandleForWriting.write(bytes)
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        return (LineReader(descriptor: pipe.fileHandleForReading.fileDescriptor, maximumLineBytes: limit), pipe)
    }

    func testOverlongLineIsRefusedWithTheLineNumber() throws {
        var input = Data("{\"text\":\"short\"}\n".utf8)
        input.append(Data(repeating: UInt8(ascii: "a"), count: 3 << 20))
        var (reader, pipe) = try reader(input, limit: 1 << 20)
        defer { withExtendedLifetime(pipe) {} }
        XCTAssertEqual(try reader.next().map { String(decoding: $0, as: UTF8.self) }, "{\"text\":\"short\"}")
        XCTAssertThrowsError(try reader.next()) { error in
            let message = (error as? RequestError)?.message ?? ""
            XCTAssertTrue(message.hasPrefix("line 2: longer than 1 MiB"), message)
            XCTAssertEqual((error as? RequestError)?.kind, "lineTooLong")
        }
    }

    /// An 8 MB line arrives in 128 reads of 64 KiB; each read must search only the new bytes
    /// (searching from the line's start each time would scan 0.5 GB for this input).
    func testLongLineIsReadWhole() throws {
        var input = Data(repeating: UInt8(ascii: "b"), count: 8 << 20)
        input.append(contentsOf: Array("\nlast".utf8))
        var (reader, pipe) = try reader(input, limit: 32 << 20)
        defer { withExtendedLifetime(pipe) {} }
        XCTAssertEqual(try reader.next()?.count, 8 << 20)
        XCTAssertEqual(try reader.next().map { String(decoding: $0, as: UTF8.self) }, "last")
        XCTAssertNil(try reader.next())
    }
}
