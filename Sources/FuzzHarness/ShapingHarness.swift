import Foundation
import Typesetting

/// Fuzz target `shaping`: the engine's widths against whole-line `hb_shape`.
///
/// The input is 32 bytes of text choices, then a font file (face 0). The harness draws three
/// lines from the font's own characters: letters of the script with the most letters in its
/// character map, its marks, spaces, and any other character it maps, at a size the choices
/// pick. Each line is prepared by the engine (runs cut at spaces, a word cache shared by the
/// three lines, the simple path) and by `PreparedText.harfBuzzReference` (the same runs shaped
/// whole by `hb_shape` alone). Invariant: the one-line widths, and the measured size at half
/// that width, agree within 0.001 pt. A file that does not load is left to the `fonts` target.
package enum ShapingHarness {
    /// The bytes of text choices before the font file.
    package static let choiceBytes = 32

    /// One scratch file per process (in memory where /dev/shm exists).
    static let scratchPath: String = {
        let directory = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return "\(directory)/intrinsic-fuzz-shaping-\(ProcessInfo.processInfo.processIdentifier).ttf"
    }()

    /// Runs one input; traps on a broken invariant.
    package static func run(_ bytes: [UInt8]) {
        guard bytes.count > choiceBytes else { return }
        let path = scratchPath
        do {
            try Data(bytes.dropFirst(choiceBytes)).write(to: URL(fileURLWithPath: path))
        } catch {
            fatalError("cannot write the scratch font \(path): \(error)")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let registry = FontRegistry(includeBundledFonts: false)
        guard let face = try? registry.face(path: path, index: 0) else { return }
        var random = SplitMix64(bytes.prefix(choiceBytes))
        let pools = CharacterPools(face.characters)
        guard !pools.all.isEmpty else { return }
        let size = [17.0, 31, 9.5, 12][random.next(4)]
        guard let font = try? Font(face: face, size: size) else { return }
        let cache = ShapingCache(maximumBytes: 1 << 20)
        for _ in 0..<3 {
            let line = pools.line(&random)
            check(line, font: font, registry: registry, cache: cache)
        }
    }

    /// Requires the engine's widths of `line` to equal the reference's.
    static func check(_ line: String, font: Font, registry: FontRegistry, cache: ShapingCache) {
        do {
            let engine = try PreparedText(line, font: font, registry: registry, shapingCache: cache)
            let reference = try PreparedText.harfBuzzReference(line, font: font, registry: registry)
            let width = engine.naturalWidth
            require(
                abs(width - reference.naturalWidth) <= 0.001,
                "\(line.unicodeScalars.map { String($0.value, radix: 16) }) in \(font): engine \(width), "
                    + "hb_shape \(reference.naturalWidth)")
            let options = LayoutOptions(width: max(1, width / 2))
            let narrow = try engine.measure(options)
            let expected = try reference.measure(options)
            require(
                abs(narrow.width - expected.width) <= 0.001 && narrow.lineCount == expected.lineCount,
                "\(line.debugDescription) at \(options.width) pt in \(font): engine \(narrow), hb_shape \(expected)")
        } catch {
            fatalError("measuring \(line.debugDescription) in \(font) threw \(error)")
        }
    }
}
