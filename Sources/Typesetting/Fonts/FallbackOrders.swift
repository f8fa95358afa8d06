/// A registry's fallback orders for each primary face, and the families of each script's
/// cascade it has or can open, worked out once (the registry compares family names to build
/// them) and again when the registry gains faces.
///
/// Each registry owns one (`FontRegistry.fallbackOrders`), so the orders go when the registry
/// goes. A process-wide cache would hold every registry and face ever used, with their
/// FreeType faces, and grow without bound in a process that makes many registries
/// (MemoryTests.testRegistryAndItsFacesAreFreedAfterMeasuring).
final class FallbackOrders: Sendable {
    /// Entries kept at most; past this the cache starts again (faces from other registries
    /// used as primaries are the only way to reach it).
    static let maximumEntries = 4096

    private enum Order: Hashable {
        case plain
        case emojiFirst
        /// The faces made for a script; the language counts only through its Han variant.
        case script(FallbackScript, LanguageFonts.HanVariant?)
    }
    private struct Key: Hashable {
        let face: ObjectIdentifier
        let order: Order
    }
    private struct Entry {
        /// Holds the face so its identifier is not reused while cached.
        let face: FontFace
        let faceCount: Int
        let faces: [FontFace]
        let candidates: [CascadeCandidate]
    }
    private let entries = Locked<[Key: Entry]>([:])

    /// The plain and the emoji-first fallback order of `face` in `registry`.
    func orders(_ registry: FontRegistry, _ face: FontFace) -> ([FontFace], [FontFace]) {
        (
            cached(.plain, registry, face) {
                (registry.fallbackFaces(for: face, emojiFirst: false), [])
            }.faces,
            cached(.emojiFirst, registry, face) {
                (registry.fallbackFaces(for: face, emojiFirst: true), [])
            }.faces
        )
    }

    /// `registry.cascadeCandidates(for: script, language: language)` at the weight and slant of `face`.
    func candidates(_ registry: FontRegistry, _ face: FontFace, script: FallbackScript, language: String?)
        -> [CascadeCandidate]
    {
        let variant = script == .han || script == .kana ? LanguageFonts.hanVariant(language: language) : nil
        return cached(.script(script, variant), registry, face) {
            (
                [],
                registry.cascadeCandidates(for: script, language: language, weight: face.weight, italic: face.isItalic)
            )
        }.candidates
    }

    private func cached(
        _ order: Order, _ registry: FontRegistry, _ face: FontFace,
        make: () -> ([FontFace], [CascadeCandidate])
    ) -> Entry {
        let key = Key(face: ObjectIdentifier(face), order: order)
        let count = registry.faces.count
        if let entry = entries.withLock({ $0[key] }), entry.faceCount == count { return entry }
        let (faces, candidates) = make()
        let entry = Entry(face: face, faceCount: count, faces: faces, candidates: candidates)
        entries.withLock { entries in
            if entries.count >= FallbackOrders.maximumEntries { entries.removeAll() }
            entries[key] = entry
        }
        return entry
    }
}
