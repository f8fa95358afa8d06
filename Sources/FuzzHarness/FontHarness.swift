import Foundation
import Typesetting

/// Fuzz target 2: font loading from random and mutated font bytes, through the registry's
/// file path (the only way fonts are loaded), then measuring with whatever loaded.
///
/// The input's first byte picks the face index; the rest is the font file. Invariants: a
/// file either loads or throws `unreadableFont`; a loaded face has sane names and metrics
/// and measures text to finite, non-negative sizes through the whole text pipeline.
package enum FontHarness {
    /// One scratch file per process (in memory where /dev/shm exists).
    static let scratchPath: String = {
        let directory = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return "\(directory)/intrinsic-fuzz-font-\(ProcessInfo.processInfo.processIdentifier).ttf"
    }()

    /// Runs one input; traps on a broken invariant.
    package static func run(_ bytes: [UInt8]) {
        let index = Int(bytes.first ?? 0) % 4
        let file = Data(bytes.dropFirst())
        let path = scratchPath
        do {
            try file.write(to: URL(fileURLWithPath: path))
        } catch {
            fatalError("cannot write the scratch font \(path): \(error)")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }

        // A registry of its own, so each input starts from nothing and nothing is cached by path.
        let registry = FontRegistry(includeBundledFonts: false)
        let face: FontFace
        do {
            face = try registry.face(path: path, index: index)
        } catch {
            guard case .unreadableFont = error else { fatalError("loading a font threw \(error)") }
            return
        }
        require(face.faceCount >= 1, "face count \(face.faceCount)")
        require(face.tables.unitsPerEm > 0, "units per em \(face.tables.unitsPerEm)")
        let metrics = face.metrics(size: 17)
        for (name, value) in [
            ("ascender", metrics.ascender), ("descender", metrics.descender), ("leading", metrics.leading),
            ("lineHeight", metrics.lineHeight), ("capHeight", metrics.capHeight), ("xHeight", metrics.xHeight),
        ] {
            require(value.isFinite, "\(name) is \(value) for \(face)")
        }
        for text in ["Hello, world", "fi ffl AV To", "سلام עולם", "日本語 😀", "a\u{0301}\u{0323}\n", ""] {
            measure(text, in: face, registry: registry)
        }
    }

    static func measure(_ text: String, in face: FontFace, registry: FontRegistry) {
        for size in [17.0, 0.25, 100_000] {
            do {
                let font = try Font(face: face, size: size)
                let prepared = try PreparedText(text, font: font, registry: registry, shapingCache: nil)
                for options in [
                    LayoutOptions(), LayoutOptions(width: 40), LayoutOptions(width: 40, numberOfLines: 1),
                    LayoutOptions(width: 3, numberOfLines: 2, lineBreakMode: .byTruncatingMiddle),
                ] {
                    let layout = try prepared.layout(options)
                    TextHarness.check(layout, of: prepared, options: options)
                }
            } catch {
                fatalError("measuring \(text.debugDescription) in \(face) at \(size) pt threw \(error)")
            }
        }
    }
}
