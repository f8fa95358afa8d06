import Foundation
import XCTest

@testable import Controls
@testable import Typesetting

/// The box test font of TypesettingTests (upem 2048, hhea 1950/−494/0; lowercase 1024 units,
/// uppercase 1280, digits 1152, space 512, "…" 1536), registered in a registry of its own.
enum TestFont {
    static var path: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TypesettingTests/Fixtures/TestBoxes.ttf").path
    }

    static let registry: FontRegistry = {
        let registry = FontRegistry(includeBundledFonts: false)
        _ = try? registry.addFonts(at: path)
        return registry
    }()

    static func font(_ size: Double) throws -> Font {
        try Font(face: registry.face(path: path), size: size)
    }

    /// Width of an ASCII text in points at `size` (no "AV" pairs in the texts used here).
    static func width(_ text: String, size: Double) -> Double {
        var units = 0.0
        for c in text {
            if c == " " {
                units += 512
            } else if c.isNumber {
                units += 1152
            } else if c.isUppercase {
                units += 1280
            } else {
                units += 1024
            }
        }
        return units * size / 2048
    }

    static func ceil(_ value: Double, _ scale: Double = 2) -> Double { (value * scale).rounded(.up) / scale }
}
