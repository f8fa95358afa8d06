import Foundation
import XCTest

@testable import Typesetting

/// Each thread shapes with HarfBuzz objects of its own, made from the face's bytes and kept in
/// a bounded per-thread table keyed by the face's serial number (docs/typesetting.md, "Shared
/// state"). The glyphs must be those of the face's own font whichever thread shapes, after
/// the table evicts, and after a face closes on another thread while this one still holds
/// objects for it (its bytes stay alive; a new face at the same address is not mistaken for it).
final class ThreadFontTests: XCTestCase {
    static var fonts: String {
        get throws {
            guard let directory = FontRegistry.bundledFontsDirectory else { throw XCTSkip("no bundled fonts") }
            return directory
        }
    }

    static let text = Array("Hello, world: Affine office (fly) −1".utf16)

    /// The advances of `text` shaped whole with `face`, in font units.
    static func advances(_ face: FontFace) throws -> [Int32] {
        try Shaper.compactGlyphs(
            text, range: 0..<text.count, face: face, rightToLeft: false, script: -1, kerning: true, ligatures: true
        ).map(\.advance)
    }

    func testAFaceClosedOnAnotherThreadLeavesTheNextFaceRight() throws {
        let worker = Worker()
        defer { worker.stop() }
        let dejaVuPath = try Self.fonts + "/DejaVu/DejaVuSans.ttf"
        let interPath = try Self.fonts + "/Inter/Inter-Regular.otf"
        var dejaVu: FontFace? = try FontFace(path: dejaVuPath)
        let expectedDejaVu = try Self.advances(try XCTUnwrap(dejaVu))
        let shared = Handover<FontFace?>(dejaVu)
        XCTAssertEqual(try worker.run { try Self.advances(try XCTUnwrap(shared.value)) }, expectedDejaVu)
        // The worker keeps its objects for DejaVu; the face closes here, on this thread.
        shared.value = nil
        dejaVu = nil
        let inter = try FontFace(path: interPath)
        let expectedInter = try Self.advances(inter)
        XCTAssertNotEqual(
            expectedInter, expectedDejaVu, "the two faces must shape differently for the test to say anything")
        shared.value = inter
        XCTAssertEqual(try worker.run { try Self.advances(try XCTUnwrap(shared.value)) }, expectedInter)
    }

    func testMoreFacesThanAThreadKeepsShapeRight() throws {
        let worker = Worker()
        defer { worker.stop() }
        let paths = try ["/DejaVu/DejaVuSans.ttf", "/Inter/Inter-Regular.otf", "/Inter/Inter-Bold.otf"].map {
            try Self.fonts + $0
        }
        // 72 faces (more than the 64 a thread keeps), shaped twice in turn so that every
        // second round misses the worker's table.
        let faces = try (0..<72).map { try FontFace(path: paths[$0 % paths.count]) }
        let expected = try faces.map(Self.advances)
        let shared = Handover(faces)
        for _ in 0..<2 {
            let got = try worker.run { try shared.value.map(Self.advances) }
            XCTAssertEqual(got, expected)
        }
    }
}

/// A value handed between threads in these tests (each hand-over waits for the other side).
private final class Handover<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// One thread that stays alive between the closures it runs (a dispatch queue may use a
/// different thread for each), so that its per-thread objects persist from one to the next.
private final class Worker: @unchecked Sendable {
    private let condition = NSCondition()
    private var job: (@Sendable () -> Void)?
    private var stopping = false

    init() {
        let thread = Thread { [self] in loop() }
        thread.start()
    }

    private func loop() {
        condition.lock()
        while true {
            while job == nil && !stopping { condition.wait() }
            if let current = job {
                condition.unlock()
                current()
                condition.lock()
                job = nil
                condition.broadcast()
            } else {
                break
            }
        }
        condition.unlock()
    }

    /// Runs `body` on the worker's thread and returns its result.
    func run<Result>(_ body: @escaping @Sendable () throws -> Result) throws -> Result {
        let result = Handover<Swift.Result<Result, Error>?>(nil)
        condition.lock()
        job = { result.value = Swift.Result { try body() } }
        condition.broadcast()
        while job != nil { condition.wait() }
        condition.unlock()
        guard let value = result.value else { throw CocoaError(.featureUnsupported) }
        return try value.get()
    }

    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }
}
