import AutoLayout
import Foundation
import Typesetting
import XCTest

/// Memory: view trees are freed once nothing outside holds them, and caches stay inside
/// their bounds (the long run is `benchmarks soak`, under valgrind in `scripts/leaks`).
final class MemoryTests: XCTestCase {
    /// A laid-out tree with constraints between views (and on a view itself) is freed when
    /// the last outside reference goes: constraints must not keep their items alive.
    func testLaidOutViewTreeIsFreed() {
        weak var weakRoot: UIView?
        weak var weakLabel: UILabel?
        weak var weakConstraint: NSLayoutConstraint?
        do {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            root.logsLayoutDiagnostics = false
            let label = UILabel(text: "Hello, world")
            label.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(label)
            let width = label.widthAnchor.constraint(lessThanOrEqualToConstant: 200)
            NSLayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
                label.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
                width,
            ])
            root.layoutIfNeeded()
            XCTAssertGreaterThan(label.frame.width, 0)
            weakRoot = root
            weakLabel = label
            weakConstraint = width
        }
        XCTAssertNil(weakRoot, "the root view leaked")
        XCTAssertNil(weakLabel, "the label leaked")
        XCTAssertNil(weakConstraint, "the constraint leaked")
    }

    /// A window with a view controller, laid out, is freed too.
    func testLaidOutWindowIsFreed() {
        weak var weakWindow: UIWindow?
        weak var weakController: UIViewController?
        do {
            let window = UIWindow(device: .iPhone15)
            window.logsLayoutDiagnostics = false
            let controller = UIViewController()
            window.rootViewController = controller
            let label = UILabel(text: "Title")
            label.translatesAutoresizingMaskIntoConstraints = false
            controller.view.addSubview(label)
            label.centerXAnchor.constraint(equalTo: controller.view.centerXAnchor).isActive = true
            label.centerYAnchor.constraint(equalTo: controller.view.centerYAnchor).isActive = true
            window.layoutIfNeeded()
            weakWindow = window
            weakController = controller
        }
        XCTAssertNil(weakWindow, "the window leaked")
        XCTAssertNil(weakController, "the view controller leaked")
    }

    /// The shaping cache never holds more than its bound, however many distinct words pass.
    func testShapingCacheStaysWithinItsBound() throws {
        let cache = ShapingCache(maximumBytes: 64 << 10, shards: 4)
        let font = try FontRegistry.shared.font("Inter", size: 17)
        for index in 0..<3_000 {
            _ = try PreparedText("word\(index) another\(index * 7) الكلمة\(index)", font: font, shapingCache: cache)
            if index % 500 == 0 { XCTAssertLessThanOrEqual(cache.statistics.bytes, cache.maximumBytes) }
        }
        let statistics = cache.statistics
        XCTAssertLessThanOrEqual(statistics.bytes, cache.maximumBytes)
        XCTAssertGreaterThan(statistics.evictions, 0)
    }

    /// A registry and the faces it loaded are freed once the caller lets them go, after text
    /// was measured with them: fallback orders belong to their registry, not to the process,
    /// so a process that makes a registry per input does not grow without bound.
    func testRegistryAndItsFacesAreFreedAfterMeasuring() throws {
        guard let directory = FontRegistry.bundledFontsDirectory else { throw XCTSkip("no bundled fonts") }
        weak var weakRegistry: FontRegistry?
        weak var weakFace: FontFace?
        do {
            let registry = FontRegistry(includeBundledFonts: false)
            let face = try registry.face(path: directory + "/DejaVu/DejaVuSans.ttf")
            let text = try PreparedText(
                "Hello سلام 日本", font: Font(face: face, size: 17), registry: registry, shapingCache: nil)
            XCTAssertGreaterThan(try text.measure(LayoutOptions(width: 100)).width, 0)
            weakRegistry = registry
            weakFace = face
        }
        XCTAssertNil(weakRegistry, "the registry leaked")
        XCTAssertNil(weakFace, "the face leaked")
    }

    /// Asking for the same font file by path again and again registers it once.
    func testRegistryDoesNotGrowWithRepeatedLookups() throws {
        let registry = FontRegistry()
        guard let directory = FontRegistry.bundledFontsDirectory else { throw XCTSkip("no bundled fonts") }
        let path = directory + "/DejaVu/DejaVuSans.ttf"
        _ = try registry.font(path, size: 17)
        let faces = registry.faces.count
        for size in stride(from: 1.0, through: 100, by: 1) {
            _ = try registry.font(path, size: size)
            _ = try registry.font("Inter", size: size, weight: .bold)
        }
        XCTAssertEqual(registry.faces.count, faces)
    }
}

/// Hostile font paths get a clear error at once instead of blocking.
final class FontPathLimitTests: XCTestCase {
    func testFIFONamedLikeAFontIsRefusedWithoutBlocking() throws {
        let path = NSTemporaryDirectory() + "intrinsic-fifo-\(ProcessInfo.processInfo.processIdentifier).ttf"
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        defer { unlink(path) }
        XCTAssertThrowsError(try FontFace(path: path)) { error in
            XCTAssertEqual(error as? TypesettingError, .unreadableFont(path: path, reason: "it is not a regular file"))
        }
        XCTAssertThrowsError(try FontRegistry(includeBundledFonts: false).font(path, size: 17))
    }

    func testDeviceIsRefused() {
        XCTAssertThrowsError(try FontFace(path: "/dev/zero")) { error in
            XCTAssertEqual(
                error as? TypesettingError, .unreadableFont(path: "/dev/zero", reason: "it is not a regular file"))
        }
    }
}
